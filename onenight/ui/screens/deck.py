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
    sub = StringProperty("")  # a second, smaller line: the card's labels (the classic cast)
    count = NumericProperty(0)
    limit = NumericProperty(1)


class DeckScreen(BaseScreen):
    """The one-night game's deck builder; a game with other cards subclasses it (its
    controller, its cards, its checks, the screen it goes back to)."""

    counts = DictProperty({})
    """Card id -> how many in the deck being built."""
    status = StringProperty("")
    ok = BooleanProperty(False)
    back = StringProperty("scenario")
    title = StringProperty("deck.title")

    @property
    def ctl(self):
        return self.app.ctl

    def choices(self) -> list[tuple[str, str, int, int]]:
        """Every card that may be put in: (id, name, most copies, copies per tap)."""
        return [(r.id, self.tr("role." + r.id), r.box_copies, 1) for r in ROLES]

    _rows: dict = {}
    """Card id -> its row, made at the first showing and set again at the next ones (the
    classic cast's seventy rows made anew at each showing were most of its time)."""

    def refresh(self):
        self.counts = dict(Counter(self.ctl.state.deck))
        grid = self.ids.grid
        grid.clear_widgets()
        rows = dict(self._rows)
        self._order = []
        for card, label, limit, step in self.choices():
            row = rows.get(card)
            if row is None:
                row = rows[card] = DeckRow(card=card)
                row.ids.minus.bind(on_release=lambda w, c=card, k=step: self.change(c, -k))
                row.ids.plus.bind(on_release=lambda w, c=card, k=step: self.change(c, k))
            row.label, row.limit = label, limit
            row.count = self.counts.get(card, 0)
            self._order.append(card)
            grid.add_widget(row)
        self._rows = rows
        self._check()

    def cards(self) -> list[str]:
        out = []
        for card in self._order:
            out += [card] * self.counts.get(card, 0)
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

    def count_line(self, cards: int, players: int) -> str:
        return self.tr("deck.count_now", cards=cards, expected=players + 3, players=players)

    def notice(self, notice) -> str:
        return notice_text(self.tr, notice)

    def _check(self):
        cards = self.cards()
        players = len(self.ctl.state.players)
        check = self.ctl.check_custom(cards)
        lines = [self.count_line(len(cards), players)]
        lines += ["[color=#e05550]" + self.notice(p) + "[/color]"
                  for p in check.problems if p.code != "card_count"]
        lines += ["[color=#eea840]" + self.notice(w) + "[/color]"
                  for w in check.warnings]
        self.ok = check.ok
        self.status = "\n".join(lines)

    def use(self):
        if self.app.send({"type": "custom", "cards": self.cards()}, self.ctl):
            self.app.go(self.back)
