"""A layer of a screen drawn once and kept as a picture, for the screens that wait: the debate
and the night redraw the whole window every second for one label (the countdown, the time
left in the step), and a software renderer pays for every pixel of every shape of the screen
on each of those redraws (docs/performance.md).

Its children are drawn into an offscreen picture (Kivy's ``Fbo``), drawn again only when one
of them changes (Kivy flags the picture as it flags the window); each frame copies that
picture to the window in one opaque pass, then draws the widgets named in ``live`` over it as
usual. A frame where only a live widget changed costs the copy and that widget, not the
screen.

Rules for a layer:

* a live widget is drawn after the picture, so nothing of the layer may cover it; it keeps
  the opacity of the widgets between it and the layer, which it no longer draws inside;
* the picture has no stencil buffer: no ``StencilView`` (nor ``ScrollView``) inside a layer.

``StillBox`` is a box layout drawn so, ``StillLayer`` a float layout.

Where the platform allows it, a frame where only live widgets changed draws their boxes
only, not even the copy (``onenight/ui/partial_redraw.py``, which :func:`live_widgets`
tells what is live).

A picture the size of the window holds 4 MB at 1280x800: the app lets it go when its screen is
left (:func:`let_go`, a 1x1 picture in its place) and draws it again when the screen is shown
(:func:`take_back`), so that only the screen shown holds one (docs/performance.md).
"""

from __future__ import annotations

import weakref

from kivy.core.window import Window
from kivy.graphics import (Callback, Canvas, ClearBuffers, ClearColor, Color, Fbo, Rectangle,
                           Translate)
from kivy.graphics.opengl import GL_BLEND, glDisable, glEnable
from kivy.properties import ListProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout


def _blend_off(_instruction):
    glDisable(GL_BLEND)  # the picture is opaque: copied, not blended (half the renderer's work)


def _blend_on(_instruction):
    glEnable(GL_BLEND)


_LAYERS: "weakref.WeakSet[Still]" = weakref.WeakSet()


def live_widgets() -> dict:
    """The live widgets of every layer, each under the canvas that holds it over its layer's
    picture (``partial_redraw``: a frame where only these changed draws only their boxes)."""
    return {holder: widget for layer in list(_LAYERS) for holder, widget in layer._holders}


class Still:
    """What a layer adds to its layout (``StillLayer``, ``StillBox``)."""

    live = ListProperty()
    """The widgets of the layer drawn over its picture each frame, not into it: those that
    change while the screen waits (a countdown)."""

    def __init__(self, **kw):
        self.canvas = Canvas()
        with self.canvas:
            self._fbo = Fbo(size=(1, 1))
            Callback(_blend_off)
            Color(1, 1, 1, 1)
            self._picture = Rectangle()
            Callback(_blend_on)
            self._live = Canvas()
        with self._fbo:
            self._clear = ClearColor(*Window.clearcolor)
            ClearBuffers()
            self._shift = Translate()
        self._lifted: list = []
        self._holders: list = []  # (the canvas over the picture, its live widget)
        self._kept = True  # False while its screen is not shown: no picture held
        super().__init__(**kw)
        self.fbind("pos", self._place)
        self.fbind("size", self._place)
        Window.bind(clearcolor=self._recolor)
        self._place()
        _LAYERS.add(self)

    # the children are drawn into the picture
    def add_widget(self, widget, *args, **kwargs):
        return self._in_picture(super().add_widget, widget, *args, **kwargs)

    def remove_widget(self, widget, *args, **kwargs):
        return self._in_picture(super().remove_widget, widget, *args, **kwargs)

    def _in_picture(self, call, *args, **kwargs):
        """``call`` with the picture as the layer's canvas, where Kivy puts its children's."""
        canvas, self.canvas = self.canvas, self._fbo
        try:
            return call(*args, **kwargs)
        finally:
            self.canvas = canvas

    def let_go(self) -> None:
        """Free the picture (a 1x1 one in its place) until :meth:`take_back`."""
        self._kept = False
        self._place()

    def take_back(self) -> None:
        """A picture of the layer's size again, drawn at the next frame."""
        self._kept = True
        self._place()

    def _place(self, *_):
        size = (max(1, int(self.width)), max(1, int(self.height))) if self._kept else (1, 1)
        if tuple(self._fbo.size) != size:
            self._fbo.size = size  # a new texture
            texture = self._fbo.texture
            texture.mag_filter = texture.min_filter = "nearest"  # pixel for pixel
            self._picture.texture = texture
        self._picture.pos = self.pos
        self._picture.size = size
        self._shift.xy = (-self.x, -self.y)

    def _recolor(self, _window, color):
        self._clear.rgba = color  # the night's background is the window's clear colour

    def on_live(self, _layer, widgets):
        for widget in widgets:
            if widget not in self._lifted and widget.parent is not None:
                self._lift(widget)

    def _lift(self, widget):
        """Draw ``widget`` over the picture instead of into it."""
        self._lifted.append(widget)
        widget.parent.canvas.remove(widget.canvas)
        holder = Canvas()
        holder.add(widget.canvas)
        self._live.add(holder)
        self._holders.append((holder, widget))
        between = []
        w = widget.parent
        while w is not None and w is not self:
            between.append(w)
            w = w.parent

        def follow(*_):
            opacity = 1.0
            for w in between:
                opacity *= w.opacity
            holder.opacity = opacity

        for w in between:
            w.fbind("opacity", follow)
        follow()


def let_go(widget, *_) -> None:
    """Every still layer in ``widget`` (a screen left) lets its picture go."""
    for w in widget.walk(restrict=True):
        if isinstance(w, Still):
            w.let_go()


def take_back(widget, *_) -> None:
    """Every still layer in ``widget`` (a screen about to be shown) takes its picture back."""
    for w in widget.walk(restrict=True):
        if isinstance(w, Still):
            w.take_back()


class StillLayer(Still, FloatLayout):
    """A float layout drawn as a kept picture."""


class StillBox(Still, BoxLayout):
    """A box layout drawn as a kept picture."""
