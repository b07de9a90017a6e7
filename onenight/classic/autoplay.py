"""Random legal play: a uniformly random legal choice at every stop. For property tests, the
benchmark, and reaching any moment of a game in a test or a screenshot."""

from __future__ import annotations

import random

from .model import Game, Kind, Votes
from .walk import apply, ballot_options, legal_choices


def random_choice(g: Game, rng: random.Random, blank: float = 0.1):
    """A random legal choice for the current stop; at a vote each living seat votes at random
    (blank with probability ``blank``)."""
    stop = g.stop
    if stop.kind is Kind.VOTES:
        ballots = []
        for s in range(g.players):
            options = ballot_options(g, s)
            if len(options) == 1 or rng.random() < blank:
                ballots.append(None)
            else:
                ballots.append(rng.choice(options[1:]))
        return Votes(tuple(ballots))
    return rng.choice(legal_choices(g))


def play_out(g: Game, rng: random.Random, max_stops: int = 100_000) -> Game:
    """Play the game to its end with random legal choices."""
    for _ in range(max_stops):
        if g.stop is None:
            return g
        g = apply(g, random_choice(g, rng))
    raise RuntimeError(f"the game did not end within {max_stops} stops")
