"""Games on disk: one game record per file, in the history folder, both games': the one-night
game's finished games (``onenight-game/1``) and the classic game's, finished or not
(``thiercelieux-game/1``, saved as the game goes).

The folder is given by the caller (the app passes its user data folder), so this module
knows nothing of Kivy or of where it runs.

A record that carries its game's identity (``"game"``, given when the night starts and kept
in the journal) is saved once per game: saving the same game again replaces its record. So a
game confirmed, saved, and then confirmed again after the app was killed before it could
journal the confirmation is still one record.

Reading never trusts a file: each record is checked by the reader of its format
(:data:`READERS`, one per game type: a new game type adds its own), and one that fails is
listed as :class:`Unreadable` with the reason, never an error that escapes. What a reader
accepts is safe to show: seats in range, known teams, a verdict that follows from the record
(the one-night game's identities and votes; the classic game's phases, replayed).
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from onenight.common.formats import CLASSIC as CLASSIC_FORMAT
from onenight.rules.cards import ROLE
from onenight.rules.errors import RulesError
from onenight.rules.outcome import Outcome, resolve
from onenight.rules.record import FORMAT
from onenight.rules.scenarios import MAX_PLAYERS, MIN_PLAYERS

from . import storage
from .durable import BadJSON, make_dirs, read_json, remove_temporary, write_json


@dataclass(frozen=True)
class Entry:
    path: Path
    finished: str  # ISO date and time (a classic game not over: when it started)
    scenario: str  # the one-night scenario, or the classic preset ("custom": a deck of one's own)
    players: tuple[str, ...]
    winning_teams: tuple[str, ...]  # a classic game's winning side; () while it goes on
    winners: tuple[int, ...]
    dead: tuple[int, ...]
    game: str = "onenight"  # or "thiercelieux"
    over: bool = True  # False: a classic game saved as it went, not finished
    outcome: Outcome | None = None  # a one-night game's verdict, to show it again


@dataclass(frozen=True)
class Unreadable:
    """A file of the history that is not a record this app can show, and why."""

    path: Path
    reason: str


class BadRecord(ValueError):
    """A record a reader refuses; ``str()`` says why."""


def _seats(v: Any, n: int, what: str) -> tuple[int, ...]:
    if not isinstance(v, list) or any(isinstance(s, bool) or not isinstance(s, int)
                                      or not 0 <= s < n for s in v):
        raise BadRecord(f"{what}: expected seats of the {n} players")
    return tuple(v)


def verdict_json(o: Outcome) -> dict:
    """A one-night verdict as a record's ``outcome`` holds it (what the app announced, and
    why): what the controller saves, and what the verdict screen draws."""
    return {
        "roles": list(o.roles),
        "teams": [t.value for t in o.teams],
        "dead": list(o.dead),
        "winners": list(o.winners),
        "winning_teams": list(o.winning_teams),
        "deaths": deaths_json(o.deaths),
        "votes_received": list(o.counts),
        "protected": list(o.protected),
        "spared": list(o.spared),
        "verdicts": verdicts_json(o.verdicts),
    }


def deaths_json(deaths) -> list[dict]:
    """The deaths (``rules.outcome.Death``) as a record's ``outcome`` holds them."""
    return [{"seat": d.seat, "cause": d.cause.value, "votes": d.votes,
             **({"by": d.by} if d.by is not None else {})} for d in deaths]


def verdicts_json(verdicts) -> list[dict]:
    """Each team's verdict (``rules.outcome.Verdict``) as a record's ``outcome`` holds it."""
    return [{"team": v.team.value, "won": v.won, "reason": v.reason.value,
             **({"seat": v.seat} if v.seat is not None else {})} for v in verdicts]


def verdict_record(e: Entry) -> dict:
    """What the verdict screen draws for a one-night game of the history (``e.outcome`` not
    None): built from the verdict checked on reading, never from the file as it is now."""
    assert e.outcome is not None
    return {"players": list(e.players), "votes": list(e.outcome.votes),
            "finished": e.finished, "outcome": verdict_json(e.outcome)}


