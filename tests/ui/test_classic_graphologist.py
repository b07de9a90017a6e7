"""Seed 000's Graphologue at the real table: after the deal the tablet goes round once more
and each player, alone with it, writes his character's name with a finger (an empty page
refused); each night the Graphologue is shown one of the notes, strokes only, on his call."""

from kivy.tests.common import UnitTestTouch

from onenight.classic.roles.table_cards import SHOWN, notes
from onenight.ui.driving import find, settle, tap, texts
from onenight.ui.widgets.note_pad import NoteSheet, page_box

from .classic_play import home_after  # noqa: F401 (the shared app left as found)
from .classic_play import night_through, screen, secrets_shown, untranslated
from .test_classic_cast import TEN

TABLE = "werewolf graphologist seer villager werewolf villager villager villager".split()


def _write(deal, seat: int, strokes) -> None:
    """Player ``seat`` takes the tablet and writes ``strokes`` (each a list of points, as
    fractions of the page) with a finger, then taps "Done"."""
    tap([b for b in find(deal, "names").buttons() if b.seat == seat][0])
    assert deal.stage == "write"
    page = find(deal, "page")
    px, py, pw, ph = page_box(*page.to_window(*page.pos), *page.size)
    for stroke in strokes:
        t = UnitTestTouch(px + stroke[0][0] * pw, py + stroke[0][1] * ph)
        t.touch_down()
        for fx, fy in stroke[1:]:
            t.touch_move(px + fx * pw, py + fy * ph)
        t.touch_up()
    settle()
    tap(find(deal, "done"))


def _to_the_notes_round(app):
    ctl = app.classic
    app.go("home")
    settle()
    if ctl.phase != "setup":
        app.send({"type": "abandon"}, ctl)
    for event in [{"type": "players", "names": TEN[:len(TABLE)]},
                  {"type": "custom", "cards": list(TABLE)},
                  {"type": "deal", "mode": "cards"},
                  *({"type": "card", "seat": s, "card": c} for s, c in enumerate(TABLE)),
                  {"type": "deal_done"}]:
        assert app.send(event, ctl), (event, app.message)
    app.go("classic_deal")
    settle()
    assert ctl.phase == "notes" and ctl.game is None


def test_every_player_writes_his_characters_name_by_hand_before_the_first_night(app):
    """French, 1280x800: the tablet goes round; an empty page is refused with its reason;
    until everyone has written, the night cannot fall; each note keeps the strokes written;
    the page is blank for the next player."""
    _to_the_notes_round(app)
    s = screen(app)
    deal = find(s, "deal")
    assert app.tr("classic.notes.title") in texts(s)
    tap([b for b in find(deal, "names").buttons() if b.seat == 0][0])
    tap(find(deal, "done"))  # nothing written
    assert deal.stage == "write" and app.tr("pad.empty") in texts(deal)
    tap(find(deal, "not_me"))
    tap([b for b in find(deal, "names").buttons() if b.seat == 0][0])
    assert not find(deal, "pad").refused  # the next writer sees no refusal left over
    tap(find(deal, "not_me"))
    for seat in range(len(TABLE)):
        assert find(deal, "page").note == ()  # nothing left from the one before
        _write(deal, seat, [[(0.1, 0.5), (0.2 + seat / 20, 0.8), (0.3, 0.2)], [(0.6, 0.5)]])
        if seat < len(TABLE) - 1:
            assert find(s, "night").disabled  # not everyone has written
    assert not untranslated(app), untranslated(app)
    tap(find(s, "night"))
    assert app.classic.phase == "night"
    kept = notes(app.classic.game)
    assert len(kept) == len(TABLE) and all(len(n) == 2 and len(n[0]) == 6 for n in kept)
    assert len({n[0][2] for n in kept}) == len(TABLE)  # each as its player wrote it


def test_the_pad_fits_the_small_screen_in_english(app):
    """English, 800x480: the page, "Erase" and "Done" are in sight, the page large enough for
    a finger to write a name, and the prompt reads whole."""
    from kivy.core.window import Window

    app.set_language("en")
    Window.size = (800, 480)
    _to_the_notes_round(app)
    deal = find(screen(app), "deal")
    tap([b for b in find(deal, "names").buttons() if b.seat == 0][0])
    settle()
    page = find(deal, "page")
    _, _, pw, ph = page_box(*page.pos, *page.size)
    assert ph >= 120 and pw >= 240
    for wid in ("erase", "done", "not_me"):
        b = find(deal, wid)
        x, y = b.to_window(*b.pos)
        assert 0 <= x and x + b.width <= 800 and 0 <= y and y + b.height <= 480, wid
    assert app.tr("pad.prompt") in texts(deal)
    assert not untranslated(app), untranslated(app)


def test_the_graphologist_is_shown_one_note_at_his_call_strokes_only(app):
    _to_the_notes_round(app)
    deal = find(screen(app), "deal")
    for seat in range(len(TABLE)):
        _write(deal, seat, [[(0.1, 0.1 + seat / 10), (0.9, 0.5)]])
    tap(find(screen(app), "night"))
    app.go("classic_night")
    settle()
    at_his_call = {}

    def first_night(app, w):
        if w.step == "graphologist":
            panel = find(screen(app), "secrets")
            at_his_call["sheets"] = [x for x in panel.walk() if isinstance(x, NoteSheet)]
            at_his_call["texts"] = texts(panel)
            at_his_call["untranslated"] = untranslated(app)
        if w.step == "werewolves":
            return ("seat", 2)
        return ("nothing",) if not w.stop.required else None

    seen = night_through(app, first_night)
    (drawn,) = app.classic.game.memo.get(SHOWN)
    (sheet,) = at_his_call["sheets"]
    assert sheet.note == notes(app.classic.game)[drawn] and sheet.width > 100
    assert seen["graphologist"] == app.tr("classic.learn.note")
    assert set(at_his_call["texts"]) == {app.tr("classic.learn.note")}  # no name, no seat
    assert not at_his_call["untranslated"], at_his_call["untranslated"]
