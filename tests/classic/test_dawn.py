"""The morning, the deaths and what they set off (RULES-CLASSIC.md §4, §5, §9): the dawn's
announcement, grief, the hunter's shot, the captain's successor, the elder, the rusty sword,
the bear, the angel."""

from __future__ import annotations

from .helpers import V, deaths, err, out, play, public, told

BLANK8 = {"votes": V("- - - - - - - -")}


# ---- the dawn -----------------------------------------------------------------------------------

def test_the_dawn_announces_every_night_death_together_in_seat_order_with_its_card():
    g = play("seer werewolf witch villager hunter big_bad_wolf werewolf villager",
             {"night": 1, "werewolves": {"victim": 7}, "big_bad_wolf": {"victim": 3},
              "witch": {"poison": 0}}, {"day": 1})
    died = public(g, "died")
    assert [(e.seat, e.role) for e in died] == [(0, "seer"), (3, "villager"), (7, "villager")]


def test_the_table_is_not_told_how_the_night_killed():
    g = play("seer werewolf witch villager hunter villager werewolf villager",
             {"night": 1, "werewolves": {"victim": 7}, "witch": {"poison": 3}}, {"day": 1})
    assert {e.value for e in public(g, "died")} == {"night"}
    assert deaths(g) == [(3, "witch"), (7, "werewolves")]


def test_a_seat_killed_twice_in_one_night_keeps_the_first_cause():
    g = play("seer werewolf witch villager hunter big_bad_wolf werewolf villager",
             {"night": 1, "werewolves": {"victim": 3}, "witch": {"poison": 3}}, {"day": 1})
    assert deaths(g) == [(3, "werewolves")]


# ---- grief --------------------------------------------------------------------------------------

LOVE = "cupid werewolf seer villager hunter villager werewolf villager"


def test_a_lovers_death_kills_the_other_lover_at_once():
    o = out(LOVE, {"night": 1, "cupid": {"lovers": [3, 5]}, "werewolves": {"victim": 3}},
            {"day": 1})
    assert o["phases"][1]["dead"] == [{"seat": 3, "cause": "werewolves"},
                                      {"seat": 5, "cause": "grief", "by": 3}]


def test_grief_comes_after_the_vote_too():
    o = out(LOVE, {"night": 1, "cupid": {"lovers": [3, 5]}},
            {"day": 1, "votes": V("3 3 3 1 3 3 3 3")})
    assert o["phases"][1]["dead_after_vote"] == [{"seat": 3, "cause": "vote"},
                                                 {"seat": 5, "cause": "grief", "by": 3}]


# ---- the hunter ---------------------------------------------------------------------------------

def test_the_hunter_shoots_when_the_werewolves_kill_him():
    o = out(LOVE, {"night": 1, "cupid": {"lovers": [0, 2]}, "werewolves": {"victim": 4}},
            {"day": 1, "hunter": {"shoot": 6}})
    assert o["phases"][1]["dead"] == [{"seat": 4, "cause": "werewolves"},
                                      {"seat": 6, "cause": "hunter", "by": 4}]


def test_the_hunter_shoots_whatever_killed_him_the_vote_grief_another_shot():
    o = out(LOVE, {"night": 1, "cupid": {"lovers": [3, 4]}},
            {"day": 1, "votes": V("3 3 3 1 3 3 3 3"), "hunter": {"shoot": 1}})
    assert o["phases"][1]["dead_after_vote"] == [
        {"seat": 3, "cause": "vote"}, {"seat": 4, "cause": "grief", "by": 3},
        {"seat": 1, "cause": "hunter", "by": 4}]


def test_the_hunters_shot_is_required_and_aims_at_the_living():
    assert err(LOVE, {"night": 1, "cupid": {"lovers": [0, 2]}, "werewolves": {"victim": 4}},
               {"day": 1, "votes": V("- - - - - - - -")}, {"night": 2}) == (
        "phases[1].hunter: missing: the hunter must shoot as he dies")
    assert err(LOVE, {"night": 1, "cupid": {"lovers": [0, 2]}, "werewolves": {"victim": 4}},
               {"day": 1, "hunter": {"shoot": 4}}) == (
        "phases[1].hunter.shoot: seat 4 is dead: the hunter chooses a living player")


