"""The host's settings and the last group of players, kept as one JSON file.

A missing or damaged file never stops the app: it falls back to the defaults and says why. A
file whose content is bad is kept as ``settings.json.bad`` (:func:`open_settings`) before the
defaults are ever saved over it.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from onenight.rules.steps import STEP

from .durable import BadJSON, read_json, sync_dir, write_json

LANGUAGES = ("fr", "en")
ROLE_SECONDS = (3, 60)  # the range of one role's time at night


@dataclass
class Settings:
    language: str = "fr"
    voice_pack: str = "standard"
    voice_volume: float = 0.9  # 0..1
    ambience_volume: float = 0.4  # 0..1
    night_pace: int = 100  # percent of the standard time each role gets at night
    role_seconds: dict = field(default_factory=dict)  # step id -> seconds, the host's own times
    jitter_seconds: int = 2  # random extra time per step, so silence tells nothing
    debate_minutes: int = 5
    history_keep: int = 0  # finished games kept in the history (0: all of them)
    box_address: str = ""  # empty: play without a box
    last_players: list[str] = field(default_factory=list)
    #: the last group of the classic game (Thiercelieux), remembered apart: 6 to 18 players
    classic_players: list[str] = field(default_factory=list)

    LIMITS = {
        "voice_volume": (0.0, 1.0), "ambience_volume": (0.0, 1.0),
        "night_pace": (50, 200), "jitter_seconds": (0, 5), "debate_minutes": (1, 15),
        "history_keep": (0, 1000),
    }

    def clamp(self) -> "Settings":
        if self.language not in LANGUAGES:
            self.language = "fr"
        for name, (lo, hi) in self.LIMITS.items():
            kind = type(getattr(Settings(), name))
            try:
                v = kind(getattr(self, name))
            except (TypeError, ValueError, OverflowError):  # OverflowError: int(1e400)
                v = getattr(Settings(), name)
            if v != v:  # NaN: no place between the limits
                v = getattr(Settings(), name)
            setattr(self, name, min(hi, max(lo, v)))
        if not isinstance(self.role_seconds, dict):
            self.role_seconds = {}
        clean = {}
        for step, v in self.role_seconds.items():
            if step in STEP and isinstance(v, (int, float)) and not isinstance(v, bool):
                clean[step] = int(min(ROLE_SECONDS[1], max(ROLE_SECONDS[0], v)))
        self.role_seconds = clean
        if not isinstance(self.last_players, list):
            self.last_players = []
        self.last_players = [str(n) for n in self.last_players][:10]
        if not isinstance(self.classic_players, list):
            self.classic_players = []
        self.classic_players = [str(n) for n in self.classic_players][:18]
        self.box_address = str(self.box_address or "")
        self.voice_pack = str(self.voice_pack or "standard")
        return self


def load_settings(path: Path) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and why: ``settings_unreadable`` when the storage
    refuses to read the file, ``settings_bad`` when what it holds is not settings."""
    try:
        data = read_json(Path(path))
    except FileNotFoundError:
        return Settings(), None
    except OSError:
        return Settings(), "settings_unreadable"
    except BadJSON:  # not JSON, too deep ("[[[[..."), too large, a number too long
        return Settings(), "settings_bad"
    if not isinstance(data, dict):
        return Settings(), "settings_bad"
    known = {f.name for f in fields(Settings)}
    s = Settings(**{k: v for k, v in data.items() if k in known})
    return s.clamp(), None


def open_settings(path: Path) -> tuple[Settings, str | None]:
    """:func:`load_settings` for the app that will save them: a bad file is first renamed
    ``settings.json.bad``, so the defaults saved later never replace the host's only copy."""
    settings, problem = load_settings(path)
    if problem == "settings_bad":
        path = Path(path)
        try:
            os.replace(path, path.with_name(path.name + ".bad"))
            sync_dir(path.parent)
        except OSError:
            problem = "settings_unreadable"  # the storage refuses: no save will replace it
    return settings, problem


def save_settings(path: Path, settings: Settings) -> None:
    """Write atomically: a crash mid-write leaves the previous file intact."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_json(path, asdict(settings), indent=1)
