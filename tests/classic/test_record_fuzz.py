"""Hostile classic records: the reader answers every input with an outcome or its own error on
one line, naming the place; nothing else escapes. A short run is part of the suite;
``scripts/fuzz-long`` runs the same properties with 100,000 inputs each."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from onenight.classic.cast import CHARACTER_IDS, RECORD_KEYS
from onenight.classic.record import replay_outcome, replay_text
from onenight.classic.village import BUILDING
from tests.classic.helpers import a_record
from tests.reliability.test_fuzz import answered_by, deep, fuzz, json_like

KEYS = sorted(RECORD_KEYS) + ["night", "day", "view", "victim", "lovers", "take", "side",
                              "infect", "heal", "poison", "sniff", "charm", "shoot", "kill",
                              "powers", "barber", "confessor", "bonesetter", "ban", "pardon"]
values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.integers() | st.floats()
    | st.text(max_size=8) | st.sampled_from(list(CHARACTER_IDS) + ["village", "werewolves"]
                                            + list(BUILDING)),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(KEYS), inner,
                                                                max_size=3),
    max_leaves=12)


@st.composite
def near_records(draw):
    """A real record with a few places replaced by anything."""
    rec = a_record(draw(st.integers(0, 2 ** 32 - 1)))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["top", "phase", "step"]))
        if where == "top" or not rec["phases"]:
            rec[draw(st.sampled_from(["format", "seats", "thief_cards", "options", "phases",
                                      "buildings", "notes"]))] = (
                draw(values))
            continue
        phase = draw(st.sampled_from(rec["phases"])) if isinstance(rec["phases"], list) else {}
        if not isinstance(phase, dict):
            continue
        if where == "phase":
            phase[draw(st.sampled_from(KEYS))] = draw(values)
        else:
            steps = [k for k in phase if k not in ("night", "day")]
            if steps:
                phase[draw(st.sampled_from(steps))] = draw(values)
    return rec


@fuzz
@given(near_records())
def test_records_near_the_format_get_an_outcome_or_their_reason(rec):
    answered_by(replay_outcome, rec)


@fuzz
@given(values | json_like)
def test_any_json_as_a_classic_record(value):
    answered_by(replay_outcome, value)


@fuzz
@given(st.text(max_size=60) | st.integers(1, 5000).map(deep)
       | st.integers(4300, 6000).map(lambda n: '{"format": "thiercelieux-game/1", "seats": ['
                                     + "7" * n + "]}")
       | near_records().map(json.dumps).flatmap(
           lambda t: st.integers(0, len(t)).map(lambda i: t[:i])))
def test_any_text_as_a_classic_record(text):
    answered_by(replay_text, text)
