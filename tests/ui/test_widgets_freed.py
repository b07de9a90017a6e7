"""A widget the app throws away is freed. The app rebuilds its lists (rows, tiles) for every
game and on every refresh: a widget kept alive by a kv rule would make the app grow all
evening, and make every garbage collection slower.

Kivy 2.3 keeps a widget alive forever when one of its kv rules reaches a child through
``self.ids.child.attr`` (the rule's binding holds the ``ids`` dict, which holds the widget);
naming the child by its id (``child.attr``) binds the same and lets the widget go."""

import gc
import weakref
from collections import Counter
from pathlib import Path

import pytest
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.uix.screenmanager import Screen, ScreenManager

import onenight.ui
from onenight.ui.driving import settle

UI = Path(onenight.ui.__file__).resolve().parent


@pytest.fixture(autouse=True)
def every_screen(app):
    """Every screen built, hence every kv file of the app loaded: the app builds a screen,
    and loads its rules, only when it is first asked for."""
    for name in list(app.sm.screen_names):
        app.sm.get_screen(name)


def our_rules():
    """(selector, rule) for every rule of the app's own kv files."""
    return [(selector, rule) for selector, rule in Builder.rules
            if rule.ctx.filename and UI in Path(rule.ctx.filename).resolve().parents]


def ruled_widgets() -> list[str]:
    """Every widget class that one of the app's kv files gives a rule to and that can be
    built without arguments, except the screens and the screen manager (built once per
    app)."""
    keys = {selector.key for selector, _ in our_rules()}
    out = []
    for name in sorted(n for n in Factory.classes if n.lower() in keys):
        cls = Factory.get(name)
        if issubclass(cls, (Screen, ScreenManager)):
            continue
        try:
            cls()
        except TypeError:  # needs its arguments: test_no_rule_binds_through_ids covers it
            continue
        out.append(name)
    return out


def test_no_rule_binds_through_ids(app):
    """The cause above, in every rule of the app's kv files, even of widgets that cannot be
    built here without their arguments (an event handler, ``on_...``, binds nothing and may
    use ``self.ids.child``)."""
    found = []

    def look(rule, where):
        for name, prop in rule.properties.items():
            for keys in prop.watched_keys or ():
                if "ids" in keys[:-2]:
                    found.append(f"{where}, line {prop.line + 1}: {name}: {prop.value}")
        for child in rule.children:
            look(child, where)

    for _, rule in our_rules():
        look(rule, Path(rule.ctx.filename).name)
    assert found == [], "bind to the child by its id instead:\n" + "\n".join(found)


def test_every_list_widget_is_checked(app):
    assert {"CardTile", "PlayerRow", "ScenarioItem", "DeckRow", "VoteModes"} <= \
        set(ruled_widgets())


def test_widgets_taken_off_the_screen_do_not_pile_up(app):
    """Three of each, built, shown, taken off and dropped: none is kept. One may stay alive a
    little longer (Kivy's TextInput remembers the last one whose view it adjusted, until the
    next), never more."""
    screen = app.sm.current_screen
    kept = []
    for name in ruled_widgets():
        for _ in range(3):
            w = Factory.get(name)()
            screen.add_widget(w)
            settle()
            screen.remove_widget(w)
            kept.append((name, weakref.ref(w)))
            del w
    settle()
    gc.collect()
    alive = Counter(name for name, ref in kept if ref() is not None)
    assert {name: n for name, n in alive.items() if n > 1} == {}, alive
