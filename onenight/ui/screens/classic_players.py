"""Thiercelieux's players: the same screen as the one-night game's (names in order round the
table, checked as typed, seats dragged into place), with the classic game's limits (6 to 18;
8 or more advised, said on the cards' screen), its own controller, and its own group
remembered apart from the one-night game's."""

from __future__ import annotations

from kivy.properties import NumericProperty

from onenight.classic.decks import MAX_PLAYERS, MIN_PLAYERS

from .players import PlayersScreen


class ClassicPlayersScreen(PlayersScreen):
    min_players = MIN_PLAYERS
    max_players = NumericProperty(MAX_PLAYERS)
    next_screen = "classic_setup"
    row_width = NumericProperty(380)
    """Narrower rows than the one-night game's: eighteen seats in three columns of six,
    each row a finger high on the small screen."""

    @property
    def ctl(self):
        return self.app.classic

    def remembered(self) -> list[str]:
        return list(self.app.settings.classic_players)

    def remember(self, names: list[str]) -> None:
        self.app.settings.classic_players = names

    def count_range(self) -> None:
        self.app.notify("classic.players.count_range", kind="error")
