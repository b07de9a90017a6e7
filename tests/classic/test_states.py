"""The Québec booklet's states (seed 002's glossary: Fait fort, Protégé(e), Absent(e),
Infecté(e), the pack's sickness), one test per rule, and the characters built on them."""

from __future__ import annotations

import pytest

from onenight.classic import Options, Potions, Seat, Votes, Yes, apply, legal_choices, new_game
from onenight.classic.deaths import SPARED
from onenight.classic.model import Roll
from onenight.classic.roles.quebec_states import lucky_face
from onenight.classic import states
from onenight.classic.sides import camp, pack, side
from onenight.common.errors import IllegalChoice

from .helpers import V, deaths, err, out, play, public, told, until

BRAG = "braggart werewolf seer villager villager villager villager werewolf"
BLANK8 = {"votes": V("- - - - - - - -")}


def _game(seats: str):
    return new_game(seats.split(), options=Options(captain="never"))


def _at_pack(seats: str, *changes):
    """The first night's werewolves' call, with some states set by the given functions."""
    g = until(_game(seats), "werewolves")
    for change in changes:
        g = change(g)
    return g


# ---- fait fort ----------------------------------------------------------------------------------

def test_fait_fort_a_braggart_starts_the_game_strong():
    g = _game(BRAG)
    assert states.strong(g, 0) and not any(states.strong(g, s) for s in range(1, 8))


def test_fait_fort_the_pack_attacks_him_and_he_survives_then_loses_the_state():
    g = play(BRAG, {"night": 1, "werewolves": {"victim": 0}}, {"day": 1, **BLANK8})
    assert g.alive(0) and not states.strong(g, 0)
    assert not public(g, "died")  # the dawn says nobody died
    assert [e.seat for e in g.log if e.kind == "strong_spent" and e.to == ()] == [0]
    g = play(BRAG, {"night": 1, "werewolves": {"victim": 0}}, {"day": 1, **BLANK8},
             {"night": 2, "werewolves": {"victim": 0}}, {"day": 2})
    assert deaths(g) == [(0, "werewolves")]  # spent: the second attack kills him


def test_fait_fort_any_attack_counts_the_witchs_poison_too():
    g = play("braggart werewolf witch villager villager villager villager werewolf",
             {"night": 1, "werewolves": {"victim": 3},
              "witch": {"heal": False, "poison": 0}}, {"day": 1})
    assert g.alive(0) and not states.strong(g, 0) and deaths(g) == [(3, "werewolves")]


def test_fait_fort_escapes_one_attack_a_second_the_same_night_kills():
    g = play("braggart werewolf witch villager villager villager villager werewolf",
             {"night": 1, "werewolves": {"victim": 0},
              "witch": {"heal": False, "poison": 0}}, {"day": 1})
    assert deaths(g) == [(0, "witch")]


def test_fait_fort_is_no_escape_from_the_villages_vote():
    g = play(BRAG, {"night": 1}, {"day": 1, "votes": V("- 0 0 0 0 0 0 0")})
    assert deaths(g) == [(0, "vote")]


def test_fait_fort_survives_the_hunters_shot_and_the_table_sees_him_live_on():
    g = play("braggart werewolf seer villager hunter villager villager werewolf",
             {"night": 1, "werewolves": {"victim": 4}}, {"day": 1, "hunter": {"shoot": 0}})
    assert g.alive(0) and not states.strong(g, 0) and deaths(g) == [(4, "werewolves")]
    assert [e.seat for e in public(g, "strong_survived")] == [0]


def test_fait_fort_goes_before_the_priests_blessing_which_is_kept_for_a_later_death():
    g = play("braggart werewolf priest villager villager villager villager werewolf",
             {"night": 1, "priest": {"bless": 0}, "werewolves": {"victim": 0}}, {"day": 1})
    assert g.alive(0) and not states.strong(g, 0) and g.memo.get(SPARED) == 0


def test_fait_fort_a_strong_werewolf_survives_the_rusty_swords_sickness():
    g = _at_pack("rusty_sword_knight werewolf seer villager villager villager villager werewolf",
                 lambda g: states.make_strong(g, 1))
    g = until(apply(g, Seat(0)), "votes")
    g = until(apply(g, Votes((None,) * 8)), "werewolves")
    assert g.alive(1) and not states.strong(g, 1) and g.stop.woken == (1, 7)


