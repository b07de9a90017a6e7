"""The Québec booklet's three votes (seed 002) as the classic game's ``options.vote``: Vote
unique, Vote par nominations, Panique démocratique; the captain is their *intendant*
(docs/rules-decisions-classic.md, "The Québec votes")."""

from __future__ import annotations

import random

import pytest

from onenight.classic import Options, Seat, Votes, apply, ballot_options, new_game, to_record
from onenight.classic.autoplay import random_choice
from onenight.classic.record import replay, replay_outcome
from onenight.common.errors import DeckError

from .helpers import V, deaths, err, out, play, public

SEATS = "seer werewolf witch villager hunter villager werewolf villager"
N1 = {"night": 1}
ELECT_0 = V("0 0 0 0 0 0 0 0")  # everybody elects seat 0, the seer: the intendant


# ---- options ------------------------------------------------------------------------------------

def test_an_unknown_vote_variant_is_refused_naming_the_option():
    assert err(SEATS, N1, vote="show_of_hands") == (
        "options.vote: expected one of classic, single, nominations, panic, got "
        "\"show_of_hands\"")
    with pytest.raises(DeckError):
        new_game(SEATS.split(), options=Options(vote="show_of_hands"))


def test_the_variant_is_written_in_the_record_and_the_classic_vote_writes_nothing_new():
    g = new_game(SEATS.split(), options=Options(vote="panic"))
    assert to_record(g)["options"]["vote"] == "panic"
    assert "vote" not in to_record(new_game(SEATS.split()))["options"]


def test_a_variant_table_has_no_classic_votes_key():
    assert err(SEATS, N1, {"day": 1, "votes": V("1 - - - - - - -"), "panic_votes": [
        V("1 0 1 1 1 1 - 1")]}, vote="panic") == (
        "phases[1].votes: the table votes by the panic variant: there is no such vote")


# ---- Vote unique --------------------------------------------------------------------------------

def test_single_vote_the_most_voices_are_out_and_a_blank_is_allowed():
    g = play(SEATS, N1, {"day": 1, "votes": V("1 - - 1 - 6 - -")}, vote="single")
    assert deaths(g) == [(1, "vote")]


def test_single_vote_the_intendant_has_one_voice_only():
    # the intendant (0) and nobody else for 3; 5 and 7 for 6: 6 is out (with a double vote
    # it would be a tie)
    g = play(SEATS, N1, {"day": 1, "captain_votes": ELECT_0,
                         "votes": V("3 - - - - 6 - 6")}, captain="first_morning", vote="single")
    assert deaths(g) == [(6, "vote")]
    assert public(g, "ballots")[-1].value["counts"][3] == 1


def test_single_vote_on_a_tie_the_intendant_chooses_among_the_most_voted():
    day = {"day": 1, "captain_votes": ELECT_0, "votes": V("- 3 5 - - - - -")}
    g = play(SEATS, N1, {**day, "captain_pick": 3}, captain="first_morning", vote="single")
    assert deaths(g) == [(3, "vote")]
    assert err(SEATS, N1, {**day, "captain_pick": 1}, captain="first_morning",
               vote="single") == (
        "phases[1].captain_pick: the captain names one of the tied seats (3, 5)")


def test_single_vote_tie_without_an_intendant_second_vote_among_the_tied():
    g = play(SEATS, N1, {"day": 1, "votes": V("3 3 5 5 - - - -"),
                         "revote": V("3 3 5 5 3 3 - -")}, vote="single")
    assert deaths(g) == [(3, "vote")]


# ---- Vote par nominations -----------------------------------------------------------------------

def nominations(*rounds, **day) -> dict:
    """A day of nominations: (candidate, hands) per named round, hands as V's string."""
    d: dict = {"day": 1, "captain_votes": ELECT_0, **day}
    named = [c for c, _ in rounds if c is not None]
    if named:
        d["nominations"] = named
    d["nomination_votes"] = [V(h) for _, h in rounds]
    return d


def noms(*rounds, **day):
    return play(SEATS, N1, nominations(*rounds, **day), captain="first_morning",
                vote="nominations")


def test_nominations_the_intendant_names_the_candidate():
    g = new_game(SEATS.split(), options=Options(captain="first_morning", vote="nominations"))
    g = apply(g)  # night 1: the werewolves agree on nobody
    while g.stop.step != "captain_votes":
        g = apply(g)
    g = apply(g, Votes(tuple([0] * 8)))
    while g.stop.step == "debate":
        g = apply(g)
    assert g.stop.step == "nominations" and g.stop.deciders == (0,) and g.stop.required


