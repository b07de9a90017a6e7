"""History: the finished games, newest first, each a game record that can be copied to a
folder of the host's choice (a USB key, a shared folder...)."""

from pathlib import Path

from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from onenight.game import storage
from onenight.rules.scenarios import SCENARIO

from .base import BaseScreen


class HistoryRow(Factory.ButtonBehavior, Factory.BoxLayout):
    title = StringProperty("")
    detail = StringProperty("")
    index = NumericProperty(0)
    selected = BooleanProperty(False)


class HistoryScreen(BaseScreen):
    summary = StringProperty("")
    selected = NumericProperty(-1)
    can_open = BooleanProperty(False)
    """The selected game's verdict can be shown (a one-night game's: the classic game's has no
    verdict screen yet)."""

    def on_pre_enter(self, *_):
        # the newest game is chosen from the start, so "Export this one" is never a faint
        # button with no reason given
        self.selected = 0
        super().on_pre_enter()

    def refresh(self):
        entries, bad = self.app.ctl.history.entries()
        self.entries = entries
        box = self.ids.rows
        box.clear_widgets()
        if not 0 <= self.selected < len(entries):
            self.selected = 0 if entries else -1
        for i, e in enumerate(entries):
            sc = SCENARIO.get(e.scenario)
            name = getattr(sc, self.app.lang) if sc else self.tr("scenario.custom")
            teams = ", ".join(self.tr("team." + t) for t in e.winning_teams) or \
                self.tr("history.nobody_won")
            row = HistoryRow(index=i)
            row.title = f"{e.finished[:16].replace('T', ' ')}  ·  {name}"
            row.detail = self.tr("history.detail", teams=teams,
                                 winners=", ".join(e.players[s] for s in e.winners) or "—",
                                 players=len(e.players))
            row.selected = i == self.selected
            row.bind(on_release=lambda w: self.select(w.index))
            box.add_widget(row)
        self.can_open = 0 <= self.selected < len(entries) and \
            entries[self.selected].outcome is not None
        key = "history.count_one" if len(entries) == 1 else "history.count"
        self.summary = self.tr(key, count=len(entries)) if entries \
            else self.tr("history.empty")
        if bad:
            key = "history.unreadable_one" if bad == 1 else "history.unreadable"
            self.summary += "  " + self.tr(key, count=bad)
        if not self.ids.folder.text:
            self.ids.folder.text = str(self.app.export_folder())

    def open_selected(self):
        """The selected game's verdict, on the verdict screen."""
        if 0 <= self.selected < len(self.entries) and self.entries[self.selected].outcome:
            self.app.sm.get_screen("result").showing = self.entries[self.selected]
            self.app.go("result")

    def select(self, i: int):
        self.selected = i
        self.refresh()

    def export(self, everything: bool):
        paths = [e.path for e in self.entries] if everything else \
            ([self.entries[self.selected].path] if 0 <= self.selected < len(self.entries) else [])
        if not paths:
            self.app.notify("history.choose_first", kind="error")
            return
        folder = self.ids.folder.text.strip()
        if not folder:
            self.app.notify("history.folder_missing", kind="error")
            return
        try:
            done = self.app.ctl.history.export(paths, Path(folder))
        except OSError as e:
            self.app.notify("history.export_failed", kind="error",
                            reason=storage.problem(e, folder) or storage.IO)
            return
        key = "history.exported_one" if len(done) == 1 else "history.exported"
        self.app.notify(key, count=len(done), folder=folder)
