"""The night (RULES-CLASSIC.md §3, §5): each step, in its order, called or not, for show or
not, what it lets its players choose and what they learn. One test per rule, named after it."""

from __future__ import annotations

import pytest

from onenight.classic import Kind, Options, Seat, Votes, apply, legal_choices, new_game
from onenight.classic import village
from onenight.classic.cast import NIGHT, SECTION_1, STEP
from onenight.classic.forms import from_json

from .helpers import V, err, play, public, told

N1 = {"night": 1}


def walk_steps(seats: str, night_choices: dict, **options) -> list[tuple[str, bool]]:
    """(step, for_show) of every stop of the first night, the choices applied as given."""
    g = new_game(seats.split(), options.pop("left_over", ()), Options(**options))
    seen = []
    while g.stop is not None and g.stop.phase.is_night and g.stop.phase.number == 1:
        stop = g.stop
        seen.append((stop.step, stop.for_show))
        raw = night_choices.get(stop.step)
        choice = None if raw is None else from_json(STEP[stop.step], raw, stop.step, g.players)
        g = apply(g, choice)
    return seen


def test_the_night_order_is_section_3s():
    # (the villager's Québec draw, habitant_ragots, is that booklet's: test_quebec.py)
    assert [s.id for s in NIGHT if (s.role in SECTION_1 or s.role is None)
            and s.id not in village.NIGHT_CALLS and s.id != "habitant_ragots"] == [
        "captain_votes", "dusk", "thief", "cupid", "lovers", "sisters", "wild_child", "wolf_hound",
        "seer", "werewolves", "white_werewolf", "accursed_wolf_father", "big_bad_wolf", "witch",
        "fox", "pied_piper", "charmed"]


def test_only_the_steps_of_dealt_living_roles_are_called():
    steps = walk_steps("seer werewolf witch villager hunter cupid werewolf villager",
                       {"cupid": {"lovers": [3, 7]}})
    assert [s for s, _ in steps] == ["dusk", "cupid", "lovers", "seer", "werewolves", "witch"]


def test_a_dead_players_step_is_not_called():
    # the seer voted out on day 0 (the angel's day): her step is never called
    g = play("angel seer werewolf werewolf villager villager villager villager",
             {"day": 0, "votes": V("1 0 1 1 1 1 1 1")}, N1)
    assert not g.alive(1)
    steps = [e.step for e in g.log if e.phase == "night 1"]
    assert "seer" not in steps


def test_a_choice_for_a_step_that_is_not_called_is_an_error():
    assert err("seer werewolf witch villager hunter villager werewolf villager",
               {"night": 1, "white_werewolf": {"kill": 1}}) == (
        "phases[0].white_werewolf: this step is not called: no white_werewolf in this game")
    seats = "seer werewolf witch villager hunter white_werewolf werewolf villager"
    assert err(seats, {"night": 1, "white_werewolf": {"kill": 1}}) == (
        "phases[0].white_werewolf: the white_werewolf step is called on even nights only "
        "(2, 4, …)")
    assert err("seer werewolf witch villager hunter cupid werewolf villager",
               {"night": 1, "cupid": {"lovers": [0, 1]}}, {"day": 1, "votes": V("- - - - - - - -")},
               {"night": 2, "cupid": {"lovers": [2, 3]}}) == (
        "phases[2].cupid: the cupid step is called on the first night only")


# ---- the thief (seed 001) --------------------------------------------------------------------

THIEF = "thief werewolf seer villager villager villager villager werewolf"


def test_thief_sees_the_two_cards_left_over_and_may_keep_his():
    g = play(THIEF, N1, thief="witch hunter")
    assert told(g, 0, "cards")[0].value == ["witch", "hunter"]
    assert g.cards[0] == "thief" and g.leftover == ("witch", "hunter")


