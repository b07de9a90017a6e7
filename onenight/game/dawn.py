"""The dawn replay: a finished game as frames a screen animates and steps through.

:func:`dawn` reads a game record (``onenight-game/1``) and gives a :class:`Dawn`: its
``frames``, in order. Each frame holds the table as it stands at the frame's end (a
:class:`Board`), and what changed to get there from the frame before: cards moved between
seats and the centre (:class:`Move`), what each woken player looked at or learned
(:class:`Look`), tokens laid and cards turned up (:class:`Mark`). So a screen shows frame
``i - 1``'s board, animates frame ``i``'s moves into frame ``i``'s board, and steps back by
showing the earlier board again.

The frames:

* ``deal``: the cards as dealt (only when the record holds the deal);
* ``step``: one per step the night called, in wake order, those nobody woke for too
  (``actors`` empty: the card lay in the centre, or the Doppelgänger copied another role),
  with the record's ``choice``;
* ``dawn``: the cards in front of the players when everyone opens their eyes (for a game
  played with physical cards: the cards the host entered, all the record holds of the night);
* ``votes``: who pointed at whom (``votes``, ``counts``);
* ``deaths``: every card turned up (``Dawn.roles``), who died and why (``deaths``: the vote,
  or a Hunter's shot), who a Bodyguard protected and who was spared;
* ``verdict``: each team's verdict with the rule that decided it, and the winners.

The record is checked as ``onenight adjudicate`` checks it: a broken one raises
:class:`~onenight.rules.errors.RulesError` naming the field, never anything else.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from onenight.common import jsontext
from onenight.common.values import show
from onenight.rules.cards import ARTIFACT, ROLE, day_identity, team_of
from onenight.rules.choices import Copy, Exchange, Shift, Swap, SwapCenter, WitchSwap
from onenight.rules.errors import IllegalChoice, RecordError
from onenight.rules.night import (ALPHA_CENTER, Table, actors, apply_step, idiot_moving,
                                  shift_cards)
from onenight.rules.outcome import Death, Outcome, Verdict, check_votes, resolve
from onenight.rules.record import FORMAT, night_choices, read_game, replay, step_choice_to_json
from onenight.rules.scenarios import MAX_PLAYERS, MIN_PLAYERS
from onenight.rules.steps import Step, night_steps

SEAT, CENTER = "seat", "center"


@dataclass(frozen=True)
class Spot:
    """A place on the table: a seat, or a centre card (3: the alpha centre card)."""

    kind: str  # "seat" or "center"
    index: int


@dataclass(frozen=True)
class Board:
    """The table: the card at each seat (None: not known, in a game of physical cards), the
    centre cards then the alpha centre card (empty: not known), and the tokens."""

    seats: tuple[str | None, ...]
    center: tuple[str, ...] = ()
    shields: tuple[int, ...] = ()
    artifacts: tuple[tuple[int, str], ...] = ()  # (seat, artifact), in the order laid
    face_up: tuple[int, ...] = ()  # seats whose card lies face up

    def card_at(self, spot: Spot) -> str | None:
        return self.seats[spot.index] if spot.kind == SEAT else self.center[spot.index]


@dataclass(frozen=True)
class Move:
    """One card moving from a place to another."""

    card: str
    source: Spot
    target: Spot


@dataclass(frozen=True)
class Look:
    """What one woken player learned (the engine's kinds of knowledge): ``card`` (a player's
    card), ``center``, ``copied`` (the Doppelgänger's copy), ``robbed`` (the Robber's new card),
    ``own`` (the Insomniac's own card), ``became`` (the Investigator's new side: ``card``),
    ``wolves``, ``masons``, ``thumbs`` (``seats``)."""

    seat: int
    kind: str
    spot: Spot | None = None
    card: str | None = None
    seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class Mark:
    """A token laid or a card changed on the table: ``shield``, ``artifact`` (``what``: which;
    face down for the table), ``face_up`` (``what``: the card the Revealer left face up),
    ``became`` (``what``: the Investigator's new role)."""

    kind: str
    seat: int
    what: str | None = None


@dataclass(frozen=True)
class Frame:
    kind: str  # deal, step, dawn, votes, deaths, verdict
    board: Board  # the table at the end of this frame
    step: str | None = None  # a step frame's step id
    actors: tuple[int, ...] = ()  # the seats woken at that step
    choice: dict | None = None  # what they chose, as in the record
    looks: tuple[Look, ...] = ()
    moves: tuple[Move, ...] = ()
    marks: tuple[Mark, ...] = ()
    votes: tuple[int, ...] = ()  # votes[i]: the seat seat i pointed at
    counts: tuple[int, ...] = ()  # votes received, per seat
    deaths: tuple[Death, ...] = ()  # in the order they happen, each with its cause
    protected: tuple[int, ...] = ()  # seats a Bodyguard pointed at
    spared: tuple[int, ...] = ()  # seats who would have died, but were protected or a Prince
    verdicts: tuple[Verdict, ...] = ()  # each team's (or tanner's), with the deciding rule
    winners: tuple[int, ...] = ()


@dataclass(frozen=True)
class Dawn:
    players: tuple[str, ...]  # the players' names (empty when the record has none)
    roles: tuple[str, ...]  # each seat's identity for the day
    teams: tuple[str, ...]
    has_night: bool  # the record holds the deal and the night (the cards were on the tablet)
    frames: tuple[Frame, ...]

    def index(self, kind: str) -> int:
        """The first frame of that kind (ValueError when there is none)."""
        return next(i for i, f in enumerate(self.frames) if f.kind == kind)


# ---- reading a record -------------------------------------------------------------------------

def dawn(data: Any) -> Dawn:
    """The replay of a game record (parsed JSON); :class:`RulesError` when it is broken."""
    if not isinstance(data, dict):
        raise RecordError("", "a game record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError("format", f"expected \"{FORMAT}\", got {show(data.get('format'))}")
    if "seats" in data:
        return _with_night(data)
    return _without_night(data)


def read_dawn(path: str | Path) -> Dawn:
    """The replay of the record in the file ``path`` (a record of the history)."""
    text, source = jsontext.read_source(str(path))
    return dawn(jsontext.parse(text, source))


def _players(data: dict, n: int) -> tuple[str, ...]:
    names = data.get("players")
    if isinstance(names, list) and len(names) == n and all(isinstance(x, str) for x in names):
        return tuple(names)
    return ()


def _board(t: Table) -> Board:
    center = t.center + ((t.alpha_center,) if t.alpha_center is not None else ())
    return Board(t.seats, center, tuple(sorted(t.shields)), t.artifacts, tuple(sorted(t.revealed)))


def _with_night(data: dict) -> Dawn:
    game = read_game(data)
    replay(game)  # the whole record checked first, as adjudicate checks it
    choices = night_choices(game)
    t = game.table()
    frames = [Frame("deal", _board(t))]
    for step in night_steps(game.seats + game.center):
        choice = choices.get(step.id)
        try:
            after = apply_step(t, step, choice)
        except IllegalChoice as e:  # replay() passed: cannot happen; never a crash
            raise e.within(step.id).within("night") from None
        frames.append(_step_frame(t, after, step, choice))
        t = after
    frames.append(Frame("dawn", _board(t)))
    return _day(frames, _players(data, len(game.seats)), t.roles(), game.votes, True)


def _without_night(data: dict) -> Dawn:
    """A game played with physical cards: the cards entered at the reveal, and the votes."""
    entry = data.get("final_entry")
    if entry is not None:
        seats, roles, arts = _entered(entry)
    else:  # only what the app announced
        outcome = data.get("outcome")
        if not isinstance(outcome, dict):
            raise RecordError("final_entry", "missing: the record holds neither the night nor "
                                             "the cards entered")
        roles = _role_list(outcome.get("roles"), "outcome.roles")
        seats, arts = (None,) * len(roles), ()
    votes = data.get("votes")
    if not isinstance(votes, list):
        raise RecordError("votes", f"expected a list of seat numbers, got {show(votes)}")
    votes = check_votes(votes, len(roles))
    frames = [Frame("dawn", Board(seats, artifacts=arts))]
    return _day(frames, _players(data, len(roles)), roles, votes, False)


def _role_list(v: Any, field: str) -> tuple[str, ...]:
    if not isinstance(v, list):
        raise RecordError(field, f"expected a list of role ids, got {show(v)}")
    if not MIN_PLAYERS <= len(v) <= MAX_PLAYERS:
        raise RecordError(field, f"{len(v)} players: the game is for 3 to 10 players")
    for i, r in enumerate(v):
        if not (isinstance(r, str) and r in ROLE):
            raise RecordError(f"{field}[{i}]", f"unknown role {show(r)}")
    return tuple(v)


def _entered(entry: Any) -> tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[int, str], ...]]:
    """The cards the host entered, the identities they make (as the controller made them),
    and the artifacts entered."""
    if not isinstance(entry, dict):
        raise RecordError("final_entry", f"expected an object, got {show(entry)}")
    seats = _role_list(entry.get("seats"), "final_entry.seats")
    copied = entry.get("copied")
    if copied is not None and copied not in ROLE:
        raise RecordError("final_entry.copied", f"unknown role {show(copied)}")
    per_seat = {}
    for key in ("changed", "artifacts"):
        raw = entry.get(key) or {}
        if not isinstance(raw, dict):
            raise RecordError(f"final_entry.{key}", f"expected an object, got {show(raw)}")
        known = ("werewolf", "tanner") if key == "changed" else tuple(ARTIFACT)
        out = {}
        for k, v in raw.items():
            if not (k.isdigit() and int(k) < len(seats)):  # (JSON keys are strings)
                raise RecordError(f"final_entry.{key}.{k}", "not a seat of this game")
            if v not in known:
                raise RecordError(f"final_entry.{key}.{k}", f"unknown value {show(v)}")
            out[int(k)] = v
        per_seat[key] = out
    roles = tuple(day_identity(c, copied, per_seat["changed"].get(i),
                               per_seat["artifacts"].get(i)) for i, c in enumerate(seats))
    return seats, roles, tuple(sorted(per_seat["artifacts"].items()))


