"""The journal read as it is on disk, its log applied in memory: the same rows SQLite's own
recovery finds, whatever was written; damage SQLite would drop silently is reported."""

from __future__ import annotations

import shutil
import sqlite3
import struct
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from onenight.game import snapshot

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


def writer(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(str(path), isolation_level=None)
    db.execute("PRAGMA locking_mode=EXCLUSIVE")
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS t (k INTEGER PRIMARY KEY, v TEXT)")
    return db


def killed(src: Path, to: Path) -> Path:
    """The files as a kill leaves them (every commit is synced)."""
    to.mkdir(exist_ok=True)
    for p in src.parent.glob(src.name + "*"):
        shutil.copyfile(p, to / p.name)
    return to / src.name


def rows(db: sqlite3.Connection) -> list:
    """The table's rows ([] when even the table is lost)."""
    try:
        return db.execute("SELECT k, v FROM t ORDER BY k").fetchall()
    except sqlite3.OperationalError as e:
        assert "no such table" in str(e)
        return []
    finally:
        db.close()


def sqlite_rows(path: Path) -> list:
    """What SQLite itself recovers."""
    return rows(sqlite3.connect(str(path)))


def snapshot_rows(path: Path) -> list:
    return rows(snapshot.connect(snapshot.read(path)))


ops = st.lists(st.one_of(
    st.tuples(st.just("insert"), st.integers(1, 60), st.text(max_size=300)),
    st.tuples(st.just("delete"), st.integers(1, 60), st.just("")),
    st.tuples(st.just("many"), st.integers(1, 30), st.text(max_size=2000)),
    st.tuples(st.just("checkpoint"), st.just(0), st.just(""))), max_size=25)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(ops, st.sampled_from([512, 1024, 4096]))
def test_the_snapshot_reads_what_sqlite_recovers(tmp_path_factory, ops, page_size):
    d = tmp_path_factory.mktemp("snap")
    path = d / "j.db"
    db = sqlite3.connect(str(path), isolation_level=None)
    db.execute(f"PRAGMA page_size={page_size}")
    db.close()
    db = writer(path)
    db.execute("PRAGMA wal_autocheckpoint=20")  # the log is reset and reused along the way
    for op, k, v in ops:
        if op == "insert":
            db.execute("INSERT OR REPLACE INTO t VALUES (?, ?)", (k, v))
        elif op == "delete":
            db.execute("DELETE FROM t WHERE k = ?", (k,))
        elif op == "many":
            db.execute("BEGIN")
            db.executemany("INSERT OR REPLACE INTO t VALUES (?, ?)",
                           [(k + i, v) for i in range(5)])
            db.execute("COMMIT")
        else:
            db.execute("PRAGMA wal_checkpoint")
    copy = killed(path, d / "killed")
    expected = db.execute("SELECT k, v FROM t ORDER BY k").fetchall()
    db.close()
    snap = snapshot.read(copy)
    assert snap.lost is None
    assert snapshot_rows(copy) == expected == sqlite_rows(copy)


def frames(wal: bytes, page_size: int) -> list[int]:
    """Offsets of the frames of the log's current generation."""
    salts = wal[16:24]
    out, off = [], 32
    while off + 24 + page_size <= len(wal) and wal[off + 8:off + 16] == salts:
        out.append(off)
        off += 24 + page_size
    return out


def game_log(tmp_path: Path, entries: int = 12) -> Path:
    path = tmp_path / "j.db"
    db = writer(path)
    for i in range(entries):
        db.execute("INSERT INTO t VALUES (?, ?)", (i, f"entry {i}"))
    copy = killed(path, tmp_path / "killed")
    db.close()
    return copy


def test_damage_in_the_middle_of_the_log_is_reported(tmp_path):
    path = game_log(tmp_path)
    wal_path = Path(str(path) + "-wal")
    wal = bytearray(wal_path.read_bytes())
    page = struct.unpack(">I", wal[8:12])[0]
    offs = frames(bytes(wal), page)
    assert len(offs) >= 6
    wal[offs[3] + 24 + 100] ^= 0xFF  # one flipped byte in a page of the fourth frame
    wal_path.write_bytes(bytes(wal))
    snap = snapshot.read(path)
    assert snap.lost and "damaged" in snap.lost
    read = snapshot_rows(path)
    assert read == sqlite_rows(path)  # the same prefix SQLite recovers...
    assert len(read) < 12  # ...which misses entries: without the report, lost silently


def test_a_damaged_header_is_reported_and_a_torn_last_frame_is_not(tmp_path):
    path = game_log(tmp_path)
    wal_path = Path(str(path) + "-wal")
    good = wal_path.read_bytes()
    wal = bytearray(good)
    wal[20] ^= 0x01  # the header's salt: SQLite ignores the whole log
    wal_path.write_bytes(bytes(wal))
    assert snapshot.read(path).lost and snapshot_rows(path) == sqlite_rows(path) == []
    page = struct.unpack(">I", good[8:12])[0]
    last = frames(good, page)[-1]
    wal = bytearray(good)
    wal[last + 24:] = bytes(len(wal) - last - 24)  # a power cut while the last was written
    wal_path.write_bytes(bytes(wal))
    snap = snapshot.read(path)
    assert snap.lost is None and snapshot_rows(path) == sqlite_rows(path)
    assert len(snapshot_rows(path)) == 11


def test_a_file_emptied_with_its_log_still_there_is_read_from_the_log(tmp_path):
    path = game_log(tmp_path)
    path.write_bytes(b"")
    snap = snapshot.read(path)
    assert snap.db_size == 0 and snapshot_rows(path) == [(i, f"entry {i}") for i in range(12)]
    assert sqlite_rows(path) == []  # what SQLite makes of it (and it deletes the log)
    assert not Path(str(path) + "-wal").exists()


def test_nothing_at_all_is_an_empty_snapshot(tmp_path):
    snap = snapshot.read(tmp_path / "none.db")
    assert snap == snapshot.Snapshot(b"", 0, 0, None)
    snapshot.connect(snap).close()
