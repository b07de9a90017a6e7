"""How to play, in five screens: the cards, looking at yours, the night, the day, the vote
and the verdict. Offered first on the home screen until a game has been played."""

from kivy.properties import NumericProperty

from .base import BaseScreen

PAGES = 5


class TutorialScreen(BaseScreen):
    page = NumericProperty(1)
    """The screen of the five shown (1 to 5)."""

    def on_pre_enter(self, *_):
        self.page = 1

    def next(self):
        if self.page < PAGES:
            self.page += 1
        else:
            self.app.go("home")

    def previous(self):
        if self.page > 1:
            self.page -= 1
