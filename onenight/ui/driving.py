"""Driving the app from code, as a finger would: used by the UI tests and by
``onenight screenshots``. It starts the app without entering Kivy's main loop, then pumps
frames by hand, so nothing waits on real time."""

from __future__ import annotations

from kivy.base import EventLoop
from kivy.input.motionevent import MotionEvent


def start(app) -> None:
    """Build the app and open its window, without blocking."""
    app._run_prepare()
    pump(3)


def pump(frames: int = 2) -> None:
    for _ in range(frames):
        EventLoop.idle()


def settle(rounds: int = 8) -> None:
    """Run what is scheduled (layouts, Kivy clock events) without drawing a frame: drawing is
    what costs time on a software-rendered screen, and a finger needs positions, not pixels."""
    from kivy.clock import Clock

    for _ in range(rounds):
        Clock.tick()
        Clock.tick_draw()  # the "before the next frame" triggers: layouts, redraws


def find(root, wid: str):
    """The widget with kv id ``wid`` under ``root`` (first found, depth first)."""
    stack = [root]
    while stack:
        w = stack.pop()
        ids = getattr(w, "ids", {})
        if wid in ids:
            return ids[wid]
        stack.extend(w.children)
    raise LookupError(wid)


def visible(root):
    """``root`` and every widget under it that is not hidden (opacity 0 hides a widget and
    everything in it)."""
    stack = [root]
    while stack:
        w = stack.pop()
        if getattr(w, "opacity", 1) == 0:
            continue
        yield w
        stack.extend(w.children)


def texts(root) -> list[str]:
    """Every visible text under ``root``: what a player can read on the screen."""
    return [w.text for w in visible(root) if isinstance(getattr(w, "text", None), str) and w.text]


class Finger(MotionEvent):
    """One finger on the window at ``(x, y)`` (window pixels), put down then lifted through
    Kivy's event loop, as the touchscreen's would be. (Kivy's own test touch does the same,
    but its module needs pytest, which an installed app does not have.)"""

    def __init__(self, x: float, y: float):
        win = EventLoop.window
        super().__init__("finger", 1, {"x": x / (win.width - 1.0), "y": y / (win.height - 1.0)},
                         is_touch=True, type_id="touch")
        self.profile = ["pos"]

    def depack(self, args):
        self.sx, self.sy = args["x"], args["y"]
        super().depack(args)

    def down(self) -> None:
        EventLoop.post_dispatch_input("begin", self)

    def up(self) -> None:
        EventLoop.post_dispatch_input("end", self)


def tap(widget) -> None:
    """Touch the middle of ``widget`` and let go, through the window like a finger."""
    from kivy.uix.scrollview import ScrollView

    from .screens.base import set_scroll

    views = []
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView):
            views.append(parent)
        parent = parent.parent
    if views:
        # Bring it into sight. The list may still be laying out (a label's size comes from its
        # text's texture, a frame later, and the rows move with it): scroll again until the
        # widget stays in sight.
        v = views[0]
        for _ in range(10):
            settle()
            v.scroll_to(widget, padding=10, animate=False)
            # there, with nothing left moving or past an end (its bounce back would run on
            # real time and drag the list away)
            set_scroll(v, min(1, max(0, v.scroll_x)), min(1, max(0, v.scroll_y)))
            settle()
            try:
                _visible_point(widget, views)
                break
            except LookupError:
                continue
    # A finger that does not move is a tap, but a ScrollView only learns that after a real
    # 0.2 s; with scrolling off for the tap it hands the touch to its content at once.
    saved = [(v, v.do_scroll_x, v.do_scroll_y) for v in views]
    for v, _, _ in saved:
        v.do_scroll_x = v.do_scroll_y = False
    settle()
    x, y = _visible_point(widget, views)
    finger = Finger(x, y)
    try:
        finger.down()
        finger.up()
    finally:
        for v, sx, sy in saved:
            v.do_scroll_x, v.do_scroll_y = sx, sy
    settle()


def tap_at(x: float, y: float) -> None:
    """Touch the window at ``x``, ``y`` and let go: a finger that lands where it lands,
    whatever is there now (a second tap on a spot that has just changed)."""
    finger = Finger(x, y)
    finger.down()
    finger.up()
    settle()


def centre(widget) -> tuple[float, float]:
    """The middle of ``widget`` in window coordinates."""
    return widget.to_window(*widget.center)


def _visible_point(widget, views) -> tuple[float, float]:
    """The middle of the part of ``widget`` that its scroll views show."""
    x0, y0 = widget.to_window(widget.x, widget.y)
    x1, y1 = widget.to_window(widget.right, widget.top)
    for v in views:
        vx0, vy0 = v.to_window(v.x, v.y)
        vx1, vy1 = v.to_window(v.right, v.top)
        x0, y0, x1, y1 = max(x0, vx0), max(y0, vy0), min(x1, vx1), min(y1, vy1)
    if x1 <= x0 or y1 <= y0:
        raise LookupError(f"{widget} is scrolled out of sight")
    return (x0 + x1) / 2, (y0 + y1) / 2


def tap_text(root, text: str) -> None:
    """Touch the button (or tile) showing ``text`` under ``root``."""
    stack = [root]
    while stack:
        w = stack.pop()
        if getattr(w, "opacity", 1) and getattr(w, "text", None) == text and \
                hasattr(w, "dispatch") and not getattr(w, "disabled", False):
            tap(w)
            return
        if getattr(w, "label", None) == text and hasattr(w, "trigger_action"):
            tap(w)
            return
        stack.extend(w.children)
    raise LookupError(text)
