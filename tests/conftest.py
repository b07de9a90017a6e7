"""Settings every test process shares, set before anything imports Kivy: Kivy quiet and
argument-free, SDL's dummy audio driver (real SDL2 playback with no sound card).

The suite runs in parallel worker processes (pytest-xdist; the rules a test follows to be
safe there are in tests/README.md). Two guards here:

- each test process has homes of its own for Kivy (its config and logs, written on first
  import: two processes writing ~/.kivy at once on a fresh machine can read each other's
  half-written config) and for the app's default data and voice folders (a test that
  forgets to give the app a data folder writes in a throw-away one, never in the user's or
  in another worker's); the processes a test starts inherit them;
- a run that leaves a new file in the repository fails, naming it: two workers writing the
  same file in the source tree would trip over each other (tmp_path is the place)."""

import atexit
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from hypothesis import settings

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

_homes = tempfile.mkdtemp(prefix="onenight-test-homes-")
atexit.register(shutil.rmtree, _homes, ignore_errors=True)
for _var in ("KIVY_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
    os.environ[_var] = os.path.join(_homes, _var.lower())
    os.mkdir(os.environ[_var])

# No per-example time limit: how fast a property runs is not what it tests, and a loaded
# machine (or the other worker) can make any example slow. Speed is measured in bench/.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

ROOT = Path(__file__).resolve().parent.parent


def _untracked() -> set[str] | None:
    """The repository's untracked files that git does not ignore (None outside a checkout)."""
    try:
        r = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"],
                           cwd=ROOT, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if r.returncode != 0:
        return None
    return {line[3:] for line in r.stdout.splitlines() if line.startswith("?? ")}


def pytest_sessionstart(session):
    if not hasattr(session.config, "workerinput"):  # the main process only, not each worker
        session.config._untracked_before = _untracked()


def pytest_sessionfinish(session, exitstatus):
    before = getattr(session.config, "_untracked_before", None)
    if before is None:
        return
    after = _untracked()
    new = sorted((after or set()) - before)
    if new:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        message = ("the tests left new files in the repository (write in tmp_path, see "
                   "tests/README.md): " + ", ".join(new))
        if reporter is not None:
            reporter.write("\n")
            reporter.write_line(message, red=True)
        session.exitstatus = 1