def _day(frames: list[Frame], players: tuple[str, ...], roles, votes, has_night: bool) -> Dawn:
    o: Outcome = resolve(roles, votes)
    board = frames[-1].board
    frames.append(Frame("votes", board, votes=o.votes, counts=o.counts))
    frames.append(Frame("deaths", board, deaths=o.deaths, protected=o.protected,
                        spared=o.spared))
    frames.append(Frame("verdict", board, verdicts=o.verdicts, winners=o.winners))
    return Dawn(players, tuple(o.roles), tuple(team_of(r).value for r in o.roles), has_night,
                tuple(frames))


# ---- one step of the night ---------------------------------------------------------------------

def _step_frame(before: Table, after: Table, step: Step, choice) -> Frame:
    woken = actors(before, step)
    looks = []
    for s in woken:
        for f in after.seen[s][len(before.seen[s]):]:
            spot = None
            if f.kind in ("card", "copied", "robbed") and f.seat is not None:
                spot = Spot(SEAT, f.seat)
            elif f.kind == "own":
                spot = Spot(SEAT, s)
            elif f.kind == "center":
                spot = Spot(CENTER, f.center)
            looks.append(Look(s, f.kind, spot, f.card, f.seats))
    marks = [Mark("shield", s) for s in sorted(after.shields - before.shields)]
    marks += [Mark("artifact", s, a) for s, a in after.artifacts[len(before.artifacts):]]
    marks += [Mark("face_up", f.seat, f.card) for f in after.public[len(before.public):]
              if f.kind == "revealed"]
    marks += [Mark("became", s, r) for s, r in after.changed if (s, r) not in before.changed]
    moves = _moves(before, step, choice, woken[0]) if choice is not None else ()
    shown = step_choice_to_json(step.id, choice, after.copied) if choice is not None else None
    return Frame("step", _board(after), step.id, woken, shown, tuple(looks), moves,
                 tuple(marks))


