"""The app builds a screen, and loads its kv rules, the first time it is asked for: the first
frame waits for the home screen alone (docs/performance.md)."""

from onenight.ui.app import Screens
from onenight.ui.screens import SCREENS


def test_a_screen_is_built_when_first_shown_or_asked_for(app):
    sm = Screens()
    sm.register("first", "home", "SoonScreen")
    sm.register("second", "home", "SoonScreen")
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
