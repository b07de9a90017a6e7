"""The app builds a screen, and loads its kv rules, the first time it is asked for: the first
frame waits for the home screen alone (docs/performance.md)."""

from onenight.ui.app import Screens
from onenight.ui.screens import SCREENS


def test_a_screen_is_built_when_first_shown_or_asked_for(app):
    sm = Screens()
    sm.register("first", "tutorial", "TutorialScreen")
    sm.register("second", "tutorial", "TutorialScreen")
    assert sm.screens == []
    assert sorted(sm.screen_names) == ["first", "second"] and sm.has_screen("second")
    sm.current = "first"
    assert [s.name for s in sm.screens] == ["first"] and sm.current_screen.name == "first"
    second = sm.get_screen("second")
    assert second.name == "second" and second.manager is sm
    assert sorted(s.name for s in sm.screens) == ["first", "second"]
    assert sm.get_screen("second") is second  # built once
    assert not sm.has_screen("third")


def test_the_app_knows_every_screen_before_it_is_built(app):
    assert set(app.sm.screen_names) == {name for name, _module, _cls in SCREENS}


def test_a_screen_built_on_another_screen_takes_its_rules_first(app):
    """The classic players screen is the players screen with other limits: shown before the
    one-night game's players screen was ever built, it still has its rows and its buttons."""
    from kivy.lang import Builder

    from onenight.ui.app import HERE

    players = str(HERE / "screens" / "players.kv")
    Builder.unload_file(players)  # as at start, before the players screen was ever shown
    try:
        sm = Screens()
        sm.register("classic_players", "classic_players", "ClassicPlayersScreen")
        screen = sm.get_screen("classic_players")
        assert "rows" in screen.ids and "next" in screen.ids
    finally:
        if players not in Builder.files:
            Builder.load_file(players)


def test_the_widgets_rules_home_does_not_need_wait_for_the_first_frame_or_a_screen(app):
    """Before the first frame only the home screen's widget rules are loaded; the others
    after it, or before any other screen is built, whichever comes first."""
    from kivy.lang import Builder

    from onenight.ui import app as app_module

    widgets = app_module.HERE / "widgets"
    others = [str(p) for p in widgets.glob("*.kv") if p.stem not in app_module.HOME_RULES]
    assert others
    for path in others:
        Builder.unload_file(path)
    try:
        app_module.load_widget_rules(app_module.HOME_RULES)
        assert not [p for p in others if p in Builder.files]
        assert all(str(widgets / f"{n}.kv") in Builder.files for n in app_module.HOME_RULES)
        sm = Screens()
        sm.register("home", "home", "HomeScreen")
        sm.register("tutorial", "tutorial", "TutorialScreen")
        sm.get_screen("home")
        assert not [p for p in others if p in Builder.files]
        sm.get_screen("tutorial")
        assert all(p in Builder.files for p in others)
        for path in others:  # as at start: the app loads them once a frame is drawn
            Builder.unload_file(path)
        from kivy.core.window import Window

        from onenight.ui.driving import pump

        Window.bind(on_flip=app._load_other_rules)
        assert not [p for p in others if p in Builder.files]
        Window.canvas.ask_update()  # a frame drawn
        pump(2)
        assert all(p in Builder.files for p in others)
    finally:
        app_module.load_widget_rules()


FIRST_FRAME = """
import json, sys, tempfile
from onenight.ui.app import OneNightApp
from onenight.ui.driving import pump

app = OneNightApp(data_dir=DATA or tempfile.mkdtemp())
app._run_prepare()  # built: the home screen, before its first frame
before = sorted(m for m in LATER if m in sys.modules)
pump(3)  # its first frames, then what waited for them
after = sorted(m for m in LATER if m in sys.modules)
waiting = app.classic_phase()
classic = app.classic is not None  # asked for: rebuilt now
print(json.dumps({"before": before, "after": after, "waiting": waiting, "classic": classic,
                  "asked": sorted(m for m in LATER if m in sys.modules),
                  "audio": app.audio is not None}))
app.stop()
"""
LATER = ["onenight.game.classic_flow", "onenight.classic.walk", "onenight.box",
         "onenight.ui.box_link", "onenight.narration", "kivy.core.audio"]


def _first_frames(data: str | None = None) -> dict:
    import json
    import subprocess
    import sys

    code = f"LATER = {LATER!r}\nDATA = {data!r}\n" + FIRST_FRAME
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_first_frame_waits_for_no_classic_game_no_voice_and_no_box():
    """Neither the classic game (its modules, its journal), nor the voice (the narration, the
    audio), nor the box's link is needed to draw the home screen: the voice comes once the
    first frame is drawn, and the classic game, with no game of it under way, when it is
    first asked for (docs/performance.md)."""
    seen = _first_frames()
    assert seen["before"] == []  # nothing of them before the first frame
    assert "onenight.narration" in seen["after"] and seen["audio"]
    assert not [m for m in seen["after"] if "classic" in m]  # no classic game under way
    assert seen["waiting"] == "setup"
    assert seen["classic"] and "onenight.game.classic_flow" in seen["asked"]  # then the game


def test_a_classic_game_under_way_is_rebuilt_after_the_first_frame(tmp_path):
    """A classic game under way is offered back on the home screen: its journal is rebuilt
    once the first frame is drawn, as before, without waiting to be asked for."""
    from onenight.game.journal import open_game

    ctl, _ = open_game(tmp_path, game="thiercelieux")
    ctl.apply({"type": "players", "names": ["Ana", "Ben", "Cyd", "Dan", "Eli", "Fay"]})
    ctl.apply({"type": "preset", "id": "first_game"})
    ctl.apply({"type": "deal"})
    ctl.journal.close()
    seen = _first_frames(str(tmp_path))
    assert seen["before"] == []
    assert "onenight.game.classic_flow" in seen["after"]
    assert seen["waiting"] == "deal" and seen["classic"]


ONE_NIGHT_DEMO = """
import json, os, sys
from kivy.clock import Clock
from kivy.core.window import Window
from onenight.ui import app as app_module

def done(*_):
    print(json.dumps(sorted(m for m in sys.modules if m.startswith("onenight."))))
    app_module.App.get_running_app().stop()

def first(*_):
    Window.unbind(on_flip=first)
    Clock.schedule_once(done, 1.5)

Window.bind(on_flip=first)
app_module.run_app()
"""


def test_a_one_night_game_never_imports_the_classic_game():
    """The one-night game's night and debate, played from the app's demos, import nothing of
    the classic game but the handwriting's shape (which the night's panels share): its
    rules, its controller and its screens stay out of memory (docs/performance.md)."""
    import json
    import os
    import subprocess
    import sys

    for demo in ("night:short", "day:30"):
        env = dict(os.environ, ONENIGHT_DEMO=demo)
        out = subprocess.run([sys.executable, "-c", ONE_NIGHT_DEMO], capture_output=True,
                             text=True, timeout=120, env=env)
        assert out.returncode == 0, out.stderr[-3000:]
        modules = json.loads(out.stdout.strip().splitlines()[-1])
        assert ("onenight.ui.screens.night" if demo.startswith("night")
                else "onenight.ui.screens.day") in modules  # the game was played
        classic = [m for m in modules if "classic" in m]
        assert classic == ["onenight.classic", "onenight.classic.handwriting",
                           "onenight.ui.screens.classic_base"], demo