def test_the_shots_victim_sets_off_its_own_chain_before_the_next_death():
    # the hunter shoots a lover: the grief follows at once, before the seat-order next death
    g = play("cupid werewolf witch villager hunter villager werewolf villager",
             {"night": 1, "cupid": {"lovers": [5, 6]}, "werewolves": {"victim": 4},
              "witch": {"poison": 7}}, {"day": 1, "hunter": {"shoot": 5}})
    assert deaths(g) == [(4, "werewolves"), (7, "witch"), (5, "hunter"), (6, "grief")]
    assert [e.seat for e in public(g, "died")] == [4, 7, 5, 6]


# ---- the captain's successor -------------------------------------------------------------------

def test_a_dying_captain_names_a_living_successor():
    g = play("seer werewolf witch villager hunter villager werewolf villager",
             {"night": 1},
             {"day": 1, "captain_votes": V("3 3 3 3 3 3 3 3"), **BLANK8},
             {"night": 2, "werewolves": {"victim": 3}}, {"day": 2, "successors": [5]},
             captain="first_morning")
    assert g.captain == 5


def test_within_one_death_grief_then_the_shot_then_the_successor():
    g = play("cupid werewolf seer villager hunter villager werewolf villager",
             {"night": 1, "cupid": {"lovers": [4, 5]}},
             {"day": 1, "captain_votes": V("4 4 4 4 4 4 4 4"), "votes": V("4 4 4 4 1 4 4 4"),
              "hunter": {"shoot": 1}, "successors": [0]}, captain="first_morning")
    assert deaths(g) == [(4, "vote"), (5, "grief"), (1, "hunter")]
    assert [e.kind for e in g.log if e.kind in ("shot", "successor")] == ["shot", "successor"]
    assert g.captain == 0


def test_the_successor_must_be_alive():
    assert err("seer werewolf witch villager hunter villager werewolf villager",
               {"night": 1}, {"day": 1, "captain_votes": V("3 3 3 3 3 3 3 3"),
                              "votes": V("3 3 3 1 3 3 3 3"), "successors": [3]},
               captain="first_morning") == (
        "phases[1].successors[0]: seat 3 is dead: the captain names a living successor")


# ---- the elder ----------------------------------------------------------------------------------

ELDER = "seer werewolf witch elder hunter accursed_wolf_father werewolf fox"


def test_the_elder_survives_the_first_bite_and_nothing_is_announced():
    g = play(ELDER, {"night": 1, "werewolves": {"victim": 3}}, {"day": 1})
    assert g.alive(3) and public(g, "died") == []


def test_the_elder_dies_at_the_second_bite():
    g = play(ELDER, {"night": 1, "werewolves": {"victim": 3}}, {"day": 1, **BLANK8},
             {"night": 2, "werewolves": {"victim": 3}}, {"day": 2})
    assert deaths(g) == [(3, "werewolves")]


def test_the_witchs_heal_after_a_bite_gives_back_that_one_life():
    g = play(ELDER, {"night": 1, "werewolves": {"victim": 3}, "witch": {"heal": True}},
             {"day": 1, **BLANK8}, {"night": 2, "werewolves": {"victim": 3}}, {"day": 2})
    assert g.alive(3)


def test_infection_has_no_effect_on_the_elder_the_bite_counts_and_it_is_spent():
    g = play(ELDER, {"night": 1, "werewolves": {"victim": 3},
                     "accursed_wolf_father": {"infect": True}}, {"day": 1, **BLANK8},
             {"night": 2, "werewolves": {"victim": 3}}, {"day": 2})
    assert g.infected is None and deaths(g) == [(3, "werewolves")]
    assert g.memo.get("accursed_wolf_father.used") is True


def test_the_elder_voted_out_takes_the_villages_powers_away():
    g = play(ELDER, {"night": 1}, {"day": 1, "votes": V("3 3 3 0 3 3 3 3")},
             {"night": 2, "seer": {"view": 1}, "werewolves": {"victim": 4},
              "witch": {"heal": True}, "fox": {"sniff": 1}}, {"day": 2})
    assert told(g, 0, "saw") == [] and told(g, 7, "sniffed") == []
    assert not g.alive(4)  # the heal was for show
    assert [e.kind for e in g.log if e.step == "hunter"] == []  # no shot


