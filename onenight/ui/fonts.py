"""Every character the players type and the app prints, drawn: never an empty box.

Kivy's text provider draws a whole label in one font, and SDL2_ttf draws a character that
font lacks as an empty box (a name with an emoji, the ★ of a card's difficulty). So the
provider is taught a fallback: each run of characters that the label's font lacks is
measured and drawn in the first font of ``FALLBACKS`` that has them:

* DejaVu Sans (shipped with Kivy): arrows, stars, check marks and most symbols, and the
  Greek, Cyrillic, Armenian, Georgian, Hebrew and Arabic letters Roboto lacks;
* Noto Emoji (shipped here, ``assets/fonts``, SIL Open Font License 1.1): the emoji, in
  one colour (the label's), so that they sit in the app's look.

Which characters a font has is read from its character map with fontTools, once per font,
and kept in a cache file (``use_cache``) between runs: importing fontTools and reading the
four maps took about half a second of the app's start and 5 to 10 MB (docs/performance.md).
Zero-width joiners and variation selectors that no font draws are left out rather than
boxed. :func:`missing` says which characters of a text no font of the chain can draw: the
players screen refuses such a name, and a test checks that no screen shows one.
"""

from __future__ import annotations

import json
import logging
import os
from array import array
from bisect import bisect_right
from functools import lru_cache
from pathlib import Path

FONTS = Path(__file__).parent / "assets" / "fonts"
EMOJI = FONTS / "NotoEmoji-Regular.ttf"

IGNORABLE = frozenset((0x200B, 0x200C, 0x200D, 0x2060, 0xFE0E, 0xFE0F))
"""Characters that draw nothing (joiners, variation selectors): left out when no font
has them, never drawn as a box."""
CONTROL = frozenset(map(ord, "\n\r\t"))

COMMON_END = 0x250
"""The code points below this (Latin-1 and Latin Extended-A and -B: every French and English
text) are checked for a label's font in one step (:func:`runs`)."""

CACHE_FILE = "font-charsets.json"
MIXED_KEPT = 512
"""How many texts that need a fallback font keep their runs, the most recently drawn (a text
the label's font draws whole keeps nothing: every text drawn was kept, up to 4096, each
second of a countdown one more; docs/performance.md)."""

_installed = False
_cache: Path | None = None  # the cache file, if one is used


def kivy_font(name: str) -> str:
    import kivy

    return os.path.join(os.path.dirname(kivy.__file__), "data", "fonts", name)


def fallbacks() -> list[str]:
    """The fonts tried, in order, for a character the label's own font lacks."""
    return [kivy_font("DejaVuSans.ttf"), str(EMOJI)]


def use_cache(folder: Path | None) -> None:
    """Keep the character maps read in ``folder`` (None: read every map from its font)."""
    global _cache
    _cache = Path(folder) / CACHE_FILE if folder is not None else None
    charset.cache_clear()
    _common.cache_clear()


@lru_cache(maxsize=None)
def charset(path: str) -> "CharMap":
    """The characters the font file at ``path`` draws (its character map): from the cache
    when it holds this very file (same size, same modification time), else read with
    fontTools and written to the cache. A cache that cannot be read or written is ignored."""
    try:
        st = os.stat(path)
        stamp = [st.st_size, st.st_mtime_ns]
    except OSError:
        stamp = None
    kept = _read_cache()
    entry = kept.get(path)
    if stamp is not None and isinstance(entry, dict) and entry.get("stamp") == stamp:
        try:
            return CharMap(entry["ranges"])
        except (KeyError, TypeError, ValueError, OverflowError):
            pass  # a damaged entry: read the font again
    codes = _read_charset(path)
    if stamp is not None and _cache is not None:
        kept[path] = {"stamp": stamp, "ranges": codes.ranges()}
        _write_cache(kept)
    return codes


class CharMap:
    """The characters a font draws, kept as its runs of consecutive code points: ``code in
    charmap`` looks the run up by bisection. A set of the code points held about 1 MB for the
    four fonts (a Python int and a set slot each), these runs a few kilobytes
    (docs/performance.md)."""

    __slots__ = ("_firsts", "_lasts")

    def __init__(self, ranges) -> None:
        runs = sorted((int(a), int(b)) for a, b in ranges)
        if any(a > b for a, b in runs):
            raise ValueError("a run that ends before it starts")
        self._firsts = array("l", (a for a, _ in runs))
        self._lasts = array("l", (b for _, b in runs))

    @classmethod
    def of(cls, codes) -> "CharMap":
        return cls(_ranges(codes))

    def __contains__(self, code) -> bool:
        i = bisect_right(self._firsts, code) - 1
        return i >= 0 and code <= self._lasts[i]

    def __eq__(self, other) -> bool:
        return isinstance(other, CharMap) and self._firsts == other._firsts \
            and self._lasts == other._lasts

    __hash__ = None

    def __len__(self) -> int:
        return sum(b - a + 1 for a, b in zip(self._firsts, self._lasts))

    def ranges(self) -> list[list[int]]:
        """The runs, ``[first, last]``, in order (as the cache file keeps them)."""
        return [[a, b] for a, b in zip(self._firsts, self._lasts)]


def _read_charset(path: str) -> CharMap:
    from fontTools.ttLib import TTFont

    logging.getLogger("fontTools").setLevel(logging.WARNING)
    with TTFont(path, lazy=True) as font:
        return CharMap.of(font.getBestCmap() or ())


def _ranges(codes) -> list[list[int]]:
    """``codes`` as runs of consecutive code points, ``[first, last]``."""
    out: list[list[int]] = []
    for c in sorted(codes):
        if out and out[-1][1] == c - 1:
            out[-1][1] = c
        else:
            out.append([c, c])
    return out


