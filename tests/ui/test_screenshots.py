"""`onenight screenshots DIR` renders every screen of a ten-player game at both sizes (in
child processes: each size needs its own window), modal windows included. The whole run from an
installed wheel is in tests/test_install.py; here also, what the user sees when a child cannot
do its work."""

import os
import struct
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


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_every_screen_at_both_sizes(tmp_path):
    r = subprocess.run([sys.executable, "-m", "onenight", "screenshots", str(tmp_path)],
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr[-2000:]
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    for size in ("1280x800", "800x480"):
        shots = [n for n in names if n.endswith(f"-{size}.png")]
        assert len(shots) == 47, shots
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
            assert any(s[3:] == f"{n}-{size}.png" for s in shots), (n, shots)
    day = next(tmp_path.glob("*-day-800x480.png"))
    result = next(tmp_path.glob("*-result-1280x800.png"))
    assert png_size(day) == (800, 480)
    assert png_size(result) == (1280, 800)
