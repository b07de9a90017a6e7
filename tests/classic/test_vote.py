"""The vote and the captain's election (RULES-CLASSIC.md §6, §8, §9)."""

from __future__ import annotations

import pytest

from onenight.classic import Options, Seat, Votes, apply, ballot_options, new_game

from .helpers import V, deaths, err, out, play, public

SEATS = "seer werewolf witch villager hunter villager werewolf villager"
N1 = {"night": 1}


def test_the_player_with_the_most_votes_is_eliminated_and_the_ballots_shown_together():
    g = play(SEATS, N1, {"day": 1, "votes": V("1 0 1 1 1 6 1 -")})
    assert deaths(g) == [(1, "vote")]
    shown = public(g, "ballots")[0].value
    assert shown["ballots"] == [1, 0, 1, 1, 1, 6, 1, None] and shown["counts"][1] == 5


def test_a_relative_majority_is_enough():
    g = play(SEATS, N1, {"day": 1, "votes": V("1 - - 1 - 6 - -")})
    assert deaths(g) == [(1, "vote")]


def test_the_captains_vote_counts_twice():
    g = play(SEATS, N1, {"day": 1, "captain_votes": V("0 0 0 0 0 0 0 0"),
                         "votes": V("3 - - 5 - 3 - -")}, captain="first_morning")
    # seat 0 (captain) for 3: 2 votes; seat 3 for 5 and seat 5 for 3: 3 has 3, 5 has 1
    assert deaths(g) == [(3, "vote")]
    g = play(SEATS, N1, {"day": 1, "captain_votes": V("0 0 0 0 0 0 0 0"),
                         "votes": V("3 - - 5 - - - 5")}, captain="first_morning")
    assert public(g, "tie")[0].seats == (3, 5)  # 2 against 2: a tie


def test_a_tie_with_a_living_captain_the_captain_names_the_victim_among_the_tied():
    base = ({"night": 1}, {"day": 1, "captain_votes": V("0 0 0 0 0 0 0 0"),
                           "votes": V("- 3 5 - - - - -")})
    g = play(SEATS, base[0], {**base[1], "captain_pick": 5}, captain="first_morning")
    assert deaths(g) == [(5, "vote")]
    assert err(SEATS, base[0], {**base[1], "captain_pick": 4}, captain="first_morning") == (
        "phases[1].captain_pick: the captain names one of the tied seats (3, 5)")


def test_a_tie_without_a_captain_a_second_vote_among_the_tied_only():
    g = play(SEATS, N1, {"day": 1, "votes": V("3 3 5 5 - - - -"),
                         "revote": V("3 3 5 5 3 3 - -")})
    assert deaths(g) == [(3, "vote")]
    assert err(SEATS, N1, {"day": 1, "votes": V("3 3 5 5 - - - -"),
                           "revote": V("3 3 5 5 1 - - -")}) == (
        "phases[1].revote[4]: seat 1 was not tied: the second vote is among seats 3, 5")


def test_in_the_second_vote_the_tied_vote_too_not_for_themselves():
    assert err(SEATS, N1, {"day": 1, "votes": V("3 3 5 5 - - - -"),
                           "revote": V("3 3 5 3 - - - -")}) == (
        "phases[1].revote[3]: seat 3 votes for themselves: vote for another player")


def test_a_second_tie_eliminates_nobody():
    o = out(SEATS, N1, {"day": 1, "votes": V("3 3 5 5 - - - -"),
                        "revote": V("3 3 5 5 - - - -")})
    assert o["phases"][1]["eliminated"] is None and o["alive"] == list(range(8))


def test_no_votes_at_all_nobody_is_out():
    o = out(SEATS, N1, {"day": 1, "votes": V("- - - - - - - -")})
    assert o["phases"][1]["eliminated"] is None


def test_nobody_votes_for_themselves():
    assert err(SEATS, N1, {"day": 1, "votes": V("0 - - - - - - -")}) == (
        "phases[1].votes[0]: seat 0 votes for themselves: vote for another player")


def test_the_dead_do_not_vote_and_are_not_voted_for():
    night = {"night": 1, "werewolves": {"victim": 4}}
    assert err(SEATS, night, {"day": 1, "hunter": {"shoot": 1}, "votes": V("- - - - 3 - - -")}) == (
        "phases[1].votes[4]: seat 4 is dead: the dead do not vote")
    assert err(SEATS, night, {"day": 1, "hunter": {"shoot": 1}, "votes": V("4 - - - - - - -")}) == (
        "phases[1].votes[0]: seat 4 is dead: vote for a living player")


def test_one_ballot_per_seat():
    assert err(SEATS, N1, {"day": 1, "votes": [1, 2]}) == (
        "phases[1].votes: 2 ballots for 8 players: one per seat (null: blank or dead)")


