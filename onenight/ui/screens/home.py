"""Home: the games to play (one tile per game, from ``GAMES``), the game in progress, how to
play, the history and the settings.

A new game is one line in ``GAMES``: its names, its emblem and the screen that starts it.
A game whose screen is not built yet opens the "coming soon" screen instead."""

from __future__ import annotations

from dataclasses import dataclass

from kivy.properties import BooleanProperty, StringProperty

from .base import BaseScreen

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
    """A game is between its night and its result."""
    resume_label = StringProperty("")
    first_game = BooleanProperty(False)
    """No game played yet: "how to play" is offered first."""

    def refresh(self):
        phase = self.app.ctl.phase
        self.can_resume = phase in ("deal", "night", "day", "vote", "reveal")
        self.resume_label = self.tr("home.resume_" + phase) if self.can_resume \
            else self.tr("home.resume")
        try:
            entries, _bad = self.app.ctl.history.entries()
        except OSError:
            entries = []
        self.first_game = not entries

    def start(self, game_id: str):
        game = next(g for g in GAMES if g.id == game_id)
        if game.id == "onenight":
            self.new_game()
        elif game.screen in self.app.sm.screen_names:
            self.app.go(game.screen)
        else:
            soon = self.app.sm.get_screen("soon")
            soon.game = game.id
            self.app.go("soon")

    def new_game(self):
        if self.app.ctl.phase != "setup":
            self.app.ctl.apply({"type": "abandon"})
        self.app.go("players")

    def resume(self):
        if self.can_resume:
            self.app.go(PHASE_SCREEN[self.app.ctl.phase])

    def toggle_language(self):
        self.app.set_language("en" if self.app.lang == "fr" else "fr")


class SoonScreen(BaseScreen):
    """A game whose screens are still to come: says so, and the way back."""

    game = StringProperty("classic")
