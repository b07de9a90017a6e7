"""Thiercelieux's deck of one's own: every character with a count (no more than the boxes
hold, or than the rules allow in one game), checked as it is built: the number of cards for
the table, the pairs, the werewolves, and the rules' advice."""

from __future__ import annotations

from collections import Counter

from kivy.properties import BooleanProperty, DictProperty, StringProperty

from onenight.classic.cast import CAST

from .classic_base import ClassicScreen
from .classic_setup import notice_line
from .deck import DeckRow


def most(ch) -> int:
    """How many cards of a character one game may hold."""
    boxes = sum(n for _box, n in ch.boxes)
    return boxes if ch.per_game == 0 else min(boxes, ch.per_game)


class ClassicDeckScreen(ClassicScreen):
    counts = DictProperty({})
    status = StringProperty("")
    ok = BooleanProperty(False)

    def refresh(self):
        s = self.ctl.state
        self.counts = dict(Counter(s.deck))
        grid = self.ids.grid
        grid.clear_widgets()
        self._rows = {}
        for ch in CAST:
            row = DeckRow(card=ch.id, label=self.card_name(ch.id), limit=most(ch))
            row.count = self.counts.get(ch.id, 0)
            step = 2 if ch.pair else 1
            row.ids.minus.bind(on_release=lambda w, c=ch.id, k=step: self.change(c, -k))
            row.ids.plus.bind(on_release=lambda w, c=ch.id, k=step: self.change(c, k))
            self._rows[ch.id] = row
            grid.add_widget(row)
        self._check()

    def cards(self) -> list[str]:
        out = []
        for ch in CAST:
            out += [ch.id] * self.counts.get(ch.id, 0)
        return out

    def change(self, card: str, delta: int):
        row = self._rows[card]
        n = max(0, min(row.limit, self.counts.get(card, 0) + delta))
        self.counts[card] = n
        row.count = n
        self._check()

    def clear(self):
        for card in list(self.counts):
            self.counts[card] = 0
            self._rows[card].count = 0
        self._check()

    def _check(self):
        cards = self.cards()
        players = len(self.ctl.state.players)
        check = self.ctl.check_custom(cards)
        say = self.app.translator.classic
        lines = [self.tr("classic.deck.count_now", cards=len(cards), players=players)]
        lines += ["[color=#e05550]" + notice_line(say, p) + "[/color]"
                  for p in check.problems if p.code != "card_count"]
        lines += ["[color=#eea840]" + notice_line(say, w) + "[/color]" for w in check.warnings]
        self.ok = check.ok
        self.status = "\n".join(lines)

    def use(self):
        if self.app.send({"type": "custom", "cards": self.cards()}, self.ctl):
            self.app.go("classic_setup")
