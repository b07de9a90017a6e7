"""Home: the games to play (one tile per game, from ``GAMES``), the game in progress (of
either game: each has its own, or the one-night game's verdict), how to play, the history and
the settings; and the games whose journal could not be read (of either game, saying which),
offered back.

A new game is one line in ``GAMES``: its names, its emblem and the screen that starts it."""

from __future__ import annotations

import time
from dataclasses import dataclass

from kivy.properties import BooleanProperty, StringProperty

from ..widgets.dialog import confirm
from .base import BaseScreen
from .classic_base import IN_PROGRESS as CLASSIC_IN_PROGRESS
from .classic_base import PHASE_SCREEN as CLASSIC_SCREEN

#: the screen that shows each phase of a game in progress
PHASE_SCREEN = {"deal": "deal", "night": "night", "day": "day", "vote": "vote", "reveal": "reveal",
                "end": "result"}


@dataclass(frozen=True)
class Game:
    id: str
    title: str  # translation keys
    tagline: str
    card: str  # the emblem on its tile
    screen: str  # the screen that starts a new game of it


GAMES = (
    Game("onenight", "home.game.onenight", "home.game.onenight_tagline", "werewolf", "players"),
    Game("classic", "home.game.classic", "home.game.classic_tagline", "seer", "classic_players"),
)


class HomeScreen(BaseScreen):
    can_resume = BooleanProperty(False)
    """A game is between its night and its verdict (which it can show again)."""
    resume_label = StringProperty("")
    first_game = BooleanProperty(False)
    """No game played yet: "how to play" is offered first."""
    notice = StringProperty("")
    """A game that could not be read: the most recent one set aside, or the journal held."""
    held = BooleanProperty(False)
    """A game's journal could not be read (the storage): it can be tried again, nothing
    else."""
    held_game = ""
    """Whose journal is held (a key of ``journal.GAMES``)."""

    def refresh(self):
        phase = self.app.ctl.phase
        classic = self.app.classic_phase()  # (read after the first frame, which shows this
        # screen: refreshed again then; a classic journal between games is not rebuilt)
        if classic in CLASSIC_IN_PROGRESS:  # the classic game in progress
            self.can_resume = True
            self.resume_label = self.tr("home.resume_classic")
        else:
            self.can_resume = phase in PHASE_SCREEN
            self.resume_label = self.tr("home.resume_" + phase) if self.can_resume \
                else self.tr("home.resume")
        held = self.app.held_game()
        self.held = held is not None
        self.held_game = held or ""
        self.aside = self.app.set_aside_games()
        if held is not None:
            self.notice = self.tr("home.held." + held)
        elif self.aside:
            date = time.strftime(self.tr("home.date_format"),
                                 time.localtime(self.aside[0].when))
            more = len(self.aside) - 1
            game = self.aside[0].game
            self.notice = self.tr("home.set_aside_more." + game, date=date, count=more) \
                if more else self.tr("home.set_aside." + game, date=date)
        else:
            self.notice = ""
        try:
            entries, _bad = self.app.ctl.history.entries()
        except OSError:
            entries = []
        self.first_game = not entries

    def start(self, game_id: str):
        game = next(g for g in GAMES if g.id == game_id)
        ctl = self.app.classic if game.id == "classic" else self.app.ctl
        if ctl.phase != "setup":  # a new game: the one in progress is kept in the history
            self.app.send({"type": "abandon"}, ctl)
        self.app.go(game.screen)

    def new_game(self):
        self.start("onenight")

    def resume(self):
        if not self.can_resume:
            return
        if self.app.classic_phase() in CLASSIC_IN_PROGRESS:
            self.app.go(CLASSIC_SCREEN[self.app.classic.phase])
        elif self.app.ctl.phase == "end" and self.app.ctl.state.replay is not None:
            # back to the frame of the dawn replay the host was looking at
            ctl = self.app.ctl
            self.app.sm.get_screen("replay").open_record(
                ctl.state.record, lambda: self.app.go("result"), at=ctl.state.replay, own=True)
        else:
            self.app.go(PHASE_SCREEN[self.app.ctl.phase])

    def toggle_language(self):
        self.app.set_language("en" if self.app.lang == "fr" else "fr")

    # ---- a game that could not be read ----------------------------------------------------
    def try_again(self):
        """Read the held journal again, or the most recent set-aside one in the place of its
        game's journal."""
        if self.held:
            self.app.reopen_game(None, self.held_game)
        elif self.aside:
            self.app.reopen_game(self.aside[0].path, self.aside[0].game)
        self.refresh()

    def export_aside(self):
        if self.aside:
            self.app.export_set_aside(self.aside[0].path)

    def delete_aside(self):
        """Delete the most recent set-aside journal, once the host says so."""
        if not self.aside:
            return
        aside = self.aside[0]
        date = time.strftime(self.tr("home.date_format"), time.localtime(aside.when))
        self.asking = confirm(self.tr("home.delete_title"),
                              self.tr("home.delete_question", date=date),
                              self.tr("home.delete"),
                              lambda: self.app.delete_set_aside(aside.path),
                              danger=True, no=self.tr("home.keep"))
