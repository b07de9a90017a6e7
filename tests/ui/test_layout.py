"""Ten players on every screen, read as a player would, at 1280x800 and on the 800x480
touchscreen, in French and in English: every text in sight shows whole (not cut, not
shortened), inside the window and its list, apart from every other text, with no character
drawn as an empty box. The vote circle's arrows never run over a name, and what matters on
the vote, the reveal and the verdict (every player) is in sight without scrolling.

The states are those of ``onenight screenshots`` (``screenshots.tour``, and
``screenshots.classic_tour``: the classic game with eighteen players): what is tested is what
the pictures show."""

import pytest
from kivy.core.window import Window
from kivy.factory import Factory

from onenight.ui.driving import pump, settle, visible
from onenight.ui.screenshots import NAMES, close_windows, tour
from onenight.ui.widgets.player_tile import PlayerTile
from onenight.ui.widgets.seat_ring import RingTarget
from onenight.ui.widgets.tiles import SeatButton
from onenight.ui.widgets.vote_circle import SeatChip, VoteCircle
from tests.ui.classic_play import home_after  # noqa: F401 (the shared app left as found)
from tests.ui.reading import boxes_drawn, clipped, cut, ink, overlapping, visible_labels

#: what a state must show whole, without scrolling: (widget class, how many)
EVERY_PLAYER = {"vote-fingers": ((SeatChip, 10),), "vote-revealed": ((SeatChip, 10),),
                "reveal": ((SeatButton, 10),), "reveal-extras": ((SeatButton, 10),),
                "result": ((PlayerTile, 10), (SeatChip, 10)),
                # the replay: ten seats and the three centre cards, or the votes' ten chips
                "replay-swap": ((RingTarget, 13),), "replay-votes": ((SeatChip, 10),),
                "replay-verdict": ((RingTarget, 13),),
                # the classic game's eighteen
                "classic-vote": ((SeatButton, 18),), "classic-vote-shown": ((SeatChip, 18),),
                "classic-election-shown": ((SeatChip, 18),)}


def problems_on_screen(app, state) -> list[str]:
    roots = [app.sm.current_screen] + [w for w in Window.children
                                        if w is not app.root and getattr(w, "_is_open", False)]
    out = []
    for root in roots:
        labels = visible_labels(root)
        for lb in labels:
            why = cut(lb) or clipped(lb, Window.size)
            if why:
                out.append(f"{lb.text!r}: {why}")
            boxes = boxes_drawn(lb)
            if boxes:
                out.append(f"{lb.text!r}: drawn as boxes: {boxes}")
        for a, b in overlapping(labels, Window.size):
            out.append(f"{a.text!r} overlaps {b.text!r}")
        for circle in (w for w in visible(root) if isinstance(w, VoteCircle)):
            out += arrows_over_names(circle)
    for kind, n in EVERY_PLAYER.get(state, ()):
        shown = [w for w in visible(app.sm.current_screen) if isinstance(w, kind)
                 and w.width > 1 and 0 <= w.to_window(*w.center)[1] <= Window.height]
        if len(shown) != n:
            out.append(f"{len(shown)} of {n} {kind.__name__} in sight")
    return out


def arrows_over_names(circle) -> list[str]:
    """An arrow passing over a name would hide it: the chips are drawn over the arrows;
    here, no arrow runs over a chip's name other than at its two ends."""
    out = []
    names = {chip.seat: ink(chip.ids.name) for chip in circle.chips}
    for pts in circle.arrows:
        ends = (pts[0], pts[1]), (pts[-2], pts[-1])
        for seat, (x0, y0, x1, y1) in names.items():
            chip = circle.chips[seat]
            cx0, cy0 = chip.to_window(chip.x, chip.y)
            if any(cx0 - 8 <= ex <= cx0 + chip.width + 8 and cy0 - 8 <= ey <= cy0 + chip.height + 8
                   for ex, ey in (circle.to_window(*e) for e in ends)):
                continue  # the arrow starts or ends at this chip
            for i in range(0, len(pts) - 2, 2):
                x, y = circle.to_window(pts[i], pts[i + 1])
                if x0 < x < x1 and y0 < y < y1:
                    out.append(f"an arrow runs over {chip.name!r}")
                    break
    return out


