"""Le Village's buildings (seed 001, pp. 6-9), one test per rule, named after it. Records as in
test_night.py, with the setup's ``buildings`` (one per seat, null: a Vagabond)."""

from __future__ import annotations

import random

import pytest

from onenight.classic import Seat, Seats, Votes, Yes, apply, ballot_options, legal_choices, new_game
from onenight.classic import village
from onenight.classic.model import Options
from onenight.classic.record import replay, replay_outcome
from onenight.classic.village import Power, day_powers, home, power_error
from onenight.classic.walk import use_power
from onenight.common.errors import DeckError, IllegalChoice, RulesError

from .helpers import V, deaths, public, told

# seats 1 and 5 are the werewolves
SEATS = "villager werewolf villager villager villager werewolf villager villager"
HOUSES = ["farm", "farm", "confessor", "bonesetter", "barber", "teacher", None, "lord"]


def rec(*phases: dict, seats: str = SEATS, buildings=HOUSES, captain: str = "never") -> dict:
    return {"format": "thiercelieux-game/1", "seats": seats.split(), "buildings": buildings,
            "options": {"captain": captain, "sisters_wake_again": False},
            "phases": list(phases)}


def play(*phases: dict, **kw):
    return replay(rec(*phases, **kw))


def out(*phases: dict, **kw) -> dict:
    return replay_outcome(rec(*phases, **kw))


def err(*phases: dict, **kw) -> str:
    with pytest.raises(RulesError) as e:
        play(*phases, **kw)
    return str(e.value)


def game(buildings=HOUSES, seats: str = SEATS, captain: str = "never"):
    return new_game(seats.split(), options=Options(captain=captain), buildings=buildings)


def until(g, step: str):
    while g.stop.step != step:
        g = apply(g)
    return g


NIGHT = {"night": 1}  # the werewolves agree on nobody
BLANK = V("- - - - - - - -")


# ---- the setup ----------------------------------------------------------------------------------

def test_buildings_are_one_per_seat_from_the_box():
    assert "2 buildings for 8 players" in err(NIGHT, buildings=["farm", None])
    assert "buildings[3]: unknown building 'castle'" in err(
        NIGHT, buildings=["farm", "farm", None, "castle", None, None, None, None])
    assert "buildings[3]: one barber too many: the box holds 1" in err(
        NIGHT, buildings=["barber", None, None, "barber", None, None, None, None])
    with pytest.raises(DeckError, match=r"buildings\[6\]: one farm too many: the box holds 6"):
        village.check_buildings(["farm"] * 7 + [None], 8)
    assert "buildings[0]: unknown building [1]" in err(NIGHT, buildings=[[1]] + [None] * 7)
    assert "buildings: expected a list with one building per seat" in err(
        NIGHT, buildings={"0": "farm"})
    with pytest.raises(DeckError, match="one Vagabond too many"):
        village.check_buildings([None] * 16, 16)


def test_tablet_deals_the_chosen_tokens_and_the_rest_are_vagabonds():
    chosen = ["farm", "farm", "teacher", "lord"]
    dealt = village.deal_buildings(chosen, 8, random.Random(3))
    assert sorted(dealt, key=str) == sorted(chosen + [None] * 4, key=str)
    assert dealt == village.deal_buildings(chosen, 8, random.Random(3))  # the seed decides
    with pytest.raises(DeckError, match="5 tokens for 4 players"):
        village.deal_buildings(["farm"] * 5, 4, random.Random(0))


def test_who_lives_where_is_public_and_written_in_the_record():
    g = play(NIGHT)
    assert village.homes(g) == tuple(HOUSES)
    (e,) = public(g, "settled")
    assert e.value == HOUSES
    assert village.vagabond(g, 6) and not village.vagabond(g, 0)


def test_a_game_without_buildings_has_no_village():
    g = new_game(SEATS.split(), options=Options(captain="never"))
    assert not village.played(g) and village.home(g, 0) is None and not village.vagabond(g, 6)


# ---- the farmers: the captain is theirs ---------------------------------------------------------

def test_farmers_elect_the_captain_among_themselves():
    first = {"night": 1}
    o = out(first, {"day": 1, "captain_votes": V("1 1 - - - - - -")}, captain="first_morning")
    assert o["captain"] == 1
    # a non-farmer does not vote, and nobody votes for a non-farmer
    assert "phases[1].captain_votes[2]: seat 2 is no farmer" in err(
        first, {"day": 1, "captain_votes": V("1 0 1 - - - - -")}, captain="first_morning")
    assert "phases[1].captain_votes[0]: seat 3 is no farmer: the captain is one of the farmers" \
        in err(first, {"day": 1, "captain_votes": V("3 0 - - - - - -")}, captain="first_morning")
    g = until(game(captain="first_morning"), "captain_votes")
    assert ballot_options(g, 2) == (None,)
    assert ballot_options(g, 0) == (None, 0, 1)


