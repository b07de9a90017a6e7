"""The Graphologue's drawing pad in a real window: a finger writes strokes on the page, "Erase"
blanks it, "Done" hands the note on (an empty page refused), and the sheet that shows a note
draws nothing but its strokes."""

import pytest
from kivy.graphics import Line
from kivy.tests.common import UnitTestTouch

from onenight.classic import handwriting as hw
from onenight.ui.driving import find, settle, tap, texts
from onenight.ui.widgets.note_pad import NotePad, NoteSheet, page_box

from .test_shared_widgets import host  # noqa: F401 (a layer over the window)


@pytest.fixture
def pad(host):
    p = NotePad()
    host.add_widget(p)
    settle()
    written = []
    p.bind(on_written=lambda _, note: written.append(note))
    p.written = written
    return p


def page_point(pad, fx, fy):
    """The window point at (fx, fy) of the page (fractions of its width and height)."""
    page = find(pad, "page")
    px, py, pw, ph = page_box(*page.to_window(*page.pos), *page.size)
    return px + fx * pw, py + fy * ph


def stroke(pad, *fractions):
    t = UnitTestTouch(*page_point(pad, *fractions[0]))
    t.touch_down()
    for f in fractions[1:]:
        t.touch_move(*page_point(pad, *f))
    t.touch_up()
    settle()


def test_each_touch_on_the_page_is_a_stroke_of_grid_points(pad):
    stroke(pad, (0.1, 0.2), (0.3, 0.8), (0.5, 0.2))
    stroke(pad, (0.7, 0.5))  # a dot
    note = pad.note
    assert len(note) == 2 and len(note[0]) == 6 and len(note[1]) == 2
    xs, ys = note[0][0::2], note[0][1::2]
    assert [round(x / 100) for x in xs] == [1, 3, 5] and [round(y / 100) for y in ys] == [2, 8, 2]
    assert all(0 <= v <= hw.GRID for s in note for v in s)
    # the page draws what the finger wrote: one line per stroke
    assert len([i for i in find(pad, "page").canvas.children if isinstance(i, Line)]) == 2


def test_done_hands_on_the_note_as_the_record_keeps_it(pad):
    stroke(pad, (0.2, 0.2), (0.4, 0.6))
    tap(find(pad, "done"))
    assert len(pad.written) == 1
    assert pad.written[0] == hw.read_note([list(s) for s in pad.note], "note")


def test_an_empty_page_is_refused_with_a_word_saying_why(pad, app):
    tap(find(pad, "done"))
    assert pad.written == [] and pad.refused
    assert app.tr("pad.empty", app.lang) in texts(pad)
    stroke(pad, (0.5, 0.5), (0.6, 0.6))
    assert not pad.refused  # writing takes the word away


def test_erase_blanks_the_page_and_done_then_refuses_it(pad):
    stroke(pad, (0.2, 0.2), (0.4, 0.6))
    tap(find(pad, "erase"))
    assert pad.note == () and find(pad, "page").note == ()
    assert not [i for i in find(pad, "page").canvas.children if isinstance(i, Line)]
    tap(find(pad, "done"))
    assert pad.written == []


def test_a_touch_off_the_page_writes_nothing(pad):
    page = find(pad, "page")
    wx, wy = page.to_window(*page.pos)
    px, py, pw, ph = page_box(wx, wy, *page.size)
    # the page keeps its shape: room is left beside it or below it, which takes no ink
    off = (wx + (px - wx) / 2, py + ph / 2) if px - wx > 2 else (px + pw / 2, wy + (py - wy) / 2)
    assert max(px - wx, py - wy) > 2
    t = UnitTestTouch(*off)
    t.touch_down()
    t.touch_move(px + pw / 2, py + ph / 2)
    t.touch_up()
    settle()
    assert pad.note == ()


def test_a_full_page_takes_no_more_strokes(pad, app):
    page = find(pad, "page")
    page.note = ((5, 5),) * hw.MAX_STROKES
    stroke(pad, (0.5, 0.5), (0.6, 0.6))
    assert len(pad.note) == hw.MAX_STROKES and pad.full
    assert app.tr("pad.full", app.lang) in texts(pad)


def test_the_sheet_shows_nothing_but_the_strokes(host):
    sheet = NoteSheet(note=((0, 0, 1000, 1000), (500, 500)))
    host.add_widget(sheet)
    settle()
    assert texts(sheet) == [] and sheet.children == []
    lines = [i for i in sheet.canvas.children if isinstance(i, Line)]
    assert len(lines) == 2
    px, py, pw, ph = page_box(*sheet.pos, *sheet.size)
    assert lines[0].points == [px, py, px + pw, py + ph]
    assert pw == pytest.approx(ph * hw.ASPECT)