def test_nominations_half_the_voices_eliminate_the_candidate():
    # 8 present: 4 raised hands are half
    g = noms((6, "6 6 6 6 - - - -"))
    assert deaths(g) == [(6, "vote")]


def test_nominations_fewer_than_half_and_the_intendant_names_another():
    g = noms((6, "6 6 6 - - - - -"), (1, "1 - 1 1 1 - - -"))
    assert deaths(g) == [(1, "vote")]
    assert [e.seat for e in public(g, "failed")] == [6]


def test_nominations_a_hand_names_only_the_candidate():
    assert err(SEATS, N1, nominations((6, "6 6 3 - - - - -")), captain="first_morning",
               vote="nominations") == (
        "phases[1].nomination_votes[0][2]: seat 3 is not the candidate: a raised hand names "
        "seat 6")


def test_nominations_the_candidate_does_not_raise_a_hand_against_himself():
    assert err(SEATS, N1, nominations((6, "6 - - - - - 6 -")), captain="first_morning",
               vote="nominations") == (
        "phases[1].nomination_votes[0][6]: seat 6 votes for themselves: vote for another "
        "player")


def test_nominations_the_intendant_has_one_voice_only():
    g = noms((6, "6 6 6 - - - - -"), (1, "1 - - - - - - -"), (None, "- - - - - - - -"),
             village_draw=3)
    shown = [e.value["counts"] for e in public(g, "ballots") if e.step == "nomination_votes"]
    assert shown[0][6] == 3 and shown[1][1] == 1


def test_nominations_after_two_failures_the_vote_is_against_the_intendant():
    day = nominations((6, "- - - - - - - -"), (1, "- - - - - - - -"), (None, "- 0 0 0 0 - - -"),
                      successors=[2])
    g = play(SEATS, N1, day, captain="first_morning", vote="nominations")
    assert deaths(g) == [(0, "vote")]
    assert [e.seat for e in public(g, "against_intendant")] == [0]
    # a third nomination is not asked for
    assert err(SEATS, N1, {**day, "nominations": [6, 1, 3]}, captain="first_morning",
               vote="nominations") == (
        "phases[1].nominations[2]: not asked for: asked 2 time(s) only here")


def test_nominations_the_vote_against_the_intendant_fails_a_villager_is_drawn():
    day = nominations((6, "- - - - - - - -"), (1, "- - - - - - - -"), (None, "- 0 - - - - - -"))
    g = play(SEATS, N1, {**day, "village_draw": 4}, captain="first_morning",
             vote="nominations")
    assert deaths(g)[0] == (4, "vote")
    # the werewolves (1, 6) are never in the draw
    assert err(SEATS, N1, {**day, "village_draw": 1}, captain="first_morning",
               vote="nominations") == (
        "phases[1].village_draw: the lot draws a player of the village present in it")


def test_nominations_the_draw_is_among_the_village_only():
    day = nominations((6, "- - - - - - - -"), (1, "- - - - - - - -"), (None, "- - - - - - - -"))
    g = replay({"format": "thiercelieux-game/1", "seats": SEATS.split(),
                "options": {"captain": "first_morning", "vote": "nominations"},
                "phases": [N1, day]})
    assert g.stop.step == "village_draw" and g.stop.chance
    assert g.stop.among == (0, 2, 3, 4, 5, 7)


def test_nominations_the_host_may_call_the_vote_against_the_intendant_at_once():
    g = noms((0, "- - - - - - - -"), village_draw=7)
    assert deaths(g) == [(7, "vote")]


def test_nominations_without_an_intendant_the_table_names_and_two_failures_draw():
    day = {"day": 1, "nominations": [6, 1],
           "nomination_votes": [V("- - - - - - - -"), V("- - - - - - - -")], "village_draw": 2}
    g = play(SEATS, N1, day, vote="nominations")
    assert deaths(g) == [(2, "vote")]


def test_nominations_a_missing_candidate_is_named_in_the_error():
    assert err(SEATS, N1, {"day": 1, "captain_votes": ELECT_0}, {"night": 2},
               captain="first_morning", vote="nominations") == (
        "phases[1].nominations: missing: the vote by nominations needs a candidate")


