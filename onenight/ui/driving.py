"""Driving the app from code, as a finger would: used by the UI tests and by
``onenight screenshots``. It starts the app without entering Kivy's main loop, then pumps
frames by hand, so nothing waits on real time."""

from __future__ import annotations

from kivy.base import EventLoop


def start(app) -> None:
    """Build the app and open its window, without blocking."""
    app._run_prepare()
    pump(3)


def pump(frames: int = 2) -> None:
    for _ in range(frames):
        EventLoop.idle()


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


def texts(root) -> list[str]:
    """Every visible text under ``root``: what a player can read on the screen."""
    out = []
    stack = [root]
    while stack:
        w = stack.pop()
        if getattr(w, "opacity", 1) == 0:
            continue
        t = getattr(w, "text", None)
        if isinstance(t, str) and t:
            out.append(t)
        stack.extend(w.children)
    return out


def tap(widget) -> None:
    """Touch the middle of ``widget`` and let go, through the window like a finger."""
    from kivy.tests.common import UnitTestTouch

    from kivy.uix.scrollview import ScrollView

    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView):
            parent.scroll_to(widget, padding=10, animate=False)
            break
        parent = parent.parent
    pump(1)
    x, y = widget.to_window(*widget.center)
    t = UnitTestTouch(x, y)
    t.touch_down()
    t.touch_up()
    pump(2)


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
