"""Game records, format ``onenight-game/1`` (GAME-RECORD.md): reading, checking, replaying.

:func:`adjudicate` takes the parsed JSON of a record and returns the outcome object of the
contract, or raises :class:`RulesError` whose text is ``field: reason``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import ALPHA_CENTER_CARDS, ARTIFACT, ARTIFACT_IDS, ROLE
from .choices import (Choice, Copy, Exchange, PlaceArtifact, Reveal, Shield, Shift, Swap,
                      SwapCenter, View, ViewCenter, WitchSwap)
from onenight.common import jsontext
from onenight.common.values import seat_number, show

from .errors import IllegalChoice, RecordError, RulesError
from .night import Table, deal, play_night
from .outcome import Outcome, check_votes, resolve
from .scenarios import CENTER_CARDS, MAX_PLAYERS, MIN_PLAYERS
from .steps import STEP, night_steps

FORMAT = "onenight-game/1"


@dataclass(frozen=True)
class Game:
    """A checked record: the deal, the choices, the votes."""

    seats: tuple[str, ...]
    center: tuple[str, ...]
    alpha_center: str | None
    artifacts: tuple[str, ...]
    choices: Mapping[str, Choice]
    votes: tuple[int, ...]

    def table(self) -> Table:
        return deal(self.seats, self.center, self.alpha_center, self.artifacts)


# ---- choices to and from JSON ---------------------------------------------------------------------

def _get(d: Mapping, key: str, field: str) -> Any:
    if key not in d:
        raise RecordError(f"{field}.{key}" if field else key, "missing")
    return d[key]


@dataclass(frozen=True)
class _Bounds:
    players: int
    centers: int  # 3, or 4 with the alpha centre card


def _int(v: Any, field: str, what: str = "a seat number", bounds: _Bounds | None = None) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise RecordError(field, f"expected {what}, got {show(v)}")
    if bounds is not None:
        if "seat" in what:
            seat_number(v, bounds.players, field)
        if "centre" in what and not 0 <= v < bounds.centers:
            extra = "" if bounds.centers > 3 else ", no alpha centre card"
            raise RecordError(field, f"centre card {show(v)} does not exist (0 to "
                                     f"{bounds.centers - 1}{extra})")
    return v


def _ints(v: Any, field: str, what: str, sizes: tuple[int, ...],
          bounds: _Bounds | None = None) -> tuple[int, ...]:
    if not isinstance(v, list):
        raise RecordError(field, f"expected a list of {what}s, got {show(v)}")
    if len(v) not in sizes:
        n = " or ".join(str(s) for s in sizes)
        raise RecordError(field, f"expected {n} {what}s, got {len(v)}")
    return tuple(_int(x, f"{field}[{i}]", f"a {what}", bounds) for i, x in enumerate(v))


def parse_action(role: str, d: Any, field: str, players: int | None = None,
                 centers: int = 3) -> Choice:
    """The choice of ``role`` from its JSON object (GAME-RECORD.md's table). With ``players``,
    seat numbers and centre card numbers are checked against the table's size too."""
    if not isinstance(d, dict):
        raise RecordError(field, f"expected an object, got {show(d)}")
    b = _Bounds(players, centers) if players is not None else None
    SEAT, CENTRE = "a seat number", "a centre card number"

    def one(key: str, what: str = SEAT) -> int:
        return _int(_get(d, key, field), f"{field}.{key}", what, b)

    def many(key: str, what: str, sizes: tuple[int, ...]) -> tuple[int, ...]:
        return _ints(_get(d, key, field), f"{field}.{key}", what, sizes, b)

    if role == "sentinel":
        return Shield(one("shield"))
    if role == "doppelganger":
        seat = one("copy")
        then = d.get("then")
        if then is None or then == {}:  # ``"then": {}`` is the same as no ``then``
            return Copy(seat)
        # the copied role, which gives ``then`` its form, is known once the table is read
        return Copy(seat, _LazyThen(then, f"{field}.then", b))
    if role == "werewolf":
        return ViewCenter((one("view_center", CENTRE),))
    if role in ("alpha_wolf", "robber"):
        return Swap(one("swap"))
    if role == "mystic_wolf":
        return View((one("view"),))
    if role == "seer":
        if "view" in d and "view_center" in d:
            raise RecordError(field, "the seer looks at a player's card or at two centre cards, "
                                     "not both")
        if "view" in d:
            return View((one("view"),))
        if "view_center" in d:
            return ViewCenter(many("view_center", "centre card number", (2,)))
        raise RecordError(field, "missing 'view' or 'view_center'")
    if role == "apprentice_seer":
        return ViewCenter((one("view_center", CENTRE),))
    if role == "paranormal_investigator":
        return View(many("view", "seat number", (1, 2)))
    if role == "witch":
        if "view_center" not in d and "swap" in d:
            raise RecordError(f"{field}.view_center", "the witch exchanges only a centre card "
                                                      "she looked at: missing 'view_center'")
        c = one("view_center", CENTRE)
        if "swap" not in d:
            raise RecordError(f"{field}.swap", "a witch who looks at a centre card must exchange "
                                               "it with a player's card: missing 'swap'")
        return WitchSwap(c, one("swap"))
    if role == "troublemaker":
        a, b2 = many("swap", "seat number", (2,))
        return Exchange((a, b2))
    if role == "village_idiot":
        direction = _get(d, "shift", field)
        if direction not in ("left", "right"):
            raise RecordError(f"{field}.shift", f"expected \"left\" or \"right\", got "
                                                f"{show(direction)}")
        return Shift(direction)
    if role == "drunk":
        return SwapCenter(one("swap_center", CENTRE))
    if role == "revealer":
        return Reveal(one("reveal"))
    if role == "curator":
        return PlaceArtifact(one("artifact"))
    raise RecordError(field, f"the {role} makes no choice")


@dataclass(frozen=True)
class _LazyThen:
    """The Doppelgänger's ``then``, read once her copied role is known."""

    raw: Any
    field: str
    bounds: Any = None


def action_to_json(c: Choice, role: str = "", copied: str | None = None) -> dict:
    """The JSON form of ``role``'s choice (the inverse of :func:`parse_action`); for the
    Doppelgänger, ``copied`` is the role she copied, which shapes her ``then``."""
    if isinstance(c, Shield):
        return {"shield": c.seat}
    if isinstance(c, Copy):
        out: dict = {"copy": c.seat}
        if c.then is not None:
            out["then"] = action_to_json(c.then, copied or "")
        return out
    if isinstance(c, ViewCenter):
        return {"view_center": c.centers[0] if len(c.centers) == 1 else list(c.centers)}
    if isinstance(c, Swap):
        return {"swap": c.seat}
    if isinstance(c, View):
        if role == "paranormal_investigator" or len(c.seats) != 1:
            return {"view": list(c.seats)}
        return {"view": c.seats[0]}
    if isinstance(c, WitchSwap):
        return {"view_center": c.center, "swap": c.seat}
    if isinstance(c, Exchange):
        return {"swap": list(c.seats)}
    if isinstance(c, Shift):
        return {"shift": c.direction}
    if isinstance(c, SwapCenter):
        return {"swap_center": c.center}
    if isinstance(c, Reveal):
        return {"reveal": c.seat}
    if isinstance(c, PlaceArtifact):
        return {"artifact": c.seat}
    raise TypeError(c)


def step_choice_to_json(step_id: str, c: Choice, copied: str | None = None) -> dict:
    """The JSON form of the choice made at ``step_id`` (a record's ``night`` entry)."""
    return action_to_json(c, STEP[step_id].role, copied)


# ---- reading a record ---------------------------------------------------------------------------

def _cards(v: Any, field: str) -> tuple[str, ...]:
    if not isinstance(v, list):
        raise RecordError(field, f"expected a list of role ids, got {show(v)}")
    for i, c in enumerate(v):
        if not isinstance(c, str):
            raise RecordError(f"{field}[{i}]", f"expected a role id, got {show(c)}")
        if c not in ROLE:
            raise RecordError(f"{field}[{i}]", f"unknown role {show(c)}")
    return tuple(v)


def read_game(data: Any) -> Game:
    """Check a record's format and deal; the night's rules are checked by :func:`replay`."""
    if not isinstance(data, dict):
        raise RecordError("", "a game record is a JSON object")
    fmt = data.get("format")
    if fmt != FORMAT:
        got = "missing" if "format" not in data else f"got {show(fmt)}"
        raise RecordError("format", f"expected \"{FORMAT}\", {got}")
    seats = _cards(_get(data, "seats", ""), "seats")
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise RecordError("seats", f"{len(seats)} players: the game is for 3 to 10 players")
    center = _cards(_get(data, "center", ""), "center")
    if len(center) != CENTER_CARDS:
        raise RecordError("center", f"{len(center)} centre cards: there are exactly 3")

    alpha = data.get("alpha_center")
    in_deck = "alpha_wolf" in seats or "alpha_wolf" in center
    if alpha is None:
        if in_deck:
            raise RecordError("alpha_center", "missing: an alpha_wolf card is dealt (the centre "
                                              "included), so the Alpha Wolf's extra centre card "
                                              "is required")
    else:
        if not isinstance(alpha, str) or alpha not in ROLE:
            raise RecordError("alpha_center", f"unknown role {show(alpha)}")
        if alpha not in ALPHA_CENTER_CARDS:
            raise RecordError("alpha_center", f"must be werewolf, mystic_wolf or dream_wolf, "
                                              f"not {alpha}")
        if not in_deck:
            raise RecordError("alpha_center", "there is no alpha_wolf card in this game")

    used: Counter[str] = Counter()
    places = [(f"seats[{i}]", c) for i, c in enumerate(seats)]
    places += [(f"center[{i}]", c) for i, c in enumerate(center)]
    if alpha is not None:
        places.append(("alpha_center", alpha))
    for field, card in places:
        used[card] += 1
        limit = ROLE[card].box_copies
        if used[card] > limit:
            raise RecordError(field, f"one {card} card too many: the two boxes hold {limit}")

    arts_raw = data.get("artifacts", [])
    if arts_raw is None:
        arts_raw = []
    if not isinstance(arts_raw, list):
        raise RecordError("artifacts", f"expected a list of artifact ids, got "
                                       f"{show(arts_raw)}")
    for i, a in enumerate(arts_raw):
        if not isinstance(a, str) or a not in ARTIFACT:
            raise RecordError(f"artifacts[{i}]", f"unknown artifact {show(a)} (one of "
                                                 f"{', '.join(ARTIFACT_IDS)})")
        if a in arts_raw[:i]:
            raise RecordError(f"artifacts[{i}]", f"{a} is listed twice: each artifact exists once")
    artifacts = tuple(arts_raw)

    night_raw = data.get("night", {})
    if night_raw is None:
        night_raw = {}
    if not isinstance(night_raw, dict):
        raise RecordError("night", f"expected an object keyed by step id, got "
                                   f"{show(night_raw)}")
    called = {s.id for s in night_steps(seats + center)}
    choices: dict[str, Choice] = {}
    for key, value in night_raw.items():
        field = f"night.{key}"
        if value == {}:
            value = None  # GAME-RECORD.md: {} is the same as an absent step
        if key not in STEP:
            raise RecordError(field, "unknown step id")
        if key not in called:
            raise RecordError(field, f"this step is not called: no {STEP[key].role} in this "
                                     "game" + (" with the doppelganger" if STEP[key].doppelganger
                                               else ""))
        step = STEP[key]
        if value is None:
            continue
        if not step.takes_choice:
            if not isinstance(value, dict):
                raise RecordError(field, f"expected an object, got {show(value)}")
            continue
        role = "werewolf" if key == "werewolves" else step.role
        choices[key] = parse_action(role, value, field, len(seats),
                                    CENTER_CARDS + (1 if alpha is not None else 0))

    votes_raw = _get(data, "votes", "")
    if not isinstance(votes_raw, list):
        raise RecordError("votes", f"expected a list of seat numbers, got {show(votes_raw)}")
    votes = check_votes(votes_raw, len(seats))
    return Game(seats, center, alpha, artifacts, choices, votes)


def night_choices(game: Game) -> dict[str, Choice]:
    """The record's choice at each step, the Doppelgänger's ``then`` read as the choice of the
    role she copied (which gives it its form)."""
    t = game.table()
    choices = dict(game.choices)
    c = choices.get("doppelganger")
    if isinstance(c, Copy) and isinstance(c.then, _LazyThen):
        lazy = c.then
        seat = c.seat
        if isinstance(seat, int) and 0 <= seat < t.players:
            b = lazy.bounds
            then = parse_action(t.seats[seat], lazy.raw, lazy.field,
                                b.players if b else None, b.centers if b else 3)
            choices["doppelganger"] = Copy(seat, then)
        else:
            choices["doppelganger"] = Copy(seat, None)
    return choices


def replay(game: Game) -> Table:
    """Play the record's night on its deal; raises :class:`RulesError` with a ``night.`` field."""
    t = game.table()
    choices = night_choices(game)
    placing = sum(1 for k in ("curator", "doppelganger_curator") if k in choices)
    if placing > len(game.artifacts):
        raise RecordError("artifacts", f"{placing} artifact(s) placed by the Curator but "
                                       f"{len(game.artifacts)} listed in the draw order")
    try:
        return play_night(t, choices)
    except IllegalChoice as e:
        raise e.within("night") from None


def outcome_json(t: Table, out: Outcome) -> dict:
    final: dict[str, Any] = {"seats": list(t.seats), "center": list(t.center)}
    if t.alpha_center is not None:
        final["alpha_center"] = t.alpha_center
    return {
        "final": final,
        "roles": list(out.roles),
        "teams": [tm.value for tm in out.teams],
        "shields": sorted(t.shields),
        "artifacts": {str(s): a for s, a in sorted(t.artifacts)},
        "revealed": sorted(t.revealed),
        "dead": list(out.dead),
        "winners": list(out.winners),
        "winning_teams": list(out.winning_teams),
        # beyond the contract: why
        "copied": t.copied,
        "deaths": [{"seat": d.seat, "cause": d.cause.value, "votes": d.votes,
                    **({"by": d.by} if d.by is not None else {})} for d in out.deaths],
        "votes_received": list(out.counts),
        "verdicts": [{"team": v.team.value, "won": v.won, "reason": v.reason.value,
                      **({"seat": v.seat} if v.seat is not None else {})}
                     for v in out.verdicts],
    }


def adjudicate(data: Any) -> dict:
    """The contract's outcome object for a parsed record (raises :class:`RulesError`)."""
    game = read_game(data)
    t = replay(game)
    out = resolve(t.roles(), game.votes)
    return outcome_json(t, out)


def adjudicate_text(text: str, source: str = "record") -> dict:
    return adjudicate(jsontext.parse(text, source))


__all__ = ["FORMAT", "Game", "read_game", "replay", "adjudicate", "adjudicate_text",
           "parse_action", "action_to_json", "night_choices", "RulesError"]
