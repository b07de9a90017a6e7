"""Who wins, and when the game ends (RULES-CLASSIC.md §7): each rule, their order, and the
winners it names, the dead included."""

from __future__ import annotations

from onenight.classic.win import RULES

from .helpers import V, err, out

SEATS = "seer werewolf witch villager hunter villager werewolf villager"
N1 = {"night": 1}


def test_the_rules_are_checked_in_section_7s_order():
    # the assassin's contract, seed 000's, stops the game at once ("la partie s'arrête
    # immédiatement"): right after the angel's first round
    # Cassandra's two werewolves too ("la Tueuse est déclarée vainqueur et la partie est
    # terminée")
    # and the fanatic who names every werewolf at the stake ("le Meneur de Jeu déclare
    # immédiatement que le Fanatique remporte la partie"); the Québec camps' before the
    # village's: the lone wolf's count, the Wendigo and the Écureuil-Garou who take the
    # village's win ("on gagne seul"; "ils perdent et on gagne")
    assert [side for _, side in RULES] == ["angel", "assassin", "cassandra", "fanatic", "nobody",
                                           "pied_piper", "lovers", "white_werewolf",
                                           "lone_wolf", "bonhomme", "wendigo", "were_squirrel",
                                           "village", "werewolves"]


def test_no_werewolf_left_the_village_wins_its_dead_too():
    o = out(SEATS, {"night": 1, "werewolves": {"victim": 3}},
            {"day": 1, "votes": V("1 6 1 - 1 1 1 1")}, {"night": 2, "witch": {"poison": 6}},
            {"day": 2})
    assert (o["winning_side"], o["reason"], o["ended"]) == ("village", "no_werewolf_left",
                                                            "day 2")
    assert o["winners"] == [0, 2, 3, 4, 5, 7]


def test_only_werewolves_left_the_werewolves_win_their_dead_too():
    o = out("seer werewolf villager villager villager villager werewolf villager",
            {"night": 1, "werewolves": {"victim": 0}}, {"day": 1, "votes": V("- 2 1 1 1 1 1 1")},
            {"night": 2, "werewolves": {"victim": 2}}, {"day": 2, "votes": V("- - - 4 3 3 3 3")},
            {"night": 3, "werewolves": {"victim": 4}}, {"day": 3, "votes": V("- - - - - 6 5 5")},
            {"night": 4, "werewolves": {"victim": 7}}, {"day": 4})
    assert (o["winning_side"], o["reason"]) == ("werewolves", "only_werewolves_left")
    assert o["winners"] == [1, 6] and o["alive"] == [6]


def test_nobody_alive_nobody_wins():
    # the hunter, voted out, shoots a werewolf whose lover dies of grief: nobody is left
    o = out("hunter werewolf villager cupid villager villager",
            {"night": 1, "cupid": {"lovers": [1, 2]}, "werewolves": {"victim": 3}},
            {"day": 1, "votes": V("4 4 4 - 5 4")}, {"night": 2, "werewolves": {"victim": 5}},
            {"day": 2, "votes": V("1 0 0 - - -"), "hunter": {"shoot": 1}})
    assert (o["winning_side"], o["reason"], o["winners"]) == ("nobody", "nobody_alive", [])
    assert o["alive"] == []


def test_lovers_of_different_sides_alone_alive_win_and_only_they():
    o = out("cupid werewolf villager villager villager villager villager villager",
            {"night": 1, "cupid": {"lovers": [1, 2]}, "werewolves": {"victim": 0}},
            {"day": 1, "votes": V("- 3 3 4 3 3 3 3")},
            {"night": 2, "werewolves": {"victim": 4}}, {"day": 2, "votes": V("- 5 5 - - 6 5 5")},
            {"night": 3, "werewolves": {"victim": 6}}, {"day": 3, "votes": V("- 7 7 - - - - 1")})
    assert (o["winning_side"], o["winners"]) == ("lovers", [1, 2])
    assert o["sides"][1] == o["sides"][2] == "lovers"


def test_lovers_of_different_sides_cannot_win_with_their_old_sides():
    o = out("cupid werewolf villager villager villager villager werewolf villager",
            {"night": 1, "cupid": {"lovers": [1, 2]}, "werewolves": {"victim": 3}},
            {"day": 1, "votes": V("6 6 6 - 6 6 1 6")},
            {"night": 2, "werewolves": {"victim": 0}}, {"day": 2, "votes": V("- 4 4 - 5 4 - 4")},
            {"night": 3, "werewolves": {"victim": 5}}, {"day": 3, "votes": V("- 7 7 - - - - 1")})
    assert o["winning_side"] == "lovers" and 3 not in o["winners"]


def test_a_pair_of_lovers_of_one_side_wins_with_that_side():
    o = out("cupid werewolf villager villager villager villager werewolf villager",
            {"night": 1, "cupid": {"lovers": [2, 3]}},
            {"day": 1, "votes": V("1 6 1 1 1 1 1 1")}, {"night": 2},
            {"day": 2, "votes": V("6 - 6 6 6 6 0 6")})
    assert o["winning_side"] == "village" and {2, 3} <= set(o["winners"])


