"""The seats round the table as large touch targets, and the centre cards in the middle: what
a woken player chooses from on the tablet, in either game (3 to 18 seats, both screen sizes).

It takes plain data (names, who is dead, how many seats and centre cards to pick), never a
controller, and says what was chosen with ``on_choose(seats, centers)``:

* a choice is confirmed by a second tap on the same target, or by the confirm button in the
  middle; a first tap only selects it (a finger brushing a seat chooses nothing);
* ``seat_count`` seats (2: the Troublemaker's, Cupid's two lovers; ``seat_least`` fewer
  may do) or ``center_count``
  centre cards (the Seer's two), both at once when a step asks for either (the Seer: one
  seat or two centre cards): choosing one kind lets go of the other;
* dead seats are greyed and never selectable; ``locked`` takes no tap at all (a choice
  already made);
* for showing rather than choosing (the dawn replay), a card's emblem at a seat or a centre
  card, a mark beside a name, and seats lit.

The ring looks the same whoever is awake: the targets are the step's own, never the legal
ones of this deal (a tap the rules refuse is the screen's to explain)."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import (BooleanProperty, DictProperty, ListProperty, NumericProperty,
                             StringProperty)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout

from .. import theme
from .ring import ring_layout

SEAT, CENTER = "seat", "center"


class RingTarget(ButtonBehavior, BoxLayout):
    """One target: a seat (the player's name) or a centre card; its look is in seat_ring.kv."""

    kind = StringProperty(SEAT)
    index = NumericProperty(0)
    name = StringProperty("")
    card = StringProperty("")
    """An emblem shown face up beside the name ("": none)."""
    mark = StringProperty("")
    offered = BooleanProperty(False)
    """It may be chosen now."""
    selected = BooleanProperty(False)
    armed = BooleanProperty(False)
    """Selected, and the selection is whole: a second tap confirms it."""
    dead = BooleanProperty(False)
    lit = BooleanProperty(False)
    font_size = NumericProperty(22)


class SeatRing(FloatLayout):
    names = ListProperty([])
    dead = ListProperty([])
    """Seats greyed and never selectable (the classic game's dead)."""
    seat_count = NumericProperty(0)
    """How many seats make a choice (0: seats are not offered)."""
    seat_least = NumericProperty(0)
    """The fewest seats that make a whole choice (0: ``seat_count``). The classic pied piper
    names two players, or one when only one is left to charm: the ring, which must look the
    same whatever is left, takes one or two, and the rules say whether it was enough."""
    group = BooleanProperty(False)
    """Any group of seats (the classic tavern keeper's guests): a second tap lets a chosen
    seat go, and only the confirm button makes the choice."""
    center_count = NumericProperty(0)
    """How many centre cards make a choice (0: not offered)."""
    centers = NumericProperty(0)
    """Centre cards shown in the middle (the one-night game's 3, or 4 with the alpha centre
    card; 0 for the classic game)."""
    center_names = ListProperty([])
    """Their labels ("1", "2", "3", "α" when not given)."""
    seat_cards = DictProperty({})
    """seat -> card id, shown face up at that seat."""
    center_cards = DictProperty({})
    """centre card -> card id, shown face up."""
    marks = DictProperty({})
    """seat -> a short mark beside the name (a shield, an artifact, a tick)."""
    lit = ListProperty([])
    """Seats lit (those awake at a step of the replay)."""
    locked = BooleanProperty(False)
    """No tap is taken (the choice is made); the targets look the same as before."""
    showing = BooleanProperty(False)
    """For showing only (the replay): no room kept for the confirm button, the centre cards
    in the middle, the seats wider where there is room (each carries its card too)."""
    chosen_seats = ListProperty([])
    chosen_centers = ListProperty([])
    complete = BooleanProperty(False)
    """A whole choice is selected: a second tap, or the confirm button, confirms it."""
    scale = NumericProperty(1.0)
    text_scale = NumericProperty(1.0)
    free = ListProperty([0, 0, 0, 0])
    """The room left inside the ring, above the centre cards (x, y, width, height): where a
    screen shows what the woken learn."""
    inner = ListProperty([0, 0, 0, 0])
    """All the room inside the ring, the centre cards' row included (x, y, width, height):
    where a screen shows more than one thing the woken learn, with ``centers_hidden``."""
    centers_hidden = BooleanProperty(False)
    """The centre cards are not shown and take no tap (a choice made, their row is lent to
    what the woken learn)."""

    __events__ = ("on_choose",)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.seats: list[RingTarget] = []
        self.center_targets: list[RingTarget] = []
        self._made: dict[str, list[RingTarget]] = {SEAT: [], CENTER: []}
        """Every target this ring has made, by kind and index: shown again, not made again."""
        self._rebuild_later = Clock.create_trigger(self._rebuild, -1)
        self._place_later = Clock.create_trigger(self._place, -1)
        self.bind(names=self._rebuild_later, centers=self._rebuild_later,
                  pos=self._place_later, size=self._place_later, scale=self._place_later,
                  text_scale=self._place_later, showing=self._place_later)
        for prop in ("dead", "seat_count", "seat_least", "center_count", "center_names",
                     "seat_cards",
                     "center_cards", "marks", "lit", "locked", "chosen_seats",
                     "chosen_centers", "centers_hidden"):
            self.bind(**{prop: self._restyle})

    def on_choose(self, seats: tuple, centers: tuple):
        pass

    # ---- building ------------------------------------------------------------------------
    def _rebuild(self, *_):
        for t in self.seats + self.center_targets:
            self.remove_widget(t)
        # A target made once is shown again (the next game's table, the night's screen shown
        # again): eighteen targets and their kv rules made anew were a tenth of a walk
        # through the classic screens. _restyle and _place set all that a target shows.
        self.seats = [self._target(SEAT, i) for i in range(len(self.names))]
        self.center_targets = [self._target(CENTER, j) for j in range(int(self.centers))]
        self.chosen_seats, self.chosen_centers = [], []
        self._restyle()
        self._place()

    def rebuild_now(self):
        self._rebuild_later.cancel()
        self._rebuild()

    def _target(self, kind: str, i: int) -> RingTarget:
        made = self._made[kind]
        if i < len(made):
            t = made[i]
        else:
            t = RingTarget(kind=kind, index=i, size_hint=(None, None))
            t.bind(on_release=self._tapped)
            made.append(t)
        self.add_widget(t)
        return t

    def target_height(self) -> float:
        return theme.TOUCH * 1.1 * self.scale

    def _place(self, *_):
        """The seats round the edge, the centre cards in a row in the middle."""
        n = len(self.seats)
        if n:
            pts, w, h = ring_layout(n, self.x, self.y, self.width, self.height,
                                    self.target_height(), 10 * self.scale,
                                    (320 if self.showing else 240) * self.scale,
                                    60 * self.scale, theme.TOUCH * 0.62 * self.scale)
            for t, (cx, cy) in zip(self.seats, pts):
                t.size = (w, h)
                t.center = (cx, cy)
                t.font_size = min(24 * self.text_scale, h * 0.34)
        else:
            w, h = 0, self.target_height()
        # inside the ring, at the bottom: the centre cards and the confirm button beside
        # them (in the middle when there are none); above them, the room left (``free``:
        # where a screen shows what the woken learn)
        gap = 14 * self.scale
        lo, hi = self.y + h + gap, self.top - h - gap
        bw, bh = min(self.width * 0.3, 300 * self.scale), theme.TOUCH * self.scale
        if self.showing:
            bw = 0.0
        k = len(self.center_targets)
        inner = self.width - 2 * (w + gap * 2)
        row_h = bh
        if k:
            cw = max(60 * self.scale, min(170 * self.scale,
                                          (inner - bw - gap * k) / k))
            ch = max(theme.TOUCH * 0.62 * self.scale, min(h * 1.1, (hi - lo) * 0.5))
            row_h = max(ch, bh)
            x = self.center_x - (k * cw + (k - 1) * gap + (bw + gap if bw else 0)) / 2
            for j, t in enumerate(self.center_targets):
                t.size = (cw, ch)
                t.pos = (x + j * (cw + gap), lo)
                t.font_size = min(24 * self.text_scale, ch * 0.3)
            bx = x + k * (cw + gap)
        else:
            bx = self.center_x - bw / 2
        confirm = self.ids.get("confirm")
        if confirm is not None:
            confirm.size = (bw, bh)
            confirm.pos = (bx, lo + (row_h - bh) / 2 if k else lo)
        row = lo + row_h + gap
        free_w = self.width - 2 * (w + gap)
        self.free = [self.center_x - free_w / 2, row, free_w, max(0.0, hi - row)]
        self.inner = [self.center_x - free_w / 2, lo, free_w, max(0.0, hi - lo)]

    def _restyle(self, *_):
        dead = set(self.dead)
        for t in self.seats:
            i = t.index
            t.name = self.names[i] if i < len(self.names) else ""
            t.dead = i in dead
            # (locked looks the same: a peeker must not see that a choice was made)
            t.offered = bool(self.seat_count) and not t.dead
            t.disabled = t.dead
            t.card = self.seat_cards.get(i, "")
            t.mark = self.marks.get(i, "")
            t.lit = i in self.lit
            t.selected = i in self.chosen_seats
        for t in self.center_targets:
            j = t.index
            t.name = self.center_names[j] if j < len(self.center_names) else \
                ("α" if j == 3 else str(j + 1))
            t.offered = bool(self.center_count)
            t.opacity = 0 if self.centers_hidden else 1
            t.disabled = self.centers_hidden
            t.card = self.center_cards.get(j, "")
            t.selected = j in self.chosen_centers
        self.complete = bool(
            (self.seat_count
             and (self.seat_least or self.seat_count) <= len(self.chosen_seats)
             <= self.seat_count)
            or (self.center_count and len(self.chosen_centers) == self.center_count))
        for t in self.seats + self.center_targets:
            t.armed = t.selected and self.complete

    # ---- choosing --------------------------------------------------------------------------
    def _tapped(self, target: RingTarget):
        self.tap(target.kind, target.index)

    def tap(self, kind: str, index: int) -> None:
        """A tap on a target: select it; on a target of a whole selection, confirm it."""
        if self.locked:
            return
        if kind == SEAT:
            count, mine, other = self.seat_count, list(self.chosen_seats), "chosen_centers"
            if index in self.dead or index >= len(self.names):
                return
        else:
            count, mine, other = self.center_count, list(self.chosen_centers), "chosen_seats"
            if index >= len(self.center_targets):
                return
        if not count:
            return
        if index in mine:
            if self.complete and not (self.group and kind == SEAT):
                self.confirm()
                return
            mine.remove(index)
        else:
            if len(mine) >= count:
                mine.pop(0)
            mine.append(index)
        setattr(self, other, [])
        setattr(self, "chosen_seats" if kind == SEAT else "chosen_centers", mine)

    def confirm(self) -> None:
        """The whole selection is the choice (nothing happens until it is whole)."""
        if self.locked or not self.complete:
            return
        seats, centers = tuple(self.chosen_seats), tuple(self.chosen_centers)
        self.chosen_seats, self.chosen_centers = [], []
        self.dispatch("on_choose", seats, centers)

    def clear(self) -> None:
        self.chosen_seats, self.chosen_centers = [], []

    # ---- where things are (the replay draws between them) --------------------------------
    def spot_center(self, kind: str, index: int) -> tuple[float, float]:
        """The middle of a seat's or a centre card's target."""
        targets = self.seats if kind == SEAT else self.center_targets
        return targets[index].center
