"""A step played pick by pick: every legal choice can be picked, and only those; what the woken
learn after each pick; what the tablet completes when the step's time is up."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings

from onenight.rules.choices import Copy, PlaceArtifact, Swap, SwapCenter, View, ViewCenter, WitchSwap
from onenight.rules.errors import IllegalChoice
from onenight.rules.night import apply_step, deal, legal_choices
from onenight.rules.steps import STEPS, night_steps
from onenight.rules.turns import (KEYS, STAGES, Ask, Turn, first_asks, parts, pick_json,
                                  read_pick)

from .test_properties import games

ALL_ARTIFACTS = ("claw", "brand", "cudgel", "void", "mute", "shroud")


def picked(turn: Turn, *picks: dict) -> Turn:
    for p in picks:
        turn = turn.pick(read_pick(p))
    return turn


@given(games())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_legal_choice_is_made_by_its_picks_and_nothing_else(game):
    rec, _, tables = game
    for (before, _after), step in zip(tables, night_steps(before_deck(rec))):
        turn = Turn.start(before, step)
        legal = legal_choices(before, step)
        for choice in legal:
            t = turn
            for part in parts(choice):
                assert read_pick(pick_json(part)) == part  # the JSON goes both ways
                t = t.pick(part)
            assert t.choice_made and t.choice == choice
            assert t.play() == apply_step(before, step, choice)
        # whatever is picked, the picks stay the start of a legal choice
        for part in {p for c in legal for p in parts(c)}:
            try:
                t = turn.pick(part)
            except IllegalChoice:
                continue
            assert any(parts(c)[:1] == (part,) for c in legal)


def before_deck(rec: dict) -> list[str]:
    return rec["seats"] + rec["center"]


def test_a_pick_no_legal_choice_continues_is_refused_with_the_reason():
    t = deal(["seer", "werewolf", "robber", "sentinel"], ["villager", "drunk", "witch"])
    t = Turn.start(t, "sentinel").pick(("shield", 1)).play()
    seer = Turn.start(t, "seer")
    with pytest.raises(IllegalChoice, match="own card"):
        seer.pick(("view", 0))
    with pytest.raises(IllegalChoice, match="shielded"):
        seer.pick(("view", 1))
    with pytest.raises(IllegalChoice, match="does not exist"):
        seer.pick(("view", 9))
    with pytest.raises(IllegalChoice, match="not what this step asks"):
        seer.pick(("swap", 2))
    with pytest.raises(IllegalChoice, match="centre card"):
        seer.pick(("view_center", (0, 5)))
    done = seer.pick(("view", 2))
    with pytest.raises(IllegalChoice, match="already made"):
        done.pick(("view", 3))
    # a step whose card lies in the centre: nobody may pick
    with pytest.raises(IllegalChoice, match="nobody is awake"):
        Turn.start(t, "drunk").pick(("swap_center", 0))


@pytest.mark.parametrize("raw, why", [
    ([], "expected an object"), ({}, "one key"), ({"view": 1, "swap": 2}, "one key"),
    ({"peek": 1}, "unknown pick"), ({"view": True}, "seat or centre"),
    ({"view": [1, 2, 3]}, "one or two"), ({"swap": [2, 2]}, "twice"),
    ({"shift": "up"}, "left"), ({"view": "2"}, "seat or centre"),
])
def test_a_malformed_pick_is_refused_naming_what_is_wrong(raw, why):
    with pytest.raises(IllegalChoice, match=why):
        read_pick(raw)


def test_the_witch_sees_her_centre_card_before_she_chooses_whose_card_it_takes():
    t = deal(["witch", "werewolf", "seer"], ["villager", "tanner", "drunk"])
    w = Turn.start(t, "witch")
    assert w.asks == (Ask("view_center", "center"),) and w.choice_made  # she may do nothing
    w = w.pick(("view_center", 1))
    assert [(f.kind, f.center, f.card) for f in w.learned()] == [("center", 1, "tanner")]
    assert w.asks == (Ask("swap", "seat"),) and not w.choice_made  # now she must exchange
    w = w.pick(("swap", 0))  # her own card included
    assert w.final and w.choice == WitchSwap(1, 0)
    assert w.play().seats[0] == "tanner" and w.play().center[1] == "witch"


def test_the_investigator_decides_on_a_second_look_after_the_first():
    t = deal(["paranormal_investigator", "villager", "werewolf", "seer"],
             ["tanner", "drunk", "robber"])
    pi = Turn.start(t, "paranormal_investigator").pick(("view", 1))
    assert pi.choice_made and not pi.final and pi.asks == (Ask("view", "seat"),)
    wolf = pi.pick(("view", 2))
    assert wolf.final and wolf.choice == View((1, 2))
    assert [f.kind for f in wolf.learned()] == ["card", "card", "became"]
    first_wolf = Turn.start(t, "paranormal_investigator").pick(("view", 2))
    assert first_wolf.final and first_wolf.asks == ()  # he had to stop
    with pytest.raises(IllegalChoice):
        first_wolf.pick(("view", 1))


def test_the_doppelganger_learns_her_role_then_acts_as_it():
    t = deal(["doppelganger", "robber", "alpha_wolf", "werewolf", "seer"],
             ["villager", "drunk", "insomniac"], alpha_center="mystic_wolf")
    d = Turn.start(t, "doppelganger")
    assert d.asks == (Ask("copy", "seat"),) and not d.choice_made and d.learned() == ()
    robber = d.pick(("copy", 1))
    assert [(f.kind, f.card) for f in robber.learned()] == [("copied", "robber")]
    assert robber.asks == STAGES["robber"][0] and robber.choice_made
    assert robber.pick(("swap", 4)).choice == Copy(1, Swap(4))
    alpha = d.pick(("copy", 2))
    assert alpha.asks == (Ask("swap", "seat"),) and not alpha.choice_made  # must exchange
    seer = d.pick(("copy", 4))
    assert seer.asks == STAGES["seer"][0]
    assert [f.kind for f in seer.pick(("view_center", (0, 3))).learned()] == \
        ["copied", "center", "center"]
    wolf = d.pick(("copy", 3))
    assert wolf.final and wolf.asks == ()  # a plain werewolf has nothing to do at once


def test_when_time_is_up_only_a_mandatory_action_is_completed():
    t = deal(["doppelganger", "alpha_wolf", "drunk", "seer", "witch", "curator"],
             ["villager", "robber", "insomniac"], alpha_center="werewolf",
             artifacts=ALL_ARTIFACTS)
    rng = random.Random(3)
    assert Turn.start(t, "seer").completed(rng).choice is None  # a pass stays a pass
    assert Turn.start(t, "curator").completed(rng).choice is None
    alpha = Turn.start(t, "alpha_wolf").completed(rng)
    assert isinstance(alpha.choice, Swap) and alpha.choice in legal_choices(t, "alpha_wolf")
    drunk = Turn.start(t, "drunk").completed(rng)
    assert isinstance(drunk.choice, SwapCenter)
    witch = Turn.start(t, "witch").pick(("view_center", 0)).completed(rng)
    assert witch.choice.center == 0 and witch.picks[0] == ("view_center", 0)
    dg = Turn.start(t, "doppelganger").completed(rng)
    assert isinstance(dg.choice, Copy)
    copied = t.seats[dg.choice.seat]
    assert (dg.choice.then is not None) == (copied in ("alpha_wolf", "drunk"))
    # the same generator draws the same completion
    assert Turn.start(t, "alpha_wolf").completed(random.Random(8)).choice == \
        Turn.start(t, "alpha_wolf").completed(random.Random(8)).choice
    # a doppelgänger who copied the alpha wolf and stopped there: her exchange is drawn
    d_alpha = Turn.start(t, "doppelganger").pick(("copy", 1)).completed(rng)
    assert isinstance(d_alpha.choice.then, Swap)


def test_a_step_whose_card_lies_in_the_centre_completes_to_nothing():
    t = deal(["villager", "werewolf", "seer"], ["alpha_wolf", "drunk", "doppelganger"],
             alpha_center="werewolf")
    for sid in ("alpha_wolf", "drunk", "doppelganger", "seer"):
        turn = Turn.start(t, sid)
        if sid != "seer":
            assert turn.actors == () and turn.completed(random.Random(1)).choice is None


def test_the_first_asks_are_the_steps_own_whatever_the_deal():
    for step in STEPS:
        asks = first_asks(step)
        assert all(a.key in KEYS for a in asks)
        assert (asks == ()) == (not step.takes_choice)
    assert first_asks("seer") == (Ask("view", "seat"), Ask("view_center", "center", 2))
    assert first_asks("troublemaker") == (Ask("swap", "seat", 2),)
    assert first_asks("doppelganger_curator") == (Ask("artifact", "seat"),)


def test_a_curator_pick_is_a_seat_and_its_artifact_is_drawn_from_the_deal():
    t = deal(["curator", "villager", "werewolf", "seer"], ["tanner", "robber", "drunk"],
             artifacts=("mute", "claw", "void", "brand", "cudgel", "shroud"))
    c = picked(Turn.start(t, "curator"), {"artifact": 0})
    assert c.choice == PlaceArtifact(0) and c.learned() == ()  # placed unseen
    assert c.play().artifacts == ((0, "mute"),)
    seer = picked(Turn.start(c.play(), "seer"), {"view_center": [2, 0]})
    assert seer.choice == ViewCenter((0, 2))


def test_an_alpha_wolf_is_refused_a_card_the_doppelganger_alpha_made_a_werewolf():
    """The one refusal that teaches its player something (docs/rules-decisions.md)."""
    t = deal(["doppelganger", "alpha_wolf", "villager", "seer"], ["robber", "drunk", "tanner"],
             alpha_center="werewolf")
    t = Turn.start(t, "doppelganger").pick(("copy", 1)).pick(("swap", 2)).play()
    t = Turn.start(t, "werewolves").play()
    alpha = Turn.start(t, "alpha_wolf")
    with pytest.raises(IllegalChoice, match="not a legal choice"):
        alpha.pick(("swap", 2))  # seat 2 holds the werewolf card now
    assert alpha.pick(("swap", 3)).choice == Swap(3)
