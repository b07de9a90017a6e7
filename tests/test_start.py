"""The app started as a user starts it: the ``onenight`` command, in a real window, on a first
start (no Kivy configuration yet). A normal start prints nothing; a real problem still
shows; the window opens at the size the screens are drawn for, or fills the screen with
``--fullscreen``; SIGTERM (``kill``, ``systemctl stop``) closes it cleanly; the settings and
the games go to their XDG folders.

Each start is followed through ``ONENIGHT_TRACE`` on a named pipe: the test reads the app's
first frame from it, then stops the app."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def user_env(tmp_path: Path, **extra) -> dict:
    """The environment of a user's first start: a fresh home, nothing of the test run."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("KIVY_", "ONENIGHT_", "XDG_"))}
    env.update(HOME=str(tmp_path / "home"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"), SDL_AUDIODRIVER="dummy", **extra)
    (tmp_path / "home").mkdir(exist_ok=True)
    return env


def launch(tmp_path: Path, *args: str, env: dict) -> tuple[dict, str, int]:
    """Start ``onenight ARGS``, wait for its first frame, send SIGTERM. Returns the first
    frame's mark, what it printed (stdout and stderr) and its exit status."""
    fifo = tmp_path / "trace"
    os.mkfifo(fifo)
    trace = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)  # never blocks, never sees an EOF
    out = open(tmp_path / "printed", "w+")
    p = subprocess.Popen([sys.executable, "-m", "onenight", *args], cwd=tmp_path,
                         env=dict(env, ONENIGHT_TRACE=str(fifo)), stdout=out,
                         stderr=subprocess.STDOUT)
    try:
        marks, buf, deadline = {}, b"", time.monotonic() + 90
        while "first_frame" not in marks:
            ready, _, _ = select.select([trace], [], [], max(0.0, deadline - time.monotonic()))
            assert ready, "no first frame in 90 s"
            buf += os.read(trace, 65536)
            *lines, buf = buf.split(b"\n")
            marks.update((m["mark"], m) for m in map(json.loads, lines))
        p.send_signal(signal.SIGTERM)
        status = p.wait(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        os.close(trace)
    out.seek(0)
    return marks["first_frame"], out.read(), status


def test_a_first_start_prints_nothing_and_opens_at_the_tablets_size(tmp_path):
    env = user_env(tmp_path)
    # an earlier version kept its games with the settings: they move to the data folder
    old = tmp_path / "config" / "onenight"
    (old / "history").mkdir(parents=True)
    (old / "history" / "g1.json").write_text("{}")
    (old / "settings.json").write_text('{"language": "en"}')
    frame, printed, status = launch(tmp_path, env=env)
    assert printed == ""
    assert status == 0  # SIGTERM closed the window, as closing it by hand does
    assert frame["size"] == [1280, 800]
    assert (tmp_path / "data" / "onenight" / "history" / "g1.json").exists()
    assert (tmp_path / "data" / "onenight" / "journal.db").exists()
    assert sorted(p.name for p in old.iterdir()) == ["settings.json"]
    assert not (tmp_path / "home" / ".config").exists()
    assert not (tmp_path / "home" / ".local").exists()


def test_a_real_problem_still_shows(tmp_path):
    """The voice is missing from this install, and the app starts straight into a night (in
    a window of the size asked for)."""
    env = user_env(tmp_path, ONENIGHT_ASSETS=str(tmp_path / "no-assets"),
                   ONENIGHT_DEMO="night:short")
    frame, printed, status = launch(tmp_path, "--size", "800x480", env=env)
    lines = printed.splitlines()
    assert status == 0 and len(lines) == 1, printed
    assert frame["size"] == [800, 480]
    assert "ERROR" in lines[0] and "the voice cannot be loaded" in lines[0]
    assert "night.intro.ogg: no such file" in lines[0]


@pytest.fixture
def small_screen():
    """An X server whose screen is the Raspberry Pi touchscreen's, 800x480."""
    r, w = os.pipe()
    x = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "800x480x24",
                          "-nolisten", "tcp"], pass_fds=(w,), stderr=subprocess.DEVNULL)
    os.close(w)
    with os.fdopen(r) as f:
        display = f.readline().strip()
    try:
        assert display, "Xvfb did not start"
        yield f":{display}"
    finally:
        x.terminate()
        x.wait(timeout=30)


def test_the_pi_autostart_entry_fills_the_touchscreen(tmp_path, small_screen):
    """hw/onenight.desktop, the Raspberry Pi's autostart entry: its command, run on a screen
    the size of the Pi's touchscreen."""
    import configparser
    import shlex

    entry = configparser.ConfigParser(interpolation=None)
    entry.read(ROOT / "hw" / "onenight.desktop", encoding="utf-8")
    app = entry["Desktop Entry"]
    assert app["Type"] == "Application" and app["Terminal"] == "false"
    program, *args = shlex.split(app["Exec"])
    assert program == "/opt/onenight/venv/bin/onenight"  # where docs/raspberry-pi.md puts it
    env = user_env(tmp_path, DISPLAY=small_screen)
    frame, printed, status = launch(tmp_path, *args, env=env)
    assert (frame["size"], printed, status) == ([800, 480], "", 0)


@pytest.mark.parametrize("size", ["big", "800", "10x10", "800x480x3"])
def test_a_wrong_window_size_is_refused(size, capsys):
    from onenight.cli import main

    with pytest.raises(SystemExit) as e:
        main(["--size", size])
    assert e.value.code == 2
    assert "expected WIDTHxHEIGHT" in capsys.readouterr().err


def test_starting_the_app_reads_its_options_without_the_commands_modules():
    """The commands' parsers (their choices and help name both games' decks and the voice's
    languages) import the rules of both games and the narration: starting the app, with or
    without its own options, does not build them; a command, help or a mistake does."""
    code = ("import json, sys\nfrom onenight.cli import parse_args\n"
            "heavy = ('onenight.narrate', 'onenight.classic', 'onenight.narration')\n"
            "a = parse_args(sys.argv[1:])\n"
            "print(json.dumps([getattr(a, 'command', None), vars(a).get('size'),\n"
            "                  [m for m in heavy if m in sys.modules]]))\n")

    def parsed(*args):
        out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                             text=True, cwd=ROOT, timeout=60)
        return out.returncode, out.stdout.strip(), out.stderr

    assert parsed() == (0, json.dumps([None, None, []]), "")
    assert parsed("--size", "800x480", "-v") == (0, json.dumps([None, [800, 480], []]), "")
    code_, out, _err = parsed("adjudicate", "-")
    assert code_ == 0 and json.loads(out)[0] == "adjudicate" and json.loads(out)[2]
    code_, _out, err = parsed("--size", "12")  # the whole parser says what is wrong
    assert code_ == 2 and "expected WIDTHxHEIGHT" in err and "{adjudicate," in err
