"""A SQLite database read with its write-ahead log, in memory, without writing anything.

SQLite itself cannot read a database in WAL mode when nothing can be written next to it (a
read-only or full storage: it needs its ``-shm`` file, or a lock), and when it opens one whose
log is damaged it silently uses the log up to the damage, then writes over the rest. So the
journal is read here first: the database file, then the committed frames of its log applied
over it, as SQLite's own recovery would (https://www.sqlite.org/fileformat2.html#walformat),
into an in-memory database. Nothing on disk is touched. Frames of the log's current generation
that hold committed transactions *after* a damaged frame are what SQLite would drop: they are
reported (:attr:`Snapshot.lost`), so the journal can be copied aside before anything is
overwritten.

A damaged last transaction alone is not reported: it looks exactly like a transaction cut by a
power failure, which SQLite rightly rolls back (its entry never reached the table).
"""

from __future__ import annotations

import os
import sqlite3
import struct
from dataclasses import dataclass
from pathlib import Path

WAL_MAGIC = (0x377F0682, 0x377F0683)  # checksums in little- / big-endian words
WAL_VERSION = 3007000
WAL_HEADER = 32
FRAME_HEADER = 24


@dataclass(frozen=True)
class Snapshot:
    image: bytes  # the database as SQLite's recovery would see it
    db_size: int  # bytes in the database file itself
    frames: int  # committed frames of the log applied
    lost: str | None  # why committed transactions of the log cannot be used (damage), or None


def _checksum(data: bytes, s0: int, s1: int, big: bool) -> tuple[int, int]:
    words = struct.unpack((">" if big else "<") + f"{len(data) // 4}I", data)
    m = 0xFFFFFFFF
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & m
        s1 = (s1 + words[i + 1] + s0) & m
    return s0, s1


def _read(path: Path) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return b""


def read(path: str | os.PathLike) -> Snapshot:
    """The database at ``path`` with its log applied; OSError if a file cannot be read."""
    path = Path(path)
    db = _read(path)
    wal = _read(Path(str(path) + "-wal"))
    image = bytearray(db)
    frames, lost = _apply(wal, image)
    return Snapshot(bytes(image), len(db), frames, lost)


def _apply(wal: bytes, image: bytearray) -> tuple[int, str | None]:
    """Apply the committed frames of ``wal`` to ``image``; returns how many, and why some
    committed ones could not be (damage), if so."""
    if len(wal) < WAL_HEADER:
        return 0, None  # no log, or one cut before its header was complete: nothing committed
    magic, version, page_size, _seq, salt1, salt2, c1, c2 = struct.unpack(">8I", wal[:32])
    big = magic == WAL_MAGIC[1]
    if page_size == 1:
        page_size = 65536
    if magic not in WAL_MAGIC or version != WAL_VERSION \
            or _checksum(wal[:24], 0, 0, big) != (c1, c2) \
            or page_size < 512 or page_size & (page_size - 1):
        if any(wal[WAL_HEADER:]):
            return 0, "the log's header is damaged"
        return 0, None
    size = FRAME_HEADER + page_size
    s = (c1, c2)
    pending: dict[int, bytes] = {}
    committed: dict[int, bytes] = {}
    pages = None  # the database's size in pages after the last commit
    off = WAL_HEADER
    while off + size <= len(wal):
        head = wal[off:off + FRAME_HEADER]
        pgno, commit, f1, f2, k1, k2 = struct.unpack(">6I", head)
        if (f1, f2) != (salt1, salt2) or pgno == 0:
            break
        page = wal[off + FRAME_HEADER:off + size]
        s = _checksum(head[:8] + page, s[0], s[1], big)
        if s != (k1, k2):
            break
        pending[pgno] = page
        if commit:
            committed.update(pending)
            pending.clear()
            pages = commit
        off += size
    lost = _committed_after(wal, off, size, salt1, salt2, big)
    for pgno, page in committed.items():
        end = pgno * page_size
        if len(image) < end:
            image.extend(bytes(end - len(image)))
        image[end - page_size:end] = page
    if pages is not None:
        del image[pages * page_size:]
    return len(committed), lost


def _committed_after(wal: bytes, off: int, size: int, salt1: int, salt2: int,
                     big: bool) -> str | None:
    """Whether frames of this generation after the first bad one hold a committed
    transaction. Checksums are cumulative, so each frame is checked on its own, from the
    checksum its predecessor carries."""
    if off + size > len(wal):
        return None
    # the checksum carried by the frame before (or by the header, for the first frame)
    at = off - size + 16 if off > WAL_HEADER else 24
    prev = struct.unpack(">2I", wal[at:at + 8])
    first = True
    while off + size <= len(wal):
        head = wal[off:off + FRAME_HEADER]
        pgno, commit, f1, f2, k1, k2 = struct.unpack(">6I", head)
        ok = (f1, f2) == (salt1, salt2) and pgno != 0 and \
            _checksum(head[:8] + wal[off + FRAME_HEADER:off + size], prev[0], prev[1],
                      big) == (k1, k2)
        if ok and commit and not first:
            return "the log is damaged: later entries were written after the damaged part"
        first = False
        prev = (k1, k2)
        off += size
    return None


def connect(snapshot: Snapshot) -> sqlite3.Connection:
    """An in-memory database holding the snapshot (sqlite3.DatabaseError if it is not one)."""
    image = bytearray(snapshot.image)
    if len(image) >= 20 and image[18] == image[19] == 2:
        image[18] = image[19] = 1  # WAL mode in the header: an in-memory copy has no log
    db = sqlite3.connect(":memory:")
    try:
        if image:
            db.deserialize(bytes(image))
    except BaseException:
        db.close()
        raise
    return db


__all__ = ["Snapshot", "connect", "read"]
