"""The Graphologue's notes as the record keeps them: strokes of points on a 0..1000 grid,
bounded, and a bad note refused naming what is wrong."""

import pytest

from onenight.classic import handwriting as hw
from onenight.common.errors import RecordError


def test_a_note_is_its_strokes_of_grid_points_and_reads_back_as_written():
    raw = [[0, 0, 500, 1000, 1000, 0], [250, 500]]
    note = hw.read_note(raw, "notes[0]")
    assert note == ((0, 0, 500, 1000, 1000, 0), (250, 500))
    assert hw.note_json(note) == raw
    assert hw.points(note) == 4


@pytest.mark.parametrize("raw,field,words", [
    ([], "notes[2]", "an empty page is no note"),
    (None, "notes[2]", "an empty page is no note"),
    ([[]], "notes[2][0]", "at least one point"),
    ([[1, 2, 3]], "notes[2][0]", "x, y"),
    ([[1, 2], "ab"], "notes[2][1]", "x, y"),
    ([[1, 1001]], "notes[2][0][1]", "from 0 to 1000"),
    ([[1, -1]], "notes[2][0][1]", "from 0 to 1000"),
    ([[1, 2.5]], "notes[2][0][1]", "from 0 to 1000"),
    ([[True, 2]], "notes[2][0][0]", "from 0 to 1000"),
    ([[1, 1]] * (hw.MAX_STROKES + 1), "notes[2]", f"at most {hw.MAX_STROKES}"),
    ([[5, 5] * 800, [5, 5] * 800], "notes[2][1]", f"at most {hw.MAX_POINTS}"),
])
def test_a_bad_note_is_refused_naming_what_is_wrong(raw, field, words):
    with pytest.raises(RecordError) as e:
        hw.read_note(raw, "notes[2]")
    assert e.value.field == field
    assert words in e.value.reason


def test_a_note_at_its_bounds_is_taken():
    full = [[7, 7] * (hw.MAX_POINTS // hw.MAX_STROKES)] * hw.MAX_STROKES
    assert hw.points(hw.read_note(full, "n")) == hw.MAX_POINTS


def test_a_touch_lands_on_the_grid_and_stays_on_the_page():
    assert hw.to_grid(0, 0, 400, 200) == (0, 0)
    assert hw.to_grid(200, 50, 400, 200) == (500, 250)
    assert hw.to_grid(-30, 260, 400, 200) == (0, 1000)
    assert hw.to_grid(5, 5, 0, 0) == (0, 0)


def test_the_fingers_jitter_is_dropped_but_every_real_move_kept():
    s = hw.thinned((), 100, 100)
    assert s == (100, 100)
    assert hw.thinned(s, 102, 97) == s  # barely moved
    assert hw.thinned(s, 104, 100) == (100, 100, 104, 100)
