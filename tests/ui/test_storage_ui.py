"""What the host sees when the storage fails or a file is bad, in the real window: messages
that stay until read, in the host's language, never cut; a game no longer saved, then saved
again; a verdict waiting for space; bad history records; games set aside, offered back; the
reveal that comes back where it was and asks before replacing a card."""

from __future__ import annotations

import errno
import json
import os
import random
import shutil
import sqlite3

import pytest

from onenight.game.clock import FakeClock
from onenight.game.history import History
from onenight.game.journal import CLASSIC_FILENAME, FILENAME, open_game, read_on_disk
from onenight.ui.app import RETRY
from onenight.ui.driving import find, pump, settle, tap, tap_text, texts
from onenight.ui.screens.history import local_when
from onenight.ui.widgets.common import MessageBar
from tests.game.test_history import BAD, record, write_bad

NAMES = ["Ana", "Ben", "Cyd", "Dee", "Eve"]


@pytest.fixture(autouse=True)
def own_history(app):
    """The games these tests finish leave the history as they found it: the window is
    shared with other tests, which count the games they played."""
    folder = app.data_dir / "history"
    before = set(folder.iterdir()) if folder.is_dir() else set()
    yield
    if folder.is_dir():
        for p in set(folder.iterdir()) - before:
            p.unlink()


def screen(app):
    return app.sm.current_screen


def bar(app) -> MessageBar:
    return next(w for w in app.root.walk() if isinstance(w, MessageBar))


def fresh(app):
    """Home, no game under way, no message."""
    if app.ctl.phase != "setup":
        app.ctl.apply({"type": "abandon"})
    while app.message_sticky:
        app.dismiss_message()
    app.dismiss_message()
    app.go("home")
    pump(1)


def to_reveal(app, cards=()):
    fresh(app)
    c = app.ctl
    for e in ({"type": "players", "names": NAMES}, {"type": "scenario", "id": "sombre-reveil"},
              {"type": "start_night"}, {"type": "night_done"},
              {"type": "start_vote", "mode": "fingers"}):
        c.apply(e)
    for seat, target in enumerate([1, 0, 1, 0, 1]):
        c.apply({"type": "vote", "seat": seat, "target": target})
    c.apply({"type": "to_reveal"})
    for seat, card in enumerate(cards):
        c.apply({"type": "final_card", "seat": seat, "card": card})


def test_the_reveal_comes_back_at_the_next_seat_and_asks_before_replacing_a_card(app):
    to_reveal(app, ["witch", "werewolf"])
    app.go("reveal")
    reveal = screen(app)
    assert reveal.seat == 2  # the next seat to enter, not the first player

    def row(seat):
        return list(reversed(find(reveal, "seats").children))[seat]

    tap(row(0))
    tap_text(find(reveal, "cards"), "Loup-Garou")  # Ana has the Witch already
    ask = reveal.asking
    assert "Ana a déjà la carte Sorcière. La remplacer par Loup-Garou ?" == ask.text
    assert app.ctl.reveal_view().final[0] == "witch"
    assert find(ask, "cancel").text == "Garder"
    tap(find(ask, "cancel"))
    assert app.ctl.reveal_view().final[0] == "witch" and reveal.seat == 0
    tap_text(find(reveal, "cards"), "Loup-Garou")
    tap(find(reveal.asking, "yes"))
    assert app.ctl.reveal_view().final[0] == "werewolf"
    assert reveal.seat == 2  # on to the next seat still to enter
    asked = reveal.asking
    tap_text(find(reveal, "cards"), "Villageois")  # an empty seat: no question
    assert reveal.asking is asked and app.ctl.reveal_view().final[2] == "villager"
    fresh(app)


def test_a_message_that_matters_stays_until_tapped_in_the_hosts_language(app):
    fresh(app)
    app.notify("journal.not_written", kind="error", sticky=True, reason="full")
    text = app.message
    assert text.startswith("La partie n'est plus sauvegardée au fil du jeu. Le stockage de la "
                           "tablette est plein : libérez de la place")
    assert "disk" not in text and "SQLite" not in text
    app._clear_message()  # what the timer of a passing message would do: nothing
    app.go("history")
    pump(2)
    assert app.message == text  # still there on another screen
    b = bar(app)
    settle()
    assert b.height >= b.texture_size[1] > 0 and 0 <= b.y and b.top <= app.root.top  # never cut
    app.notify("history.choose_first", kind="error")  # a passing message meanwhile...
    assert app.message.startswith("Touchez d'abord")
    app._clear_message()
    assert app.message == text  # ...and the one that matters is back
    app.go("home")
    pump(1)
    tap(find(screen(app), "lang"))  # tapped beside the message: it is in English now
    assert app.message.startswith("The game is no longer saved as it goes. The tablet's "
                                  "storage is full")
    tap(find(screen(app), "lang"))
    tap(bar(app))
    assert app.message == "" and not app.message_sticky


