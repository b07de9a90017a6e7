"""The one-night game with the cards on the tablet, by events: the deal, the night's step
windows, the verdict at once, and a whole record that `onenight adjudicate` agrees with."""

from __future__ import annotations

import random

import pytest

from onenight.game.controller import Refused
from onenight.narration.plan import build_text_plan
from onenight.narration.settings import NarrationSettings
from onenight.rules.record import adjudicate as adjudicate_here
from onenight.rules.turns import first_asks, pick_json

from .tablet_play import (NAMES, adjudicate, controller, private_deal, setup, step, vote,
                          whole_game)

CUSTOM = ["doppelganger", "werewolf", "minion", "mason", "mason", "tanner", "hunter",
          "village_idiot", "bodyguard"]
GAMES = [
    ("sombre-reveil", 5), ("nuit-du-loup-garou", 9), ("terrible-ennemi", 4),
    ("alliances-fragiles", 7), ("anarchie", 8), ("metamorphoses-malefiques", 10),
    ("ne-te-fie-a-personne", 7), ("les-sages", 10), ("custom", 6),
]


def deck_event(scenario: str) -> dict:
    if scenario == "custom":
        return {"type": "custom", "cards": CUSTOM}
    return {"type": "scenario", "id": scenario}


@pytest.mark.parametrize("scenario, players", GAMES)
def test_whole_games_give_the_verdict_adjudicate_gives(tmp_path, scenario, players):
    c = controller(tmp_path, seed=players)
    rec = whole_game(c, players, deck_event(scenario), seed=len(scenario))
    assert c.phase == "end" and c.outcome is not None
    assert rec["cards"] == "tablet" and len(rec["seats"]) == players and len(rec["center"]) == 3
    assert rec["deck"] and sorted(rec["seats"] + rec["center"]) == sorted(rec["deck"])
    assert ("artifacts" in rec) == ("curator" in rec["deck"])
    assert ("alpha_center" in rec) == ("alpha_wolf" in rec["deck"])
    assert "final_entry" not in rec and rec["night"]
    out = adjudicate(c.state.record_path)  # the real command, as a process
    for key in ("roles", "teams", "dead", "winners", "winning_teams"):
        assert out[key] == rec["outcome"][key], key
    assert out["roles"] == list(c.tablet.table.roles())
    assert out["verdicts"] == rec["outcome"]["verdicts"]


def test_many_random_games_agree_with_the_engine(tmp_path):
    """More games, checked in process: every step's picks, cut short or not, make a record
    the adjudicator replays to the same verdict."""
    for seed in range(30):
        scenario, players = GAMES[seed % len(GAMES)]
        c = controller(tmp_path / str(seed), seed=seed)
        rec = whole_game(c, players, deck_event(scenario), seed=seed, acts=0.9, cut=0.4)
        out = adjudicate_here(rec)
        assert (out["dead"], out["winners"]) == (rec["outcome"]["dead"],
                                                 rec["outcome"]["winners"])


def test_the_deal_is_drawn_with_the_injected_generator_and_logged(tmp_path):
    a, b = controller(tmp_path / "a", seed=7), controller(tmp_path / "b", seed=7)
    for c in (a, b):
        setup(c, 9, deck_event("nuit-du-loup-garou"))
    assert a.log[-1]["deal"] == b.log[-1]["deal"]
    deal = a.log[-1]["deal"]
    assert sorted(deal["seats"] + deal["center"]) == sorted(a.state.deck)
    assert sorted(deal["artifacts"]) == sorted(["claw", "brand", "cudgel", "void", "mute",
                                                "shroud"])
    assert a.phase == "deal" and a.tablet.table.alpha_center == "werewolf"
    # a deal given with the event (a replay) is checked against the deck
    c = controller(tmp_path / "c")
    with pytest.raises(Refused) as e:
        setup(c, 5, deck_event("sombre-reveil"),
              deal={"seats": ["werewolf"] * 5, "center": ["seer"] * 3})
    assert e.value.code == "deal_format" and c.phase == "setup"


