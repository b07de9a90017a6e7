"""Each card's emblem, drawn for this project with canvas instructions.

A glyph is a list of shapes in a unit square (0..1, y up). Shapes: ``("disc", cx, cy, r)``,
``("ring", cx, cy, r, w)``, ``("tri", x1, y1, x2, y2, x3, y3)``, ``("rect", x, y, w, h)``,
``("line", w, x1, y1, x2, y2, ...)``, ``("oval", x, y, w, h)``; a shape may end with ``"dark"``
to be drawn darker (holes, eyes), or with ``"bg"`` to be drawn in the tile's colour (to cut a
shape out). The tile's colour is the card's team.
"""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle, Triangle
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.widget import Widget

from onenight.rules.cards import ARTIFACT, ROLE

from .. import theme

_WOLF = [("tri", .22, .62, .30, .88, .42, .66), ("tri", .78, .62, .70, .88, .58, .66),
         ("tri", .20, .66, .80, .66, .50, .14), ("disc", .40, .52, .045, "dark"),
         ("disc", .60, .52, .045, "dark"), ("tri", .45, .30, .55, .30, .50, .22, "dark")]

GLYPHS: dict[str, list] = {
    "werewolf": _WOLF,
    "alpha_wolf": _WOLF[:3] + [("tri", .34, .86, .42, .86, .38, .97), ("tri", .46, .86, .54, .86, .50, .97),
                               ("tri", .58, .86, .66, .86, .62, .97), ("rect", .34, .80, .32, .07)]
    + _WOLF[3:],
    "mystic_wolf": _WOLF + [("ring", .50, .74, .07, 1.6, "dark"), ("disc", .50, .74, .025, "dark")],
    "dream_wolf": _WOLF[:3] + [("line", 1.6, .34, .52, .45, .52, "dark"),
                               ("line", 1.6, .55, .52, .66, .52, "dark"),
                               ("line", 1.5, .74, .90, .88, .90, .74, .76, .88, .76)],
    "minion": [("disc", .50, .66, .16), ("tri", .26, .12, .74, .12, .50, .62),
               ("disc", .44, .68, .03, "dark"), ("disc", .56, .68, .03, "dark"),
               ("tri", .30, .72, .70, .72, .50, .95)],
    "mason": [("rect", .20, .18, .14, .62), ("rect", .20, .18, .60, .14),
              ("line", 2, .50, .86, .36, .40), ("line", 2, .50, .86, .76, .40),
              ("disc", .50, .86, .05)],
    "seer": [("oval", .12, .32, .76, .36), ("disc", .50, .50, .15, "dark"), ("disc", .50, .50, .07),
             ("line", 1.5, .50, .76, .50, .90), ("line", 1.5, .28, .72, .22, .84),
             ("line", 1.5, .72, .72, .78, .84)],
    "apprentice_seer": [("oval", .22, .38, .56, .26), ("disc", .50, .51, .10, "dark"),
                        ("disc", .50, .51, .045), ("tri", .42, .16, .58, .16, .50, .30),
                        ("tri", .42, .26, .58, .26, .50, .12)],
    "paranormal_investigator": [("ring", .42, .58, .20, 2.2), ("line", 3, .56, .44, .82, .16),
                                ("oval", .32, .50, .20, .22), ("disc", .38, .62, .02, "dark"),
                                ("disc", .46, .62, .02, "dark")],
    "robber": [("rect", .12, .46, .76, .18), ("disc", .34, .55, .07, "dark"),
               ("disc", .66, .55, .07, "dark"), ("rect", .26, .68, .48, .18),
               ("rect", .16, .66, .68, .05)],
    "witch": [("tri", .26, .34, .74, .34, .58, .92), ("rect", .12, .28, .76, .08),
              ("rect", .34, .38, .32, .06, "dark"), ("line", 2, .30, .18, .70, .18)],
    "troublemaker": [("line", 2.5, .18, .22, .80, .78), ("line", 2.5, .18, .78, .80, .22),
                     ("tri", .84, .84, .70, .80, .80, .70), ("tri", .84, .16, .80, .30, .70, .20),
                     ("disc", .50, .50, .07)],
    "village_idiot": [("tri", .50, .52, .26, .62, .08, .88), ("tri", .50, .52, .74, .62, .92, .88),
                      ("tri", .30, .52, .70, .52, .50, .66), ("disc", .08, .86, .05),
                      ("disc", .92, .86, .05), ("disc", .50, .32, .17),
                      ("disc", .44, .36, .025, "dark"), ("disc", .56, .36, .025, "dark"),
                      ("line", 1.4, .42, .26, .50, .22, .58, .26, "dark")],
    "aura_seer": [("disc", .50, .50, .14), ("ring", .50, .50, .24, 1.5)]
    + [("line", 1.8, .50 + .30 * dx, .50 + .30 * dy, .50 + .40 * dx, .50 + .40 * dy)
       for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (.7, .7), (-.7, .7), (.7, -.7), (-.7, -.7))],
    "drunk": [("rect", .38, .14, .24, .48), ("rect", .45, .62, .10, .20), ("rect", .43, .82, .14, .05),
              ("rect", .40, .30, .20, .14, "dark"), ("disc", .74, .76, .04), ("disc", .80, .62, .03)],
    "insomniac": [("disc", .44, .56, .30), ("disc", .58, .64, .26, "bg"),
                  ("disc", .72, .30, .05), ("disc", .82, .44, .035)],
    "revealer": [("rect", .20, .20, .34, .52), ("rect", .24, .24, .26, .44, "dark"),
                 ("rect", .48, .28, .34, .52), ("line", 2, .30, .86, .60, .92, .72, .86),
                 ("tri", .66, .94, .78, .84, .66, .80)],
    "curator": [("rect", .18, .20, .64, .40), ("rect", .16, .58, .68, .16),
                ("rect", .46, .36, .08, .10, "dark"), ("disc", .50, .48, .04, "dark")],
    "villager": [("rect", .24, .18, .52, .40), ("tri", .16, .56, .84, .56, .50, .86),
                 ("rect", .44, .18, .12, .22, "dark"), ("rect", .62, .66, .08, .14)],
    "hunter": [("ring", .50, .50, .28, 2), ("line", 2, .50, .12, .50, .88),
               ("line", 2, .12, .50, .88, .50), ("disc", .50, .50, .05)],
    "tanner": [("disc", .50, .58, .26), ("disc", .40, .60, .06, "dark"), ("disc", .60, .60, .06, "dark"),
               ("rect", .38, .24, .24, .14), ("line", 1.4, .44, .24, .44, .36, "dark"),
               ("line", 1.4, .50, .24, .50, .36, "dark"), ("line", 1.4, .56, .24, .56, .36, "dark")],
    "bodyguard": [("rect", .24, .40, .52, .44), ("tri", .24, .40, .76, .40, .50, .10),
                  ("rect", .46, .26, .08, .50, "dark"), ("rect", .32, .56, .36, .08, "dark")],
    "prince": [("rect", .20, .24, .60, .16), ("tri", .20, .40, .40, .40, .20, .76),
               ("tri", .36, .40, .64, .40, .50, .84), ("tri", .60, .40, .80, .40, .80, .76),
               ("disc", .20, .78, .04), ("disc", .50, .86, .04), ("disc", .80, .78, .04)],
    "sentinel": [("rect", .30, .14, .40, .56), ("rect", .26, .66, .12, .14), ("rect", .44, .66, .12, .14),
                 ("rect", .62, .66, .12, .14), ("rect", .44, .14, .12, .18, "dark"),
                 ("rect", .46, .44, .08, .10, "dark")],
    "doppelganger": [("disc", .40, .54, .22), ("ring", .62, .48, .22, 2),
                     ("disc", .34, .58, .03, "dark"), ("disc", .46, .58, .03, "dark")],
    # artifacts
    "claw": [("line", 3, .24, .20, .42, .80), ("line", 3, .42, .18, .58, .82),
             ("line", 3, .60, .20, .76, .80)],
    "brand": [("line", 3, .50, .12, .50, .56), ("ring", .50, .70, .15, 2.5),
              ("line", 2, .40, .70, .60, .70)],
    "cudgel": [("line", 4, .26, .16, .56, .62), ("oval", .46, .50, .30, .36)],
    "void": [("ring", .50, .50, .30, 1.2), ("ring", .50, .50, .18, 1.2), ("disc", .50, .50, .05)],
    "mute": [("oval", .18, .26, .64, .54), ("disc", .38, .60, .06, "dark"),
             ("disc", .62, .60, .06, "dark"), ("line", 3, .34, .40, .66, .40, "dark")],
    "shroud": [("tri", .14, .12, .86, .12, .50, .88), ("disc", .50, .64, .10, "dark")],
}


