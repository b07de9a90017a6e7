"""The crash-safe journal: every change of a game is on disk before the table sees it.

A :class:`Journal` is one SQLite file (``journal.db`` in the app's data folder) holding the
entries of the game in progress, in order:

* ``event``: an event accepted by :meth:`Controller.apply`, as logged (completed with its
  chance and time, so it replays exactly);
* ``night``: the night's progress, the index of the cue being said and whether the host
  paused (``{"cue": 7, "paused": false}``; ``cue`` None: the night starts over);
* ``debate``: the debate countdown, with its deadline in wall-clock seconds while it runs,
  so the time that passes while the app is down counts.

Each entry is one SQLite transaction (write-ahead log, ``synchronous=FULL``): after a power
cut the file holds every entry whose write returned, and never half of one.

:class:`JournaledController` is the controller with the journal plugged in: ``apply``
writes the event before returning it to the screen. :func:`open_game` rebuilds the controller
from the journal at start-up; a journal that cannot be read or replayed is moved aside (the
app says so), never a crash. The journal holds the votes (and, with the cards on the tablet,
the deal and the night's choices): it is the app's private file, never shown nor exported,
and nothing here logs an event's content.
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

from .classic_flow import ClassicController
from .controller import Controller
from .durable import sync_dir
from .flow import Flow
from .timer import WARN_AT, DayTimer

log = logging.getLogger(__name__)

FORMAT = "onenight-journal/1"
FILENAME = "journal.db"
#: the classic game's journal, beside the one-night game's: each game has its own game in
#: progress, and "Resume" brings back either
CLASSIC_FILENAME = "classic-journal.db"


class JournalError(Exception):
    """The journal cannot be read or replayed; ``str()`` says what was wrong."""


@dataclass(frozen=True)
class Entry:
    seq: int
    kind: str  # event | night | debate
    body: dict
    mono: float  # the controller's clock when written
    wall: float  # wall-clock seconds (time.time) when written


class Journal:
    """An append-only list of entries in one SQLite file. Not thread-safe: the UI thread
    owns it."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self._db: sqlite3.Connection | None = None

    # ---- opening ----------------------------------------------------------------------------
    def open(self) -> None:
        """Open (creating if needed) and check the file; :class:`JournalError` if unusable."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise JournalError(f"cannot create its folder ({e})") from None
        new = not self.path.exists()
        try:
            db = sqlite3.connect(str(self.path), isolation_level=None)
        except sqlite3.Error as e:
            raise JournalError(f"cannot open it ({e})") from None
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            ok = db.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                raise JournalError(f"the file is damaged ({ok[0] if ok else 'no answer'})")
            db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
            db.execute("CREATE TABLE IF NOT EXISTS entries (seq INTEGER PRIMARY KEY, "
                       "kind TEXT NOT NULL, body TEXT NOT NULL, mono REAL, wall REAL)")
            row = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
            if row is None:
                db.execute("INSERT INTO meta VALUES ('format', ?)", (FORMAT,))
            elif row[0] != FORMAT:
                raise JournalError(f"unknown format {row[0]!r} (this app writes {FORMAT})")
        except sqlite3.Error as e:
            db.close()
            raise JournalError(f"not a journal this app can read ({e})") from None
        except JournalError:
            db.close()
            raise
        if new:
            sync_dir(self.path.parent)
            try:
                os.chmod(self.path, 0o600)  # it holds the votes: the app's eyes only
            except OSError:
                pass
        self._db = db

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # ---- reading and writing ------------------------------------------------------------------
    def entries(self) -> list[Entry]:
        """Every entry in order; :class:`JournalError` if one cannot be read."""
        assert self._db is not None
        out = []
        try:
            rows = self._db.execute("SELECT seq, kind, body, mono, wall FROM entries "
                                    "ORDER BY seq").fetchall()
        except sqlite3.Error as e:
            raise JournalError(f"cannot read the entries ({e})") from None
        for seq, kind, body, mono, wall in rows:
            try:
                data = json.loads(body)
            except (TypeError, ValueError):
                raise JournalError(f"entry {seq} is not JSON") from None
            if kind not in ("event", "night", "debate") or not isinstance(data, dict):
                raise JournalError(f"entry {seq} is not an event, night or debate entry")
            if not isinstance(mono, (int, float)) or not isinstance(wall, (int, float)):
                raise JournalError(f"entry {seq} has no time")
            out.append(Entry(seq, kind, data, float(mono), float(wall)))
        return out

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
        assert self._db is not None
        rows = [(k, json.dumps(b, ensure_ascii=False, default=str), m, w)
                for k, b, m, w in items]
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            if replace:
                db.execute("DELETE FROM entries")
            db.executemany("INSERT INTO entries (kind, body, mono, wall) VALUES (?, ?, ?, ?)",
                           rows)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def set_aside(self) -> Path:
        """Move the file (and SQLite's side files) out of the way; returns the new name."""
        self.close()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.stem}-unreadable-{stamp}{self.path.suffix}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(
                f"{self.path.stem}-unreadable-{stamp}-{n}{self.path.suffix}")
        for suffix in ("-wal", "-shm"):
            side = Path(str(self.path) + suffix)
            if side.exists():
                os.replace(side, Path(str(target) + suffix))
        if self.path.exists():
            os.replace(self.path, target)
        sync_dir(self.path.parent)
        return target


