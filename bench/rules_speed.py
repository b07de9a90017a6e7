"""How many whole games per second the rules engine plays: deal, a night of random legal
choices, random votes, the outcome. Bounds how fast property tests and checkers run."""

from __future__ import annotations

import random
import time

from onenight.rules.night import apply_step, deal, legal_choices, shuffle_artifacts, shuffle_deal
from onenight.rules.outcome import resolve
from onenight.rules.scenarios import SCENARIOS, anarchy_deck, default_alpha_center
from onenight.rules.steps import night_steps


def play_one(rng: random.Random) -> None:
    scenario = rng.choice(SCENARIOS)
    players = rng.choice(list(scenario.players()))
    cards = anarchy_deck(players, rng) if scenario.random_draw else scenario.deck(players)
    seats, center = shuffle_deal(cards, players, rng)
    alpha = default_alpha_center(cards) if "alpha_wolf" in cards else None
    t = deal(seats, center, alpha, shuffle_artifacts(rng))
    for step in night_steps(t.deck):
        t = apply_step(t, step, rng.choice(legal_choices(t, step)))
    votes = [rng.choice([s for s in range(players) if s != i]) for i in range(players)]
    resolve(t.roles(), votes)


def games_per_second(seconds: float = 2.0, seed: int = 1) -> float:
    rng = random.Random(seed)
    n = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        play_one(rng)
        n += 1
    return n / elapsed


if __name__ == "__main__":
    print(f"games_per_s: {games_per_second():.0f}")