def test_farmers_elect_their_captain_from_the_second_round_on():
    # an election set before the first night waits for the first morning with farms
    g = until(game(captain="before_first_night"), "captain_votes")
    assert g.phase.label == "day 1"
    assert "phases[0].captain_votes: no captain's election is due here" in err(
        {"night": 1, "captain_votes": V("1 1 - - - - - -")}, captain="before_first_night")


def test_the_farmers_captain_names_his_successor_among_surviving_farmers():
    houses = ["farm", "farm", "farm", None, None, None, None, None]
    phases = [{"night": 1}, {"day": 1, "captain_votes": V("0 0 0 - - - - -"),
                             "votes": V("- 0 0 0 0 - - -")}]
    assert "seat 3 is no farmer" in err(*phases[:1], {**phases[1], "successors": [3]},
                                       buildings=houses, captain="first_morning")
    o = out(*phases[:1], {**phases[1], "successors": [2]}, buildings=houses,
            captain="first_morning")
    assert o["captain"] == 2


def test_when_the_last_farmer_dies_there_is_no_captain_any_more():
    houses = ["farm", None, None, None, None, None, None, None]
    g = play({"night": 1}, {"day": 1, "captain_votes": V("0 - - - - - - -"),
                            "votes": V("- 0 0 0 0 - - -")}, buildings=houses,
             captain="first_morning")
    assert not g.alive(0) and g.captain is None and g.stop.step != "successor"


# ---- the confessor ------------------------------------------------------------------------------

def test_confessor_sees_a_players_card_alone_once():
    g = play(NIGHT, {"day": 1, "powers": [{"confessor": 5}]})
    (saw,) = told(g, 2, "saw")
    assert (saw.seat, saw.role) == (5, "werewolf")
    assert not any(e.kind == "saw" for e in g.log if e.to is None or 0 in (e.to or ()))
    (confessed,) = public(g, "confessed")
    assert (confessed.seat, confessed.by, confessed.role) == (5, 2, None)
    assert "phases[1].powers[1].confessor: nobody may use the confessor's power" in err(
        NIGHT, {"day": 1, "powers": [{"confessor": 5}, {"confessor": 1}]})


# ---- the bonesetter -----------------------------------------------------------------------------

def test_bonesetter_gives_back_a_single_power_already_used():
    g = play(NIGHT, {"day": 1, "powers": [{"confessor": 5}, {"bonesetter": 2},
                                          {"confessor": 1}]})
    assert [(e.seat, e.role) for e in told(g, 2, "saw")] == [(5, "werewolf"), (1, "werewolf")]
    (restored,) = public(g, "restored")
    assert (restored.seat, restored.value, restored.by) == (2, "confessor", 3)


def test_bonesetter_cannot_give_back_an_unused_or_a_permanent_power():
    assert "seat 2 has not used his building's single power" in err(
        NIGHT, {"day": 1, "powers": [{"bonesetter": 2}]})
    assert "seat 0 has no building with a single power" in err(
        NIGHT, {"day": 1, "powers": [{"bonesetter": 0}]})


# ---- the schoolteacher --------------------------------------------------------------------------

def test_teacher_keeps_at_most_two_players_from_voting_and_never_votes():
    g = play(NIGHT, {"day": 1, "teacher": {"ban": [0, 2]}, "votes": V("- - - 1 1 - 1 -")})
    assert [(d, c) for d, c in deaths(g)] == [(1, "vote")]
    (ban,) = public(g, "banned")
    assert ban.seats == (0, 2) and ban.by == 5
    assert "phases[1].votes[0]: seat 0 is kept from voting today by the schoolteacher" in err(
        NIGHT, {"day": 1, "teacher": {"ban": [0, 2]}, "votes": V("1 - - 1 1 - 1 -")})
    assert "phases[1].votes[5]: seat 5 is the schoolteacher: she never votes" in err(
        NIGHT, {"day": 1, "votes": V("- - - 1 1 1 1 -")})
    assert "at most 2 players" in err(NIGHT, {"day": 1, "teacher": {"ban": [0, 2, 3]}})