# ---- the controller with its journal ---------------------------------------------------------

class _ReplayClock:
    """The time of the entry being replayed."""

    def __init__(self):
        self.t = 0.0

    def now(self) -> float:
        return self.t


class _ReplayHistory:
    """History during a replay: the finished game was saved when it was played; find it."""

    def __init__(self, history):
        self.inner = history

    def save(self, record: dict, stem: str) -> Path:
        game = record.get("game")
        if isinstance(game, str) and game:  # the record of this very game
            path = self.inner.find(game)
            if path is None:
                raise OSError(f"the record of game {game} is not in the history")
            return path
        folder = self.inner.folder  # a game journaled before games had an identity
        found = sorted(folder.glob(f"{stem}*.json")) if folder.is_dir() else []
        if not found:
            raise OSError(f"the record {stem}.json is not in the history")
        return found[-1]

    def __getattr__(self, name):
        return getattr(self.inner, name)


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
    follows and the night it belongs to (``night_marker``).

    ``wall`` gives wall-clock seconds (``time.time``). When a write fails (disk full,
    read-only), the game goes on and ``journal_error`` says why, for the app to show.
    """

    def __init__(self, history_dir: Path, journal: Journal | None = None, *,
                 wall: Callable[[], float] = time.time, **kw: Any):
        super().__init__(history_dir, **kw)
        self.journal = journal
        self.wall = wall
        self.journal_error: str | None = None
        self.resumed: Resumed | None = None
        self._night: tuple | None = None  # last night progress written

    # ---- writing ------------------------------------------------------------------------------
    def _write(self, *items: tuple[str, dict]) -> None:
        """Write entries in one transaction (all or none of them). After a failed write
        nothing more is written until the next game rewrites the journal whole: a journal
        with a hole could rebuild a game that never was; one that stops is an older truth."""
        if self.journal is None or self.journal_error is not None:
            return
        now, wall = self.now(), self.wall()
        try:
            self.journal.append_all([(kind, body, now, wall) for kind, body in items])
        except (sqlite3.Error, OSError, ValueError, TypeError) as e:
            self._failed(e)

    def _failed(self, e: Exception) -> None:
        self.journal_error = f"{e.__class__.__name__}: {e}"
        log.error("journal: cannot write (%s); the game goes on without it", self.journal_error)

    def apply(self, event: dict) -> dict:
        done = super().apply(event)
        kind = done["type"]
        if kind in self.RESTART_EVENTS:
            self._restart()
            return done
        if self.countdown_changed(done) and self.state.day is not None:
            self._write(("event", done), ("debate", self._debate()))
        else:
            self._write(("event", done))
        return done

    def _debate(self) -> dict:
        d = self.state.day
        assert d is not None
        left = d.left(self.now())
        return {"length": d.length, "left": left, "running": d.running,
                "deadline": self.wall() + left if d.running else None,
                "warned": d.warned, "ended": d.ended}

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
        """The game in progress is over: the journal keeps only the table's setup."""
        if self.journal is None:
            return
        now, wall = self.now(), self.wall()
        try:
            self.journal.replace([("event", e, now, wall) for e in self.baseline()])
        except (sqlite3.Error, OSError, ValueError, TypeError) as e:
            self._failed(e)
        else:
            self.journal_error = None  # whole again
        self._night = None

    # ---- replaying ----------------------------------------------------------------------------
    def replay(self, entries: list[Entry]) -> Resumed:
        """Rebuild the game from ``entries`` (nothing is written); JournalError if one does not
        replay."""
        real_clock, real_wallclock, real_history = self.clock, self.wallclock, self.history
        journal, self.journal = self.journal, None
        clock = _ReplayClock()
        self.clock, self.history = clock, _ReplayHistory(real_history)
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
                event = entry.body
                if isinstance(event.get("at"), (int, float)):
                    clock.t = float(event["at"])
                finished = event.get("finished")
                if isinstance(finished, str):
                    try:
                        when = _dt.datetime.fromisoformat(finished)
                    except ValueError:
                        raise JournalError(f"entry {entry.seq}: bad date {finished!r}") from None
                    self.wallclock = lambda when=when: when
                try:
                    super().apply(event)
                except JournalError:
                    raise
                except Exception as e:  # a refusal or a bug: this journal cannot be trusted
                    raise JournalError(f"entry {entry.seq} ({event.get('type')!r}) does not "
                                       f"replay: {e}") from None
                events += 1
                if event.get("type") in self.NIGHT_START_EVENTS:
                    night, debate = None, None
        finally:
            self.clock, self.wallclock, self.history = real_clock, real_wallclock, real_history
            self.journal = journal
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
        except (KeyError, TypeError, ValueError):
            raise JournalError(f"entry {entry.seq}: the debate countdown is unreadable") from None
        left = max(0.0, min(left, 3600.0))
        s.day = DayTimer(length=length, left_at_mark=left, mark=self.now(),
                         running=running and left > 0,
                         warned=bool(b.get("warned")) or length <= WARN_AT,
                         ended=bool(b.get("ended")))
        return left if self.phase == self.DEBATE_PHASE else None


