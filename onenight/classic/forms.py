"""The JSON forms of the choices (CLASSIC-RECORD.md's tables), both ways. A step's kind and its
record key give the form: ``{"view": 3}``, ``{"lovers": [2, 5]}``, a bare seat for the captain's
pick, a list of ballots for a vote."""

from __future__ import annotations

from typing import Any

from onenight.common.errors import RecordError
from onenight.common.values import seat_number, show

from .model import (RAGOT_KINDS, Choice, Draw, Kind, Pick, Potions, Ragot, Ragots, Roll, Seat,
                    Seats, Side, Take, Use, Votes, Yes)
from .table import Step


def to_json(step: Step, c: Choice) -> Any:
    k = step.kind
    if k is Kind.VOTES:
        return list(c.ballots)
    if k is Kind.POTIONS:
        return {"heal": c.heal, "poison": c.poison}
    if k is Kind.SEAT:
        return {step.key: c.seat} if step.key else c.seat
    if k is Kind.POWER:
        return {"power": c.power, "target": c.seat}
    value = {Kind.SEATS: lambda: list(c.seats), Kind.SIDE: lambda: c.side,
             Kind.CARD: lambda: c.card, Kind.YES: lambda: True,
             Kind.DIE: lambda: c.value, Kind.RAGOTS: lambda: ragots_json(c),
             Kind.POWERS: lambda: list(c.powers), Kind.DRAW: lambda: c.card}[k]()
    return {step.key: value}


def ragots_json(c: Ragots) -> list:
    return [{"kind": r.kind, "seats": list(r.seats)} for r in c.ragots]


def ragots_of(v: Any, players: int, where: str, error=RecordError) -> Ragots:
    """The ragots a list holds (``[{"kind": "enemy", "seats": [2, 5]}, …]``), or ``error``
    naming the field that is wrong."""
    if not isinstance(v, list) or not v:
        raise error(where, f"expected a list of ragots, got {show(v)}")
    out = []
    for i, r in enumerate(v):
        f = f"{where}[{i}]"
        if not isinstance(r, dict) or r.get("kind") not in RAGOT_KINDS:
            raise error(f"{f}.kind", "expected one of " + ", ".join(RAGOT_KINDS)
                        + f", got {show(r.get('kind') if isinstance(r, dict) else r)}")
        seats = r.get("seats")
        n = RAGOT_KINDS[r["kind"]]
        if not isinstance(seats, list) or len(seats) != n:
            raise error(f"{f}.seats", f"expected {n} seat number(s), got {show(seats)}")
        out.append(Ragot(r["kind"], tuple(seat_number(x, players, f"{f}.seats[{j}]", error)
                                          for j, x in enumerate(seats))))
    return Ragots(tuple(out))


def seat_of(v: Any, players: int, field: str) -> int:
    """A record's seat number, or :class:`RecordError` naming ``field``."""
    return seat_number(v, players, field, RecordError)


_seat = seat_of


def _ballots(raw: Any, players: int, field: str) -> Votes:
    if not isinstance(raw, list):
        raise RecordError(field, f"expected a list of {players} seat numbers (null: blank or "
                                 f"dead), got {show(raw)}")
    if len(raw) != players:
        raise RecordError(field, f"{len(raw)} ballots for {players} players: one per seat "
                                 "(null: blank or dead)")
    return Votes(tuple(None if v is None else _seat(v, players, f"{field}[{i}]")
                       for i, v in enumerate(raw)))


def _use(step: Step, raw: dict, field: str, players: int) -> Use:
    """``{"power": "herb", "target": 3}``: one special power and the player it names (null
    or absent: a power that names nobody)."""
    p = raw.get("power")
    if p not in step.powers:
        raise RecordError(f"{field}.power", f"expected one of {', '.join(step.powers)}, got "
                                            f"{show(p)}")
    t = raw.get("target")
    return Use(p, None if t is None else _seat(t, players, f"{field}.target"))


def from_json(step: Step, raw: Any, field: str, players: int) -> Choice | None:
    """The choice a record holds for ``step``; None when it holds nothing (``null``, ``{}``,
    ``{"infect": false}``, no potion). Raises :class:`RecordError` naming the field."""
    k = step.kind
    if k is Kind.VOTES:
        return _ballots(raw, players, field)
    if k is Kind.SEAT and not step.key:
        return Seat(_seat(raw, players, field))
    if raw is None or raw == {}:
        return None
    if not isinstance(raw, dict):
        raise RecordError(field, f"expected an object, got {show(raw)}")
    if k is Kind.POTIONS:
        heal, poison = raw.get("heal", False), raw.get("poison")
        if not isinstance(heal, bool):  # the seat of the victim she saves, among several
            if not isinstance(heal, int):
                raise RecordError(f"{field}.heal", "expected true, false or the seat of the "
                                                   f"victim healed, got {show(heal)}")
            heal = _seat(heal, players, f"{field}.heal")
        if poison is not None:
            poison = _seat(poison, players, f"{field}.poison")
        return Potions(heal, poison) if heal is not False or poison is not None else None
    if k is Kind.POWER:
        return _use(step, raw, field, players)
    if step.key not in raw:
        raise RecordError(f"{field}.{step.key}", "missing")
    v, where = raw[step.key], f"{field}.{step.key}"
    if k is Kind.SEAT:
        return Seat(_seat(v, players, where))
    if k is Kind.SEATS:
        if not isinstance(v, list) or not v:
            raise RecordError(where, f"expected a list of seat numbers, got {show(v)}")
        return Seats(tuple(_seat(x, players, f"{where}[{i}]") for i, x in enumerate(v)))
    if k is Kind.SIDE:
        if v not in ("village", "werewolves"):
            raise RecordError(where, f"expected \"village\" or \"werewolves\", got {show(v)}")
        return Side(v)
    if k is Kind.CARD:
        if isinstance(v, bool) or not isinstance(v, int) or v not in (0, 1):
            raise RecordError(where, f"expected 0 or 1 (one of the two cards left over), got "
                                     f"{show(v)}")
        return Take(v)
    if k is Kind.POWERS:
        if not isinstance(v, list) or any(p not in step.powers for p in v):
            raise RecordError(where, f"expected a list of powers among {', '.join(step.powers)}"
                                     f", got {show(v)}")
        return Pick(tuple(v))
    if k is Kind.DIE:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
            raise RecordError(where, f"expected what a die shows (1 to 6), got {show(v)}")
        return Roll(v)
    if k is Kind.RAGOTS:
        return ragots_of(v, players, where)
    if k is Kind.DRAW:
        if not isinstance(v, str):
            raise RecordError(where, f"expected a character's id, got {show(v)}")
        return Draw(v)  # (whether it lies in the pile is the step's business)
    if not isinstance(v, bool):  # Kind.YES
        raise RecordError(where, f"expected true or false, got {show(v)}")
    return Yes() if v else None
