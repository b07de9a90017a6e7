"""Small helpers for reading values from records and choices: a short description of any
value for an error line, a seat number's check, and the nearest seats round the table."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable
from typing import Any

from .errors import RecordError, RulesError

SHOWN = 40  # characters of a value an error line shows at most


def show(v: Any) -> str:
    """``v`` as JSON for an error line, never longer than about 40 characters."""
    if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 10 ** 18:
        digits = int(abs(v).bit_length() * math.log10(2)) + 1
        return f"a {digits}-digit number"
    try:
        text = json.dumps(v, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(v)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def seat_number(v: Any, players: int, field: str,
                error: Callable[[str, str], RulesError] = RecordError) -> int:
    """``v`` if it is one of ``players`` seats, else ``error`` naming ``field``."""
    if isinstance(v, bool) or not isinstance(v, int):
        raise error(field, f"expected a seat number, got {show(v)}")
    if not 0 <= v < players:
        raise error(field, f"seat {show(v)} does not exist ({players} players)")
    return v


def left_of(seat: int, players: int, among: Iterable[int] | None = None) -> int | None:
    """The nearest seat to the left of ``seat`` (seat + 1, + 2, …), counting only ``among``
    (every seat when None); None when no other seat counts."""
    keep = None if among is None else set(among)
    for k in range(1, players):
        s = (seat + k) % players
        if keep is None or s in keep:
            return s
    return None


def right_of(seat: int, players: int, among: Iterable[int] | None = None) -> int | None:
    """The nearest seat to the right of ``seat`` (seat - 1, - 2, …), as :func:`left_of`."""
    keep = None if among is None else set(among)
    for k in range(1, players):
        s = (seat - k) % players
        if keep is None or s in keep:
            return s
    return None
