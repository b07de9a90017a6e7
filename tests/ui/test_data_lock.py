"""The data folder's lock: one holder at a time, dropped when its process dies (even by
SIGKILL), and never a reason not to start when the storage refuses a lock file."""

from __future__ import annotations

import subprocess
import sys

import filelock
import pytest

from onenight.ui.data_lock import LOCKNAME, AlreadyOpen, lock_data_dir

HOLD = ("import sys\nfrom onenight.ui.data_lock import lock_data_dir\n"
        "lock = lock_data_dir(sys.argv[1])\nprint('held', flush=True)\nsys.stdin.read()\n")


def test_one_holder_at_a_time(tmp_path):
    data = tmp_path / "data"
    lock = lock_data_dir(data)  # creates the folder
    assert lock is not None and (data / LOCKNAME).exists()
    with pytest.raises(AlreadyOpen):
        lock_data_dir(data)
    lock.release()
    again = lock_data_dir(data)
    assert again is not None
    again.release()


def test_the_lock_goes_with_a_killed_process(tmp_path):
    p = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "held"
        with pytest.raises(AlreadyOpen):
            lock_data_dir(tmp_path)
    finally:
        p.kill()  # SIGKILL: no chance to release anything
        p.wait(timeout=30)
    lock = lock_data_dir(tmp_path)
    assert lock is not None
    lock.release()


def test_storage_that_refuses_the_lock_file_does_not_stop_the_app(tmp_path, monkeypatch):
    def refuse(self, *a, **kw):
        raise PermissionError(30, "Read-only file system")

    monkeypatch.setattr(filelock.FileLock, "acquire", refuse)
    assert lock_data_dir(tmp_path) is None