def test_teacher_keeps_her_players_from_the_quebec_votes_too():
    """Kept from voting today: from the hands of a vote by nominations and from the
    democratic panic's count as from the classic vote (a random whole game offered a kept
    player a hand, then refused it)."""
    for vote, stage in (("nominations", "nomination_votes"), ("panic", "panic_votes")):
        g = new_game(SEATS.split(), options=Options(captain="never", vote=vote),
                     buildings=HOUSES)
        g = apply(until(g, "teacher"), Seats((0, 2)))
        if vote == "nominations":
            g = apply(until(g, "nominations"), Seat(1))
        g = until(g, stage)
        assert ballot_options(g, 0) == (None,) and ballot_options(g, 2) == (None,), vote
        assert len(ballot_options(g, 3)) > 1, vote


def test_teacher_cannot_keep_a_vagabond_from_voting():
    assert "phases[1].teacher.ban[0]: seat 6 is a Vagabond" in err(
        NIGHT, {"day": 1, "teacher": {"ban": [6]}})
    g = until(game(), "teacher")
    assert Seats((6,)) not in legal_choices(g) and Seats((0, 2)) in legal_choices(g)


def test_teacher_may_keep_the_innkeeper_from_voting():
    houses = ["innkeeper", None, "teacher", None, None, None, None, None]
    g = play(NIGHT, {"day": 1, "teacher": {"ban": [0]}, "votes": V("- - - 1 1 - 1 -")},
             buildings=houses)
    assert deaths(g) == [(1, "vote")]


# ---- the baker ----------------------------------------------------------------------------------

def test_baker_opens_his_eyes_right_after_the_werewolves_every_night():
    houses = [None, None, None, "baker", None, None, None, None]
    g = game(houses)
    night = []
    while g.phase.is_night:
        night.append((g.stop.step, g.stop.woken))
        g = apply(g)
    steps = [s for s, _ in night]
    assert steps[steps.index("werewolves") + 1] == "baker"
    assert ("baker", (3,)) in night


def test_the_sandmans_sleeper_in_the_bakery_does_not_open_his_eyes():
    seats = "villager werewolf villager villager sandman werewolf villager villager"
    houses = [None, None, None, "baker", None, None, None, None]
    g = new_game(seats.split(), options=Options(captain="never"), buildings=houses)
    g = apply(until(g, "sandman"), Seat(3))
    assert until(g, "baker").stop.woken == ()


# ---- the barber ---------------------------------------------------------------------------------

def test_barber_who_shaves_a_werewolf_is_praised_and_lives():
    o = out(NIGHT, {"day": 1, "powers": [{"barber": 1}]})
    assert o["phases"][1]["dead_by_day"] == [{"seat": 1, "cause": "barber", "by": 4}]
    assert 4 in o["alive"]


def test_barber_who_shaves_no_werewolf_dies_at_once_too():
    o = out(NIGHT, {"day": 1, "powers": [{"barber": 0}]})
    assert o["phases"][1]["dead_by_day"] == [{"seat": 0, "cause": "barber", "by": 4},
                                             {"seat": 4, "cause": "barber_fault", "by": 4}]


def test_barber_cannot_shave_a_vagabond_and_shaves_once():
    assert "phases[1].powers[0].barber: seat 6 is a Vagabond" in err(
        NIGHT, {"day": 1, "powers": [{"barber": 6}]})
    assert "nobody may use the barber's power" in err(
        NIGHT, {"day": 1, "powers": [{"barber": 1}, {"barber": 5}]})


def test_barber_shaving_the_last_werewolf_wins_the_game_at_once():
    seats = "villager werewolf villager villager villager villager villager villager"
    o = out(NIGHT, {"day": 1, "powers": [{"barber": 1}]}, seats=seats)
    assert o["winning_side"] == "village" and o["ended"] == "day 1"


def test_every_special_power_still_reaches_the_innkeeper():
    # "tous les pouvoirs spéciaux peuvent s'appliquer contre lui": the barber's razor, the poison
    houses = ["innkeeper", None, None, None, "barber", None, None, None]
    assert (0, "barber") in deaths(play(NIGHT, {"day": 1, "powers": [{"barber": 0}]},
                                        buildings=houses))
    seats = "villager werewolf villager villager villager werewolf villager witch"
    g = play({"night": 1, "witch": {"heal": False, "poison": 0}}, {"day": 1}, seats=seats,
             buildings=houses)
    assert deaths(g) == [(0, "witch")]


