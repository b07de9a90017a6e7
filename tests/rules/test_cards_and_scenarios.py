import random
from collections import Counter

import pytest

from onenight.rules.cards import ROLE, ROLES, Team
from onenight.rules.scenarios import (SCENARIO, SCENARIOS, anarchy_deck, check_deck,
                                      daybreak_cards, default_alpha_center, table_setup)
from onenight.rules.steps import night_steps

PRESET_COUNTS = [(s, n) for s in SCENARIOS if not s.random_draw for n in s.players()]


def test_catalogue_has_every_card_of_both_boxes():
    assert len(ROLES) == 25
    assert sum(r.base_copies for r in ROLES) == 16
    assert sum(r.daybreak_copies for r in ROLES) == 17 - 1  # 16 Crépuscule role cards
    assert ROLE["werewolf"].box_copies == 3
    assert ROLE["villager"].box_copies == 5
    assert ROLE["mason"].box_copies == 2
    assert ROLE["minion"].team is Team.WEREWOLF and not ROLE["minion"].werewolf
    assert ROLE["dream_wolf"].werewolf and ROLE["dream_wolf"].wake is None
    assert ROLE["tanner"].team is Team.TANNER
    assert ROLE["paranormal_investigator"].fr == "Chasseur de fantômes"
    assert ROLE["hunter"].fr == "Chasseur"


@pytest.mark.parametrize("scenario,players", PRESET_COUNTS,
                         ids=[f"{s.id}-{n}" for s, n in PRESET_COUNTS])
def test_every_preset_is_players_plus_three_and_fits_the_boxes(scenario, players):
    deck = scenario.deck(players)
    assert len(deck) == players + 3
    alpha = default_alpha_center(deck) if "alpha_wolf" in deck else None
    check = check_deck(deck, players, alpha)
    assert check.ok, check.problems
    for card, n in Counter(deck).items():
        assert n <= ROLE[card].box_copies


def test_preset_rows_replace_each_other():
    assert SCENARIO["sombre-reveil"].deck(6) == (
        "werewolf", "mystic_wolf", "revealer", "witch", "apprentice_seer", "villager",
        "sentinel", "villager", "dream_wolf")
    assert SCENARIO["les-sages"].deck(7).count("mason") == 2
    assert SCENARIO["terrible-ennemi"].deck(4)[-1] == "revealer"


def test_preset_refuses_a_player_count_it_does_not_cover():
    with pytest.raises(ValueError, match="3 to 4 players"):
        SCENARIO["terrible-ennemi"].deck(5)


@pytest.mark.parametrize("seed", range(40))
def test_anarchy_draws_from_the_daybreak_box_with_at_most_three_werewolves(seed):
    rng = random.Random(seed)
    players = rng.randint(3, 10)
    deck = anarchy_deck(players, rng)
    assert len(deck) == players + 3
    assert sum(ROLE[c].werewolf for c in deck) <= 3
    box = Counter(daybreak_cards())
    for card, n in Counter(deck).items():
        assert n <= box[card]


def test_anarchy_is_reproducible_from_the_seed():
    assert anarchy_deck(7, random.Random(5)) == anarchy_deck(7, random.Random(5))


def test_anarchy_redraws_when_four_werewolves_come_out():
    class Rigged(random.Random):
        calls = 0

        def shuffle(self, x):
            Rigged.calls += 1
            wolves = ["werewolf", "alpha_wolf", "mystic_wolf", "dream_wolf"]
            rest = [c for c in x if c not in wolves]
            x[:] = (wolves + rest) if Rigged.calls == 1 else (rest + wolves)

    deck = anarchy_deck(3, Rigged())
    assert Rigged.calls == 2
    assert sum(ROLE[c].werewolf for c in deck) == 0


def codes(check):
    return [p.code for p in check.problems]


def test_deck_validation_names_each_problem():
    assert codes(check_deck(["werewolf"] * 2 + ["villager"] * 4, 3)) == []
    assert codes(check_deck(["werewolf", "villager"], 3)) == ["card_count"]
    assert "players" in codes(check_deck(["villager"] * 5, 2))
    assert "players" in codes(check_deck(["villager"] * 5 + ["werewolf"] * 3 + ["seer"] * 6, 11))
    assert codes(check_deck(["werewolf"] * 4 + ["villager"] * 2, 3)) == ["too_many"]
    assert codes(check_deck(["alpha_wolf", "villager", "villager", "seer", "robber", "witch"],
                            3)) == ["alpha_center_missing"]
    assert codes(check_deck(["alpha_wolf", "villager", "villager", "seer", "robber", "witch"],
                            3, "villager")) == ["alpha_center_card"]
    assert codes(check_deck(["nobody", "villager", "villager", "seer", "robber", "witch"],
                            3)) == ["unknown_card"]
    # the alpha centre card counts against the boxes
    full = ["werewolf"] * 3 + ["alpha_wolf", "villager", "seer"]
    assert codes(check_deck(full, 3, "werewolf")) == ["too_many"]
    assert check_deck(full, 3, "mystic_wolf").ok


def test_the_rules_advice_is_a_warning_not_a_problem():
    deck = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager",
            "doppelganger"]
    check = check_deck(deck, 5)
    assert check.ok
    assert {w.code for w in check.warnings} == {"bodyguard_advice", "hard_roles"}
    assert check.warnings[1].facts["cards"] == ["doppelganger"]


def test_default_alpha_center_takes_a_plain_werewolf_while_one_is_left():
    assert default_alpha_center(["alpha_wolf", "werewolf"]) == "werewolf"
    assert default_alpha_center(["alpha_wolf"] + ["werewolf"] * 3) == "mystic_wolf"
    assert default_alpha_center(["alpha_wolf", "mystic_wolf"] + ["werewolf"] * 3) == "dream_wolf"


def test_table_setup_counts_shields_and_artifacts():
    s = table_setup(SCENARIO["metamorphoses-malefiques"].deck(8), 8)
    assert s.alpha_center == "werewolf" and s.artifacts == 6 and s.shields == 0
    s = table_setup(["sentinel", "doppelganger", "werewolf", "villager", "seer", "robber"], 3)
    assert s.shields == 2 and s.alpha_center is None and s.artifacts == 0
    s = table_setup(["sentinel", "werewolf", "villager", "villager", "seer", "robber"], 3)
    assert s.shields == 1


def test_night_steps_follow_wake_order_and_ignore_the_deal():
    deck = SCENARIO["nuit-du-loup-garou"].deck(10)
    ids = [s.id for s in night_steps(deck)]
    assert ids == ["sentinel", "werewolves", "alpha_wolf", "mystic_wolf", "apprentice_seer",
                   "paranormal_investigator", "witch", "aura_seer", "revealer", "curator"]
    shuffled = list(deck)
    random.Random(1).shuffle(shuffled)
    assert night_steps(shuffled) == night_steps(deck)


def test_doppelganger_steps_are_called_whenever_both_cards_are_in_the_deck():
    ids = [s.id for s in night_steps(["doppelganger", "aura_seer", "insomniac", "revealer",
                                      "curator", "villager"])]
    assert ids == ["doppelganger", "aura_seer", "doppelganger_aura_seer", "insomniac",
                   "doppelganger_insomniac", "revealer", "doppelganger_revealer", "curator",
                   "doppelganger_curator"]


def test_a_dream_wolf_alone_still_calls_the_werewolves():
    assert [s.id for s in night_steps(["dream_wolf", "villager", "seer"])] == ["werewolves",
                                                                                "seer"]
