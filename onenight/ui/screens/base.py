"""What every screen shares: a refresh from the controller's views when shown or when the
language changes, and a tick for screens that follow a clock."""

from __future__ import annotations

from kivy.app import App
from kivy.uix.screenmanager import Screen


class BaseScreen(Screen):
    @property
    def app(self):
        return App.get_running_app()

    def tr(self, key: str, **facts) -> str:
        return self.app.tr(key, **facts)

    def on_pre_enter(self, *_):
        self.refresh()

    def scroll_to_top(self) -> None:
        """Show every list of the screen from its start (a new game's lists are not the
        last game's: left where it was, a longer list would open at its end)."""
        from kivy.uix.scrollview import ScrollView

        for w in self.walk(restrict=True):
            if isinstance(w, ScrollView):
                show_from_start(w)

    def refresh(self) -> None:
        """Rebuild the screen's view-model from the controller (override)."""

    def tick(self) -> None:
        """Called a few times a second while the screen is shown (override)."""

    def next_tick(self) -> float:
        """Seconds until this screen next needs a tick (override to follow a clock
        exactly)."""
        return 0.2


def set_scroll(view, x: float, y: float) -> None:
    """Scroll ``view`` (a Kivy ScrollView) to ``x``, ``y`` (0 to 1) and keep it there.

    Setting ``scroll_x``/``scroll_y`` alone leaves the scroll effects where they were; an
    effect still moving or past its end (a list that was flicked, or rebuilt shorter) then
    drags the list back to its own position on the next frames. So the effects are set to the
    same place and stopped."""
    view.scroll_x, view.scroll_y = x, y
    for effect, scroll in ((view.effect_x, x), (view.effect_y, y)):
        if effect is not None:
            effect.velocity = 0
            effect.value = effect.max * scroll


def show_from_start(view) -> None:
    """Scroll ``view`` to its start: the top, and the left."""
    set_scroll(view, 0, 1)
