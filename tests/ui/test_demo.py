"""The app's demo games of the classic game (bench/run.py measures them): straight into the
first night, or into the first debate with the night and the dawn played by events."""

import random

from onenight.game.classic_flow import play_by_events
from onenight.ui import demo, trace
from onenight.ui.driving import settle


def test_the_classic_demos_open_the_first_night_and_the_first_debate(app):
    jitter = app.settings.jitter_seconds
    try:
        demo.setup(app, "classic-night")
        settle()
        night = app.sm.current_screen
        assert night.name == "classic_night" and app.classic.phase == "night"
        assert night.driver is not None and len(app.classic.state.players) == 8
        demo.setup(app, "classic-day")  # the same table, a new game, to its debate
        settle()
        assert app.sm.current == "classic_debate" and app.classic.phase == "debate"
        assert app.classic.state.day is not None and app.classic.state.day.running
    finally:
        app.settings.jitter_seconds = jitter
        if app.classic.phase != "setup":
            app.send({"type": "abandon"}, app.classic)
        app.go("home")
        settle()


def test_the_long_classic_demo_plays_night_after_night_and_game_after_game(app, monkeypatch,
                                                                          tmp_path):
    """``classic-game``: each night played by the night screen, each day by events, and a
    new game dealt when one ends; each night marked for the benchmark."""
    monkeypatch.setenv("ONENIGHT_TRACE", str(tmp_path / "trace.jsonl"))
    jitter = app.settings.jitter_seconds
    games = demo.setup(app, "classic-game")
    try:
        settle()
        assert demo.playing is games and games.event.is_triggered
        games.event.cancel()  # its steps taken by hand below, whatever the time taken
        night = app.sm.current_screen
        assert night.name == "classic_night" and night.driver is not None
        games.step()  # the night not played yet: nothing done
        assert app.classic.phase == "night" and night.driver is not None
        # the night ends (as the screen's calls would end it) and the screen moves on
        rng = random.Random(3)
        play_by_events(app.classic, rng, lambda c: c.phase != "night")
        night.follow()
        settle()
        assert app.sm.current != "classic_night"
        games.step()
        settle()
        assert app.classic.phase == "night" and app.sm.current == "classic_night"
        assert app.classic.night_view().night == 2 and night.driver.night == 2
        # the game ends: the next one is dealt, its first night shown
        night.on_leave()
        play_by_events(app.classic, rng, lambda c: c.phase == "end")
        app.go("classic_end")
        settle()
        games.step()
        settle()
        assert app.sm.current == "classic_night" and app.classic.night_view().night == 1
        marks = [(m["game"], m["night"]) for m in trace.read(str(tmp_path / "trace.jsonl"))
                 if m["mark"] == "classic_night"]
        assert marks == [(1, 1), (1, 2), (2, 1)]
    finally:
        games.stop()
        assert demo.playing is None
        app.settings.jitter_seconds = jitter
        if app.classic.phase != "setup":
            app.send({"type": "abandon"}, app.classic)
        app.go("home")
        settle()