# ---- protégé ------------------------------------------------------------------------------------

def test_protege_the_packs_attack_on_a_protected_player_fails_and_nobody_dies():
    g = apply(_at_pack(BRAG, lambda g: states.protect(g, 3)), Seat(3))
    g = until(g, "debate")
    assert g.alive(3) and not g.deaths and not public(g, "died")


def test_protege_a_protected_player_is_not_spared_the_witchs_poison():
    seats = "seer werewolf witch villager villager villager villager werewolf"
    g = apply(_at_pack(seats, lambda g: states.protect(g, 3)), Seat(4))
    g = apply(until(g, "witch"), Potions(
        poison=3))
    assert deaths(until(g, "debate")) == [(3, "witch"), (4, "werewolves")]


def test_protege_a_protected_member_of_the_pack_passes_his_turn():
    g = until(_game(BRAG), "werewolves")
    assert g.stop.woken == (1, 7)
    g = until(states.protect(until(_game(BRAG), "seer"), 7), "werewolves")
    assert g.stop.woken == (1,) and pack(g) == (1,)


def test_protege_lasts_one_night():
    g = apply(_at_pack(BRAG, lambda g: states.protect(g, 3)), Seat(3))
    g = until(g, "votes")
    g = until(apply(g, Votes((None,) * 8)),
              "werewolves")
    assert not states.protected(g, 3)
    g = until(apply(g, Seat(3)), "debate")
    assert deaths(g) == [(3, "werewolves")]


def test_protege_the_accursed_wolf_father_cannot_infect_a_victim_he_did_not_reach():
    seats = "seer werewolf accursed_wolf_father villager villager villager villager villager"
    g = apply(_at_pack(seats, lambda g: states.protect(g, 3)), Seat(3))
    assert g.stop.step == "accursed_wolf_father" and Yes() not in legal_choices(g)
    with pytest.raises(IllegalChoice, match="out of the pack's reach"):
        apply(g, Yes())


# ---- absent -------------------------------------------------------------------------------------

def test_absent_the_pack_finds_an_empty_house_and_nobody_dies():
    g = apply(_at_pack(BRAG, lambda g: states.send_away(g, 3)), Seat(3))
    g = until(g, "debate")
    assert g.alive(3) and not g.deaths


def test_absent_an_elder_away_from_home_takes_no_bite():
    seats = "elder werewolf seer villager villager villager villager werewolf"
    g = until(apply(_at_pack(seats, lambda g: states.send_away(g, 0)), Seat(0)), "debate")
    assert g.alive(0) and not [e for e in g.log if e.kind == "bite_survived"]


# ---- the écornifleux: no escape -----------------------------------------------------------------

EAVES = "eavesdropper werewolf witch villager villager villager villager werewolf"


def test_eavesdropper_devoured_has_no_escape_absent_protected_or_strong():
    def everything(g):
        return states.make_strong(states.protect(states.send_away(g, 0), 0), 0)

    g = until(apply(_at_pack(EAVES, everything), Seat(0)), "debate")
    assert deaths(g) == [(0, "werewolves")]


def test_eavesdroppers_fait_fort_still_saves_him_from_another_attack():
    g = apply(_at_pack(EAVES, lambda g: states.make_strong(g, 0)), Seat(3))
    g = apply(until(g, "witch"), Potions(
        poison=0))
    g = until(g, "debate")
    assert g.alive(0) and deaths(g) == [(3, "werewolves")]


# ---- infecté ------------------------------------------------------------------------------------

CHRONIC = "chronic_infected werewolf seer villager villager villager villager villager"


def test_infecte_the_chronic_infected_starts_infected_and_on_the_lupins_side():
    g = _game(CHRONIC)
    assert states.infected(g, 0) and camp(g, 0) == "werewolves" and side(g, 0) == "werewolves"


def test_infecte_he_wakes_with_the_pack_from_the_first_night_and_votes_its_victim():
    g = until(_game(CHRONIC), "werewolves")
    assert g.stop.woken == (0, 1) and 0 in g.stop.deciders
    assert Seat(0) not in legal_choices(g)  # one of the pack: never its victim