def read_one_night(d: dict, path: Path) -> Entry:
    """A one-night record (``onenight-game/1`` as the app saves it) as a history entry, or
    :class:`BadRecord`. The verdict is worked out again from the identities and the votes,
    and must be the one the record says was announced."""
    players = d.get("players")
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS \
            or not all(isinstance(p, str) and p for p in players):
        raise BadRecord(f"players: expected {MIN_PLAYERS} to {MAX_PLAYERS} names")
    n = len(players)
    o = d.get("outcome")
    if not isinstance(o, dict):
        raise BadRecord("outcome: missing")
    roles = o.get("roles")
    if not isinstance(roles, list) or len(roles) != n \
            or not all(isinstance(r, str) and r in ROLE for r in roles):
        raise BadRecord("outcome.roles: expected a known role per player")
    votes = d.get("votes")
    if not isinstance(votes, list):
        raise BadRecord("votes: expected a vote per player")
    try:
        outcome = resolve(roles, votes)
    except RulesError as e:
        raise BadRecord(str(e)) from None
    said = {"dead": _seats(o.get("dead"), n, "outcome.dead"),
            "winners": _seats(o.get("winners"), n, "outcome.winners"),
            "winning_teams": o.get("winning_teams")}
    if said != {"dead": outcome.dead, "winners": outcome.winners,
                "winning_teams": list(outcome.winning_teams)}:
        raise BadRecord("outcome: the verdict does not follow from the identities and votes")
    finished = d.get("finished", "")
    scenario = d.get("scenario") or ""
    if not isinstance(finished, str) or not isinstance(scenario, str):
        raise BadRecord("finished, scenario: expected text")
    return Entry(path, finished, scenario, tuple(players), tuple(outcome.winning_teams),
                 outcome.winners, outcome.dead, outcome=outcome)


def read_classic(d: dict, path: Path) -> Entry:
    """A classic record (``thiercelieux-game/1`` as the app saves it, finished or not) as a
    history entry, or :class:`BadRecord`. The record is replayed through the rules: a
    finished game's verdict (the winning side, its winners, who is alive) must be the one
    its outcome says; a game saved as it went shows who was alive as the table was told."""
    players = d.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise BadRecord("players: expected the players' names")
    o = d.get("outcome")
    if not isinstance(o, dict):
        raise BadRecord("outcome: missing")
    from onenight.classic.record import replay_outcome  # the classic game, when one is read

    try:
        got = replay_outcome(d)
    except RulesError as e:
        raise BadRecord(str(e)) from None
    n = len(got["sides"])
    if len(players) != n:
        raise BadRecord(f"players: expected {n} names, one per seat")
    side = got["winning_side"]
    said = (o.get("winning_side"), o.get("winners"))
    if said != (side, got["winners"]) or side is not None and o.get("alive") != got["alive"]:
        raise BadRecord("outcome: the verdict does not follow from the record's phases")
    alive = set(_seats(o.get("alive"), n, "outcome.alive"))
    when = d.get("finished") or d.get("started") or ""
    preset = d.get("preset") or "custom"
    if not isinstance(when, str) or not isinstance(preset, str):
        raise BadRecord("finished, started, preset: expected text")
    return Entry(path, when, preset, tuple(players), (side,) if side is not None else (),
                 tuple(got["winners"]), tuple(s for s in range(n) if s not in alive),
                 "thiercelieux", side is not None)


#: the reader of each record format, one per game type; a reader returns an :class:`Entry`
#: or raises BadRecord
Reader = Callable[[dict, Path], Entry]
READERS: dict[str, Reader] = {FORMAT: read_one_night, CLASSIC_FORMAT: read_classic}


