"""An outline a widget shows only at times (a seat armed, a button disabled, a row selected,
the mute button's cross) draws nothing while it is hidden: no points (a rounded rectangle of
no width) and a line width of 1. Drawn transparent instead, a line wider than 1 goes through
Kivy's stencil, and the software renderer keeps a compiled variant of its shaders for each of
the stencil's steps: about 4 MB at the classic night's first frame (docs/performance.md,
section 15)."""

import importlib

import pytest
from kivy.graphics import Color, Fbo, Line

from onenight.ui.driving import settle

# (module holding the widget, its class, the property that shows the outline, its value then)
OUTLINED = [
    ("onenight.ui.widgets.common", "BigButton", "disabled", True),
    ("onenight.ui.widgets.seat_ring", "RingTarget", "armed", True),
    ("onenight.ui.widgets.seat_ring", "RingTarget", "lit", True),
    ("onenight.ui.widgets.tiles", "SeatButton", "missing", True),
    ("onenight.ui.widgets.vote_circle", "SeatChip", "ring", [0.93, 0.66, 0.25, 1]),
    ("onenight.ui.screens.history", "HistoryRow", "selected", True),
    ("onenight.ui.screens.players", "PlayerRow", "dragged", True),
    ("onenight.ui.screens.scenario", "ScenarioItem", "selected", True),
    ("onenight.ui.widgets.controls", "MuteButton", "app.muted", True),  # its cross
]


def outlines(widget):
    """Each line of the widget's own canvases, with the colour it is drawn in."""
    out = []
    for canvas in (widget.canvas.before, widget.canvas, widget.canvas.after):
        color = None
        for instruction in canvas.children:
            if isinstance(instruction, Color):
                color = tuple(instruction.rgba)
            elif isinstance(instruction, Line):
                out.append((color, instruction))
    return out


@pytest.mark.parametrize("module, cls, prop, shown", OUTLINED,
                         ids=[f"{c}.{p}" for _m, c, p, _v in OUTLINED])
def test_a_hidden_outline_draws_nothing(app, module, cls, prop, shown):
    """(Kivy applies the canvases' rules at the next frame, ``Builder.sync``, and makes a
    line's points when it is drawn: the widget is drawn into a small picture.)"""
    from kivy.lang import Builder

    from onenight.ui.app import HERE, load_widget_rules

    load_widget_rules()
    home, _, own = module.rpartition(".")
    rules = HERE / "screens" / f"{own}.kv"
    if home == "onenight.ui.screens" and str(rules) not in Builder.files:
        Builder.load_file(str(rules))  # a screen's rows: the rules its screen loads
    widget = getattr(importlib.import_module(module), cls)(size=(300, 120), pos=(10, 10))
    picture = Fbo(size=(400, 200))
    picture.add(widget.canvas)

    def draw():
        settle()
        Builder.sync()
        picture.draw()

    draw()
    hidden = [line for color, line in outlines(widget) if color is not None and color[3] == 0]
    assert hidden, "the widget has a hidden outline"
    for line in hidden:
        assert line.points == [] and line.width == 1
    owner = app if prop.startswith("app.") else widget
    was = getattr(owner, prop.removeprefix("app."))
    setattr(owner, prop.removeprefix("app."), shown)
    try:
        draw()
        drawn = [(color, line) for color, line in outlines(widget)
                 if any(line is h for h in hidden)]
        assert len(drawn) == len(hidden)
        for color, line in drawn:
            assert color[3] == 1 and len(line.points) >= 4 and line.width > 1
    finally:
        setattr(owner, prop.removeprefix("app."), was)
        draw()
