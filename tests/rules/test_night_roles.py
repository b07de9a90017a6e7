"""One test (or a few) per role: the cards after the night, what each seat learned, the end."""

import pytest

from onenight.rules.errors import RulesError

from .helpers import ALL_ARTIFACTS, run, seen, table


def err(fn, *a, **k) -> str:
    with pytest.raises(RulesError) as e:
        fn(*a, **k)
    return str(e.value)


# ---- Sentinel ---------------------------------------------------------------------------

def test_sentinel_shield_blocks_viewing_and_moving():
    t = table("sentinel robber werewolf seer", "villager villager troublemaker",
              {"sentinel": {"shield": 2}})
    assert t.shields == {2}
    assert err(table, "sentinel robber werewolf seer", "villager villager troublemaker",
               {"sentinel": {"shield": 2}, "robber": {"swap": 2}}) == \
        "night.robber.swap: seat 2 is shielded: its card cannot be viewed or moved"
    assert err(table, "sentinel robber werewolf seer", "villager villager troublemaker",
               {"sentinel": {"shield": 2}, "seer": {"view": 2}}).startswith("night.seer.view:")


def test_sentinel_cannot_shield_own_card():
    assert err(run, "sentinel robber werewolf", "villager villager seer",
               {"sentinel": {"shield": 0}}).startswith("night.sentinel.shield:")


def test_shield_does_not_protect_from_the_vote():
    out = run("sentinel werewolf villager", "villager seer robber",
              {"sentinel": {"shield": 1}}, votes=[1, 0, 1])
    assert out["dead"] == [1] and out["winning_teams"] == ["village"]


def test_shielded_drunk_keeps_card_and_needs_no_choice():
    out = run("sentinel drunk werewolf", "villager seer robber", {"sentinel": {"shield": 1}})
    assert out["final"]["seats"] == ["sentinel", "drunk", "werewolf"]
    assert err(run, "sentinel drunk werewolf", "villager seer robber",
               {"sentinel": {"shield": 1}, "drunk": {"swap_center": 0}}).startswith(
        "night.drunk.swap_center:")


# ---- Werewolves, Minion, Masons -------------------------------------------------------------

def test_werewolves_see_each_other_and_the_dream_wolf_thumb():
    t = table("werewolf mystic_wolf dream_wolf minion villager", "seer robber villager")
    assert seen(t, 0, "wolves")[0].seats == (0, 1, 2)
    assert seen(t, 1, "wolves")[0].seats == (0, 1, 2)
    assert seen(t, 2) == []  # the dream wolf keeps eyes shut
    assert seen(t, 3, "wolves")[0].seats == (0, 1, 2)  # the minion sees every thumb


def test_lone_werewolf_may_look_at_one_centre_card():
    t = table("werewolf seer villager", "robber drunk villager",
              {"werewolves": {"view_center": 1}})
    assert [(f.center, f.card) for f in seen(t, 0, "center")] == [(1, "drunk")]
    assert 0 in t.acted


def test_two_werewolves_may_not_look_at_the_centre():
    assert err(run, "werewolf werewolf villager", "robber drunk seer",
               {"werewolves": {"view_center": 1}}).startswith("night.werewolves.view_center:")


def test_a_dream_wolf_makes_the_werewolf_not_alone():
    assert err(run, "werewolf dream_wolf villager", "robber drunk seer",
               {"werewolves": {"view_center": 0}}).startswith("night.werewolves.view_center:")


def test_a_lone_werewolf_may_look_at_the_alpha_centre_card():
    t = table("alpha_wolf villager seer", "robber drunk villager",
              {"werewolves": {"view_center": 3}, "alpha_wolf": {"swap": 1}}, alpha="mystic_wolf")
    assert seen(t, 0, "center")[0].card == "mystic_wolf"


def test_masons_see_each_other():
    t = table("mason mason villager werewolf", "seer robber drunk")
    assert seen(t, 0, "masons")[0].seats == (0, 1)
    assert seen(t, 1, "masons")[0].seats == (0, 1)


def test_a_lone_mason_sees_only_himself():
    t = table("mason villager werewolf", "seer robber mason")
    assert seen(t, 0, "masons")[0].seats == (0,)


# ---- Alpha Wolf and Mystic Wolf --------------------------------------------------------------

def test_alpha_gives_the_alpha_centre_card_to_a_non_werewolf():
    out = run("alpha_wolf seer villager", "robber drunk villager",
              {"alpha_wolf": {"swap": 2}}, alpha="werewolf")
    assert out["final"]["seats"] == ["alpha_wolf", "seer", "werewolf"]
    assert out["final"]["alpha_center"] == "villager"
    assert out["teams"] == ["werewolf", "village", "werewolf"]