class FullDisk:
    """A journal connection on a storage that has no space left (SQLite's own error)."""

    def execute(self, *_a):
        e = sqlite3.OperationalError("database or disk is full")
        e.sqlite_errorname = "SQLITE_FULL"
        raise e

    executemany = execute


def test_a_game_no_longer_saved_is_said_once_and_saved_whole_when_space_comes_back(app):
    to_reveal(app)
    c = app.ctl
    real, c.journal._db = c.journal._db, FullDisk()
    try:
        app.go("reveal")
        reveal = screen(app)
        tap_text(find(reveal, "cards"), "Sorcière")
        assert app.message_sticky and "plus sauvegardée" in app.message
        assert "plein" in app.message and c.pending()
        app.dismiss_message()
        tap_text(find(reveal, "cards"), "Loup-Garou")
        assert app.message == ""  # said once, not at every tap
        app.test_clock.advance(RETRY)
        app.tick()  # tried again: still full
        assert c.pending() and app.message == ""
    finally:
        c.journal._db = real
    app.test_clock.advance(RETRY)
    app.tick()
    assert not c.pending() and app.message == "La partie est de nouveau sauvegardée."
    on_disk = [e.body for e in read_on_disk(app.data_dir / FILENAME) if e.kind == "event"]
    assert on_disk[-2:] == c.log[-2:] and len(on_disk) >= 2  # whole: no hole
    fresh(app)


def test_a_verdict_the_history_refuses_waits_on_screen_and_is_saved_later(app, monkeypatch):
    to_reveal(app, ["witch", "werewolf", "villager", "sentinel", "revealer"])
    real = History.save

    def full(self, record, stem):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(History, "save", full)
    app.go("reveal")
    tap(find(screen(app), "confirm"))
    result = screen(app)
    assert result.name == "result" and app.message_sticky
    assert app.message.startswith("La partie n'est pas encore enregistrée dans l'historique. "
                                  "Le stockage de la tablette est plein")
    saved = find(result, "saved")
    settle()
    assert "pas encore enregistrée" in saved.text  # in sight, whole
    assert saved.height >= saved.texture_size[1] > 0
    assert 0 <= saved.y and saved.top <= app.root.top
    monkeypatch.setattr(History, "save", real)
    app.dismiss_message()
    app.test_clock.advance(RETRY)
    app.tick()
    assert app.ctl.state.record_path is not None and not app.ctl.pending()
    assert result.saved_text == "Partie enregistrée dans l'historique."
    fresh(app)


def test_bad_history_records_are_listed_unreadable_even_mid_game_and_a_verdict_reopens(app):
    to_reveal(app)
    folder = app.data_dir / "history"
    folder.mkdir(exist_ok=True)
    before = set(folder.iterdir())
    write_bad(folder)
    History(folder).save(record(), "20260102-203000-sombre-reveil")  # a good one at least
    try:
        app.go("history")  # mid-game, from the reveal's way home
        h = screen(app)
        assert f"({len(BAD)} fichiers illisibles ignorés)" in find(h, "summary").text
        entries, _ = app.ctl.history.entries()
        assert entries  # the good ones are listed
        tap(find(h, "open_verdict"))
        result = screen(app)
        e = entries[0]
        assert result.name == "result" and result.review and result._path == e.path
        assert result.saved_text == "Partie du " + local_when(e.finished, app.tr) + "."
        assert find(result, "again").disabled and find(result, "home").text == "Retour"
        tap(find(result, "home"))
        assert screen(app).name == "history" and not result.review
        # a classic game is listed too: unfinished, it has no end to open; finished, it
        # opens to its end and its story
        from tests.reliability.test_fuzz import classic_history_record

        def a_game(over: bool) -> dict:  # the first random record that ends, or does not
            return next(r for r in map(classic_history_record, range(1, 200))
                        if (r["outcome"]["winning_side"] is not None) == over)

        going = a_game(over=False) | {"started": "2099-01-01T20:00:00+00:00"}
        (folder / "classic.json").write_text(json.dumps(going))
        h.refresh()
        h.select(0)
        assert h.entries[0].game == "thiercelieux" and not h.entries[0].over
        assert find(h, "open_verdict").disabled
        h.open_verdict()
        assert screen(app).name == "history"
        over = a_game(over=True) | {"started": "2099-01-02T20:00:00+00:00"}
        (folder / "classic-over.json").write_text(json.dumps(over))
        h.refresh()
        h.select(0)
        assert h.entries[0].over and not find(h, "open_verdict").disabled
        tap(find(h, "open_verdict"))
        assert screen(app).name == "classic_end"
        shown = " ".join(texts(screen(app)))
        assert all(name in shown for name in over["players"])  # every player of that game
        app.go("history")
        settle()  # the screen left on the next frame, as at the table
        # left, the end screen forgets the past game: the next game's end is its own
        assert not app.sm.get_screen("classic_end").from_history
    finally:
        for p in set(folder.iterdir()) - before:
            p.unlink()
    fresh(app)