def test_infecte_a_player_infected_in_play_wakes_with_the_pack_from_the_night_given():
    g = until(_game(BRAG), "seer")
    g = states.infect(g, 3, 2)
    assert camp(g, 3) == "werewolves"
    assert until(g, "werewolves").stop.woken == (1, 7)  # not yet tonight
    g = play(BRAG, {"night": 1, "werewolves": {"victim": 4}}, {"day": 1, **BLANK8})
    g = until(states.infect(g, 3, 2), "werewolves")
    assert g.stop.woken == (1, 3, 7)
    assert [e.seat for e in told(g, 3, "infected")] == [3]  # told on his first night


def test_infecte_twice_is_once():
    g = states.infect(states.infect(_game(BRAG), 3, 2), 3, 5)
    assert states.pack_from(g, 3) == 2


def test_infecte_the_village_wins_only_once_the_infected_are_gone_too():
    o = out(CHRONIC, {"night": 1, "werewolves": {"victim": 3}},
            {"day": 1, "votes": V("1 - 1 - 1 1 1 1")},
            {"night": 2, "werewolves": {"victim": 4}}, {"day": 2})
    assert o["ended"] is None  # the werewolf is dead, the chronic infected lives


# ---- the pack's sickness ------------------------------------------------------------------------

def _sickening(seats: str, seat: int):
    """A game whose ``seat`` sickens the pack that eats him (the Apothicaire's serum)."""
    return states.carry_serum(_game(seats), seat)


def test_sickness_the_pack_that_eats_the_serum_attacks_nobody_the_next_night():
    g = until(_sickening(BRAG, 3), "werewolves")
    g = until(apply(g, Seat(3)), "votes")
    g = until(apply(g, Votes((None,) * 8)),
              "werewolves")
    assert legal_choices(g) == [None] and not g.stop.required
    assert told(g, 1, "pack_sick") and told(g, 7, "pack_sick")
    with pytest.raises(IllegalChoice, match="sick"):
        apply(g, Seat(4))
    g = until(apply(g), "votes")
    assert deaths(g) == [(3, "werewolves")]
    g = until(apply(g, Votes((None,) * 8)),
              "werewolves")
    assert legal_choices(g)  # the night after, it hunts again


def test_sickness_a_lone_wolf_dies_of_it_at_that_dawn():
    seats = "braggart werewolf seer villager villager villager villager villager"
    g = apply(until(_sickening(seats, 3), "werewolves"), Seat(3))
    while g.stop is not None:
        g = apply(g)
    assert deaths(g) == [(1, "sickness"), (3, "werewolves")]
    assert g.verdict.reason == "no_werewolf_left" and g.verdict.phase == "day 1"


def test_sickness_a_strong_lone_wolf_survives_it_and_loses_the_state():
    seats = "braggart werewolf seer villager villager villager villager villager"
    g = apply(until(states.make_strong(_sickening(seats, 3), 1), "werewolves"), Seat(3))
    g = until(g, "debate")
    assert deaths(g) == [(3, "werewolves")] and not states.strong(g, 1)


def test_sickness_a_healed_serum_sickens_nobody():
    seats = "witch werewolf seer villager villager villager villager werewolf"
    g = apply(until(_sickening(seats, 3), "werewolves"), Seat(3))
    g = apply(until(g, "witch"), Potions(
        heal=True))
    g = until(g, "votes")
    assert not states.pack_sick(g._with(phase=g.phase.next()))
    assert g.memo.get(states.SICK) is None


# ---- the loup gris: dent longue -----------------------------------------------------------------

GREY = "grey_wolf werewolf seer villager villager villager villager witch"


def test_grey_wolf_starts_strong_and_is_a_wolf_of_the_pack():
    g = _game(GREY)
    assert states.strong(g, 0) and camp(g, 0) == "werewolves" and not states.infected(g, 0)
    assert until(g, "werewolves").stop.woken == (0, 1)


def test_grey_wolf_spends_his_strength_to_infect_the_packs_victim_instead_of_devouring_him():
    night1 = {"night": 1, "werewolves": {"victim": 3}, "grey_wolf": {"infect": True}}
    g = play(GREY, night1, {"day": 1, **BLANK8})
    assert g.alive(3) and states.infected(g, 3) and not states.strong(g, 0)
    assert camp(g, 3) == "werewolves"
    assert until(g, "werewolves").stop.woken == (0, 1, 3)  # with the pack from the next night
    assert [e.seat for e in told(until(g, "werewolves"), 3, "infected")] == [3]


