"""How many whole games per second the rules engines play. The one-night game: deal, a night
of random legal choices, random votes, the outcome. The classic game: a random preset and
player count (6-18), the deal, then every night and day with random legal choices at every
stop, to the end. Bounds how fast property tests and checkers run."""

from __future__ import annotations

import random
import time

from onenight.classic.autoplay import play_out
from onenight.classic.decks import PRESETS
from onenight.classic.decks import deal as classic_deal
from onenight.classic.model import Options
from onenight.classic.walk import new_game
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


def play_one_classic(rng: random.Random) -> None:
    preset = rng.choice(PRESETS)
    players = rng.choice(list(preset.players()))
    seats, left = classic_deal(preset.deck(players), players, rng)
    captain = rng.choice(("first_morning", "before_first_night", "never"))
    play_out(new_game(seats, left, Options(captain=captain)), rng)


def games_per_second(seconds: float = 2.0, seed: int = 1, play=play_one) -> float:
    """Games per second of this process's CPU time (the loop is single-threaded and CPU-bound,
    so a busy machine slows the wall clock but not this figure)."""
    rng = random.Random(seed)
    n = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        play(rng)
        n += 1
    return n / elapsed


def classic_games_per_second(seconds: float = 2.0, seed: int = 1) -> float:
    return games_per_second(seconds, seed, play_one_classic)


if __name__ == "__main__":
    print(f"games_per_s: {games_per_second():.0f}")
    print(f"classic_games_per_s: {classic_games_per_second(5.0):.0f}")
