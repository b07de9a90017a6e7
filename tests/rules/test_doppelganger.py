"""The Doppelgänger copying each kind of role (RULES.md §4)."""

import pytest

from onenight.rules.errors import RulesError

from .helpers import run, seen, table

CENTER = "villager villager drunk"


def err(fn, *a, **k) -> str:
    with pytest.raises(RulesError) as e:
        fn(*a, **k)
    return str(e.value)


def test_copy_learns_the_card_and_becomes_the_role():
    t = table("doppelganger seer werewolf", CENTER, {"doppelganger": {"copy": 1}})
    assert t.copied == "seer"
    assert [(f.seat, f.card) for f in seen(t, 0, "copied")] == [(1, "seer")]
    assert t.roles()[0] == "seer"


def test_the_copy_is_mandatory_for_a_doppelganger_who_is_a_player():
    # RULES.md §3-§4: she looks at another player's card and becomes that role
    assert err(run, "doppelganger seer werewolf", CENTER, {}) == (
        "night.doppelganger: the doppelganger must copy another player's card (missing choice)")
    assert err(run, "doppelganger seer werewolf", CENTER, {"doppelganger": {}}).startswith(
        "night.doppelganger: ")


def test_an_uncopied_doppelganger_card_in_the_centre_needs_no_choice():
    out = run("seer werewolf villager", "doppelganger villager drunk", {})
    assert out["roles"] == ["seer", "werewolf", "villager"]


@pytest.mark.parametrize("then,check", [
    ({"view": 2}, lambda t: seen(t, 0, "card")[-1].card == "werewolf"),
    ({"view_center": [0, 2]}, lambda t: [f.card for f in seen(t, 0, "center")] ==
     ["villager", "drunk"]),
])
def test_doppelganger_seer_acts_at_once(then, check):
    t = table("doppelganger seer werewolf", CENTER, {"doppelganger": {"copy": 1, "then": then}})
    assert check(t)


def test_doppelganger_robber_swaps_at_once_and_the_victim_becomes_a_robber():
    out = run("doppelganger robber werewolf", CENTER,
              {"doppelganger": {"copy": 1, "then": {"swap": 2}}})
    assert out["final"]["seats"] == ["werewolf", "robber", "doppelganger"]
    assert out["roles"] == ["werewolf", "robber", "robber"]
    assert out["teams"] == ["werewolf", "village", "village"]


def test_doppelganger_troublemaker_and_witch_and_drunk():
    t = table("doppelganger troublemaker werewolf seer", CENTER,
              {"doppelganger": {"copy": 1, "then": {"swap": [2, 3]}}})
    assert t.seats == ("doppelganger", "troublemaker", "seer", "werewolf")
    t = table("doppelganger witch werewolf", "tanner villager seer",
              {"doppelganger": {"copy": 1, "then": {"view_center": 0, "swap": 2}}})
    assert t.seats == ("doppelganger", "witch", "tanner") and t.center[0] == "werewolf"
    t = table("doppelganger drunk werewolf", "tanner villager seer",
              {"doppelganger": {"copy": 1, "then": {"swap_center": 1}},
               "drunk": {"swap_center": 0}})
    assert t.seats == ("villager", "tanner", "werewolf")
    assert t.center == ("drunk", "doppelganger", "seer")


def test_doppelganger_drunk_must_act():
    assert err(run, "doppelganger drunk werewolf", "villager villager seer",
               {"doppelganger": {"copy": 1}, "drunk": {"swap_center": 0}}).startswith(
        "night.doppelganger.then:")


def test_doppelganger_sentinel_places_the_second_shield():
    t = table("doppelganger sentinel werewolf seer", CENTER,
              {"sentinel": {"shield": 2}, "doppelganger": {"copy": 1, "then": {"shield": 3}}})
    assert t.shields == {2, 3}
    assert err(run, "doppelganger sentinel werewolf seer", CENTER,
               {"sentinel": {"shield": 2},
                "doppelganger": {"copy": 1, "then": {"shield": 2}}}).startswith(
        "night.doppelganger.then.shield:")


def test_doppelganger_cannot_copy_a_shielded_card():
    assert err(run, "doppelganger sentinel werewolf", CENTER,
               {"sentinel": {"shield": 2}, "doppelganger": {"copy": 2}}).startswith(
        "night.doppelganger.copy:")


def test_doppelganger_village_idiot_keeps_her_own_card():
    t = table("doppelganger village_idiot werewolf seer tanner", CENTER,
              {"doppelganger": {"copy": 1, "then": {"shift": "left"}}})
    assert t.seats == ("doppelganger", "tanner", "village_idiot", "werewolf", "seer")


def test_doppelganger_apprentice_and_investigator():
    t = table("doppelganger apprentice_seer werewolf", CENTER,
              {"doppelganger": {"copy": 1, "then": {"view_center": 2}}})
    assert seen(t, 0, "center")[0].card == "drunk"
    out = run("doppelganger paranormal_investigator tanner werewolf", CENTER,
              {"doppelganger": {"copy": 1, "then": {"view": [2]}}}, votes=[1, 0, 0, 0])
    assert out["roles"][0] == "tanner" and out["dead"] == [0] and out["winners"] == [0]


def test_doppelganger_werewolf_wakes_with_the_werewolves():
    t = table("doppelganger werewolf villager", CENTER, {"doppelganger": {"copy": 1}})
    assert seen(t, 1, "wolves")[0].seats == (0, 1)
    assert seen(t, 0, "wolves")[0].seats == (0, 1)
    out = run("doppelganger werewolf villager", CENTER, {"doppelganger": {"copy": 1}})
    assert out["teams"] == ["werewolf", "werewolf", "village"]
    # two werewolves: no lone-wolf look
    assert err(run, "doppelganger werewolf villager", CENTER,
               {"doppelganger": {"copy": 1}, "werewolves": {"view_center": 0}}).startswith(
        "night.werewolves.view_center:")