def test_the_pied_piper_wins_alone_when_every_other_living_player_is_charmed():
    o = out("pied_piper werewolf villager villager villager villager",
            {"night": 1, "pied_piper": {"charm": [1, 2]}},
            {"day": 1, "votes": V("3 3 3 4 3 3")},
            {"night": 2, "pied_piper": {"charm": [4, 5]}}, {"day": 2})
    assert (o["winning_side"], o["winners"], o["reason"]) == ("pied_piper", [0], "all_charmed")


def test_the_pied_piper_wins_even_after_a_vote():
    o = out("pied_piper werewolf villager villager villager villager",
            {"night": 1, "pied_piper": {"charm": [1, 2]}},
            {"day": 1, "votes": V("- - - - - -")},
            {"night": 2, "pied_piper": {"charm": [3, 4]}},
            {"day": 2, "votes": V("5 5 5 5 5 0")})
    assert (o["winning_side"], o["ended"]) == ("pied_piper", "day 2")


def test_a_pied_piper_in_love_plays_for_his_lovers_side():
    o = out("pied_piper werewolf cupid villager villager villager werewolf villager",
            {"night": 1, "cupid": {"lovers": [0, 3]}}, {"day": 1, "votes": V("1 6 1 1 1 1 1 1")},
            {"night": 2}, {"day": 2, "votes": V("6 - 6 6 6 6 0 6")})
    assert o["winning_side"] == "village" and 0 in o["winners"]
    assert o["sides"][0] == "village"


def test_the_white_werewolf_wins_alone_as_the_last_one_alive():
    o = out("white_werewolf werewolf villager villager villager villager",
            {"night": 1, "werewolves": {"victim": 2}}, {"day": 1, "votes": V("3 3 - 4 3 3")},
            {"night": 2, "werewolves": {"victim": 4}, "white_werewolf": {"kill": 1}},
            {"day": 2, "votes": V("5 - - - - -")})
    assert (o["winning_side"], o["winners"]) == ("white_werewolf", [0])


def test_a_living_white_werewolf_keeps_the_werewolves_from_winning():
    o = out("white_werewolf werewolf villager villager villager villager",
            {"night": 1, "werewolves": {"victim": 2}}, {"day": 1, "votes": V("3 3 - 4 3 3")},
            {"night": 2, "werewolves": {"victim": 4}}, {"day": 2, "votes": V("5 5 - - - 1")})
    assert o["alive"] == [0, 1] and o["winning_side"] is None


def test_the_white_werewolf_loses_with_the_werewolves_when_the_village_wins():
    o = out("white_werewolf werewolf seer villager villager villager villager villager",
            {"night": 1}, {"day": 1, "votes": V("1 0 1 1 1 1 1 1")},
            {"night": 2}, {"day": 2, "votes": V("- - 0 0 0 0 0 0")})
    assert o["winning_side"] == "village" and 0 not in o["winners"] and 1 not in o["winners"]


def test_a_wild_child_who_never_turned_wins_with_the_village():
    o = out("wild_child werewolf seer villager villager villager villager villager",
            {"night": 1, "wild_child": {"model": 3}, "werewolves": {"victim": 0}},
            {"day": 1, "votes": V("- 2 1 1 1 1 1 1")})
    assert o["winning_side"] == "village" and 0 in o["winners"]


def test_a_wild_child_whose_model_died_wins_with_the_werewolves():
    o = out("wild_child werewolf seer villager villager villager villager villager",
            {"night": 1, "wild_child": {"model": 3}, "werewolves": {"victim": 3}},
            {"day": 1, "votes": V("2 2 1 - 2 2 2 2")}, {"night": 2, "werewolves": {"victim": 4}},
            {"day": 2, "votes": V("5 5 - - - 0 5 5")}, {"night": 3, "werewolves": {"victim": 6}},
            {"day": 3, "votes": V("7 7 - - - - - 0")})
    assert o["sides"][0] == "werewolves" and o["winning_side"] == "werewolves"
    assert o["winners"] == [0, 1]


def test_a_wolf_hound_who_chose_the_village_wins_with_it():
    o = out("wolf_hound werewolf seer villager villager villager villager villager",
            {"night": 1, "wolf_hound": {"side": "village"}}, {"day": 1, "votes": V("1 2 1 1 1 1 1 1")})
    assert o["winning_side"] == "village" and 0 in o["winners"]


def test_the_game_ends_at_once_no_phase_may_follow():
    assert err(SEATS, N1, {"day": 1, "votes": V("1 6 1 1 1 1 1 1")}, {"night": 2},
               {"day": 2, "votes": V("6 - 6 6 6 6 0 6")}, {"night": 3}) == (
        "phases[4]: the game ended on day 2: no phase may follow")


def test_choices_left_in_a_day_after_the_game_ended_at_its_dawn_are_ignored():
    o = out(SEATS, N1, {"day": 1, "votes": V("1 6 1 1 1 1 1 1")},
            {"night": 2, "witch": {"poison": 6}}, {"day": 2, "votes": V("2 - 0 0 0 0 - 0")})
    assert (o["ended"], o["winning_side"]) == ("day 2", "village")
    assert o["phases"][3]["eliminated"] is None