def test_the_wild_child_may_vote_against_his_model():
    g = play("wild_child werewolf seer villager villager villager werewolf villager",
             {"night": 1, "wild_child": {"model": 3}}, {"day": 1, "votes": V("3 3 3 - 3 3 3 3")})
    assert deaths(g) == [(3, "vote")]


def test_ballot_options_name_the_living_others_and_blank():
    g = new_game(SEATS.split(), options=Options(captain="never"))
    while g.stop.step != "votes":
        g = apply(g)
    assert ballot_options(g, 2) == (None, 0, 1, 3, 4, 5, 6, 7)


# ---- the captain's election ---------------------------------------------------------------------

def test_in_the_election_a_player_may_vote_for_themselves():
    g = play(SEATS, N1, {"day": 1, "captain_votes": V("0 0 - - - - - -"),
                         "votes": V("- - - - - - - -")}, captain="first_morning")
    assert g.captain == 0


def test_an_election_tie_goes_to_a_second_vote_among_the_tied_then_to_the_lots():
    day = {"day": 1, "captain_votes": V("0 1 - - - - - -"), "captain_revote": V("0 1 - - - - - -"),
           "captain_lots": 1, "votes": V("- - - - - - - -")}
    g = play(SEATS, N1, day, captain="first_morning")
    assert g.captain == 1 and public(g, "elected")[0].value == "lots"
    day = {**day, "captain_revote": V("1 1 - - - - - -")}
    del day["captain_lots"]
    g = play(SEATS, N1, day, captain="first_morning")
    assert g.captain == 1 and public(g, "elected")[0].value == "revote"


def test_the_lots_draw_among_the_second_tie_only():
    assert err(SEATS, N1, {"day": 1, "captain_votes": V("0 1 - - - - - -"),
                           "captain_revote": V("0 1 - - - - - -"), "captain_lots": 5},
               captain="first_morning") == (
        "phases[1].captain_lots: the lots draw one of the tied seats (0, 1)")


def test_an_election_with_no_vote_at_all_is_a_tie_of_everyone():
    g = new_game(SEATS.split(), options=Options(captain="first_morning"))
    while g.stop.step != "captain_votes":
        g = apply(g)
    g = apply(g, Votes((None,) * 8))
    assert g.stop.step == "captain_revote" and g.stop.among == tuple(range(8))
    g = apply(g, Votes((None,) * 8))
    assert g.stop.step == "captain_lots" and g.stop.chance and g.stop.deciders == ()


@pytest.mark.parametrize("captain, where", [("first_morning", "day 1"),
                                            ("before_first_night", "night 1"),
                                            ("never", None)])
def test_the_host_chooses_when_the_captain_is_elected(captain, where):
    g = new_game(SEATS.split(), options=Options(captain=captain))
    seen = []
    while g.stop is not None and g.phase.label in ("night 1", "day 1"):
        if g.stop.step == "captain_votes":
            seen.append(g.phase.label)
        votes = (0,) * 8 if g.stop.step == "captain_votes" else (1, 2, 1, 1, 1, 1, 1, 1)
        g = apply(g, Votes(votes) if g.stop.kind.value == "votes" else None)
    assert seen == ([where] if where else [])


def test_before_the_first_night_the_election_comes_before_the_village_sleeps():
    g = new_game(SEATS.split(), options=Options(captain="before_first_night"))
    assert g.stop.step == "captain_votes" and g.phase.label == "night 1"
    o = out(SEATS, {"night": 1, "captain_votes": V("2 2 2 2 2 2 2 2")},
            captain="before_first_night")
    assert o["phases"][0]["captain"] == 2 and o["captain"] == 2


def test_with_an_angel_and_the_first_morning_the_election_is_on_day_one():
    g = new_game("angel werewolf seer villager villager villager werewolf villager".split(),
                 options=Options(captain="first_morning"))
    labels = []
    while g.stop is not None and g.phase.number <= 1:
        if g.stop.step == "captain_votes":
            labels.append(g.phase.label)
        g = apply(g, Votes((None,) * 8) if g.stop.kind.value == "votes" else None)
        if g.stop is not None and g.stop.step == "captain_lots":
            g = apply(g, Seat(g.stop.among[0]))
    assert labels == ["day 1"]


def test_the_day_runs_dawn_bear_election_debate_vote():
    from onenight.classic.cast import DAY

    assert [s.id for s in DAY if s.id not in ("bailiff", "teacher")] == [
        "dawn", "bear", "captain_votes", "debate", "votes", "nominations",
        "panic_votes"]  # one vote, by options.vote (Le Village's stages: test_village.py)
