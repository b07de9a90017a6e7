"""JSON from outside (a record, a file the app saved), read within limits: from a file or
standard input, then as JSON, with every way it can be wrong turned into one error whose text
says why in one line.

Python's own parser lets three things escape that are not :class:`json.JSONDecodeError`: a
document nested thousands deep (``RecursionError``), an integer of more than 4300 digits (a
plain ``ValueError``), and anything at all, however large (``MemoryError`` on an endless
stream). :func:`loads` and :func:`decode` turn each into :class:`BadJSON`;
:func:`read_source` and :func:`parse` give a record's reader a :class:`RecordError` naming
the source instead.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from .errors import RecordError

#: The largest document read, in bytes: a whole classic game with 18 players is a few
#: kilobytes, and so is any file the app saves.
MAX_BYTES = 4 * 1024 * 1024


class BadJSON(ValueError):
    """Text that is not a JSON document this program reads; ``str()`` says why."""


def too_large(what: str = "a game record") -> BadJSON:
    return BadJSON(f"more than {MAX_BYTES // (1024 * 1024)} MB: too large to be {what}")


def loads(text: str, what: str = "a game record") -> Any:
    """The JSON value of ``text`` (``what`` it should be, for the error), or
    :class:`BadJSON`."""
    if len(text) > MAX_BYTES:
        raise too_large(what)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise BadJSON(f"not valid JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    except RecursionError:
        raise BadJSON(f"nested too deeply to be {what}") from None
    except ValueError:  # an integer too long for Python to read (over 4300 digits)
        raise BadJSON("holds a number too long to be a seat or a count") from None


def decode(data: bytes, what: str = "a game record") -> Any:
    """The JSON value of UTF-8 ``data``, or :class:`BadJSON`."""
    if len(data) > MAX_BYTES:
        raise too_large(what)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadJSON(f"not UTF-8 text (byte {e.start})") from None
    return loads(text, what)


def read_source(arg: str) -> tuple[str, str]:
    """(text, source name) of ``arg``, a file name or ``-`` for standard input; never more
    than :data:`MAX_BYTES` and one byte is read (an endless stream, ``/dev/zero``, ends
    there)."""
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
        raise RecordError(source, str(too_large()))
    try:
        return raw.decode("utf-8"), source
    except UnicodeDecodeError as e:
        raise RecordError(source, f"cannot read the record (not UTF-8 text at byte "
                                  f"{e.start})") from None


def parse(text: str, source: str = "record") -> Any:
    """The JSON value of ``text``, or :class:`RecordError` saying why it is not one."""
    try:
        return loads(text)
    except BadJSON as e:
        raise RecordError(source, str(e)) from None


__all__ = ["BadJSON", "MAX_BYTES", "decode", "loads", "parse", "read_source", "too_large"]