def test_thief_who_takes_a_card_plays_it_from_then_on():
    g = play(THIEF, {"night": 1, "thief": {"take": 1}}, thief="witch hunter")
    assert g.cards[0] == "hunter" and g.leftover == ("witch", "thief")
    assert told(g, 0, "took")[0].role == "hunter"


def test_thief_must_take_a_werewolf_card_when_both_are():
    assert err(THIEF, N1, {"day": 1, "votes": V("- - - - - - - -")},
               thief="werewolf big_bad_wolf") == (
        "phases[0].thief: missing: both cards left over are werewolves: the thief must take one")
    g = play(THIEF, {"night": 1, "thief": {"take": 0}}, thief="werewolf big_bad_wolf")
    assert g.cards[0] == "werewolf"


def test_thief_who_takes_a_werewolf_card_wakes_with_the_werewolves_that_night():
    g = play(THIEF, {"night": 1, "thief": {"take": 0}}, thief="werewolf witch")
    pack = told(g, 1, "pack")[0]
    assert pack.seats == (0, 1, 7)


def test_thief_who_takes_cupid_is_cupid_that_same_night():
    g = play(THIEF, {"night": 1, "thief": {"take": 0}, "cupid": {"lovers": [0, 2]}},
             thief="cupid villager")
    assert g.lovers == (0, 2)


def test_thief_card_left_over_is_still_called_for_show():
    steps = walk_steps("werewolf seer villager villager villager villager werewolf villager",
                       {}, left_over=("thief", "witch"))
    assert steps[1] == ("thief", True)


# ---- cupid, the lovers, the sisters ---------------------------------------------------------

def test_cupid_may_make_himself_a_lover():
    g = play("cupid werewolf seer villager villager villager villager werewolf",
             {"night": 1, "cupid": {"lovers": [0, 3]}})
    assert g.lovers == (0, 3)


def test_cupids_lovers_are_required_on_the_first_night():
    assert err("cupid werewolf seer villager villager villager villager werewolf", N1,
               {"day": 1, "votes": V("- - - - - - - -")}) == (
        "phases[0].cupid: missing: cupid must name the two lovers on the first night")


def test_cupid_names_two_different_living_players():
    assert err("cupid werewolf seer villager villager villager villager werewolf",
               {"night": 1, "cupid": {"lovers": [3, 3]}}) == (
        "phases[0].cupid.lovers: seat 3 is named twice: the cupid chooses different players")
    assert err("cupid werewolf seer villager villager villager villager werewolf",
               {"night": 1, "cupid": {"lovers": [3]}}) == (
        "phases[0].cupid.lovers: the cupid chooses 2 players, not 1")


def test_the_lovers_wake_and_learn_each_other():
    g = play("cupid werewolf seer villager villager villager villager werewolf",
             {"night": 1, "cupid": {"lovers": [3, 7]}})
    assert [e.seat for e in told(g, 3, "lover")] == [7]
    assert [e.seat for e in told(g, 7, "lover")] == [3]
    assert told(g, 0, "lover") == []


SISTERS = "sister sister werewolf seer villager villager villager werewolf"


def test_the_sisters_wake_on_the_first_night_and_learn_each_other():
    g = play(SISTERS, N1)
    assert told(g, 0, "sisters")[0].seats == (0, 1) and told(g, 1, "sisters")[0].seats == (0, 1)


@pytest.mark.parametrize("again, calls", [(False, ["night 1"]),
                                          (True, ["night 1", "night 2"])])
def test_the_sisters_wake_again_on_even_nights_only_with_the_option(again, calls):
    blank = {"votes": V("- - - - - - - -")}
    g = play(SISTERS, N1, {"day": 1, **blank}, {"night": 2}, {"day": 2, **blank}, {"night": 3},
             sisters_again=again)
    assert [e.phase for e in told(g, 0, "sisters")] == calls


# ---- the wild child, the wolf-hound -----------------------------------------------------------