def test_the_elder_killed_by_the_hunters_shot_or_the_poison_takes_the_powers_too():
    for night, day in (({"werewolves": {"victim": 4}}, {"hunter": {"shoot": 3}}),
                       ({"witch": {"poison": 3}}, {})):
        g = play(ELDER, {"night": 1, **night}, {"day": 1, **BLANK8, **day},
                 {"night": 2, "seer": {"view": 1}})
        assert told(g, 0, "saw") == [], night


def test_a_poisoned_elder_takes_the_powers_at_dawn_before_the_hunters_shot():
    g = play(ELDER, {"night": 1, "werewolves": {"victim": 4}, "witch": {"poison": 3}},
             {"day": 1, **BLANK8})
    assert deaths(g) == [(3, "witch"), (4, "werewolves")]  # no shot asked for


def test_the_elders_death_by_grief_or_the_big_bad_wolf_keeps_the_powers():
    g = play("cupid werewolf seer elder hunter villager werewolf villager",
             {"night": 1, "cupid": {"lovers": [3, 5]}, "werewolves": {"victim": 5}},
             {"day": 1, **BLANK8}, {"night": 2, "seer": {"view": 1}})
    assert not g.alive(3) and told(g, 2, "saw")[0].role == "werewolf"
    g = play("seer werewolf witch elder hunter big_bad_wolf werewolf villager",
             {"night": 1, "big_bad_wolf": {"victim": 3}}, {"day": 1, **BLANK8},
             {"night": 2, "seer": {"view": 1}})
    assert deaths(g) == [(3, "big_bad_wolf")] and told(g, 0, "saw")[0].role == "werewolf"


def test_lost_powers_do_not_touch_the_werewolves_nor_the_captains_double_vote():
    g = play("seer werewolf witch elder villager big_bad_wolf werewolf villager",
             {"night": 1}, {"day": 1, "captain_votes": V("0 0 0 0 0 0 0 0"),
                            "votes": V("3 3 3 0 3 3 3 3")},
             {"night": 2, "werewolves": {"victim": 4}, "big_bad_wolf": {"victim": 7}},
             {"day": 2, "votes": V("1 - - - - 2 - -")}, captain="first_morning")
    assert (7, "big_bad_wolf") in deaths(g)
    assert deaths(g)[-1] == (1, "vote")  # the captain's ballot counted twice: 2 against 1


# ---- the knight with the rusty sword -----------------------------------------------------------

KNIGHT = "rusty_sword_knight villager werewolf villager werewolf villager villager seer"


def test_the_rusty_sword_kills_the_first_werewolf_to_his_left_at_the_next_nights_start():
    o = out(KNIGHT, {"night": 1, "werewolves": {"victim": 0}}, {"day": 1, **BLANK8},
            {"night": 2}, {"day": 2})
    assert o["phases"][1]["dead"] == [{"seat": 0, "cause": "werewolves"}]
    assert o["phases"][3]["dead"] == [{"seat": 2, "cause": "rusty_sword"}]


def test_the_sick_werewolf_does_not_wake_the_next_night():
    g = play(KNIGHT, {"night": 1, "werewolves": {"victim": 0}}, {"day": 1, **BLANK8},
             {"night": 2})
    assert told(g, 4, "pack")[-1].seats == (4,)


def test_the_rusty_sword_skips_werewolves_who_did_not_take_part():
    # the wild child (seat 1) turns werewolf at that dawn (his model is poisoned): he did not
    # wake with the pack that night, so the sickness goes on to seat 2
    g = play("rusty_sword_knight wild_child werewolf witch villager villager werewolf seer",
             {"night": 1, "wild_child": {"model": 4}, "werewolves": {"victim": 0},
              "witch": {"poison": 4}}, {"day": 1, **BLANK8}, {"night": 2}, {"day": 2})
    assert deaths(g) == [(0, "werewolves"), (4, "witch"), (2, "rusty_sword")]


def test_nothing_more_when_the_sick_werewolf_dies_before_the_next_night():
    g = play(KNIGHT, {"night": 1, "werewolves": {"victim": 0}},
             {"day": 1, "votes": V("- 2 - 2 2 2 2 2")}, {"night": 2}, {"day": 2})
    assert deaths(g) == [(0, "werewolves"), (2, "vote")]


def test_the_rusty_sword_strikes_only_the_werewolves_step_victim():
    g = play("rusty_sword_knight villager werewolf villager witch villager villager werewolf",
             {"night": 1, "witch": {"poison": 0}}, {"day": 1, **BLANK8}, {"night": 2},
             {"day": 2})
    assert deaths(g) == [(0, "witch")]


