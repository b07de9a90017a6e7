"""A short look at one figure of bench/run.py: the app's idle CPU during the debate, beside the
bare window's, in the same run (15 s each). For checking a change to the day screen quickly;
bench/run.py remains the measurement of record."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import run as R  # noqa: E402  (bench/run.py)


def main() -> int:
    work = Path(tempfile.mkdtemp(prefix="onenight-bench-"))
    with R.Xvfb() as x:
        b = R.Bench(x.display, work, None)
        fps, ms = R.app_graphics()
        p = b.bare(fps, ms)
        try:
            bare_cpu, bare_rss = b.idle(p, 3.0, 15.0)
        finally:
            p.stop()
        p = b.app("day:120")
        try:
            p.wait_mark("day_start", 60)
            cpu, rss = b.idle(p, 3.0, 15.0)
        finally:
            p.stop()
    print(f"bare window: {bare_cpu:.2f}% of one core, {bare_rss:.1f} MB")
    print(f"debate:      {cpu:.2f}% of one core, {rss:.1f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
