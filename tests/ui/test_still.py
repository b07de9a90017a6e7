"""A still layer (onenight/ui/widgets/still.py): its children drawn into a kept picture, drawn
again when one of them changes; its live widgets drawn over the picture, with the opacity of
the widgets between them and the layer."""

import pytest
from kivy.core.window import Window
from kivy.graphics import Color, Rectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from onenight.ui.driving import settle
from onenight.ui.widgets.still import StillBox


def _pixel(layer, x, y):
    """The picture's colour at (x, y) of the layer, once a frame has drawn it."""
    settle()
    Window.dispatch("on_draw")  # a frame: the picture is drawn again if it changed
    fbo = layer._fbo
    width = fbo.size[0]
    i = (int(y) * width + int(x)) * 4
    return tuple(fbo.pixels[i:i + 4])


def test_a_still_layer_keeps_its_picture_and_draws_it_again_when_a_child_changes(app):
    layer = StillBox(size=(100, 50), size_hint=(None, None))
    patch = Widget()
    with patch.canvas:
        colour = Color(1, 0, 0, 1)
        rect = Rectangle(pos=(0, 0), size=(100, 50))
    layer.add_widget(patch)
    Window.add_widget(layer)
    try:
        assert patch.canvas in layer._fbo.children  # drawn into the picture
        assert _pixel(layer, 10, 10) == (255, 0, 0, 255)
        colour.rgba = (0, 0, 1, 1)
        assert _pixel(layer, 10, 10) == (0, 0, 255, 255)
        rect.size = (50, 50)  # the right half: the clear colour again
        assert _pixel(layer, 90, 40) == tuple(round(255 * c) for c in Window.clearcolor)
    finally:
        Window.remove_widget(layer)


def test_a_live_widget_is_drawn_over_the_picture_with_its_parents_opacity(app):
    layer = StillBox()
    box = BoxLayout(opacity=0.5)
    still, live = Label(text="still"), Label(text="0:42")
    box.add_widget(still)
    box.add_widget(live)
    layer.add_widget(box)
    layer.live = [live]
    assert still.canvas in box.canvas.children
    assert live.canvas not in box.canvas.children  # not in the picture
    holder = next(c for c in layer._live.children if live.canvas in c.children)
    assert holder.opacity == 0.5
    box.opacity = 0
    assert holder.opacity == 0
    layer.opacity = 1  # the layer's own opacity applies to its whole canvas
    box.opacity = 1
    assert holder.opacity == 1


@pytest.mark.parametrize("name,labels", [
    # the classic debate's countdown; the classic night's call, where the night is, the time
    # left in the call and the line; the one-night night's with the cards on the tablet (its
    # step's frame)
    ("classic_debate", lambda s: [s.ids.time]),
    ("classic_night", lambda s: [s.ids.frame.ids[k] for k in ("title", "progress",
                                                               "time_left", "line")]),
    ("night", lambda s: [s.ids.frame.ids[k] for k in ("title", "progress", "time_left",
                                                      "line")]),
])
def test_what_changes_while_a_screen_waits_is_drawn_over_its_picture(app, name, labels):
    """A new second, or a new line of the voice, costs the copy of the screen's kept picture
    and the labels that changed, not a drawing of the whole screen."""
    from onenight.ui.widgets.still import Still

    screen = app.sm.get_screen(name)
    layer = next(w for w in screen.walk() if isinstance(w, Still))
    for label in labels(screen):
        assert label in layer._lifted, label.text
        assert label.canvas not in label.parent.canvas.children  # not in the picture
        assert any(label.canvas in holder.children for holder in layer._live.children)


def test_a_layer_let_go_holds_no_picture_and_draws_it_again_when_taken_back(app):
    from onenight.ui.widgets import still

    layer = StillBox(size=(100, 50), size_hint=(None, None))
    patch = Widget()
    with patch.canvas:
        Color(0, 1, 0, 1)
        Rectangle(pos=(0, 0), size=(100, 50))
    layer.add_widget(patch)
    Window.add_widget(layer)
    try:
        assert _pixel(layer, 10, 10) == (0, 255, 0, 255)
        still.let_go(Window.children[0])
        assert tuple(layer._fbo.size) == (1, 1) and tuple(layer._picture.size) == (1, 1)
        layer.size = (120, 60)  # laid out while let go: still nothing held
        assert tuple(layer._fbo.size) == (1, 1)
        still.take_back(layer)
        assert tuple(layer._fbo.size) == (120, 60) and tuple(layer._picture.size) == (120, 60)
        assert layer._picture.texture is layer._fbo.texture
        assert _pixel(layer, 10, 10) == (0, 255, 0, 255)  # drawn again, nothing changed
    finally:
        Window.remove_widget(layer)


def test_only_the_screen_shown_holds_its_still_picture(app):
    """The debate's picture goes when the debate is left, and comes back when it is shown."""
    from onenight.ui.driving import pump
    from onenight.ui.widgets.still import Still

    day = app.sm.get_screen("day")
    layer = next(w for w in day.walk(restrict=True) if isinstance(w, Still))
    try:
        app.go("day")
        pump(2)
        assert tuple(layer._fbo.size) == tuple(int(v) for v in layer.size) != (1, 1)
        app.go("home")
        pump(2)
        assert tuple(layer._fbo.size) == (1, 1)
        app.go("day")
        pump(2)
        assert tuple(layer._fbo.size) == tuple(int(v) for v in layer.size) != (1, 1)
        assert _pixel(layer, layer.width / 2, 2) != (0, 0, 0, 0)  # drawn again
    finally:
        app.go("home")
        pump(1)