# ---- the bear -----------------------------------------------------------------------------------

def growls(g) -> list[bool]:
    return [e.value for e in public(g, "growl")]


def test_the_bear_growls_when_a_nearest_living_neighbour_is_a_werewolf():
    g = play("bear_tamer werewolf seer villager villager villager villager villager",
             {"night": 1}, {"day": 1})
    assert growls(g) == [True]
    g = play("villager bear_tamer seer werewolf villager villager werewolf villager",
             {"night": 1}, {"day": 1})
    assert growls(g) == [False]


def test_the_bears_neighbours_are_the_nearest_living_ones():
    g = play("bear_tamer villager werewolf villager villager villager villager villager",
             {"night": 1, "werewolves": {"victim": 1}}, {"day": 1})
    assert growls(g) == [True]


def test_the_bear_growls_every_morning_when_the_tamer_is_infected():
    g = play("bear_tamer villager villager werewolf accursed_wolf_father villager villager "
             "villager", {"night": 1, "werewolves": {"victim": 0},
                          "accursed_wolf_father": {"infect": True}}, {"day": 1})
    assert growls(g) == [True]


def test_no_growl_without_the_tamer_and_no_key_on_day_zero():
    o = out("angel werewolf seer villager villager villager werewolf villager",
            {"day": 0, **BLANK8}, {"night": 1}, {"day": 1})
    assert [p["growl"] for p in o["phases"] if "growl" in p] == [None, False]


# ---- the angel ----------------------------------------------------------------------------------

ANGEL = "angel werewolf seer villager witch villager werewolf villager"


def test_with_an_angel_the_game_opens_with_a_day():
    o = out(ANGEL, {"day": 0, **BLANK8}, {"night": 1})
    assert [p["phase"] for p in o["phases"]] == ["day 0", "night 1"]


def test_the_angel_voted_out_on_day_zero_wins_alone_at_once():
    o = out(ANGEL, {"day": 0, "votes": V("1 0 0 0 0 0 0 0")})
    assert (o["winning_side"], o["winners"], o["ended"]) == ("angel", [0], "day 0")


def test_the_angel_killed_the_first_night_by_werewolves_or_poison_wins():
    for night in ({"werewolves": {"victim": 0}}, {"witch": {"poison": 0}}):
        o = out(ANGEL, {"day": 0, **BLANK8}, {"night": 1, **night}, {"day": 1})
        assert (o["winning_side"], o["ended"]) == ("angel", "day 1"), night


def test_the_angel_shot_by_the_hunter_does_not_win():
    o = out("angel werewolf seer villager hunter villager werewolf villager",
            {"day": 0, "votes": V("4 4 4 4 1 4 4 4"), "hunter": {"shoot": 0}})
    assert o["winning_side"] is None and o["sides"][0] == "angel"


def test_an_angel_who_survives_the_first_round_is_a_villager():
    o = out(ANGEL, {"day": 0, **BLANK8}, {"night": 1, "werewolves": {"victim": 3}},
            {"day": 1, **BLANK8}, {"night": 2, "werewolves": {"victim": 0}}, {"day": 2})
    assert o["winning_side"] is None and o["sides"][0] == "village"


def test_an_angel_in_love_gives_his_goal_up():
    o = out("angel werewolf seer villager cupid villager werewolf villager",
            {"day": 0, **BLANK8}, {"night": 1, "cupid": {"lovers": [0, 3]},
                                   "werewolves": {"victim": 0}}, {"day": 1})
    assert o["winning_side"] is None
    assert o["phases"][2]["dead"] == [{"seat": 0, "cause": "werewolves"},
                                      {"seat": 3, "cause": "grief", "by": 0}]


def test_the_dawn_is_a_win_check_even_when_nobody_died():
    # the pied piper's last charm ends the game at the next dawn
    o = out("pied_piper werewolf villager villager villager villager",
            {"night": 1, "pied_piper": {"charm": [1, 2]}}, {"day": 1, "votes": V("- - - - - -")},
            {"night": 2, "pied_piper": {"charm": [3, 4]}}, {"day": 2, "votes": V("- - - - - -")},
            {"night": 3, "pied_piper": {"charm": [5]}}, {"day": 3})
    assert (o["winning_side"], o["ended"]) == ("pied_piper", "day 3")
