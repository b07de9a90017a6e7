"""Playing a game with the cards on the tablet by events, as the screens (or pads) would."""

from __future__ import annotations

import datetime as dt
import json
import random
import subprocess
import sys

from onenight.game.clock import FakeClock
from onenight.game.controller import Controller
from onenight.game.tablet import play_step

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fox", "Gus", "Hal", "Ivy", "Jo"]
WHEN = dt.datetime(2026, 1, 2, 20, 30, tzinfo=dt.timezone.utc)


def controller(tmp_path, seed: int = 4, cls=Controller, **kw) -> Controller:
    return cls(tmp_path / "history", clock=FakeClock(), rng=random.Random(seed),
               wallclock=lambda: WHEN, **kw)


def setup(c, players: int, deck: dict, deal: dict | None = None) -> None:
    """Players, cards on the tablet, the deck (a ``scenario`` or ``custom`` event), the deal
    (drawn by the controller unless given)."""
    c.apply({"type": "players", "names": NAMES[:players]})
    c.apply({"type": "cards", "on": "tablet"})
    c.apply(dict(deck))
    start = {"type": "start_night"}
    if deal is not None:
        start["deal"] = deal
    c.apply(start)


def private_deal(c) -> None:
    for seat in range(len(c.state.players)):
        c.apply({"type": "looked", "seat": seat})
    c.apply({"type": "deal_done"})


def step(c, rng: random.Random, acts: float = 0.8, cut: float = 0.2) -> dict:
    """Open the next step, pick a random legal choice (or nothing, or only its start), end it.
    Returns the step_end event as logged."""
    return play_step(c.apply, c, rng, acts, cut)


def night(c, rng: random.Random, **kw) -> None:
    while not c.tablet.over:
        step(c, rng, **kw)
    c.apply({"type": "night_done"})


def vote(c, rng: random.Random, votes=None) -> None:
    n = len(c.state.players)
    c.apply({"type": "start_vote", "mode": "tablet"})
    if votes is None:
        votes = [rng.choice([s for s in range(n) if s != i]) for i in range(n)]
    for seat, target in enumerate(votes):
        c.apply({"type": "vote", "seat": seat, "target": target})
    c.apply({"type": "to_reveal"})


def whole_game(c, players: int, deck: dict, seed: int = 1, **kw) -> dict:
    """A whole game; returns the saved record."""
    rng = random.Random(seed)
    setup(c, players, deck)
    private_deal(c)
    night(c, rng, **kw)
    vote(c, rng)
    return json.loads(c.state.record_path.read_text(encoding="utf-8"))


def table_cards_game(c) -> dict:
    """For comparison, a whole game of five with physical cards (Métamorphoses maléfiques):
    the votes, then the cards the host entered at the reveal. Returns the saved record."""
    c.apply({"type": "players", "names": NAMES[:5]})
    c.apply({"type": "scenario", "id": "metamorphoses-malefiques"})
    c.apply({"type": "start_night"})
    c.apply({"type": "night_done"})
    c.apply({"type": "start_vote", "mode": "fingers"})
    for seat, target in enumerate([1, 0, 1, 1, 0]):
        c.apply({"type": "vote", "seat": seat, "target": target})
    c.apply({"type": "to_reveal"})
    for seat, card in enumerate(["robber", "doppelganger", "witch", "minion", "werewolf"]):
        c.apply({"type": "final_card", "seat": seat, "card": card})
    c.apply({"type": "copied", "role": "mystic_wolf"})
    c.apply({"type": "confirm"})
    return json.loads(c.state.record_path.read_text(encoding="utf-8"))


def adjudicate(path) -> dict:
    """``onenight adjudicate FILE`` as a process."""
    p = subprocess.run([sys.executable, "-m", "onenight", "adjudicate", str(path)],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)
