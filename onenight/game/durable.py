"""Files written whole or not at all, names that survive a power cut, and JSON files read
within limits.

Every file the app keeps (settings, history records, the box vote's round) is written with
:func:`write_json` and read with :func:`read_json`; folders are made with :func:`make_dirs`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from onenight.common.jsontext import MAX_BYTES, BadJSON, decode

TMP = ".tmp"  # the suffix of a file being written; never a file of the app's


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


def make_dirs(folder: Path, mode: int = 0o777) -> None:
    """Create ``folder`` and its missing parents, each creation made durable (its parent
    synced), as a file's is; ``folder`` itself is made with ``mode`` (less the umask). OSError
    when the storage refuses."""
    folder = Path(folder)
    missing = []
    p = folder
    while not p.exists():
        missing.append(p)
        if p.parent == p:
            break
        p = p.parent
    for p in reversed(missing):
        try:
            p.mkdir(mode=mode if p == folder else 0o777)
        except FileExistsError:
            if not p.is_dir():
                raise
            continue
        sync_dir(p.parent)


def private_folder(folder: Path) -> Path:
    """Create ``folder`` (and its parents) if needed, and make it reachable by its owner only
    (mode 0700). Raises OSError when it cannot be made so."""
    folder = Path(folder)
    make_dirs(folder, mode=0o700)
    if folder.stat().st_mode & 0o077:
        os.chmod(folder, 0o700)
    return folder


def write_json(path: Path, data: Any, indent: int | None = None, private: bool = False) -> None:
    """Write ``data`` as JSON to ``path`` atomically: a temporary file, fsynced, then renamed
    over the old one and the folder synced. A crash leaves the old file or the new, never half
    of one; a write the disk refuses leaves the old file and no temporary one. ``private``: the
    file is readable and writable by its owner only (mode 0600) from the moment it exists.
    Raises OSError when the disk refuses."""
    path = Path(path)
    tmp = path.with_name(path.name + TMP)
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    mode = 0o600 if private else 0o666  # 0666 less the umask, as open() would
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
        with open(fd, "w", encoding="utf-8") as f:
            if private:
                os.fchmod(fd, 0o600)  # a leftover temporary file keeps its old mode through O_CREAT
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    sync_dir(path.parent)


def read_json(path: Path, what: str = "a file this app saves") -> Any:
    """The JSON value in the file ``path`` (``what`` it should be, for the error): OSError
    when it cannot be read (FileNotFoundError when there is none), :class:`BadJSON` when what
    it holds is not JSON this app reads (too large, not UTF-8, not JSON, nested too deeply, a
    number too long)."""
    with open(path, "rb") as f:
        data = f.read(MAX_BYTES + 1)
    return decode(data, what)


def remove_temporary(folder: Path) -> None:
    """Remove what a write cut short left in ``folder`` (its ``*.tmp`` files)."""
    try:
        stale = list(Path(folder).glob("*" + TMP))
    except OSError:
        return
    for p in stale:
        try:
            p.unlink()
        except OSError:
            pass


__all__ = ["BadJSON", "make_dirs", "private_folder", "read_json", "remove_temporary", "sync_dir",
           "write_json"]
