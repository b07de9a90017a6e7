"""What one seat may know (view_for): its card, what the table was told, and what it learned
at its own steps; never the night's killers, nor another seat's secrets."""

from __future__ import annotations

import pytest

from onenight.classic import Kind, Options, Seat, Seats, Votes, apply, new_game, view_for

from .helpers import V, play

SEATS = "seer werewolf witch villager hunter cupid werewolf villager"


def walk_to(g, step: str):
    """Play on to ``step``: nothing chosen on the way, blank votes, cupid's lovers 0 and 2."""
    while g.stop.step != step:
        choice = {Kind.VOTES: Votes((None,) * g.players), Kind.SEATS: Seats((0, 2))}.get(
            g.stop.kind)
        g = apply(g, choice)
    return g


def test_a_seat_sees_its_own_card_and_nothing_of_the_others():
    g = new_game(SEATS.split(), options=Options(captain="never"))
    v = view_for(g, 3)
    assert v.card == "villager" and v.alive == (True,) * 8 and v.captain is None
    assert "werewolf" not in repr([e for e in v.known])


def test_the_woken_seat_gets_the_step_and_its_choices_the_others_get_nothing():
    g = walk_to(new_game(SEATS.split(), options=Options(captain="never")), "seer")
    assert view_for(g, 0).stop.step == "seer" and Seat(4) in view_for(g, 0).choices
    assert view_for(g, 3).stop is None and view_for(g, 3).choices is None


def test_the_seers_look_is_hers_alone():
    g = walk_to(new_game(SEATS.split(), options=Options(captain="never")), "seer")
    g = apply(g, Seat(1))
    assert [(e.seat, e.role) for e in view_for(g, 0).learned("night 1", "seer")
            if e.kind == "saw"] == [(1, "werewolf")]
    for s in range(1, 8):
        assert not [e for e in view_for(g, s).known if e.kind == "saw"]


def test_the_werewolves_see_each_other_and_their_choice():
    g = walk_to(new_game(SEATS.split(), options=Options(captain="never")), "werewolves")
    assert view_for(g, 1).learned("night 1", "werewolves")[0].seats == (1, 6)
    assert not view_for(g, 0).learned("night 1", "werewolves")
    g = apply(g, Seat(3))
    assert [e.value for e in view_for(g, 6).known if e.kind == "chose"] == [{"victim": 3}]


def test_the_witch_sees_the_victim_and_her_potions_as_her_step_opens():
    g = walk_to(new_game(SEATS.split(), options=Options(captain="never")), "werewolves")
    g = walk_to(apply(g, Seat(3)), "witch")
    (e,) = view_for(g, 2).learned("night 1", "witch")
    assert (e.seat, e.value) == (3, {"heal": True, "poison": True})


def test_the_lovers_see_each_other_cupid_sees_his_choice():
    g = walk_to(new_game(SEATS.split(), options=Options(captain="never")), "cupid")
    g = apply(g, Seats((3, 7)))
    assert [e.seat for e in view_for(g, 3).learned("night 1", "lovers")] == [7]
    assert [e.value for e in view_for(g, 5).learned("night 1", "cupid")] == [{"lovers": [3, 7]}]
    assert not view_for(g, 0).learned("night 1", "lovers")


def test_the_dead_are_known_at_dawn_with_their_card_not_how_the_night_killed():
    g = play(SEATS, {"night": 1, "cupid": {"lovers": [0, 2]}, "werewolves": {"victim": 3},
                     "witch": {"poison": 7}}, {"day": 1})
    v = view_for(g, 5)
    assert v.alive == (True, True, True, False, True, True, True, False)
    died = [(e.seat, e.role, e.value) for e in v.known if e.kind == "died"]
    assert died == [(3, "villager", "night"), (7, "villager", "night")]
    assert not [e for e in v.known if e.kind == "killed"]


def test_a_death_at_dusk_is_not_known_before_the_dawn():
    g = play("rusty_sword_knight villager werewolf villager werewolf villager villager seer",
             {"night": 1, "werewolves": {"victim": 0}}, {"day": 1, "votes": V("- - - - - - - -")},
             {"night": 2})
    assert not g.alive(2)
    assert view_for(g, 7).alive[2] is True


def test_every_seat_sees_the_ballots_once_all_are_in():
    g = play(SEATS, {"night": 1, "cupid": {"lovers": [0, 2]}},
             {"day": 1, "votes": V("1 0 1 1 1 1 1 1")})
    for s in range(8):
        assert [e.value["ballots"] for e in view_for(g, s).known if e.kind == "ballots"] == [
            [1, 0, 1, 1, 1, 1, 1, 1]]


def test_a_seat_that_does_not_exist_is_refused():
    g = new_game(SEATS.split())
    with pytest.raises(ValueError, match="seat 8 does not exist"):
        view_for(g, 8)
