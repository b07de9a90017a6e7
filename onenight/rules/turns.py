"""A night step played pick by pick, as a woken player plays it on the tablet (or a pad).

The engine plays a step from one whole choice (:func:`.night.apply_step`). A player builds
that choice in parts and learns something after some of them: the Witch looks at a centre
card before she decides whose card she exchanges it with; the Paranormal Investigator decides
on a second look after the first; the Doppelgänger learns her new role and then acts as it. A
*pick* is one part, in the record's own words (GAME-RECORD.md), one key at a time::

    {"copy": 1}  {"view": 2}  {"view_center": [0, 2]}  {"swap": 3}  {"swap": [1, 4]}
    {"shield": 0}  {"swap_center": 1}  {"shift": "left"}  {"reveal": 2}  {"artifact": 4}

Seats and centre cards are numbers (the alpha centre card is centre card 3), so a pad's
seat dial gives a pick as well as a tap does.

A :class:`Turn` is the table before the step and the picks so far. Its picks are always the
start of one of the step's legal choices (:func:`.night.legal_choices`): a pick that no
legal choice continues is refused. The picks are *a choice* when they are one of the legal
choices themselves, and *final* when no legal choice goes further.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Union

from onenight.common.values import show

from .cards import ROLE
from .cards import Copy as CopyKind
from .choices import (Choice, Copy, Exchange, PlaceArtifact, Reveal, Shield, Shift, Swap,
                      SwapCenter, View, ViewCenter, WitchSwap)
from .errors import IllegalChoice
from .night import ACTIONS, Seen, Table, actors, apply_step, legal_choices
from .steps import STEP, Step

#: One part of a choice: (key, value). The value is a seat or centre number, two of them in
#: ascending order (the Seer's two centre cards, the Troublemaker's two players), or a
#: direction.
Part = tuple[str, Union[int, tuple[int, ...], str]]

SEAT, CENTER, DIRECTION = "seat", "center", "direction"


@dataclass(frozen=True)
class Ask:
    """What a woken player may pick next: ``key`` with ``count`` seats, centre cards or a
    direction (``what``)."""

    key: str
    what: str
    count: int = 1


#: The stages of each role's choice: the asks of its first pick, then of its next.
STAGES: dict[str, tuple[tuple[Ask, ...], ...]] = {
    "sentinel": ((Ask("shield", SEAT),),),
    "doppelganger": ((Ask("copy", SEAT),),),  # then the copied role's stages
    "werewolf": ((Ask("view_center", CENTER),),),  # a lone werewolf only
    "alpha_wolf": ((Ask("swap", SEAT),),),
    "mystic_wolf": ((Ask("view", SEAT),),),
    "seer": ((Ask("view", SEAT), Ask("view_center", CENTER, 2)),),
    "apprentice_seer": ((Ask("view_center", CENTER),),),
    "paranormal_investigator": ((Ask("view", SEAT),), (Ask("view", SEAT),)),
    "robber": ((Ask("swap", SEAT),),),
    "witch": ((Ask("view_center", CENTER),), (Ask("swap", SEAT),)),
    "troublemaker": ((Ask("swap", SEAT, 2),),),
    "village_idiot": ((Ask("shift", DIRECTION),),),
    "drunk": ((Ask("swap_center", CENTER),),),
    "revealer": ((Ask("reveal", SEAT),),),
    "curator": ((Ask("artifact", SEAT),),),
}
KEYS: tuple[str, ...] = tuple(dict.fromkeys(a.key for stages in STAGES.values()
                                            for stage in stages for a in stage))


def step_role(step: Step) -> str:
    """The role whose choice the step takes (the werewolves' step: the lone werewolf's)."""
    return "werewolf" if step.id == "werewolves" else step.role


def first_asks(step: Step | str) -> tuple[Ask, ...]:
    """What may be picked first at ``step``: the same for every deal (empty for a step where
    the woken only look or raise a thumb)."""
    step = STEP[step] if isinstance(step, str) else step
    if not step.takes_choice:
        return ()
    return STAGES[step_role(step)][0]


# ---- choices as parts ---------------------------------------------------------------------------

def _pair(values) -> tuple[int, ...] | int:
    return values[0] if len(values) == 1 else tuple(sorted(values))


def parts(choice: Choice | None) -> tuple[Part, ...]:
    """The picks that make ``choice``, in the order a player makes them."""
    if choice is None:
        return ()
    if isinstance(choice, Copy):
        return (("copy", choice.seat),) + parts(choice.then)
    if isinstance(choice, Shield):
        return (("shield", choice.seat),)
    if isinstance(choice, View):  # one look after the other
        return tuple(("view", s) for s in choice.seats)
    if isinstance(choice, ViewCenter):  # the Seer's two centre cards: one pick
        return (("view_center", _pair(choice.centers)),)
    if isinstance(choice, Swap):
        return (("swap", choice.seat),)
    if isinstance(choice, WitchSwap):
        return (("view_center", choice.center), ("swap", choice.seat))
    if isinstance(choice, Exchange):
        return (("swap", _pair(choice.seats)),)
    if isinstance(choice, Shift):
        return (("shift", choice.direction),)
    if isinstance(choice, SwapCenter):
        return (("swap_center", choice.center),)
    if isinstance(choice, Reveal):
        return (("reveal", choice.seat),)
    if isinstance(choice, PlaceArtifact):
        return (("artifact", choice.seat),)
    raise TypeError(choice)


def read_pick(raw: Any, field: str = "pick") -> Part:
    """One pick from its JSON object, or :class:`IllegalChoice` naming what is wrong (its
    legality at the table is the :class:`Turn`'s business)."""
    if not isinstance(raw, dict):
        raise IllegalChoice(field, f"expected an object, got {show(raw)}")
    if len(raw) != 1:
        raise IllegalChoice(field, f"expected one key (one of {', '.join(KEYS)}), got "
                                   f"{len(raw)}")
    (key, value), = raw.items()
    if key not in KEYS:
        raise IllegalChoice(field, f"unknown pick {show(key)} (one of {', '.join(KEYS)})")
    where = f"{field}.{key}"
    if key == "shift":
        if value not in ("left", "right"):
            raise IllegalChoice(where, f"expected \"left\" or \"right\", got {show(value)}")
        return (key, value)
    values = value if isinstance(value, list) else [value]
    if not 1 <= len(values) <= 2:
        raise IllegalChoice(where, f"expected one or two numbers, got {len(values)}")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int):
            raise IllegalChoice(where, f"expected a seat or centre card number, got {show(v)}")
    if len(values) == 2 and values[0] == values[1]:
        raise IllegalChoice(where, f"the same number twice ({values[0]})")
    return (key, _pair(values))


