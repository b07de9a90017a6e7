"""The dawn replay: a record's night as frames of cards moving, looks, tokens, then the votes,
the deaths and the verdicts, for records with every role of both boxes, records of games
played with physical cards, and records that are broken."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings

from onenight.game.dawn import Board, Look, Mark, Move, Spot, dawn, read_dawn
from onenight.rules.errors import RulesError
from onenight.rules.record import adjudicate
from onenight.rules.steps import night_steps
from tests.rules.test_properties import games

from .tablet_play import NAMES, controller, table_cards_game, whole_game

ARTIFACTS = ["claw", "void", "mute", "brand", "cudgel", "shroud"]
SEAT, CENTER = "seat", "center"


def s(i):
    return Spot(SEAT, i)


def c(i):
    return Spot(CENTER, i)


def frames_by_step(d):
    return {f.step: f for f in d.frames if f.kind == "step"}


def moved(board: Board, moves) -> Board:
    """``board`` with ``moves`` made, all at once."""
    seats, center = list(board.seats), list(board.center)
    for m in moves:
        assert board.card_at(m.source) == m.card  # each move takes the card that lies there
        if m.target.kind == SEAT:
            seats[m.target.index] = m.card
        else:
            center[m.target.index] = m.card
    return Board(tuple(seats), tuple(center))


def check_chain(d) -> None:
    """Each frame's board is the one before with the frame's moves made: a screen animates
    the moves, and steps back by showing the board before."""
    for before, f in zip(d.frames, d.frames[1:]):
        after = moved(before.board, f.moves)
        assert (after.seats, after.center) == (f.board.seats, f.board.center), f.step


def check_day(d, rec) -> None:
    out = adjudicate(rec) if "seats" in rec else None
    kinds = [f.kind for f in d.frames]
    assert kinds[-3:] == ["votes", "deaths", "verdict"]
    votes, deaths, verdict = d.frames[-3:]
    assert list(votes.votes) == rec["votes"]
    if out is not None:
        assert list(d.roles) == out["roles"] and list(d.teams) == out["teams"]
        assert [x.seat for x in deaths.deaths] == [x["seat"] for x in out["deaths"]]
        assert [x.cause.value for x in deaths.deaths] == [x["cause"] for x in out["deaths"]]
        assert list(verdict.winners) == out["winners"]
        assert [(v.team.value, v.won, v.reason.value) for v in verdict.verdicts] == \
            [(v["team"], v["won"], v["reason"]) for v in out["verdicts"]]


def test_the_crepuscule_night_frame_by_frame():
    rec = {"format": "onenight-game/1",
           "seats": ["sentinel", "doppelganger", "alpha_wolf", "mystic_wolf", "apprentice_seer",
                     "paranormal_investigator", "witch", "village_idiot", "revealer",
                     "curator"],
           "center": ["aura_seer", "dream_wolf", "bodyguard"], "alpha_center": "werewolf",
           "artifacts": ARTIFACTS,
           "night": {"sentinel": {"shield": 4}, "doppelganger": {"copy": 9},
                     "alpha_wolf": {"swap": 0}, "mystic_wolf": {"view": 5},
                     "apprentice_seer": {"view_center": 3},
                     "paranormal_investigator": {"view": [8, 0]},
                     "witch": {"view_center": 1, "swap": 7},
                     "village_idiot": {"shift": "left"}, "revealer": {"reveal": 6},
                     "curator": {"artifact": 2}, "doppelganger_curator": {"artifact": 6}},
           "votes": [2, 0, 0, 2, 2, 2, 5, 0, 2, 2]}
    d = dawn(rec)
    assert d.has_night and d.players == ()
    steps = [st.id for st in night_steps(rec["seats"] + rec["center"])]
    assert [f.kind for f in d.frames] == ["deal"] + ["step"] * len(steps) + \
        ["dawn", "votes", "deaths", "verdict"]
    assert [f.step for f in d.frames if f.kind == "step"] == steps
    f = frames_by_step(d)
    assert d.frames[0].board == Board(tuple(rec["seats"]), ("aura_seer", "dream_wolf",
                                                            "bodyguard", "werewolf"))
    assert f["sentinel"].marks == (Mark("shield", 4),) and f["sentinel"].actors == (0,)
    assert f["sentinel"].board.shields == (4,)
    assert f["doppelganger"].looks == (Look(1, "copied", s(9), "curator"),)
    assert f["alpha_wolf"].moves == (Move("sentinel", s(0), c(3)), Move("werewolf", c(3), s(0)))
    assert f["alpha_wolf"].choice == {"swap": 0} and f["alpha_wolf"].looks == ()
    assert f["mystic_wolf"].looks == (Look(3, "card", s(5), "paranormal_investigator"),)
    assert f["apprentice_seer"].looks == (Look(4, "center", c(3), "sentinel"),)
    pi = f["paranormal_investigator"]
    assert pi.looks == (Look(5, "card", s(8), "revealer"), Look(5, "card", s(0), "werewolf"),
                        Look(5, "became", None, "werewolf"))
    assert pi.marks == (Mark("became", 5, "werewolf"),)
    witch = f["witch"]
    assert witch.looks == (Look(6, "center", c(1), "dream_wolf"),)
    assert witch.moves == (Move("dream_wolf", c(1), s(7)), Move("village_idiot", s(7), c(1)))
    idiot = f["village_idiot"]  # everyone's card but the idiot's and the shielded one moves
    assert {m.source.index for m in idiot.moves} == {0, 1, 2, 3, 5, 6, 8, 9}
    assert all(m.target.index == {9: 0, 3: 5, 6: 8}.get(m.source.index, m.source.index + 1)
               for m in idiot.moves)
    assert f["aura_seer"].actors == () and f["aura_seer"].looks == ()  # in the centre
    rev = f["revealer"]
    shown = rev.board.seats[6]
    assert rev.looks == (Look(8, "card", s(6), shown),)
    assert rev.marks == (Mark("face_up", 6, shown),) and rev.board.face_up == (6,)
    assert f["curator"].marks == (Mark("artifact", 2, "claw"),)
    assert f["doppelganger_curator"].actors == (1,)
    assert f["doppelganger_curator"].marks == (Mark("artifact", 6, "void"),)
    assert d.frames[-1].board.artifacts == ((2, "claw"), (6, "void"))
    check_chain(d)
    check_day(d, rec)


def test_the_base_night_with_a_doppelganger_robber():
    rec = {"format": "onenight-game/1",
           "seats": ["doppelganger", "werewolf", "minion", "mason", "mason", "seer", "robber",
                     "troublemaker", "drunk", "insomniac"],
           "center": ["werewolf", "hunter", "tanner"],
           "night": {"doppelganger": {"copy": 6, "then": {"swap": 2}},
                     "werewolves": {"view_center": 0}, "seer": {"view": 1},
                     "robber": {"swap": 3}, "troublemaker": {"swap": [0, 5]},
                     "drunk": {"swap_center": 2}},
           "votes": [1, 0, 1, 1, 1, 0, 0, 0, 0, 0]}
    d = dawn(rec)
    f = frames_by_step(d)
    dg = f["doppelganger"]
    assert dg.looks == (Look(0, "copied", s(6), "robber"), Look(0, "robbed", s(2), "minion"))
    assert dg.moves == (Move("minion", s(2), s(0)), Move("doppelganger", s(0), s(2)))
    assert dg.choice == {"copy": 6, "then": {"swap": 2}}
    assert f["werewolves"].looks == (Look(1, "wolves", seats=(1,)),
                                     Look(1, "center", c(0), "werewolf"))
    assert f["minion"].looks == (Look(2, "wolves", seats=(1,)),)
    assert f["masons"].looks == (Look(3, "masons", seats=(3, 4)), Look(4, "masons", seats=(3, 4)))
    assert f["robber"].moves == (Move("mason", s(3), s(6)), Move("robber", s(6), s(3)))
    assert f["troublemaker"].moves == (Move("minion", s(0), s(5)), Move("seer", s(5), s(0)))
    assert f["drunk"].moves == (Move("drunk", s(8), c(2)), Move("tanner", c(2), s(8)))
    assert f["insomniac"].looks == (Look(9, "own", s(9), "insomniac"),)
    check_chain(d)
    check_day(d, rec)


def test_a_doppelganger_who_copies_the_insomniac_or_the_witch_wakes_as_them():
    late = dawn({"format": "onenight-game/1",
                 "seats": ["doppelganger", "insomniac", "werewolf", "villager"],
                 "center": ["seer", "robber", "tanner"],
                 "night": {"doppelganger": {"copy": 1}}, "votes": [1, 2, 3, 0]})
    f = frames_by_step(late)
    assert f["doppelganger_insomniac"].actors == (0,)
    assert f["doppelganger_insomniac"].looks == (Look(0, "own", s(0), "doppelganger"),)
    witch = dawn({"format": "onenight-game/1",
                  "seats": ["doppelganger", "witch", "werewolf", "villager"],
                  "center": ["seer", "tanner", "robber"],
                  "night": {"doppelganger": {"copy": 1, "then": {"view_center": 1, "swap": 2}}},
                  "votes": [1, 2, 3, 0]})
    dg = frames_by_step(witch)["doppelganger"]
    assert dg.looks == (Look(0, "copied", s(1), "witch"), Look(0, "center", c(1), "tanner"))
    assert dg.moves == (Move("tanner", c(1), s(2)), Move("werewolf", s(2), c(1)))
    assert witch.roles[2] == "tanner" and frames_by_step(witch)["witch"].actors == (1,)
    check_chain(witch)


def test_a_revealed_wolf_is_turned_back_and_only_the_revealer_saw_it():
    d = dawn({"format": "onenight-game/1", "seats": ["revealer", "werewolf", "villager"],
              "center": ["seer", "robber", "tanner"], "night": {"revealer": {"reveal": 1}},
              "votes": [1, 2, 0]})
    rev = frames_by_step(d)["revealer"]
    assert rev.looks == (Look(0, "card", s(1), "werewolf"),)
    assert rev.marks == () and rev.board.face_up == ()


def test_the_vote_the_deaths_and_the_verdicts_with_their_rules():
    rec = {"format": "onenight-game/1",
           "seats": ["hunter", "werewolf", "bodyguard", "prince", "villager"],
           "center": ["seer", "robber", "tanner"], "votes": [1, 0, 3, 0, 0]}
    d = dawn(rec)
    votes, deaths, verdict = d.frames[-3:]
    assert votes.counts == (3, 1, 0, 1, 0)
    assert [(x.seat, x.cause.value, x.by) for x in deaths.deaths] == [(0, "vote", None),
                                                                       (1, "hunter", 0)]
    assert deaths.protected == (3,)
    assert verdict.winners == (0, 2, 3, 4)
    assert {(v.team.value, v.won, v.reason.value) for v in verdict.verdicts} == \
        {("village", True, "werewolf_died"), ("werewolf", False, "werewolf_died")}
    assert d.index("votes") == len(d.frames) - 3


@given(games())
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_night_replays_as_moves_that_lead_from_board_to_board(game):
    rec, end, _ = game
    d = dawn(rec)
    check_chain(d)
    check_day(d, rec)
    last = d.frames[d.index("dawn")].board
    assert last.seats == end.seats and last.shields == tuple(sorted(end.shields))
    assert last.artifacts == end.artifacts and last.face_up == tuple(sorted(end.revealed))
    # every look in the frames is one the engine says that seat learned
    for f in d.frames:
        for look in f.looks:
            assert look.seat in f.actors


def test_a_tablet_game_from_the_history_replays_its_night(tmp_path):
    c = controller(tmp_path, seed=3)
    rec = whole_game(c, 8, {"type": "scenario", "id": "metamorphoses-malefiques"}, seed=3)
    d = read_dawn(c.state.record_path)
    assert d.has_night and d.players == tuple(NAMES[:8])
    assert d.frames[0].kind == "deal" and d.frames[0].board.seats == tuple(rec["seats"])
    assert list(d.roles) == rec["outcome"]["roles"]
    assert list(d.frames[-1].winners) == rec["outcome"]["winners"]
    check_chain(d)


def test_a_game_of_physical_cards_replays_what_its_record_holds(tmp_path):
    c = controller(tmp_path)
    table_cards_game(c)
    d = read_dawn(c.state.record_path)
    assert not d.has_night and [f.kind for f in d.frames] == ["dawn", "votes", "deaths",
                                                              "verdict"]
    assert d.frames[0].board.seats == ("robber", "doppelganger", "witch", "minion", "werewolf")
    assert d.frames[0].board.center == ()  # never seen by the app
    assert d.roles[1] == "mystic_wolf" and d.players == tuple(NAMES[:5])
    saved = json.loads(c.state.record_path.read_text())
    assert [x.seat for x in d.frames[-2].deaths] == saved["outcome"]["dead"]
    assert list(d.frames[-1].winners) == saved["outcome"]["winners"]
    # a record that kept only what was announced
    del saved["final_entry"]
    only = dawn(saved)
    assert only.frames[0].board.seats == (None,) * 5 and only.roles == d.roles


@pytest.mark.parametrize("rec, field", [
    ([], ""), ({"format": "x"}, "format"),
    ({"format": "onenight-game/1", "seats": ["seer"]}, "seats"),
    ({"format": "onenight-game/1", "seats": ["robber", "werewolf", "seer"],
      "center": ["villager"] * 3, "night": {"robber": {"swap": 0}}, "votes": [1, 2, 0]},
     "night.robber.swap"),
    ({"format": "onenight-game/1", "votes": [1, 2, 0]}, "final_entry"),
    ({"format": "onenight-game/1", "final_entry": {"seats": ["seer", "x", "seer"]},
      "votes": [1, 2, 0]}, "final_entry.seats[1]"),
    ({"format": "onenight-game/1", "final_entry": {"seats": ["seer", "werewolf", "tanner"],
                                                   "artifacts": {"7": "claw"}},
      "votes": [1, 2, 0]}, "final_entry.artifacts.7"),
    ({"format": "onenight-game/1", "final_entry": {"seats": ["seer", "werewolf", "tanner"]},
      "votes": [1, 1, 0]}, "votes[1]"),
    ({"format": "onenight-game/1", "outcome": {"roles": "seer"}, "votes": [1, 2, 0]},
     "outcome.roles"),
])
def test_a_broken_record_is_refused_naming_the_field(rec, field):
    with pytest.raises(RulesError) as e:
        dawn(rec)
    assert e.value.field == field


def test_an_unreadable_file_is_refused_naming_it(tmp_path):
    bad = tmp_path / "game.json"
    bad.write_text("{nope")
    with pytest.raises(RulesError) as e:
        read_dawn(bad)
    assert str(bad) in str(e.value)
    with pytest.raises(RulesError):
        read_dawn(tmp_path / "missing.json")


def test_the_replay_is_the_same_each_time():
    rng = random.Random(2)
    rec = {"format": "onenight-game/1", "seats": ["seer", "werewolf", "robber"],
           "center": ["villager", "tanner", "drunk"], "night": {"robber": {"swap": 1}},
           "votes": [rng.choice([1, 2]), 0, 1]}
    assert dawn(rec) == dawn(json.loads(json.dumps(rec)))


def test_the_controller_keeps_the_frame_of_its_games_replay_and_refuses_a_wrong_one(tmp_path):
    from onenight.game.refused import Refused

    c = controller(tmp_path)
    with pytest.raises(Refused) as no:
        c.apply({"type": "replay", "frame": 0})
    assert no.value.code == "wrong_phase"  # no game over: nothing to replay
    record = whole_game(c, 5, {"type": "scenario", "id": "metamorphoses-malefiques"})
    frames = len(dawn(record).frames)
    c.apply({"type": "replay", "frame": frames - 1})
    assert c.state.replay == frames - 1
    for bad in (frames, -1, "2", True, 1.0):
        with pytest.raises(Refused) as no:
            c.apply({"type": "replay", "frame": bad})
        assert no.value.code == "replay_frame"
    assert c.state.replay == frames - 1  # nothing changed
    c.apply({"type": "replay", "frame": None})
    assert c.state.replay is None
    c.apply({"type": "new_game"})
    assert c.state.replay is None
