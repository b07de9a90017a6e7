"""docs/rules-decisions-classic.md: the points the booklets leave open, one test each (those
not already shown by the tests of the night, the dawn, the vote and the win)."""

from __future__ import annotations

from onenight.classic import Options, Votes, apply, new_game

from .helpers import V, deaths, err, out, play, told

BLANK8 = {"votes": V("- - - - - - - -")}
N1 = {"night": 1}


def test_a_thief_who_takes_the_angel_wins_if_killed_the_first_night():
    o = out("thief werewolf seer villager villager villager werewolf villager",
            {"night": 1, "thief": {"take": 0}, "werewolves": {"victim": 0}}, {"day": 1},
            thief="angel villager")
    assert (o["winning_side"], o["winners"]) == ("angel", [0])


def test_the_fox_may_sniff_himself_and_the_witch_poison_herself():
    g = play("fox werewolf witch villager villager villager villager werewolf",
             {"night": 1, "witch": {"poison": 2}, "fox": {"sniff": 0}}, {"day": 1})
    assert told(g, 0, "sniffed")[0].seats == (0, 1, 7) and deaths(g) == [(2, "witch")]


def test_with_two_players_left_the_foxs_group_is_both():
    g = play("fox werewolf villager villager villager villager",
             {"night": 1, "werewolves": {"victim": 2}}, {"day": 1, "votes": V("3 3 - 4 3 3")},
             {"night": 2, "werewolves": {"victim": 4}}, {"day": 2, "votes": V("5 5 - - - 1")},
             {"night": 3, "fox": {"sniff": 1}})
    assert g.living() == (0, 1) and told(g, 0, "sniffed")[0].seats == (0, 1)


def test_the_wolf_hounds_side_is_required():
    assert err("wolf_hound werewolf seer villager villager villager werewolf villager", N1,
               {"day": 1, **BLANK8}) == (
        "phases[0].wolf_hound: missing: the wolf-hound must choose his side on the first night")


def test_the_infected_player_is_on_the_werewolves_side_at_once():
    seats = "fox villager villager accursed_wolf_father big_bad_wolf villager villager villager"
    base = {"night": 1, "werewolves": {"victim": 1}, "accursed_wolf_father": {"infect": True}}
    assert err(seats, {**base, "big_bad_wolf": {"victim": 1}}).startswith(
        "phases[0].big_bad_wolf.victim: seat 1 is on the werewolves' side")
    g = play(seats, {**base, "fox": {"sniff": 0}})
    assert told(g, 0, "sniffed")[0].value is True  # the group 7, 0, 1 holds the infected


def test_a_pied_piper_in_love_still_charms():
    g = play("pied_piper werewolf cupid villager villager villager werewolf villager",
             {"night": 1, "cupid": {"lovers": [0, 3]}, "pied_piper": {"charm": [4, 5]}})
    assert g.charmed == {4, 5}


def test_the_sisters_step_is_called_while_one_sister_lives():
    g = play("sister sister werewolf seer villager villager villager werewolf",
             {"night": 1, "werewolves": {"victim": 0}}, {"day": 1, **BLANK8}, {"night": 2},
             {"day": 2, **BLANK8}, {"night": 3}, sisters_again=True)
    assert [e.phase for e in told(g, 1, "sisters")] == ["night 1", "night 2"]


def test_cupid_without_powers_and_the_lovers_step_are_called_for_show():
    # the elder voted out on day 0: cupid's step (and the lovers') are for show, nobody loves
    g = new_game("angel elder cupid werewolf villager villager werewolf villager".split(),
                 options=Options(captain="never"))
    g = apply(apply(g), Votes((1, None, 1, 1, 1, 1, 1, 1)))
    seen = []
    while g.phase.label == "night 1":
        seen.append((g.stop.step, g.stop.for_show))
        g = apply(g)
    assert ("cupid", True) in seen and ("lovers", True) in seen and g.lovers is None


def test_the_big_bad_wolf_is_for_show_the_night_the_sick_werewolf_died_at_dusk():
    g = play("rusty_sword_knight villager werewolf villager big_bad_wolf villager villager seer",
             {"night": 1, "werewolves": {"victim": 0}}, {"day": 1, **BLANK8},
             {"night": 2, "big_bad_wolf": {"victim": 5}}, {"day": 2})
    assert deaths(g) == [(0, "werewolves"), (2, "rusty_sword")]  # 5 lives


def test_the_ambiguous_keep_their_powers_when_the_village_loses_its():
    g = play("angel elder wild_child werewolf villager villager werewolf villager",
             {"day": 0, "votes": V("1 - 1 1 1 1 1 1")}, {"night": 1, "wild_child": {"model": 4}})
    assert g.memo.get("wild_child.model") == 4


def test_a_knight_bitten_the_night_the_elder_is_poisoned_leaves_no_sickness():
    g = play("rusty_sword_knight villager werewolf elder witch villager villager werewolf",
             {"night": 1, "werewolves": {"victim": 0}, "witch": {"poison": 3}},
             {"day": 1, **BLANK8}, {"night": 2}, {"day": 2})
    assert deaths(g) == [(0, "werewolves"), (3, "witch")]


def test_a_sick_werewolfs_lover_dies_of_grief_at_the_next_dawn():
    o = out("rusty_sword_knight cupid werewolf villager villager villager villager werewolf",
            {"night": 1, "cupid": {"lovers": [2, 3]}, "werewolves": {"victim": 0}},
            {"day": 1, **BLANK8}, {"night": 2}, {"day": 2})
    assert o["phases"][3]["dead"] == [{"seat": 2, "cause": "rusty_sword"},
                                      {"seat": 3, "cause": "grief", "by": 2}]


def test_a_wild_child_dead_before_his_model_stays_a_villager():
    o = out("wild_child werewolf seer villager villager villager werewolf villager",
            {"night": 1, "wild_child": {"model": 3}, "werewolves": {"victim": 0}},
            {"day": 1, "votes": V("- 3 3 1 3 3 3 3")})
    assert o["sides"][0] == "village"


def test_the_captain_may_name_himself_when_he_is_tied():
    g = play("seer werewolf witch villager hunter villager werewolf villager", N1,
             {"day": 1, "captain_votes": V("3 3 3 3 3 3 3 3"), "votes": V("3 - - 5 3 - - -"),
              "captain_pick": 3, "successors": [0]}, captain="first_morning")
    assert deaths(g) == [(3, "vote")] and g.captain == 0


def test_a_white_werewolf_in_love_with_a_werewolf_wins_with_the_werewolves():
    o = out("white_werewolf werewolf cupid villager villager villager",
            {"night": 1, "cupid": {"lovers": [0, 1]}, "werewolves": {"victim": 2}},
            {"day": 1, "votes": V("3 3 - 4 3 3")}, {"night": 2, "werewolves": {"victim": 4}},
            {"day": 2, "votes": V("5 5 - - - 1")})
    assert (o["winning_side"], o["winners"]) == ("werewolves", [0, 1])
