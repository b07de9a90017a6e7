"""Small widgets every screen uses; their look is in common.kv."""

from __future__ import annotations

from kivy.properties import (BooleanProperty, ListProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label


class MessageBar(Label):
    kind = StringProperty("info")
    """``info`` or ``error``: the bar's colour."""


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