def test_the_verdict_can_be_shown_again_from_home(app):
    to_reveal(app, ["witch", "werewolf", "villager", "sentinel", "revealer"])
    app.ctl.apply({"type": "confirm"})
    app.go("reveal")  # the verdict was left for home: a kill, or the home button
    app.go("home")
    home = screen(app)
    assert home.can_resume and find(home, "resume").text == "Revoir le verdict"
    tap(find(home, "resume"))
    assert screen(app).name == "result" and "Ben meurt avec 3 voix." in texts(screen(app))
    fresh(app)


def test_a_set_aside_game_is_offered_back_tried_again_exported_or_deleted(app, tmp_path,
                                                                          monkeypatch):
    other = tmp_path / "other"
    c, _ = open_game(other, clock=FakeClock(), rng=random.Random(2))
    for e in ({"type": "players", "names": NAMES}, {"type": "scenario", "id": "sombre-reveil"},
              {"type": "start_night"}, {"type": "night_done"},
              {"type": "start_vote", "mode": "fingers"}, {"type": "vote", "seat": 0, "target": 1}):
        c.apply(e)
    c.journal.close()
    aside = app.data_dir / "journal-unreadable-20260102-203000.db"
    shutil.copyfile(other / FILENAME, aside)
    monkeypatch.setattr(type(app), "export_folder", staticmethod(lambda: tmp_path / "usb"))
    fresh(app)
    home = screen(app)
    home.refresh()
    assert home.notice.startswith("Une partie d'Une Nuit du ") and \
        "n'a pas pu être relue" in home.notice
    settle()
    row, text = find(home, "notice"), find(home, "notice_text")
    assert 0 < text.texture_size[1] <= row.height  # the whole sentence, never cut
    tap(find(home, "export_aside"))
    assert (tmp_path / "usb" / aside.name).read_bytes() == aside.read_bytes()
    assert app.message == f"Journal de la partie copié dans {tmp_path / 'usb'}."

    tap(find(home, "try_again"))
    assert app.ctl.phase == "vote" and app.ctl.vote_view().is_in[0]
    assert app.message == "La partie a été relue : reprenez-la depuis l'accueil."
    assert home.notice == "" and not aside.exists()
    assert find(home, "resume").text == "Reprendre le vote"

    junk = app.data_dir / "journal-unreadable-20260101-000000.db"
    junk.write_bytes(b"garbage")
    fresh(app)
    home.refresh()
    tap(find(home, "delete_aside"))
    assert "Supprimer pour de bon" in home.asking.text and junk.exists()
    tap(find(home.asking, "yes"))
    assert not junk.exists() and home.notice == ""
    fresh(app)


def test_the_history_cap_is_the_hosts_choice(app):
    fresh(app)
    tap(find(screen(app), "settings"))
    st = screen(app)
    rows = {r.key: r for r in find(st, "sliders").children}
    keep = rows["history_keep"]
    assert keep.value_text == "toutes" and app.settings.history_keep == 0  # by default: all
    keep.ids.slider.value = 50
    assert keep.value_text == "les 50 dernières" and app.ctl.records.keep == 50
    assert json.loads((app.data_dir / "settings.json").read_text())["history_keep"] == 50
    keep.ids.slider.value = 0
    assert app.ctl.records.keep == 0
    fresh(app)


HELD = {"onenight": ("ctl", FILENAME, NAMES, "d'Une Nuit"),
        "thiercelieux": ("classic", CLASSIC_FILENAME, NAMES + ["Fay", "Gus", "Hal"],
                         "de Thiercelieux")}