def test_day_powers_a_record_holds_are_a_list_of_one_power_each():
    assert "phases[1].powers: expected a list of day powers" in err(
        NIGHT, {"day": 1, "powers": 5})
    assert "phases[1].powers[0]: expected one day power and its seat" in err(
        NIGHT, {"day": 1, "powers": [{"barber": 1, "confessor": 2}]})
    assert "phases[1].powers[0]: unknown day power \"sword\"" in err(
        NIGHT, {"day": 1, "powers": [{"sword": 1}]})
    # a game in progress that stops before the debate: what it lists there is not played
    assert "phases[1].powers: expected a list of day powers" in err(
        NIGHT, {"day": 1, "powers": 5}, captain="first_morning")
    assert "phases[1].powers[0]: not played: the record stops before it, at captain_votes" in err(
        NIGHT, {"day": 1, "powers": [{"barber": 1}]}, captain="first_morning")


def test_day_powers_are_used_while_the_village_debates():
    g = game()
    assert "while the village debates" in power_error(g, Power("confessor", 1))
    with pytest.raises(IllegalChoice, match="confessor: the day powers are used while"):
        use_power(g, Power("confessor", 1))
    g = until(g, "debate")
    powers = day_powers(g)
    assert Power("confessor", 1) in powers and Power("barber", 6) not in powers
    assert Power("bonesetter", 2) not in powers  # nothing used yet
    g = use_power(g, Power("confessor", 1))
    assert g.stop.step == "debate" and not any(p.power == "confessor" for p in day_powers(g))
    assert power_error(g, Power("sword", 1)).startswith("unknown day power")
    assert power_error(g, Power("barber", 9)) == "no seat 9: seats are 0 to 7"


# ---- the bailiff --------------------------------------------------------------------------------

BAILIFF_HOUSES = ["farm", None, "barber", "bailiff", None, None, None, "confessor"]


def test_bailiff_houses_a_vagabond_in_a_freed_building_who_gets_its_token_back():
    # day 1: the barber shaves a villager and dies with him; day 2's morning: his shop is free,
    # and the Vagabond housed there has the razor again
    g = play(NIGHT, {"day": 1, "powers": [{"barber": 0}], "votes": BLANK}, {"night": 2},
             {"day": 2, "bailiff": [6, 4], "powers": [{"barber": 7}]},
             buildings=BAILIFF_HOUSES)
    housed = public(g, "housed")
    assert [(e.seat, e.value) for e in housed] == [(6, "farm"), (4, "barber")]
    assert home(g, 4) == "barber" and not village.vagabond(g, 4)
    assert deaths(g)[-2:] == [(7, "barber"), (4, "barber_fault")]


def test_a_vagabond_may_refuse_the_house_and_the_next_is_offered():
    g = play(NIGHT, {"day": 1, "powers": [{"barber": 0}], "votes": BLANK}, {"night": 2},
             {"day": 2, "bailiff": [None, 6]}, buildings=BAILIFF_HOUSES)
    assert [(e.seat, e.value) for e in public(g, "housed")] == [(6, "barber")]
    assert village.free_slots(g) == (0,)


def test_the_bailiff_offers_only_to_a_vagabond():
    assert "phases[3].bailiff[0]: seat 7 is no living Vagabond" in err(
        NIGHT, {"day": 1, "powers": [{"barber": 0}], "votes": BLANK}, {"night": 2},
        {"day": 2, "bailiff": [7]},
        buildings=BAILIFF_HOUSES)


def test_with_the_bailiff_dead_nobody_is_housed_any_more():
    # the werewolves eat the bailiff: his house stays empty, nobody hands out the others
    g = play({"night": 1, "werewolves": {"victim": 3}}, {"day": 1, "votes": V("- - - - 0 0 0 -")},
             {"night": 2}, {"day": 2}, buildings=BAILIFF_HOUSES)
    assert not any(s.step == "bailiff" for s in [g.stop])
    assert village.free_slots(g) == (0,)  # the farm; the bailiff's house is never offered
    assert public(g, "housed") == []


# ---- the innkeeper ------------------------------------------------------------------------------

INN = ["innkeeper", None, None, None, None, None, None, "lord"]


def test_werewolves_do_not_devour_the_innkeeper():
    assert "seat 0 is the innkeeper: the werewolves do not devour him" in err(
        {"night": 1, "werewolves": {"victim": 0}}, buildings=INN)
    assert Seat(0) not in legal_choices(until(game(INN), "werewolves"))


def test_nobody_votes_against_the_innkeeper():
    assert "phases[1].votes[2]: seat 0 is the innkeeper" in err(
        NIGHT, {"day": 1, "votes": V("- - 0 - - - - -")}, buildings=INN)
    assert 0 not in ballot_options(until(game(INN), "votes"), 2)


