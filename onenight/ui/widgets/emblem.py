"""Each card's emblem: a pictogram of game-icons.net in cream on a rounded tile in the colour
of the card's team.

The pictograms are white PNGs in ``onenight/ui/assets/emblems/``, rendered at build time by
``scripts/render-emblems`` from ``scripts/emblems.toml`` and listed in ``manifest.json`` (which
icon, whose, and the team of a card that no rules table of the package knows). Each is loaded
once, the first time a tile shows it, and tinted by the colour it is drawn in. A pictogram
drawn at half its side or more is sampled as it is; one drawn smaller takes a mipmapped copy,
loaded when it is first drawn so (a software renderer compiles its mipmap generator for the
first one: 0.2 s that the home screen, whose emblems are large, no longer pays before its
first frame; docs/performance.md). A card with no pictogram shows its initials on its tile instead; an empty card, an
empty tile.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from importlib import resources
from pathlib import Path

from kivy.core.image import Image as CoreImage
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Rectangle, RoundedRectangle
from kivy.logger import Logger
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.widget import Widget

from onenight.rules.cards import ARTIFACT, ROLE

from .. import theme

GLYPH = (0.97, 0.94, 0.86)
"""The pictogram's colour, on every team's tile."""

GLYPH_SIDE = 0.76
"""The pictogram's side, a fraction of the tile's (the icons carry a little margin of their
own)."""

INITIALS_HEIGHT = 0.42
"""The initials' height (of a card with no pictogram), a fraction of the tile's side."""


def folder() -> Path:
    return Path(os.fspath(resources.files("onenight.ui") / "assets" / "emblems"))


@lru_cache(maxsize=1)
def manifest() -> dict[str, dict]:
    """Card id → its entry in the emblems' manifest (``file``, ``icon``, ``author``, and
    ``team`` for a card the rules tables do not know). Empty if the manifest cannot be read:
    every card then shows its initials."""
    path = folder() / "manifest.json"
    try:
        emblems = json.loads(path.read_text(encoding="utf-8"))["emblems"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        Logger.warning(f"Emblem: cannot read {path}: {e}")
        return {}
    return emblems if isinstance(emblems, dict) else {}


MIPMAP_BELOW = 0.45
"""A pictogram drawn smaller than this fraction of its side is drawn from its mipmapped copy
(sampled as it is, it would shimmer and lose its thin strokes). A tile not laid out yet
(Kivy's 100 pixels, its pictogram 76) takes the picture as it is."""

_textures: dict[tuple[str, bool], object] = {}


def texture(card: str, side: float | None = None):
    """The card's pictogram as a texture (loaded once), or None when it has none. ``side``:
    the side it is drawn at, in pixels; below :data:`MIPMAP_BELOW` of its own, the mipmapped
    copy (None: the mipmapped copy, which suits any size)."""
    entry = manifest().get(card)
    if not (isinstance(entry, dict) and isinstance(entry.get("file"), str)):
        return None
    path = folder() / entry["file"]
    mipmap = side is None or side < MIPMAP_BELOW * _png_side(path)
    if (card, mipmap) not in _textures:
        tex = None
        try:
            tex = CoreImage(str(path), mipmap=mipmap).texture
        except Exception as e:  # Kivy's loaders raise bare Exceptions for a bad file
            Logger.warning(f"Emblem: cannot load {path}: {e}")
        else:
            if mipmap:
                tex.min_filter = "linear_mipmap_linear"  # smooth when drawn small
        _textures[(card, mipmap)] = tex
    return _textures[(card, mipmap)]


@lru_cache(maxsize=None)
def _png_side(path: Path) -> int:
    """The width of the PNG at ``path``, read from its header; 0 when it cannot be read (the
    mipmapped copy is then taken, and its loader says what is wrong)."""
    try:
        with open(path, "rb") as f:
            head = f.read(24)
    except OSError:
        return 0
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return 0
    return int.from_bytes(head[16:20], "big")


def initials(card: str) -> str:
    """What stands for a card with no pictogram: the first letters of its id's first two
    words ("big_bad_wolf" → "BB")."""
    return "".join(w[0] for w in card.split("_") if w)[:2].upper() or "?"


_initials: dict[str, object] = {}


def initials_texture(text: str):
    if text not in _initials:
        label = CoreLabel(text=text, font_size=72, bold=True)
        label.refresh()
        _initials[text] = label.texture
    return _initials[text]


def team_of(card: str, team: str = "") -> str:
    """The team whose colour the card's tile takes: ``team`` when given, else the rules'
    team of a one-night card, ``artifact`` for an artifact, else the manifest's."""
    if team:
        return team
    if card in ARTIFACT:
        return "artifact"
    if card in ROLE:
        return ROLE[card].team.value
    entry = manifest().get(card)
    return entry.get("team", "") if isinstance(entry, dict) else ""


def tile_colour(card: str, team: str = ""):
    return theme.TEAM_COLOURS.get(team_of(card, team), theme.PANEL_HI)


class Emblem(Widget):
    """A card's emblem on a square tile in its team's colour, centred in the widget; ``card``
    is a role or artifact id of either game."""

    card = StringProperty("")
    """Role id or artifact id; empty draws an empty tile."""

    team = StringProperty("")
    """The team whose colour the tile takes (a key of ``theme.TEAM_COLOURS``), for a card
    whose team the game has changed or that no table here knows; empty: the card's own."""

    dim = BooleanProperty(False)
    """Draw faded (a card not chosen)."""

    def __init__(self, **kw):
        super().__init__(**kw)
        # built once; a change moves or recolours them, never rebuilds them
        with self.canvas:
            self._tile_colour = Color()
            self._tile = RoundedRectangle()
            self._glyph_colour = Color(*GLYPH)
            self._glyph = Rectangle(size=(0, 0))
        self.bind(pos=self._update, size=self._update, card=self._update, team=self._update,
                  dim=self._update)
        self._update()

    def _update(self, *_):
        side = min(self.width, self.height)
        x0 = self.x + (self.width - side) / 2
        y0 = self.y + (self.height - side) / 2
        alpha = 0.35 if self.dim else 1.0
        bg = tile_colour(self.card, self.team)
        self._tile_colour.rgba = (bg[0], bg[1], bg[2], alpha)
        self._tile.pos, self._tile.size = (x0, y0), (side, side)
        self._tile.radius = [side * 0.16]
        self._glyph_colour.rgba = (*GLYPH, alpha)
        tex = texture(self.card, side * GLYPH_SIDE) if self.card else None
        if tex is not None:
            w = h = side * GLYPH_SIDE
        elif self.card:
            tex = initials_texture(initials(self.card))
            h = side * INITIALS_HEIGHT
            w = min(side * GLYPH_SIDE, h * tex.width / tex.height)
        else:
            w = h = 0
        self._glyph.texture = tex
        self._glyph.pos = (x0 + (side - w) / 2, y0 + (side - h) / 2)
        self._glyph.size = (w, h)
