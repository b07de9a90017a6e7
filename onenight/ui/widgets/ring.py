"""Where the seats sit round the table on a screen: round a rectangle that fills the widget,
seat 1 at the top left, then clockwise, as many on each edge as its length leaves room for.
The vote's circle of chips and the ring of seats to choose from share it."""

from __future__ import annotations


def ring_layout(n: int, x: float, y: float, width: float, height: float, h: float, gap: float,
                max_w: float, min_w: float, min_h: float
                ) -> tuple[list[tuple[float, float]], float, float]:
    """The centres of ``n`` items ``h`` high round the box (x, y, width, height), and the
    items' width and height: as wide as the items beside each other leave room for (at most
    ``max_w``, at least ``min_w``), lower (down to ``min_h``) when the sides hold too many."""
    if n == 0:
        return [], 0.0, h
    W, H = width, height
    # items per edge, in proportion to the edges' lengths (top and bottom alike)
    across = max(1, min(n // 2, round(n * W / (2 * W + 2 * max(H - 2 * h, 1)))))
    top, bottom = across, across
    left = (n - top - bottom) // 2
    right = n - top - bottom - left
    rows = max(left, right)
    w = min(max_w, (W - gap * (across - 1)) / across, W / 2 - gap)
    w = max(min_w, w)
    x0, x1 = x + w / 2, x + W - w / 2
    y0, y1 = y + h / 2, y + H - h / 2

    def along(a, b, k, i):  # the i-th of k points spread evenly from a to b
        return (a + b) / 2 if k == 1 else a + (b - a) * i / (k - 1)

    def between(a, b, k, i):  # the i-th of k points strictly between a and b
        return a + (b - a) * (i + 1) / (k + 1)

    pts = [(along(x0, x1, top, i), y1) for i in range(top)]
    pts += [(x1, between(y1, y0, right, i)) for i in range(right)]
    pts += [(along(x1, x0, bottom, i), y0) for i in range(bottom)]
    pts += [(x0, between(y0, y1, left, i)) for i in range(left)]
    if rows and (y1 - y0) / (rows + 1) < h + gap:  # too many down the sides: lower
        h = max(min_h, (y1 - y0) / (rows + 1) - gap)
    return pts, w, h
