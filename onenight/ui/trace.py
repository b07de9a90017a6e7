"""Timing marks for the benchmark (``bench/run.py``), off unless asked for.

When the environment variable ``ONENIGHT_TRACE`` names a file, the app appends one JSON line
per mark to it: ``{"mark": "first_frame", "t": <time.monotonic()>, ...}``. Monotonic time is
the same clock in every process of the machine, so the benchmark compares it with its own
(when it launched the app, when it pressed a pad). With the variable unset, ``mark`` does
nothing and the app writes nothing.
"""

from __future__ import annotations

import json
import os
import time

TRACE_ENV = "ONENIGHT_TRACE"


def path() -> str | None:
    return os.environ.get(TRACE_ENV) or None


def mark(name: str, t: float | None = None, **facts) -> None:
    """Append the mark ``name`` at monotonic time ``t`` (now by default), with ``facts``."""
    where = path()
    if where is None:
        return
    line = json.dumps({"mark": name, "t": time.monotonic() if t is None else t, **facts})
    with open(where, "a", encoding="utf-8") as f:
        f.write(line + "\n")


def read(where: str) -> list[dict]:
    """Every mark written to ``where`` so far (for the benchmark and tests)."""
    try:
        with open(where, encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]
    except FileNotFoundError:
        return []
