"""Settings every test process shares, set before anything imports Kivy: Kivy quiet and
argument-free, SDL's dummy audio driver (real SDL2 playback with no sound card).

The suite is hermetic and runs in parallel worker processes (pytest-xdist; the rules a test
follows to be safe there are in tests/README.md). Guards here:

- what an earlier install left on this machine (Kivy's configuration in ~/.kivy, onenight's
  settings, games and voice packs in the XDG folders, an ONENIGHT_* variable in the shell
  but the suite's own ONENIGHT_FUZZ)
  never reaches a test: each test process has homes of its own for Kivy and for the app's
  default data and voice folders, removed at the end (two processes writing ~/.kivy at once can
  read each other's half-written config; a test that forgets to give the app a data folder
  writes in a throw-away one); the processes a test starts inherit them;
- a run that leaves a new file in the repository fails, naming it: two workers writing the
  same file in the source tree would trip over each other (tmp_path is the place)."""

import atexit
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from hypothesis import settings

_HOME = tempfile.mkdtemp(prefix="onenight-tests-")
atexit.register(shutil.rmtree, _HOME, True)
for _name in ("KIVY_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
    os.environ[_name] = os.path.join(_HOME, _name.lower())
    os.makedirs(os.environ[_name])
#: the suite's own knobs, which a run is given on purpose (scripts/fuzz-long)
KEEP = {"ONENIGHT_FUZZ"}
for _name in [n for n in os.environ if n.startswith("ONENIGHT_") and n not in KEEP]:
    del os.environ[_name]

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Kivy's window and clock for the UI tests, set here, before any test module is collected:
# Kivy reads its frame cap once, when something first imports kivy.clock, and a module of
# tests/reliability (collected before tests/ui) imports the screens. With Kivy's default cap
# (60 frames a second) every Clock.tick slept to the next sixtieth of a second: a settle()
# of a UI test, 8 ticks, took 133 ms of wall time for under 1 ms of CPU. Checked by the
# session's app (tests/ui/conftest.py).
from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", "1280")
Config.set("graphics", "height", "800")
Config.set("graphics", "resizable", "0")
Config.set("graphics", "maxfps", "0")  # never wait for the next frame

# voice packs' clips made ready to play go to a folder of this run, not the user's cache
if "ONENIGHT_CACHE" not in os.environ:
    os.environ["ONENIGHT_CACHE"] = tempfile.mkdtemp(prefix="onenight-cache-")
    atexit.register(shutil.rmtree, os.environ["ONENIGHT_CACHE"], True)


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


#: where the long tests are (real windows walked through whole games, real app and box
#: processes): run first, so that the run ends on short tests
SLOW_FIRST = ("ui", "reliability")
#: before them, the longest of all: the installed wheel's tests (its set-up builds the wheel
#: and a virtual environment, once per worker that runs one of them; then the screenshot
#: tour, two processes of a minute each), then the files of whole games by taps and of
#: layout walks (20 to 40 s of CPU a test). pytest-xdist's work stealing takes tests from the
#: end of a worker's queue: what is first stays with the worker that started it, so the
#: wheel is built once, and the run's last minutes are the short tests.
LONGEST_FIRST = ("test_install.py", "ui/test_classic_quebec.py", "ui/test_layout.py",
                 "ui/test_classic_games.py", "ui/test_classic_cast.py",
                 "ui/test_classic_quebec_states.py", "ui/test_classic_village.py",
                 "ui/test_tablet_game.py", "reliability/test_kill_resume.py", "ui/test_game.py",
                 "ui/test_tapthrough.py")


def pytest_collection_modifyitems(session, config, items):
    """The long tests first. pytest-xdist's work stealing hands each worker a run of the
    collection and lets an idle one take the end of the other's queue: with the walks of
    tests/ui last (as the folders' names put them), both workers ended the run on whole
    games, one after the other. Every worker sorts the same way, as xdist requires (the sort
    is stable: within a rank, the collection's order)."""
    def rank(item):
        try:
            parts = Path(str(item.path)).relative_to(ROOT / "tests").parts
        except ValueError:  # a test from elsewhere, named on the command line
            return (3, 0)
        name = "/".join(parts)
        if name in LONGEST_FIRST:
            return (0, LONGEST_FIRST.index(name))
        return (1, 0) if parts[0] in SLOW_FIRST else ((2, 0) if len(parts) == 1 else (3, 0))
    items.sort(key=rank)


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


import pytest  # noqa: E402

ASOUNDRC = """pcm.!default {{
  type plug
  slave {{
    pcm {{
      type file
      slave.pcm "null"
      file "/dev/null"
      infile "{raw}"
      format "raw"
    }}
    format S16_LE
    rate {rate}
    channels 1
  }}
}}
"""


@pytest.fixture
def file_microphone(tmp_path, monkeypatch):
    """A real input device that hears a file: ALSA's ``file`` plugin reading raw samples,
    over its ``null`` device, as the default capture device, and PortAudio made to look
    again. ``use(samples, rate)`` sets what it hears (``None``: no device at all)."""
    import numpy as np

    def use(samples, rate=22050):
        home = tmp_path / "home"
        home.mkdir(exist_ok=True)
        if samples is not None:
            raw = tmp_path / "microphone.raw"
            (np.clip(samples, -1, 1) * 32767).astype("<i2").tofile(raw)
            (home / ".asoundrc").write_text(ASOUNDRC.format(raw=raw, rate=rate))
        else:
            (home / ".asoundrc").write_text("pcm.!default { type hw card 99 }\n")
        monkeypatch.setenv("HOME", str(home))
        rescan()

    def rescan():
        import sounddevice

        sounddevice._terminate()
        sounddevice._initialize()

    yield use
    monkeypatch.undo()
    rescan()
