"""Decks (RULES-CLASSIC.md §2): the simple deal, the presets, custom decks checked against
the boxes with a notice per problem, and the deal from an injected generator."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from onenight.classic.decks import (BEST_OF, MAX_PLAYERS, MIN_PLAYERS, PRESET, PRESETS,
                                    check_deck, deal, simple_deal, werewolf_cards)
from onenight.common.errors import DeckError


def codes(notices) -> list[str]:
    return [n.code for n in notices]


@pytest.mark.parametrize("players", range(8, 19))
def test_the_simple_deal_is_seed_001s_table(players):
    deck = Counter(simple_deal(players))
    wolves = 2 if players <= 11 else 3
    assert deck == Counter({"werewolf": wolves, "seer": 1, "villager": players - wolves - 1})


@pytest.mark.parametrize("players", [6, 7])
def test_six_or_seven_players_play_with_a_warning_and_one_werewolf(players):
    deck = simple_deal(players)
    assert deck.count("werewolf") == 1
    check = check_deck(deck, players)
    assert check.ok and codes(check.warnings) == ["few_players"]


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.id)
def test_every_preset_is_playable_at_every_count_and_keeps_the_werewolves_to_a_quarter(preset):
    for players in preset.players():
        deck = preset.deck(players)
        check = check_deck(deck, players)
        assert check.ok, (preset.id, players, check.problems)
        assert "werewolves_quarter" not in codes(check.warnings), (preset.id, players)


def test_the_base_game_adds_cupid_witch_hunter_little_girl_and_the_thief_with_two_cards():
    deck = PRESET["base_game"].deck(10)
    assert len(deck) == 12
    assert {"cupid", "witch", "hunter", "little_girl", "thief"} <= set(deck)
    assert Counter(deck)["werewolf"] == 2 and Counter(deck)["seer"] == 1


def test_best_of_grows_by_one_card_per_player_and_holds_only_best_of_cards():
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        assert len(BEST_OF[players]) == players
        assert check_deck(BEST_OF[players], players, boxes=("best_of",)).ok


def test_a_preset_refuses_a_count_it_is_not_for():
    with pytest.raises(DeckError, match="the base_game preset is for 7 to 18 players, not 6"):
        PRESET["base_game"].deck(6)


@pytest.mark.parametrize("cards, players, code", [
    (simple_deal(8), 5, "players"),
    (simple_deal(19), 19, "players"),
    (["werewolf", "seer", "wizard"] + ["villager"] * 5, 8, "unknown_card"),
    (simple_deal(8)[:-1], 8, "card_count"),
    (list(simple_deal(8)[:-1]) + ["thief"], 8, "card_count"),
    (["werewolf"] * 2 + ["seer"] * 2 + ["villager"] * 4, 8, "once"),
    (["werewolf"] * 2 + ["seer", "sister"] + ["villager"] * 4, 8, "pair"),
    (["werewolf"] * 2 + ["seer", "sister", "sister", "sister"] + ["villager"] * 2, 8, "too_many"),
    (["werewolf"] * 10 + ["seer"] + ["villager"] * 7, 18, "too_many"),
    (["seer"] + ["villager"] * 7, 8, "no_werewolf"),
])
def test_a_custom_deck_gets_one_notice_per_problem(cards, players, code):
    check = check_deck(cards, players)
    assert code in codes(check.problems) and not check.ok
    assert all(n.message for n in check.problems)


def test_the_boxes_the_host_owns_bound_the_deck():
    deck = ["werewolf"] * 2 + ["seer", "thief", "villager", "villager", "villager", "villager",
                               "villager", "villager"]
    assert check_deck(deck, 8).ok
    assert codes(check_deck(deck, 8, boxes=("best_of",)).problems) == ["too_many"]


def test_more_werewolves_than_a_quarter_is_a_warning():
    deck = ["werewolf"] * 3 + ["seer"] + ["villager"] * 4
    check = check_deck(deck, 8)
    assert check.ok and codes(check.warnings) == ["werewolves_quarter"]
    assert check.warnings[0].facts == {"werewolves": 3, "players": 8, "advised": 2}


def test_the_werewolf_cards_are_the_werewolves_and_the_white_werewolf():
    assert werewolf_cards(["werewolf", "accursed_wolf_father", "big_bad_wolf", "white_werewolf",
                           "wolf_hound", "wild_child"]) == 4


def test_the_deal_comes_from_the_given_generator():
    deck = PRESET["best_of"].deck(12)
    assert deal(deck, 12, random.Random(5)) == deal(deck, 12, random.Random(5))
    seats, left = deal(deck, 12, random.Random(5))
    assert Counter(seats) == Counter(deck) and left == ()


def test_with_a_thief_two_cards_are_left_over():
    deck = PRESET["base_game"].deck(9)
    seats, left = deal(deck, 9, random.Random(1))
    assert len(seats) == 9 and len(left) == 2 and Counter(seats + left) == Counter(deck)


def test_an_unplayable_deck_is_not_dealt():
    with pytest.raises(DeckError, match="deck: 7 cards for 8 players"):
        deal(simple_deal(8)[:-1], 8, random.Random(1))


def test_a_deal_never_leaves_a_sister_out_of_the_game_with_the_thiefs_own_card():
    # "Two sisters come together or not at all": the two cards left over may be the thief's
    # own card and a sister, both out of the game (and out of the record, which holds the
    # thief's cards only when he is dealt); such a deal is shuffled again. A sister among a
    # dealt thief's two cards is his to take.
    deck = ("thief sister sister werewolf werewolf seer witch villager villager villager "
            "villager").split()
    split = 0
    for seed in range(300):
        seats, left = deal(deck, 9, random.Random(seed))
        if "thief" in left:
            assert seats.count("sister") in (0, 2), (seed, left)
        split += seats.count("sister") == 1
    assert split  # a dealt thief may still hold a sister among his cards
