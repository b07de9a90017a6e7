"""Reading a record's text: from a file or standard input, then as JSON, with every way it can
be wrong (unreadable, too large, not JSON, nested too deeply, numbers too long) turned into a
:class:`RecordError` naming the source."""

from __future__ import annotations

import json
import sys
from typing import Any

from .errors import RecordError

#: The largest record read, in bytes: a whole classic game with 18 players is a few kilobytes.
MAX_BYTES = 4 * 1024 * 1024


def read_source(arg: str) -> tuple[str, str]:
    """(text, source name) of ``arg``, a file name or ``-`` for standard input."""
    source = "stdin" if arg == "-" else arg
    try:
        if arg == "-":
            raw = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(arg, "rb") as f:
                raw = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise RecordError(source, f"cannot read the record ({e.__class__.__name__}: "
                                  f"{e.strerror or e})") from None
    if len(raw) > MAX_BYTES:
        raise RecordError(source, f"more than {MAX_BYTES // (1024 * 1024)} MB: too large to be "
                                  "a game record")
    try:
        return raw.decode("utf-8"), source
    except UnicodeDecodeError as e:
        raise RecordError(source, f"cannot read the record (not UTF-8 text at byte "
                                  f"{e.start})") from None


def parse(text: str, source: str = "record") -> Any:
    """The JSON value of ``text``, or :class:`RecordError` saying why it is not one."""
    if len(text) > MAX_BYTES:
        raise RecordError(source, f"more than {MAX_BYTES // (1024 * 1024)} MB: too large to be "
                                  "a game record")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(source, f"not valid JSON ({e.msg} at line {e.lineno} column "
                                  f"{e.colno})") from None
    except RecursionError:
        raise RecordError(source, "nested too deeply to be a game record") from None
    except ValueError:  # an integer too long for Python to read (over 4300 digits)
        raise RecordError(source, "holds a number too long to be a seat or a count") from None
