"""The Graphologue's drawing pad and the note he is shown (seed 000).

:class:`NotePad`: a page on which a player writes the name of his character with a finger,
each touch a stroke (its points on the note's grid, :mod:`onenight.classic.handwriting`), with
"Erase" (the page blank again) and "Done" (an empty page is refused, with a word saying why).
It says what was written with ``on_written(note)``. It takes no controller and knows no seat:
whoever holds the tablet writes; the screen that carries it knows whose turn it is.

:class:`NoteSheet`: a note drawn on a page of the same shape, nothing but its strokes.

The page keeps :data:`onenight.classic.handwriting.ASPECT` (wider than tall) whatever room it
is given, so a note looks on the Graphologue's sheet as it was written."""

from __future__ import annotations

from kivy.graphics import Color, Line, Rectangle
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from onenight.classic import handwriting as hw

PAGE = (0.96, 0.94, 0.88, 1)
INK = (0.08, 0.10, 0.25, 1)


def page_box(x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    """The page's (x, y, width, height) in a widget's box: as large as it fits, centred."""
    pw = min(w, h * hw.ASPECT)
    ph = pw / hw.ASPECT
    return x + (w - pw) / 2, y + (h - ph) / 2, pw, ph


class NoteSheet(Widget):
    """A note on its page, nothing else: its strokes in ink, scaled to the room given."""

    note = ObjectProperty((), allownone=True)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.bind(pos=self.redraw, size=self.redraw, note=self.redraw)

    def ink_width(self) -> float:
        return max(1.5, self.height / 120)

    def redraw(self, *_):
        px, py, pw, ph = page_box(*self.pos, *self.size)
        self.canvas.clear()
        with self.canvas:
            Color(*PAGE)
            Rectangle(pos=(px, py), size=(pw, ph))
            Color(*INK)
            for s in self.note or ():
                pts = [px + v * pw / hw.GRID if i % 2 == 0 else py + v * ph / hw.GRID
                       for i, v in enumerate(s)]
                if len(pts) == 2:  # a dot
                    pts = pts + [pts[0] + 0.5, pts[1]]
                Line(points=pts, width=self.ink_width(), cap="round", joint="round")


class WritingPage(NoteSheet):
    """The page a finger writes on: each touch that starts on it is a stroke, kept within
    the note's bounds (past :data:`~onenight.classic.handwriting.MAX_POINTS` points or
    :data:`~onenight.classic.handwriting.MAX_STROKES` strokes, the page takes no more)."""

    full = BooleanProperty(False)

    def _grid(self, touch) -> tuple[int, int]:
        px, py, pw, ph = page_box(*self.pos, *self.size)
        return hw.to_grid(touch.x - px, touch.y - py, pw, ph)

    def _on_page(self, touch) -> bool:
        px, py, pw, ph = page_box(*self.pos, *self.size)
        return px <= touch.x <= px + pw and py <= touch.y <= py + ph

    def _room(self) -> bool:
        note = self.note or ()
        self.full = len(note) >= hw.MAX_STROKES or hw.points(note) >= hw.MAX_POINTS
        return not self.full

    def on_touch_down(self, touch):
        if not self._on_page(touch):
            return super().on_touch_down(touch)
        if self._room():
            touch.grab(self)
            touch.ud[self] = True
            self.note = tuple(self.note or ()) + (tuple(self._grid(touch)),)
        return True

    def on_touch_move(self, touch):
        if touch.grab_current is not self or not touch.ud.get(self):
            return super().on_touch_move(touch)
        if self._room():
            *rest, last = self.note
            self.note = tuple(rest) + (hw.thinned(last, *self._grid(touch)),)
        return True

    def on_touch_up(self, touch):
        if touch.grab_current is not self:
            return super().on_touch_up(touch)
        touch.ungrab(self)
        self._room()
        return True


class NotePad(BoxLayout):
    """The page, "Erase" and "Done" (rules in note_pad.kv). ``refused``: "Done" was tapped on
    an empty page (the word that says so shows until something is written)."""

    note = ObjectProperty((), allownone=True)
    refused = BooleanProperty(False)
    full = BooleanProperty(False)

    __events__ = ("on_written",)

    def on_written(self, note):
        pass

    def on_note(self, *_):
        if self.note:
            self.refused = False

    def erase(self) -> None:
        """The page blank again (and no word of refusal left for the next writer)."""
        self.note, self.refused = (), False
        self.ids.page.note = ()

    def done(self) -> bool:
        """Hand the note on (True), or refuse an empty page (False)."""
        if not self.note:
            self.refused = True
            return False
        note = hw.read_note([list(s) for s in self.note], "note")  # within bounds by making
        self.dispatch("on_written", note)
        return True


__all__ = ["NotePad", "NoteSheet", "WritingPage", "page_box", "PAGE", "INK"]
