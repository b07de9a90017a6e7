"""The home screen's picture, drawn in code: a night sky over a village, a full moon, and
the stars (the same every time). Nothing of it is copied from anywhere."""

from __future__ import annotations

import random

from kivy.graphics import Color, Ellipse, Rectangle, Triangle
from kivy.uix.widget import Widget

SKY_TOP = (0.06, 0.07, 0.13, 1)
SKY_LOW = (0.13, 0.14, 0.22, 1)
MOON = (0.96, 0.91, 0.74, 1)
HALO = (0.96, 0.91, 0.74, 0.07)
HOUSES = (0.05, 0.05, 0.08, 1)
WINDOW = (0.93, 0.66, 0.25, 0.85)


def _stars(n=70, seed=7):
    rng = random.Random(seed)
    return [(rng.random(), 0.35 + 0.65 * rng.random(), 0.4 + rng.random(), 0.3 + 0.6 * rng.random())
            for _ in range(n)]


STARS = _stars()
STAR_SEGMENTS = 8  # a star is 1 to 3 pixels wide (Kivy's 180 segments by default made each
# one 180 triangles: 13,000 for the sky, kept and drawn with the home screen)
# the village's roofline: (x, width, wall height, roof height), in parts of the width/height
VILLAGE = [(0.00, 0.09, 0.10, 0.05), (0.08, 0.07, 0.14, 0.06), (0.16, 0.10, 0.09, 0.05),
           (0.27, 0.05, 0.22, 0.08), (0.33, 0.09, 0.11, 0.05), (0.44, 0.12, 0.08, 0.06),
           (0.58, 0.07, 0.13, 0.05), (0.66, 0.10, 0.10, 0.06), (0.77, 0.06, 0.16, 0.05),
           (0.84, 0.09, 0.09, 0.05), (0.92, 0.08, 0.12, 0.06)]


class NightSky(Widget):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.bind(pos=self._draw, size=self._draw)
        self._draw()

    def _draw(self, *_):
        self.canvas.clear()
        x, y, w, h = self.x, self.y, self.width, self.height
        with self.canvas:
            # the sky: lighter toward the horizon, in soft bands
            bands = 16
            for k in range(bands):
                t = k / (bands - 1)
                Color(*[SKY_LOW[i] + (SKY_TOP[i] - SKY_LOW[i]) * t for i in range(3)], 1)
                Rectangle(pos=(x, y + h * k / bands), size=(w, h / bands + 1))
            for sx, sy, r, a in STARS:
                Color(1, 1, 1, a)
                s = r * max(1.5, h / 400)
                Ellipse(pos=(x + sx * w, y + sy * h), size=(s, s), segments=STAR_SEGMENTS)
            # the moon, with a faint halo
            m = h * 0.13
            cx, cy = x + w * 0.78, y + h * 0.30  # rising over the village
            for k in (2.2, 1.5):
                Color(*HALO)
                Ellipse(pos=(cx - m * k / 2, cy - m * k / 2), size=(m * k, m * k))
            Color(*MOON)
            Ellipse(pos=(cx - m / 2, cy - m / 2), size=(m, m))
            # the village, dark against the sky, a few windows still lit
            Color(*HOUSES)
            Rectangle(pos=(x, y), size=(w, h * 0.05))
            for hx, hw, wall, roof in VILLAGE:
                bx, bw = x + hx * w, hw * w
                Rectangle(pos=(bx, y), size=(bw, h * wall))
                Triangle(points=[bx - bw * 0.08, y + h * wall, bx + bw * 1.08, y + h * wall,
                                 bx + bw / 2, y + h * (wall + roof)])
            Color(*WINDOW)
            for i, (hx, hw, wall, _roof) in enumerate(VILLAGE):
                if i % 3 == 1:
                    s = h * 0.025
                    Rectangle(pos=(x + (hx + hw / 2) * w - s / 2, y + h * wall * 0.45), size=(s, s))
