"""Characters with *special powers* (the Québec booklet, seed 002: "Pouvoirs spéciaux"): a
list of powers, of which the character may first pick some in secret (the Apothicaire: "Durant
la première nuit, choisit en secret 2 pouvoirs spéciaux parmi un choix de 4"), then, at each
of its nights, uses one power ("un (et un seul) des pouvoirs choisis") on the player it names.

One :class:`Specials` describes a character's list; :func:`steps` gives the two steps that
play it: the pick (``Kind.POWERS``, on the first night, when there is one) and the night's use
(``Kind.POWER``). What a power does is the character's (``Power.act``); the rules every list
shares are here:

- *usage unique*: a single-use power is spent once used (two powers may share one use: the
  Violoneux's Rigodon of the day or of the night); an *effet unique* power is spent once it
  took effect (the Coureur des Bois's Piège à Loup, named every night until it fires);
- *automatique*: a power that is never used, only held (the Sérum Indigeste): it takes effect
  as it is picked (``Power.kept``);
- "On ne peut pas protéger la même cible deux nuits consécutives" (``Power.not_twice``): the
  power may not name the player it named the night before;
- whether it may name its holder (``Power.itself``: "On peut se protéger soi-même").

The pick and the uses are the game's memory (``Game.memo``), set only by the record's choices,
so a replay finds them again."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from onenight.common.errors import IllegalChoice

from . import sides
from .model import Choice, Game, Kind, Pick, Stop, Use
from .table import FIRST_NIGHT, Step, When

#: A power's effect: (the game, its holder, the seat it names or None) -> the game.
Effect = Callable[[Game, int, "int | None"], Game]


@dataclass(frozen=True)
class Power:
    """One special power of a list."""

    id: str
    uses: str = "multiple"  # "multiple", "single" (usage unique), "automatic"
    names: bool = True  # it names a player
    itself: bool = True  # it may name its holder
    not_twice: bool = False  # not the player it named the night before
    spends: str = ""  # the single use it spends (default: its own)
    act: Effect | None = None
    kept: Callable[[Game, int], Game] | None = None  # an automatic power, as it is picked

    @property
    def use(self) -> str:
        return self.spends or self.id


@dataclass(frozen=True)
class Specials:
    """A character's special powers: its card's id, its list, and how many it picks on its
    first night (0: it holds the whole list)."""

    role: str
    powers: tuple[Power, ...]
    pick: int = 0

    def power(self, id: str) -> Power | None:
        return next((p for p in self.powers if p.id == id), None)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.powers)

    # the game's memory of it
    @property
    def picked_key(self) -> str:
        return f"{self.role}.powers"

    @property
    def spent_key(self) -> str:
        return f"{self.role}.spent"

    def last_key(self, power: str) -> str:
        return f"{self.role}.last.{power}"


def held(g: Game, sp: Specials) -> tuple[str, ...]:
    """The powers the character holds: those it picked (none before its pick), or its whole
    list."""
    if not sp.pick:
        return sp.ids
    return tuple(g.memo.get(sp.picked_key, ()))


def spent(g: Game, sp: Specials) -> frozenset[str]:
    """The single uses spent."""
    return frozenset(g.memo.get(sp.spent_key, ()))


def usable(g: Game, sp: Specials) -> tuple[Power, ...]:
    """The powers it may still use (held, not automatic, not spent)."""
    gone = spent(g, sp)
    return tuple(p for p in sp.powers if p.id in held(g, sp) and p.uses != "automatic"
                 and p.use not in gone)


def spend(g: Game, sp: Specials, use: str) -> Game:
    """The single use ``use`` is spent: used (*usage unique*) or fired (*effet unique*)."""
    return g._with(memo=g.memo.put(sp.spent_key, tuple(sorted(spent(g, sp) | {use}))))


def barred(g: Game, sp: Specials, p: Power) -> int | None:
    """The player a *not twice* power may not name tonight: the one it named last night."""
    last = g.memo.get(sp.last_key(p.id))
    return last[0] if p.not_twice and last is not None and last[1] == g.phase.number - 1 \
        else None


def _targets(g: Game, sp: Specials, p: Power, me: int) -> list[int]:
    no = barred(g, sp, p)
    return [s for s in g.living() if not sides.absent(g, s) and s != no
            and (p.itself or s != me)]


# ---- the pick -----------------------------------------------------------------------------------

def _pick_options(sp: Specials):
    def options(g: Game, stop: Stop) -> list:
        return [Pick(c) for c in itertools.combinations(sp.ids, sp.pick)]
    return options


def _pick(sp: Specials):
    def act(g: Game, stop: Stop, c: Choice | None) -> Game:
        if not isinstance(c, Pick):
            raise IllegalChoice("powers", f"the {sp.role} picks {sp.pick} of its powers: "
                                          f"expected a list of {sp.pick} of {', '.join(sp.ids)}")
        chosen = tuple(c.powers)
        unknown = [p for p in chosen if sp.power(p) is None]
        if unknown:
            raise IllegalChoice("powers", f"{unknown[0]!r} is not one of the {sp.role}'s "
                                          f"powers ({', '.join(sp.ids)})")
        if len(set(chosen)) != len(chosen) or len(chosen) != sp.pick:
            raise IllegalChoice("powers", f"the {sp.role} picks {sp.pick} different powers, "
                                          f"not {len(chosen)}")
        if held(g, sp):
            raise IllegalChoice("powers", f"the {sp.role} has picked its powers already")
        me = stop.woken[0]
        chosen = tuple(p for p in sp.ids if p in chosen)  # in the list's order
        g = g._with(memo=g.memo.put(sp.picked_key, chosen))
        for p in chosen:
            kept = sp.power(p).kept
            if kept is not None:
                g = kept(g, me)
        return g
    return act


# ---- the night's use ----------------------------------------------------------------------------

def _use_options(sp: Specials):
    def options(g: Game, stop: Stop) -> list:
        me = stop.woken[0]
        out: list = []
        for p in usable(g, sp):
            out += [Use(p.id, s) for s in _targets(g, sp, p, me)] if p.names else [Use(p.id)]
        return out
    return options


def _use(sp: Specials):
    def act(g: Game, stop: Stop, c: Choice | None) -> Game:
        if c is None:
            return g
        if not isinstance(c, Use):
            raise IllegalChoice("power", f"the {sp.role} uses one of its powers: expected a "
                                         "power and the player it names")
        p = sp.power(c.power)
        if p is None:
            raise IllegalChoice("power", f"{c.power!r} is not one of the {sp.role}'s powers "
                                         f"({', '.join(sp.ids)})")
        if p not in usable(g, sp):
            why = "was not picked" if p.id not in held(g, sp) else \
                "acts by itself" if p.uses == "automatic" else "was used already (usage unique)"
            raise IllegalChoice("power", f"the {sp.role}'s {p.id} {why}")
        me = stop.woken[0]
        if not p.names:
            if c.seat is not None:
                raise IllegalChoice("target", f"the {sp.role}'s {p.id} names nobody")
        else:
            if c.seat is None:
                raise IllegalChoice("target", f"the {sp.role}'s {p.id} names a player")
            s = c.seat
            if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < g.players \
                    or not g.alive(s) or sides.absent(g, s):
                raise IllegalChoice("target", f"the {sp.role}'s {p.id} names a living player "
                                              "in the village")
            if s == me and not p.itself:
                raise IllegalChoice("target", f"the {sp.role}'s {p.id} names another player")
            if s == barred(g, sp, p):
                raise IllegalChoice("target", f"the {sp.role}'s {p.id} named seat {s} last "
                                              "night: not the same player two nights running")
            g = g._with(memo=g.memo.put(sp.last_key(p.id), (s, g.phase.number)))
        if p.uses == "single":
            g = spend(g, sp, p.use)
        return p.act(g, me, c.seat) if p.act is not None else g
    return act


def all_spent(g: Game, sp: Specials) -> bool:
    """It picked its powers and has none left to use: its call is made for show."""
    return bool(held(g, sp)) and not usable(g, sp)


def steps(sp: Specials, order: int, when: When, pick_order: int = 0,
          spent: Callable[[Game], bool] | None = None, **kw) -> tuple[Step, ...]:
    """The pick (its call ``{role}_powers`` at ``pick_order``, on the first night, when the
    list is picked from) and the use (its call ``{role}`` at ``order``), made for show once
    :func:`all_spent` (or ``spent``). ``kw`` goes to the use's step (``called``, ``brief``…)."""
    out = []
    if sp.pick:
        out.append(Step(f"{sp.role}_powers", ("night",), pick_order, FIRST_NIGHT, Kind.POWERS,
                        role=sp.role, key="powers", options=_pick_options(sp), act=_pick(sp),
                        required=lambda g: True, powers=sp.ids, pick=sp.pick,
                        # a card whose powers were picked already (taken in play by another
                        # player, the Flanc-Mou): he finds them, its pick is made for show
                        spent=lambda g: bool(held(g, sp))))
    out.append(Step(sp.role, ("night",), order, when, Kind.POWER, role=sp.role, key="power",
                    spent=spent or (lambda g: all_spent(g, sp)),
                    options=_use_options(sp), act=_use(sp), powers=sp.ids,
                    powers_alone=tuple(p.id for p in sp.powers
                                       if not p.names and p.uses != "automatic"), **kw))
    return tuple(out)


__all__ = ["Power", "Specials", "held", "spent", "usable", "spend", "all_spent", "barred", "steps"]
