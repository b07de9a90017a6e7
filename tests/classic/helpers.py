"""One-line set-ups for classic rules tests: a deal as a string of character ids, phases as
record objects, ballots as a string ("3 3 - 1": seat 0 votes for 3, seat 2 is blank)."""

from __future__ import annotations

import random

from onenight.classic import deal, new_game, to_record
from onenight.classic import handwriting, village
from onenight.classic.autoplay import random_choice
from onenight.classic.decks import PRESETS
from onenight.classic.model import Entry, Game
from onenight.classic.record import replay, replay_outcome
from onenight.classic.walk import apply, use_power
from onenight.common.errors import RulesError


def a_record(seed: int) -> dict:
    """A real game's record, stopped at a random moment."""
    rng = random.Random(seed)
    preset = rng.choice(PRESETS)
    players = rng.choice(list(preset.players()))
    g = new_game(*deal(preset.deck(players), players, rng),
                 buildings=random_buildings(rng, players))
    for _ in range(rng.randint(0, 120)):
        if g.stop is None:
            break
        powers = village.day_powers(g)
        if powers and rng.random() < 0.3:  # Le Village: a day power, while the village debates
            g = use_power(g, rng.choice(powers))
            continue
        g = apply(g, random_choice(g, rng))
    return to_record(g)


def random_notes(seats, left=()):
    """Seed 000's Graphologue's notes, one per seat, when the deck holds him (None in the
    others): random scribbles within the record's bounds, drawn from the deal itself (the
    game's own generator is left as it was)."""
    if "graphologist" not in tuple(seats) + tuple(left):
        return None
    rng = random.Random(",".join(seats))
    return [handwriting.scribble(rng) for _ in seats]


def random_buildings(rng: random.Random, players: int):
    """Le Village's buildings in some games: a random draw of the box's tokens, the rest
    Vagabonds; None (no buildings) in the others."""
    if rng.random() < 0.6:
        return None
    tokens = [b.id for b in village.BUILDINGS for _ in range(b.copies)]
    chosen = rng.sample(tokens, rng.randint(max(0, players - village.VAGABONDS),
                                            min(players, len(tokens))))
    return village.deal_buildings(chosen, players, rng)


def V(ballots: str) -> list:
    """Ballots from "3 3 - 1" (a dash is blank, or a dead seat)."""
    return [None if b == "-" else int(b) for b in ballots.split()]


def record(seats: str, *phases: dict, captain: str = "never", thief: str | None = None,
           sisters_again: bool = False, vote: str | None = None,
           habitant_ragots: bool = False) -> dict:
    rec = {"format": "thiercelieux-game/1", "seats": seats.split(),
           "options": {"captain": captain, "sisters_wake_again": sisters_again},
           "phases": list(phases)}
    if vote is not None:
        rec["options"]["vote"] = vote
    if habitant_ragots:
        rec["options"]["habitant_ragots"] = True
    if thief is not None:
        rec["thief_cards"] = thief.split()
    return rec


def play(seats: str, *phases: dict, **options) -> Game:
    return replay(record(seats, *phases, **options))


def out(seats: str, *phases: dict, **options) -> dict:
    return replay_outcome(record(seats, *phases, **options))


def err(seats: str, *phases: dict, **options) -> str:
    try:
        play(seats, *phases, **options)
    except RulesError as e:
        return str(e)
    raise AssertionError("the record was accepted")


def told(g: Game, seat: int, kind: str | None = None) -> list[Entry]:
    """What ``seat`` was told in private (public entries left out)."""
    return [e for e in g.log if e.to is not None and seat in e.to
            and (kind is None or e.kind == kind)]


def public(g: Game, kind: str) -> list[Entry]:
    return [e for e in g.log if e.to is None and e.kind == kind]


def deaths(g: Game) -> list[tuple[int, str]]:
    return [(d.seat, d.cause) for d in g.deaths]


#: A plain table of 8: seats 1 and 6 are the werewolves.
EIGHT = "seer werewolf witch villager hunter cupid werewolf villager"


def until(g: Game, step: str) -> Game:
    """Walk on, choosing nothing, to the next stop at ``step``."""
    while g.stop.step != step:
        g = apply(g)
    return g