def test_the_wild_child_chooses_another_player_as_model():
    seats = "wild_child werewolf seer villager villager villager villager werewolf"
    assert err(seats, {"night": 1, "wild_child": {"model": 0}}) == (
        "phases[0].wild_child.model: the wild child chooses another player as his model")
    assert err(seats, N1, {"day": 1}) == (
        "phases[0].wild_child: missing: the wild child must choose a model on the first night")
    assert play(seats, {"night": 1, "wild_child": {"model": 2}}).memo.get("wild_child.model") == 2


def test_a_wolf_hound_who_chooses_the_werewolves_wakes_with_them_that_same_night():
    seats = "wolf_hound werewolf seer villager villager villager villager werewolf"
    g = play(seats, {"night": 1, "wolf_hound": {"side": "werewolves"}})
    assert told(g, 1, "pack")[0].seats == (0, 1, 7)
    g = play(seats, {"night": 1, "wolf_hound": {"side": "village"}})
    assert told(g, 1, "pack")[0].seats == (1, 7)


# ---- the seer -----------------------------------------------------------------------------------

def test_the_seer_learns_the_role_of_a_living_player():
    g = play("seer werewolf witch villager hunter villager werewolf villager",
             {"night": 1, "seer": {"view": 4}})
    assert [(e.seat, e.role) for e in told(g, 0, "saw")] == [(4, "hunter")]
    assert all(not told(g, s, "saw") for s in range(1, 8))


def test_the_seer_looks_at_another_living_player():
    seats = "seer werewolf witch villager hunter villager werewolf villager"
    assert err(seats, {"night": 1, "seer": {"view": 0}}) == (
        "phases[0].seer.view: the seer looks at another player's card")
    assert err(seats, {"night": 1, "werewolves": {"victim": 3}}, {"day": 1, "votes": V(
        "- - - - - - - -")}, {"night": 2, "seer": {"view": 3}}) == (
        "phases[2].seer.view: seat 3 is dead: the seer chooses a living player")


# ---- the werewolves ------------------------------------------------------------------------------

def test_the_werewolves_wake_together_and_learn_each_other():
    g = play("seer werewolf witch villager hunter big_bad_wolf werewolf villager", N1)
    for s in (1, 5, 6):
        assert told(g, s, "pack")[0].seats == (1, 5, 6)
    assert told(g, 0, "pack") == []


def test_the_werewolves_victim_is_not_one_of_theirs():
    assert err("seer werewolf witch villager hunter villager werewolf villager",
               {"night": 1, "werewolves": {"victim": 6}}) == (
        "phases[0].werewolves.victim: seat 6 is on the werewolves' side: the werewolves choose "
        "a victim who is not one of theirs")


def test_werewolves_who_do_not_agree_kill_nobody():
    g = play("seer werewolf witch villager hunter villager werewolf villager", N1,
             {"day": 1, "votes": V("- - - - - - - -")})
    assert public(g, "died") == []


def test_the_little_girl_has_no_step_and_may_be_the_victim():
    g = play("little_girl werewolf witch villager hunter villager werewolf villager",
             {"night": 1, "werewolves": {"victim": 0}}, {"day": 1})
    assert "little_girl" not in {e.step for e in g.log}
    assert not g.alive(0)


# ---- the white werewolf --------------------------------------------------------------------

WHITE = "seer werewolf witch villager villager white_werewolf werewolf villager"
BLANK8 = {"votes": V("- - - - - - - -")}


def test_the_white_werewolf_wakes_alone_on_even_nights_and_may_kill_a_werewolf():
    g = play(WHITE, N1, {"day": 1, **BLANK8}, {"night": 2, "white_werewolf": {"kill": 1}},
             {"day": 2})
    assert [(d.seat, d.cause) for d in g.deaths] == [(1, "white_werewolf")]