def test_alpha_may_not_choose_a_werewolf_or_himself():
    e = err(run, "alpha_wolf werewolf villager", "robber drunk seer",
            {"alpha_wolf": {"swap": 1}}, alpha="mystic_wolf")
    assert e.startswith("night.alpha_wolf.swap:") and "werewolf" in e
    assert err(run, "alpha_wolf werewolf villager", "robber drunk seer",
               {"alpha_wolf": {"swap": 0}}, alpha="mystic_wolf").startswith(
        "night.alpha_wolf.swap:")


def test_alpha_choice_is_mandatory_when_possible():
    assert err(run, "alpha_wolf werewolf villager", "robber drunk seer",
               {}, alpha="mystic_wolf").startswith("night.alpha_wolf:")


def test_alpha_with_no_legal_target_does_nothing():
    out = run("alpha_wolf werewolf dream_wolf", "robber drunk seer", {}, alpha="mystic_wolf")
    assert out["final"]["alpha_center"] == "mystic_wolf"
    # with the villager shielded, the sentinel is the only legal target, and a mandatory one
    out = run("sentinel alpha_wolf werewolf villager", "robber drunk seer",
              {"sentinel": {"shield": 3}, "alpha_wolf": {"swap": 0}}, alpha="werewolf")
    assert out["final"]["seats"][0] == "werewolf"


def test_alpha_cannot_target_a_shielded_card():
    e = err(run, "sentinel alpha_wolf villager", "robber drunk seer",
            {"sentinel": {"shield": 2}, "alpha_wolf": {"swap": 2}}, alpha="werewolf")
    assert e == "night.alpha_wolf.swap: seat 2 is shielded: its card cannot be viewed or moved"


def test_alpha_center_required_when_alpha_is_dealt():
    assert err(run, "alpha_wolf seer villager", "robber drunk villager",
               {"alpha_wolf": {"swap": 2}}).startswith("alpha_center:")


def test_mystic_wolf_looks_at_another_card():
    t = table("mystic_wolf seer villager", "robber drunk villager",
              {"mystic_wolf": {"view": 1}})
    assert [(f.seat, f.card) for f in seen(t, 0, "card")] == [(1, "seer")]


# ---- Seers -----------------------------------------------------------------------------------

def test_seer_looks_at_a_player_or_two_centre_cards():
    t = table("seer werewolf villager", "robber drunk insomniac", {"seer": {"view": 1}})
    assert seen(t, 0, "card")[0].card == "werewolf"
    t = table("seer werewolf villager", "robber drunk insomniac",
              {"seer": {"view_center": [0, 2]}})
    assert [f.card for f in seen(t, 0, "center")] == ["robber", "insomniac"]
    assert err(run, "seer werewolf villager", "robber drunk insomniac",
               {"seer": {"view_center": [1, 1]}}).startswith("night.seer.view_center:")
    assert err(run, "seer werewolf villager", "robber drunk insomniac",
               {"seer": {"view_center": [0, 3]}}).startswith("night.seer.view_center[1]:")


def test_apprentice_seer_looks_at_one_centre_card():
    t = table("apprentice_seer werewolf villager", "robber drunk insomniac",
              {"apprentice_seer": {"view_center": 2}})
    assert seen(t, 0, "center")[0].card == "insomniac"


# ---- Paranormal Investigator ------------------------------------------------------------------

def test_investigator_looks_at_two_cards():
    t = table("paranormal_investigator seer villager werewolf", "robber drunk insomniac",
              {"paranormal_investigator": {"view": [1, 2]}})
    assert [f.card for f in seen(t, 0, "card")] == ["seer", "villager"]
    assert t.changed == ()


def test_investigator_stops_and_becomes_a_werewolf():
    out = run("paranormal_investigator dream_wolf villager seer", "robber drunk insomniac",
              {"paranormal_investigator": {"view": [1]}}, votes=[2, 0, 0, 0])
    assert out["roles"][0] == "werewolf" and out["teams"][0] == "werewolf"
    assert out["dead"] == [0] and out["winning_teams"] == ["village"]
    assert err(run, "paranormal_investigator dream_wolf villager seer", "robber drunk insomniac",
               {"paranormal_investigator": {"view": [1, 2]}}).startswith(
        "night.paranormal_investigator.view")


