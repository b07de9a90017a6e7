"""Hostile game records: the reader answers every input with a result or its own error."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from onenight.rules.cards import ROLE_IDS
from onenight.rules.errors import RulesError
from onenight.rules.record import adjudicate, adjudicate_text
from onenight.rules.steps import STEP_IDS

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False) |
    st.text(max_size=8) | st.sampled_from(ROLE_IDS + STEP_IDS + ("left", "right")),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["view", "view_center", "swap", "copy", "then", "shield", "shift",
                         "swap_center", "reveal", "artifact", "x"]), inner, max_size=3),
    max_leaves=12)


@st.composite
def near_records(draw):
    """Records that are mostly right, with a few fields replaced by anything."""
    n = draw(st.integers(1, 11))
    rec = {
        "format": "onenight-game/1",
        "seats": draw(st.lists(st.sampled_from(ROLE_IDS), min_size=n, max_size=n)),
        "center": draw(st.lists(st.sampled_from(ROLE_IDS), min_size=2, max_size=4)),
        "night": draw(st.dictionaries(st.sampled_from(STEP_IDS), json_values, max_size=5)),
        "votes": draw(st.lists(st.integers(-1, n), min_size=n, max_size=n)),
        "artifacts": draw(st.lists(st.sampled_from(["claw", "brand", "cudgel", "void", "mute",
                                                    "shroud", "hat"]), max_size=7)),
    }
    if draw(st.booleans()):
        rec["alpha_center"] = draw(st.sampled_from(ROLE_IDS + ("nope",)) | json_values)
    for key in draw(st.lists(st.sampled_from(list(rec)), max_size=2)):
        rec[key] = draw(json_values)
    return rec


def check(rec) -> None:
    try:
        out = adjudicate(rec)
    except RulesError as e:
        text = str(e)
        assert text and "\n" not in text
        return
    json.dumps(out)


@settings(max_examples=150, deadline=None)
@given(near_records())
def test_near_records_never_escape_the_documented_error(rec):
    check(rec)


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_any_json_value(value):
    check(value)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=40))
def test_any_text(text):
    try:
        adjudicate_text(text)
    except RulesError as e:
        assert "\n" not in str(e)
