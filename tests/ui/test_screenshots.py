"""`onenight screenshots DIR` renders every screen of a ten-player game at both sizes (in
child processes: each size needs its own window), modal windows included. The whole run, and
every picture it must make, is checked once, from an installed wheel, in tests/test_install.py
(a run of the command costs about a minute of CPU); here, what the user sees when a child
cannot do its work."""

import os
import subprocess
import sys


def test_a_failing_child_says_why_and_the_command_fails(tmp_path):
    (tmp_path / "a-file").write_text("")
    out = tmp_path / "a-file" / "shots"  # a folder that cannot be made
    r = subprocess.run([sys.executable, "-m", "onenight", "screenshots", str(out)],
                       capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, TMPDIR=str(tmp_path)))
    assert r.returncode == 1
    said = sorted(line for line in r.stderr.splitlines() if line.strip())
    assert said == [
        f"onenight screenshots: the pictures at {size} could not be made: "
        f"NotADirectoryError: [Errno 20] Not a directory: '{out}'"
        for size in ("1280x800", "800x480")]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]  # no folder left behind


def test_a_child_never_waits_for_a_frame():
    """The tour draws its own frames: Kivy's clock must not sleep at each tick to keep a
    frame cap (60 a second by default: 133 ms of waiting for each settle())."""
    code = ("from onenight.ui import screenshots; screenshots.configure(800, 480); "
            "from kivy.clock import Clock; import sys; print(Clock._max_fps, file=sys.__stdout__)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=120, env=dict(os.environ, KIVY_NO_ARGS="1"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["0.0"]