def test_investigator_who_sees_the_tanner_becomes_a_tanner():
    out = run("paranormal_investigator villager tanner werewolf", "robber drunk insomniac",
              {"paranormal_investigator": {"view": [1, 2]}}, votes=[1, 0, 0, 0])
    assert out["roles"][0] == "tanner" and out["teams"][0] == "tanner"
    assert out["dead"] == [0]
    assert out["winners"] == [0] and out["winning_teams"] == ["tanner"]


def test_investigator_goes_on_after_a_doppelganger_card():
    t = table("paranormal_investigator doppelganger werewolf villager", "robber drunk seer",
              {"doppelganger": {"copy": 2}, "paranormal_investigator": {"view": [1, 3]}})
    assert [f.card for f in seen(t, 0, "card")] == ["doppelganger", "villager"]
    assert t.changed == ()


def test_investigators_change_stays_with_the_player_when_cards_move():
    out = run("paranormal_investigator werewolf robber villager", "drunk seer insomniac",
              {"paranormal_investigator": {"view": [1]}, "robber": {"swap": 0}})
    # the Robber now holds the investigator card, a village card; seat 0 stays a werewolf
    assert out["final"]["seats"][:3] == ["robber", "werewolf", "paranormal_investigator"]
    assert out["roles"][:3] == ["werewolf", "werewolf", "paranormal_investigator"]


# ---- Robber, Witch, Troublemaker, Village Idiot, Drunk -------------------------------------------

def test_robber_takes_a_card_and_its_team():
    t = table("robber werewolf villager", "seer drunk insomniac", {"robber": {"swap": 1}})
    assert t.seats == ("werewolf", "robber", "villager")
    assert seen(t, 0, "robbed")[0].card == "werewolf"
    assert err(run, "robber werewolf villager", "seer drunk insomniac",
               {"robber": {"swap": 0}}).startswith("night.robber.swap:")
    assert err(run, "robber werewolf villager", "seer drunk insomniac",
               {"robber": {"swap": 7}}) == "night.robber.swap: seat 7 does not exist (3 players)"


def test_robber_with_a_shielded_own_card_cannot_swap():
    assert err(run, "sentinel robber werewolf", "seer drunk insomniac",
               {"sentinel": {"shield": 1}, "robber": {"swap": 2}}).startswith(
        "night.robber.swap:")


def test_witch_exchanges_the_card_she_saw_with_any_player():
    t = table("witch werewolf villager", "seer tanner insomniac",
              {"witch": {"view_center": 1, "swap": 1}})
    assert t.seats == ("witch", "tanner", "villager")
    assert t.center == ("seer", "werewolf", "insomniac")
    assert seen(t, 0, "center")[0].card == "tanner"


def test_witch_may_take_the_card_herself():
    out = run("witch werewolf villager", "seer tanner insomniac",
              {"witch": {"view_center": 2, "swap": 0}})
    assert out["final"]["seats"][0] == "insomniac"
    assert out["final"]["center"][2] == "witch"


def test_witch_who_looks_must_exchange():
    assert err(run, "witch werewolf villager", "seer tanner insomniac",
               {"witch": {"view_center": 2}}).startswith("night.witch.swap:")
    assert err(run, "witch werewolf villager", "seer tanner insomniac",
               {"witch": {"swap": 1}}).startswith("night.witch.view_center:")


def test_troublemaker_exchanges_two_other_cards():
    t = table("troublemaker werewolf villager seer", "robber drunk insomniac",
              {"troublemaker": {"swap": [1, 3]}})
    assert t.seats == ("troublemaker", "seer", "villager", "werewolf")
    assert seen(t, 0) == []
    assert err(run, "troublemaker werewolf villager", "robber drunk insomniac",
               {"troublemaker": {"swap": [0, 1]}}).startswith("night.troublemaker.swap[0]:")


def test_village_idiot_shifts_every_other_card_skipping_shields():
    deal = "village_idiot sentinel werewolf seer villager tanner"
    t = table(deal, "robber drunk insomniac",
              {"sentinel": {"shield": 3}, "village_idiot": {"shift": "left"}})
    # moving seats 1, 2, 4, 5: each card goes to the next moving seat towards +1
    assert t.seats == ("village_idiot", "tanner", "sentinel", "seer", "werewolf", "villager")
    t = table(deal, "robber drunk insomniac",
              {"sentinel": {"shield": 3}, "village_idiot": {"shift": "right"}})
    assert t.seats == ("village_idiot", "werewolf", "villager", "seer", "tanner", "sentinel")


