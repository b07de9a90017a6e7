"""Games on disk: one game record per file, in the history folder, both games': the one-night
game's finished games (``onenight-game/1``) and the classic game's, finished or not
(``thiercelieux-game/1``, saved as the game goes).

The folder is given by the caller (the app passes its user data folder), so this module
knows nothing of Kivy or of where it runs.

A record that carries its game's identity (``"game"``, given when the night starts and kept
in the journal) is saved once per game: saving the same game again replaces its record. So a
game confirmed, saved, and then confirmed again after the app was killed before it could
journal the confirmation is still one record.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from .durable import write_json


CLASSIC_FORMAT = "thiercelieux-game/1"


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


def _entry(path: Path, d: dict) -> Entry:
    """A history entry from a record of either game (KeyError, TypeError when unreadable)."""
    o = d["outcome"]
    players = tuple(str(x) for x in d["players"])
    if d.get("format") == CLASSIC_FORMAT:
        side = o["winning_side"]
        alive = set(o["alive"])
        over = side is not None
        return Entry(path, str(d.get("finished") or d.get("started") or ""),
                     str(d.get("preset") or "custom"), players, (str(side),) if over else (),
                     tuple(o["winners"]), tuple(s for s in range(len(players)) if s not in alive),
                     "thiercelieux", over)
    return Entry(path, str(d.get("finished", "")), str(d.get("scenario", "")), players,
                 tuple(o["winning_teams"]), tuple(o["winners"]), tuple(o["dead"]))


class History:
    def __init__(self, folder: Path):
        self.folder = Path(folder)

    def save(self, record: dict, stem: str) -> Path:
        """Write ``record`` as a new file named after ``stem``, or over the record of the same
        game (``record["game"]``) when there is one; returns its path. OSError on failure."""
        self.folder.mkdir(parents=True, exist_ok=True)
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

    def find(self, game: str) -> Path | None:
        """The record of the game whose identity is ``game``, if there is one."""
        if not self.folder.is_dir():
            return None
        for p in sorted(self.folder.glob("*.json"), reverse=True):  # the newest first
            try:
                text = p.read_text(encoding="utf-8")
                if game in text and json.loads(text).get("game") == game:
                    return p
            except (OSError, ValueError, AttributeError):
                continue  # an unreadable record is not this game's (entries() counts it)
        return None

    def entries(self) -> tuple[list[Entry], int]:
        """Saved games, newest first, and how many files could not be read."""
        out, bad = [], 0
        if not self.folder.is_dir():
            return [], 0
        for p in sorted(self.folder.glob("*.json"), reverse=True):
            try:
                out.append(_entry(p, json.loads(p.read_text(encoding="utf-8"))))
            except (OSError, ValueError, KeyError, TypeError, AttributeError):
                bad += 1
        out.sort(key=lambda e: e.finished, reverse=True)
        return out, bad

    def export(self, paths: list[Path], target: Path) -> list[Path]:
        """Copy records into ``target`` (created if needed); raises OSError on failure."""
        target = Path(target).expanduser()
        target.mkdir(parents=True, exist_ok=True)
        done = []
        for p in paths:
            dest = target / Path(p).name
            shutil.copyfile(p, dest)
            done.append(dest)
        return done