def test_doppelganger_alpha_swaps_first_then_the_alpha_swaps_what_is_there():
    t = table("doppelganger alpha_wolf villager seer", "tanner robber drunk",
              {"doppelganger": {"copy": 1, "then": {"swap": 2}},
               "alpha_wolf": {"swap": 3}}, alpha="werewolf")
    # the Doppelgänger gave the werewolf to seat 2; the villager went beside the centre, and
    # the Alpha then gave that villager to seat 3
    assert t.seats == ("doppelganger", "alpha_wolf", "werewolf", "villager")
    assert t.alpha_center == "seer"


def test_doppelganger_alpha_cannot_choose_herself():
    assert err(run, "doppelganger alpha_wolf villager", "tanner robber drunk",
               {"doppelganger": {"copy": 1, "then": {"swap": 0}}, "alpha_wolf": {"swap": 2}},
               alpha="werewolf").startswith("night.doppelganger.then.swap:")


def test_doppelganger_mystic_looks_at_once():
    t = table("doppelganger mystic_wolf villager", CENTER,
              {"doppelganger": {"copy": 1, "then": {"view": 2}}})
    assert seen(t, 0, "card")[0].card == "villager"
    assert seen(t, 0, "wolves")[0].seats == (0, 1)


def test_doppelganger_dream_wolf_raises_a_thumb():
    t = table("doppelganger dream_wolf werewolf minion", CENTER, {"doppelganger": {"copy": 1}})
    assert seen(t, 2, "wolves")[0].seats == (0, 1, 2)
    assert seen(t, 3, "wolves")[0].seats == (0, 1, 2)
    assert seen(t, 0, "wolves") == []


def test_doppelganger_minion_sees_the_werewolves():
    t = table("doppelganger minion werewolf", CENTER, {"doppelganger": {"copy": 1}})
    assert seen(t, 0, "wolves")[0].seats == (2,)
    assert seen(t, 1, "wolves")[0].seats == (2,)


def test_doppelganger_mason_wakes_with_the_masons():
    t = table("doppelganger mason werewolf", CENTER, {"doppelganger": {"copy": 1}})
    assert seen(t, 1, "masons")[0].seats == (0, 1)


def test_doppelganger_aura_seer_sees_the_same_thumbs():
    t = table("doppelganger aura_seer seer werewolf", CENTER,
              {"doppelganger": {"copy": 1}, "seer": {"view": 3}})
    assert seen(t, 1, "thumbs")[0].seats == (0, 2)
    assert seen(t, 0, "thumbs")[0].seats == (0, 2)


def test_doppelganger_insomniac_looks_at_her_own_card():
    t = table("doppelganger insomniac robber", CENTER,
              {"doppelganger": {"copy": 1}, "robber": {"swap": 0}})
    assert seen(t, 0, "own")[0].card == "robber"
    assert seen(t, 1, "own")[0].card == "insomniac"


def test_doppelganger_revealer_and_curator_act_at_their_later_steps():
    out = run("doppelganger revealer seer curator werewolf", CENTER,
              {"doppelganger": {"copy": 1}, "revealer": {"reveal": 2},
               "doppelganger_revealer": {"reveal": 3}}, artifacts=["void"])
    assert out["revealed"] == [2, 3]
    out = run("doppelganger curator seer werewolf", CENTER,
              {"doppelganger": {"copy": 1}, "doppelganger_curator": {"artifact": 3}},
              artifacts=["brand", "claw"])
    assert out["artifacts"] == {"3": "brand"} and out["roles"][3] == "villager"


def test_doppelganger_steps_need_the_matching_copy():
    assert err(run, "doppelganger revealer seer", CENTER,
               {"doppelganger": {"copy": 2}, "doppelganger_revealer": {"reveal": 1}}).startswith(
        "night.doppelganger_revealer:")


def test_copied_roles_without_an_action_at_once_refuse_then():
    assert err(run, "doppelganger insomniac seer", CENTER,
               {"doppelganger": {"copy": 1, "then": {"view": 2}}}).startswith(
        "night.doppelganger.then")


@pytest.mark.parametrize("copied,role", [("bodyguard", "bodyguard"), ("prince", "prince"),
                                         ("hunter", "hunter"), ("tanner", "tanner"),
                                         ("villager", "villager")])
def test_doppelganger_passive_copies(copied, role):
    out = run(f"doppelganger {copied} werewolf", "villager seer drunk",
              {"doppelganger": {"copy": 1}})
    assert out["roles"][0] == role


def test_whoever_holds_the_doppelganger_bodyguard_protects():
    # the Robber takes the Doppelgänger-Bodyguard card: he now protects at the vote
    out = run("doppelganger bodyguard robber werewolf villager", "villager seer drunk",
              {"doppelganger": {"copy": 1}, "robber": {"swap": 0}},
              votes=[3, 3, 3, 2, 3])
    assert out["roles"][2] == "bodyguard"
    assert out["dead"] == []


def test_an_uncopied_doppelganger_card_from_the_centre_has_no_power():
    out = run("drunk werewolf villager", "doppelganger seer robber",
              {"drunk": {"swap_center": 0}})
    assert out["roles"][0] == "doppelganger" and out["teams"][0] == "village"
