"""Seed 000's Graphologue: every player writes the name of his character by hand before the
game; each night he is shown one note drawn at random from the pile, never the same twice.
One test per rule, named after it."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from onenight.classic import (Options, Seat, apply, legal_choices, new_game, outcome,
                              to_record)
from onenight.classic.autoplay import play_out, random_choice
from onenight.classic.record import replay
from onenight.classic.roles import common
from onenight.classic.roles.table_cards import SHOWN, notes, pile
from onenight.common.errors import DeckError, IllegalChoice, RulesError

from .helpers import record, told, until
from .test_properties import SETTINGS, game_holding, moves

SEATS = "graphologist werewolf seer villager villager witch werewolf"
#: Seat i's note: one stroke, unlike any other seat's.
NOTES = [[[10 * i, 100 + i, 500, 600]] for i in range(7)]


def _game(seats: str = SEATS, **kw):
    n = len(seats.split())
    return new_game(seats.split(), options=Options(captain="never"), notes=NOTES[:n], **kw)


def _err(rec: dict) -> str:
    with pytest.raises(RulesError) as e:
        replay(rec)
    return str(e.value)


def test_every_player_writes_a_note_in_any_game_whose_deck_holds_the_graphologist():
    assert "notes: expected 7 notes, one per seat" in _err(record(SEATS))
    with_thief = "thief werewolf seer villager villager witch werewolf"
    rec = record(with_thief, thief="graphologist villager")  # his card left over: still
    assert "notes: expected 7 notes" in _err(rec)
    rec["notes"] = NOTES
    assert notes(replay(rec)) is not None
    plain = record("villager werewolf seer villager villager witch werewolf")
    plain["notes"] = NOTES
    assert _err(plain) == "notes: no graphologist in the deck: the players wrote no notes"


def test_a_bad_note_in_a_record_is_named():
    rec = record(SEATS)
    rec["notes"] = NOTES[:2] + [[[5, 1001]]] + NOTES[3:]
    assert _err(rec) == "notes[2][0][1]: expected a whole number from 0 to 1000, got 1001"
    rec["notes"] = NOTES[:6] + [[]]
    assert "notes[6]: expected a note" in _err(rec)
    with pytest.raises(DeckError):
        new_game(SEATS.split(), notes=NOTES[:6])


def test_each_night_a_note_is_drawn_from_the_pile_with_nobody_awake_his_own_among_them():
    g = until(_game(), "graphologist_note")
    assert g.stop.chance and g.stop.woken == () and g.stop.required
    assert legal_choices(g) == [Seat(s) for s in range(7)]  # his own (seat 0) in the pile


def test_the_graphologist_is_shown_the_note_drawn_and_nothing_but_its_strokes():
    g = apply(until(_game(), "graphologist_note"), Seat(3))
    assert g.stop.step == "graphologist" and g.stop.woken == (0,)
    (e,) = told(g, 0, "note")
    assert e.to == (0,) and e.value == tuple(tuple(s) for s in NOTES[3])
    assert e.seat is None and e.seats == () and e.role is None  # no seat, no order
    assert not [x for x in g.log if x.kind == "note" and x.to != (0,)]


def test_a_note_shown_is_thrown_away_never_drawn_again():
    g = apply(until(_game(), "graphologist_note"), Seat(3))
    assert pile(g) == (0, 1, 2, 4, 5, 6)
    rng = random.Random(4)
    while g.phase.label == "night 1" or g.stop.step != "graphologist_note":
        g = apply(g, random_choice(g, rng))
    assert g.phase.label == "night 2" and Seat(3) not in legal_choices(g)
    with pytest.raises(IllegalChoice):
        apply(g, Seat(3))


def test_with_the_pile_empty_he_is_called_for_show_and_shown_nothing():
    g = _game()
    g = g._with(memo=common.remember(g, SHOWN, tuple(range(7))).memo)
    g = until(g, "graphologist_note")
    assert g.stop.for_show
    g = apply(g)
    assert g.stop.step == "graphologist" and g.stop.for_show
    assert not told(apply(g), 0, "note")


def test_a_dead_graphologist_draws_no_more_notes():
    g = _game()
    g = g._with(dead=frozenset({0}))
    g = apply(g) if g.stop.step == "dusk" else g
    while g.stop is not None and g.phase.label == "night 1":
        assert g.stop.step != "graphologist_note" or g.stop.for_show
        g = apply(g, random_choice(g, random.Random(2)))
    assert pile(g) == tuple(range(7))


def test_the_record_keeps_the_notes_and_each_draw_and_replays_exactly():
    rng = random.Random(11)
    g = play_out(_game(), rng)
    rec = to_record(g)
    assert rec["notes"] == NOTES
    drawn = [p["graphologist_note"]["note"] for p in rec["phases"] if "graphologist_note" in p]
    assert drawn and len(set(drawn)) == len(drawn)
    again = replay(rec)
    assert again.log == g.log and again.verdict == g.verdict


@SETTINGS
@given(st.integers(0, 2 ** 32 - 1))
def test_random_games_with_the_graphologist_show_each_note_at_most_once_and_replay(seed):
    """Whole random games with the Graphologue in the deck (dealt, or among the thief's two):
    each note he is shown was written by a player, none twice, at most one a night, only to
    him; each game's record replays to the same outcome."""
    rng = random.Random(seed)
    g = game_holding("graphologist", rng)
    for _, _, g in moves(g, rng):
        pass
    shown = [e for e in g.log if e.kind == "note"]
    written = notes(g)
    assert all(e.value in written for e in shown)
    assert len({e.phase for e in shown}) == len(shown)
    drawn = g.memo.get(SHOWN, ())
    assert len(set(drawn)) == len(drawn) and len(shown) <= len(drawn)
    assert all(e.to is not None and len(e.to) == 1 and e.seat is None for e in shown)
    assert outcome(replay(json.loads(json.dumps(to_record(g))))) == outcome(g)


def test_he_is_called_every_night_with_the_seers_after_the_mathematician_before_the_pack():
    from onenight.classic.order import CALL, ORDER

    assert CALL["graphologist"].when == "every_night" and not CALL["graphologist"].only_if
    assert ORDER["mathematician"] < ORDER["graphologist"] < ORDER["werewolves"]


@SETTINGS
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=4), max_leaves=20))
def test_any_notes_in_a_record_are_read_or_refused_naming_the_place(raw):
    rec = record(SEATS)
    rec["notes"] = raw
    try:
        replay(rec)
    except RulesError as e:
        assert e.field.startswith("notes") or e.field.startswith("phases"), str(e)
