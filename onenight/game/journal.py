"""The crash-safe journal: every change of a game is on disk before the table sees it.

A :class:`Journal` is one SQLite file (``journal.db`` in the app's data folder) holding the
entries of the game in progress, in order:

* ``event``: an event accepted by :meth:`Controller.apply`, as logged (completed with its
  chance and time, so it replays exactly);
* ``night``: the night's progress, the index of the cue being said and whether the host
  paused (``{"cue": 7, "paused": false}``; ``cue`` None: the night starts over);
* ``debate``: the debate countdown, with its deadline in wall-clock seconds while it runs,
  so the time that passes while the app is down counts;
* ``record``: a finished game's record that the history could not take yet (storage full),
  kept across new games until it is saved.

Each entry is one SQLite transaction (write-ahead log, ``synchronous=FULL``): after a power
cut the file holds every entry whose write returned, and never half of one. The journal is
held with SQLite's exclusive locking mode: a second app cannot open it, and SQLite keeps its
log index in memory, so no ``-shm`` file is needed (none to create on a full disk).

Opening (:func:`open_journal`) tells the storage's problems from damage. The files are first
read without writing anything (:mod:`.snapshot`); then:

* a journal that cannot be read at all (the storage fails) is *held*: kept as it is, never
  written, and the app says why; opened again once the storage is fixed, the game comes back;
* a journal that can be read but not written (storage full, read-only) gives back its game,
  which goes on unsaved, and :class:`JournalWriter` writes the journal again, whole, as soon
  as it can;
* a damaged log, or a journal file emptied, is copied aside before SQLite (which would drop
  the rest) touches it, the game is resumed from what could be read, and the host is told;
* a journal that cannot be read (not a database, damaged, an unknown format, an entry that
  does not replay) is moved aside as ``journal-unreadable-<date>-<time>.db``.

Set-aside journals stay in the data folder and are offered back to the host
(:func:`set_aside_journals`: try again, export, delete). Each of these is written for any game
type: each game has its own journal file (:data:`GAMES`).

:class:`Journaled` plugs the journal into a game's controller (:class:`JournaledController`
for the one-night game, :class:`JournaledClassic` for the classic one): ``apply`` writes the
event before returning it to the screen. :func:`open_game` rebuilds the game in progress from
its journal at start-up. The journal holds the votes (and, with the cards on the tablet, the
deal and the night's choices): it is the app's private file (0600, its log too), never shown
nor exported but at the host's request, and nothing here logs an event's content.
"""

from __future__ import annotations

import datetime as _dt
import json
import logging
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from . import snapshot, storage
from .controller import Controller
from .durable import make_dirs, remove_temporary, sync_dir
from .flow import Flow
from .timer import WARN_AT, DayTimer

log = logging.getLogger(__name__)

FORMAT = "onenight-journal/1"
FILENAME = "journal.db"
#: the classic game's journal, beside the one-night game's: each game has its own game in
#: progress, and "Resume" brings back either
CLASSIC_FILENAME = "classic-journal.db"
KINDS = ("event", "night", "debate", "record")
SIDES = ("-wal", "-shm")  # SQLite's files next to the journal
LOG_PAGES = 200  # the log's size, in pages, past which SQLite folds it into the file

# why a journal is damaged (its content, not the storage); the app has a sentence for each
NOT_A_JOURNAL = "not_a_journal"
DAMAGED = "damaged"
UNKNOWN_FORMAT = "unknown_format"
BAD_ENTRY = "bad_entry"
DOES_NOT_REPLAY = "does_not_replay"
EMPTIED = "emptied"
LOG_DAMAGED = "log_damaged"
DAMAGE = (NOT_A_JOURNAL, DAMAGED, UNKNOWN_FORMAT, BAD_ENTRY, DOES_NOT_REPLAY, EMPTIED,
          LOG_DAMAGED)


class JournalError(Exception):
    """The journal cannot be used. ``code`` says why in one word: one of :data:`DAMAGE`, or,
    when ``storage`` is true, a code of :mod:`.storage`. ``str()`` gives the detail (for the
    log: it may hold SQLite's own words)."""

    def __init__(self, code: str, detail: str = "", storage: bool = False):
        self.code = code
        self.storage = storage
        super().__init__(detail or code)


class JournalInUse(Exception):
    """Another app holds this journal: this one must not touch it."""


@dataclass(frozen=True)
class Entry:
    seq: int
    kind: str  # event | night | debate | record
    body: dict
    mono: float  # the controller's clock when written
    wall: float  # wall-clock seconds (time.time) when written


def _damage(e: sqlite3.Error, what: str) -> JournalError:
    name = getattr(e, "sqlite_errorname", "") or ""
    code = NOT_A_JOURNAL if name in ("SQLITE_NOTADB", "SQLITE_ERROR") else DAMAGED
    return JournalError(code, f"{what} ({e})")


