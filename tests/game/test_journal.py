"""The journal: every accepted event on disk before apply returns; a game rebuilt from it;
the debate's deadline in wall-clock time; a damaged journal set aside, never a crash."""

import datetime as dt
import json
import random
import sqlite3
from pathlib import Path

import pytest

from onenight.game import snapshot
from onenight.game.journal import FILENAME, Journal, JournaledController, baseline, open_game
from onenight.game.clock import FakeClock

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve"]
WHEN = dt.datetime(2026, 1, 2, 20, 30, tzinfo=dt.timezone.utc)


class Wall:
    def __init__(self, t=1_800_000_000.0):
        self.t = t

    def __call__(self):
        return self.t


_running = {}  # the controller each test folder's "app" runs, by folder


def stop(folder):
    """The app on ``folder`` stops (a kill lets go of the journal the same way)."""
    c = _running.pop(str(folder), None)
    if c is not None and c.journal is not None:
        c.journal.close()


def start(tmp_path, wall=None, clock=None, wallclock=None):
    """The app starts on ``tmp_path`` (the one running there before is stopped first: two
    apps never hold one journal)."""
    stop(tmp_path)
    c, problem = open_game(tmp_path, clock=clock or FakeClock(), rng=random.Random(4),
                           wallclock=wallclock or (lambda: WHEN), wall=wall or Wall())
    _running[str(tmp_path)] = c
    return c, problem


def restarted(folder, game="onenight", wall=None, **kw):
    """The game an app started on ``folder`` after a kill would rebuild, while the app that
    runs there goes on: its journal read as it is on disk (that app holds it: no second app
    may open it), replayed into a fresh controller that writes no journal, its records found
    in the history (or saved there, as a start does)."""
    from onenight.game.journal import GAMES, JournalWriter, read_on_disk

    kind, filename = GAMES[game]
    c = kind(Path(folder) / "history", writer=JournalWriter(None), wall=wall or Wall(), **kw)
    entries = read_on_disk(Path(folder) / filename)
    if entries:
        c.replay(entries)
    c.find_records()
    c.save_records()
    return c


def rows(tmp_path):
    """The entries on disk, read as they are (the app holds the journal: no second
    connection may open it)."""
    db = snapshot.connect(snapshot.read(tmp_path / FILENAME))
    try:
        return db.execute("SELECT kind, body FROM entries ORDER BY seq").fetchall()
    finally:
        db.close()


def killed_copy(folder, to):
    """The journal's files in ``to`` as a kill leaves them: every committed entry is on disk
    (each commit is synced), in the file and its log; nothing is checkpointed or removed."""
    import shutil

    to.mkdir()
    for p in folder.glob(FILENAME + "*"):
        shutil.copyfile(p, to / p.name)
    return to


def to_vote(c):
    c.apply({"type": "players", "names": NAMES})
    c.apply({"type": "scenario", "id": "sombre-reveil"})
    c.apply({"type": "start_night"})
    c.apply({"type": "night_done"})
    c.apply({"type": "start_vote", "mode": "fingers"})


def test_each_accepted_event_is_on_disk_when_apply_returns(tmp_path):
    c, problem = start(tmp_path)
    assert problem is None
    c.apply({"type": "players", "names": NAMES})
    assert [k for k, _ in rows(tmp_path)] == ["event"]
    with pytest.raises(Exception):
        c.apply({"type": "start_night"})  # refused: no deck yet, nothing written
    assert len(rows(tmp_path)) == 1
    done = c.apply({"type": "scenario", "id": "anarchie"})
    assert '"cards"' in rows(tmp_path)[-1][1]  # the draw is written as drawn
    assert done["cards"]