def test_grey_wolf_long_tooth_is_used_once_then_called_for_show():
    night1 = {"night": 1, "werewolves": {"victim": 3}, "grey_wolf": {"infect": True}}
    g = play(GREY, night1, {"day": 1, **BLANK8})
    g = until(apply(until(g, "werewolves"), Seat(4)), "grey_wolf")
    assert g.stop.for_show
    g = play(GREY, night1, {"day": 1, **BLANK8},
             {"night": 2, "werewolves": {"victim": 4}, "grey_wolf": {"infect": True}},
             {"day": 2})
    assert not g.alive(4) and not states.infected(g, 4)  # for show: the bite killed


def test_grey_wolf_who_lost_his_strength_has_no_long_tooth():
    g = play(GREY, {"night": 1, "werewolves": {"victim": 3},
                    "witch": {"heal": False, "poison": 0}}, {"day": 1, **BLANK8})
    assert g.alive(0) and not states.strong(g, 0)  # the poison took his strength
    assert until(apply(until(g, "werewolves"), Seat(4)), "grey_wolf").stop.for_show


def test_grey_wolf_infects_only_a_victim_the_pack_reached():
    g = apply(_at_pack(GREY, lambda g: states.protect(g, 3)), Seat(3))
    g = until(g, "grey_wolf")
    assert Yes() not in legal_choices(g)
    with pytest.raises(IllegalChoice, match="not now"):
        apply(g, Yes())
    assert "not now" in err(GREY, {"night": 1, "grey_wolf": {"infect": True}})  # no victim


def test_grey_wolf_cannot_infect_the_elder_whose_bite_counts():
    seats = "grey_wolf werewolf seer elder villager villager villager villager"
    g = play(seats, {"night": 1, "werewolves": {"victim": 3}, "grey_wolf": {"infect": True}},
             {"day": 1})
    assert g.alive(3) and not states.infected(g, 3) and not states.strong(g, 0)
    assert [e.seat for e in g.log if e.kind == "infection_failed"] == [3]


# ---- the guenilloux -----------------------------------------------------------------------------

RAG = "ragpicker werewolf seer villager villager villager villager werewolf"
RAG_OUT = ({"night": 1, "werewolves": {"victim": 3}},
           {"day": 1, "votes": V("- 0 0 - 0 0 0 0")})


def test_ragpicker_voted_out_the_lot_infects_a_villager_who_wakes_with_the_pack_that_night():
    g = until(play(RAG, *RAG_OUT), "ragpicker_curse")
    assert g.stop.chance and g.stop.required and g.stop.woken == ()
    assert legal_choices(g) == [Seat(4), Seat(5), Seat(6)]  # the seer excepted
    g = until(apply(g, Seat(5)), "werewolves")
    assert states.infected(g, 5) and g.stop.woken == (1, 5, 7)
    assert [e.seat for e in told(g, 5, "infected")] == [5]
    g = play(RAG, *RAG_OUT, {"night": 2, "ragpicker_curse": {"draw": 5}})
    assert states.infected(g, 5) and camp(g, 5) == "werewolves"


def test_ragpicker_curse_never_falls_on_the_seer_and_is_required():
    assert "not the seer's" in err(RAG, *RAG_OUT, {"night": 2, "ragpicker_curse": {"draw": 2}})
    assert "at ragpicker_curse (missing)" in err(RAG, *RAG_OUT,
                                                 {"night": 2, "werewolves": {"victim": 4}})


def test_ragpicker_curse_may_fall_on_a_player_already_infected():
    g = until(play(RAG, *RAG_OUT), "ragpicker_curse")
    g = states.infect(g, 4, 1)
    assert Seat(4) in legal_choices(g)
    g = apply(g, Seat(4))
    assert states.pack_from(g, 4) == 1 and not states.infected(g, 5)


def test_ragpicker_devoured_sickens_the_pack_and_curses_nobody():
    g = play(RAG, {"night": 1, "werewolves": {"victim": 0}}, {"day": 1, **BLANK8})
    assert g.memo.get(states.SICK) == 2
    g = until(g, "werewolves")
    assert g.stop.step == "werewolves" and legal_choices(g) == [None]  # no curse was called