def read_entries(db: sqlite3.Connection) -> list[Entry]:
    """Every entry of the journal open in ``db``, checked; :class:`JournalError` (damage)
    if the file is damaged, not a journal, of another format, or an entry is unreadable."""
    try:
        ok = db.execute("PRAGMA quick_check").fetchone()
        if not ok or ok[0] != "ok":
            raise JournalError(DAMAGED, f"the file is damaged ({ok[0] if ok else 'no answer'})")
        row = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        if row is None or row[0] != FORMAT:
            raise JournalError(UNKNOWN_FORMAT, f"unknown format {row and row[0]!r} (this app "
                                               f"writes {FORMAT})")
        rows = db.execute("SELECT seq, kind, body, mono, wall FROM entries ORDER BY seq"
                          ).fetchall()
    except sqlite3.Error as e:
        raise _damage(e, "not a journal this app can read") from None
    out = []
    for seq, kind, body, mono, wall in rows:
        try:
            data = json.loads(body)
        except (TypeError, ValueError, RecursionError):
            raise JournalError(BAD_ENTRY, f"entry {seq} is not JSON") from None
        if kind not in KINDS or not isinstance(data, dict):
            raise JournalError(BAD_ENTRY, f"entry {seq} is not one of {', '.join(KINDS)}")
        if isinstance(mono, bool) or not isinstance(mono, (int, float)) \
                or isinstance(wall, bool) or not isinstance(wall, (int, float)):
            raise JournalError(BAD_ENTRY, f"entry {seq} has no time")
        out.append(Entry(seq, kind, data, float(mono), float(wall)))
    return out


def read_on_disk(path: str | os.PathLike) -> list[Entry]:
    """The entries of the journal at ``path`` as they are on disk, read without writing
    anything, even while an app holds it. OSError or JournalError if it cannot be read."""
    try:
        db = snapshot.connect(snapshot.read(path))
    except sqlite3.Error as e:
        raise _damage(e, "not a journal this app can read") from None
    try:
        return read_entries(db)
    finally:
        db.close()


