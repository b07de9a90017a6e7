"""A one-line label that makes its text smaller (down to ``min_ratio`` of its size) rather
than cut it, and shortens it only past that: a long name or card name in a tight cell."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import NumericProperty
from kivy.uix.label import Label


def text_width(text: str, font_size: float, bold: bool = False, font_name: str = "Roboto"):
    from kivy.core.text import Label as CoreLabel

    return CoreLabel(text=text, font_size=font_size, bold=bold,
                     font_name=font_name).get_extents(text)[0]


class FitLabel(Label):
    base_size = NumericProperty(20)
    """The font size the text has when it fits."""
    min_ratio = NumericProperty(0.75)

    def __init__(self, **kw):
        super().__init__(**kw)
        self._fit_later = Clock.create_trigger(self._fit, -1)
        self.bind(text=self._fit_later, width=self._fit_later, base_size=self._fit_later,
                  min_ratio=self._fit_later, bold=self._fit_later)
        self._fit()

    def _fit(self, *_):
        room = self.width - self.padding[0] - self.padding[2] - 2
        size = self.base_size
        if self.text and room > 0:
            wide = text_width(self.text, size, self.bold, self.font_name)
            if wide > room:
                size = max(size * self.min_ratio, size * room / wide)
        self.font_size = size
