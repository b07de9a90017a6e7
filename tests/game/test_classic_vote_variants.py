"""The Québec booklet's votes at the table (the controller's events): the option, the
intendant's nomination, the raised hands closed as blank, the panic's counts and the host's
draw, the lot's villager drawn with the table's generator and its pool never shown."""

from __future__ import annotations

import random

import pytest

from onenight.classic.record import replay_outcome
from onenight.game.flow import Refused

from .classic_helpers import Bot, controller, random_night_choice, set_up, start

SEATS = "seer werewolf witch villager hunter villager werewolf villager"


def to_the_vote(c):
    """Night 1 (nobody devoured), the dawn, the election when due, the debate: the vote."""
    Bot(c, night={}, votes={("captain", "day 1", "captain_votes"): {i: 0 for i in range(8)}}) \
        .play(until=lambda c: c.phase == "vote")


def test_the_vote_option_takes_the_four_ways_and_refuses_others(tmp_path):
    c = controller(tmp_path)
    set_up(c, 8, SEATS)
    for vote in ("single", "nominations", "panic", "classic"):
        c.apply({"type": "options", "vote": vote})
        assert c.state.options.vote == vote and c.state.options.rules.vote == vote
    with pytest.raises(Refused) as err:
        c.apply({"type": "options", "vote": "hands"})
    assert err.value.code == "option_vote"


def test_nominations_the_intendant_names_hands_go_up_the_rest_abstain(tmp_path):
    c = start(tmp_path, SEATS, captain="first_morning", vote="nominations")
    to_the_vote(c)
    stop = c.game.stop
    assert stop.step == "nominations" and c.tie_view().captain == 0
    with pytest.raises(Refused):
        c.apply({"type": "pick", "seat": 3, "target": 6})  # only the intendant names
    c.apply({"type": "pick", "seat": 0, "target": 6})  # on his pad
    assert c.game.stop.step == "nomination_votes" and c.ballots_view().targets == (6,)
    with pytest.raises(Refused):
        c.apply({"type": "vote", "seat": 2, "target": 3})  # a hand names the candidate only
    for seat in (0, 2, 3):
        c.apply({"type": "vote", "seat": seat, "target": 6})
    c.apply({"type": "close_vote", "confirm": True})
    c.apply({"type": "count"})
    assert c.ballots_view().result.kind == "failed" and c.ballots_view().result.seat == 6
    c.apply({"type": "go"})
    assert c.phase == "vote" and c.game.stop.step == "nominations"
    c.apply({"type": "choose", "target": 1})
    for seat in (0, 2, 3, 4):
        c.apply({"type": "vote", "seat": seat, "target": 1})
    c.apply({"type": "close_vote", "confirm": True})
    c.apply({"type": "count"})
    r = c.ballots_view().result
    assert r.kind == "eliminated" and r.seat == 1 and r.card.card == "werewolf"


def test_nominations_the_draw_after_the_intendant_survives_shows_only_the_drawn(tmp_path):
    c = start(tmp_path, SEATS, seed=3, captain="first_morning", vote="nominations")
    to_the_vote(c)
    for candidate in (6, 1, None):
        if candidate is not None:
            c.apply({"type": "choose", "target": candidate})
        c.apply({"type": "close_vote", "confirm": True})
        c.apply({"type": "count"})
        c.apply({"type": "go"})
    stop = c.game.stop
    assert stop.step == "village_draw" and stop.chance and c.phase == "vote"
    c.apply({"type": "lots"})
    r = c.ballots_view().result
    assert r.kind == "drawn" and r.seat in (0, 2, 3, 4, 5, 7)  # never a werewolf (1, 6)
    assert c.game.death_of(r.seat).cause == "vote"


def test_panic_counts_until_a_majority_or_the_host_draws(tmp_path):
    c = start(tmp_path, SEATS, vote="panic", captain="never")
    to_the_vote(c)
    assert c.game.stop.step == "panic_votes"
    with pytest.raises(Refused):
        c.apply({"type": "draw"})  # the first count comes first
    for seat in (0, 2, 3, 4):
        c.apply({"type": "vote", "seat": seat, "target": 1})
    c.apply({"type": "close_vote", "confirm": True})
    c.apply({"type": "count"})
    assert c.ballots_view().result.kind == "no_majority"
    c.apply({"type": "go"})
    # the table points on: a fresh round of the same stage
    assert c.game.stop.step == "panic_votes" and not any(c.state.ballots.is_in())
    c.apply({"type": "draw"})
    assert c.game.stop.step == "village_draw"
    c.apply({"type": "lots"})
    assert c.ballots_view().result.kind == "drawn"
    rec = c.state.record_path
    assert rec is None or rec.exists()


@pytest.mark.parametrize("vote", ["single", "nominations", "panic"])
def test_whole_games_under_each_variant_replay_to_the_saved_outcome(tmp_path, vote):
    import json

    for seed in range(3):
        c = start(tmp_path / f"{vote}{seed}", SEATS, seed=seed, vote=vote,
                  captain="first_morning")
        night = {step: random_night_choice for step in ("werewolves", "seer", "witch")}
        Bot(c, rng=random.Random(seed), night=night).play()
        saved = json.loads(c.state.record_path.read_text(encoding="utf-8"))
        assert saved["options"]["vote"] == vote
        assert replay_outcome(saved) == saved["outcome"]