def walk_reads_whole(app, size, lang, walk, least: int) -> None:
    """Every state of ``walk(app, clock)`` read at ``size`` in ``lang`` (at least ``least``
    states): no problem on any screen."""
    app.go("home")
    pump(1)
    problems = {}
    try:
        Window.size = size
        app.set_language(lang)
        settle()
        seen = []
        for state in walk(app, app.test_clock):
            settle(12)
            seen.append(state)
            found = problems_on_screen(app, state)
            if found:
                problems[state] = found
        assert len(seen) >= least
    finally:
        close_windows()
        app.set_language("fr")
        Window.size = (1280, 800)
        app.go("home")
        pump(2)
    assert not problems, "\n".join(f"{size} {lang} {s}:\n  " + "\n  ".join(p)
                                   for s, p in problems.items())


SIZES_AND_LANGUAGES = [((1280, 800), "fr"), ((800, 480), "fr"), ((800, 480), "en")]


@pytest.mark.parametrize("size,lang", SIZES_AND_LANGUAGES)
def test_every_screen_with_ten_players_reads_whole(app, size, lang):
    walk_reads_whole(app, size, lang, tour, 20)


def test_the_tour_plays_ten_players():
    assert len(NAMES) == 10


def test_eighteen_seats_fit_the_small_screen(app):
    """The classic game's table: eighteen seats in the vote circle and in a grid of names,
    in the room they have on the 800x480 screen, every name whole and apart."""
    from onenight.ui.widgets.seat_grid import SeatGrid
    from onenight.ui.widgets.vote_circle import VoteCircle

    names = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès",
             "Jules", "Karim", "Léa", "Manon", "Nicolas", "Océane", "Paul", "Quentin", "Rose"]
    screen = app.sm.current_screen
    try:
        Window.size = (800, 480)
        settle()
        circle = VoteCircle(size_hint=(None, None), size=(440, 400), pos=(10, 10),
                            scale=app.scale, text_scale=app.text_scale)
        grid = SeatGrid(size_hint=(None, None), size=(330, 300), pos=(460, 10),
                        min_cell_width=app.scale * 170, min_cell_height=app.scale * 62,
                        button_factory=lambda seat, name: Factory.BigButton(text=name))
        for w in (circle, grid):
            screen.add_widget(w)
        circle.names = names
        circle.votes = [(i + 1) % 18 for i in range(18)]
        circle.counts = [1] * 18
        grid.names = names
        settle(12)
        circle._draw()
        settle(12)
        labels = [lb for w in (circle, grid) for lb in visible_labels(w)]
        assert len(circle.chips) == 18 and len(grid.buttons()) == 18
        problems = [f"{lb.text!r}: {cut(lb) or clipped(lb, Window.size)}" for lb in labels
                    if cut(lb) or clipped(lb, Window.size)]
        problems += [f"{a.text!r} overlaps {b.text!r}" for a, b in overlapping(labels, Window.size)]
        problems += arrows_over_names(circle)
        for b in grid.buttons():  # inside the grid's box: nothing below the fold
            assert b.y >= grid.y - 1 and b.top <= grid.top + 1, b.text
        assert not problems, "\n".join(problems)
    finally:
        for w in (circle, grid):
            screen.remove_widget(w)
        Window.size = (1280, 800)
        settle()


@pytest.mark.parametrize("size,lang", SIZES_AND_LANGUAGES)
def test_every_classic_screen_with_eighteen_players_reads_whole(app, size, lang):
    """The classic game's screens (``screenshots.classic_tour``: eighteen players, Best Of)
    read as the one-night game's do: no text cut, clipped, overlapping or drawn as boxes,
    no arrow over a name of the story or the vote, every seat of the vote in sight."""
    from onenight.ui.screenshots import CLASSIC_NAMES, classic_tour

    assert len(CLASSIC_NAMES) == 18
    walk_reads_whole(app, size, lang, classic_tour, 15)
