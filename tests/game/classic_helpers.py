"""Driving a classic game through its controller's events, as a table would: one-line set-ups
and a bot that plays every phase (the woken choose what a script says, or at random)."""

from __future__ import annotations

import datetime as dt
import random

from onenight.classic.autoplay import random_choice
from onenight.classic.model import Kind
from onenight.game.classic_flow import ClassicController, choice_json
from onenight.game.clock import FakeClock

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou",
         "Max", "Ned", "Oz", "Pia", "Quy", "Rex"]
WHEN = dt.datetime(2026, 3, 4, 21, 0, tzinfo=dt.timezone.utc)


def controller(tmp_path, seed: int = 1, clock=None) -> ClassicController:
    return ClassicController(tmp_path / "history", clock=clock or FakeClock(),
                             rng=random.Random(seed), wallclock=lambda: WHEN)


def set_up(c, players: int, deck: str | list | None = None, preset: str | None = None,
           **options) -> None:
    """Names, a deck (a preset id or the cards) and options, at the setup."""
    c.apply({"type": "players", "names": NAMES[:players]})
    if preset:
        c.apply({"type": "preset", "id": preset})
    else:
        cards = deck.split() if isinstance(deck, str) else list(deck)
        c.apply({"type": "custom", "cards": cards})
    if options:
        c.apply({"type": "options", **options})


def deal(c, seats: str | None = None, left_over: str = "") -> None:
    """The tablet deals (``seats``: this deal, else the controller's own draw), and every
    player looks at their card."""
    ev = {"type": "deal", "mode": "tablet"}
    if seats is not None:
        ev["seats"], ev["left_over"] = seats.split(), left_over.split()
    c.apply(ev)
    for seat in range(len(c.state.players)):
        c.apply({"type": "seen", "seat": seat})
    c.apply({"type": "deal_done"})


def start(tmp_path, seats: str, left_over: str = "", seed: int = 1, clock=None,
          **options) -> ClassicController:
    """A controller standing at the game's first stop, with exactly this deal."""
    c = controller(tmp_path, seed, clock)
    cards = seats.split() + left_over.split()
    set_up(c, len(seats.split()), cards, **options)
    deal(c, seats, left_over)
    return c


class Bot:
    """Plays a controller's phases. ``night`` maps a step id to the choice its woken make
    (in the events' shape; a callable is given the controller); ``votes`` maps a day number
    to the ballots of its vote (a dict seat -> target, or a callable); other decisions are
    taken at random with ``rng``, from the rules' legal choices."""

    def __init__(self, c: ClassicController, rng=None, night=None, votes=None, picks=None):
        self.c = c
        self.rng = rng or random.Random(0)
        self.night = night or {}
        self.votes = votes or {}
        self.picks = picks or {}

    def step(self) -> None:
        c = self.c
        phase = c.phase
        getattr(self, "_" + phase)()

    def _notes(self):
        """The Graphologue's round: every player writes a note, then the game begins."""
        c = self.c
        for seat in range(len(c.state.players)):
            c.apply({"type": "note", "seat": seat, "note": [[seat * 10, 500, 900, 500]]})
        c.apply({"type": "notes_done"})

    def _ragots(self):
        """The Québec Habitants' round: every player takes the tablet, then the night falls."""
        c = self.c
        for seat in range(len(c.state.players)):
            c.apply({"type": "ragot_seen", "seat": seat})
        c.apply({"type": "ragots_done"})

    def _night(self):
        c = self.c
        w = c.state.window
        if not w.chosen and w.step in self.night:
            choice = self.night[w.step]
            choice = choice(c) if callable(choice) else choice
            if choice is not None:
                c.apply({"type": "choose", "step": w.step, **choice})
        c.apply({"type": "step_end", "step": w.step})

    def _dawn(self):
        self.c.apply({"type": "go"})

    def _chain(self):
        c = self.c
        step = c.game.stop.step
        want = self.picks.get(step)
        target = want(c) if callable(want) else want
        if target is None:
            target = self.rng.choice(c.game.living())
        c.apply({"type": "choose", "target": target})

    def _debate(self):
        self.c.apply({"type": "start_vote", "mode": "tablet"})

    def _ballots(self, key):
        c = self.c
        g = c.game
        want = self.votes.get(key)
        want = want(c) if callable(want) else want
        if want is None:
            ch = random_choice(g, self.rng, blank=0.0)
            want = {i: t for i, t in enumerate(ch.ballots) if t is not None}
        for seat, target in want.items():
            c.apply({"type": "vote", "seat": seat, "target": target})
        if not c.ballots_view().revealed:
            c.apply({"type": "close_vote", "confirm": True})
        c.apply({"type": "count"})

    def _election(self):
        c = self.c
        if c.state.hold:
            c.apply({"type": "go"})
        elif c.game.stop.chance:
            c.apply({"type": "lots"})
        else:
            self._ballots(("captain", c.game.phase.label, c.game.stop.step))

    def _vote(self):
        c = self.c
        stop = c.game.stop
        if c.state.hold:
            c.apply({"type": "go"})
        elif stop.chance:  # the Québec votes' draw of a villager
            c.apply({"type": "lots"})
        elif stop.step == "nominations":
            want = self.picks.get("nominations")
            target = want(c) if callable(want) else want
            c.apply({"type": "choose", "target": self.rng.choice(c.tie_view().among)
                     if target is None else target})
        elif stop.step == "panic_votes" and not stop.required and self.rng.random() < 0.5:
            c.apply({"type": "draw"})
        else:
            self._ballots(c.game.phase.number)

    def _tie(self):
        c = self.c
        stop = c.game.stop
        if stop.step == "captain_pick":
            want = self.picks.get("captain_pick")
            target = want(c) if callable(want) else want
            c.apply({"type": "choose",
                     "target": self.rng.choice(stop.among) if target is None else target})
        else:
            self._ballots(("revote", c.game.phase.number))

    def play(self, until=None, limit: int = 5000) -> ClassicController:
        """Play until the end (or until ``until(c)`` holds)."""
        for _ in range(limit):
            if self.c.phase == "end" or (until is not None and until(self.c)):
                return self.c
            self.step()
        raise AssertionError("the game did not end")


def to_the_morning(c, victim: int) -> None:
    """The night's calls played with nothing chosen but the pack's ``victim``, then the
    dawn's news gone through."""
    while c.phase == "night":
        w = c.state.window
        if w.step == "werewolves":
            c.apply({"type": "choose", "target": victim})
        c.apply({"type": "step_end", "step": w.step})
    while c.phase == "dawn":
        c.apply({"type": "go"})


def random_night_choice(c):
    """A random legal choice for the call being played (as the woken would tap)."""
    g = c.game
    w = c.state.window
    if w.stop is None or g.stop is None or g.stop.step != w.step or g.stop.kind is Kind.NONE:
        return None
    ch = random_choice(g, random.Random(len(c.log)))
    return None if ch is None else choice_json(ch)
