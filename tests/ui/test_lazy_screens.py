"""The app builds a screen, and loads its kv rules, the first time it is asked for: the first
frame waits for the home screen alone (docs/performance.md)."""

from kivy.lang import Builder

from onenight.ui.app import HERE, Screens
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


def test_a_screen_built_on_another_gets_the_rules_of_both(app):
    # the classic players' screen is the players' screen with the classic game's limits: its
    # own rules file says nothing of the list of names, which players.kv lays out
    base = str(HERE / "screens" / "players.kv")
    if base in Builder.files:
        Builder.unload_file(base)
    sm = Screens()
    sm.register("classic_players", "classic_players", "ClassicPlayersScreen")
    screen = sm.get_screen("classic_players")
    assert base in Builder.files
    assert "rows" in screen.ids and "classic" in screen.name