def test_the_private_deal_shows_each_seat_only_its_own_card(tmp_path):
    c = controller(tmp_path)
    deal = {"seats": ["witch", "werewolf", "villager", "mystic_wolf", "revealer"],
            "center": ["apprentice_seer", "sentinel", "villager"]}
    setup(c, 5, deck_event("sombre-reveil"), deal=deal)
    v = c.private_view(1)
    assert (v.seat, v.player, v.card, v.artifact) == (1, "Bob", "werewolf", None)
    assert c.private_round().next == 0 and c.private_round().seats == (0, 1, 2, 3, 4)
    with pytest.raises(Refused) as e:
        c.apply({"type": "deal_done"})
    assert e.value.code == "deal_unseen" and e.value.facts["seats"] == [0, 1, 2, 3, 4]
    for seat in (0, 1, 2, 3):
        c.apply({"type": "looked", "seat": seat})
    assert c.private_round().looked == (0, 1, 2, 3) and c.private_round().next == 4
    with pytest.raises(Refused) as e:
        c.private_view(5)
    assert e.value.code == "seat_unknown"
    c.apply({"type": "looked", "seat": 4})
    c.apply({"type": "deal_done"})
    assert c.phase == "night"
    assert c.private_view(1).card is None  # nobody looks at their card again


def test_the_steps_open_and_end_in_the_plans_order_and_nothing_else(tmp_path):
    c = controller(tmp_path)
    setup(c, 5, deck_event("sombre-reveil"))
    private_deal(c)
    plan = build_text_plan(c.state.deck, NarrationSettings())
    assert c.tablet.steps == plan.step_ids()
    first, second = plan.step_ids()[:2]
    with pytest.raises(Refused) as e:
        c.apply({"type": "step_open", "step": second})
    assert e.value.code == "step_order" and e.value.facts["expected"] == first
    with pytest.raises(Refused) as e:
        c.apply({"type": "pick", "step": first, "pick": {"shield": 1}})
    assert e.value.code == "step_closed"
    for bad in ("robber", None, 3):
        with pytest.raises(Refused) as e:
            c.apply({"type": "step_open", "step": bad})
        assert e.value.code == "step_unknown"
    with pytest.raises(Refused) as e:
        c.apply({"type": "night_done"})
    assert e.value.code == "night_unfinished"
    c.apply({"type": "step_open", "step": first})
    c.apply({"type": "step_open", "step": first})  # again (a resumed night): nothing changes
    c.apply({"type": "step_end", "step": first})
    c.apply({"type": "step_end", "step": first})  # again: nothing changes
    assert c.step_view().step == second and not c.step_view().open
    with pytest.raises(Refused) as e:
        c.apply({"type": "vote", "seat": 0, "target": 1})
    assert e.value.code == "wrong_phase"


def test_picks_are_checked_by_the_rules_and_shown_while_the_step_is_open(tmp_path):
    c = controller(tmp_path)
    deal = {"seats": ["witch", "werewolf", "villager", "mystic_wolf", "revealer"],
            "center": ["apprentice_seer", "sentinel", "villager"]}
    setup(c, 5, deck_event("sombre-reveil"), deal=deal)
    private_deal(c)
    while c.step_view().step != "witch":
        step(c, random.Random(0), acts=0)
    c.apply({"type": "step_open", "step": "witch"})
    for pick, code in (({"swap": 1}, "pick_illegal"), ({"view_center": 7}, "pick_illegal"),
                       ({"peek": 1}, "pick_illegal"), ("view", "pick_illegal")):
        with pytest.raises(Refused) as e:
            c.apply({"type": "pick", "step": "witch", "pick": pick})
        assert e.value.code == code
    c.apply({"type": "pick", "step": "witch", "pick": {"view_center": [1]}})
    v = c.step_view()
    assert v.picks == ({"view_center": 1},) and [a.key for a in v.asks] == ["swap"]
    assert [(f.kind, f.card) for f in v.learned] == [("center", "sentinel")] and not v.done
    c.apply({"type": "pick", "step": "witch", "pick": {"swap": 0}})
    assert c.step_view().done and c.step_view().asks == ()
    with pytest.raises(Refused) as e:
        c.apply({"type": "pick", "step": "witch", "pick": {"swap": 2}})
    assert e.value.code == "pick_illegal"
    end = c.apply({"type": "step_end", "step": "witch"})
    assert end["drawn"] == []
    assert c.step_view().learned == () and not c.step_view().open  # shown no longer
    assert c.tablet.night["witch"] == {"view_center": 1, "swap": 0}


