import random

import pytest

from onenight.rules.scenarios import SCENARIOS, anarchy_deck


def preset_decks():
    """(scenario id, players, cards) for every preset at every player count, and a spread of
    Anarchie draws."""
    out = []
    for sc in SCENARIOS:
        for n in sc.players():
            if sc.random_draw:
                for seed in range(6):
                    out.append((f"{sc.id}#{seed}", n, anarchy_deck(n, random.Random(seed))))
            else:
                out.append((sc.id, n, sc.deck(n)))
    return out


@pytest.fixture(scope="session", name="preset_decks")
def _preset_decks():
    return preset_decks()
