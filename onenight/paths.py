"""Where onenight keeps its files on a Linux computer (the XDG base directory specification):

* the host's settings in ``$XDG_CONFIG_HOME/onenight`` (by default ``~/.config/onenight``);
* the games (the journal of the game in progress, the history, the vote box's keys) in
  ``$XDG_DATA_HOME/onenight`` (by default ``~/.local/share/onenight``), and voice packs in its
  ``voices/`` folder;
* what the app can compute again (the fonts' character maps) in ``$XDG_CACHE_HOME/onenight``
  (by default ``~/.cache/onenight``).

A variable that is unset, empty or not an absolute path is ignored, as the specification says.
On Android the app keeps everything in its own private folder instead (Kivy's
``user_data_dir``). This module imports nothing of the project.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

NAME = "onenight"
SETTINGS = "settings.json"


def _base(variable: str, default: str) -> Path:
    value = os.environ.get(variable, "")
    if os.path.isabs(value):
        return Path(value)
    return Path(os.path.expanduser("~")) / default


def config_dir() -> Path:
    """The folder of the host's settings."""
    return _base("XDG_CONFIG_HOME", ".config") / NAME


def data_dir() -> Path:
    """The folder of the games: journal, history, the box's keys."""
    return _base("XDG_DATA_HOME", os.path.join(".local", "share")) / NAME


def cache_dir() -> Path:
    """The folder of what the app can compute again (the fonts' character maps)."""
    return _base("XDG_CACHE_HOME", ".cache") / NAME


def move_games(old: Path, new: Path, keep: tuple[str, ...] = (SETTINGS,)) -> list[str]:
    """Move the games an earlier version kept in ``old`` (it kept everything in the settings'
    folder) into ``new``, when ``new`` has none yet: every entry of ``old`` but those named in
    ``keep`` (the settings, a lock file). Returns the names moved; nothing is ever overwritten
    or deleted."""
    old, new = Path(old), Path(new)
    if old == new or not old.is_dir():
        return []
    if new.is_dir() and any(p.name not in keep for p in new.iterdir()):
        return []  # the new folder already holds games: leave both as they are
    moved = []
    for entry in sorted(old.iterdir()):
        if entry.name in keep:
            continue
        new.mkdir(parents=True, exist_ok=True)
        shutil.move(str(entry), str(new / entry.name))
        moved.append(entry.name)
    return moved


__all__ = ["NAME", "SETTINGS", "config_dir", "data_dir", "move_games"]
