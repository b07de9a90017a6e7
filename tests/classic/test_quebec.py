"""The Québec booklet's characters (seed 002): its legendary enemies and lone players, one test
per rule, named after it (the booklet's words in the docstrings). Records as in test_night.py."""

from __future__ import annotations

from onenight.classic.categories import labels
from onenight.classic.sides import side

from .helpers import V, deaths, out, play, public, told

# ---- the Wendigo ---------------------------------------------------------------------------------

# seats 1 and 6 are werewolves; seat 0 the Wendigo
WENDIGO = "wendigo werewolf seer villager villager villager werewolf villager"
# one werewolf (seat 1)
WENDIGO_ONE = "wendigo werewolf seer villager villager villager villager villager"


def test_wendigo_is_a_legendary_enemy_of_the_quebec_booklet():
    lab = labels("wendigo")
    assert lab.booklets == ("002",) and lab.side == "loners"
    assert lab.categories == ("ennemi_legendaire", "sobre", "chaotique")


def test_wendigo_repels_the_packs_attack_and_both_camps_are_told_not_who():
    g = play(WENDIGO, {"night": 1, "werewolves": {"victim": 0}}, {"day": 1})
    assert g.alive(0) and deaths(g) == []
    (e,) = public(g, "repelled")
    assert e.seat is None  # "Les deux camps sont mis au courant de la situation"


def test_wendigo_repelling_a_pack_of_one_eliminates_that_werewolf():
    o = out(WENDIGO_ONE, {"night": 1, "werewolves": {"victim": 0}}, {"day": 1})
    assert o["phases"][1]["dead"] == [{"seat": 1, "cause": "wendigo"}]


def test_wendigo_repelling_a_pack_of_two_kills_nobody():
    g = play(WENDIGO, {"night": 1, "werewolves": {"victim": 0}}, {"day": 1})
    assert g.alive(1) and g.alive(6)


def test_wendigo_cannot_be_infected_by_the_accursed_wolf_father():
    seats = "wendigo accursed_wolf_father seer villager villager villager werewolf villager"
    g = play(seats, {"night": 1, "werewolves": {"victim": 0},
                     "accursed_wolf_father": {"infect": True}}, {"day": 1})
    assert g.infected is None and g.alive(0)
    assert public(g, "repelled")


def test_wendigo_alive_when_the_village_wins_wins_alone():
    """"Si les conditions de victoires des villageois sont remplies, mais qu'on est encore en
    jeu, on gagne seul.\""""
    o = out(WENDIGO_ONE, {"night": 1}, {"day": 1, "votes": V("1 0 1 1 1 1 1 1")})
    assert (o["winning_side"], o["reason"]) == ("wendigo", "wendigo_outlived_the_wolves")
    assert o["winners"] == [0]


def test_village_wins_when_the_wendigo_is_dead():
    o = out(WENDIGO_ONE, {"night": 1, "werewolves": {"victim": 3}},
            {"day": 1, "votes": V("- 0 0 - 0 0 0 0")},
            {"night": 2}, {"day": 2, "votes": V("- 2 1 - 1 1 1 1")})
    assert o["winning_side"] == "village" and 0 not in o["winners"]


def test_werewolves_cannot_win_while_the_wendigo_lives():
    """"Les lupins, en revanche, ne peuvent PAS gagner si le Wendigo est toujours en jeu!\""""
    seats = "wendigo werewolf werewolf villager"
    # left: the Wendigo and two werewolves: no verdict for the werewolves
    g = play(seats + " villager villager", {"night": 1, "werewolves": {"victim": 3}},
             {"day": 1, "votes": V("4 4 4 - 5 4")},
             {"night": 2, "werewolves": {"victim": 5}}, {"day": 2})
    assert g.verdict is None and g.living() == (0, 1, 2)


def test_wendigo_plays_for_himself():
    g = play(WENDIGO, {"night": 1})
    assert side(g, 0) == "wendigo"

