"""Thiercelieux's deck of one's own: the one-night deck builder (``deck.py``) with every
character of the classic game, each no more than the boxes hold or the rules allow in one
game (the sisters two by two), checked as it is built: the number of cards for the table,
the pairs, the werewolves, and the rules' advice.

Above the cards, chips filter the whole cast by booklet, side and the Québec booklet's
categories (:mod:`onenight.classic.categories`); each row shows the card's labels under its
name. A filter only hides rows: the cards already put in stay in the deck."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import ObjectProperty, StringProperty

from onenight.classic.cast import CAST
from onenight.classic.categories import DIMENSIONS, QUEBEC_CAMPS, CastFilter, labels, offered
from onenight.ui import theme

from .classic_setup import notice_line
from .deck import DeckScreen


def most(ch) -> int:
    """How many cards of a character one game may hold."""
    boxes = sum(n for _box, n in ch.boxes)
    return boxes if ch.per_game == 0 else min(boxes, ch.per_game)


CHIP_HEIGHT = theme.TOUCH  # a line of chips: the touch targets' minimum height
#: Each dimension's chips are named by this family of translation keys.
CHIP_KEYS = {"booklet": "classic.booklet.", "side": "classic.family.",
             "category": "classic.category."}


def chip_lines() -> list[tuple[str, tuple[str, ...]]]:
    """The filter bar's lines: (dimension, the chips of the line). The Québec booklet's nine
    categories are too many for one line: its camps on one, its other two pairs on the next."""
    out = []
    for dim in DIMENSIONS:
        values = tuple(offered(dim))
        if dim == "category":
            camps = tuple(v for v in values if v in QUEBEC_CAMPS)
            out += [(dim, part) for part in (camps, values[len(camps):]) if part]
        else:
            out.append((dim, values))
    return out


class ClassicDeckScreen(DeckScreen):
    back = StringProperty("classic_setup")
    title = StringProperty("classic.deck.title")
    cast_filter = ObjectProperty(CastFilter())
    shown_line = StringProperty("")

    _bar = None
    _chips: dict

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

    # ---- the filters ------------------------------------------------------------------------
    def refresh(self):
        super().refresh()
        self._build_bar()
        for card, row in self._rows.items():
            row.sub = self.label_line(card)
        self._apply_filter()

    def label_line(self, card: str) -> str:
        """A card's labels in one line: its booklets, its side, its Québec categories."""
        lab = labels(card)
        parts = [self.tr("classic.booklet." + b) for b in lab.booklets]
        parts.append(self.tr("classic.family." + lab.side))
        parts += [self.tr("classic.category." + c) for c in lab.categories]
        return " · ".join(parts)

    def _build_bar(self):
        """The chips, one line per dimension (the Québec categories on two: its camps, then
        Buveur/Sobre and Standard/Chaotique), above the cards (built once, named again in the
        language of the moment)."""
        scale, text = self.app.scale, self.app.text_scale
        lines = chip_lines()
        if self._bar is None:
            self._bar = Factory.BoxLayout(orientation="vertical", size_hint_y=None,
                                          spacing=scale * 6)
            self._chips = {}
            for dim, values in lines:
                line = Factory.BoxLayout(spacing=scale * 6)
                title = Factory.Label(size_hint_x=None, width=scale * 130, halign="left",
                                      valign="middle", font_size=text * 17, color=theme.MUTED,
                                      shorten=True)
                title.bind(size=lambda w, size: setattr(w, "text_size", size))
                line.add_widget(title)
                for value in values:
                    chip = Factory.BigButton(max_lines=2)
                    chip.size_hint_y, chip.font_size = 1, scale * 24  # (after its kv rule)
                    chip.bind(on_release=lambda w, d=dim, v=value: self.toggle(d, v))
                    self._chips[(dim, value)] = chip
                    line.add_widget(chip)
                self._bar.add_widget(line)
            self._bar.add_widget(Factory.Label(font_size=text * 16, color=theme.MUTED))
            box = self.children[0]
            box.add_widget(self._bar, index=1)  # just above the cards
        self._bar.height = scale * (CHIP_HEIGHT * len(lines) + 26 + 6 * len(lines))
        titled = set()
        for line, (dim, _) in zip(reversed(self._bar.children[1:]), lines):
            # a dimension's name on its first line only
            line.children[-1].text = "" if dim in titled else self.tr("classic.filter." + dim)
            titled.add(dim)
        for (dim, value), chip in self._chips.items():
            chip.text = self.tr(CHIP_KEYS[dim] + value)
            chip.primary = value in getattr(self.cast_filter, dim)

    def toggle(self, dimension: str, value: str):
        """A chip tapped: its value is chosen, or chosen no more."""
        self.cast_filter = self.cast_filter.toggle(dimension, value)
        for (dim, v), chip in self._chips.items():
            chip.primary = v in getattr(self.cast_filter, dim)
        self._apply_filter()

    def _apply_filter(self):
        keep = set(self.cast_filter.cards())
        grid = self.ids.grid
        grid.clear_widgets()
        for card in self._order:
            if card in keep:
                grid.add_widget(self._rows[card])
        self.shown_line = self.tr("classic.filter.shown", shown=len(keep), total=len(CAST))
        self._bar.children[0].text = self.shown_line

    def shown_cards(self) -> list[str]:
        """The cards whose rows are on screen, in order."""
        return [row.card for row in reversed(self.ids.grid.children)]
