"""A one-line label that makes its text smaller (down to ``min_ratio`` of its size) rather
than cut it, and shortens it only past that: a long name or card name in a tight cell; and
:class:`FitText`, its kind for a few wrapped lines in a box of fixed size."""

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


def text_height(text: str, font_size: float, width: float, bold: bool = False,
                font_name: str = "Roboto", halign: str = "left") -> float:
    """The height ``text`` takes wrapped in ``width``."""
    from kivy.core.text import Label as CoreLabel

    core = CoreLabel(text=text, font_size=font_size, bold=bold, font_name=font_name,
                     text_size=(width, None), halign=halign)
    core.refresh()
    return core.content_height


class FitText(Label):
    """Wrapped lines that fill a box of fixed size: the text is made smaller (down to
    ``min_ratio`` of ``base_size``) until its lines fit the box's height."""

    base_size = NumericProperty(20)
    min_ratio = NumericProperty(0.6)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.bind(text=self._fit, size=self._fit, base_size=self._fit, min_ratio=self._fit,
                  bold=self._fit)
        self._fit()

    def _fit(self, *_):
        width, room = self.width - 2, self.height - 2
        size = self.base_size
        if self.text and width > 0 and room > 0:
            least = size * self.min_ratio
            while size > least and text_height(self.text, size, width, self.bold,
                                               self.font_name, self.halign) > room:
                size = max(least, size * 0.92)
        self.font_size = size
