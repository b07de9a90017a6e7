"""The day: the debate countdown, big enough to read across the table, with its controls,
a random first speaker, the cards in play and the artifact rules as reminders, and how many
players are ready to vote (from the box)."""

import math
from collections import Counter

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty

from .. import trace
from ..widgets.dialog import Dialog
from ..pacing import AFTER
from .base import BaseScreen


def mmss(seconds: float) -> str:
    s = int(seconds + 0.999)
    return f"{s // 60}:{s % 60:02d}"


def next_second(day, now: float) -> float:
    """Seconds until just after the countdown ``day``'s next whole second (1 when it does not
    run)."""
    if day is None or not day.running:
        return 1.0
    left = day.left(now)
    return left - math.ceil(left - 1) + AFTER if left > 0 else AFTER


class VoteModes(Dialog):
    """Asks how this vote is taken: the box (when connected), fingers, or the tablet. A
    choice that cannot be taken says why."""

    screen = ObjectProperty(None)
    box_why = StringProperty("")
    """Why the box cannot take this vote ("" when it can)."""

    def on_open(self):
        app = self.screen.app
        if app.box_ready() and app.box.covers(len(app.ctl.state.players)):
            self.box_why = ""
        elif app.box_ready():
            self.box_why = app.tr("vote.mode.box_why_pads")
        elif app.box is not None:
            self.box_why = app.tr("vote.mode.box_why_offline")
        else:
            self.box_why = app.tr("vote.mode.box_why_none")

    def choose(self, mode: str):
        self.dismiss()
        self.screen.start_vote(mode)


class DayScreen(BaseScreen):
    time_text = StringProperty("")
    running = BooleanProperty(False)
    ended = BooleanProperty(False)
    speaker_text = StringProperty("")
    ready_text = StringProperty("")
    reminder_text = StringProperty("")
    box_ok = BooleanProperty(False)
    warning = BooleanProperty(False)
    artifacts = BooleanProperty(False)
    """The tablet holds the cards and some carry an artifact: their players may look."""
    """Under a minute left: the countdown turns to the warning colour."""

    _deck_shown = None

    def _artifacts_button(self):
        """The players with an artifact look at it in private: a button for the tablet's
        private round, there only when some card carries an artifact."""
        slot = self.ids.artifacts
        if self.artifacts and not slot.children:
            from kivy.factory import Factory

            b = Factory.BigButton(text=self.tr("day.look_artifact"), size_hint_x=None,
                                  width=self.app.scale * 300,
                                  font_size=self.app.text_scale * 24)
            b.bind(on_release=lambda *_: self.app.go("deal"))
            slot.add_widget(b)
        elif not self.artifacts and slot.children:
            slot.clear_widgets()
        for b in slot.children:
            b.text = self.tr("day.look_artifact")
            b.width = self.app.scale * 300

    def refresh(self):
        if self.app.ctl.phase != "day":
            return
        v = self.app.ctl.day_view()
        tablet = self.app.ctl.tablet
        self.artifacts = tablet is not None and bool(self.app.ctl.private_round().seats)
        self._artifacts_button()
        self.time_text = mmss(v.seconds_left)
        self.running, self.ended = v.running, v.ended
        self.warning = v.seconds_left <= 60
        self.speaker_text = self.tr("day.first_speaker_is", name=v.players[v.first_speaker]) \
            if v.first_speaker is not None else ""
        self.box_ok = self.app.box_ready()
        self.ready_text = self.tr("day.ready", count=v.ready, players=len(v.players)) \
            if self.box_ok and v.ready >= 0 else ""
        rules = [self.tr("day.rule." + a) for a in v.artifacts_rules]
        self.reminder_text = "\n".join(rules)
        if self._deck_shown != (v.in_play, self.app.lang):
            self._deck_shown = (v.in_play, self.app.lang)
            grid = self.ids.in_play
            grid.clear_widgets()
            copies = Counter(self.app.ctl.state.deck)
            for card in v.in_play:  # every card in play, with its count: nothing to scroll
                grid.add_widget(Factory.RoleChip(card=card, label=self.tr("role." + card),
                                                 count=copies[card]))

    def tick(self):
        for alert in self.app.ctl.day_alerts():
            trace.mark("day_" + alert)
            self.app.sounds.play("warning" if alert == "one_minute" else "end")
            if alert == "one_minute":
                self.app.say("day.last_minute")
            self.app.notify("day.alert." + alert)
        self.refresh()

    def next_tick(self):
        """Just after the countdown's next whole second: the display changes then, and the
        one-minute warning and the end fall on one."""
        ctl = self.app.ctl
        return next_second(ctl.state.day if ctl.phase == "day" else None, ctl.now())

    def toggle(self):
        self.app.send({"type": "day_resume" if not self.running else "day_pause"})
        self.app.sync_box_debate()
        self.refresh()

    def add_minute(self, sign: int = 1):
        self.app.send({"type": "day_add", "seconds": 60 * sign})
        self.app.sync_box_debate()
        self.refresh()

    def set_length(self, minutes: int):
        self.app.send({"type": "day_length", "minutes": minutes})
        self.app.sync_box_debate()
        self.refresh()

    def first_speaker(self):
        self.app.send({"type": "first_speaker"})
        self.refresh()

    def ask_vote(self):
        VoteModes(screen=self).open(animation=False)

    def start_vote(self, mode: str):
        if self.app.send({"type": "start_vote", "mode": mode}):
            if mode == "box" and self.app.box_ready():
                self.app.box.start_vote(len(self.app.ctl.state.players))
            self.app.go("vote")

    def show_cards(self):
        self.app.go("cards")
