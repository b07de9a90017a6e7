"""Small widgets every screen uses; their look is in common.kv."""

from __future__ import annotations

from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label


class MessageBar(Label):
    """The message at the top of every screen, as tall as its text. A message that must not
    be missed stays until tapped (``sticky``); the others go by themselves. A tap on the
    message puts it away (the next one waiting shows); a touch elsewhere goes where it was
    meant."""

    kind = StringProperty("info")
    """``info`` or ``error``: the bar's colour."""
    sticky = BooleanProperty(False)

    def on_touch_down(self, touch):
        if self.text and self.opacity and self.collide_point(*touch.pos):
            from kivy.app import App

            App.get_running_app().dismiss_message()
            return True
        return super().on_touch_down(touch)


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


def kept_children(box, n: int, make) -> list:
    """``n`` widgets in ``box``, top down: the ones it holds, kept in their order (the
    extra taken off), then ``make(i)`` for each missing one (``i``: its place). A list shown again after a tap
    sets its kept widgets again rather than making them anew, kv rules and all."""
    have = list(reversed(box.children))
    for w in have[n:]:
        box.remove_widget(w)
    for i in range(len(have), n):
        w = make(i)
        box.add_widget(w)
        have.append(w)
    return have[:n]


def squeezed(widget) -> bool:
    """Whether ``widget`` is squeezed out of sight: the screens hide a part by shrinking it
    to nothing (``size_hint_x: 0.001``, with ``opacity: 0``) and give it its room back when
    it is shown again. A grid or a circle that lays its children out then skips it: laid
    out a pixel wide and back again, every name on it was fitted and rendered twice each
    time the classic vote passed from one voter to the next (docs/performance.md)."""
    return widget.width < 2 or widget.height < 2