def test_innkeeper_who_voted_for_the_eliminated_loses_his_immunity_even_if_pardoned():
    g = play(NIGHT, {"day": 1, "votes": V("1 - 1 1 - - - -"), "lord": {"pardon": True}},
             {"night": 2, "werewolves": {"victim": 0}}, {"day": 2}, buildings=INN)
    (lost,) = public(g, "token_lost")
    assert lost.seat == 0
    assert (0, "werewolves") in deaths(g)  # no token: the werewolves may devour him


def test_the_ravens_poster_may_go_on_the_tavern():
    seats = "villager werewolf villager villager villager werewolf villager raven"
    houses = ["innkeeper", None, None, None, None, None, None, None]
    o = out({"night": 1, "raven": {"mark": 0}}, {"day": 1, "votes": V("- - - - - - - -")},
            seats=seats, buildings=houses)
    assert o["phases"][1]["eliminated"] == 0  # the poster's two votes, and no ballot


# ---- the lord -----------------------------------------------------------------------------------

def test_lord_pardons_the_condemned_once_who_neither_dies_nor_shows_his_card():
    g = play(NIGHT, {"day": 1, "votes": V("- - 1 1 1 - - -"), "lord": {"pardon": True}},
             {"night": 2}, {"day": 2, "votes": V("- - 1 1 1 - - -")}, buildings=INN)
    (p,) = public(g, "pardoned")
    assert (p.seat, p.by) == (1, 7)
    assert [d.day for d in g.deaths if d.seat == 1] == [2]  # the second time, no pardon left
    assert not [e for e in g.log if e.kind == "died" and e.phase == "day 1"]


def test_a_selfish_lord_may_pardon_himself():
    g = play(NIGHT, {"day": 1, "votes": V("7 7 7 - - - - -"), "lord": {"pardon": True}},
             buildings=INN)
    assert g.alive(7)


def test_lord_may_let_the_condemned_die():
    g = play(NIGHT, {"day": 1, "votes": V("- - 1 1 1 - - -")}, {"night": 2}, buildings=INN)
    assert deaths(g) == [(1, "vote")]
    g = apply(until(game(INN), "votes"), Votes((None, None, 1, 1, 1, None, None, None)))
    assert g.stop.step == "lord" and g.stop.deciders == (7,) and g.stop.among == (1,)
    assert legal_choices(g) == [None, Yes()]


def test_a_lord_the_mage_sent_away_pardons_nobody_that_day():
    seats = "villager werewolf villager villager villager werewolf mage villager"
    g = play({"night": 1, "mage": {"banish": 7}}, {"day": 1, "votes": V("- - 1 1 1 - - -")},
             {"night": 2}, seats=seats, buildings=INN)
    assert deaths(g) == [(1, "vote")] and public(g, "pardoned") == []
    assert "phases[1].lord: no vote named a player the lord could pardon here" in err(
        {"night": 1, "mage": {"banish": 7}},
        {"day": 1, "votes": V("- - 1 1 1 - - -"), "lord": {"pardon": True}},
        seats=seats, buildings=INN)


# ---- the vagabonds, the raven and the pyromaniac ------------------------------------------------

PYRO_SEATS = "villager werewolf villager villager pyromaniac werewolf raven villager"
PYRO_HOUSES = ["farm", "farm", "confessor", "bailiff", None, None, None, "lord"]


def test_raven_and_pyromaniac_cannot_name_a_vagabond():
    assert "seat 5 has no home (a Vagabond)" in err(
        {"night": 1, "raven": {"mark": 5}}, seats=PYRO_SEATS, buildings=PYRO_HOUSES)
    assert "seat 6 is a Vagabond: he has no building to burn" in err(
        {"night": 1, "pyromaniac": {"burn": 6}}, seats=PYRO_SEATS, buildings=PYRO_HOUSES)


def test_a_burned_building_is_gone_and_its_occupant_becomes_a_vagabond():
    g = play({"night": 1, "pyromaniac": {"burn": 2}}, {"day": 1}, seats=PYRO_SEATS,
             buildings=PYRO_HOUSES)
    assert g.alive(2) and village.vagabond(g, 2)
    assert 2 not in village.free_slots(g)  # not to be handed out by the bailiff
    assert "seat 2 has no home (a Vagabond)" in err(
        {"night": 1, "pyromaniac": {"burn": 2}}, {"day": 1, "votes": V("- - - - - - - -")},
        {"night": 2, "raven": {"mark": 2}}, seats=PYRO_SEATS, buildings=PYRO_HOUSES)
