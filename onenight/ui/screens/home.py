"""Home: start a new game, go back to the game in progress, the history, the settings."""

from kivy.properties import BooleanProperty, StringProperty

from .base import BaseScreen

#: the screen that shows each phase of a game in progress
PHASE_SCREEN = {"night": "night", "day": "day", "vote": "vote", "reveal": "reveal",
                "end": "result"}


class HomeScreen(BaseScreen):
    can_resume = BooleanProperty(False)
    """A game is between its night and its result."""
    resume_label = StringProperty("")

    def refresh(self):
        phase = self.app.ctl.phase
        self.can_resume = phase in ("night", "day", "vote", "reveal")
        self.resume_label = self.tr("home.resume_" + phase) if self.can_resume \
            else self.tr("home.resume")

    def new_game(self):
        if self.app.ctl.phase != "setup":
            self.app.ctl.apply({"type": "abandon"})
        self.app.go("players")

    def resume(self):
        if self.can_resume:
            self.app.go(PHASE_SCREEN[self.app.ctl.phase])

    def toggle_language(self):
        self.app.set_language("en" if self.app.lang == "fr" else "fr")
