"""Reading a screen as a player would: which labels are in sight, whether each shows its
whole text, where its text really is (not its box), whether that text is clipped by the
window or a list's edge, whether two texts overlap, and whether a character would be drawn
as an empty box."""

from __future__ import annotations

import re

from kivy.core.text import Label as CoreLabel
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from onenight.ui import fonts
from onenight.ui.driving import visible

MARKUP = re.compile(r"\[/?[a-z_]+(=[^\]]*)?\]")


def visible_labels(root):
    return [w for w in visible(root)
            if isinstance(w, Label) and w.text and w.width > 1 and w.height > 1]


def _lines(label, width):
    core = CoreLabel(text=label.text, font_size=label.font_size, bold=label.bold,
                     font_name=label.font_name, markup=label.markup,
                     text_size=(width, None), halign=label.halign,
                     padding=label.padding)
    core.refresh()
    return core


def cut(label) -> str | None:
    """Why ``label`` does not show its whole text, or None."""
    if label.markup:
        return None
    tw, th = label.text_size
    if tw is None:  # one line, as wide as it needs: must fit the label's width
        if label.texture_size[0] > label.width + 2:
            return f"wider than its box ({label.texture_size[0]:.0f} > {label.width:.0f})"
        return None
    if label.shorten:
        full = CoreLabel(text=label.text, font_size=label.font_size, bold=label.bold,
                         font_name=label.font_name).get_extents(label.text)[0]
        room = tw - label.padding[0] - label.padding[2]
        if full > room + 1:
            return f"shortened ({full:.0f} > {room:.0f})"
        return None
    for word in label.text.split():
        w = CoreLabel(text=word, font_size=label.font_size, bold=label.bold,
                      font_name=label.font_name).get_extents(word)[0]
        if w > tw + 1:
            return f"the word {word!r} is broken ({w:.0f} > {tw:.0f})"
    core = _lines(label, tw)
    lines = len(core._cached_lines)
    if label.max_lines and lines > label.max_lines:
        return f"{lines} lines, {label.max_lines} shown"
    if th is not None and core.content_height > th + 2:
        return f"{lines} lines do not fit its height ({core.content_height:.0f} > {th:.0f})"
    if th is None and label.texture_size[1] > label.height + 2 and \
            label.size_hint_y is None:
        return f"taller than its box ({label.texture_size[1]:.0f} > {label.height:.0f})"
    return None


def ink(label) -> tuple[float, float, float, float]:
    """The rectangle (x0, y0, x1, y1, window coordinates) where ``label``'s text is drawn:
    its texture is centred on the label, and the text sits in the texture as the label's
    alignment and padding say."""
    tw, th = label.texture_size
    core = label._label
    cw = min(tw, getattr(core, "content_width", tw) or tw)
    ch = min(th, getattr(core, "content_height", th) or th)
    pl, pt, pr, pb = label.padding
    x0 = label.center_x - tw / 2
    y0 = label.center_y - th / 2
    if label.halign in ("right",):
        x0 += tw - pr - cw
    elif label.halign == "center":
        x0 += (tw - cw) / 2
    else:
        x0 += pl
    if label.valign == "top":
        y0 += th - pt - ch
    elif label.valign in ("middle", "center"):
        y0 += (th - ch) / 2
    else:
        y0 += pb
    ax, ay = label.to_window(x0, y0)
    return ax, ay, ax + cw, ay + ch


def scrolls(view) -> bool:
    """Whether a list has more than it shows (then a row half past its edge is a list
    being scrolled, not a text cut)."""
    content = view.children[0] if view.children else None
    if content is None:
        return False
    return (view.do_scroll_y and content.height > view.height + 1) or \
        (view.do_scroll_x and content.width > view.width + 1)


def clip_box(label, window_size) -> tuple[tuple[float, float, float, float], bool]:
    """What of the window a label can be seen in (the window, narrowed by every list it sits
    in), and whether one of those lists scrolls."""
    x0, y0, x1, y1 = 0.0, 0.0, float(window_size[0]), float(window_size[1])
    scrolling = False
    w = label.parent
    while w is not None and w is not w.parent:
        if isinstance(w, ScrollView):
            vx0, vy0 = w.to_window(w.x, w.y)
            vx1, vy1 = w.to_window(w.right, w.top)
            x0, y0, x1, y1 = max(x0, vx0), max(y0, vy0), min(x1, vx1), min(y1, vy1)
            scrolling = scrolling or scrolls(w)
        w = w.parent
    return (x0, y0, x1, y1), scrolling


def clipped(label, window_size, slack: float = 2.0) -> str | None:
    """Why the text of ``label`` is partly out of sight (past the window's edge, or past the
    edge of a list that does not scroll), or None. In a list that scrolls, a row past its
    edge is there to be scrolled to."""
    x0, y0, x1, y1 = ink(label)
    (cx0, cy0, cx1, cy1), scrolling = clip_box(label, window_size)
    if scrolling:
        return None
    if x0 >= cx0 - slack and y0 >= cy0 - slack and x1 <= cx1 + slack and y1 <= cy1 + slack:
        return None
    return (f"drawn at ({x0:.0f},{y0:.0f})-({x1:.0f},{y1:.0f}), "
            f"seen in ({cx0:.0f},{cy0:.0f})-({cx1:.0f},{cy1:.0f})")


def seen(label, window_size):
    """The part of the label's text in sight (ink within its lists and the window), or None."""
    x0, y0, x1, y1 = ink(label)
    (cx0, cy0, cx1, cy1), _ = clip_box(label, window_size)
    box = max(x0, cx0), max(y0, cy0), min(x1, cx1), min(y1, cy1)
    return box if box[2] > box[0] and box[3] > box[1] else None


def overlapping(labels, window_size, slack: float = 2.0) -> list[tuple]:
    """Pairs of labels whose texts in sight overlap (by more than ``slack`` pixels each
    way)."""
    boxes = [(lb, b) for lb in labels if (b := seen(lb, window_size)) is not None]
    out = []
    for i, (a, ba) in enumerate(boxes):
        for b, bb in boxes[i + 1:]:
            dx = min(ba[2], bb[2]) - max(ba[0], bb[0])
            dy = min(ba[3], bb[3]) - max(ba[1], bb[1])
            if dx > slack and dy > slack:
                out.append((a, b))
    return out


def boxes_drawn(label) -> list[str]:
    """The characters of the label's text no font of the chain draws (each an empty box)."""
    core = label._label
    primary = core.options.get("font_name_r") if core is not None else None
    text = MARKUP.sub("", label.text) if label.markup else label.text
    return fonts.missing(text, primary)
