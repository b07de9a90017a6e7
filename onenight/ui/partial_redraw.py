"""Redraw only what changed: a frame where nothing changed but the live widgets of the still
layers (the debate's countdown, the time left in a night's call) draws their rectangle only,
on a back buffer that still holds the frame before, and shows that rectangle only.

Kivy draws the whole window at every frame: with the screens' still pictures
(``widgets/still.py``) that is one copy of a window-sized picture, most of what a software
renderer spends in a second where only a countdown changed (docs/performance.md). Kivy flags
every graphics instruction that changed, and its groups up to the window: before a frame,
this module follows those flags from the window down. If they lead only to the live widgets'
canvases, in groups whose instructions are the same as at the frame before, the frame is
drawn with a scissor over those widgets' boxes (where each is now and where it was drawn
last), and only that rectangle is shown. Anything else (a new picture, a tap, a screen
change, a widget added or removed, the window resized or exposed) draws the whole frame as
Kivy does.

A partial frame needs a back buffer that keeps its pixels from one frame to the next. Mesa's
GLX (the software renderer of a desktop and of the tests) offers ``GLX_MESA_copy_sub_buffer``:
a rectangle of the back buffer shown without swapping, so the back buffer is never swapped
and always holds the last frame; every frame, whole or not, is then shown that way. Where
the platform has no such copy (EGL, a Raspberry Pi's swapped buffers, Android), nothing
changes: every frame is drawn whole and swapped, as before.

Rules for a live widget (``Still.live``): it draws inside its own box, or its label's texture
centred in it, as Kivy's labels do.
"""

from __future__ import annotations

import ctypes
import os
import weakref

from kivy.graphics import BindTexture, Color, Fbo, InstructionGroup
from kivy.graphics.opengl import GL_SCISSOR_TEST, glDisable, glEnable, glScissor
from kivy.logger import Logger

MARGIN = 2  # pixels around a live widget's box: the labels' anti-aliased edges
WHOLE_EVERY = 30  # partial frames in a row before a whole one: what the flags cannot tell
# (the X server exposing the window at the very frame a countdown changes: Kivy then flags
# the window's canvas again, as a change of a child does) is repaired within that many


def sub_buffer_copy():
    """A function ``copy(x, y, width, height)`` that shows that rectangle of the current GLX
    window's back buffer (from its bottom left, in pixels), or None where there is none."""
    try:
        gl = ctypes.CDLL("libGL.so.1")  # already loaded by SDL where it is GLX's (no search:
        # ctypes.util.find_library runs ldconfig, a tenth of a second before the first frame)
        gl.glXGetCurrentDisplay.restype = ctypes.c_void_p
        gl.glXGetCurrentDrawable.restype = ctypes.c_ulong
        gl.glXQueryExtensionsString.restype = ctypes.c_char_p
        gl.glXQueryExtensionsString.argtypes = [ctypes.c_void_p, ctypes.c_int]
        gl.glXGetProcAddressARB.restype = ctypes.c_void_p
        gl.glXGetProcAddressARB.argtypes = [ctypes.c_char_p]
    except (OSError, AttributeError):
        return None  # no GLX here (Android, a Pi on EGL)
    display = gl.glXGetCurrentDisplay()
    drawable = gl.glXGetCurrentDrawable()
    if not display or not drawable:
        return None  # the window's context is not GLX's
    try:
        x11 = ctypes.CDLL("libX11.so.6")
        x11.XDefaultScreen.argtypes = [ctypes.c_void_p]
        screen = x11.XDefaultScreen(display)
    except (OSError, AttributeError):
        return None
    extensions = (gl.glXQueryExtensionsString(display, screen) or b"").split()
    if b"GLX_MESA_copy_sub_buffer" not in extensions:
        return None
    address = gl.glXGetProcAddressARB(b"glXCopySubBufferMESA")
    if not address:
        return None
    copy = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                            ctypes.c_int, ctypes.c_int)(address)

    current_display, current_drawable = gl.glXGetCurrentDisplay, gl.glXGetCurrentDrawable

    def show(x, y, width, height):
        # the context's display and window as they are now, never as they were at the
        # first frame: SDL makes the window again on some changes, and once the window is
        # closed (SDL_Quit closes the display) there is no current context to copy from
        where, window = current_display(), current_drawable()
        if where and window:
            copy(where, window, x, y, width, height)

    return show


