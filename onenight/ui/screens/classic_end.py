"""Thiercelieux's end: who wins and why (one sentence), every player's card and side, and
the story of the game, night by night and day by day (the seer's looks, the werewolves'
victims, the potions, the charms; each vote drawn as arrows round the table), so the table can
relive it. A game of the history reopens here too (``show_record``)."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import BooleanProperty, StringProperty

from onenight.game.classic_story import event_text

from ..widgets.common import kept_children
from .classic_base import ClassicScreen


class ClassicEndScreen(ClassicScreen):
    verdict = StringProperty("")
    side = StringProperty("")
    tab = StringProperty("result")
    """``result`` (who wins, every card) or ``story``."""
    from_history = BooleanProperty(False)

    _view = None
    _circles: list = []
    """The story's vote circles, kept from one showing to the next: eighteen chips each,
    built again for every vote of the story at each showing, were most of its time."""
    _titles: list = []
    _lines: list = []
    """The story's chapter titles and lines, kept the same way (a long game's story is a
    few hundred labels, each with its kv rules, made again at every showing otherwise)."""

    def refresh(self):
        view = self._view if self.from_history else None
        if view is None:
            if self.ctl.phase != "end":
                return
            view = self.ctl.end_view()
        self.show(view)

    def show_view(self, view):
        """Show a game of the history (its end view, rebuilt from its record)."""
        self._view, self.from_history = view, True
        self.tab = "result"
        self.show(view)

    def on_leave(self, *_):
        self.from_history = False
        self._view = None
        self.tab = "result"  # the next game's end opens on who won, not on this story

    def show(self, v):
        self.side = self.tr("classic.side." + v.side)
        self.verdict = self.say(v.verdict)
        grid = self.ids.seats
        buttons = kept_children(grid, len(v.seats), lambda _: Factory.SeatButton())
        for b, s in zip(buttons, v.seats):
            # the card, and whether its side won (the winners lit); the dead marked †
            status = self.tr("classic.end.won" if s.won else "classic.end.lost")
            b.seat, b.name = s.seat, s.name if s.alive else "† " + s.name
            b.card, b.status = s.card.card, self.card_name(s.card.card) + " · " + status
            b.selected, b.missing = s.won, False
        story = self.ids.story
        story.clear_widgets()
        players = [s.name for s in v.seats]
        circles = iter(self._circles)
        titles, lines = iter(self._titles), iter(self._lines)
        for chapter in v.story:
            if not chapter.events:
                continue
            title = next(titles, None)
            if title is None:
                title = Factory.StoryTitle()
                self._titles = self._titles + [title]
            title.text = self.tr(f"classic.story.phase.{chapter.kind}", number=chapter.number)
            story.add_widget(title)
            for ev in chapter.events:
                line = next(lines, None)
                if line is None:
                    line = Factory.StoryLine()
                    self._lines = self._lines + [line]
                line.text = self.say(event_text(ev, players))
                story.add_widget(line)
                if ev.kind == "ballots":
                    circle = next(circles, None)
                    if circle is None:
                        circle = Factory.StoryVotes()
                        self._circles = self._circles + [circle]
                    circle.names = players
                    circle.greyed = [i for i, b in enumerate(ev.value["ballots"])
                                     if b is None]
                    circle.votes = list(ev.value["ballots"])
                    circle.counts = list(ev.value["counts"])
                    story.add_widget(circle)

    def new_game(self):
        self.app.send({"type": "new_game"}, self.ctl)
        self.app.go("classic_setup")

    def home(self):
        self.app.go("history" if self.from_history else "home")
