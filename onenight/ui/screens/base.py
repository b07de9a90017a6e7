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

    def refresh(self) -> None:
        """Rebuild the screen's view-model from the controller (override)."""

    def tick(self) -> None:
        """Called a few times a second while the screen is shown (override)."""

    def next_tick(self) -> float:
        """Seconds until this screen next needs a tick (override to follow a clock
        exactly)."""
        return 0.2