def test_ragpicker_must_stay_alive_to_win_with_the_village():
    o = out(RAG, {"night": 1, "werewolves": {"victim": 0}},
            {"day": 1, "votes": V("- - 1 1 1 1 1 1")},
            {"night": 2}, {"day": 2, "votes": V("- - 7 7 7 7 7 -")})
    assert o["winning_side"] == "village" and 0 not in o["winners"]
    assert o["winners"] == [2, 3, 4, 5, 6]


# ---- the fille de chamane: patte de loup --------------------------------------------------------

SHAMAN = "shamans_daughter werewolf seer villager villager villager villager werewolf"


def test_shamans_daughter_protects_a_home_and_the_pack_kills_nobody_there():
    g = play(SHAMAN, {"night": 1, "shamans_daughter": {"protect": 3},
                      "werewolves": {"victim": 3}}, {"day": 1})
    assert g.alive(3) and not g.deaths


def test_shamans_daughter_may_protect_herself():
    g = play(SHAMAN, {"night": 1, "shamans_daughter": {"protect": 0},
                      "werewolves": {"victim": 0}}, {"day": 1})
    assert g.alive(0)


def test_shamans_daughter_never_protects_the_same_player_two_nights_running():
    night1 = {"night": 1, "shamans_daughter": {"protect": 3}, "werewolves": {"victim": 4}}
    assert "protected last night" in err(SHAMAN, night1, {"day": 1, **BLANK8},
                                         {"night": 2, "shamans_daughter": {"protect": 3}})
    g = until(play(SHAMAN, night1, {"day": 1, **BLANK8}), "shamans_daughter")
    assert Seat(3) not in legal_choices(g) and Seat(0) in legal_choices(g)
    g = play(SHAMAN, night1, {"day": 1, **BLANK8}, {"night": 2, "shamans_daughter": {"protect": 5}},
             {"day": 2, **BLANK8}, {"night": 3, "shamans_daughter": {"protect": 3},
                                    "werewolves": {"victim": 3}}, {"day": 3})
    assert g.alive(3)  # a night between: the same player again


def test_shamans_daughter_protecting_a_werewolf_keeps_him_from_the_pack_that_night():
    g = until(apply(until(_game(SHAMAN), "shamans_daughter"), Seat(7)), "werewolves")
    assert g.stop.woken == (1,)


# ---- the écureuil-garou -------------------------------------------------------------------------

SQUIRREL = "were_squirrel werewolf seer villager villager villager villager werewolf"
QUIET = ({"night": 1, "werewolves": {"victim": 6}}, {"day": 1, **BLANK8})


def test_were_squirrel_wins_alone_when_the_villages_win_comes_and_he_lives():
    o = out(SQUIRREL, {"night": 1, "werewolves": {"victim": 6}},
            {"day": 1, "votes": V("1 - 1 1 1 1 - 1")},
            {"night": 2, "werewolves": {"victim": 5}},
            {"day": 2, "votes": V("7 - 7 7 7 - - -")})
    assert o["winning_side"] == "were_squirrel" and o["winners"] == [0]
    assert o["reason"] == "were_squirrel_alive"


def test_were_squirrel_dead_the_village_wins_as_usual():
    o = out(SQUIRREL, {"night": 1, "werewolves": {"victim": 0}},
            {"day": 1, "votes": V("- - 1 1 1 1 1 1")},
            {"night": 2, "werewolves": {"victim": 5}},
            {"day": 2, "votes": V("- - 7 7 7 - 7 -")})
    assert o["winning_side"] == "village" and 0 not in o["winners"]


def test_were_squirrel_names_a_player_each_night_from_the_third_never_twice():
    g = until(play(SQUIRREL, *QUIET, {"night": 2, "werewolves": {"victim": 5}},
                   {"day": 2, **BLANK8}), "were_squirrel")
    assert g.phase.label == "night 3" and g.stop.required
    g = play(SQUIRREL, *QUIET, {"night": 2, "werewolves": {"victim": 5}},
             {"day": 2, **BLANK8}, {"night": 3, "werewolves": {"victim": 4},
                                    "were_squirrel": {"choose": 3}}, {"day": 3, **BLANK8})
    g = until(g, "were_squirrel")
    assert Seat(3) not in legal_choices(g) and Seat(2) in legal_choices(g)
    assert "named already" in err(
        SQUIRREL, *QUIET, {"night": 2, "werewolves": {"victim": 5}}, {"day": 2, **BLANK8},
        {"night": 3, "werewolves": {"victim": 4}, "were_squirrel": {"choose": 3}},
        {"day": 3, **BLANK8}, {"night": 4, "werewolves": {"victim": 2},
                               "were_squirrel": {"choose": 3}})


