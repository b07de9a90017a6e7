"""How long a start takes to read back the game in progress: ``open_game`` on a journal as a
kill leaves it (its log never folded into the file), at its largest.

The journal is read twice at start-up: first as it is on disk, its write-ahead log applied in
memory by Python (every frame's checksum: the part that grows with the log), then by SQLite
itself. The log is folded into the file past ``LOG_PAGES`` pages, so the worst case is a log
just under that size; a game's own journal (about a hundred entries) is smaller.

    .venv/bin/python bench/journal_open.py [--runs 15]

Prints one JSON line: the log's size and the median and worst time of ``open_game``.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from onenight.game.clock import FakeClock  # noqa: E402
from onenight.game.journal import FILENAME, LOG_PAGES, open_game  # noqa: E402

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def game(c) -> None:
    """A whole game of ten, with a long debate of pauses and added minutes."""
    c.apply({"type": "start_night"})
    for cue in range(60):
        c.night_progress(cue, cue % 7 == 3)
    c.apply({"type": "night_done"})
    for _ in range(20):
        c.apply({"type": "day_add", "seconds": 60})
        c.apply({"type": "day_pause"})
        c.apply({"type": "day_resume"})
    c.apply({"type": "start_vote", "mode": "fingers"})
    for seat in range(10):
        c.apply({"type": "vote", "seat": seat, "target": (seat + 1) % 10})
    c.apply({"type": "to_reveal"})
    deck = c.reveal_view().choices
    for seat in range(10):
        c.apply({"type": "final_card", "seat": seat, "card": deck[seat % len(deck)]})


def largest_log(folder: Path) -> Path:
    """Games played until the log is as large as it gets, then the files as a kill leaves
    them."""
    c, _ = open_game(folder, clock=FakeClock(), rng=random.Random(1))
    c.apply({"type": "players", "names": NAMES})
    wal = folder / (FILENAME + "-wal")
    best, biggest = 0, folder / "biggest"
    for _ in range(12):
        c.apply({"type": "scenario", "id": "nuit-du-loup-garou"})
        game(c)
        size = wal.stat().st_size if wal.exists() else 0
        if size > best:  # keep the largest log seen, as a kill would leave it
            best = size
            shutil.rmtree(biggest, ignore_errors=True)
            biggest.mkdir()
            for p in folder.glob(FILENAME + "*"):
                shutil.copyfile(p, biggest / p.name)
        c.apply({"type": "abandon"})
    c.journal.close()
    return biggest


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        killed = largest_log(Path(d) / "data")
        times = []
        for i in range(args.runs):
            run = Path(d) / f"run{i}"
            shutil.copytree(killed, run)
            t0 = time.perf_counter()
            c, problem = open_game(run, clock=FakeClock())
            times.append(time.perf_counter() - t0)
            assert problem is None and c.phase == "reveal", (problem, c.phase)
            c.journal.close()
        wal = killed / (FILENAME + "-wal")
        print(json.dumps({"log_pages_cap": LOG_PAGES, "log_bytes": wal.stat().st_size,
                          "entries": len(c.writer.items),
                          "open_median_s": round(statistics.median(times), 4),
                          "open_max_s": round(max(times), 4)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
