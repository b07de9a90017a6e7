"""What went wrong with the storage, as one word the app can say in the host's language.

A file can fail the app for two opposite reasons. The *storage* refuses (it is full, read-only,
not the app's to write, failing, or the file is held by another app): the file is fine and
must be kept as it is, and the app tries again later. Or the *content* is bad (damage): the
file is set aside. :func:`problem` tells which; every part of the app that reads or writes its
files (the journal, the history, the settings) asks it, so the answers are the same everywhere.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

FULL = "full"  # no space left (or a file grown past what the system allows)
READ_ONLY = "read_only"  # the storage is mounted read-only
NO_ACCESS = "no_access"  # the app may not write (or read) there
IO = "io"  # the storage reports an input/output error
CANNOT_OPEN = "cannot_open"  # the file or its folder cannot be opened or made
BUSY = "busy"  # another program holds the file
CODES = (FULL, READ_ONLY, NO_ACCESS, IO, CANNOT_OPEN, BUSY)

_ERRNO = {errno.ENOSPC: FULL, errno.EDQUOT: FULL, errno.EFBIG: FULL, errno.EROFS: READ_ONLY,
          errno.EACCES: NO_ACCESS, errno.EPERM: NO_ACCESS, errno.EIO: IO,
          errno.ENOENT: CANNOT_OPEN, errno.ENOTDIR: CANNOT_OPEN, errno.EISDIR: CANNOT_OPEN,
          errno.EEXIST: CANNOT_OPEN, errno.EBUSY: BUSY, errno.EAGAIN: BUSY}
# SQLite's primary result codes that are about the storage; the others are about the content
_SQLITE = {"FULL": FULL, "READONLY": READ_ONLY, "PERM": NO_ACCESS, "AUTH": NO_ACCESS,
           "IOERR": IO, "CANTOPEN": CANNOT_OPEN, "BUSY": BUSY, "LOCKED": BUSY, "NOLFS": FULL}


def problem(e: BaseException, folder: str | os.PathLike | None = None) -> str | None:
    """The storage problem behind ``e`` (one of :data:`CODES`), or None when ``e`` is about
    what a file holds. SQLite says "disk I/O error" for a full disk too: with ``folder``, a
    vague answer is made precise from the state of the storage itself."""
    code: str | None
    if isinstance(e, sqlite3.Error):
        name = getattr(e, "sqlite_errorname", None) or ""
        code = _SQLITE.get(name.split("_")[1] if name.startswith("SQLITE_") else "")
    elif isinstance(e, OSError):
        code = _ERRNO.get(e.errno or 0, IO)
    else:
        return None
    if code in (IO, CANNOT_OPEN) and folder is not None:
        code = diagnose(folder) or code
    return code


def diagnose(folder: str | os.PathLike) -> str | None:
    """What the storage holding ``folder`` says of itself: read-only, full, or not writable
    by the app; None when it looks fine."""
    p = Path(folder)
    while not p.exists() and p.parent != p:
        p = p.parent
    try:
        st = os.statvfs(p)
    except OSError:
        return None
    if st.f_flag & os.ST_RDONLY:
        return READ_ONLY
    if st.f_bavail == 0 or (st.f_files and st.f_favail == 0):  # no block, or no inode left
        return FULL
    if not os.access(p, os.W_OK):
        return NO_ACCESS
    return None


__all__ = ["BUSY", "CANNOT_OPEN", "CODES", "FULL", "IO", "NO_ACCESS", "READ_ONLY", "diagnose",
           "problem"]
