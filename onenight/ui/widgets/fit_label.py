"""A one-line label that makes its text smaller (down to ``min_ratio`` of its size) rather
than cut it, and shortens it only past that: a long name or card name in a tight cell."""

from __future__ import annotations

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
        # at once, not on the next frame: a label read (or drawn) between its new width and
        # its new size would be shortened for nothing
        self.bind(text=self._fit, width=self._fit, base_size=self._fit,
                  min_ratio=self._fit, bold=self._fit)
        self._fit()

    def _fit(self, *_):
        room = self.width - self.padding[0] - self.padding[2] - 2
        size = self.base_size
        if self.text and room > 0:
            wide = text_width(self.text, size, self.bold, self.font_name)
            least = size * self.min_ratio
            # smaller in steps until it fits (a font's sizes are whole pixels: a size worked
            # out in proportion can still be a pixel too wide)
            while wide > room and size > least:
                size = max(least, min(size - 0.5, size * room / wide))
                wide = text_width(self.text, size, self.bold, self.font_name)
        self.font_size = size
