"""The journal against damage and a second app: what SQLite would drop silently is told and
copied aside first; the journal is locked itself; set-aside journals are offered back.

(Full and read-only storage are made real in tests/reliability/test_storage.py.)"""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from onenight.game.journal import (FILENAME, JournalInUse, delete_set_aside, export_set_aside,
                                   open_game, restore_set_aside, set_aside_journals)
from tests.game.test_journal import NAMES, killed_copy, rows, start, stop, to_reveal, to_vote


def play_to_vote(folder: Path, votes: int = 2):
    c, _ = start(folder)
    to_vote(c)
    for seat in range(votes):
        c.apply({"type": "vote", "seat": seat, "target": (seat + 1) % 5})
    return c


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_a_damaged_log_is_told_and_copied_aside_before_anything_is_overwritten(tmp_path):
    c = play_to_vote(tmp_path)
    data = killed_copy(tmp_path, tmp_path / "killed")
    stop(tmp_path)
    wal = data / (FILENAME + "-wal")
    damaged = bytearray(wal.read_bytes())
    page = struct.unpack(">I", damaged[8:12])[0]
    damaged[32 + 2 * (24 + page) + 24 + 50] ^= 0xFF  # a byte of the third frame's page
    wal.write_bytes(bytes(damaged))
    before = files(data)

    c2, problem = start(data)
    assert problem["code"] == "damaged" and problem["reason"] == "log_damaged"
    copy = data / problem["name"]
    assert copy.name.startswith("journal-unreadable-")
    # the copy is what was there, byte for byte, taken before SQLite touched it
    assert copy.read_bytes() == before[FILENAME]
    assert Path(str(copy) + "-wal").read_bytes() == before[FILENAME + "-wal"]
    # the game resumes from what could be read: an earlier point of the same game
    assert len(c2.log) < len(c.log) and c2.log == c.log[:len(c2.log)]
    assert [a.path for a in set_aside_journals(data / FILENAME)] == [copy]
    c2.apply({"type": "players", "names": NAMES} if c2.phase == "setup" else {"type": "ready",
                                                                             "count": 0})
    c3, problem = start(data)  # the journal was written again whole: no damage now
    assert problem is None and c3.log == c2.log


def test_an_emptied_journal_with_its_log_is_told_and_its_log_kept(tmp_path):
    """SQLite would delete the log of an emptied file and start afresh. The log alone is not
    a whole journal (the file's first page is not in it): it is kept aside, and the host told.
    (When the log does hold every page, the game is read from it: test_snapshot.py.)"""
    play_to_vote(tmp_path)
    data = killed_copy(tmp_path, tmp_path / "killed")
    stop(tmp_path)
    log_before = (data / (FILENAME + "-wal")).read_bytes()
    (data / FILENAME).write_bytes(b"")
    c2, problem = start(data)
    assert problem["code"] == "set_aside" and problem["reason"] == "emptied"
    assert Path(str(data / problem["name"]) + "-wal").read_bytes() == log_before
    assert c2.phase == "setup" and c2.journal.is_open


def test_an_emptied_journal_without_a_log_is_told(tmp_path):
    play_to_vote(tmp_path)
    stop(tmp_path)  # a clean stop: everything in the file, no log
    (tmp_path / FILENAME).write_bytes(b"")
    c2, problem = start(tmp_path)
    assert problem["code"] == "damaged" and problem["reason"] == "emptied"
    assert (tmp_path / problem["name"]).exists() and c2.phase == "setup"
    c2.apply({"type": "players", "names": NAMES})
    c3, problem = start(tmp_path)
    assert problem is None and c3.setup_view().players == tuple(NAMES)


def test_a_second_app_cannot_open_the_journal_in_use(tmp_path):
    """The journal is locked itself (not only the data folder's lock file, which can be
    deleted): a second opening is refused and changes nothing."""
    c = play_to_vote(tmp_path)
    before = rows(tmp_path)
    with pytest.raises(JournalInUse):
        open_game(tmp_path)
    assert rows(tmp_path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILENAME, FILENAME + "-wal"]
    c.apply({"type": "vote", "seat": 2, "target": 0})  # the first app goes on
    assert len(rows(tmp_path)) == len(before) + 1


def test_a_set_aside_journal_is_offered_back_tried_again_exported_deleted(tmp_path):
    c = play_to_vote(tmp_path)
    stop(tmp_path)
    # as an older app did on a full disk: a healthy journal renamed aside
    aside = tmp_path / "journal-unreadable-20260102-203000.db"
    (tmp_path / FILENAME).rename(aside)
    c2, problem = start(tmp_path)
    assert problem is None and c2.phase == "setup"
    offered = set_aside_journals(tmp_path / FILENAME)
    assert [a.path for a in offered] == [aside] and offered[0].when > 0

    exported = export_set_aside(aside, tmp_path / "usb")
    assert [p.name for p in exported] == [aside.name]
    assert exported[0].read_bytes() == aside.read_bytes()

    stop(tmp_path)
    restore_set_aside(aside, tmp_path / FILENAME)  # "try again"
    c3, problem = start(tmp_path)
    assert problem is None and c3.phase == "vote" and c3.log == c.log
    assert set_aside_journals(tmp_path / FILENAME) == []

    junk = tmp_path / "journal-unreadable-20260101-000000.db"
    junk.write_bytes(b"garbage")
    delete_set_aside(junk)
    assert not junk.exists()


def test_a_journal_that_does_not_replay_is_set_aside_whole(tmp_path):
    c, _ = start(tmp_path)
    to_reveal(c)
    c.writer.write([("event", {"type": "vote", "seat": 9, "target": 0}, 0.0, 0.0)])
    data = killed_copy(tmp_path, tmp_path / "killed")
    stop(tmp_path)
    c2, problem = start(data)
    assert problem["code"] == "set_aside" and problem["reason"] == "does_not_replay"
    aside = data / problem["name"]
    assert [a.path for a in set_aside_journals(data / FILENAME)] == [aside]
    assert c2.phase == "setup" and c2.journal.is_open


def test_a_journal_the_storage_will_not_let_be_read_is_held_until_fixed(tmp_path):
    """Nothing is set aside, nothing written: once the storage lets it be read, the game is
    back whole."""
    c = play_to_vote(tmp_path)
    stop(tmp_path)
    kept = tmp_path / "kept.db"
    (tmp_path / FILENAME).rename(kept)
    (tmp_path / FILENAME).mkdir()  # in the journal's place, something that cannot be read
    c2, problem = start(tmp_path)
    assert problem == {"code": "held", "reason": "cannot_open", "name": ""}
    assert c2.phase == "setup" and c2.writer.held and not c2.pending()
    c2.apply({"type": "players", "names": NAMES})  # a game may be played, never written
    assert (tmp_path / FILENAME).is_dir() and not list((tmp_path / FILENAME).iterdir())
    assert set_aside_journals(tmp_path / FILENAME) == [] and c2.retry() is False  # not written
    stop(tmp_path)
    (tmp_path / FILENAME).rmdir()
    kept.rename(tmp_path / FILENAME)  # the storage is fixed
    c3, problem = start(tmp_path)
    assert problem is None and c3.phase == "vote" and c3.log == c.log