def _copy(src: Path, dst: Path) -> None:
    """Copy a file durably, private to the app (it may hold votes)."""
    fd = os.open(dst, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with open(src, "rb") as f, os.fdopen(fd, "wb") as out:
        while chunk := f.read(1 << 16):
            out.write(chunk)
        out.flush()
        os.fsync(out.fileno())


class Journal:
    """An append-only list of entries in one SQLite file. Not thread-safe: the UI thread
    owns it."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self._db: sqlite3.Connection | None = None

    def side(self, suffix: str, path: Path | None = None) -> Path:
        return Path(str(path or self.path) + suffix)

    @property
    def is_open(self) -> bool:
        return self._db is not None

    # ---- opening ----------------------------------------------------------------------------
    def connect(self) -> None:
        """Open the journal for writing (creating it if there is none) and hold it: another
        app that tries gets :class:`JournalInUse`. :class:`JournalError` if it cannot be."""
        if self._db is not None:
            return
        folder = self.path.parent
        try:
            make_dirs(folder)
            if not self.path.exists():
                self._create()
            db = sqlite3.connect(str(self.path), isolation_level=None, timeout=0)
        except (OSError, sqlite3.Error) as e:
            raise self._refused(e, "cannot create or open it") from None
        try:
            db.execute("PRAGMA locking_mode=EXCLUSIVE")  # before the first read: no -shm
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            # the log is folded into the file past this many pages: it stays small, and so
            # does its reading at the next start (every frame's checksum, in Python)
            db.execute(f"PRAGMA wal_autocheckpoint={LOG_PAGES}")
            db.execute("BEGIN EXCLUSIVE")  # taken now, and held until the journal is closed
            db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
            db.execute("CREATE TABLE IF NOT EXISTS entries (seq INTEGER PRIMARY KEY, "
                       "kind TEXT NOT NULL, body TEXT NOT NULL, mono REAL, wall REAL)")
            row = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
            if row is None:
                db.execute("INSERT INTO meta VALUES ('format', ?)", (FORMAT,))
            db.execute("COMMIT")
        except sqlite3.Error as e:
            db.close()
            raise self._refused(e, "cannot write to it") from None
        if row is not None and row[0] != FORMAT:
            db.close()
            raise JournalError(UNKNOWN_FORMAT, f"unknown format {row[0]!r}")
        for p in (self.path, *(self.side(s) for s in SIDES)):
            try:  # it holds the votes: the app's eyes only (a journal of an older app too)
                if p.exists() and p.stat().st_mode & 0o077:
                    os.chmod(p, 0o600)
            except OSError:
                pass
        self._db = db

    def _refused(self, e: BaseException, what: str) -> Exception:
        code = storage.problem(e, self.path.parent)
        if code == storage.BUSY:
            return JournalInUse(str(self.path))
        if code is not None:
            return JournalError(code, f"{what} ({e})", storage=True)
        if isinstance(e, sqlite3.Error):
            return _damage(e, what)
        return JournalError(storage.IO, f"{what} ({e})", storage=True)

    def _create(self) -> None:
        """A new, empty journal, made whole aside and then renamed into place: a journal file
        of no bytes is never a new one, always one that was emptied."""
        tmp = self.path.with_name(self.path.name + ".new")
        for p in (tmp, *(self.side(s, tmp) for s in SIDES)):
            p.unlink(missing_ok=True)
        try:
            os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            db = sqlite3.connect(str(tmp), isolation_level=None)
            try:
                db.execute("PRAGMA journal_mode=WAL")  # the log inherits the file's mode
                db.execute("PRAGMA synchronous=FULL")
                db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
                db.execute("CREATE TABLE entries (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL,"
                           " body TEXT NOT NULL, mono REAL, wall REAL)")
                db.execute("INSERT INTO meta VALUES ('format', ?)", (FORMAT,))
            finally:
                db.close()  # everything into the file, the log removed
            os.replace(tmp, self.path)
        except BaseException:
            for p in (tmp, *(self.side(s, tmp) for s in SIDES)):
                p.unlink(missing_ok=True)
            raise
        sync_dir(self.path.parent)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # ---- reading and writing ------------------------------------------------------------------
    def entries(self) -> list[Entry]:
        """Every entry in order; :class:`JournalError` if one cannot be read."""
        assert self._db is not None
        return read_entries(self._db)

    def append(self, kind: str, body: dict, mono: float, wall: float) -> None:
        """Write one entry durably (sqlite3.Error or OSError if it cannot be written)."""
        self._write([(kind, body, mono, wall)], replace=False)

    def append_all(self, items: list[tuple[str, dict, float, float]]) -> None:
        """Write several entries durably, in one transaction."""
        self._write(items, replace=False)

    def replace(self, items: list[tuple[str, dict, float, float]]) -> None:
        """Replace every entry by ``items``, in one transaction (all or nothing)."""
        self._write(items, replace=True)

    def _write(self, items, replace: bool) -> None:
        if self._db is None:
            raise JournalError(storage.CANNOT_OPEN, "the journal is not open", storage=True)
        rows = [(k, json.dumps(b, ensure_ascii=False, default=str), m, w)
                for k, b, m, w in items]
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            if replace:
                db.execute("DELETE FROM entries")
            db.executemany("INSERT INTO entries (kind, body, mono, wall) VALUES (?, ?, ?, ?)",
                           rows)
            db.execute("COMMIT")  # the log is written here: a full disk fails here
        except BaseException:
            try:
                db.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # SQLite already rolled it back
            raise

    # ---- putting aside ------------------------------------------------------------------------
    def _aside_name(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        stem, suffix = self.path.stem, self.path.suffix
        target = self.path.with_name(f"{stem}-unreadable-{stamp}{suffix}")
        n = 1
        while any(p.exists() for p in (target, self.side("-wal", target))):
            n += 1
            target = self.path.with_name(f"{stem}-unreadable-{stamp}-{n}{suffix}")
        return target

    def set_aside(self) -> Path:
        """Move the file (and SQLite's side files) out of the way; returns the new name."""
        self.close()
        target = self._aside_name()
        for suffix in SIDES:
            side = self.side(suffix)
            if side.exists():
                os.replace(side, self.side(suffix, target))
        if self.path.exists():
            os.replace(self.path, target)
        sync_dir(self.path.parent)
        return target

    def copy_aside(self) -> Path:
        """Copy the file and its log (as they are on disk) out of the way, before anything
        overwrites them; returns the copy's name. OSError (and no copy) if it cannot."""
        target = self._aside_name()
        made = []
        try:
            for src, dst in ((self.path, target), (self.side("-wal"), self.side("-wal", target))):
                if src.exists():
                    _copy(src, dst)
                    made.append(dst)
            if target not in made:  # only a log: the copy is still found by its name
                os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
                made.append(target)
        except BaseException:
            for p in made:
                p.unlink(missing_ok=True)
            raise
        sync_dir(self.path.parent)
        return target

    def remove(self) -> None:
        """Delete the journal and its side files (after they were copied aside)."""
        self.close()
        for p in (self.path, *(self.side(s) for s in SIDES)):
            p.unlink(missing_ok=True)
        sync_dir(self.path.parent)


# ---- opening, whatever the storage and the file are like ---------------------------------------

@dataclass
class Opened:
    """What :func:`open_journal` found.

    ``journal`` is open for writing unless the storage refused; ``entries`` is what it held;
    ``held`` means it could not be read and must not be written (kept as it is for a later
    start); ``problem`` is for the host: ``code`` one of ``set_aside`` (unreadable, moved
    aside), ``damaged`` (partly readable: resumed from what could be read, a copy kept),
    ``not_saved`` (read, but the storage refuses writing), ``held``; ``reason`` a damage code
    or a storage code; ``name`` the file set aside, if any."""

    journal: Journal
    entries: list[Entry]
    problem: dict | None = None
    held: bool = False


def _problem(code: str, reason: str, name: str = "") -> dict:
    return {"code": code, "reason": reason, "name": name}


def open_journal(path: str | os.PathLike) -> Opened:
    """Open the journal at ``path`` whatever state it and its storage are in (see the
    module's doc). Never raises but :class:`JournalInUse`."""
    j = Journal(path)
    path = j.path
    wal = j.side("-wal")
    try:
        there = path.exists() or (wal.exists() and wal.stat().st_size > 0)
    except OSError:
        there = True
    if not there:  # a first start, or the last game was set aside: a new journal
        try:
            j.connect()
        except JournalError as e:
            log.error("journal cannot be created (%s): the game is not saved as it goes", e)
            return Opened(j, [], _problem("not_saved", e.code))
        return Opened(j, [])

    # 1. read it as it is on disk, without writing anything
    try:
        snap = snapshot.read(path)
    except OSError as e:
        reason = storage.problem(e, path.parent) or storage.IO
        log.error("journal cannot be read (%s): kept as it is, not written", e)
        return Opened(j, [], _problem("held", reason), held=True)
    lost = EMPTIED if snap.db_size == 0 else (LOG_DAMAGED if snap.lost else None)
    damage: JournalError | None = None
    entries: list[Entry] = []
    try:
        mem = snapshot.connect(snap)
        try:
            entries = read_entries(mem)
        finally:
            mem.close()
    except sqlite3.Error as e:
        damage = _damage(e, "not a journal this app can read")
    except JournalError as e:
        damage = e
    if damage is not None and lost == EMPTIED:
        if not snap.image:
            damage = None  # an emptied file with no log: nothing to read, nothing to resume
        else:  # its log alone is not a whole journal: moved aside with it, as it is
            damage = JournalError(EMPTIED, f"the file was emptied ({damage})")
    if damage is not None:
        return _set_aside(j, damage)

    # 2. damage SQLite would drop silently: a copy of what is there, before anything else
    copy = None
    if lost is not None:
        try:
            copy = j.copy_aside()
        except OSError as e:  # the whole journal stays as it is, for a later start
            reason = storage.problem(e, path.parent) or storage.IO
            log.error("journal damaged (%s) and no copy can be made (%s): kept as it is, "
                      "not written", lost, e)
            return Opened(j, [], _problem("held", reason), held=True)

    # 3. hold it (another app has it? then touch nothing), for writing
    try:
        j.connect()
    except JournalInUse:
        if copy is not None:
            for p in (copy, j.side("-wal", copy)):
                p.unlink(missing_ok=True)
        raise
    except JournalError as e:
        if not e.storage:
            return _set_aside(j, e)
        log.error("journal cannot be written (%s): the game goes on unsaved", e)
        problem = _problem("not_saved", e.code)
        if lost is not None:
            problem = _problem("damaged", lost, copy.name if copy else "")
        return Opened(j, entries, problem)
    if lost is None:
        try:
            entries = j.entries()  # SQLite's own reading, now that the journal is held
        except JournalError as e:
            return _set_aside(j, e)
        return Opened(j, entries)
    log.error("journal damaged (%s): a copy is kept as %s; the game resumes from %d entries",
              lost, copy.name if copy else "-", len(entries))
    try:
        j.replace([(e.kind, e.body, e.mono, e.wall) for e in entries])  # whole again
    except (sqlite3.Error, OSError) as e:
        log.error("journal: cannot write it again (%s)", e)
    return Opened(j, entries, _problem("damaged", lost, copy.name if copy else ""))


def _set_aside(j: Journal, damage: JournalError) -> Opened:
    """An unreadable journal: moved aside as it is (a rename: it needs no space), and a new
    one."""
    try:
        moved = j.set_aside()
    except OSError as e:
        log.error("journal unreadable (%s) and cannot be moved (%s): kept as it is",
                  damage, e)
        return Opened(j, [], _problem("held", storage.problem(e, j.path.parent) or storage.IO),
                      held=True)
    log.error("journal unreadable (%s): set aside as %s; starting afresh", damage, moved.name)
    problem = _problem("set_aside", damage.code, moved.name)
    try:
        j.connect()
    except JournalError as e:
        log.error("a new journal cannot be made (%s): the game is not saved as it goes", e)
    return Opened(j, [], problem)


# ---- set-aside journals, offered back to the host -----------------------------------------------

@dataclass(frozen=True)
class SetAside:
    path: Path
    when: float  # wall-clock seconds of its last write: when its game was played
    game: str = "onenight"  # whose journal it was (a key of GAMES)


def set_aside_journals(path: str | os.PathLike, game: str = "onenight") -> list[SetAside]:
    """The journals set aside next to the journal at ``path`` (``game``'s), the most recent
    game first."""
    path = Path(path)
    out = []
    try:
        found = list(path.parent.glob(f"{path.stem}-unreadable-*{path.suffix}"))
    except OSError:
        return []
    for p in found:
        try:
            when = max(q.stat().st_mtime for q in (p, Path(str(p) + "-wal")) if q.exists())
        except (OSError, ValueError):
            continue
        out.append(SetAside(p, when, game))
    return sorted(out, key=lambda a: (a.when, a.path.name), reverse=True)


def set_aside_games(folder: str | os.PathLike) -> list[SetAside]:
    """The journals of every game (:data:`GAMES`) set aside in the data folder ``folder``,
    the most recent game first."""
    out = [a for game, (_cls, name) in GAMES.items()
           for a in set_aside_journals(Path(folder) / name, game)]
    return sorted(out, key=lambda a: (a.when, a.path.name), reverse=True)


def set_aside_files(aside: Path) -> list[Path]:
    """The set-aside journal and its side files."""
    return [p for p in (aside, *(Path(str(aside) + s) for s in SIDES)) if p.exists()]


def restore_set_aside(aside: Path, path: str | os.PathLike) -> None:
    """Put a set-aside journal back as the journal at ``path`` (closed, and holding no game
    in progress: it is replaced), to be opened again. OSError if the storage refuses."""
    j = Journal(path)
    for p in (j.path, *(j.side(s) for s in SIDES)):
        p.unlink(missing_ok=True)
    for suffix in SIDES:
        side = Path(str(aside) + suffix)
        if side.exists():
            os.replace(side, j.side(suffix))
    os.replace(aside, j.path)
    sync_dir(j.path.parent)


def export_set_aside(aside: Path, folder: Path) -> list[Path]:
    """Copy a set-aside journal (and its log) into ``folder``; OSError on failure."""
    import shutil

    make_dirs(folder)
    done = []
    for p in set_aside_files(aside):
        if p.name.endswith("-shm"):
            continue  # an index SQLite rebuilds: nothing of the game
        shutil.copyfile(p, folder / p.name)
        done.append(folder / p.name)
    return done


def delete_set_aside(aside: Path) -> None:
    for p in set_aside_files(aside):
        p.unlink(missing_ok=True)
    sync_dir(aside.parent)


# ---- keeping the journal up to date --------------------------------------------------------------

Item = tuple[str, dict, float, float]  # kind, body, monotonic and wall-clock time


class JournalWriter:
    """Keeps the journal of the game in progress up to date, or says why it is not.

    Every entry is kept in memory too (a game is a hundred or so), so that after a write the
    storage refused, the journal is not left with a hole: the next write, or :meth:`retry`,
    writes it again whole, in one transaction, as soon as the storage takes it. A *held*
    journal (one that could not be read) is never written."""

    def __init__(self, journal: Journal | None, entries: list[Entry] | None = None, *,
                 problem: str | None = None, held: bool = False):
        self.journal = journal
        self.items: list[Item] = [(e.kind, e.body, e.mono, e.wall) for e in entries or ()]
        self.problem = problem  # a storage code while the journal is behind, else None
        self.held = held
        if journal is not None and not journal.is_open and problem is None and not held:
            self.problem = storage.CANNOT_OPEN

    @property
    def behind(self) -> bool:
        """The journal misses entries that could still be written."""
        return self.problem is not None and not self.held and self.journal is not None

    def write(self, items: list[Item]) -> None:
        self.items.extend(items)
        if self.journal is None or self.held:
            return
        if self.problem is not None:
            self.retry()
            return
        try:
            self.journal.append_all(items)
        except (sqlite3.Error, OSError, JournalError) as e:
            self._failed(e)

    def restart(self, items: list[Item]) -> None:
        """A new game: the journal holds ``items`` only."""
        self.items = list(items)
        if self.journal is None or self.held:
            return
        self._whole()

    def retry(self) -> bool:
        """Write the journal again, whole; True when it is up to date."""
        if not self.behind:
            return self.problem is None
        return self._whole()

    def _whole(self) -> bool:
        try:
            assert self.journal is not None
            self.journal.connect()
            self.journal.replace(self.items)
        except (sqlite3.Error, OSError, JournalError) as e:
            self._failed(e)
            return False
        if self.problem is not None:
            log.info("journal: written again whole (%d entries)", len(self.items))
        self.problem = None
        return True

    def _failed(self, e: BaseException) -> None:
        assert self.journal is not None
        code = e.code if isinstance(e, JournalError) else \
            storage.problem(e, self.journal.path.parent) or storage.IO
        if code != self.problem:
            log.error("journal: cannot write (%s: %s); the game goes on, to be written later",
                      code, e)
        self.problem = code


# ---- the controller with its journal ---------------------------------------------------------

class _ReplayClock:
    """The time of the entry being replayed."""

    def __init__(self):
        self.t = 0.0

    def now(self) -> float:
        return self.t


@dataclass(frozen=True)
class Resumed:
    """What a start-up found in the journal."""

    phase: str  # the phase of the game rebuilt
    events: int  # events replayed
    night_cue: int | None  # the cue to say again when the night resumes (None: from the start)
    night_paused: bool
    debate_left: float | None  # seconds left of the debate, when it was under way


class Journaled:
    """A game's controller whose every accepted event is journaled before the screen sees it:
    put this before the controller's class (``class JournaledController(Journaled,
    Controller)``). What the journal needs of a game is in :class:`.flow.Flow`: the events that
    end a game (``RESTART_EVENTS``) and the ``baseline`` kept then, the events that change the
    debate countdown (:meth:`.flow.Flow.countdown_changed`), the night phase whose cue it
    follows and the night it belongs to (``night_marker``), the records waiting for the
    history (``records``).

    ``wall`` gives wall-clock seconds (``time.time``). When a write fails (disk full,
    read-only), the game goes on, ``journal_error`` says why, and :meth:`retry` (the app
    calls it every few seconds while :meth:`pending`) writes it when the storage takes it.
    """

    def __init__(self, history_dir: Path, journal: Journal | None = None, *,
                 wall: Callable[[], float] = time.time, writer: JournalWriter | None = None,
                 **kw: Any):
        super().__init__(history_dir, **kw)
        self.writer = writer or JournalWriter(journal)
        self.wall = wall
        self.resumed: Resumed | None = None
        self._night: tuple | None = None  # last night progress written
        self._replaying = False

    @property
    def journal(self) -> Journal | None:
        return self.writer.journal

    @property
    def journal_error(self) -> str | None:
        """Why the journal is not up to date (a storage code), or None."""
        return self.writer.problem

    # ---- writing ------------------------------------------------------------------------------
    def _write(self, *items: tuple[str, dict]) -> None:
        """Write entries in one transaction (all or none of them)."""
        now, wall = self.now(), self.wall()
        self.writer.write([(kind, body, now, wall) for kind, body in items])

    def _commit(self, done: dict) -> None:
        """The event goes to the journal before anything else happens: a confirmed game is
        journaled (its verdict with it), then its record goes to the history."""
        if self._replaying:
            return
        kind = done["type"]
        if kind in self.RESTART_EVENTS:
            self._restart()
        else:
            if kind in self.NIGHT_START_EVENTS:
                self._night = None
            if self.countdown_changed(done) and self.state.day is not None:
                self._write(("event", done), ("debate", self._debate()))
            else:
                self._write(("event", done))
        super()._commit(done)

    def retry(self) -> bool:
        """Write what the storage refused before: the journal, whole, then the games'
        records. True when nothing is left to write."""
        journal = self.writer.retry()
        return self.save_records() and journal

    def pending(self) -> bool:
        """Something waits for the storage: the journal is behind, or a record is unsaved."""
        return self.writer.behind or bool(self.records.items)

    def storage_problems(self) -> tuple[str | None, str | None]:
        """Why the journal is behind, and why a game's record is not saved (storage codes), or
        None for each."""
        return (self.writer.problem if self.writer.behind else None,
                self.save_error if self.records.items else None)

    def _debate(self) -> dict:
        d = self.state.day
        assert d is not None
        left = d.left(self.now())
        return {"length": d.length, "left": left, "running": d.running,
                "deadline": self.wall() + left if d.running else None,
                "warned": d.warned, "ended": d.ended, "added": d.added}

    def day_alerts(self) -> list[str]:
        alerts = super().day_alerts()
        if alerts:  # a sounded alert is not sounded again after a restart
            self._write(("debate", self._debate()))
        return alerts

    def night_progress(self, cue: int | None, paused: bool) -> None:
        """The night screen says where the night is: written when it changes."""
        if self.phase != self.NIGHT_PHASE:
            return
        marker = self.night_marker()
        now = (marker, cue, bool(paused))
        if now != self._night:
            self._night = now
            body: dict = {"cue": cue, "paused": bool(paused)}
            if marker is not None:
                body["of"] = marker
            self._write(("night", body))

    def _restart(self) -> None:
        """The game in progress is over: the journal keeps only the table's setup, and the
        records the history could not take yet."""
        now, wall = self.now(), self.wall()
        items = [("event", e, now, wall) for e in self.baseline()]
        items += [("record", {"record": r, "stem": stem}, now, wall)
                  for r, stem in self.records.items]
        self.writer.restart(items)
        self._night = None

    # ---- replaying ----------------------------------------------------------------------------
    def replay(self, entries: list[Entry]) -> Resumed:
        """Rebuild the game from ``entries`` (nothing is written); JournalError if one does not
        replay."""
        real_clock, real_wallclock = self.clock, self.wallclock
        clock = _ReplayClock()
        self.clock = clock
        self._replaying = True
        night: dict | None = None
        debate: Entry | None = None
        events = 0
        try:
            for entry in entries:
                clock.t = entry.mono
                if entry.kind == "night":
                    night = entry.body
                    continue
                if entry.kind == "debate":
                    debate = entry
                    continue
                if entry.kind == "record":
                    record, stem = entry.body.get("record"), entry.body.get("stem")
                    if not isinstance(record, dict) or not isinstance(stem, str):
                        raise JournalError(BAD_ENTRY, f"entry {entry.seq}: a broken record")
                    self.records.add(record, stem)
                    continue
                event = entry.body
                if isinstance(event.get("at"), (int, float)):
                    clock.t = float(event["at"])
                finished = event.get("finished")
                if isinstance(finished, str):
                    try:
                        when = _dt.datetime.fromisoformat(finished)
                    except ValueError:
                        raise JournalError(DOES_NOT_REPLAY,
                                           f"entry {entry.seq}: bad date {finished!r}") from None
                    self.wallclock = lambda when=when: when
                try:
                    super().apply(event)
                except JournalError:
                    raise
                except Exception as e:  # a refusal or a bug: this journal cannot be trusted
                    raise JournalError(DOES_NOT_REPLAY, f"entry {entry.seq} "
                                       f"({event.get('type')!r}) does not replay: {e}") from None
                events += 1
                if event.get("type") in self.NIGHT_START_EVENTS:
                    night, debate = None, None
        finally:
            self.clock, self.wallclock = real_clock, real_wallclock
            self._replaying = False
        left = self._restore_debate(debate)
        cue, paused = None, False
        if self.phase == self.NIGHT_PHASE and night is not None \
                and night.get("of", self.night_marker()) == self.night_marker():
            c = night.get("cue")
            cue = c if isinstance(c, int) and not isinstance(c, bool) and c >= 0 else None
            paused = night.get("paused") is True
            self._night = (self.night_marker(), cue, paused)
        self.resumed = Resumed(self.phase, events, cue, paused, left)
        return self.resumed

    def _restore_debate(self, entry: Entry | None) -> float | None:
        """The countdown from its last entry: a running one has lost the time the app was
        down (its deadline is wall-clock time)."""
        s = self.state
        if s.day is None or entry is None:
            if s.day is not None:  # the countdown started but was never written: rebase it
                s.day.mark = self.now()
            live = s.day is not None and self.phase == self.DEBATE_PHASE
            return s.day.left(self.now()) if live else None
        b = entry.body
        try:
            length = float(b["length"])
            running = bool(b["running"])
            left = float(b["deadline"]) - self.wall() if running else float(b["left"])
            added = float(b.get("added", 0.0))
        except (KeyError, TypeError, ValueError):
            raise JournalError(DOES_NOT_REPLAY,
                               f"entry {entry.seq}: the debate countdown is unreadable") from None
        left = max(0.0, min(left, 3600.0))
        s.day = DayTimer(length=length, left_at_mark=left, mark=self.now(),
                         running=running and left > 0,
                         warned=bool(b.get("warned")) or length <= WARN_AT,
                         ended=bool(b.get("ended")), added=added)
        return left if self.phase == self.DEBATE_PHASE else None


class JournaledController(Journaled, Controller):
    """The one-night game's controller, journaled."""


def _journaled_classic() -> type:
    """The classic game's controller, journaled (``JournaledClassic``): the classic game's
    modules are imported the first time it is asked for, not with this module, so that the
    app's first frame does not wait for them (docs/performance.md)."""
    found = globals().get("JournaledClassic")
    if found is None:
        from .classic_flow import ClassicController

        class JournaledClassic(Journaled, ClassicController):
            """The classic game's controller, journaled."""

        JournaledClassic.__module__ = __name__
        JournaledClassic.__qualname__ = "JournaledClassic"
        globals()["JournaledClassic"] = found = JournaledClassic
    return found


def __getattr__(name: str) -> Any:
    if name == "JournaledClassic":
        return _journaled_classic()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _classic(*args: Any, **kw: Any) -> Any:
    """A new :class:`JournaledClassic` (its class made on first use)."""
    return _journaled_classic()(*args, **kw)


def baseline(ctl: Flow) -> list[dict]:
    """Events that rebuild the table's setup (players, cards) in a fresh controller."""
    return ctl.baseline()


#: Each game's journaled controller (or what makes one) and journal file, by game id.
GAMES: dict[str, tuple[Callable[..., Any], str]] = {
    "onenight": (JournaledController, FILENAME), "thiercelieux": (_classic, CLASSIC_FILENAME)}


def resume(opened: Opened, make: Callable[[JournalWriter], Any]) -> tuple[Any, dict | None]:
    """The controller of any game type from what :func:`open_journal` found. ``make(writer)``
    builds it around its journal's writer; its ``replay(entries)`` rebuilds the game (or
    raises :class:`JournalError`: the journal is then set aside, or held when it cannot be
    written, and a fresh controller made). Returns it and the problem to tell the host."""
    problem = opened.problem
    code = problem["code"] if problem else None
    ctl = make(JournalWriter(opened.journal, opened.entries, held=opened.held,
                             problem=problem["reason"] if code in ("not_saved", "held")
                             else None))
    if not opened.entries:
        return ctl, problem
    try:
        ctl.replay(opened.entries)
    except JournalError as e:  # read, but it does not replay
        if opened.held or not opened.journal.is_open:
            log.error("journal does not replay (%s): kept as it is, not written", e)
            return make(JournalWriter(opened.journal, held=True, problem=code and
                                      problem["reason"])), _problem("held", e.code)
        fresh = _set_aside(opened.journal, e)
        return make(JournalWriter(fresh.journal, held=fresh.held)), fresh.problem
    log.info("journal: game rebuilt from %d entries", len(opened.entries))
    return ctl, problem


def open_game(data_dir: str | os.PathLike, *, wall: Callable[[], float] = time.time,
              game: str = "onenight", **kw: Any) -> tuple[Journaled, dict | None]:
    """The controller for the app: the ``game`` in progress (``onenight`` or
    ``thiercelieux``) rebuilt from its journal in ``data_dir``, or a fresh one; the records
    waiting for the history saved if they can be. Returns it and, when something is wrong
    with the journal, the facts for a message on screen (see :class:`Opened`).
    :class:`JournalInUse` when another app holds the journal."""
    data_dir = Path(data_dir)
    opened = open_journal(data_dir / GAMES[game][1])  # (another app's? then nothing touched)
    remove_temporary(data_dir)  # what a kill left of a file being written
    return rebuild(data_dir, opened, wall=wall, game=game, **kw)


def rebuild(data_dir: str | os.PathLike, opened: Opened, *,
            wall: Callable[[], float] = time.time, game: str = "onenight",
            **kw: Any) -> tuple[Journaled, dict | None]:
    """:func:`open_game`'s second half: the controller of ``game`` from its journal as
    :func:`open_journal` found it (``opened``), which may have been opened a while before."""
    data_dir = Path(data_dir)
    kind = GAMES[game][0]
    ctl, problem = resume(opened, lambda writer: kind(
        data_dir / "history", wall=wall, writer=writer, **kw))
    ctl.history.clean()
    ctl.find_records()
    ctl.save_records()
    return ctl, problem


#: the events a game's journal holds between two games (its controller's ``baseline()``:
#: the table's setup), by game
SETUP_EVENTS = {"thiercelieux": frozenset({"players", "custom", "preset", "options", "houses"})}


def between_games(opened: Opened, game: str) -> bool:
    """Whether ``game``'s journal, as :func:`open_journal` found it, holds the table's setup
    and nothing else: no game under way, no record waiting for the history, nothing wrong.
    Such a journal can wait, open, until its game is played: the app then rebuilds it
    (:func:`rebuild`), and the game's modules are imported only then (docs/performance.md)."""
    setup = SETUP_EVENTS.get(game, frozenset())
    return (opened.problem is None and not opened.held and opened.journal.is_open
            and all(e.kind == "event" and e.body.get("type") in setup
                    for e in opened.entries))


__all__ = ["Journal", "JournalError", "JournalInUse", "JournalWriter", "Journaled",
           "JournaledController", "JournaledClassic", "Entry", "Opened", "Resumed", "SetAside",
           "open_game", "open_journal", "rebuild", "between_games", "resume", "baseline",
           "read_on_disk",
           "delete_set_aside", "export_set_aside", "restore_set_aside", "set_aside_journals",
           "set_aside_games",
           "FILENAME", "CLASSIC_FILENAME", "GAMES", "DAMAGE"]
