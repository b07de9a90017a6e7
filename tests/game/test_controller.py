"""The table's flow without any screen: phases, secrets of the vote, the reveal, the record."""

import datetime as dt
import json
import random

import pytest

from onenight.game.controller import Controller, Refused
from onenight.game.clock import FakeClock

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve"]


@pytest.fixture
def game(tmp_path):
    clock = FakeClock()
    c = Controller(tmp_path / "history", clock=clock, rng=random.Random(4),
                   wallclock=lambda: dt.datetime(2026, 1, 2, 20, 30, tzinfo=dt.timezone.utc))
    c.clock_ = clock
    return c


def to_vote(c, scenario="sombre-reveil", mode="fingers"):
    c.apply({"type": "players", "names": NAMES})
    c.apply({"type": "scenario", "id": scenario})
    c.apply({"type": "start_night"})
    c.apply({"type": "night_done"})
    c.apply({"type": "start_vote", "mode": mode})


def test_events_outside_their_phase_are_refused(game):
    with pytest.raises(Refused) as e:
        game.apply({"type": "vote", "seat": 0, "target": 1})
    assert e.value.code == "wrong_phase"
    with pytest.raises(Refused) as e:
        game.apply({"type": "start_night"})
    assert e.value.code == "players_first"
    with pytest.raises(Refused):
        game.apply({"nonsense": 1})
    assert game.phase == "setup" and game.log == []


def test_players_are_checked(game):
    for names, code in ((["A", "B"], "players_count"), (["A", "a", "C"], "player_duplicate"),
                        (["A", " ", "C"], "player_unnamed"), ("ABC", "players_format")):
        with pytest.raises(Refused) as e:
            game.apply({"type": "players", "names": names})
        assert e.value.code == code


def test_scenarios_fit_the_player_count_and_anarchy_is_logged(game):
    game.apply({"type": "players", "names": NAMES})
    v = game.setup_view()
    assert "terrible-ennemi" not in v.scenarios and "sombre-reveil" in v.scenarios
    with pytest.raises(Refused) as e:
        game.apply({"type": "scenario", "id": "terrible-ennemi"})
    assert e.value.code == "scenario_players"
    done = game.apply({"type": "scenario", "id": "anarchie"})
    assert len(done["cards"]) == 8 and game.setup_view().deck == tuple(done["cards"])
    game.apply({"type": "scenario", "id": "nuit-du-loup-garou"})
    v = game.setup_view()
    assert v.alpha_center == "werewolf" and v.shields == 1 and v.ready


def test_custom_deck_is_validated(game):
    game.apply({"type": "players", "names": NAMES[:3]})
    with pytest.raises(Refused) as e:
        game.apply({"type": "custom", "cards": ["werewolf"] * 6})
    assert e.value.code == "deck_too_many"
    check = game.check_custom(["werewolf", "seer", "robber"])
    assert [p.code for p in check.problems] == ["card_count"]
    game.apply({"type": "custom", "cards": ["werewolf", "werewolf", "seer", "robber",
                                            "troublemaker", "villager"]})
    assert game.setup_view().scenario == "custom"


def test_day_timer_warns_at_one_minute_and_at_the_end(game):
    game.apply({"type": "players", "names": NAMES})
    game.apply({"type": "scenario", "id": "sombre-reveil"})
    game.apply({"type": "start_night"})
    game.apply({"type": "night_done", "minutes": 2})
    assert game.day_view().seconds_left == 120
    game.clock_.advance(30)
    game.apply({"type": "day_pause"})
    game.clock_.advance(500)
    assert game.day_view().seconds_left == 90 and game.day_alerts() == []
    game.apply({"type": "day_resume"})
    game.clock_.advance(31)
    assert game.day_alerts() == ["one_minute"]
    game.apply({"type": "day_add", "seconds": 60})
    assert game.day_view().seconds_left == 119
    game.clock_.advance(200)
    assert game.day_alerts() == ["end"] and game.day_alerts() == []
    assert game.day_view().seconds_left == 0 and not game.day_view().running


def test_vote_stays_secret_until_all_are_in(game):
    to_vote(game, mode="box")
    for seat in range(4):
        game.apply({"type": "vote_in", "seat": seat})
    v = game.vote_view()
    assert v.is_in == (True, True, True, True, False)
    assert v.votes is None and v.counts is None and not v.revealed
    with pytest.raises(Refused):
        game.apply({"type": "to_reveal"})
    game.apply({"type": "votes", "votes": [1, 2, 1, 1, 0]})
    v = game.vote_view()
    assert v.revealed and v.votes == (1, 2, 1, 1, 0) and v.counts == (1, 3, 1, 0, 0)