def _read_cache() -> dict:
    if _cache is None:
        return {}
    try:
        kept = json.loads(_cache.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}


def _write_cache(kept: dict) -> None:
    try:
        _cache.parent.mkdir(parents=True, exist_ok=True)
        part = _cache.with_name(_cache.name + ".part")
        part.write_text(json.dumps(kept), encoding="utf-8")
        os.replace(part, _cache)
    except OSError:
        pass  # no cache: the maps are read again next time


def runs(text: str, primary: str) -> tuple[tuple[str | None, str], ...]:
    """``text`` cut into runs of (font path, characters): None for the label's own font
    ``primary``, else the first fallback that has them. A character no font has stays with
    the primary (its box is then the truth); an ignorable one no font has is left out."""
    if _common(primary).issuperset(text):
        return ((None, text),)  # most texts (a countdown's every second): nothing kept
    own = charset(primary)
    if all(ord(c) in own or ord(c) in CONTROL for c in text):
        return ((None, text),)
    return _mixed_runs(text, primary)


@lru_cache(maxsize=None)
def _common(primary: str) -> frozenset[str]:
    """The characters below ``COMMON_END`` that the font ``primary`` draws, and the controls.
    Kivy measures a label's text word by word and part by part as it wraps it, each time
    through :func:`runs`: a text made only of these is seen whole by one set operation,
    where looking each character up in the font's runs cost a twentieth of a walk's CPU in
    the UI tests (docs/performance.md). A few hundred one-letter strings per font."""
    own = charset(primary)
    return frozenset(chr(c) for c in range(COMMON_END) if c in own or c in CONTROL)


@lru_cache(maxsize=MIXED_KEPT)
def _mixed_runs(text: str, primary: str) -> tuple[tuple[str | None, str], ...]:
    own = charset(primary)
    chain = [(p, charset(p)) for p in fallbacks() if p != primary]
    out: list[tuple[str | None, str]] = []
    for ch in text:
        code = ord(ch)
        font = None
        if code not in own and code not in CONTROL:
            font = next((p for p, cs in chain if code in cs), None)
            if font is None and code in IGNORABLE:
                continue
        if out and out[-1][0] == font:
            out[-1] = (font, out[-1][1] + ch)
        else:
            out.append((font, ch))
    return tuple(out)


def missing(text: str, primary: str | None = None) -> list[str]:
    """The characters of ``text`` that neither ``primary`` (Roboto by default) nor any
    fallback can draw: each would show as an empty box."""
    fonts = [charset(primary or kivy_font("Roboto-Regular.ttf"))] + \
        [charset(p) for p in fallbacks()]
    return [ch for ch in dict.fromkeys(text)
            if ord(ch) not in CONTROL and ord(ch) not in IGNORABLE
            and not any(ord(ch) in cs for cs in fonts)]


def font_id(label) -> str:
    """The key Kivy keeps an open SDL2_ttf font under, with the size in whole pixels.

    SDL2_ttf opens a font at a whole size (23.2 and 23.9 are drawn alike, at 23), but Kivy
    keys its open fonts by the size as given, and keeps the last 64 it opened: a label fitted
    to its room (``FitLabel``, ``FitText``) tries fractional sizes, so every name and line of
    a game opened the same font again under a new key (about 0.1 MB each), and past 64 the
    oldest were closed and opened again, all evening (docs/performance.md)."""
    o = label.options
    return "|".join(str(v) for v in (int(o["font_size"]), o["font_name_r"], o["bold"],
                                     o["italic"], o["underline"], o["strikethrough"]))


def install() -> bool:
    """Teach Kivy's SDL2 text provider the fallback, and to open a font once per whole
    size (:func:`font_id`), once. False when another provider draws the text (it then does
    without)."""
    global _installed
    if _installed:
        return True
    import kivy.core.text as core_text
    from kivy.core.text._text_sdl2 import _get_fontascent

    try:
        from kivy.core.text.text_sdl2 import LabelSDL2
    except ImportError:
        return False
    if not issubclass(core_text.Label, LabelSDL2):
        return False
    own_extents = LabelSDL2.get_extents
    own_render = LabelSDL2._render_text

    def _in(label, font, call, *args):
        """``call`` with ``label`` drawing in ``font`` for the time of it."""
        options = label.options
        kept = options["font_name_r"]
        options["font_name_r"] = font
        try:
            return call(label, *args)
        finally:
            options["font_name_r"] = kept

    def get_extents(self, text):
        primary = self.options.get("font_name_r")
        parts = runs(text, primary) if primary and text else ((None, text),)
        if len(parts) == 1 and parts[0][0] is None:
            return own_extents(self, parts[0][1])
        width, height = 0, own_extents(self, "")[1]
        for font, chunk in parts:
            w, h = own_extents(self, chunk) if font is None else \
                _in(self, font, own_extents, chunk)
            width += w
            height = max(height, h)
        return width, height

    def render_text(self, text, x, y):
        primary = self.options.get("font_name_r")
        parts = runs(text, primary) if primary and text else ((None, text),)
        if len(parts) == 1 and parts[0][0] is None:
            return own_render(self, parts[0][1], x, y)
        ascent = _get_fontascent(self)
        for font, chunk in parts:
            if font is None:
                own_render(self, chunk, x, y)
                x += own_extents(self, chunk)[0]
                continue
            # on the same baseline as the label's own font
            shift = ascent - _in(self, font, lambda lb: _get_fontascent(lb))
            _in(self, font, own_render, chunk, x, y + shift)
            x += _in(self, font, own_extents, chunk)[0]

    LabelSDL2.get_extents = get_extents
    LabelSDL2._render_text = render_text
    LabelSDL2._get_font_id = font_id
    _installed = True
    return True
