"""Tiles sized by the grid they sit in (a ``FitGrid``): a card to choose, with its emblem and
its name on two lines at most; a seat to choose, with its number, name and what was entered."""

from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout


class ChoiceTile(ButtonBehavior, BoxLayout):
    """A card (or artifact, or side) to choose: its emblem over its name."""

    card = StringProperty("")
    label = StringProperty("")
    selected = BooleanProperty(False)
    dim = BooleanProperty(False)
    value = ObjectProperty(None, allownone=True)
    """What tapping this tile means to its screen (a card id, an artifact...)."""


class SeatButton(ButtonBehavior, BoxLayout):
    """A seat to choose: its number, the emblem of what was entered for it, its name and a
    status (the card's name, or what is still to enter)."""

    seat = NumericProperty(0)
    name = StringProperty("")
    status = StringProperty("")
    card = StringProperty("")
    selected = BooleanProperty(False)
    missing = BooleanProperty(False)
    """Still to enter when the host asked for the verdict: drawn in the warning colour."""


class RoleChip(BoxLayout):
    """A card in play, for the reminder strip: its emblem, its name (two lines at most) and
    how many copies are in the deck."""

    card = StringProperty("")
    label = StringProperty("")
    count = NumericProperty(1)
