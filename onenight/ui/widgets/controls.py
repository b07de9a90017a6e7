"""Small controls that several screens carry: the mute button of every game screen, the
app's own slider."""

from __future__ import annotations

from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.slider import Slider
from kivy.uix.widget import Widget


class MuteButton(ButtonBehavior, Widget):
    """A loudspeaker: tapped, every sound of the app goes quiet (or comes back). Drawn, not
    a glyph, so that it looks the same whatever the font; its state is the app's ``muted``.
    ``label`` says what a tap does, for tests and for the screen reader of a future port."""

    def on_release(self):
        from kivy.app import App

        app = App.get_running_app()
        app.muted = not app.muted


class ThemedSlider(Slider):
    """Kivy's slider with the app's look (its rule in controls.kv replaces the stock blue
    one): a track in the panel colour, filled in the accent colour up to the value, and a
    round knob big enough for a finger."""