class PartialRedraw:
    """Installed on Kivy's window once it has its GL context (:func:`install`)."""

    def __init__(self, window, show, live):
        self.window = window
        self.show = show  # the sub-buffer copy
        self.live = live  # () -> {holder canvas: widget} of the live widgets
        self.boxes = weakref.WeakKeyDictionary()  # holder canvas -> its widget's last box
        self.groups: dict = {}  # id(group) -> (group, its children) at the frame before
        self.pending = None  # what was drawn since the last flip: a rectangle, or "full"
        self.partial_frames = 0
        self.full_frames = 0
        self.in_a_row = 0  # partial frames since the last whole one
        self.why = ""  # why the last whole frame was whole (for the tests and the bench)
        window.fbind("on_draw", self._on_draw)
        window.flip = self._flip  # shown by a sub-buffer copy, never swapped

    # ------------------------------------------------------------------ a frame
    def _on_draw(self, window):
        live = self.live()
        rect = self._damage(window, live)
        if rect is not None and self.in_a_row >= WHOLE_EVERY:
            rect, self.why = None, f"{WHOLE_EVERY} partial frames in a row"
        if rect is None:
            self.in_a_row = 0
            self.full_frames += 1
            self._pend("full")
            self._remember(live)
            return None  # Kivy's own frame: clear, then everything drawn
        x, y, w, h = rect
        glEnable(GL_SCISSOR_TEST)
        glScissor(x, y, w, h)
        try:
            window.clear()
            window.render_context.draw()
        finally:
            glDisable(GL_SCISSOR_TEST)
        self.partial_frames += 1
        self.in_a_row += 1
        self._pend(rect)
        self._remember(live)
        return True  # drawn: Kivy's own frame is not

    def _flip(self):
        width, height = self.window.system_size
        pending, self.pending = self.pending, None
        if pending is None or pending == "full":
            self.show(0, 0, width, height)
        else:
            self.show(*pending)

    def _pend(self, rect) -> None:
        if rect == "full" or self.pending == "full":
            self.pending = "full"
        else:
            self.pending = rect if self.pending is None else _union(self.pending, rect)

    # ------------------------------------------------------------------ what changed
    def _damage(self, window, live):
        """The rectangle to draw, (x, y, width, height) in pixels from the bottom left, when
        only live widgets changed; None for a whole frame."""
        seen: dict = {}
        hit: list = []
        self.why = ""
        only_live = self._visit(window.render_context, live, seen, hit)
        self.groups = seen
        if not only_live or not hit:
            self.why = self.why or "no live widget changed"
            return None
        if window.rotation or tuple(window.size) != tuple(window.system_size):
            self.why = "rotated or scaled"
            return None  # pixels and the widgets' coordinates differ: not worth it here
        rect = None
        for holder in hit:
            before = self.boxes.get(holder)
            if before is None:
                self.why = "a live widget not drawn yet"
                return None
            box = _union(before, _box(live[holder]))
            rect = box if rect is None else _union(rect, box)
        return _clip(rect, window.system_size)

    def _visit(self, group, live, seen, hit) -> bool:
        """Follow the flags of ``group``'s changed instructions; True if they lead only to
        live widgets, through groups whose instructions are those of the frame before."""
        children = group.children
        kids = tuple(map(_state, children))
        before = self.groups.get(id(group))
        same = before is not None and before[0] is group and before[1] == kids
        if not same and not self.why:
            self.why = f"a {type(group).__name__} not seen, or changed, since the frame before"
        seen[id(group)] = (group, kids)
        flagged = False
        for c in children:
            if not c.needs_redraw or isinstance(c, (Color, BindTexture)):
                continue  # (Kivy never clears those two's flag: their values are compared)
            flagged = True
            if c in live:
                hit.append(c)
            elif isinstance(c, Fbo) or not isinstance(c, InstructionGroup):
                same = False  # a picture to draw again, or a changed instruction
                self.why = self.why or f"a {type(c).__name__} changed"
            else:
                same = self._visit(c, live, seen, hit) and same
        if not flagged:
            self.why = self.why or f"a {type(group).__name__} asked to be drawn"
        return same and flagged  # flagged with no flagged child: added, removed, asked

    def _remember(self, live) -> None:
        for holder, widget in live.items():
            self.boxes[holder] = _box(widget)


def _state(instruction):
    """What tells that an instruction of a group changed between two frames: which one it is,
    and for a colour or a texture (whose flags Kivy leaves set once drawn) its value."""
    if isinstance(instruction, Color):
        return id(instruction), tuple(instruction.rgba)
    if isinstance(instruction, BindTexture):
        return id(instruction), id(instruction.texture)
    return id(instruction)


def _box(widget) -> tuple[int, int, int, int]:
    """Where ``widget`` draws, in window pixels: its box, with its label's texture (centred in
    it, as Kivy's labels draw it) when that is larger."""
    x0, y0 = widget.to_window(widget.x, widget.y)
    x1, y1 = widget.to_window(widget.right, widget.top)
    size = getattr(widget, "texture_size", None)
    if size:
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        x0, x1 = min(x0, cx - size[0] / 2), max(x1, cx + size[0] / 2)
        y0, y1 = min(y0, cy - size[1] / 2), max(y1, cy + size[1] / 2)
    x0, y0 = int(x0) - MARGIN, int(y0) - MARGIN
    return x0, y0, int(x1) + 1 + MARGIN - x0, int(y1) + 1 + MARGIN - y0


def _union(a, b):
    x0, y0 = min(a[0], b[0]), min(a[1], b[1])
    x1, y1 = max(a[0] + a[2], b[0] + b[2]), max(a[1] + a[3], b[1] + b[3])
    return x0, y0, x1 - x0, y1 - y0


def _clip(rect, size):
    x0, y0 = max(0, rect[0]), max(0, rect[1])
    x1, y1 = min(size[0], rect[0] + rect[2]), min(size[1], rect[1] + rect[3])
    return x0, y0, max(0, x1 - x0), max(0, y1 - y0)


_installed: dict = {}  # id(window) -> its PartialRedraw, or None: once per window


def install(window, live) -> PartialRedraw | None:
    """Draw ``window``'s frames partly where the platform keeps its back buffer (see the
    module's notes); None, and Kivy's frames as they are, elsewhere. ``live`` answers the
    live widgets' canvases, each with its widget. Once per window: an app built again in
    the same process (the tests) keeps the first one's."""
    if id(window) not in _installed:
        if os.environ.get("ONENIGHT_WHOLE_FRAMES"):  # the host's way out, should a driver
            # show partial frames badly: every frame whole and swapped, as Kivy draws them
            Logger.info("onenight: whole frames (ONENIGHT_WHOLE_FRAMES)")
            _installed[id(window)] = None
            return None
        show = sub_buffer_copy()
        if show is None:
            Logger.info("onenight: whole frames (no sub-buffer copy on this platform)")
        else:
            Logger.info("onenight: partial frames (GLX_MESA_copy_sub_buffer)")
        _installed[id(window)] = show and PartialRedraw(window, show, live)
    return _installed[id(window)]
