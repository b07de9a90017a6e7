"""Every seat of the table at once, one button each, in a grid that fits its box: ten
players on the 800x480 screen, eighteen for the classic game, never a name below the fold.

A seat keeps its place whoever is choosing: a finger that lands twice on the same spot lands
on the same name, and the seat that cannot be chosen (the voter's own) stays where it is,
greyed, instead of the other names moving up to fill its place."""

from __future__ import annotations

import math

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty
from kivy.uix.layout import Layout

from .common import squeezed


def grid_shape(n: int, width: float, height: float, min_w: float, min_h: float,
               spacing: float) -> tuple[int, int]:
    """(columns, rows) for ``n`` cells in ``width`` x ``height``: the fewest columns whose
    rows are still ``min_h`` high; failing that, the most columns that are ``min_w`` wide."""
    if n <= 0:
        return 1, 0
    best = None
    for cols in range(1, n + 1):
        rows = math.ceil(n / cols)
        h = (height - spacing * (rows - 1)) / rows
        w = (width - spacing * (cols - 1)) / cols
        if h >= min_h and w >= min_w:
            return cols, rows
        if w >= min_w:
            best = (cols, rows)
    return best or (1, n)


class FitGrid(Layout):
    """Lays its children out in the grid that fits its box (:func:`grid_shape`), column by
    column: the first child at the top left, then down, as a list round the table is read.
    Nothing to scroll: every child is in sight."""

    spacing = NumericProperty(6)
    min_cell_width = NumericProperty(120)
    min_cell_height = NumericProperty(40)
    max_cell_height = NumericProperty(88)
    """Rows never taller than this: a short list keeps finger-sized cells at the top."""
    shape = ListProperty([1, 0])
    """(columns, rows) of the current layout."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.bind(size=self._trigger_layout, pos=self._trigger_layout,
                  spacing=self._trigger_layout, min_cell_width=self._trigger_layout,
                  min_cell_height=self._trigger_layout, max_cell_height=self._trigger_layout,
                  children=self._trigger_layout)

    def cells(self) -> list:
        return list(reversed(self.children))

    def do_layout(self, *_):
        cells = self.cells()
        n = len(cells)
        if not n or squeezed(self):  # (hidden: laid out when its room is given back)
            return
        sp = self.spacing
        cols, rows = grid_shape(n, self.width, self.height, self.min_cell_width,
                                self.min_cell_height, sp)
        self.shape = [cols, rows]
        w = (self.width - sp * (cols - 1)) / cols
        h = min(self.max_cell_height, (self.height - sp * (rows - 1)) / rows)
        for i, b in enumerate(cells):
            c, r = divmod(i, rows)
            b.size_hint = (None, None)
            b.size = (w, h)
            b.pos = (self.x + c * (w + sp), self.top - (r + 1) * h - r * sp)


class SeatGrid(FitGrid):
    """One button per name, in the grid that fits. The buttons are made by
    ``button_factory(seat, name)`` (a widget with ``disabled``); tapping one dispatches
    ``on_pick(seat)``."""

    names = ListProperty([])
    blocked = ListProperty([])
    """Seats shown but not offered (the voter's own seat): greyed, in their place."""
    chosen = NumericProperty(-1)
    """A seat to show as chosen, or -1."""
    locked = BooleanProperty(False)
    """Every button ignores touches (just after an entry, against the double tap)."""
    button_factory = ObjectProperty(None)

    __events__ = ("on_pick",)

    def __init__(self, **kw):
        super().__init__(**kw)
        self._buttons = []
        self._made: dict = {}
        """The buttons made, by (seat, name), for ``_made_by`` (the factory that made them)."""
        self._made_by = None
        self._rebuild_later = Clock.create_trigger(self._rebuild, -1)
        self.bind(names=self._rebuild_later, button_factory=self._rebuild_later,
                  blocked=self._restyle, chosen=self._restyle, locked=self._restyle)

    def on_pick(self, seat: int):
        pass

    def buttons(self) -> list:
        return list(self._buttons)

    def _rebuild(self, *_):
        for b in self._buttons:
            self.remove_widget(b)
        self._buttons = []
        if self.button_factory is not self._made_by:
            self._made, self._made_by = {}, self.button_factory
        if self.button_factory is None:
            return
        # A seat's button is made once for its name and shown again: the private deal empties
        # its grid while each player looks and fills it again after, eighteen buttons made
        # anew at each turn otherwise. (What a screen sets on a button, it sets after each
        # rebuild: the tick of who has looked, the card of the dead.)
        for seat, name in enumerate(self.names):
            b = self._made.get((seat, name))
            if b is None:
                b = self.button_factory(seat, name)
                b.seat = seat
                b.bind(on_release=self._released)
                self._made[seat, name] = b
            self._buttons.append(b)
            self.add_widget(b)
        if self.names:  # the buttons of another table are let go
            self._made = {(b.seat, name): b for b, name in zip(self._buttons, self.names)}
        self._restyle()
        self._trigger_layout()

    def rebuild_now(self):
        self._rebuild_later.cancel()
        self._rebuild()

    def _released(self, button):
        if not self.locked and button.seat not in self.blocked:
            self.dispatch("on_pick", button.seat)

    def _restyle(self, *_):
        for b in self._buttons:
            b.disabled = self.locked or b.seat in self.blocked
            if hasattr(b, "selected"):
                b.selected = b.seat == self.chosen