class History:
    def __init__(self, folder: Path, readers: dict[str, Reader] | None = None):
        self.folder = Path(folder)
        self.readers = dict(READERS if readers is None else readers)
        self._read: dict[Path, tuple[tuple, Entry | Unreadable]] = {}  # by file and version

    def save(self, record: dict, stem: str) -> Path:
        """Write ``record`` as a new file named after ``stem``, or over the record of the same
        game (``record["game"]``) when there is one; returns its path. OSError on failure."""
        make_dirs(self.folder)
        game = record.get("game")
        found = self.find(game) if isinstance(game, str) and game else None
        if found is not None:
            write_json(found, record, indent=1)  # the same game again: its one record
            return found
        path = self.folder / f"{stem}.json"
        n = 1
        while path.exists():
            n += 1
            path = self.folder / f"{stem}-{n}.json"
        write_json(path, record, indent=1)  # never half a record, even after a power cut
        return path

    def _files(self) -> list[Path]:
        try:
            return sorted(self.folder.glob("*.json"), reverse=True)  # the newest first
        except OSError:
            return []

    def find(self, game: str) -> Path | None:
        """The record of the game whose identity is ``game``, if there is one."""
        for p in self._files():
            try:
                d = read_json(p)
            except (OSError, BadJSON):
                continue  # an unreadable record is not this game's (scan() lists it)
            if isinstance(d, dict) and d.get("game") == game:
                return p
        return None

    def read(self, path: Path) -> Entry | Unreadable:
        """One file of the history, checked (kept while the file does not change)."""
        try:
            st = path.stat()
            key = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError as e:
            return Unreadable(path, f"cannot be read ({e.strerror or e})")
        known = self._read.get(path)
        if known is not None and known[0] == key:
            return known[1]
        try:
            d = read_json(path, "a game record")
            if not isinstance(d, dict):
                raise BadRecord("not a game record (a JSON object)")
            reader = self.readers.get(d.get("format")) \
                if isinstance(d.get("format"), str) else None
            if reader is None:
                raise BadRecord(f"format: not one this app reads ({str(d.get('format'))[:40]})")
            got: Entry | Unreadable = reader(d, path)
        except OSError as e:
            return Unreadable(path, f"cannot be read ({e.strerror or e})")
        except (BadJSON, BadRecord) as e:
            got = Unreadable(path, str(e))
        self._read[path] = (key, got)
        return got

    def scan(self) -> tuple[list[Entry], list[Unreadable]]:
        """Saved games, newest first, and the files that could not be read, with why."""
        out: list[Entry] = []
        bad: list[Unreadable] = []
        files = self._files()
        for p in files:
            got = self.read(p)
            (out if isinstance(got, Entry) else bad).append(got)
        for p in set(self._read) - set(files):
            del self._read[p]
        out.sort(key=lambda e: e.finished, reverse=True)
        return out, bad

    def entries(self) -> tuple[list[Entry], int]:
        """Saved games, newest first, and how many files could not be read."""
        out, bad = self.scan()
        return out, len(bad)

    def prune(self, keep: int) -> list[Path]:
        """Delete the oldest games beyond the newest ``keep`` (0: keep them all), as the host
        chose in the settings; unreadable files are left for the host. Returns what went."""
        if keep <= 0:
            return []
        gone = []
        for e in self.scan()[0][keep:]:
            try:
                e.path.unlink()
                gone.append(e.path)
            except OSError:
                pass
        return gone

    def clean(self) -> None:
        """Remove what a save cut short left behind."""
        remove_temporary(self.folder)

    def export(self, paths: list[Path], target: Path) -> list[Path]:
        """Copy records into ``target`` (created if needed); raises OSError on failure."""
        target = Path(target).expanduser()
        make_dirs(target)
        done = []
        for p in paths:
            dest = target / Path(p).name
            shutil.copyfile(p, dest)
            done.append(dest)
        return done


class PendingRecords:
    """Games' records the history has not taken yet (the storage refused them).

    One per game controller, whatever the game type: a game's record is added (the one-night
    game's when it is confirmed, the classic game's at each new phase: a later one replaces
    the same game's), then saved at once if the storage takes it, else kept (the controller
    journals it too, across new games) and saved again by :meth:`save` at the app's next
    retry or at the next start. A game saved again replaces its own record
    (``History.save``), so a retry never doubles one. ``keep`` is the host's cap on the
    history (0: every game)."""

    def __init__(self, history: History):
        self.history = history
        self.items: list[tuple[dict, str]] = []  # (record, file stem)
        self.error: str | None = None  # why the last save failed (a storage code)
        self.keep = 0
        self.new = False  # a record was added since the last save

    def add(self, record: dict, stem: str) -> None:
        game = record.get("game")
        if isinstance(game, str) and game:  # the same game further on: its record replaced
            self.items = [(r, s) for r, s in self.items if r.get("game") != game]
        self.items.append((record, stem))
        self.new = True

    def save(self) -> list[tuple[dict, Path]]:
        """Save what waits; returns the records saved now and where."""
        self.new = False
        done, left = [], []
        for record, stem in self.items:
            try:
                path = self.history.save(record, stem)
            except OSError as err:
                self.error = storage.problem(err, self.history.folder) or storage.IO
                left.append((record, stem))
                continue
            done.append((record, path))
            if self.keep:  # the host chose to keep only the newest games
                self.history.prune(self.keep)
        self.items = left
        if not left:
            self.error = None
        return done

    def found(self) -> list[tuple[dict, Path]]:
        """After a restart: the records the history already holds as they are are no longer
        waiting; returns them and where they are."""
        done, left = [], []
        for record, stem in self.items:
            path = self._saved(record, stem)
            if path is None:
                left.append((record, stem))
            else:
                done.append((record, path))
        self.items = left
        self.new = False
        return done

    def _saved(self, record: dict, stem: str) -> Path | None:
        game = record.get("game")
        if isinstance(game, str) and game:
            path = self.history.find(game)
            try:  # an earlier record of the game (a classic game's last phase) is not it
                same = path is not None and read_json(path) == json.loads(json.dumps(record))
            except (OSError, BadJSON, TypeError, ValueError):
                same = False
            return path if same else None
        try:  # a game recorded before games had an identity: by its file name
            found = sorted(self.history.folder.glob(f"{stem}*.json"))
        except OSError:
            found = []
        return found[-1] if found else None
