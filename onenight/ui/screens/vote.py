"""The vote: "3, 2, 1, vote!", then whose vote is in (never whom for), then every vote at
once as arrows round the table.

Three ways to collect: the vote box (its pads report "in", then all votes at once), the
host entering where each finger points, or the players voting one by one on the tablet,
which hides each vote before the next player takes it.
"""

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty

from .base import BaseScreen, show_from_start

COUNTDOWN = ("vote.three", "vote.two", "vote.one", "vote.go")
COUNT_SECONDS = 3.6  # the voice's "three, two, one, vote!" lasts about this long


class VoteScreen(BaseScreen):
    stage = StringProperty("countdown")
    """``countdown``, ``collect`` or ``revealed``."""
    big_text = StringProperty("")
    prompt = StringProperty("")
    choosing = BooleanProperty(False)
    """The target buttons are shown (fingers mode, or the tablet voter's private turn)."""
    voter = NumericProperty(-1)
    view = ObjectProperty(None, allownone=True)
    summary = StringProperty("")
    names = ListProperty([])

    _started_at = None
    _lead = 0.0  # seconds of "get ready" before the numbers, to match the voice

    def on_pre_enter(self, *_):
        if self.app.ctl.phase != "vote":
            return
        v = self.app.ctl.vote_view()
        if not any(v.is_in) and not v.revealed:
            self.stage = "countdown"
            self._started_at = self.app.ctl.now()
            said = self.app.say("vote.countdown")
            self._lead = max(0.0, said - COUNT_SECONDS)
            if not said:
                self.app.sounds.play("warning")
        elif self.stage == "countdown":
            self.stage = "collect"  # a vote under way (resumed after a restart): no countdown
        self.refresh()

    # ---- view -----------------------------------------------------------------------------
    def refresh(self):
        ctl = self.app.ctl
        if ctl.phase != "vote":
            return
        v = ctl.vote_view()
        self.view = v
        self.names = list(v.players)
        circle = self.ids.circle
        circle.names = list(v.players)
        circle.is_in = list(v.is_in)
        circle.votes = list(v.votes) if v.votes is not None else None
        circle.counts = list(v.counts) if v.counts is not None else None
        if self.stage == "countdown":
            i = self._count_index()
            self.big_text = self.tr(COUNTDOWN[i]) if i >= 0 else self.tr("vote.get_ready")
            self.prompt = ""
            self.choosing = False
            self._targets([])
            return
        self.big_text = ""
        n_in = sum(v.is_in)
        if v.revealed:
            self.stage = "revealed"
            self.summary = self._summary(v)
        else:
            self.stage = "collect"
            self.summary = self.tr("vote.in_count", count=n_in, players=len(v.players))
        self._prompt(v)

    def _count_index(self) -> int:
        """-1 while getting ready, then 0..3 (three, two, one, vote)."""
        if self._started_at is None:
            return len(COUNTDOWN) - 1
        t = self.app.ctl.now() - self._started_at - self._lead
        if t < 0:
            return -1
        return min(len(COUNTDOWN) - 1, int(t / (COUNT_SECONDS / len(COUNTDOWN))))

    def _summary(self, v) -> str:
        parts = []
        for seat in sorted(range(len(v.players)), key=lambda s: -v.counts[s]):
            if v.counts[seat]:
                parts.append(self.tr("vote.count_for", name=v.players[seat], count=v.counts[seat]))
        if v.missing:
            parts.append(self.tr("vote.missing", names=", ".join(v.players[s] for s in v.missing)))
        return "   ".join(parts)

    def can_undo(self, v) -> bool:
        return v is not None and v.mode == "fingers" and self.stage != "countdown" and \
            any(x is not None for x in self.app.ctl.state.votes)

    def _next_voter(self, v) -> int:
        for seat in range(len(v.players)):
            if v.votes is not None:
                if v.votes[seat] is None:
                    return seat
            elif not v.is_in[seat]:
                return seat
        return -1

    def _prompt(self, v):
        mode = v.mode
        if v.revealed:
            seat = self._next_voter(v)
            self.voter = seat
            if seat >= 0:  # the vote closed with votes missing: the host enters them
                self.prompt = self.tr("vote.enter_missing", name=v.players[seat])
                self.choosing = True
            else:
                self.prompt = self.tr("vote.all_in")
                self.choosing = False
        elif mode == "box":
            self.voter = -1
            self.prompt = self.tr("vote.box_prompt")
            self.choosing = False
        elif mode == "fingers":
            self.voter = self._next_voter(v)
            self.prompt = self.tr("vote.finger_prompt", name=v.players[self.voter])
            self.choosing = True
        else:  # tablet: one by one, each vote hidden before the next player
            self.voter = self._next_voter(v)
            if not self.choosing:
                self.prompt = self.tr("vote.pass_to", name=v.players[self.voter])
            else:
                self.prompt = self.tr("vote.tablet_choose", name=v.players[self.voter])
        self.ids.circle.current = self.voter if (mode == "fingers" or v.revealed) else -1
        self._targets([s for s in range(len(v.players)) if s != self.voter]
                      if self.choosing and self.voter >= 0 else [])

    def _targets(self, seats):
        from kivy.factory import Factory
        box = self.ids.targets
        box.clear_widgets()
        for s in seats:
            b = Factory.BigButton(text=self.names[s])
            b.seat = s
            b.bind(on_release=lambda w: self.pick(w.seat))
            box.add_widget(b)
        show_from_start(box.parent)  # each voter sees the names from the first one

    # ---- actions ---------------------------------------------------------------------------
    def tick(self):
        if self.stage == "countdown":
            if self.app.ctl.now() - self._started_at >= self._lead + COUNT_SECONDS + 1:
                self.stage = "collect"
            self.refresh()
        elif self.stage == "collect" and self.view and self.view.mode == "box":
            self.refresh()

    def skip_countdown(self):
        self.stage = "collect"
        self.refresh()

    def i_am_ready(self):
        """Tablet mode: the player holding the tablet asks for the choices."""
        self.choosing = True
        self.refresh()

    def pick(self, target: int):
        v = self.view
        if self.voter < 0:
            return
        if self.app.send({"type": "vote", "seat": self.voter, "target": target}):
            if v.mode == "tablet" and not v.revealed:
                self.choosing = False  # hide at once: the next player must not see it
                self.app.notify("vote.recorded")
            self.refresh()

    def undo(self):
        """Fingers mode: take back the last vote entered and ask for it again."""
        for e in reversed(self.app.ctl.log):
            if e["type"] == "vote" and self.app.ctl.state.votes[e["seat"]] is not None:
                if self.app.send({"type": "unvote", "seat": e["seat"]}):
                    self.refresh()
                return

    def close_vote(self):
        v = self.view
        if v is not None and v.mode == "box" and self.app.box is not None:
            # the box closes its vote and sends what it has (None for a silent pad); if it
            # is unreachable, its client reveals the votes that were already in
            self.app.box.close_vote()
            return
        if self.app.send({"type": "close_vote"}):
            self.choosing = False
            self.refresh()

    def to_reveal(self):
        if self.app.send({"type": "to_reveal"}):
            self.app.say("reveal")
            self.app.go("reveal")
