"""One-line game set-ups for rules tests."""

from __future__ import annotations

from onenight.rules.night import Table
from onenight.rules.record import adjudicate, read_game, replay

ALL_ARTIFACTS = ["claw", "brand", "cudgel", "void", "mute", "shroud"]


def record(seats: str, center: str, night: dict | None = None, votes=None,
           alpha: str | None = None, artifacts=None) -> dict:
    """A game record from space-separated card lists; default votes: everyone points left."""
    s = seats.split()
    rec = {"format": "onenight-game/1", "seats": s, "center": center.split(),
           "night": night or {}, "votes": votes if votes is not None else
           [(i + 1) % len(s) for i in range(len(s))]}
    if alpha is not None:
        rec["alpha_center"] = alpha
    if artifacts is not None:
        rec["artifacts"] = artifacts
    return rec


def run(seats: str, center: str, night: dict | None = None, votes=None, alpha=None,
        artifacts=None) -> dict:
    return adjudicate(record(seats, center, night, votes, alpha, artifacts))


def table(seats: str, center: str, night: dict | None = None, alpha=None,
          artifacts=None) -> Table:
    return replay(read_game(record(seats, center, night, None, alpha, artifacts)))


def seen(t: Table, seat: int, kind: str | None = None) -> list:
    return [f for f in t.seen[seat] if kind is None or f.kind == kind]
