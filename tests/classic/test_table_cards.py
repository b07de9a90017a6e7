"""Seed 000's characters who play on the table itself: the Maire's character cards, the
Espion's wakings. One test per rule, named after it. Records as in test_night.py."""

from __future__ import annotations

import random

from onenight.classic import Kind, Options, Seat, Seats, apply, legal_choices, new_game, to_record
from onenight.classic.model import Votes
from onenight.classic.autoplay import random_choice
from onenight.classic.model import Arrangements, Pick, Take
from onenight.classic.record import replay
from onenight.classic.roles.table_cards import TRAITS, given, mayor_hand, spy_joins, spy_refusal
from onenight.common.errors import IllegalChoice

from .helpers import V, err, play, public, told, until

MAYOR = "mayor werewolf seer villager villager witch pack_leader werewolf"
FIRST = {"night": 1, "mayor_cards": {"cards": ["blind", "bard", "mute"]},
         "mayor": {"targets": [4, 0, 1]}}


def _game(seats: str):
    return new_game(seats.split(), options=Options(captain="never"))


def test_mayor_gives_as_many_character_cards_as_werewolf_cards_the_pack_leader_counting():
    g = _game(MAYOR)
    assert mayor_hand(g) == 3  # two werewolves and the pack leader
    assert mayor_hand(_game("mayor werewolf seer villager villager witch woodsman")) == 1


def test_mayors_round_comes_before_the_preparation_round():
    g = new_game("mayor werewolf seer villager thief cupid villager werewolf".split(),
                 left_over=("villager", "villager"), options=Options(captain="never"))
    steps = []
    while g.stop is not None and g.phase.label == "night 1":
        steps.append(g.stop.step)
        g = apply(g, random_choice(g, random.Random(1)))
    assert steps.index("mayor_cards") < steps.index("mayor") < steps.index("thief") \
        < steps.index("cupid")


def test_mayors_cards_are_drawn_by_the_table_with_nobody_awake_then_shown_to_him_alone():
    g = until(_game(MAYOR), "mayor_cards")
    assert g.stop.chance and g.stop.woken == () and g.stop.required
    assert Pick(("bard", "blind", "mute")) in legal_choices(g) or \
        Pick(("blind", "bard", "mute")) in legal_choices(g)
    g = apply(g, Pick(("blind", "bard", "mute")))
    assert g.stop.step == "mayor" and g.stop.woken == (0,)
    (e,) = told(g, 0, "mayor_cards")
    assert e.to == (0,) and e.value == ("blind", "bard", "mute")


def test_mayor_names_a_different_player_for_each_card_himself_allowed():
    g = apply(until(_game(MAYOR), "mayor_cards"), Pick(("blind", "bard", "mute")))
    options = legal_choices(g)
    assert isinstance(options, Arrangements) and options.size == 3
    assert Seats((0, 4, 1)) in options and Seats((0, 0, 1)) not in options
    assert len(options) == 8 * 7 * 6
    assert len({options[i] for i in range(len(options))}) == len(options)
    try:
        apply(g, Seats((4, 4, 1)))
    except IllegalChoice as e:
        assert "named twice" in str(e)
    else:
        raise AssertionError("a player given two cards")
    assert "3 players, not 2" in err(MAYOR, {"night": 1, "mayor_cards": FIRST["mayor_cards"],
                                             "mayor": {"targets": [4, 0]}})


def test_the_cards_given_and_to_whom_are_told_to_everyone_at_the_first_dawn_only():
    g = play(MAYOR, FIRST, {"day": 1, "votes": V("- - - - - - - -")},
             {"night": 2, "werewolves": {"victim": 3}})
    told_ = [(e.phase, e.seat, e.value) for e in public(g, "trait")]
    assert told_ == [("day 1", 4, "blind"), ("day 1", 0, "bard"), ("day 1", 1, "mute")]
    assert given(g) == ((4, "blind"), (0, "bard"), (1, "mute"))


def test_character_cards_have_no_rule_effect_and_survive_the_priests_blessing():
    seats = "mayor werewolf seer villager priest witch villager werewolf"
    g = play(seats, {"night": 1, "mayor_cards": {"cards": ["snorer", "coward"]},
                     "mayor": {"targets": [1, 2]}, "priest": {"bless": 1}},
             {"day": 1})
    assert g.cards[1] == "villager" and given(g) == ((1, "snorer"), (2, "coward"))


