"""One app per data folder: the app holds an exclusive lock on its data folder while it runs.

Two apps on one folder would share the journal, the history and the settings, each writing
its own game over the other's. The lock is ``filelock``'s: on Linux and Android an ``flock``
on ``onenight.lock`` in the folder, which the system drops when the process ends, however it
ends (a crash or a SIGKILL leaves no stale lock to clear by hand).
"""

from __future__ import annotations

import logging
from pathlib import Path

from filelock import FileLock, Timeout

log = logging.getLogger(__name__)

LOCKNAME = "onenight.lock"


class AlreadyOpen(Exception):
    """Another app holds this data folder."""


def lock_data_dir(folder: str | Path) -> FileLock | None:
    """Take the lock on ``folder`` and return it (held until ``release()`` or the process
    ends). :class:`AlreadyOpen` if another process holds it. When the storage refuses the lock
    file (read-only, full), returns None: the app starts anyway, as it does when it cannot
    write its journal."""
    folder = Path(folder)
    lock = FileLock(str(folder / LOCKNAME), thread_local=False)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock.acquire(blocking=False)
    except Timeout:
        raise AlreadyOpen(str(folder)) from None
    except OSError as e:
        log.warning("data folder %s cannot be locked (%s): starting without the lock", folder, e)
        return None
    return lock


__all__ = ["AlreadyOpen", "LOCKNAME", "lock_data_dir"]
