"""The app's demo games of the classic game (bench/run.py measures them): straight into the
first night, or into the first debate with the night and the dawn played by events."""

from onenight.ui import demo
from onenight.ui.driving import pump


def test_the_classic_demos_open_the_first_night_and_the_first_debate(app):
    jitter = app.settings.jitter_seconds
    try:
        demo.setup(app, "classic-night")
        pump(1)
        night = app.sm.current_screen
        assert night.name == "classic_night" and app.classic.phase == "night"
        assert night.driver is not None and len(app.classic.state.players) == 8
        demo.setup(app, "classic-day")  # the same table, a new game, to its debate
        pump(1)
        assert app.sm.current == "classic_debate" and app.classic.phase == "debate"
        assert app.classic.state.day is not None and app.classic.state.day.running
    finally:
        app.settings.jitter_seconds = jitter
        if app.classic.phase != "setup":
            app.send({"type": "abandon"}, app.classic)
        app.go("home")
        pump(1)