def test_a_game_is_rebuilt_from_its_journal(tmp_path):
    c, _ = start(tmp_path)
    to_vote(c)
    c.apply({"type": "vote", "seat": 0, "target": 1})
    c.apply({"type": "vote", "seat": 1, "target": 0})
    c2, problem = start(tmp_path)
    assert problem is None and c2.phase == "vote"
    assert c2.vote_view() == c.vote_view() and c2.vote_view().is_in[:2] == (True, True)
    for seat, target in ((2, 1), (3, 1), (4, 0)):
        c2.apply({"type": "vote", "seat": seat, "target": target})
    c2.apply({"type": "to_reveal"})
    c2.apply({"type": "final_card", "seat": 0, "card": "witch"})
    c3, _ = start(tmp_path)
    assert c3.phase == "reveal" and c3.reveal_view() == c2.reveal_view()
    assert c3.reveal_view().final[0] == "witch"


def test_the_debate_counts_the_time_the_app_was_down(tmp_path):
    wall, clock = Wall(), FakeClock(50.0)
    c, _ = start(tmp_path, wall, clock)
    c.apply({"type": "players", "names": NAMES})
    c.apply({"type": "scenario", "id": "sombre-reveil"})
    c.apply({"type": "start_night"})
    c.apply({"type": "night_done", "minutes": 5})
    clock.advance(30)
    wall.t += 30
    c.apply({"type": "day_add", "seconds": 60})  # 330 s left, deadline in wall time
    wall.t += 100  # the tablet is off for 100 s; a new process, a new monotonic clock
    c2, _ = start(tmp_path, wall, FakeClock(7.0))
    assert c2.phase == "day" and c2.day_view().seconds_left == pytest.approx(230)
    assert c2.day_view().running and c2.resumed.debate_left == pytest.approx(230)
    c2.apply({"type": "day_pause"})
    wall.t += 1000  # paused: time off does not count
    c3, _ = start(tmp_path, wall, FakeClock(0.0))
    assert c3.day_view().seconds_left == pytest.approx(230) and not c3.day_view().running
    wall.t += 10_000
    c3.apply({"type": "day_resume"})
    wall.t += 400  # the debate ended while the app was down
    c4, _ = start(tmp_path, wall, FakeClock(0.0))
    assert c4.day_view().seconds_left == 0 and c4.day_view().ended
    assert c4.day_alerts() == ["end"]  # the end sounds once, the minute was already said
    c5, _ = start(tmp_path, wall, FakeClock(0.0))
    assert c5.day_alerts() == []  # ...and not again after another restart


def test_night_progress_is_kept_and_starts_over_with_a_new_night(tmp_path):
    c, _ = start(tmp_path)
    c.apply({"type": "players", "names": NAMES})
    c.apply({"type": "scenario", "id": "sombre-reveil"})
    c.apply({"type": "start_night"})
    c.night_progress(0, False)
    c.night_progress(0, False)  # unchanged: not written again
    c.night_progress(5, True)
    assert [k for k, _ in rows(tmp_path)].count("night") == 2
    c2, _ = start(tmp_path)
    assert c2.phase == "night" and (c2.resumed.night_cue, c2.resumed.night_paused) == (5, True)
    c2.night_progress(None, False)  # the host left the night: it starts over
    c3, _ = start(tmp_path)
    assert c3.resumed.night_cue is None


def test_new_game_keeps_only_the_setup(tmp_path):
    c, _ = start(tmp_path)
    c.apply({"type": "players", "names": NAMES + ["Fay"]})
    c.apply({"type": "scenario", "id": "nuit-du-loup-garou"})
    c.apply({"type": "alpha_center", "card": "werewolf"})
    c.apply({"type": "start_night"})
    c.apply({"type": "abandon"})
    assert [k for k, _ in rows(tmp_path)] == ["event"]  # the players
    c.apply({"type": "scenario", "id": "nuit-du-loup-garou"})
    setup = c.setup_view()
    c2, _ = start(tmp_path)
    assert c2.phase == "setup" and c2.setup_view() == setup
    assert baseline(c2) == baseline(c)


class Killed(BaseException):
    """The process dies here: nothing after this point happens."""


