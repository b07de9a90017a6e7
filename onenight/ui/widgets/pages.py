"""Pages in one place, one shown at a time: the shown page fills the box; the others take no
room and no touch (they are moved out of the window, not merely made transparent, since a
hidden widget still takes the touches that land on it)."""

from __future__ import annotations

from kivy.properties import StringProperty
from kivy.uix.layout import Layout

AWAY = -100000


class PageStack(Layout):
    current = StringProperty("")
    """The ``page`` name of the child shown."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.bind(size=self._trigger_layout, pos=self._trigger_layout,
                  current=self._trigger_layout, children=self._trigger_layout)

    def do_layout(self, *_):
        for child in self.children:
            shown = getattr(child, "page", None) == self.current
            child.size_hint = (None, None)
            child.opacity = 1 if shown else 0
            child.disabled = not shown
            if shown:
                child.pos, child.size = self.pos, self.size
            else:
                child.pos, child.size = (AWAY, AWAY), self.size
