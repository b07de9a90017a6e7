"""A player in a grid of the whole table (the verdict): their card's emblem, their name, and
whether they won (or died), and their card."""

from __future__ import annotations

from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout


class PlayerTile(BoxLayout):
    card = StringProperty("")
    name = StringProperty("")
    detail = StringProperty("")
    """The card's name."""
    mark = StringProperty("")
    """Won or lost, dead: on the name's line."""
    tone = StringProperty("")
    """``won``, ``lost`` or ``dead``: the tile's colours."""
