"""`onenight screenshots DIR` renders every screen at both sizes (in child processes: each
size needs its own window)."""

import struct
import subprocess
import sys


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_every_screen_at_both_sizes(tmp_path):
    r = subprocess.run([sys.executable, "-m", "onenight", "screenshots", str(tmp_path)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    for size in ("1280x800", "800x480"):
        shots = [n for n in names if n.endswith(f"-{size}.png")]
        assert len(shots) == 14, shots
        for n in ("01-home", "06-night", "07-day", "10-vote-revealed", "11-reveal", "12-result"):
            assert f"{n}-{size}.png" in shots
    assert png_size(tmp_path / "07-day-800x480.png") == (800, 480)
    assert png_size(tmp_path / "12-result-1280x800.png") == (1280, 800)
