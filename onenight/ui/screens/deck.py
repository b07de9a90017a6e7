"""The custom deck builder: every card of both boxes with a count, validated as you go
(card count, box limits, the alpha centre card) with the rule's advice."""

from collections import Counter

from kivy.factory import Factory
from kivy.properties import BooleanProperty, DictProperty, NumericProperty, StringProperty

from onenight.rules.cards import ROLES

from .base import BaseScreen
from .scenario import notice_text


class DeckRow(Factory.BoxLayout):
    card = StringProperty("")
    label = StringProperty("")
    count = NumericProperty(0)
    limit = NumericProperty(1)


class DeckScreen(BaseScreen):
    counts = DictProperty({})
    """Card id -> how many in the deck being built."""
    status = StringProperty("")
    ok = BooleanProperty(False)

    def refresh(self):
        self.counts = dict(Counter(self.app.ctl.state.deck))
        grid = self.ids.grid
        grid.clear_widgets()
        self._rows = {}
        for r in ROLES:
            row = DeckRow(card=r.id, label=self.tr("role." + r.id), limit=r.box_copies)
            row.count = self.counts.get(r.id, 0)
            row.ids.minus.bind(on_release=lambda w, c=r.id: self.change(c, -1))
            row.ids.plus.bind(on_release=lambda w, c=r.id: self.change(c, 1))
            self._rows[r.id] = row
            grid.add_widget(row)
        self._check()

    def cards(self) -> list[str]:
        out = []
        for r in ROLES:
            out += [r.id] * self.counts.get(r.id, 0)
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
        players = len(self.app.ctl.state.players)
        check = self.app.ctl.check_custom(cards)
        lines = [self.tr("deck.count_now", cards=len(cards), expected=players + 3,
                         players=players)]
        lines += ["[color=#e05550]" + notice_text(self.tr, p) + "[/color]"
                  for p in check.problems if p.code != "card_count"]
        lines += ["[color=#eea840]" + notice_text(self.tr, w) + "[/color]"
                  for w in check.warnings]
        self.ok = check.ok
        self.status = "\n".join(lines)

    def use(self):
        if self.app.send({"type": "custom", "cards": self.cards()}):
            self.app.go("scenario")