class JournaledController(Journaled, Controller):
    """The one-night game's controller, journaled."""


class JournaledClassic(Journaled, ClassicController):
    """The classic game's controller, journaled."""


def baseline(ctl: Flow) -> list[dict]:
    """Events that rebuild the table's setup (players, cards) in a fresh controller."""
    return ctl.baseline()


#: Each game's journaled controller and journal file, by game id.
GAMES: dict[str, tuple[type, str]] = {"onenight": (JournaledController, FILENAME),
                                      "thiercelieux": (JournaledClassic, CLASSIC_FILENAME)}


def open_game(data_dir: str | os.PathLike, *, wall: Callable[[], float] = time.time,
              game: str = "onenight", **kw: Any) -> tuple[Journaled, dict | None]:
    """The controller for the app: the ``game`` in progress (``onenight`` or
    ``thiercelieux``) rebuilt from its journal in ``data_dir``, or a fresh one. Returns it and,
    when the journal had to be set aside, the facts of what happened (``reason``, ``name``) for
    a message on screen."""
    data_dir = Path(data_dir)
    kind, filename = GAMES[game]
    journal = Journal(data_dir / filename)
    ctl = kind(data_dir / "history", journal, wall=wall, **kw)
    problem = None
    try:
        journal.open()
        entries = journal.entries()
        if entries:
            r = ctl.replay(entries)
            log.info("journal: game rebuilt in phase %s from %d events", r.phase, r.events)
    except JournalError as e:
        reason = str(e)
        if not journal.path.exists():  # nothing to set aside: the storage refuses a journal
            log.error("journal cannot be created (%s): the game is not saved as it goes", reason)
            ctl.journal, ctl.journal_error = None, reason
            return ctl, None
        try:
            moved = journal.set_aside()
            name = moved.name
        except OSError as err:
            name = f"(could not be moved: {err})"
        log.error("journal unreadable (%s): set aside as %s; starting afresh", reason, name)
        problem = {"reason": reason, "name": name}
        ctl = kind(data_dir / "history", journal, wall=wall, **kw)
        try:
            journal.open()
        except JournalError as err:  # cannot even start a new one: play without it
            ctl.journal = None
            ctl.journal_error = str(err)
    return ctl, problem


__all__ = ["Journal", "JournalError", "Journaled", "JournaledController", "JournaledClassic",
           "Entry", "Resumed", "open_game", "baseline", "FILENAME", "CLASSIC_FILENAME", "GAMES"]
