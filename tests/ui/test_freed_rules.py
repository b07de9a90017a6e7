"""A widget freed while its kv rule is still bound to the app (Kivy does not always unbind a
widget collected in the middle of another change): a resize or a change of language lets
go of that rule and tells every other widget, instead of stopping the app. (Kivy keeps a
rule let go during a change that was cut short in its list, marked as let go: it is never
called again, which is what these tests check.)"""

import gc
from types import SimpleNamespace

from kivy.core.window import Window
from kivy.graphics import Color
from kivy.lang import Builder
from kivy.lang.builder import call_fn
from kivy.weakproxy import WeakProxy

from onenight.ui.driving import settle

RULE = """
Label:
    font_size: 10 * app.text_scale
    text: app.tr("home.delete", app.lang)
"""


def _bind_a_freed_widget(app, name: str):
    """A rule bound to ``app.<name>`` as Builder binds one, whose widget is then freed
    without being unbound."""
    gone = Color()
    rule = SimpleNamespace(count=0, value=f"app.{name}")
    app.fbind(name, call_fn, (WeakProxy(gone), "a", f"app.{name}", rule, {"app": app}))
    del gone
    gc.collect()


def _changed_around_a_freed_widget(app, name: str, change, back, told) -> None:
    """Two widgets following ``app.<name>``, a freed widget's rule bound between them:
    ``change()`` then ``back()``, and after each ``told(widget)`` holds for both."""
    first = Builder.load_string(RULE)
    _bind_a_freed_widget(app, name)
    last = Builder.load_string(RULE)
    try:
        change()
        settle()
        assert told(first) and told(last)
    finally:
        back()  # and again: the freed widget's rule is not called any more
        settle()
    assert told(first) and told(last)


def test_a_resize_lets_go_of_a_freed_widgets_rule_and_tells_every_other(app):
    before = Window.size
    other = (800, 480) if before != (800, 480) else (1280, 800)
    _changed_around_a_freed_widget(
        app, "text_scale", lambda: setattr(Window, "size", other),
        lambda: setattr(Window, "size", before),
        lambda w: w.font_size == 10 * app.text_scale)


def test_a_change_of_language_lets_go_of_a_freed_widgets_rule(app):
    lang = app.lang
    _changed_around_a_freed_widget(
        app, "lang", lambda: app.set_language("en" if lang == "fr" else "fr"),
        lambda: app.set_language(lang), lambda w: w.text == app.tr("home.delete"))
