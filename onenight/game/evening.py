"""The evening's running score: the games played one after the other (none more than
``GAP`` after the one before), and who won how often.

Pure: it reads history entries (``history.Entry``) and knows nothing of where they come from.
A player is the same player from one game to the next when their name is the same, whatever
the case ("alice" and "Alice")."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass

GAP = _dt.timedelta(hours=4)
"""Two games further apart than this are not the same evening."""


@dataclass(frozen=True)
class Score:
    name: str  # as written in the most recent game
    wins: int
    games: int


def _when(entry) -> _dt.datetime | None:
    try:
        t = _dt.datetime.fromisoformat(entry.finished)
    except (TypeError, ValueError):
        return None
    return t if t.tzinfo else t.replace(tzinfo=_dt.timezone.utc)


def evening(entries, upto=None) -> list:
    """The games of the evening of ``upto`` (an entry; by default the newest), newest first:
    ``upto`` and the games before it, each within ``GAP`` of the next one."""
    dated = sorted(((t, e) for e in entries if (t := _when(e)) is not None),
                   key=lambda te: te[0], reverse=True)
    if not dated:
        return []
    start = 0
    if upto is not None:
        start = next((i for i, (_, e) in enumerate(dated) if e == upto), None)
        if start is None:
            return []
    out = [dated[start][1]]
    last = dated[start][0]
    for t, e in dated[start + 1:]:
        if last - t > GAP:
            break
        out.append(e)
        last = t
    return out


def score(games) -> list[Score]:
    """Who won how often over ``games``: most wins first, then most games, then by name."""
    table: dict[str, list] = {}
    for e in reversed(list(games)):  # oldest first: the newest spelling of a name wins
        for seat, name in enumerate(e.players):
            row = table.setdefault(name.casefold(), [name, 0, 0])
            row[0] = name
            row[2] += 1
            if seat in e.winners:
                row[1] += 1
    rows = [Score(n, w, g) for n, w, g in table.values()]
    return sorted(rows, key=lambda s: (-s.wins, -s.games, s.name.casefold()))
