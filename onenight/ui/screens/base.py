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
                w.scroll_x, w.scroll_y = 0, 1

    def refresh(self) -> None:
        """Rebuild the screen's view-model from the controller (override)."""

    def tick(self) -> None:
        """Called a few times a second while the screen is shown (override)."""

    def next_tick(self) -> float:
        """Seconds until this screen next needs a tick (override to follow a clock
        exactly)."""
        return 0.2