def test_the_white_werewolf_kills_only_a_werewolf_not_himself():
    assert err(WHITE, N1, {"day": 1, **BLANK8}, {"night": 2, "white_werewolf": {"kill": 3}}) == (
        "phases[2].white_werewolf.kill: seat 3 is not on the werewolves' side: the white "
        "werewolf kills only a werewolf")
    assert err(WHITE, N1, {"day": 1, **BLANK8}, {"night": 2, "white_werewolf": {"kill": 5}}) == (
        "phases[2].white_werewolf.kill: the white werewolf kills another werewolf, not himself")


def test_the_white_werewolf_wakes_with_the_pack_every_night():
    g = play(WHITE, N1)
    assert told(g, 5, "pack")[0].seats == (1, 5, 6)


# ---- the accursed wolf-father ----------------------------------------------------------------

AWF = "seer werewolf witch villager hunter accursed_wolf_father werewolf villager"


def test_the_accursed_wolf_father_infects_the_victim_instead_of_killing_it():
    g = play(AWF, {"night": 1, "werewolves": {"victim": 3},
                   "accursed_wolf_father": {"infect": True}}, {"day": 1})
    assert g.alive(3) and g.infected == 3 and public(g, "died") == []


def test_the_infected_player_wakes_with_the_werewolves_from_the_next_night_and_is_told():
    g = play(AWF, {"night": 1, "werewolves": {"victim": 3},
                   "accursed_wolf_father": {"infect": True}}, {"day": 1, **BLANK8},
             {"night": 2})
    assert [e.seats for e in told(g, 1, "pack")] == [(1, 5, 6), (1, 3, 5, 6)]
    assert [e.phase for e in told(g, 3, "infected")] == ["night 2"]


def test_an_infected_player_keeps_the_powers_of_his_role():
    g = play(AWF, {"night": 1, "werewolves": {"victim": 0},
                   "accursed_wolf_father": {"infect": True}}, {"day": 1, **BLANK8},
             {"night": 2, "seer": {"view": 2}})
    assert told(g, 0, "saw")[0].role == "witch"


def test_the_infection_is_once_a_game_then_called_for_show():
    g = play(AWF, {"night": 1, "werewolves": {"victim": 3},
                   "accursed_wolf_father": {"infect": True}}, {"day": 1, **BLANK8},
             {"night": 2, "werewolves": {"victim": 4}, "accursed_wolf_father": {"infect": True}},
             {"day": 2})
    assert g.infected == 3 and not g.alive(4)  # the second "infection" was for show


def test_no_infection_without_a_victim():
    assert err(AWF, {"night": 1, "accursed_wolf_father": {"infect": True}}) == (
        "phases[0].accursed_wolf_father.infect: the werewolves chose no victim tonight: nobody "
        "to infect")


# ---- the big bad wolf ----------------------------------------------------------------------

BBW = "seer werewolf witch villager hunter big_bad_wolf werewolf villager"


def test_the_big_bad_wolf_takes_a_second_victim():
    g = play(BBW, {"night": 1, "werewolves": {"victim": 3}, "big_bad_wolf": {"victim": 7}},
             {"day": 1})
    assert [(d.seat, d.cause) for d in g.deaths] == [(3, "werewolves"), (7, "big_bad_wolf")]


def test_the_big_bad_wolfs_victim_is_neither_the_first_nor_one_of_theirs():
    assert err(BBW, {"night": 1, "werewolves": {"victim": 3}, "big_bad_wolf": {"victim": 3}}) == (
        "phases[0].big_bad_wolf.victim: seat 3 is already the werewolves' victim tonight: the "
        "big bad wolf takes a second one")
    assert err(BBW, {"night": 1, "big_bad_wolf": {"victim": 1}}).startswith(
        "phases[0].big_bad_wolf.victim: seat 1 is on the werewolves' side")