def tile_colour(card: str):
    if card in ARTIFACT:
        return theme.TEAM_COLOURS["artifact"]
    if card in ROLE:
        return theme.TEAM_COLOURS[ROLE[card].team.value]
    return theme.PANEL_HI


class Emblem(Widget):
    """A card's emblem on a tile in its team's colour; ``card`` is a role or artifact id."""

    card = StringProperty("")
    """Role id or artifact id; empty draws an empty tile."""

    dim = BooleanProperty(False)
    """Draw faded (a card not chosen)."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.bind(pos=self._draw, size=self._draw, card=self._draw, dim=self._draw)
        self._draw()

    def _draw(self, *_):
        self.canvas.clear()
        side = min(self.width, self.height)
        x0 = self.x + (self.width - side) / 2
        y0 = self.y + (self.height - side) / 2
        bg = tile_colour(self.card)
        a = 0.35 if self.dim else 1.0
        fg = (0.97, 0.94, 0.86, a)
        dark = (bg[0] * 0.55, bg[1] * 0.55, bg[2] * 0.55, a)
        wscale = max(1.0, side / 40)
        with self.canvas:
            Color(bg[0], bg[1], bg[2], a)
            RoundedRectangle(pos=(x0, y0), size=(side, side), radius=[side * 0.16])
            for shape in GLYPHS.get(self.card, []):
                mark = shape[-1] if shape[-1] in ("dark", "bg") else None
                Color(*(dark if mark == "dark" else (bg[0], bg[1], bg[2], a) if mark == "bg"
                        else fg))
                s = shape[:-1] if mark else shape
                kind = s[0]

                def P(u, v):
                    return x0 + u * side, y0 + v * side

                if kind == "disc":
                    cx, cy = P(s[1], s[2])
                    r = s[3] * side
                    Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
                elif kind == "ring":
                    cx, cy = P(s[1], s[2])
                    Line(circle=(cx, cy, s[3] * side), width=s[4] * wscale)
                elif kind == "oval":
                    Ellipse(pos=P(s[1], s[2]), size=(s[3] * side, s[4] * side))
                elif kind == "rect":
                    Rectangle(pos=P(s[1], s[2]), size=(s[3] * side, s[4] * side))
                elif kind == "tri":
                    pts = []
                    for i in range(1, 7, 2):
                        pts.extend(P(s[i], s[i + 1]))
                    Triangle(points=pts)
                elif kind == "line":
                    pts = []
                    for i in range(2, len(s), 2):
                        pts.extend(P(s[i], s[i + 1]))
                    Line(points=pts, width=s[1] * wscale)