def test_tablet_votes_cannot_be_changed_nor_self(game):
    to_vote(game, mode="tablet")
    with pytest.raises(Refused) as e:
        game.apply({"type": "vote", "seat": 0, "target": 0})
    assert e.value.code == "self_vote"
    game.apply({"type": "vote", "seat": 0, "target": 1})
    assert game.vote_view().votes is None
    with pytest.raises(Refused) as e:
        game.apply({"type": "vote", "seat": 0, "target": 2})
    assert e.value.code == "vote_already"


def test_only_pointed_votes_can_be_taken_back(game):
    to_vote(game, mode="fingers")
    game.apply({"type": "vote", "seat": 0, "target": 2})
    game.apply({"type": "unvote", "seat": 0})
    assert game.vote_view().is_in[0] is False
    game.apply({"type": "abandon"})
    to_vote(game, mode="tablet")
    game.apply({"type": "vote", "seat": 0, "target": 2})
    with pytest.raises(Refused) as e:
        game.apply({"type": "unvote", "seat": 0})
    assert e.value.code == "unvote_mode"


def test_closing_early_asks_for_the_missing_votes(game):
    to_vote(game, mode="box")
    game.apply({"type": "votes", "votes": [1, 2, None, 1, 0]})
    v = game.vote_view()
    # nothing is shown while a vote is missing: the last voter must not vote knowing it
    assert not v.revealed and v.closed and v.missing == (2,)
    assert v.votes is None and v.counts is None
    with pytest.raises(Refused) as e:
        game.apply({"type": "to_reveal"})
    assert e.value.code == "votes_missing"
    game.apply({"type": "vote", "seat": 2, "target": 1})
    v = game.vote_view()
    assert v.revealed and v.votes == (1, 2, 1, 1, 0) and v.counts == (1, 3, 1, 0, 0)
    game.apply({"type": "to_reveal"})
    assert game.phase == "reveal"


def test_reveal_identities_outcome_and_record(game, tmp_path):
    game.apply({"type": "players", "names": NAMES})
    game.apply({"type": "scenario", "id": "metamorphoses-malefiques"})
    deck = game.setup_view().deck
    assert "doppelganger" in deck and "curator" not in deck
    game.apply({"type": "start_night"})
    game.apply({"type": "night_done"})
    game.apply({"type": "start_vote", "mode": "fingers"})
    for seat, target in enumerate([1, 0, 1, 1, 0]):
        game.apply({"type": "vote", "seat": seat, "target": target})
    game.apply({"type": "to_reveal"})
    finals = ["robber", "doppelganger", "witch", "minion", "werewolf"]
    for seat, card in enumerate(finals):
        game.apply({"type": "final_card", "seat": seat, "card": card})
    with pytest.raises(Refused):
        game.apply({"type": "artifact", "seat": 0, "artifact": "claw"})
    game.apply({"type": "copied", "role": "mystic_wolf"})
    assert game.reveal_view().identities[1] == "mystic_wolf"
    game.apply({"type": "confirm"})
    o = game.outcome
    assert o.dead == (1,) and o.winning_teams == ("village",)
    saved = json.loads(game.state.record_path.read_text())
    assert saved["format"] == "onenight-game/1" and "seats" not in saved
    assert saved["final_entry"]["copied"] == "mystic_wolf"
    assert saved["outcome"]["dead"] == [1] and saved["players"] == NAMES
    entries, bad = game.history.entries()
    assert bad == 0 and entries[0].winning_teams == ("village",)
    out = game.history.export([entries[0].path], tmp_path / "out")
    assert out[0].exists()


def test_reveal_refuses_more_cards_than_the_deck_holds(game):
    to_vote(game)
    for seat, target in enumerate([1, 0, 1, 1, 0]):
        game.apply({"type": "vote", "seat": seat, "target": target})
    game.apply({"type": "to_reveal"})
    with pytest.raises(Refused) as e:
        game.apply({"type": "final_card", "seat": 0, "card": "hunter"})
    assert e.value.code == "card_not_in_play"
    for seat in range(5):
        game.apply({"type": "final_card", "seat": seat, "card": "werewolf"})
    with pytest.raises(Refused) as e:
        game.apply({"type": "confirm"})
    assert e.value.code == "card_too_often"
    assert game.phase == "reveal"


def test_log_is_plain_json(game):
    to_vote(game, scenario="anarchie")
    json.dumps(game.log)
    assert [e["type"] for e in game.log] == ["players", "scenario", "start_night", "night_done",
                                            "start_vote"]
