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


def write_json(path: Path, data: Any, indent: int | None = None) -> None:
    """Write ``data`` as JSON to ``path`` atomically: a temporary file, fsynced, then renamed
    over the old one and the folder synced. A crash leaves the old file or the new, never half
    of one. Raises OSError when the disk refuses."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(json.dumps(data, ensure_ascii=False, indent=indent))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    sync_dir(path.parent)
