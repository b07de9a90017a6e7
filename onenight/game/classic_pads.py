"""The vote box in the classic game: which round the box holds at each moment of a game, and
what its pads say turned into the controller's events, as taps would be.

:class:`ClassicPads` sits between a :class:`.classic_flow.ClassicController` and a box client
(:class:`onenight.box.BoxClient`, or anything with its methods: this module imports neither
it nor Kivy). ``sync()`` after every change of the game opens what the moment needs:

* **each call of the night**: a pick for every living seat with a pad, whoever is awake (the
  box is never told who is: the client keeps only the woken seats' choices, and every living
  pad looks and sounds the same). A call whose choice a pad can make (a seat, the witch's
  potions, the infection's yes or no, a special power: ``classic_flow.PAD_KINDS``) lists its
  woken seats to the client; any other call (nobody there, a spent power, two seats, a side,
  a card) lists none, so the link, the box and the pads look the same at every call. A
  special power's call (the Québec Apothicaire's, Coureur des Bois's, Violoneux's) takes
  every seat's number as a target, whoever is alive: its pad dials the numbers of the powers
  the tablet lists at that call, then a player (``ClassicController._dial_power``); the
  targets hang on the call only, which the whole table hears;
* **the debate**: the countdown on the LED bar (the box sounds the last minute and the end by
  itself) and the pads' "ready to vote";
* **a vote taken on the box** (the captain's election, the day's vote, the second vote among
  the tied): a vote for the living seats that have a pad, among the seats the round allows;
  the living seats without one, and every seat still missing once the host gives the box's
  part up (``give_up``: the box dropped mid-vote), vote on the tablet;
* **a single player's decision** (the hunter's shot, the captain's successor, the captain's
  pick on a tie): a vote on that player's pad alone (a dead hunter's pad too: he shoots as he
  dies); the tablet takes it as well;
* **the end**, or the game abandoned: the box is reset, idle again (the only time a tablet
  may pair with it).

Round numbers are drawn from the game's identity and the moment, so an app restarted in the
middle of a vote opens the same round again, and the box keeps what was already cast.

At night a pad's choice is applied in silence (``quiet``): a refusal there (a woken player
dialling a seat the rules refuse) must show nothing on the screen in the middle of the table.
By day the pads' events go through ``send``, whose refusals the host sees.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable

from onenight.classic.model import Kind

from .classic_flow import PAD_KINDS, POWER_KINDS, ClassicController
from .flow import Refused

ELECTION = ("captain_votes", "captain_revote")


class ClassicPads:
    """The box's part in one app's classic game (see the module's docstring)."""

    def __init__(self, ctl: Callable[[], ClassicController], client,
                 send: Callable[[dict], object], quiet: Callable[[dict], object] | None = None):
        """``ctl`` gives the classic game's controller; ``send`` applies a day's event (the
        app's door, which tells the host of a refusal); ``quiet`` applies a night's pad
        choice and says nothing of a refusal (by default the controller's ``apply``, with
        refusals swallowed)."""
        self._ctl = ctl
        self.client = client
        self.send = send
        self.quiet = quiet or self._apply_quietly
        self.moment: tuple | None = None  # the moment the box holds a round for
        self.round: int | None = None  # that round's number
        self.kind = ""  # "pick", "vote" (ballots), "decide" (one player), "debate", ...
        self.decider: int | None = None
        self.box_seats: frozenset[int] = frozenset()  # who votes on the box this round
        self.given_up = False
        self.opened: set[int] = set()  # every round this game opened

    @property
    def ctl(self) -> ClassicController:
        return self._ctl()

    def _apply_quietly(self, event: dict) -> None:
        try:
            self.ctl.apply(event)
        except Refused:
            pass  # never said: it would tell the table who pressed

    # ---- what the box holds -------------------------------------------------------------
    def with_pads(self, seats: Iterable[int]) -> list[int]:
        pads = getattr(self.client, "pads", 0) or 0
        return sorted(s for s in seats if s < pads)

    def round_for(self, moment: tuple) -> int:
        """The round of a moment of this game: the same after a restart, unknown to anyone
        without the game's identity, never 0."""
        text = f"{self.ctl.state.game_id}|{moment!r}".encode()
        rnd = (int.from_bytes(hashlib.sha256(text).digest()[:4], "big") >> 1) or 1
        self.opened.add(rnd)
        return rnd

    def sync(self) -> None:
        """Have the box hold what the game's moment needs (nothing changes if it does)."""
        ctl = self.ctl
        s = ctl.state
        g = s.game
        if g is None:  # setup and deal: the box is the one-night game's, or idle
            if self.moment is not None and self.moment != ("end",):
                self.client.reset()  # a game abandoned: the box is free again
            self._hold(None)
            return
        if getattr(self.client, "status", "connected") != "connected":
            return  # its pads unknown yet: the moment is opened once it answers
        moment, opener = self._moment()
        if moment == self.moment:
            return
        self._hold(moment)
        opener()

    def _hold(self, moment: tuple | None) -> None:
        """The box is to hold ``moment`` (None: nothing of this game): no round of it opened
        yet, the last one forgotten."""
        self.moment, self.given_up = moment, False
        self.round, self.decider, self.box_seats = None, None, frozenset()
        self.kind = moment[0] if moment else ""

    def _moment(self):
        ctl = self.ctl
        s = ctl.state
        g = s.game
        n = len(s.players)
        living = g.living()
        if s.phase == "end":
            return ("end",), self.client.reset
        w = s.window
        if w is not None:
            moment = ("pick", w.night, w.index)
            woken = ctl.awake_seats() if w.kind in PAD_KINDS else ()
            choice = "yes_no" if w.kind is Kind.YES else "seat"
            # a special power's number may be a dead player's seat
            targets = list(range(n)) if w.kind in POWER_KINDS else living

            def pick():
                self.round = self.round_for(moment)
                self.client.open_pick(self.with_pads(living), n, woken=woken, choice=choice,
                                      targets=targets, self_pick=True, round=self.round)
            return moment, pick
        if s.phase == "debate" and s.day is not None:
            d = s.day
            moment = ("debate", g.phase.number, d.length, d.left_at_mark, d.mark, d.running)
            return moment, lambda: self.client.start_debate(
                self.client.clock() + ctl.debate_left()[0], d.length, paused=not d.running)
        stop = g.stop
        if s.hold is None and stop is not None and s.ballots is not None \
                and stop.kind is Kind.VOTES and s.ballots.mode == "box":
            v = ctl.ballots_view()
            moment = ("vote", g.phase.label, stop.step, len(g.log))  # the panic counts again
            seats = self.with_pads(v.voters)

            def vote():
                self.round = self.round_for(moment)
                self.box_seats = frozenset(seats)
                self.client.open_vote(seats, n, targets=v.targets,
                                      self_vote=stop.step in ELECTION, round=self.round)
            return moment, vote
        if s.hold is None and stop is not None and stop.kind is Kind.SEAT \
                and s.phase in ("chain", "tie", "vote") and len(stop.deciders) == 1:
            decider = stop.deciders[0]
            targets = ctl.tie_view().among if stop.step in ("captain_pick", "nominations") else \
                ctl.chain_view().targets
            moment = ("decide", g.phase.label, stop.step, decider, len(g.log))

            def decide():
                self.round = self.round_for(moment)
                self.decider = decider
                self.client.open_vote(self.with_pads([decider]), n,
                                      targets=[t for t in targets if t != decider],
                                      round=self.round)
            return moment, decide
        return ("rest",), self.client.close_round

    def forget(self) -> None:
        """The one-night game took the box: the classic game's round is opened again when
        it is next played."""
        self.moment = self.round = None
        self.kind = ""

    # ---- the vote's seats ---------------------------------------------------------------
    def on_tablet(self, voters: Iterable[int]) -> tuple[int, ...]:
        """Of a vote taken on the box, the ``voters`` who vote on the tablet: those without a
        pad, and every one once the box's part is given up."""
        if self.kind == "vote" and not self.given_up:
            return tuple(v for v in voters if v not in self.box_seats)
        return tuple(voters)

    def give_up(self) -> None:
        """The box's part of this vote ends now (the box dropped, the table will not wait):
        the votes it already took are kept, the missing vote on the tablet."""
        if self.kind == "vote" and not self.given_up:
            self.given_up = True
            self.client.close_round()

    # ---- what the pads say (on the app's thread) ----------------------------------------
    def handle(self, ev) -> bool:
        """Apply one box event; False if it is not the classic game's (another round's, or a
        ready signal outside the classic debate)."""
        if ev.kind == "status":
            self.sync()  # the box answers again (or for the first time): the moment's round
            return False
        if ev.kind == "ready":
            if self.kind != "debate" or self.ctl.phase != "debate":
                return False
            self.send({"type": "ready", "count": len(self.client.ready_seats)})
            return True
        if ev.kind not in ("vote_in", "votes", "pick_in", "picks"):
            return False
        if ev.round != self.round or self.round is None:
            return ev.round in self.opened  # a round of this game, since replaced: stale
        if ev.kind == "pick_in":
            self._picked(ev.seat, ev.choice)
        elif ev.kind == "vote_in" and self.kind == "vote":
            self.send({"type": "vote_in", "seat": ev.seat})
        elif ev.kind == "votes" and self.kind == "vote":
            ballots = self.ctl.state.ballots
            for seat, target in sorted((ev.votes or {}).items()):
                if ballots is not None and ballots.votes[seat] is None:
                    self.send({"type": "vote", "seat": seat, "target": target})
        elif ev.kind == "votes" and self.kind == "decide":
            target = (ev.votes or {}).get(self.decider)
            if target is not None:
                self.send({"type": "pick", "seat": self.decider, "target": target})
        return True

    def _picked(self, seat: int, choice: int | None) -> None:
        w = self.ctl.state.window
        if w is None or choice is None or self.moment != ("pick", w.night, w.index):
            return
        field = {"yes": choice == 1} if w.kind is Kind.YES else {"target": choice}
        self.quiet({"type": "pick", "seat": seat, "step": w.step, **field})


__all__ = ["ClassicPads"]