def test_a_mandatory_choice_not_made_in_time_is_drawn_and_logged(tmp_path):
    c = controller(tmp_path, seed=11)
    deal = {"seats": ["doppelganger", "alpha_wolf", "drunk", "seer", "witch"],
            "center": ["villager", "werewolf", "robber"]}
    setup(c, 5, {"type": "custom", "cards": deal["seats"] + deal["center"]}, deal=deal)
    private_deal(c)
    drawn = {}
    while not c.tablet.over:
        done = step(c, random.Random(0), acts=0)  # nobody picks anything
        drawn[done["step"]] = done["drawn"]
    assert [next(iter(p)) for p in drawn["doppelganger"]][:1] == ["copy"]
    assert [next(iter(p)) for p in drawn["alpha_wolf"]] == ["swap"]
    assert [next(iter(p)) for p in drawn["drunk"]] == ["swap_center"]
    assert drawn["seer"] == drawn["witch"] == []  # a pass stays a pass
    assert set(c.tablet.night) >= {"doppelganger", "alpha_wolf", "drunk"}
    assert "seer" not in c.tablet.night and "witch" not in c.tablet.night


def step_views(deal: dict, deck: list[str], target: str, act: bool, tmp_path) -> dict:
    """The step view at each moment of the target step (at its opening, once its window ends),
    every other step passing."""
    c = controller(tmp_path)
    if "curator" in deck:
        deal = dict(deal, artifacts=["void", "claw", "brand", "cudgel", "mute", "shroud"])
    setup(c, len(deal["seats"]), {"type": "custom", "cards": deck}, deal=deal)
    private_deal(c)
    while c.step_view().step != target:
        step(c, random.Random(0), acts=0)
    c.apply({"type": "step_open", "step": target})
    seen = {"closed": None, "open": c.step_view()}
    if act:
        _, picks = next((ch, p) for ch, p in c.tablet.turn.legal if p)
        for part in picks:
            c.apply({"type": "pick", "step": target, "pick": pick_json(part)})
        seen["acted"] = c.step_view()
    c.apply({"type": "step_end", "step": target})
    seen["after"] = c.step_view()
    seen["plan"] = build_text_plan(deck, NarrationSettings())
    return seen


@pytest.mark.parametrize("role", ["seer", "robber", "witch", "troublemaker", "revealer",
                                  "apprentice_seer", "sentinel", "curator", "drunk",
                                  "alpha_wolf", "doppelganger"])
def test_a_step_looks_and_lasts_the_same_acted_asleep_in_the_centre_or_passed(tmp_path, role):
    others = [r for r in ("seer", "robber", "witch", "troublemaker", "revealer", "curator",
                          "sentinel", "apprentice_seer", "drunk", "doppelganger") if r != role]
    deck = [role, "werewolf", "villager", "werewolf", "alpha_wolf" if role != "alpha_wolf"
            else "mystic_wolf"] + others[:3] + ["villager"]
    deck = deck[:8]
    seats, center = deck[:5], deck[5:]
    dealt = {"seats": seats, "center": center}
    asleep = {"seats": [center[0]] + seats[1:], "center": [seats[0]] + center[1:]}
    acts = step_views(dealt, deck, role, True, tmp_path / "acts")
    passes = step_views(dealt, deck, role, False, tmp_path / "passes")
    sleeps = step_views(asleep, deck, role, False, tmp_path / "sleeps")
    # the step's screen at its opening: the same, whoever holds the card
    assert acts["open"] == passes["open"] == sleeps["open"]
    assert acts["open"].asks == first_asks(role) and acts["open"].learned == ()
    # passing and sleeping cannot be told apart, during the step or after it (the Alpha
    # Wolf, the Drunk and the Doppelgänger cannot pass: the tablet completes their choice)
    if role not in ("alpha_wolf", "drunk", "doppelganger"):
        assert passes["after"] == sleeps["after"]
    # the acting player saw more, but the step's shape is the same
    assert acts["acted"].step == acts["open"].step and acts["acted"].open
    # the same plan, the same times, whatever the deal and whatever was chosen
    assert acts["plan"] == passes["plan"] == sleeps["plan"]
    slot = {s.step: s for s in acts["plan"].steps}[role]
    assert slot.action_end > slot.start


