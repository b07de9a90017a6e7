"""History: the finished games, newest first, dated in local time, with the evening's
running score. A game reopens to its verdict; any game, or all, can be copied (game records)
to a folder chosen in a folder browser (a USB key, a shared folder...)."""

from __future__ import annotations

import datetime as _dt
import json
import os
from pathlib import Path

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from onenight.classic import replay as replay_classic
from onenight.common.errors import RulesError
from onenight.game import storage
from onenight.game.classic_views import end_view_of
from onenight.game.evening import evening
from onenight.game.history import CLASSIC_FORMAT, verdict_record
from onenight.rules.scenarios import SCENARIO

from ..widgets.dialog import Dialog
from .base import BaseScreen
from .result import score_line


def local_when(iso: str, tr, tz=None) -> str:
    """A record's ISO date and time as the table reads it: in local time ("mar. 25 nov. ·
    21 h 04"); the raw text when it is not a date."""
    try:
        t = _dt.datetime.fromisoformat(iso)
    except (TypeError, ValueError):
        return str(iso)
    if t.tzinfo is None:
        t = t.replace(tzinfo=_dt.timezone.utc)
    t = t.astimezone(tz)
    days = tr("date.days").split(",")
    months = tr("date.months").split(",")
    return tr("date.format", day=days[t.weekday()], d=t.day, month=months[t.month - 1],
              h=f"{t.hour:02d}", m=f"{t.minute:02d}")


class HistoryRow(Factory.ButtonBehavior, Factory.BoxLayout):
    title = StringProperty("")
    detail = StringProperty("")
    index = NumericProperty(0)
    selected = BooleanProperty(False)


def folder_places() -> list[tuple[str, str]]:
    """Folders to start from: (translation key, path) for those that exist here."""
    out = [("history.place_home", str(Path.home()))]
    for media in ("/media", "/run/media", "/mnt"):
        if os.path.isdir(media):
            out.append(("history.place_media", media))
            break
    return out


class FolderChooser(Dialog):
    """Choose the folder the games are copied to: browse, then "Copy here"."""

    screen = Factory.ObjectProperty(None)
    everything = BooleanProperty(False)
    error = StringProperty("")
    """Why the copy failed, written under the folder."""
    places = ListProperty([])

    def on_open(self):
        self.error = ""
        self.places = folder_places()

    def on_dismiss(self):
        # Kivy's chooser lists a folder a few entries every 0.1 s: dismissed, the listing stops
        # (its steps would go on filling the list of a dialog nobody sees until the collector
        # frees it; and half a second after the list last moved, its scroll bar's fade starts,
        # an animation that holds the dialog while it runs)
        self.ids.chooser.cancel()

    @staticmethod
    def only_folders(folder, name) -> bool:
        return os.path.isdir(os.path.join(folder, name))

    def go_up(self):
        self.ids.chooser.path = str(Path(self.ids.chooser.path).parent)

    def go_to(self, place: int):
        if place < len(self.places):
            self.ids.chooser.path = self.places[place][1]

    def copy_here(self):
        path = self.ids.chooser.path
        done, why = self.screen.export_to(path, self.everything)
        if done:
            self.dismiss()
        else:
            self.error = why


def openable(e) -> bool:
    """A game of the history has an end to show: a one-night game's verdict, a finished
    classic game's end and story."""
    return e.outcome is not None if e.game == "onenight" else e.over


