"""The night's step on the tablet in the middle, for both games: :class:`StepFrame` (dim, the
step's title, where the night is, the time left in the step) and :class:`SecretPanel` (what
the woken learn, large, during their step only).

Peeking must teach nothing, so the frame has no part that depends on who is awake: the
same title, the same counters, the same body for a step whose player acts, whose card lies in
the centre, or whose player passes; it lasts as long as the step's window, which the screen
takes from the night's plan (the deck's, never the deal's). The frame draws no background:
the screen showing it sets the window's clear colour to the night's
(``theme.NIGHT_BG``), as the night screen does, so a software renderer does not fill the
whole screen twice a frame. Widgets added to a frame (a :class:`.seat_ring.SeatRing`, a
secret panel) go in its body, under the title.

A :class:`SecretPanel` is given plain data, a list of :class:`Secret` (a sentence and the
cards it shows), by the screen when the woken learn something, and cleared when the step
ends; it keeps its place on screen when empty, so nothing moves when it fills."""

from __future__ import annotations

from dataclasses import dataclass

from kivy.factory import Factory
from kivy.properties import ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from onenight.classic.handwriting import ASPECT

from .fit_label import FitText
from .note_pad import NoteSheet


@dataclass(frozen=True)
class Secret:
    """One thing the woken learn: a sentence (translated by the screen), and the cards it
    shows (card ids: their emblems, large), or a handwritten note (its strokes: seed 000's
    Graphologue's, drawn large beside the sentence, nothing else with it)."""

    text: str
    cards: tuple[str, ...] = ()
    note: tuple = ()


class StepFrame(BoxLayout):
    title = StringProperty("")
    """The step's name, as the voice calls it."""
    progress = StringProperty("")
    """Where the night is ("Step 3 of 9")."""
    time_left = StringProperty("")
    """The time left in the step ("0:12")."""
    line = StringProperty("")
    """What the voice is saying (the host reads it aloud when there is no voice)."""

    def __init__(self, **kw):
        self._waiting: list = []  # added before the body was built
        super().__init__(**kw)

    def add_widget(self, widget, *args, **kw):
        if isinstance(widget, (StepHeader, StepLine, StepBody)):
            super().add_widget(widget, *args, **kw)
            if isinstance(widget, StepBody):
                for w in self._waiting:
                    widget.add_widget(w)
                self._waiting = []
            return
        body = self.body
        if body is None:
            self._waiting.append(widget)
        else:
            body.add_widget(widget, *args, **kw)

    @property
    def body(self):
        return next((c for c in self.children if isinstance(c, StepBody)), None)


class StepHeader(BoxLayout):
    """The frame's top line (its look is in night_step.kv)."""


class StepLine(FitText):
    """The line being said, under the title: its font made smaller until it fits."""


class StepBody(FloatLayout):
    """Where the frame's content goes."""


class SecretRow(BoxLayout):
    """One secret: its cards' emblems, then its sentence (night_step.kv)."""

    text = StringProperty("")


class SecretPanel(BoxLayout):
    items = ListProperty([])
    """What is shown now (:class:`Secret` each); empty: nothing, the panel keeps its place."""
    room = ListProperty([0, 0, 0, 0])
    """Where its screen places it (x, y, width, height): the panel, over a row for the
    screen's "done"."""

    def show(self, items) -> None:
        self.items = list(items)

    def clear(self) -> None:
        self.items = []

    def on_items(self, *_):
        self.clear_widgets()
        for s in self.items:
            row = SecretRow(text=s.text)
            for card in s.cards:
                row.ids.cards.add_widget(Factory.SecretCardEmblem(card=card))
            if s.note:  # the page keeps its shape: as wide as the row's height allows
                sheet = NoteSheet(note=s.note, size_hint_x=None)
                sheet.bind(height=lambda w, h: setattr(w, "width", h * ASPECT))
                row.ids.cards.add_widget(sheet)
            self.add_widget(row)