def test_drunk_takes_a_centre_card_unseen():
    t = table("drunk werewolf villager", "seer tanner insomniac", {"drunk": {"swap_center": 1}})
    assert t.seats[0] == "tanner" and t.center[1] == "drunk"
    assert seen(t, 0) == []
    assert err(run, "drunk werewolf villager", "seer tanner insomniac", {}).startswith(
        "night.drunk:")


def test_drunk_may_take_the_alpha_centre_card():
    out = run("drunk alpha_wolf villager", "seer tanner insomniac",
              {"alpha_wolf": {"swap": 2}, "drunk": {"swap_center": 3}}, alpha="werewolf")
    assert out["final"]["seats"] == ["villager", "alpha_wolf", "werewolf"]
    assert out["final"]["alpha_center"] == "drunk"


# ---- Aura Seer, Insomniac ------------------------------------------------------------------------

def test_aura_seer_sees_who_viewed_or_moved_so_far():
    t = table("aura_seer seer robber troublemaker werewolf drunk", "villager villager minion",
              {"seer": {"view": 4}, "troublemaker": {"swap": [0, 1]},
               "drunk": {"swap_center": 0}})
    assert seen(t, 0, "thumbs")[0].seats == (1, 3)  # robber did nothing, drunk comes later


def test_insomniac_sees_her_card_at_the_end():
    t = table("insomniac robber villager", "seer drunk werewolf", {"robber": {"swap": 0}})
    assert seen(t, 0, "own")[0].card == "robber"


def test_shielded_insomniac_learns_nothing():
    t = table("insomniac sentinel villager", "seer drunk werewolf", {"sentinel": {"shield": 0}})
    assert seen(t, 0, "own") == []


# ---- Revealer and Curator -------------------------------------------------------------------------

def test_revealer_leaves_a_village_card_face_up():
    t = table("revealer seer werewolf", "villager drunk robber", {"revealer": {"reveal": 1}})
    assert t.revealed == {1}
    assert [(f.seat, f.card) for f in t.public] == [(1, "seer")]


def test_revealer_turns_a_werewolf_or_tanner_back_down():
    for card in ("werewolf", "alpha_wolf", "mystic_wolf", "dream_wolf", "tanner"):
        alpha = "werewolf" if card == "alpha_wolf" else None
        night = {"revealer": {"reveal": 1}}
        if card == "alpha_wolf":
            night["alpha_wolf"] = {"swap": 2}
        t = table(f"revealer {card} villager", "villager drunk robber", night, alpha=alpha)
        assert t.revealed == frozenset() and t.public == ()
        assert seen(t, 0, "card")[0].card == card


def test_curator_places_artifacts_in_draw_order():
    out = run("curator doppelganger villager werewolf", "seer drunk robber",
              {"doppelganger": {"copy": 0}, "curator": {"artifact": 2},
               "doppelganger_curator": {"artifact": 3}},
              artifacts=["brand", "cudgel", "claw"])
    assert out["artifacts"] == {"2": "brand", "3": "cudgel"}
    assert out["roles"] == ["curator", "curator", "villager", "tanner"]
    assert out["teams"] == ["village", "village", "village", "tanner"]


def test_claw_makes_a_werewolf_and_removes_powers():
    out = run("curator hunter villager werewolf", "seer drunk robber",
              {"curator": {"artifact": 1}}, votes=[1, 0, 1, 1], artifacts=["claw"])
    assert out["roles"][1] == "werewolf"
    # the hunter became a werewolf: he dies and takes nobody along
    assert out["dead"] == [1] and out["winning_teams"] == ["village"]


def test_curator_may_not_place_on_a_shielded_card_or_twice():
    assert err(run, "curator sentinel villager", "seer drunk werewolf",
               {"sentinel": {"shield": 2}, "curator": {"artifact": 2}},
               artifacts=ALL_ARTIFACTS).startswith("night.curator.artifact:")
    assert err(run, "curator doppelganger villager", "seer drunk werewolf",
               {"doppelganger": {"copy": 0}, "curator": {"artifact": 2},
                "doppelganger_curator": {"artifact": 2}},
               artifacts=ALL_ARTIFACTS).startswith("night.doppelganger_curator.artifact:")


def test_curator_needs_the_draw_order():
    assert err(run, "curator villager werewolf", "seer drunk robber",
               {"curator": {"artifact": 1}}).startswith("artifacts:")


def test_curator_may_place_on_own_card():
    out = run("curator villager werewolf", "seer drunk robber", {"curator": {"artifact": 0}},
              artifacts=["mute"])
    assert out["artifacts"] == {"0": "mute"} and out["roles"][0] == "curator"
