"""JSON from outside (a record, a saved file): parsed within limits, or refused with a reason.

Python's own parser lets three things escape that are not :class:`json.JSONDecodeError`: a
document nested thousands deep (``RecursionError``), an integer of more than 4300 digits (a
plain ``ValueError``), and anything at all, however large (``MemoryError`` on an endless
stream). :func:`loads` turns each into :class:`BadJSON`, whose text says what was wrong in one
line; :func:`decode` does the same for bytes, which must be UTF-8.
"""

from __future__ import annotations

import json
from typing import Any

#: the largest document read, in bytes (a game record is a few kilobytes)
MAX_BYTES = 1_000_000


class BadJSON(ValueError):
    """Text that is not a JSON document this program will read; ``str()`` says why."""


def too_large(size: int, limit: int = MAX_BYTES) -> BadJSON:
    return BadJSON(f"larger than {limit:,} bytes ({size:,} or more): not a file this "
                   "program writes")


def loads(text: str, limit: int = MAX_BYTES) -> Any:
    """The JSON value of ``text``, or :class:`BadJSON`."""
    if len(text) > limit:
        raise too_large(len(text), limit)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise BadJSON(f"not valid JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    except RecursionError:
        raise BadJSON("nested too deeply to be read") from None
    except ValueError as e:  # "Exceeds the limit (4300 digits) for integer string conversion"
        raise BadJSON(f"a number too long to be read ({str(e).split(':')[0]})") from None


def decode(data: bytes, limit: int = MAX_BYTES) -> Any:
    """The JSON value of UTF-8 ``data``, or :class:`BadJSON`."""
    if len(data) > limit:
        raise too_large(len(data), limit)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadJSON(f"not UTF-8 text (byte {e.start})") from None
    return loads(text, limit)


__all__ = ["BadJSON", "MAX_BYTES", "decode", "loads", "too_large"]
