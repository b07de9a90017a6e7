"""onenight as a user installs it: the wheel built from this checkout, installed with the app
extra into a fresh virtual environment, every command run from a folder outside the
repository with nothing of the checkout on the path.

* The wheel carries every file of the packages: the voice's clips and the ambience, the kv
  files, the translations, the sounds, the pin map.
* ``onenight narrate --dry-run`` plans a night from the installed clips, and a real night
  plays through SDL's dummy sound device until SIGTERM stops it.
* ``onenight screenshots`` renders every screen at both sizes, leaving no temporary folder.
* ``onenight adjudicate`` reads the example record of docs/examples.
* ``onenight-box --help``, without the box extra, says which extra to install.

The wheel is built and installed once for this file, from pip's cache and the package
registry, and deleted after its last test."""

from __future__ import annotations

import json
import os
import shutil
import signal
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.narration.test_narrate_cli import read_until

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("onenight", "onenight_box")


class Install:
    def __init__(self, base: Path):
        self.base = base
        self.wheel: Path | None = None
        self.venv = base / "venv"
        self.home = base / "home"
        self.work = base / "work"  # where the user runs the commands

    def build(self) -> None:
        src = self.base / "src"  # a copy: building in the checkout would leave build/ there
        shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
            ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
            ".hypothesis", "tests", "bench", "docs", "hw", "scripts"))
        dist = self.base / "dist"
        self.pip("wheel", "--no-deps", "-w", str(dist), str(src))
        (self.wheel,) = dist.glob("onenight-*.whl")
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(self.venv)],
                       check=True, timeout=120)
        # --no-compile: pip would otherwise compile every module of every library (SciPy's
        # thousands) ahead of time, 40% of this set-up's CPU and of the folder the run then
        # deletes; Python compiles what the commands import, as they import it.
        self.pip("--python", str(self.venv / "bin" / "python"), "install", "--no-compile",
                 f"{self.wheel}[app]")
        self.home.mkdir()
        self.work.mkdir()

    @staticmethod
    def pip(*args: str) -> None:
        r = subprocess.run([sys.executable, "-m", "pip", "-q", *args], capture_output=True,
                           text=True, timeout=600)
        assert r.returncode == 0, r.stdout + r.stderr

    def env(self, **extra) -> dict:
        """A user's environment: the installed commands first on the path, nothing of the
        checkout or of the test run (Python path, Kivy, XDG or onenight settings)."""
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("KIVY_", "ONENIGHT_", "XDG_", "PYTHON"))}
        path = [p for p in os.environ.get("PATH", "").split(os.pathsep)
                if p and not Path(p).resolve().is_relative_to(ROOT)]
        env.update(PATH=os.pathsep.join([str(self.venv / "bin"), *path]), HOME=str(self.home),
                   SDL_AUDIODRIVER="dummy", **extra)
        return env

    def run(self, *argv: str, **extra) -> subprocess.CompletedProcess:
        return subprocess.run(argv, cwd=self.work, env=self.env(**extra), capture_output=True,
                              text=True, timeout=300)

    def start(self, *argv: str) -> subprocess.Popen:
        return subprocess.Popen(argv, cwd=self.work, env=self.env(), text=True,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Install:
    """Built once for this file's tests, which run one after the other at the start of the
    run (tests/conftest.py), then deleted: left in the run's temporary folder, its thousands
    of files would be deleted by pytest when a later run clears the old folders, after its
    last test, with every worker idle."""
    install = Install(tmp_path_factory.mktemp("install"))
    try:
        install.build()
        yield install
    finally:
        shutil.rmtree(install.base, ignore_errors=True)


def test_the_commands_run_from_the_install_not_the_checkout(installed):
    r = installed.run("python", "-c", "import onenight, onenight_box; "
                                      "print(onenight.__file__); print(onenight_box.__file__)")
    assert r.returncode == 0, r.stderr
    for line in r.stdout.splitlines():
        assert Path(line).is_relative_to(installed.venv), line


def test_the_wheel_carries_every_file_of_the_packages(installed):
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    files = {str(p.relative_to(ROOT)) for pkg in PACKAGES for p in (ROOT / pkg).rglob("*")
             if p.is_file() and "__pycache__" not in p.parts}
    assert files - names == set()
    clips = [n for n in names if n.startswith("onenight/assets/audio/") and n.endswith(".ogg")]
    assert len(clips) > 150 and "onenight/assets/audio/ambience/night.ogg" in names
    assert not [n for n in names if n.startswith(("tests/", "bench/", "scripts/"))]


def test_a_night_is_planned_from_the_installed_clips(installed):
    r = installed.run("onenight", "narrate", "--scenario", "sombre-reveil", "--players", "5",
                      "--dry-run")
    assert r.returncode == 0 and r.stderr == "", r.stderr
    cues = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(cues) > 20
    for c in cues:
        clip = Path(c["audio"])
        assert clip.is_relative_to(installed.venv) and clip.is_file(), clip


def test_a_real_night_plays_from_the_install_and_stops_on_sigterm(installed):
    p = installed.start("onenight", "narrate", "--scenario", "sombre-reveil", "--players", "3",
                        "--lang", "en")
    try:
        assert read_until(p, "[night] ").startswith("[night] ")  # said through SDL
        p.send_signal(signal.SIGTERM)
        assert p.wait(timeout=15) == 143
        assert "Traceback" not in p.stdout.read()
    finally:
        p.kill()
        p.wait()


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_every_screen_is_rendered_at_both_sizes(installed):
    tmp = installed.base / "tmp"
    tmp.mkdir()
    r = installed.run("onenight", "screenshots", "shots", TMPDIR=str(tmp))
    assert r.returncode == 0, r.stderr
    shots = installed.work / "shots"
    names = sorted(p.name for p in shots.glob("*.png"))
    by_size = {size: sorted(n[3:-len(f"-{size}.png")] for n in names if n.endswith(f"-{size}.png"))
               for size in ("1280x800", "800x480")}
    assert by_size["1280x800"] == by_size["800x480"]  # the same screens at both sizes
    assert {"home", "night", "day", "vote-revealed", "reveal", "result"} <= set(by_size["800x480"])
    # (this is the suite's one run of the whole command: tests/ui/test_screenshots.py has
    # what a child that fails says)
    for size in ("1280x800", "800x480"):
        at_size = [n for n in names if n.endswith(f"-{size}.png")]
        assert len(at_size) == 48, at_size
        for n in ("home", "tutorial", "players", "night", "night-paused", "day", "vote-modes",
                  "vote-revealed", "reveal", "reveal-extras", "result", "replay-swap",
                  "replay-votes", "replay-verdict", "history", "settings",
                  # the cards on the tablet: the private deal, a night step with a choice,
                  # one whose player learns two things at once
                  "tablet-deal", "tablet-deal-card", "tablet-night-choice",
                  "tablet-night-learned",
                  # Thiercelieux, eighteen players
                  "classic-players", "classic-setup", "classic-deck-filtered", "classic-deal",
                  "classic-deal-card",
                  "classic-night", "classic-night-no-action", "classic-dawn",
                  "classic-election", "classic-debate", "classic-vote", "classic-vote-shown",
                  "classic-tie", "classic-end", "classic-story", "classic-dawn-news"):
            assert any(s[3:] == f"{n}-{size}.png" for s in at_size), (n, at_size)
    assert png_size(next(shots.glob("*-day-800x480.png"))) == (800, 480)
    assert png_size(next(shots.glob("*-result-1280x800.png"))) == (1280, 800)
    assert list(tmp.iterdir()) == []  # no game folder left behind


def test_the_example_record_is_adjudicated(installed):
    r = installed.run("onenight", "adjudicate",
                      str(ROOT / "docs" / "examples" / "onenight-game.json"))
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["dead"] == [1] and out["winning_teams"] == ["village"]


def test_the_box_says_which_extra_it_needs(installed):
    r = installed.run("onenight-box", "--help")
    assert r.returncode == 0 and "Traceback" not in r.stderr
    text = " ".join(r.stdout.split())
    assert "This install lacks gpiozero" in text and 'pip install ".[box]"' in text
    r = installed.run("onenight-box", "--simulate")
    assert r.returncode == 2 and r.stderr.startswith("onenight-box: this install lacks gpiozero")