def pick_json(part: Part) -> dict:
    """The JSON object of one pick (the inverse of :func:`read_pick`)."""
    key, value = part
    return {key: list(value) if isinstance(value, tuple) else value}


# ---- a step being played --------------------------------------------------------------------------

@dataclass(frozen=True)
class Turn:
    """One step of the night on ``table`` (the table before the step), with the picks so far."""

    table: Table
    step: Step
    picks: tuple[Part, ...] = ()

    @classmethod
    def start(cls, table: Table, step: Step | str) -> "Turn":
        return cls(table, STEP[step] if isinstance(step, str) else step)

    @cached_property
    def legal(self) -> tuple[tuple[Choice | None, tuple[Part, ...]], ...]:
        """Every legal choice of the step with its parts."""
        return tuple((c, parts(c)) for c in legal_choices(self.table, self.step))

    @cached_property
    def actors(self) -> tuple[int, ...]:
        """The seats awake at this step (empty: its card lies in the centre, or nobody
        copied it)."""
        return actors(self.table, self.step)

    def _going_on(self, picks: tuple[Part, ...]) -> list[tuple[Choice | None, tuple[Part, ...]]]:
        n = len(picks)
        return [(c, p) for c, p in self.legal if p[:n] == picks]

    @property
    def choice_made(self) -> bool:
        """The picks so far are a legal choice (no pick: doing nothing is legal)."""
        return any(p == self.picks for _, p in self.legal)

    @property
    def final(self) -> bool:
        """Nothing more may be picked."""
        n = len(self.picks)
        return not any(len(p) > n for _, p in self._going_on(self.picks))

    @property
    def choice(self) -> Choice | None:
        """The legal choice the picks make (None: nothing done); ValueError when they are
        not a choice yet."""
        for c, p in self.legal:
            if p == self.picks:
                return c
        raise ValueError("the picks so far are not a whole choice")

    def pick(self, part: Part, field: str = "pick") -> "Turn":
        """The turn with one more pick, or :class:`IllegalChoice` when no legal choice
        goes on that way (the reason says why, as far as the engine can tell)."""
        picks = self.picks + (part,)
        if not self._going_on(picks):
            if self.picks and self.final:
                raise IllegalChoice(field, "the choice of this step is already made")
            raise IllegalChoice(field, self._why(part))
        return Turn(self.table, self.step, picks)

    def _why(self, part: Part) -> str:
        key, value = part
        if not self.actors:
            return "nobody is awake at this step"
        if key not in {a.key for a in self.asks}:
            return f"{key!r} is not what this step asks for now"
        if not self.picks and self.final:
            return "nothing can be chosen at this step now"
        seats = value if isinstance(value, tuple) else (value,)
        if isinstance(value, str):
            return f"{value!r} is not a legal choice here"
        if key in ("view_center", "swap_center"):
            return f"centre card {show(value)} cannot be chosen here"
        me = self.actors[0]
        for s in seats:
            if not 0 <= s < self.table.players:
                return f"seat {s} does not exist ({self.table.players} players)"
            if s in self.table.shields:
                return f"seat {s} is shielded: its card cannot be viewed or moved"
        if me in seats:
            return f"seat {me} cannot choose their own card here"
        return f"{key} {show(value)} is not a legal choice here"

    @property
    def asks(self) -> tuple[Ask, ...]:
        """What may be picked next. Before any pick: the step's own asks, the same for every
        deal (:func:`first_asks`); then what the picks so far lead to."""
        if not self.picks:
            return first_asks(self.step)
        if self.final:
            return ()
        role, n = step_role(self.step), len(self.picks)
        stages = STAGES[role]
        if role == "doppelganger":
            copied = self.table.seats[self.picks[0][1]]
            acts = copied in ACTIONS and ROLE[copied].copy in (CopyKind.AT_ONCE, CopyKind.WOLF)
            stages = stages + (STAGES[copied] if acts else ())
        return stages[n] if n < len(stages) else ()

    def completed(self, rng) -> "Turn":
        """The turn when the step's time is up: as it is when its picks are a choice (no
        pick: doing nothing, where that is legal); otherwise what is missing is drawn with
        ``rng``, one pick at a time among the legal ones, stopping as soon as the picks are a
        choice. So only a mandatory action is ever completed (the Doppelgänger's copy, the
        Alpha Wolf's and the Drunk's exchanges, the Witch's exchange once she looked), never
        an optional one."""
        turn = self
        while not turn.choice_made:
            n = len(turn.picks)
            options = list(dict.fromkeys(p[n] for _, p in turn._going_on(turn.picks)
                                         if len(p) > n))
            turn = Turn(turn.table, turn.step, turn.picks + (rng.choice(options),))
        return turn

    def learned(self) -> tuple[Seen, ...]:
        """What the woken learn with the picks so far: each fact once (the werewolves all see
        the same pack), then a card the Revealer leaves face up for everyone. Nothing before
        a mandatory choice is begun."""
        if self.choice_made:
            c = self.choice
        elif self.picks:  # begun, not whole yet (the Witch looked, has not exchanged):
            # any legal way on teaches the same, the rest being an unseen exchange
            c = self._going_on(self.picks)[0][0]
        else:
            return ()
        return facts_learned(self.table, apply_step(self.table, self.step, c),
                             actors(self.table, self.step))

    def play(self) -> Table:
        """The table after the step, with the picks as the choice."""
        return apply_step(self.table, self.step, self.choice)


def facts_learned(before: Table, after: Table, seats) -> tuple[Seen, ...]:
    """What ``seats`` learned between two tables, and what everyone did (a card turned face
    up), each fact once."""
    out: list[Seen] = []
    for s in seats:
        for f in after.seen[s][len(before.seen[s]):]:
            if f not in out:
                out.append(f)
    out += [f for f in after.public[len(before.public):] if f not in out]
    return tuple(out)


__all__ = ["Turn", "Ask", "Part", "STAGES", "KEYS", "SEAT", "CENTER", "DIRECTION", "parts",
           "read_pick", "pick_json", "first_asks", "step_role", "facts_learned"]
