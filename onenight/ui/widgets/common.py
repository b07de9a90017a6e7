"""Small widgets every screen uses; their look is in common.kv."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import (BooleanProperty, ListProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView


class MessageBar(ButtonBehavior, Label):
    """The message at the top of every screen, as tall as its text. A message that must not
    be missed stays until tapped (``sticky``); the others go by themselves and let touches
    through to the screen under them."""

    kind = StringProperty("info")
    """``info`` or ``error``: the bar's colour."""
    sticky = BooleanProperty(False)

    def on_touch_down(self, touch):
        if not self.sticky or not self.text:
            return False
        return super().on_touch_down(touch)

    def on_release(self):
        from kivy.app import App

        App.get_running_app().dismiss_message()


class Ask(ModalView):
    """A question over the screen, with two answers: ``yes`` calls ``on_yes``; ``no``, or a
    tap beside it, leaves everything as it was."""

    question = StringProperty("")
    yes = StringProperty("")
    no = StringProperty("")

    def __init__(self, on_yes, **kw):
        super().__init__(**kw)
        self.on_yes = on_yes

    def answer(self, yes: bool) -> None:
        self.dismiss(animation=False)
        if yes:
            self.on_yes()


class BigButton(ButtonBehavior, Label):
    """A finger-sized button: a rounded face with its text.

    A label with a button's behaviour rather than a Kivy ``Button``, whose style draws its
    background image under ours: invisible here, but a software renderer fills its whole area
    on every redraw (docs/performance.md)."""

    primary = BooleanProperty(False)
    """Drawn in the accent colour: the screen's main action."""

    face = ObjectProperty(None, allownone=True)
    """The face's colour when not pressed, if not the theme's."""

    face_down = ObjectProperty(None, allownone=True)
    """The face's colour while pressed, if not the theme's."""


class CardTile(ButtonBehavior, BoxLayout):
    """An emblem with its name under it; tappable."""

    card = StringProperty("")
    label = StringProperty("")
    selected = BooleanProperty(False)
    dim = BooleanProperty(False)
    value = ObjectProperty(None)
    """What tapping this tile means to its screen (a card id, a seat...)."""
    one_line = BooleanProperty(False)
    """Widen the tile to its name rather than wrap it (a scrolling strip has the room)."""


class SeatRow(ButtonBehavior, BoxLayout):
    """One player's line in a list: seat number, name, a status or a card."""

    seat = NumericProperty(0)
    name = StringProperty("")
    status = StringProperty("")
    card = StringProperty("")
    selected = BooleanProperty(False)
    colour = ListProperty([0, 0, 0, 0])
    name_room = NumericProperty(100)
    """The name's width: all it needs, unless the status would have to break a word."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self._fit_later = Clock.create_trigger(self._fit)
        self.bind(size=self._fit_later, name=self._fit_later, status=self._fit_later,
                  card=self._fit_later, padding=self._fit_later, spacing=self._fit_later)
        for label in (self.ids.name, self.ids.status):
            label.bind(font_size=self._fit_later)
        self._fit_later()

    def _fit(self, *_):
        name, status = self.ids.get("name"), self.ids.get("status")
        if name is None or status is None:
            return
        others = sum(c.width for c in self.children if c not in (name, status))
        free = self.width - others - self.padding[0] - self.padding[2] - \
            self.spacing * (len(self.children) - 1)
        need = _extent(self.name, name) + 4
        word = max((_extent(w, status) for w in self.status.split()), default=0) + 4
        self.name_room = max(0, min(need, max(free * 0.3, free - word)))


def _extent(text: str, label) -> float:
    from kivy.core.text import Label as CoreLabel

    return CoreLabel(text=text, font_size=label.font_size, bold=label.bold,
                     font_name=label.font_name).get_extents(text)[0]