def _moves(t: Table, step: Step, choice, me: int) -> tuple[Move, ...]:
    """The cards a choice moves, read from the choice (cards of the same name moving are
    moves too, which comparing the tables would not show)."""
    role = step.role
    if isinstance(choice, Copy):
        role, choice = t.seats[choice.seat], choice.then
    board = _board(t)

    def swap(a: Spot, b: Spot) -> tuple[Move, ...]:
        return (Move(board.card_at(a), a, b), Move(board.card_at(b), b, a))

    if isinstance(choice, Swap):
        other = Spot(CENTER, ALPHA_CENTER) if role == "alpha_wolf" else Spot(SEAT, me)
        return swap(Spot(SEAT, choice.seat), other)
    if isinstance(choice, WitchSwap):
        return swap(Spot(CENTER, choice.center), Spot(SEAT, choice.seat))
    if isinstance(choice, Exchange):
        return swap(Spot(SEAT, choice.seats[0]), Spot(SEAT, choice.seats[1]))
    if isinstance(choice, SwapCenter):
        return swap(Spot(SEAT, me), Spot(CENTER, choice.center))
    if isinstance(choice, Shift):
        moving = idiot_moving(t, me)
        n = t.players
        came_from = shift_cards(tuple(range(n)), moving, choice.direction)
        return tuple(Move(t.seats[src], Spot(SEAT, src), Spot(SEAT, dst))
                     for dst, src in enumerate(came_from) if src != dst)
    return ()


__all__ = ["Dawn", "Frame", "Board", "Move", "Look", "Mark", "Spot", "dawn", "read_dawn"]