class HistoryScreen(BaseScreen):
    summary = StringProperty("")
    score_text = StringProperty("")
    """The evening's running score (the newest games)."""
    selected = NumericProperty(-1)
    can_open = BooleanProperty(False)
    """The selected game has an end to show (see :func:`openable`)."""
    can_replay = BooleanProperty(False)
    """The selected game is a one-night game: its replay opens."""

    def on_pre_enter(self, *_):
        # the newest game is chosen from the start, so "Export this one" is never a faint
        # button with no reason given
        self.selected = 0
        super().on_pre_enter()
        self.scroll_to_top()  # the newest games first, however long the list

    def on_enter(self, *_):
        # once more with the rows laid out: a list that grew since it was last shown would
        # otherwise be dragged back to where its scrolling stood (its end)
        self.scroll_to_top()

    def refresh(self):
        entries, bad = self.app.ctl.history.entries()
        self.entries = entries
        box = self.ids.rows
        box.clear_widgets()
        if not 0 <= self.selected < len(entries):
            self.selected = 0 if entries else -1
        for i, e in enumerate(entries):
            if e.game == "thiercelieux":
                name = self.tr("home.game.classic") + " · " + self.tr(
                    "classic.preset." + e.scenario)
                teams = ", ".join(self.tr("classic.side." + t) for t in e.winning_teams) \
                    if e.over else self.tr("history.classic_unfinished")
            else:
                sc = SCENARIO.get(e.scenario)
                name = getattr(sc, self.app.lang) if sc else self.tr("scenario.custom")
                teams = ", ".join(self.tr("team." + t) for t in e.winning_teams) or \
                    self.tr("history.nobody_won")
            row = HistoryRow(index=i)
            row.title = f"{local_when(e.finished, self.tr)}  ·  {name}"
            row.detail = self.tr("history.detail", teams=teams,
                                 winners=", ".join(e.players[s] for s in e.winners) or "—",
                                 players=len(e.players))
            row.selected = i == self.selected
            row.bind(on_release=lambda w: self.select(w.index))
            box.add_widget(row)
        self.can_open = 0 <= self.selected < len(entries) and \
            openable(entries[self.selected])
        self.can_replay = 0 <= self.selected < len(entries) and \
            entries[self.selected].game == "onenight"
        key = "history.count_one" if len(entries) == 1 else "history.count"
        self.summary = self.tr(key, count=len(entries)) if entries \
            else self.tr("history.empty")
        if bad:
            key = "history.unreadable_one" if bad == 1 else "history.unreadable"
            self.summary += "  " + self.tr(key, count=bad)
        self.score_text = score_line(self.tr, evening(entries))

    def select(self, i: int):
        self.selected = i
        for row in self.ids.rows.children:
            row.selected = row.index == i
        self.can_open = openable(self.entries[i])
        self.can_replay = self.entries[i].game == "onenight"

    def open_verdict(self):
        """The chosen game, reopened to its end: a one-night game's verdict as it was checked
        when the history was read, a classic game's end and story replayed from its record."""
        if not 0 <= self.selected < len(self.entries):
            self.app.notify("history.choose_first", kind="error")
            return
        e = self.entries[self.selected]
        if e.game == "thiercelieux":
            self._open_classic(e.path)
        elif e.outcome is not None:
            self.app.sm.get_screen("result").show_record(verdict_record(e), e.path)

    def open_replay(self):
        """The chosen one-night game told again from its record: its night step by step
        when the tablet held the cards, what the record holds otherwise."""
        if not 0 <= self.selected < len(self.entries):
            self.app.notify("history.choose_first", kind="error")
            return
        e = self.entries[self.selected]
        if e.game == "onenight":
            self.app.sm.get_screen("replay").open_file(e.path, lambda: self.app.go("history"))

    def _open_classic(self, path: Path):
        """A classic game of the history, replayed to its end and its story (the record read
        again and replayed: a file changed since the list was read cannot show a false end)."""
        try:
            record = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.app.notify("history.unreadable_one", kind="error", count=1)
            return
        if not isinstance(record, dict) or record.get("format") != CLASSIC_FORMAT:
            self.app.notify("history.unreadable_one", kind="error", count=1)
            return
        try:
            game = replay_classic(record)
            view = end_view_of(game, [str(n) for n in record["players"]])
        except (RulesError, KeyError, TypeError, ValueError):
            # a game saved as it went and never finished has no end to show
            self.app.notify("history.classic_unfinished", kind="error")
            return
        end = self.app.sm.get_screen("classic_end")
        self.app.go("classic_end")
        end.show_view(view)

    def export(self, everything: bool):
        """Choose a folder, then copy the chosen game (or all of them) into it."""
        if not everything and not 0 <= self.selected < len(self.entries):
            self.app.notify("history.choose_first", kind="error")
            return
        FolderChooser(screen=self, everything=everything).open()

    def export_to(self, folder: str, everything: bool) -> tuple[bool, str]:
        paths = [e.path for e in self.entries] if everything else \
            ([self.entries[self.selected].path] if 0 <= self.selected < len(self.entries) else [])
        if not paths:
            return False, self.tr("history.choose_first")
        if not folder:
            return False, self.tr("history.folder_missing")
        try:
            done = self.app.ctl.history.export(paths, Path(folder))
        except OSError as e:
            why = self.app.reason_text(storage.problem(e, folder) or storage.IO)
            return False, self.tr("history.export_failed", reason=why)
        key = "history.exported_one" if len(done) == 1 else "history.exported"
        self.app.notify(key, count=len(done), folder=folder)
        return True, ""