def to_reveal(c):
    to_vote(c)
    for seat, target in enumerate([1, 0, 1, 0, 1]):
        c.apply({"type": "vote", "seat": seat, "target": target})
    c.apply({"type": "to_reveal"})
    for seat, card in enumerate(["witch", "werewolf", "villager", "sentinel", "revealer"]):
        c.apply({"type": "final_card", "seat": seat, "card": card})


def test_a_finished_game_is_rebuilt_without_saving_it_twice(tmp_path):
    c, _ = start(tmp_path)
    to_reveal(c)
    c.apply({"type": "confirm"})
    c2, _ = start(tmp_path)
    assert c2.phase == "end" and c2.outcome == c.outcome
    assert c2.state.record_path == c.state.record_path
    assert len(list((tmp_path / "history").glob("*.json"))) == 1
    c2.apply({"type": "new_game"})
    c3, _ = start(tmp_path)
    assert c3.phase == "setup" and c3.setup_view() == c2.setup_view()


def test_the_verdict_is_journaled_before_the_record_is_saved(tmp_path):
    """Killed while the confirmation is being journaled: nothing reached the history either,
    and the reveal comes back; confirming it again saves the game once."""
    c, _ = start(tmp_path)
    to_reveal(c)
    game = c.state.game
    assert game and [json.loads(b).get("game") for k, b in rows(tmp_path)
                     if '"start_night"' in b] == [game]  # the identity is journaled

    def killed(items):
        raise Killed()

    c.journal.append_all = killed
    with pytest.raises(Killed):
        c.apply({"type": "confirm"})
    history = tmp_path / "history"
    assert not list(history.glob("*.json"))  # the record waits for the journal
    assert '"confirm"' not in str(rows(tmp_path))

    later = WHEN + dt.timedelta(minutes=7)
    c2, problem = start(tmp_path, wallclock=lambda: later)
    assert problem is None and c2.phase == "reveal" and c2.state.game == game
    c2.apply({"type": "confirm"})  # the host confirms again
    saved = list(history.glob("*.json"))
    assert len(saved) == 1 and c2.state.record_path == saved[0]
    record = json.loads(saved[0].read_text())
    assert record["game"] == game and record["finished"] == later.isoformat()


def test_killed_between_the_journal_and_the_history_the_record_is_saved_at_the_next_start(
        tmp_path):
    """The confirmation is journaled (the verdict with it), then the record is saved: killed
    in between, the next start is at the verdict, and saves the record, once."""
    c, _ = start(tmp_path)
    to_reveal(c)
    game = c.state.game

    def killed(record, stem):
        raise Killed()

    c.history.save = killed
    with pytest.raises(Killed):
        c.apply({"type": "confirm"})
    history = tmp_path / "history"
    assert '"confirm"' in str(rows(tmp_path)) and not list(history.glob("*.json"))

    c2, problem = start(tmp_path)
    assert problem is None and c2.phase == "end" and c2.outcome == c.outcome
    saved = list(history.glob("*.json"))
    assert len(saved) == 1 and c2.state.record_path == saved[0]
    assert json.loads(saved[0].read_text())["game"] == game and not c2.pending()

    c3, _ = start(tmp_path)  # and the finished game rebuilds pointing at it
    assert c3.phase == "end" and c3.state.record_path == saved[0]
    assert c3.save_error is None and list(history.glob("*.json")) == saved


def test_a_record_saved_before_its_confirmation_was_journaled_is_replaced_not_doubled(
        tmp_path):
    """A journal behind the history (its write failed, the record's did not, then a kill):
    the reveal comes back, and the host's second confirmation replaces the game's record."""
    c, _ = start(tmp_path)
    to_reveal(c)
    real = c.journal._db
    c.journal._db = sqlite3.connect(":memory:")  # a database without the table: writes fail
    c.apply({"type": "confirm"})
    history = tmp_path / "history"
    saved = list(history.glob("*.json"))
    assert len(saved) == 1 and c.journal_error
    c.journal._db.close()
    c.journal._db = real
    c2, _ = start(tmp_path)
    assert c2.phase == "reveal"
    c2.apply({"type": "confirm"})
    assert list(history.glob("*.json")) == saved and c2.state.record_path == saved[0]


