"""The vote: "3, 2, 1, vote!", then whose vote is in (never whom for), then every vote at
once as arrows round the table, once every vote is in.

Three ways to collect: the vote box (its pads report "in", then all votes at once), the
host entering where each finger points, or the players voting one by one on the tablet,
which hides each vote before the next player takes it. A box vote closed early (a pad that
stayed silent) takes its missing votes on the tablet, one by one and in private, before
anything is shown.

Against the traps of a busy table: every seat keeps its place in the grid of names, taps
are ignored for a moment after each entry (the second tap of a double tap would vote for
the next player), each entry is confirmed on screen with an undo that names it, and a
private voter's screen offers their own vote and nothing else.
"""

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty

from ..widgets.dialog import confirm
from .base import BaseScreen

COUNTDOWN = ("vote.three", "vote.two", "vote.one", "vote.go")
COUNT_SECONDS = 3.6  # the voice's "three, two, one, vote!" lasts about this long
TAP_GUARD = 0.7
"""Seconds after an entry during which the names ignore taps: the second tap of a double
tap (about 0.1 to 0.3 s later) must not become the next player's vote."""


class VoteScreen(BaseScreen):
    stage = StringProperty("countdown")
    """``countdown``, ``collect`` or ``revealed``."""
    big_text = StringProperty("")
    prompt = StringProperty("")
    choosing = BooleanProperty(False)
    """The names are offered (fingers mode, or a private voter's turn)."""
    private = BooleanProperty(False)
    """Votes are taken one by one on the tablet, each hidden from the next player."""
    alone = BooleanProperty(False)
    """A private voter holds the tablet: the screen shows their own vote only."""
    voter = NumericProperty(-1)
    view = ObjectProperty(None, allownone=True)
    summary = StringProperty("")
    names = ListProperty([])
    last_entry = StringProperty("")
    """The entry just taken, confirmed where the host looks ("Alice → Chloé ✓")."""
    undo_text = StringProperty("")
    """What the undo button takes back ("" when there is nothing to take back)."""
    guarded = BooleanProperty(False)
    """The names are ignoring taps for a moment after an entry."""

    _started_at = None
    _lead = 0.0  # seconds of "get ready" before the numbers, to match the voice
    _guard_until = float("-inf")

    def on_pre_enter(self, *_):
        if self.app.ctl.phase != "vote":
            return
        v = self.app.ctl.vote_view()
        self.last_entry = ""
        self.choosing = False
        if not any(v.is_in) and not v.revealed:
            self.stage = "countdown"
            self._guard_until = float("-inf")  # a new vote: no entry to guard yet
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
        if list(v.players) != list(self.names):
            self.names = list(v.players)
        circle = self.ids.circle
        circle.names = list(v.players)
        circle.is_in = list(v.is_in)
        circle.votes = list(v.votes) if v.votes is not None else None
        circle.counts = list(v.counts) if v.counts is not None else None
        self.private = v.mode == "tablet" or (v.mode == "box" and v.closed)
        self.guarded = ctl.now() < self._guard_until
        if self.stage == "countdown":
            i = self._count_index()
            self.big_text = self.tr(COUNTDOWN[i]) if i >= 0 else self.tr("vote.get_ready")
            self.prompt = ""
            self.summary = ""  # (not the last vote's, nor in the last game's language)
            self.choosing = self.alone = False
            self._offer(False)
            return
        self.big_text = ""
        n_in = sum(v.is_in)
        if v.revealed:
            self.stage = "revealed"
            self.choosing = self.alone = False
            self.summary = self._summary(v)
        else:
            self.stage = "collect"
            self.summary = self.tr("vote.in_count", count=n_in, players=len(v.players))
        self._prompt(v)
        self.undo_text = self._undo_text(v)

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
        return "   ".join(parts)

    def _last_vote(self):
        """(seat, target) of the last vote still standing, entered by the host's finger."""
        state = self.app.ctl.state
        for e in reversed(self.app.ctl.log):
            if e["type"] == "start_vote":
                break  # this vote's entries only
            if e["type"] == "vote" and state.votes[e["seat"]] is not None:
                return e["seat"], state.votes[e["seat"]]
        return None

    def _undo_text(self, v) -> str:
        if v.mode != "fingers" or self.stage == "countdown":
            return ""
        last = self._last_vote()
        if last is None:
            return ""
        return self.tr("vote.undo", name=v.players[last[0]], target=v.players[last[1]])

    def _next_voter(self, v) -> int:
        for seat in range(len(v.players)):
            if not v.is_in[seat]:
                return seat
        return -1

    def _prompt(self, v):
        if v.revealed:
            self.voter = -1
            self.prompt = self.tr("vote.all_in")
            self.choosing = self.alone = False
        elif v.mode == "box" and not v.closed:
            self.voter = -1
            self.prompt = self.tr("vote.box_prompt")
            self.choosing = self.alone = False
        elif v.mode == "fingers":
            self.voter = self._next_voter(v)
            self.prompt = self.tr("vote.finger_prompt", name=v.players[self.voter])
            self.choosing = True
            self.alone = False
        else:  # in private: one by one, each vote hidden before the next player
            self.voter = self._next_voter(v)
            name = v.players[self.voter]
            self.alone = self.choosing
            self.prompt = self.tr("vote.tablet_choose", name=name) if self.choosing \
                else self.tr("vote.pass_to", name=name)
        self.ids.circle.current = self.voter if v.mode == "fingers" else -1
        self._offer(self.choosing and self.voter >= 0)

    def _offer(self, on: bool):
        """Show the names (each in its own place, the voter's own greyed), or none."""
        grid = self.ids.targets
        names = list(self.names) if on else []
        if grid.names != names:
            grid.names = names
            grid.rebuild_now()
        grid.blocked = [self.voter] if on else []
        grid.locked = self.guarded

    @staticmethod
    def make_button(seat, name):
        return Factory.BigButton(text=name)

    # ---- actions ---------------------------------------------------------------------------
    def tick(self):
        if self.stage == "countdown":
            if self.app.ctl.now() - self._started_at >= self._lead + COUNT_SECONDS + 1:
                self.stage = "collect"
            self.refresh()
        elif self.guarded or (self.stage == "collect" and self.view and self.view.mode == "box"):
            self.refresh()

    def next_tick(self):
        if self.guarded:  # the names take taps again at the end of the guard
            return max(0.001, self._guard_until - self.app.ctl.now())
        return 0.2

    def skip_countdown(self):
        self.stage = "collect"
        self.refresh()

    def i_am_ready(self):
        """A private vote: the player holding the tablet asks for the choices."""
        self.choosing = True
        self.last_entry = ""
        self.refresh()

    def not_me(self):
        """A private vote: the tablet went to the wrong player; back to whose turn it is."""
        self.choosing = False
        self.refresh()

    def pick(self, target: int):
        v = self.view
        if self.voter < 0 or v is None or self.app.ctl.now() < self._guard_until:
            return  # a tap that came too soon after the last entry: the same finger again
        voter = self.voter
        if self.app.send({"type": "vote", "seat": voter, "target": target}):
            self._guard_until = self.app.ctl.now() + TAP_GUARD
            if self.private:
                self.choosing = False  # hide at once: the next player must not see it
                self.last_entry = self.tr("vote.recorded", name=v.players[voter])
            else:
                self.last_entry = self.tr("vote.entered", name=v.players[voter],
                                          target=v.players[target])
            self.refresh()
            self.app.retick()

    def undo(self):
        """Fingers mode: take back the last vote entered and ask for it again."""
        last = self._last_vote()
        if last is not None and self.app.send({"type": "unvote", "seat": last[0]}):
            names = self.view.players
            self.last_entry = self.tr("vote.undone", name=names[last[0]],
                                      target=names[last[1]])
            self._guard_until = float("-inf")
            self.refresh()

    def close_vote(self):
        """The box vote, closed before every pad voted: asked first, since the players whose
        vote is missing then vote one by one on the tablet."""
        v = self.view
        if v is None or v.mode != "box":
            return
        missing = ", ".join(v.players[s] for s in range(len(v.players)) if not v.is_in[s])
        confirm(self.tr("vote.close_confirm_title"),
                self.tr("vote.close_confirm_text", names=missing or "—"),
                self.tr("vote.close_confirm_yes"), self._close_now)

    def _close_now(self):
        if self.app.box is not None:
            # the box closes its vote and sends what it has (None for a silent pad); if it
            # is unreachable, its client sends the votes that were already in
            self.app.box.close_vote()
            return
        if self.app.send({"type": "close_vote"}):
            self.refresh()

    def to_reveal(self):
        if self.app.send({"type": "to_reveal"}):
            if self.app.ctl.phase == "end":  # the tablet held the cards: the verdict at once
                self.app.go("result")
                return
            self.app.say("reveal")
            self.app.go("reveal")
