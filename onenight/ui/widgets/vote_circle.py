"""The players round the table, in seat order, each in a chip with their name; before the
reveal each chip says whether that vote is in (never whom for), and once every vote is in,
an arrow goes from each voter to the player they point at, with the votes each received.

Made for a full table on a small screen (ten players at 800x480, eighteen for the classic
game): the chips sit round a rectangle that fills the widget, as wide as the seats beside
each other leave room for (a long name is drawn smaller before it is shortened); arrows bow
toward the middle and run under the chips, so they never cover a name; two players who vote
for each other get two arrows curving apart; the most voted player is lit; the Bodyguard's save is drawn (a shield on the
saved player, the Bodyguard's arrow in the saving colour)."""

from __future__ import annotations

import math

from kivy.clock import Clock
from kivy.graphics import Canvas, Color, Line, Triangle
from kivy.properties import (BooleanProperty, ListProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from .. import theme
from .common import squeezed
from .ring import ring_layout

DARK_TEXT = (0.1, 0.08, 0.05, 1)


class SeatChip(BoxLayout):
    """One seat: a rounded chip with the player's name and a mark (the votes received, or
    whether their vote is in). Its look is in vote_circle.kv."""

    seat = NumericProperty(0)
    name = StringProperty("")
    mark = StringProperty("")
    fill = ListProperty(list(theme.PANEL_HI))
    ink = ListProperty(list(theme.TEXT))
    ring = ListProperty([0, 0, 0, 0])
    """An outline (the player whose vote is being entered), transparent for none."""
    shielded = BooleanProperty(False)
    """Saved by the Bodyguard: a shield is drawn at the chip's start."""
    font_size = NumericProperty(20)
    tag = StringProperty("")
    """A word under the name (Le Village: the seat's building)."""


class VoteCircle(Widget):
    names = ListProperty([])
    is_in = ListProperty([])
    """Per seat: whether that player's vote is in (shown before the reveal)."""
    votes = ObjectProperty(None, allownone=True)
    """Per seat: the seat they point at; None until the votes are revealed."""
    counts = ObjectProperty(None, allownone=True)
    dead = ListProperty([])
    protected = ListProperty([])
    """Seats the Bodyguard saved (drawn with a shield)."""
    guards = ListProperty([])
    """Seats whose vote protects (the Bodyguard's): their arrow is drawn in the saving colour."""
    current = NumericProperty(-1)
    """A seat to ring (the player whose vote is being entered), or -1."""
    greyed = ListProperty([])
    """Seats out of the game (the classic game's dead, who never vote): drawn greyed, with no
    mark."""
    marks = BooleanProperty(True)
    """Whether the chips carry a mark (a vote in, the votes received); off for a circle that
    only shows who sits where (the debate)."""
    tags = ListProperty([])
    """Per seat, a word under its name (Le Village: its building); the chips are higher."""
    scale = NumericProperty(1.0)
    text_scale = NumericProperty(1.0)
    """The app's scale for small text (never below 0.75): the players' names use it."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.chips: list[SeatChip] = []
        self._made: list[SeatChip] = []
        """Every chip this circle has made, by seat: drawn again, not made again."""
        self.arrows: list[list[float]] = []
        """Each arrow drawn, as the points of its line (for tests: never across a chip)."""
        self._arrows = Canvas()
        """The arrows' drawing, under the chips (which stay the circle's children)."""
        self.canvas.before.add(self._arrows)
        # one redraw per frame, however many properties a screen sets in a row
        self._redraw = Clock.create_trigger(self._draw, -1)
        self.bind(pos=self._redraw, size=self._redraw, names=self._redraw, is_in=self._redraw,
                  votes=self._redraw, counts=self._redraw, dead=self._redraw,
                  protected=self._redraw, guards=self._redraw, scale=self._redraw,
                  text_scale=self._redraw, current=self._redraw, greyed=self._redraw,
                  marks=self._redraw, tags=self._redraw)

    # ---- geometry ------------------------------------------------------------------------
    def chip_height(self) -> float:
        return 44 * self.text_scale * (1.6 if any(self.tags) else 1)

    def layout(self) -> tuple[list[tuple[float, float]], float, float]:
        """The chips' centres round the table (:func:`.ring.ring_layout`: seat 1 at the top
        left, then clockwise), and the chips' width and height."""
        return ring_layout(len(self.names), self.x, self.y, self.width, self.height,
                           self.chip_height(), 8 * self.scale, 220 * self.scale,
                           40 * self.scale, 24 * self.text_scale)

    def seat_pos(self, i: int) -> tuple[float, float]:
        return self.layout()[0][i]

    # ---- drawing -------------------------------------------------------------------------
    def _draw(self, *_):
        if squeezed(self):  # hidden: drawn when its room is given back (a size change)
            return
        self._arrows.clear()
        self.arrows = []
        n = len(self.names)
        votes, counts = self.votes, self.counts
        if n == 0 or (votes is not None and len(votes) != n) or \
                (counts is not None and len(counts) != n):
            for c in self.chips:
                self.remove_widget(c)
            self.chips = []
            return  # mid-update: the next frame draws the consistent state
        centres, w, h = self.layout()
        top = max(counts) if counts else 0
        if votes is not None:
            self._draw_arrows(centres, w, h, votes, counts, top)
        while len(self._made) < n:
            self._made.append(SeatChip(size_hint=(None, None)))
        for i, name in enumerate(self.names):
            # a chip made for an earlier draw is set again from scratch: building 18 chips
            # (each with its labels and kv rules) on every vote in was most of a vote's time.
            # Each property is set once, to what this draw shows: a colour set to the default
            # and then to the chip's own would render its labels' text again for nothing.
            chip = self._made[i]
            chip.seat, chip.name, chip.size, chip.font_size = i, name, (w, h), 21 * self.text_scale
            chip.center = centres[i]
            chip.tag = self.tags[i] if i < len(self.tags) and i not in self.greyed else ""
            if not self.marks or (i in self.greyed and not (counts and counts[i])):
                chip.mark = ""
            elif counts is not None:
                chip.mark = str(counts[i])
            elif i < len(self.is_in) and self.is_in[i]:
                chip.mark = "✓"
            else:
                chip.mark = "…"
            if i in self.dead:
                fill, ink = theme.BAD, theme.TEXT
            elif i in self.greyed:
                fill, ink = theme.PANEL, theme.MUTED
            elif counts is not None and top and counts[i] == top:
                fill, ink = theme.ACCENT, DARK_TEXT  # the most voted
            elif votes is None and i < len(self.is_in) and self.is_in[i]:
                fill, ink = theme.GOOD, DARK_TEXT
            else:
                fill, ink = theme.PANEL_HI, theme.TEXT
            chip.fill, chip.ink = list(fill), list(ink)
            chip.shielded = i in self.protected
            chip.ring = list(theme.ACCENT) if i == self.current else [0, 0, 0, 0]
        chips = self._made[:n]
        if chips != self.chips:  # the same chips stay where they are
            for c in self.chips:
                self.remove_widget(c)
            for c in chips:
                self.add_widget(c)
            self.chips = chips

    def _draw_arrows(self, centres, w, h, votes, counts, top):
        hw, hh = w / 2 + 3 * self.scale, h / 2 + 3 * self.scale
        head = 16 * self.scale
        with self._arrows:
            for i, t in enumerate(votes):
                if t is None:
                    continue
                (x1, y1), (x2, y2) = centres[i], centres[t]
                mutual = votes[t] == i
                if i in self.guards:
                    Color(*theme.GOOD)
                elif counts is not None and counts[t] == top:
                    Color(*theme.ACCENT)
                else:
                    Color(*theme.ACCENT[:3], 0.55)
                dx, dy = x2 - x1, y2 - y1
                d = math.hypot(dx, dy) or 1
                ux, uy = dx / d, dy / d
                # every arrow bows toward the middle of the table, clear of the seats
                # between its ends; two players voting for each other get arrows bending
                # apart, each to its own right
                mx, my = (x1 + x2) / 2, (y1 + y2) / 2
                cx = mx + (self.center_x - mx) * 0.85
                cy = my + (self.center_y - my) * 0.85
                if mutual:
                    bend = 0.16 * d
                    cx, cy = cx + uy * bend, cy - ux * bend
                sx, sy = _edge(x1, y1, cx - x1, cy - y1, hw, hh)
                ex, ey = _edge(x2, y2, cx - x2, cy - y2, hw, hh)
                pts = _bezier((sx, sy), (cx, cy), (ex, ey))
                tx, ty = ex - cx, ey - cy
                Line(points=pts, width=2.2 * self.scale)
                self.arrows.append(pts)
                td = math.hypot(tx, ty) or 1
                tx, ty = tx / td, ty / td
                px, py = -ty, tx
                Triangle(points=[ex, ey, ex - tx * head + px * head * 0.5,
                                 ey - ty * head + py * head * 0.5,
                                 ex - tx * head - px * head * 0.5,
                                 ey - ty * head - py * head * 0.5])


def _edge(x, y, dx, dy, hw, hh):
    """Where the ray from the centre (x, y) of a hw x hh half-sized box, going (dx, dy),
    leaves the box."""
    ax, ay = abs(dx) or 1e-9, abs(dy) or 1e-9
    t = min(hw / ax, hh / ay)
    return x + dx * t, y + dy * t


def _bezier(p0, p1, p2, steps=16):
    pts = []
    for k in range(steps + 1):
        t = k / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        pts += [a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]]
    return pts