def test_each_game_has_its_own_identity_and_record(tmp_path):
    c, _ = start(tmp_path)
    to_reveal(c)
    c.apply({"type": "confirm"})
    first = c.state.game
    c.apply({"type": "new_game"})
    assert c.state.game is None
    c.apply({"type": "start_night"})
    assert c.state.game not in (None, first)
    c.apply({"type": "night_done"})
    c.apply({"type": "start_vote", "mode": "fingers"})
    for seat, target in enumerate([1, 0, 1, 0, 1]):
        c.apply({"type": "vote", "seat": seat, "target": target})
    c.apply({"type": "to_reveal"})
    for seat, card in enumerate(["witch", "werewolf", "villager", "sentinel", "revealer"]):
        c.apply({"type": "final_card", "seat": seat, "card": card})
    c.apply({"type": "confirm"})  # same second, same scenario: still a record of its own
    records = sorted((tmp_path / "history").glob("*.json"))
    assert len(records) == 2
    assert {json.loads(p.read_text())["game"] for p in records} == {first, c.state.game}


@pytest.mark.parametrize("damage", ["garbage", "truncated", "bad_entry", "refused_entry"])
def test_a_damaged_journal_is_set_aside_with_the_reason(tmp_path, damage):
    c, _ = start(tmp_path)
    to_vote(c)
    c.journal.close()
    path = tmp_path / FILENAME
    if damage == "garbage":
        path.write_bytes(b"this is not a database" * 100)
        for side in ("-wal", "-shm"):
            (tmp_path / (FILENAME + side)).unlink(missing_ok=True)
    elif damage == "truncated":
        db = sqlite3.connect(str(path))
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.close()
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2])
    else:
        db = sqlite3.connect(str(path))
        body = "{not json" if damage == "bad_entry" else '{"type": "vote", "seat": 9}'
        db.execute("INSERT INTO entries (kind, body, mono, wall) VALUES ('event', ?, 0, 0)",
                   (body,))
        db.commit()
        db.close()
    c2, problem = start(tmp_path)
    assert problem is not None and problem["reason"]
    assert c2.phase == "setup"
    moved = tmp_path / problem["name"]
    assert moved.exists() and "unreadable" in moved.name
    c2.apply({"type": "players", "names": NAMES})  # a fresh journal works
    c3, problem = start(tmp_path)
    assert problem is None and c3.setup_view().players == tuple(NAMES)


def test_a_journal_that_cannot_be_written_lets_the_game_go_on(tmp_path):
    c, _ = start(tmp_path)
    c.apply({"type": "players", "names": NAMES})
    c.apply({"type": "scenario", "id": "sombre-reveil"})
    c.apply({"type": "start_night"})
    real = c.journal._db
    c.journal._db = sqlite3.connect(":memory:")  # a database without the table: writes fail
    c.apply({"type": "night_done"})
    assert c.journal_error and c.phase == "day" and c.pending()
    assert [json.loads(b)["type"] for k, b in rows(tmp_path) if k == "event"][-1] \
        == "start_night"  # behind, but no hole: the journal stopped where it failed
    c.journal._db.close()
    c.journal._db = real  # the storage is back: the next write writes the journal whole
    c.apply({"type": "day_pause"})
    assert c.journal_error is None and not c.pending()
    c2, _ = start(tmp_path)
    assert c2.phase == "day" and c2.log == c.log and not c2.day_view().running


def test_the_journal_file_and_its_log_are_private(tmp_path):
    c, _ = start(tmp_path)
    c.apply({"type": "players", "names": NAMES})
    files = [tmp_path / FILENAME, tmp_path / (FILENAME + "-wal")]
    assert files[1].exists() and not (tmp_path / (FILENAME + "-shm")).exists()
    assert [p.stat().st_mode & 0o077 for p in files] == [0, 0]  # the log holds votes too
    assert not (tmp_path / "history").exists() or not list((tmp_path / "history").glob("*"))
    stop(tmp_path)
    j = Journal(tmp_path / FILENAME)
    j.connect()
    assert [e.kind for e in j.entries()] == ["event"]
    j.close()


