"""Partial frames (onenight/ui/partial_redraw.py): a frame where only a live widget changed
(the debate's countdown) draws and shows that widget's box only, and what the window shows
is then, pixel for pixel, what a whole frame shows; anything else draws the whole frame."""

import ctypes
import ctypes.util

import pytest
from kivy.core.window import Window
from kivy.graphics import Color, InstructionGroup, Rectangle
from kivy.uix.label import Label

from onenight.ui import partial_redraw
from onenight.ui.driving import pump, settle
from onenight.ui.widgets import still


class _XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.c_void_p),
                ("byte_order", ctypes.c_int), ("bitmap_unit", ctypes.c_int),
                ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int),
                ("bits_per_pixel", ctypes.c_int)]


def shown() -> bytes:
    """What the X server shows in the window (its front buffer), not what GL drew last."""
    gl = ctypes.CDLL(ctypes.util.find_library("GL") or "libGL.so.1")
    x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    gl.glXGetCurrentDisplay.restype = ctypes.c_void_p
    gl.glXGetCurrentDrawable.restype = ctypes.c_ulong
    x11.XGetImage.restype = ctypes.POINTER(_XImage)
    x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                              ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
    x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    x11.XDestroyImage.argtypes = [ctypes.POINTER(_XImage)]
    display, window = gl.glXGetCurrentDisplay(), gl.glXGetCurrentDrawable()
    x11.XSync(display, 0)
    width, height = Window.system_size
    image = x11.XGetImage(display, window, 0, 0, width, height, 0xFFFFFFFF, 2)  # ZPixmap
    try:
        im = image.contents
        return ctypes.string_at(im.data, im.bytes_per_line * im.height)
    finally:
        x11.XDestroyImage(image)


class _SetWindowAttributes(ctypes.Structure):  # Xlib's XSetWindowAttributes
    _fields_ = [("background_pixmap", ctypes.c_ulong), ("background_pixel", ctypes.c_ulong),
                ("border_pixmap", ctypes.c_ulong), ("border_pixel", ctypes.c_ulong),
                ("bit_gravity", ctypes.c_int), ("win_gravity", ctypes.c_int),
                ("backing_store", ctypes.c_int), ("backing_planes", ctypes.c_ulong),
                ("backing_pixel", ctypes.c_ulong), ("save_under", ctypes.c_int),
                ("event_mask", ctypes.c_long), ("do_not_propagate_mask", ctypes.c_long),
                ("override_redirect", ctypes.c_int), ("colormap", ctypes.c_ulong),
                ("cursor", ctypes.c_ulong)]


CW_BACKING_STORE, ALWAYS = 1 << 6, 2


def keeps_its_pixels() -> None:
    """Give the window a backing store: every test window shares one virtual screen with the
    other worker's and with the app windows other tests start, and without one, what a
    covered window draws there is lost and reading it back gives black (one run in seven
    of this file beside the layout tests, and once in a whole run)."""
    gl = ctypes.CDLL(ctypes.util.find_library("GL") or "libGL.so.1")
    x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    gl.glXGetCurrentDisplay.restype = ctypes.c_void_p
    gl.glXGetCurrentDrawable.restype = ctypes.c_ulong
    x11.XChangeWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong,
                                            ctypes.POINTER(_SetWindowAttributes)]
    x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    display, window = gl.glXGetCurrentDisplay(), gl.glXGetCurrentDrawable()
    attributes = _SetWindowAttributes(backing_store=ALWAYS)
    x11.XChangeWindowAttributes(display, window, CW_BACKING_STORE, ctypes.byref(attributes))
    x11.XSync(display, 0)


def frame():
    """One turn of Kivy's loop: the label's new texture, then a frame if anything changed."""
    settle()
    pump(1)


def whole_frame() -> bytes:
    Window.canvas.ask_update()  # the window asked to draw itself again: a whole frame
    frame()
    return shown()


@pytest.fixture
def debate(app):
    redraw = partial_redraw.install(Window, still.live_widgets)
    assert redraw is not None, "Mesa's GLX (the tests' X server) copies a part of a frame"
    keeps_its_pixels()
    app.go("day")
    pump(2)
    day = app.sm.get_screen("day")
    countdown = day.ids.countdown
    kept = countdown.text
    try:
        yield redraw, countdown
    finally:
        countdown.text = kept
        app.go("home")
        pump(1)