@pytest.mark.parametrize("game", ["onenight", "thiercelieux"])
def test_a_journal_that_cannot_be_read_is_held_and_tried_again_from_home(app, game):
    """Either game's: Home says which game's journal is held, and reads it again."""
    attr, filename, names, whose = HELD[game]
    other = "classic" if attr == "ctl" else "ctl"
    fresh_classic(app)
    getattr(app, attr).apply({"type": "players", "names": names})
    getattr(app, attr).journal.close()
    path = app.data_dir / filename
    kept = app.data_dir / "kept-journal"
    path.rename(kept)
    path.mkdir()  # the storage will not let it be read as a file
    try:
        assert app.reopen_game(game=game) is False and getattr(app, attr).writer.held
        assert not getattr(app, other).writer.held
        assert app.message_sticky and app.message.startswith(
            f"La partie {whose} en cours n'a pas pu être relue. Le dossier de données")
        app.dismiss_message()
        home = screen(app)
        home.refresh()
        assert home.notice == (f"La partie {whose} en cours n'a pas pu être relue : son "
                               "journal est gardé tel quel.")
        assert find(home, "export_aside").disabled and find(home, "delete_aside").disabled
    finally:
        path.rmdir()
        kept.rename(path)
    untouched = getattr(app, other)
    tap(find(home, "try_again"))
    assert not getattr(app, attr).writer.held and getattr(app, other) is untouched
    assert getattr(app, attr).setup_view().players == tuple(names)
    assert home.notice == "" and app.message.startswith("Le journal a été relu")
    fresh_classic(app)


# ---- the classic game's journal: the same offers, saying which game -------------------------

def classic_at_the_first_night(folder):
    """A classic game of eight, dealt, in its journal in ``folder`` (closed): its log."""
    from tests.game.classic_helpers import deal, set_up

    c, _ = open_game(folder, game="thiercelieux", clock=FakeClock(), rng=random.Random(2))
    set_up(c, 8, preset="first_game")
    deal(c)
    log = list(c.log)
    c.journal.close()
    return log


def fresh_classic(app):
    fresh(app)
    if app.classic.phase != "setup":
        app.classic.apply({"type": "abandon"})


def test_a_set_aside_classic_game_is_offered_back_saying_which_game(app, tmp_path,
                                                                   monkeypatch):
    log = classic_at_the_first_night(tmp_path / "other")
    aside = app.data_dir / "classic-journal-unreadable-20260102-203000.db"
    shutil.copyfile(tmp_path / "other" / CLASSIC_FILENAME, aside)
    older = app.data_dir / "journal-unreadable-20260101-000000.db"  # a one-night game's
    older.write_bytes(b"garbage")
    os.utime(older, (1, 1))
    monkeypatch.setattr(type(app), "export_folder", staticmethod(lambda: tmp_path / "usb"))
    fresh_classic(app)
    try:
        home = screen(app)
        home.refresh()
        assert home.notice.startswith("Une partie de Thiercelieux du ") and \
            home.notice.endswith("n'a pas pu être relue (autres parties dans ce cas : 1).")
        app.set_language("en")
        assert home.notice.startswith("A Thiercelieux game from ")
        app.set_language("fr")
        settle()
        row, text = find(home, "notice"), find(home, "notice_text")
        assert 0 < text.texture_size[1] <= row.height  # the whole sentence, never cut
        tap(find(home, "export_aside"))
        assert (tmp_path / "usb" / aside.name).read_bytes() == aside.read_bytes()

        app.classic.apply({"type": "players", "names": NAMES + ["Fay", "Gus", "Hal"]})
        app.classic.apply({"type": "preset", "id": "first_game"})
        app.classic.apply({"type": "deal", "mode": "tablet"})  # a game under way: kept
        tap(find(home, "try_again"))
        assert app.message.startswith("Une partie de Thiercelieux est en cours")
        assert aside.exists() and app.classic.phase != "setup"
        app.classic.apply({"type": "abandon"})

        one_night = app.ctl
        tap(find(home, "try_again"))
        assert app.classic.log == log and app.classic.phase == "night"  # its game, whole
        assert app.ctl is one_night and app.ctl.phase == "setup"  # the other game untouched
        assert app.message == "La partie a été relue : reprenez-la depuis l'accueil."
        assert not aside.exists() and (app.data_dir / CLASSIC_FILENAME).exists()
        assert find(home, "resume").text == "Reprendre la partie de Thiercelieux"
        # the one-night game's set-aside journal is offered next, as the one-night game's
        assert home.notice.startswith("Une partie d'Une Nuit du ")
        tap(find(home, "delete_aside"))
        tap(find(home.asking, "yes"))
        assert not older.exists() and home.notice == ""
    finally:
        older.unlink(missing_ok=True)
        fresh_classic(app)

