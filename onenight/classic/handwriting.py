"""Seed 000's Graphologue's notes: each player writes the name of his character with a finger,
and the note is kept as its strokes, in a compact and bounded form that a record can hold.

A note is a list of strokes; a stroke is the flat list of its points' coordinates,
``[x0, y0, x1, y1, …]``, each an integer on a 0..:data:`GRID` grid of the page (x to the
right, y upwards, the page's lower left corner at 0, 0; the page is :data:`ASPECT` times as
wide as tall). A note holds 1 to :data:`MAX_STROKES`
strokes and at most :data:`MAX_POINTS` points in all; a stroke holds 1 point (a dot) or more.
Nothing else is kept: no seat, no time, no order of writing beyond the strokes' own, so a
note shown to the Graphologue tells him only what the hand wrote.

Pure Python: the drawing pad (``onenight.ui.widgets.note_pad``) turns touches into points
with :func:`to_grid` and :func:`thinned`; :func:`read_note` checks a note from anywhere (a
record, an event) and names what is wrong.
"""

from __future__ import annotations

from typing import Any

from onenight.common.errors import RecordError
from onenight.common.values import show

#: The page's grid: a coordinate is an integer from 0 to GRID.
GRID = 1000
#: The page is this many times as wide as it is tall (the pad's and the sheet's alike), so the
#: grid's square steps are not: a note drawn on a page of this shape looks as it was written.
ASPECT = 2.0
#: The most strokes one note holds (a long name in joined letters takes about twenty).
MAX_STROKES = 60
#: The most points one note holds, all strokes together (a pad stops taking points there).
MAX_POINTS = 1500
#: A point closer than this (on the grid) to the last one kept of its stroke is dropped: the
#: finger's jitter, which would only fill the note.
MIN_STEP = 4

Stroke = tuple[int, ...]
Note = tuple[Stroke, ...]


def to_grid(x: float, y: float, width: float, height: float) -> tuple[int, int]:
    """A point of a page ``width`` by ``height`` (its own coordinates, from its lower left
    corner) on the grid, kept on the page."""
    gx = round(x / width * GRID) if width > 0 else 0
    gy = round(y / height * GRID) if height > 0 else 0
    return min(max(gx, 0), GRID), min(max(gy, 0), GRID)


def points(note: Note) -> int:
    """How many points the note holds, all strokes together."""
    return sum(len(s) // 2 for s in note)


def thinned(stroke: Stroke, x: int, y: int) -> Stroke:
    """The stroke with the point (x, y) added, unless it is within :data:`MIN_STEP` of the
    stroke's last point (the finger has barely moved)."""
    if len(stroke) >= 2 and abs(stroke[-2] - x) < MIN_STEP and abs(stroke[-1] - y) < MIN_STEP:
        return stroke
    return stroke + (x, y)


def read_note(raw: Any, where: str, error: type = RecordError) -> Note:
    """The note ``raw`` holds (a list of strokes, each a flat list of grid coordinates), or
    ``error`` naming the field that is wrong and why."""
    if not isinstance(raw, list) or not raw:
        raise error(where, f"expected a note: a list of 1 to {MAX_STROKES} strokes (an empty "
                           f"page is no note), got {show(raw)}")
    if len(raw) > MAX_STROKES:
        raise error(where, f"{len(raw)} strokes: a note holds at most {MAX_STROKES}")
    out: list[Stroke] = []
    total = 0
    for i, s in enumerate(raw):
        f = f"{where}[{i}]"
        if not isinstance(s, list) or not s or len(s) % 2:
            raise error(f, "expected a stroke: a flat list of x, y grid coordinates (at least "
                           f"one point), got {show(s)}")
        for j, v in enumerate(s):
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= GRID:
                raise error(f"{f}[{j}]", f"expected a whole number from 0 to {GRID}, got "
                                         f"{show(v)}")
        total += len(s) // 2
        if total > MAX_POINTS:
            raise error(f, f"the note passes {MAX_POINTS} points: a note holds at most "
                           f"{MAX_POINTS}")
        out.append(tuple(s))
    return tuple(out)


def scribble(rng) -> Note:
    """A note of a few random strokes within the bounds, from ``rng`` (a ``random.Random``):
    the hand of a game played by events (the demo, the screenshots, random whole games)."""
    return tuple(tuple(rng.randint(0, GRID) for _ in range(2 * rng.randint(1, 12)))
                 for _ in range(rng.randint(1, 6)))


def note_json(note: Note) -> list[list[int]]:
    return [list(s) for s in note]


__all__ = ["GRID", "ASPECT", "MAX_STROKES", "MAX_POINTS", "MIN_STEP", "Note", "Stroke", "to_grid",
           "points", "thinned", "read_note", "scribble", "note_json"]
