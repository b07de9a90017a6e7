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

app = OneNightApp(data_dir=tempfile.mkdtemp())
app._run_prepare()  # built: the home screen, before its first frame
before = sorted(m for m in LATER if m in sys.modules)
pump(3)  # its first frames, then what waited for them
after = sorted(m for m in LATER if m in sys.modules)
print(json.dumps({"before": before, "after": after, "classic": app.classic is not None,
                  "audio": app.audio is not None}))
app.stop()
"""


def test_the_first_frame_waits_for_no_classic_game_no_voice_and_no_box():
    """Neither the classic game (its modules, its journal), nor the voice (the narration, the
    audio), nor the box's link is needed to draw the home screen: they come once the first
    frame is drawn (docs/performance.md)."""
    import json
    import subprocess
    import sys

    later = ["onenight.classic", "onenight.game.classic_flow", "onenight.box",
             "onenight.ui.box_link", "onenight.narration", "kivy.core.audio"]
    code = f"LATER = {later!r}\n" + FIRST_FRAME
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["before"] == []  # nothing of them before the first frame
    assert "onenight.game.classic_flow" in seen["after"] and seen["classic"]  # then the game
    assert "onenight.narration" in seen["after"] and seen["audio"]
