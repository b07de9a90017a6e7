"""A widget the app throws away is freed. The app rebuilds its lists (rows, tiles) for every
game and on every refresh: a widget kept alive by a kv rule would make the app grow all
evening, and make every garbage collection slower.

Kivy 2.3 keeps a widget alive forever when one of its kv rules reaches a child through
``self.ids.child.attr`` (the rule's binding holds the ``ids`` dict, which holds the widget);
naming the child by its id (``child.attr``) binds the same and lets the widget go."""

import gc
import sys
import types
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


def _link(holder, held, owners) -> str:
    """How ``holder`` refers to ``held``, in a few words."""
    kind = type(holder)  # (not isinstance: a dead weak proxy raises on its __class__)
    if kind is dict:
        key = next((k for k, v in holder.items() if v is held), None)
        if key is None:
            return "a dict's key"
        owner = next((o for o in owners.get(id(holder), ())
                      if type(o) is not types.FrameType and _vars(o) is holder), None)
        if type(owner) is types.ModuleType:
            return f"module {owner.__name__}: {key}"
        return f"{type(owner).__qualname__}.{key}" if owner is not None else f"dict[{key!r}]"
    if kind in (list, tuple):
        where = next((i for i, v in enumerate(holder) if v is held), "?")
        return f"{kind.__qualname__}[{where}]"
    if kind is types.MethodType:
        return f"bound method {holder.__func__.__qualname__}"
    if kind is types.FunctionType:
        return f"function {holder.__qualname__}"
    return f"{kind.__module__}.{kind.__qualname__}"


def _vars(o):
    try:
        return vars(o)
    except (TypeError, ReferenceError):
        return None


def held_by(obj, ignore=()) -> str:
    """What keeps ``obj`` alive: the shortest chain of references from a module, or from an
    object nothing the garbage collector sees refers to (held by C code, or by running code
    only), down to ``obj``, one holder a line."""
    frozen = gc.get_freeze_count()
    gc.unfreeze()  # the session's app was frozen out of the collector's view: let it be seen
    everything = gc.get_objects()
    try:
        skip = {id(everything), *map(id, ignore)}
        owners: dict[int, list] = {}  # id of an object: the objects that refer to it
        for o in everything:
            if id(o) in skip or type(o) is types.FrameType:
                continue
            for r in gc.get_referents(o):
                owners.setdefault(id(r), []).append(o)
        modules = {id(vars(m)) for m in list(sys.modules.values()) if m is not None}
        seen = {id(obj): (obj, None)}  # id: (object, the id of the object it holds)
        queue, root = [obj], None
        for cur in queue:
            if id(cur) in modules or not owners.get(id(cur)):
                root = cur
                break
            for h in owners[id(cur)]:
                if id(h) not in seen:
                    seen[id(h)] = (h, id(cur))
                    queue.append(h)
        if root is None:
            return "(nothing holds it: it is garbage the collector has not freed)"
        if id(root) in modules:
            lines = []
        else:
            lines = [f"{type(root).__module__}.{type(root).__qualname__}, held by C code or "
                     "by running code only"]
        at = id(root)
        while seen[at][1] is not None:
            holder, held = seen[at][0], seen[seen[at][1]][0]
            lines.append(_link(holder, held, owners))
            at = seen[at][1]
        return "\n  -> ".join(lines)
    finally:
        del everything
        if frozen:
            gc.freeze()


@pytest.fixture
def kivy_time_stands_still(monkeypatch):
    """Kivy's clock stopped where it is: each tick runs what waits for the next frame
    (layouts, triggers), nothing that waits for real time to pass."""
    from kivy.clock import Clock

    now = Clock.time()
    monkeypatch.setattr(Clock, "time", lambda: now)


def test_widgets_taken_off_the_screen_do_not_pile_up(app, kivy_time_stands_still):
    """Three of each, built, shown, taken off and dropped: none is kept. One may stay alive a
    little longer (Kivy's TextInput remembers the last one whose view it adjusted, until the
    next), never more.

    Kivy's clock stands still meanwhile (it runs what waits for the next frame: layouts,
    triggers). On real time, what Kivy does later went on running on widgets dropped but not
    yet collected and took hold of them again: a list's scroll bar fades out 0.5 s after the
    list last moved (a folder chooser's list moves each time its listing adds entries, 0.1 s
    apart), and the fading animation holds the list, hence its whole dialog, while it runs.
    Whether the test saw it depended on the machine's load and on when the collector had last
    run (rarely, in a whole run's big heap): two of the three folder dialogs, now and then."""
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
    piled = {name: n for name, n in alive.items() if n > 1}
    why = ""
    if piled:
        survivor = next(ref() for name, ref in kept if name in piled and ref() is not None)
        why = f"\n{type(survivor).__name__} held by:\n" + held_by(survivor, [kept])
    assert piled == {}, f"{alive}{why}"