def test_the_big_bad_wolf_is_called_for_show_once_a_werewolf_died():
    g = play(BBW, N1, {"day": 1, "votes": V("1 0 1 1 1 1 1 1")},
             {"night": 2, "big_bad_wolf": {"victim": 3}}, {"day": 2})
    assert not g.alive(1) and g.alive(3)  # taken, and did nothing


# ---- the witch ----------------------------------------------------------------------------------

WITCH = "seer werewolf witch villager hunter villager werewolf villager"


def test_the_witch_learns_the_victim_and_her_potions():
    g = play(WITCH, {"night": 1, "werewolves": {"victim": 3}})
    e = told(g, 2, "victim")[0]
    assert e.seat == 3 and e.value == {"heal": True, "poison": True}
    assert all(not told(g, s, "victim") for s in range(8) if s != 2)


def test_the_witch_may_use_both_potions_the_same_night():
    g = play(WITCH, {"night": 1, "werewolves": {"victim": 3},
                     "witch": {"heal": True, "poison": 6}}, {"day": 1})
    assert g.alive(3) and [(d.seat, d.cause) for d in g.deaths] == [(6, "witch")]


def test_the_witch_may_heal_herself():
    g = play(WITCH, {"night": 1, "werewolves": {"victim": 2}, "witch": {"heal": True}},
             {"day": 1})
    assert g.alive(2)


def test_each_potion_once_a_game():
    assert err(WITCH, {"night": 1, "werewolves": {"victim": 3}, "witch": {"heal": True}},
               {"day": 1, **BLANK8},
               {"night": 2, "werewolves": {"victim": 4}, "witch": {"heal": True}}) == (
        "phases[2].witch.heal: the healing potion is already used")


def test_a_heal_with_no_victim_is_an_error():
    assert err(WITCH, {"night": 1, "witch": {"heal": True}}) == (
        "phases[0].witch.heal: the werewolves chose no victim tonight: nobody to heal")


def test_the_witch_without_potions_is_called_for_show():
    g = play(WITCH, {"night": 1, "werewolves": {"victim": 3},
                     "witch": {"heal": True, "poison": 7}}, {"day": 1, **BLANK8},
             {"night": 2, "werewolves": {"victim": 4}, "witch": {"heal": True, "poison": 0}},
             {"day": 2})
    assert not g.alive(4) and g.alive(0)
    assert told(g, 2, "victim")[-1].phase == "night 1"  # for show: she learns nothing


def test_the_witch_sees_the_victim_even_when_it_will_not_die():
    g = play("seer werewolf witch elder hunter accursed_wolf_father werewolf villager",
             {"night": 1, "werewolves": {"victim": 3}}, {"day": 1, **BLANK8},
             {"night": 2, "werewolves": {"victim": 4}, "accursed_wolf_father": {"infect": True}})
    assert [e.seat for e in told(g, 2, "victim")] == [3, 4]


def test_healing_an_infected_player_does_not_cure_the_infection():
    g = play(AWF, {"night": 1, "werewolves": {"victim": 3},
                   "accursed_wolf_father": {"infect": True}, "witch": {"heal": True}},
             {"day": 1})
    assert g.infected == 3 and g.memo.get("witch.heal") is True


# ---- the fox --------------------------------------------------------------------------------------

FOX = "fox villager werewolf villager villager villager villager werewolf"


def test_the_fox_hears_yes_when_his_group_holds_a_werewolf_and_keeps_his_power():
    g = play(FOX, {"night": 1, "fox": {"sniff": 3}})
    e = told(g, 0, "sniffed")[0]
    assert (e.seat, e.seats, e.value) == (3, (2, 3, 4), True)
    assert not g.memo.get("fox.lost", False)


def test_the_fox_hears_no_and_loses_his_power():
    g = play(FOX, {"night": 1, "fox": {"sniff": 5}}, {"day": 1, "votes": V("- - - - - - - -")},
             {"night": 2, "fox": {"sniff": 2}})
    assert [e.value for e in told(g, 0, "sniffed")] == [False]  # night 2 was for show


