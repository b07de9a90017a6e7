"""Files written whole or not at all, and names that survive a power cut."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


def sync_dir(folder: Path) -> None:
    """Make a file's creation or renaming in ``folder`` durable (POSIX; a no-op where folders
    cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_json(path: Path, data: Any, indent: int | None = None, private: bool = False) -> None:
    """Write ``data`` as JSON to ``path`` atomically: a temporary file, fsynced, then renamed
    over the old one and the folder synced. A crash leaves the old file or the new, never half
    of one. ``private``: the file is readable and writable by its owner only (mode 0600)
    from the moment it exists. Raises OSError when the disk refuses."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    mode = 0o600 if private else 0o666  # 0666 less the umask, as open() would
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    if private:
        os.fchmod(fd, 0o600)  # a leftover temporary file keeps its old mode through O_CREAT
    with open(fd, "w", encoding="utf-8") as f:
        f.write(json.dumps(data, ensure_ascii=False, indent=indent))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    sync_dir(path.parent)


def private_folder(folder: Path) -> Path:
    """Create ``folder`` (and its parents) if needed, and make it reachable by its owner only
    (mode 0700). Raises OSError when it cannot be made so."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    if folder.stat().st_mode & 0o077:
        os.chmod(folder, 0o700)
    return folder