def test_the_day_shows_the_tokens_and_each_artifact_in_private(tmp_path):
    c = controller(tmp_path)
    deck = ["curator", "sentinel", "revealer", "werewolf", "villager", "seer", "robber",
            "villager"]
    deal = {"seats": deck[:5], "center": deck[5:],
            "artifacts": ["mute", "claw", "void", "brand", "cudgel", "shroud"]}
    setup(c, 5, {"type": "custom", "cards": deck}, deal=deal)
    private_deal(c)
    picks = {"sentinel": {"shield": 4}, "revealer": {"reveal": 0}, "curator": {"artifact": 3}}
    while not c.tablet.over:
        sid = c.step_view().step
        c.apply({"type": "step_open", "step": sid})
        if sid in picks:
            c.apply({"type": "pick", "step": sid, "pick": picks[sid]})
        if sid == "revealer":  # the card laid face up for everyone, seen as the step goes
            assert [(f.kind, f.seat, f.card) for f in c.step_view().learned] == \
                [("card", 0, "curator"), ("revealed", 0, "curator")]
        if sid == "curator":  # placed face down: the Curator does not see which
            assert c.step_view().learned == () and c.step_view().done
        c.apply({"type": "step_end", "step": sid})
    c.apply({"type": "night_done"})
    table = c.day_view().table
    assert table.shields == (4,) and table.artifacts == (3,)
    assert table.face_up == ((0, "curator"),)
    assert c.private_view(3).artifact == "mute" and c.private_view(3).card is None
    assert c.private_view(2).artifact is None
    assert c.private_round().seats == (3,) and c.private_round().next == 3
    with pytest.raises(Refused) as e:
        c.apply({"type": "looked", "seat": 2})
    assert e.value.code == "no_artifact"
    c.apply({"type": "looked", "seat": 3})
    assert c.private_round().next is None
    vote(c, random.Random(2), votes=[1, 2, 1, 1, 0])
    rec = c.state.record
    assert rec["artifacts"] == deal["artifacts"] and rec["night"] == picks
    assert adjudicate_here(rec)["artifacts"] == {"3": "mute"}


def test_physical_cards_keep_their_flow(tmp_path):
    c = controller(tmp_path)
    c.apply({"type": "players", "names": NAMES[:5]})
    c.apply({"type": "cards", "on": "tablet"})
    c.apply({"type": "cards", "on": "table"})
    with pytest.raises(Refused) as e:
        c.apply({"type": "cards", "on": "pocket"})
    assert e.value.code == "cards_format"
    c.apply({"type": "scenario", "id": "sombre-reveil"})
    done = c.apply({"type": "start_night"})
    assert c.phase == "night" and "deal" not in done and c.tablet is None
    with pytest.raises(Refused):
        c.apply({"type": "step_open", "step": "werewolves"})


def test_the_table_option_outlives_a_game(tmp_path):
    c = controller(tmp_path)
    whole_game(c, 5, deck_event("sombre-reveil"))
    c.apply({"type": "new_game"})
    assert c.state.cards == "tablet" and c.tablet is None
    c.apply({"type": "start_night"})
    assert c.phase == "deal"
    c.apply({"type": "abandon"})
    assert c.state.cards == "tablet" and c.phase == "setup"


def test_a_game_on_the_tablet_needs_no_more_than_its_events(tmp_path):
    """The log replays into the same game: the deal and every draw are in it."""
    c = controller(tmp_path / "a", seed=5)
    whole_game(c, 7, deck_event("ne-te-fie-a-personne"), seed=3, acts=0.5, cut=0.5)
    again = controller(tmp_path / "b", seed=999)
    for event in c.log:
        again.apply(dict(event))
    assert again.state.record["night"] == c.state.record["night"]
    assert again.state.record["outcome"] == c.state.record["outcome"]
    assert again.state.record["seats"] == c.state.record["seats"]
