"""The vote and who wins (RULES.md §6 and §7), on identities directly and through records."""

import pytest

from onenight.rules.errors import IllegalVote
from onenight.rules.outcome import Cause, Reason, resolve

from .helpers import run


def r(roles: str, votes):
    return resolve(roles.split(), votes)


def test_nobody_dies_when_nobody_has_more_than_one_vote():
    o = r("werewolf villager seer robber", [1, 2, 3, 0])
    assert o.dead == () and o.winning_teams == ("werewolf",)
    assert o.winners == (0,)


def test_the_most_voted_dies_and_a_tie_kills_every_tied_player():
    o = r("werewolf villager seer robber", [1, 0, 0, 1])
    assert o.dead == (0, 1)
    assert o.winning_teams == ("village",) and o.winners == (1, 2, 3)
    o = r("werewolf villager seer robber villager", [1, 0, 1, 1, 0])
    assert o.dead == (1,)
    assert [d.cause for d in o.deaths] == [Cause.VOTE] and o.deaths[0].votes == 3


def test_a_one_vote_tie_kills_nobody():
    o = r("werewolf villager seer", [1, 2, 0])
    assert o.dead == ()


def test_bodyguard_protects_and_the_next_most_dies_with_two_votes():
    o = r("bodyguard werewolf villager seer minion", [2, 2, 3, 2, 3])
    # seat 2 has 3 votes but is protected; seat 3 has 2
    assert o.dead == (3,) and o.protected == (2,) and o.spared == (2,)
    o = r("bodyguard werewolf villager seer minion", [2, 2, 3, 2, 1])
    # protected seat 2; the rest have at most one vote: nobody dies
    assert o.dead == ()


def test_bodyguard_with_a_role_changing_artifact_protects_nobody():
    out = run("curator bodyguard werewolf villager", "seer drunk robber",
              {"curator": {"artifact": 1}}, votes=[2, 2, 3, 2], artifacts=["brand"])
    assert out["roles"][1] == "villager" and out["dead"] == [2]


def test_prince_cannot_die_and_nobody_dies_in_his_place():
    o = r("prince werewolf villager seer", [1, 0, 0, 0])
    assert o.dead == () and o.spared == (0,)
    o = r("prince werewolf villager seer", [1, 0, 0, 1])
    assert o.dead == (1,)


def test_hunter_takes_his_target_along_and_chains():
    o = r("hunter hunter werewolf villager", [1, 2, 0, 0])
    # seat 0 (2 votes) dies, takes seat 1 (hunter), who takes seat 2
    assert o.dead == (0, 1, 2)
    assert [(d.seat, d.cause, d.by) for d in o.deaths] == [
        (0, Cause.VOTE, None), (1, Cause.HUNTER, 0), (2, Cause.HUNTER, 1)]
    assert o.winning_teams == ("village",)


def test_hunter_cannot_take_a_protected_player_or_the_prince():
    o = r("hunter bodyguard werewolf villager", [2, 2, 0, 0])
    assert o.dead == (0,)
    o = r("hunter prince werewolf villager", [1, 0, 0, 0])
    assert o.dead == (0,)


def test_tanner_alone_dies_everyone_else_loses():
    o = r("tanner werewolf villager seer", [2, 0, 0, 0])
    assert o.dead == (0,) and o.winning_teams == ("tanner",) and o.winners == (0,)


def test_tanner_with_a_werewolf_wins_with_the_village():
    o = r("tanner werewolf villager seer", [1, 0, 0, 1])
    assert o.winning_teams == ("tanner", "village") and o.winners == (0, 2, 3)


def test_a_dead_minion_does_not_stop_the_werewolves():
    o = r("minion werewolf villager seer", [2, 0, 0, 0])
    assert o.winning_teams == ("werewolf",) and o.winners == (0, 1)


def test_no_werewolf_at_the_table_nobody_dies_village_wins():
    o = r("minion villager seer robber", [1, 2, 3, 0])
    assert o.winning_teams == ("village",) and o.winners == (1, 2, 3)
    assert o.verdicts[0].reason is Reason.NO_WEREWOLF_AT_TABLE_NOBODY_VILLAGE_DIED


def test_no_werewolf_at_the_table_a_villager_dies_the_minion_wins():
    o = r("minion villager seer robber", [1, 0, 1, 0])
    assert o.dead == (0, 1)  # tie: the minion and a villager
    assert o.winning_teams == ("werewolf",) and o.winners == (0,)


def test_no_werewolf_at_the_table_only_the_minion_dies_village_wins():
    o = r("minion villager seer robber", [1, 0, 0, 0])
    assert o.dead == (0,) and o.winning_teams == ("village",)


def test_no_werewolf_at_the_table_a_tanner_death_stops_the_minion():
    o = r("minion tanner seer robber", [1, 2, 1, 1])
    assert o.dead == (1,) and o.winning_teams == ("tanner",) and o.winners == (1,)


def test_no_werewolf_at_the_table_the_village_loses_if_a_villager_dies():
    o = r("villager seer robber", [1, 0, 1])
    assert o.dead == (1,) and o.winning_teams == ()


def test_two_tanners_each_win_only_if_dead():
    o = r("tanner tanner werewolf villager", [1, 0, 1, 1])
    assert o.dead == (1,) and o.winners == (1,) and o.winning_teams == ("tanner",)


def test_self_vote_and_bad_seats_are_refused():
    with pytest.raises(IllegalVote, match=r"votes\[1\]: seat 1 votes for themselves"):
        r("werewolf villager seer", [1, 1, 0])
    with pytest.raises(IllegalVote, match=r"votes\[2\]: seat 5 does not exist"):
        r("werewolf villager seer", [1, 0, 5])
    with pytest.raises(IllegalVote, match="2 votes for 3 players"):
        r("werewolf villager seer", [1, 0])


def test_record_winners_use_final_identities():
    out = run("robber werewolf villager", "seer drunk insomniac", {"robber": {"swap": 1}},
              votes=[1, 0, 0])
    # the Robber is now the werewolf; seat 1 (now the Robber) is not, and has one vote;
    # seat 0 has two votes and dies: a werewolf died
    assert out["dead"] == [0] and out["winning_teams"] == ["village"]
    assert out["winners"] == [1, 2]
