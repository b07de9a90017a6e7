"""The players round a circle, in seat order; each seat shows whether its vote is in, and
once the votes are revealed, an arrow from each voter to the player they point at, with the
number of votes each received."""

from __future__ import annotations

import math

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, Line, Triangle
from kivy.properties import ListProperty, NumericProperty, ObjectProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from .. import theme


class VoteCircle(Widget):
    names = ListProperty([])
    is_in = ListProperty([])
    """Per seat: whether that player's vote is in (shown before the reveal)."""
    votes = ObjectProperty(None, allownone=True)
    """Per seat: the seat they point at; None until the votes are revealed."""
    counts = ObjectProperty(None, allownone=True)
    dead = ListProperty([])
    current = NumericProperty(-1)
    """A seat to ring (the player whose vote is being entered), or -1."""
    scale = NumericProperty(1.0)
    text_scale = NumericProperty(1.0)
    """The app's scale for small text (never below 0.75): the players' names use it."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self._labels: list[Label] = []
        # one redraw per frame, however many properties a screen sets in a row
        self._redraw = Clock.create_trigger(self._draw, -1)
        self.bind(pos=self._redraw, size=self._redraw, names=self._redraw, is_in=self._redraw,
                  votes=self._redraw, counts=self._redraw, dead=self._redraw,
                  scale=self._redraw, text_scale=self._redraw, current=self._redraw)

    def seat_pos(self, i: int) -> tuple[float, float]:
        n = max(1, len(self.names))
        # room outside the ring for a seat's circle and its name (70 px at 1280x800)
        r = min(self.width, self.height) / 2 - 34 * self.scale - 36 * self.text_scale
        a = math.pi / 2 - 2 * math.pi * i / n  # seat 1 at the top, then clockwise
        return self.center_x + r * math.cos(a), self.center_y + r * math.sin(a)

    def _draw(self, *_):
        self.canvas.clear()
        for lb in self._labels:
            self.remove_widget(lb)
        self._labels = []
        n = len(self.names)
        votes, counts = self.votes, self.counts
        if n == 0 or (votes is not None and len(votes) != n) or \
                (counts is not None and len(counts) != n):
            return  # mid-update: the next frame draws the consistent state
        rad = 34 * self.scale
        with self.canvas:
            if self.votes is not None:
                for i, t in enumerate(self.votes):
                    if t is None:
                        continue
                    x1, y1 = self.seat_pos(i)
                    x2, y2 = self.seat_pos(t)
                    dx, dy = x2 - x1, y2 - y1
                    d = math.hypot(dx, dy) or 1
                    ux, uy = dx / d, dy / d
                    off = 7 * self.scale  # keep mutual votes apart
                    sx, sy = x1 + ux * rad - uy * off, y1 + uy * rad + ux * off
                    ex, ey = x2 - ux * (rad + 4) - uy * off, y2 - uy * (rad + 4) + ux * off
                    Color(*theme.ACCENT)
                    Line(points=[sx, sy, ex, ey], width=2.2 * self.scale)
                    h = 20 * self.scale
                    px, py = -uy, ux
                    Triangle(points=[ex, ey, ex - ux * h + px * h * 0.5, ey - uy * h + py * h * 0.5,
                                     ex - ux * h - px * h * 0.5, ey - uy * h - py * h * 0.5])
            for i in range(n):
                x, y = self.seat_pos(i)
                if i in self.dead:
                    Color(*theme.BAD)
                elif self.votes is None and i < len(self.is_in) and self.is_in[i]:
                    Color(*theme.GOOD)
                else:
                    Color(*theme.PANEL_HI)
                Ellipse(pos=(x - rad, y - rad), size=(2 * rad, 2 * rad))
                if i == self.current:
                    Color(*theme.ACCENT)
                    Line(circle=(x, y, rad + 5 * self.scale), width=2.5 * self.scale)
        for i, name in enumerate(self.names):
            x, y = self.seat_pos(i)
            if self.counts is not None:
                mark = str(self.counts[i])
            elif i < len(self.is_in) and self.is_in[i]:
                mark = "✓"
            else:
                mark = "…"
            num = Label(text=mark, font_size=30 * self.scale, bold=True, font_name="DejaVuSans",
                        size=(2 * rad, 2 * rad), pos=(x - rad, y - rad))
            below = y < self.center_y
            ts = self.text_scale
            lb = Label(text=name, font_size=24 * ts, size=(220 * self.scale, 30 * ts),
                       halign="center", shorten=True)
            lb.text_size = lb.size
            off = rad + 18 * ts
            lb.center = (x, y - off) if below else (x, y + off)
            for w in (num, lb):
                self.add_widget(w)
                self._labels.append(w)