def test_were_squirrel_who_names_a_wolf_is_eliminated():
    g = play(SQUIRREL, *QUIET, {"night": 2, "werewolves": {"victim": 5}}, {"day": 2, **BLANK8},
             {"night": 3, "werewolves": {"victim": 4}, "were_squirrel": {"choose": 7}},
             {"day": 3})
    assert (0, "were_squirrel") in deaths(g) and g.alive(7)


def test_were_squirrel_is_no_werewolf_to_the_seer_but_a_plain_villager():
    g = play(SQUIRREL, {"night": 1, "seer": {"view": 0}})
    (e,) = told(g, 2, "saw")
    assert e.role == "villager"


def test_were_squirrel_named_by_the_pack_from_the_second_night_may_be_away_by_the_die():
    assert [lucky_face(n) for n in (2, 3, 4, 5, 9)] == [4, 3, 2, 2, 2]
    g = play(SQUIRREL, *QUIET, {"night": 2, "werewolves": {"victim": 0},
                                "were_squirrel_luck": {"roll": 4}}, {"day": 2})
    assert g.alive(0) and not g.deaths[1:]
    g = play(SQUIRREL, *QUIET, {"night": 2, "werewolves": {"victim": 0},
                                "were_squirrel_luck": {"roll": 3}}, {"day": 2})
    assert (0, "werewolves") in deaths(g)
    assert "were_squirrel_luck: missing" in err(
        SQUIRREL, *QUIET, {"night": 2, "werewolves": {"victim": 0}}, {"day": 2})
    g = until(_game(SQUIRREL), "werewolves")
    assert until(apply(g, Seat(0)), "debate").deaths[0].seat == 0  # the first night: no luck


def test_sickness_is_no_attack_dr_jekyll_saves_from():
    """A lone wolf dying of the pack's sickness dies of no attack: on a 6, Dr Jekyll is
    offered the players tonight's attacks kill (here the serum's carrier the pack devoured),
    not him. (A random whole game offered him the sick wolf, then failed on his choice.)"""
    seats = "jekyll_hyde werewolf seer villager villager villager villager villager"
    g = apply(until(_sickening(seats, 3), "werewolves"), Seat(3))
    g = until(g, "jekyll_die")
    g = until(apply(g, Roll(6)), "jekyll_hyde")
    assert [c.seat for c in legal_choices(g) if c is not None] == [3]
    g = until(apply(g, Seat(3)), "debate")
    assert deaths(g) == []  # the carrier saved, the serum was not eaten: nobody is sick
    # when his die does nothing, the sick lone wolf dies at that dawn
    g = apply(until(_sickening(seats, 3), "werewolves"), Seat(3))
    g = apply(until(g, "jekyll_die"), Roll(5))
    while g.stop is not None:
        g = apply(g)
    assert deaths(g) == [(1, "sickness"), (3, "werewolves")]


def test_a_memo_answers_as_a_scan_of_its_items_after_looking_up_once():
    """The memory's look-ups go through an index made at the first (docs/performance.md):
    the first of a key wins, as when its items were scanned; a put replaces the key; the
    index changes neither equality nor hashing (a game's states are compared and kept)."""
    from onenight.classic.model import Memo

    m = Memo((("witch.heal", 1), ("victim", 4), ("witch.heal", 2)))
    fresh = Memo(m.items)
    assert m.get("witch.heal") == 1 and m.get("victim") == 4
    assert m.get("seer", "none") == "none" and m.get("seer") is None
    assert m == fresh and hash(m) == hash(fresh) and repr(m) == repr(fresh)
    put = m.put("victim", 7)
    assert put.get("victim") == 7 and put.get("witch.heal") == 1 and m.get("victim") == 4
    assert put.items == (("witch.heal", 1), ("witch.heal", 2), ("victim", 7))