def test_side_files_of_an_older_journal_are_made_private(tmp_path):
    c, _ = start(tmp_path)
    c.apply({"type": "players", "names": NAMES})
    stop(tmp_path)
    path = tmp_path / FILENAME
    db = sqlite3.connect(str(path))  # as an older app did: shared memory, files 0644
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("INSERT INTO entries (kind, body, mono, wall) VALUES ('event', ?, 0, 0)",
               (json.dumps({"type": "scenario", "id": "sombre-reveil"}),))
    db.commit()
    data = killed_copy(tmp_path, tmp_path / "after")  # the older app is killed
    db.close()
    for p in data.glob(FILENAME + "*"):
        p.chmod(0o644)
    assert len(list(data.glob(FILENAME + "*"))) == 3
    c, problem = start(data)
    assert problem is None and c.setup_view().scenario == "sombre-reveil"
    assert all(p.stat().st_mode & 0o077 == 0 for p in data.glob(FILENAME + "*"))


def test_journaled_controller_without_a_journal_is_a_controller(tmp_path):
    c = JournaledController(tmp_path / "h", None, clock=FakeClock())
    to_vote(c)
    assert c.phase == "vote" and c.journal_error is None


def test_the_journal_imports_no_kivy():
    import subprocess
    import sys

    code = ("import sys, onenight.game.journal; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('kivy', 'serial') "
            "or m.startswith(('onenight.ui', 'onenight.narration', 'onenight.box'))]; "
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_no_place_for_a_journal_is_no_crash(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    c, problem = start(blocker / "data")  # the data folder cannot be created
    assert problem == {"code": "not_saved", "reason": "cannot_open", "name": ""}
    assert c.journal_error == "cannot_open" and c.pending()
    to_vote(c)
    assert c.phase == "vote" and not c.retry()


def test_a_verdict_the_history_refuses_is_kept_and_saved_when_space_comes_back(tmp_path):
    """The disk is full at the verdict: the verdict is journaled, the record waits; the host
    may even start the next game; the record is kept (in the journal too) and saved once the
    storage takes it, by the app's retry or at the next start."""
    import errno

    from onenight.game.history import History

    c, _ = start(tmp_path)
    to_reveal(c)
    full = {"on": True}
    real_save = History.save

    def save(self, record, stem):
        if full["on"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_save(self, record, stem)

    History.save = save
    try:
        c.apply({"type": "confirm"})
        assert c.phase == "end" and c.state.record_path is None
        assert c.save_error == "full" and c.pending() and not c.retry()
        game = c.state.game
        c.apply({"type": "new_game"})  # the host plays on
        kinds = [k for k, _ in rows(tmp_path)]
        assert kinds.count("record") == 1 and kinds[0] == "event"
        c2, _ = start(tmp_path)  # killed and started again, still full
        assert c2.phase == "setup" and c2.pending() and c2.save_error == "full"
        full["on"] = False  # space comes back
        assert c2.retry() and not c2.pending() and c2.save_error is None
    finally:
        History.save = real_save
    saved = list((tmp_path / "history").glob("*.json"))
    assert len(saved) == 1 and json.loads(saved[0].read_text())["game"] == game
    c3, _ = start(tmp_path)  # the journal's copy of the record is not saved twice
    assert not c3.pending() and len(list((tmp_path / "history").glob("*.json"))) == 1


def test_files_a_kill_left_half_written_are_removed_at_start(tmp_path):
    (tmp_path / "history").mkdir()
    for p in (tmp_path / "settings.json.tmp", tmp_path / "history" / "x.json.tmp"):
        p.write_text("")  # a kill in the middle of write_json
    (tmp_path / "settings.json").write_text("{}")
    start(tmp_path)
    assert not list(tmp_path.rglob("*.tmp")) and (tmp_path / "settings.json").exists()
