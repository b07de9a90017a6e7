"""The app's modal windows.

A window opened by a tap must survive the second tap of a double tap: for ``GUARD`` seconds
after it opens, a touch outside it is ignored (after that, a touch outside closes it, as
Cancel does). Every window has a Cancel. Time is the game's clock (injected: tests move it
by hand)."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.modalview import ModalView

GUARD = 0.6
"""Seconds after opening during which a touch outside the window does nothing."""


def now() -> float:
    app = App.get_running_app()
    ctl = getattr(app, "ctl", None)
    if ctl is not None:
        return ctl.now()
    from time import monotonic

    return monotonic()


class Dialog(ModalView):
    """A modal window that ignores a stray touch outside it just after it opened."""

    opened_at = NumericProperty(float("-inf"))
    """The game clock's time when the window opened."""

    def open(self, *args, **kw):
        self.opened_at = now()
        kw["animation"] = False  # no fade: a window half there takes no touch
        super().open(*args, **kw)

    def dismiss(self, *args, **kw):
        kw["animation"] = False
        super().dismiss(*args, **kw)

    def on_touch_down(self, touch):
        if not self.collide_point(*touch.pos) and now() - self.opened_at < GUARD:
            self._touch_started_inside = None  # neither a touch inside nor a dismissal
            return True
        return super().on_touch_down(touch)


class Confirm(Dialog):
    """Asks before doing something that cannot be taken back: a question, what it means,
    the action's own words on its button, and Cancel."""

    title = StringProperty("")
    text = StringProperty("")
    yes = StringProperty("")
    """The action's button text ("Leave the night"), never a bare "OK"."""
    no = StringProperty("")
    """Cancel's text when a word of its own says better what it keeps ("Keep"); "" for
    Cancel."""
    danger = BooleanProperty(False)
    """The action loses something: its button is drawn in the warning colour."""
    action = ObjectProperty(None, allownone=True)
    """What ``yes`` does (called with no argument)."""

    def confirm(self):
        self.dismiss()
        if self.action is not None:
            self.action()


def confirm(title: str, text: str, yes: str, on_yes, danger: bool = False,
            no: str = "") -> Confirm:
    """Open a confirmation window; ``on_yes()`` runs only if the host taps ``yes``."""
    d = Confirm(title=title, text=text, yes=yes, action=on_yes, danger=danger, no=no)
    d.open()
    return d