# ---- Panique démocratique -----------------------------------------------------------------------

def test_panic_more_than_half_the_voices_eliminate():
    g = play(SEATS, N1, {"day": 1, "panic_votes": [V("1 0 1 1 1 1 - -")]}, vote="panic")
    assert deaths(g) == [(1, "vote")]


def test_panic_exactly_half_is_not_enough_and_the_table_points_again():
    g = play(SEATS, N1, {"day": 1, "panic_votes": [V("1 - 1 1 1 - - -"),
                                                   V("6 - 6 6 6 6 - -")]}, vote="panic")
    assert deaths(g) == [(6, "vote")]
    assert len(public(g, "no_majority")) == 1


def test_panic_a_day_that_drags_ends_with_a_villager_drawn():
    g = replay({"format": "thiercelieux-game/1", "seats": SEATS.split(),
                "options": {"captain": "never", "vote": "panic"},
                "phases": [N1, {"day": 1, "panic_votes": [V("1 - 1 - - - - -")]}]})
    # after a count without a majority the table points on: another count, or the draw
    assert g.stop.step == "panic_votes" and not g.stop.required
    g = apply(g, None)
    assert g.stop.step == "village_draw" and g.stop.among == (0, 2, 3, 4, 5, 7)
    g = apply(g, Seat(5))
    assert deaths(g) == [(5, "vote")]
    assert to_record(g)["phases"][1]["village_draw"] == 5


def test_panic_the_first_count_is_required():
    g = replay({"format": "thiercelieux-game/1", "seats": SEATS.split(),
                "options": {"captain": "never", "vote": "panic"}, "phases": [N1, {"day": 1}]})
    assert g.stop.step == "panic_votes" and g.stop.required


def test_panic_nobody_points_at_themselves():
    assert err(SEATS, N1, {"day": 1, "panic_votes": [V("0 - - - - - - -")]}, vote="panic") == (
        "phases[1].panic_votes[0][0]: seat 0 votes for themselves: vote for another player")


def test_panic_the_intendant_has_one_voice():
    # 0 (intendant) and 2, 3 for 1: 3 of 8 voices, not more than half
    g = replay({"format": "thiercelieux-game/1", "seats": SEATS.split(),
                "options": {"captain": "first_morning", "vote": "panic"},
                "phases": [N1, {"day": 1, "captain_votes": ELECT_0,
                                "panic_votes": [V("1 - 1 1 - - - -")]}]})
    assert g.stop.step == "panic_votes" and public(g, "no_majority")


def test_panic_the_extra_counts_are_not_asked_after_an_elimination():
    assert err(SEATS, N1, {"day": 1, "panic_votes": [V("1 0 1 1 1 1 - -"),
                                                     V("6 - - - - - - -")]}, vote="panic") == (
        "phases[1].panic_votes[1]: not asked for: asked 1 time(s) only here")


# ---- the record and the outcome -----------------------------------------------------------------

def test_the_outcome_names_the_eliminated_and_the_intendant_under_a_variant():
    o = out(SEATS, N1, nominations((6, "6 6 6 6 - - - -")), captain="first_morning",
            vote="nominations")
    assert o["phases"][1]["eliminated"] == 6 and o["phases"][1]["captain"] == 0


@pytest.mark.parametrize("vote", ["single", "nominations", "panic"])
def test_random_games_under_each_variant_replay_from_their_own_record(vote):
    for seed in range(12):
        rng = random.Random(seed)
        g = new_game(SEATS.split(), options=Options(captain=rng.choice(
            ["first_morning", "never"]), vote=vote))
        for _ in range(400):
            if g.stop is None:
                break
            g = apply(g, random_choice(g, rng))
        again = replay(to_record(g))
        assert again.log == g.log and again.verdict == g.verdict
        assert replay_outcome(to_record(g))["alive"] == list(g.living())


def test_ballot_options_at_a_nomination_are_blank_or_the_candidate():
    g = replay({"format": "thiercelieux-game/1", "seats": SEATS.split(),
                "options": {"captain": "first_morning", "vote": "nominations"},
                "phases": [N1, {"day": 1, "captain_votes": ELECT_0, "nominations": [6]}]})
    assert g.stop.step == "nomination_votes"
    assert ballot_options(g, 0) == (None, 6) and ballot_options(g, 6) == (None,)