def test_a_new_second_draws_the_countdown_only_and_shows_what_a_whole_frame_shows(debate):
    redraw, countdown = debate
    for text in ("10:00", "9:59", "9:58", "1:07"):  # the last one narrower: its old box too
        countdown.text = text
        partial = redraw.partial_frames
        frame()
        shown_after_partial = shown()
        if text != "10:00":  # the first frame after a whole one learns the groups
            assert redraw.partial_frames == partial + 1, (text, redraw.why)
        full = redraw.full_frames
        assert whole_frame() == shown_after_partial, text
        assert redraw.full_frames == full + 1
        countdown.text = text + " "  # the frame before the next second: a partial one again
        frame()


def test_a_change_outside_the_live_widgets_draws_the_whole_frame(debate, app):
    redraw, countdown = debate
    countdown.text = "5:00"
    frame()
    countdown.text = "4:59"
    frame()
    day = app.sm.get_screen("day")
    still = day.ids.paused_mark  # drawn into the picture
    full = redraw.full_frames
    countdown.text = "4:58"
    still.text = "en pause"
    frame()
    assert redraw.full_frames == full + 1
    after_change = shown()
    assert whole_frame() == after_change
    still.text = ""
    frame()


def test_a_widget_added_over_the_screen_draws_the_whole_frame(debate):
    redraw, countdown = debate
    countdown.text = "3:00"
    frame()
    countdown.text = "2:59"
    frame()
    over = Label(text="message", size_hint=(None, None), size=(300, 80), pos=(900, 600))
    full = redraw.full_frames
    countdown.text = "2:58"
    Window.add_widget(over)
    try:
        frame()
        assert redraw.full_frames == full + 1
        with_message = shown()
        assert whole_frame() == with_message
        Window.remove_widget(over)
        countdown.text = "2:57"
        frame()
        assert redraw.full_frames == full + 3  # removed: the whole frame again
        assert whole_frame() == shown()
    finally:
        if over.parent is not None:
            Window.remove_widget(over)


def test_drawings_taken_away_while_the_countdown_changes_draw_the_whole_frame(debate):
    """Nothing flags what was removed: the groups' instructions are compared instead."""
    redraw, countdown = debate
    patch = InstructionGroup()
    patch.add(Color(1, 0, 0, 1))
    patch.add(Rectangle(pos=(900, 600), size=(200, 100)))
    Window.canvas.add(patch)
    try:
        for text in ("4:00", "3:59", "3:58"):
            countdown.text = text
            frame()
        full = redraw.full_frames
        countdown.text = "3:57"
        Window.canvas.remove(patch)
        frame()
        assert redraw.full_frames == full + 1, redraw.why
        without = shown()
        assert whole_frame() == without
    finally:
        if patch in Window.canvas.children:
            Window.canvas.remove(patch)


def test_a_whole_frame_comes_after_so_many_partial_ones(debate):
    """What Kivy's flags cannot tell (the window exposed at the frame a second changes) is
    drawn again within WHOLE_EVERY frames."""
    redraw, countdown = debate
    countdown.text = "2:00"
    frame()
    wholes = []
    for i in range(2 * partial_redraw.WHOLE_EVERY + 2):
        countdown.text = f"1:{i:02d}"
        full = redraw.full_frames
        frame()
        if redraw.full_frames > full:
            wholes.append(i)
    assert len(wholes) >= 2  # WHOLE_EVERY partial frames, then a whole one
    assert wholes[-1] - wholes[-2] == partial_redraw.WHOLE_EVERY + 1


def test_the_host_may_ask_for_whole_frames(monkeypatch):
    """``ONENIGHT_WHOLE_FRAMES`` set, a window is drawn as Kivy draws it: nothing installed,
    no sub-buffer looked for."""
    class AWindow:  # a window this module has not seen
        pass

    monkeypatch.setenv("ONENIGHT_WHOLE_FRAMES", "1")
    monkeypatch.setattr(partial_redraw, "sub_buffer_copy",
                        lambda: pytest.fail("the sub-buffer copy was looked for"))
    window = AWindow()
    try:
        assert partial_redraw.install(window, lambda: {}) is None
    finally:
        partial_redraw._installed.pop(id(window), None)
