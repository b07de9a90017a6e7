"""Thiercelieux's deck of one's own: the one-night deck builder (``deck.py``) with every
character of the classic game, each no more than the boxes hold or the rules allow in one
game (the sisters two by two), checked as it is built: the number of cards for the table,
the pairs, the werewolves, and the rules' advice."""

from __future__ import annotations

from kivy.properties import StringProperty

from onenight.classic.cast import CAST

from .classic_setup import notice_line
from .deck import DeckScreen


def most(ch) -> int:
    """How many cards of a character one game may hold."""
    boxes = sum(n for _box, n in ch.boxes)
    return boxes if ch.per_game == 0 else min(boxes, ch.per_game)


class ClassicDeckScreen(DeckScreen):
    back = StringProperty("classic_setup")
    title = StringProperty("classic.deck.title")

    @property
    def ctl(self):
        return self.app.classic

    def choices(self):
        name = self.app.translator.classic_card
        return [(ch.id, name(ch.id), most(ch), 2 if ch.pair else 1) for ch in CAST]

    def count_line(self, cards: int, players: int) -> str:
        return self.tr("classic.deck.count_now", cards=cards, players=players)

    def notice(self, notice) -> str:
        return notice_line(self.app.translator.classic, notice)