def test_a_thief_who_takes_the_mayors_card_gives_none_his_round_is_past():
    seats = "thief werewolf seer villager villager witch villager werewolf"
    g = new_game(seats.split(), left_over=("mayor", "villager"),
                 options=Options(captain="never"))
    g = until(g, "thief")
    g = until(apply(g, Take(0)), "werewolves")
    assert g.cards[0] == "mayor" and g.memo.get("mayor.drawn") is None


def test_a_mayors_game_replays_exactly_from_its_record():
    rng = random.Random(7)
    g = _game(MAYOR)
    while g.verdict is None:
        g = apply(g, random_choice(g, rng))
    rec = to_record(g)
    assert rec["phases"][0]["mayor_cards"]["cards"] and len(rec["phases"][0]["mayor"]["targets"]) == 3
    assert to_record(replay(rec)) == rec


def test_a_bad_record_of_the_mayors_cards_names_what_is_wrong():
    bad = dict(FIRST, mayor_cards={"cards": ["blind", "unicorn", "mute"]})
    assert "mayor_cards.cards" in err(MAYOR, bad)
    bad = dict(FIRST, mayor_cards={"cards": ["blind", "blind", "mute"]})
    assert "different character cards" in err(MAYOR, bad)


def test_the_pile_holds_each_card_once():
    assert len(set(TRAITS)) == len(TRAITS) >= 15


# ---- the Espion ---------------------------------------------------------------------------------

SPY = "spy werewolf seer villager villager witch villager werewolf"


def test_spy_wakes_with_another_characters_call_counted_and_told_to_nobody():
    g = until(_game(SPY), "seer")
    assert spy_refusal(g, "seer") is None
    g = spy_joins(g, "seer")
    assert g.memo.get("spy.uses") == ((1, "seer"),)
    assert [e.to for e in g.log if e.kind == "spy_joined"] == [()]
    assert to_record(g)["phases"][0]["spy"] == {"with": "seer"}


def test_spy_may_not_wake_with_the_werewolves_nor_the_crow():
    g = until(_game(SPY), "werewolves")
    assert spy_refusal(g, "werewolves") == "werewolves"
    assert spy_refusal(g, "crow") == spy_refusal(g, "white_werewolf") == "werewolves"
    assert spy_refusal(g, "jekyll_die") == "no_call"


def _to(g, step: str, night: int):
    """Walk on, choosing nothing and voting blank, to ``step`` on night ``night``."""
    while not (g.stop.step == step and g.phase.label == f"night {night}"):
        g = apply(g, Votes((None,) * g.players) if g.stop.kind is Kind.VOTES else None)
    return g


def test_spy_wakes_at_most_once_a_night_and_three_times_a_game():
    g = spy_joins(_to(_game(SPY), "seer", 1), "seer")
    assert spy_refusal(_to(g, "witch", 1), "witch") == "tonight"
    g = spy_joins(_to(g, "witch", 2), "witch")
    g = spy_joins(_to(g, "seer", 3), "seer")
    assert spy_refusal(_to(g, "seer", 4), "seer") == "spent"
    assert [n for n, _ in g.memo.get("spy.uses")] == [1, 2, 3]


def test_a_dead_spy_wakes_no_more():
    g = _to(_game(SPY), "werewolves", 1)
    g = apply(g, Seat(0))
    assert spy_refusal(_to(g, "witch", 1), "witch") is None  # (his death is the dawn's)
    assert spy_refusal(_to(g, "seer", 2), "seer") == "dead"


def test_a_spys_record_replays_and_a_bad_one_names_what_is_wrong():
    rec = {"night": 1, "spy": {"with": "seer"}, "seer": {"view": 3}}
    assert to_record(play(SPY, rec))["phases"][0]["spy"] == {"with": "seer"}
    assert "phases[0].spy.with" in err(SPY, {"night": 1, "spy": {"with": "cupid"}},
                                       {"day": 1, "votes": V("- - - - - - - -")})
    assert "phases[0].spy" in err(SPY, {"night": 1, "spy": {"with": "werewolves"}},
                                  {"day": 1, "votes": V("- - - - - - - -")})
    assert "phases[0].spy" in err(SPY, {"night": 1, "spy": "seer"},
                                  {"day": 1, "votes": V("- - - - - - - -")})
    assert "no spy" in err(EIGHT_NO_SPY, {"night": 1, "spy": {"with": "seer"}},
                           {"day": 1, "votes": V("- - - - - - - -")})


EIGHT_NO_SPY = "villager werewolf seer villager villager witch villager werewolf"