def test_the_foxs_group_skips_the_dead():
    g = play(FOX, {"night": 1, "werewolves": {"victim": 1}}, {"day": 1, "votes": V(
        "- - - - - - - -")}, {"night": 2, "fox": {"sniff": 0}})
    assert told(g, 0, "sniffed")[0].seats == (0, 2, 7)


def test_the_fox_may_not_sniff():
    g = play(FOX, N1)
    assert told(g, 0, "sniffed") == []


# ---- the pied piper and the charmed --------------------------------------------------------

PIPER = "pied_piper werewolf seer villager villager villager villager werewolf"


def test_the_pied_piper_charms_two_living_players_not_himself():
    g = play(PIPER, {"night": 1, "pied_piper": {"charm": [1, 3]}})
    assert g.charmed == {1, 3}
    assert err(PIPER, {"night": 1, "pied_piper": {"charm": [0, 3]}}) == (
        "phases[0].pied_piper.charm: the pied piper cannot charm himself")
    assert err(PIPER, {"night": 1, "pied_piper": {"charm": [3]}}) == (
        "phases[0].pied_piper.charm: the pied piper chooses 2 players, not 1")


def test_the_pied_piper_cannot_charm_a_player_twice():
    assert err(PIPER, {"night": 1, "pied_piper": {"charm": [1, 3]}}, {"day": 1, **BLANK8},
               {"night": 2, "pied_piper": {"charm": [3, 4]}}) == (
        "phases[2].pied_piper.charm: seat 3 is charmed already")


def test_the_charmed_wake_together_and_learn_who_is_charmed():
    g = play(PIPER, {"night": 1, "pied_piper": {"charm": [1, 3]}}, {"day": 1, **BLANK8},
             {"night": 2, "pied_piper": {"charm": [4, 5]}})
    assert [e.seats for e in told(g, 3, "charmed_all")] == [(1, 3), (1, 3, 4, 5)]
    assert [e.seat for e in told(g, 4, "charmed")] == [4]
    assert told(g, 0, "charmed_all") == [] and told(g, 2, "charmed_all") == []


def test_the_pied_piper_charms_one_when_only_one_is_left():
    seats = "pied_piper werewolf seer villager villager villager"
    g = play(seats, {"night": 1, "pied_piper": {"charm": [2, 3]}}, {"day": 1, "votes": V(
        "- - - - - -")}, {"night": 2, "pied_piper": {"charm": [1, 4]}}, {"day": 2, "votes": V(
            "- - - - - -")}, {"night": 3, "pied_piper": {"charm": [5]}})
    assert g.charmed == {1, 2, 3, 4, 5}


def test_an_infected_pied_piper_is_a_plain_werewolf_his_step_for_show():
    seats = "pied_piper werewolf seer villager villager accursed_wolf_father villager villager"
    g = play(seats, {"night": 1, "werewolves": {"victim": 0},
                     "accursed_wolf_father": {"infect": True}}, {"day": 1, **BLANK8},
             {"night": 2, "pied_piper": {"charm": [2, 3]}})
    assert g.charmed == set()


# ---- steps called for show ----------------------------------------------------------------

def test_a_step_for_show_takes_any_choice_and_does_nothing():
    g = new_game("fox villager werewolf villager villager villager villager werewolf".split(),
                 options=Options(captain="never"))
    def to_fox(g):
        while g.stop.step != "fox":
            g = apply(g, Votes((None,) * 8) if g.stop.kind is Kind.VOTES else None)
        return g

    g = apply(to_fox(g), Seat(5))  # the fox hears "no"
    g = to_fox(g)
    assert g.stop.for_show and g.stop.phase.label == "night 2"
    assert legal_choices(g)[0] is None and Seat(3) in legal_choices(g)
    before = len(g.log)
    g = apply(g, Seat(3))
    assert not [e for e in g.log[before:] if e.kind == "sniffed"]
