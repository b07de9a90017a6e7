"""The loners (Best Of, pp. 19-21): the white werewolf, the pied piper and the angel, each with
a goal of his own (given up in love, RULES-CLASSIC.md §7)."""

from __future__ import annotations

import itertools

from onenight.common.errors import IllegalChoice

from .. import sides
from ..model import Choice, Game, Kind, Seat, Seats, Stop
from ..order import order
from ..table import EVEN_NIGHTS, EVERY_NIGHT, Character, Step
from . import common
from .common import BASE_GAME, BEST_OF, actor

# ---- the white werewolf: wakes with the pack, and alone on even nights to kill one of it ------


def _prey(g: Game, stop: Stop) -> list:
    return [Seat(s) for s in g.living() if s != actor(stop) and sides.wolfish(g, s)]


def _betray(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    s = common.another_target(g, c, stop, "kill", "white werewolf",
                              "the white werewolf kills another werewolf, not himself")
    if not sides.wolfish(g, s):
        raise IllegalChoice("kill", f"seat {s} is not on the werewolves' side: the white "
                                    "werewolf kills only a werewolf")
    return common.tonight(g, "white_werewolf", s)


WHITE_WEREWOLF = Character(
    "white_werewolf", "Loup-Garou Blanc", "White Werewolf", "loners", "werewolves",
    ((BEST_OF, 1), (BASE_GAME, 1)), goal="white_werewolf",
    steps=(Step("white_werewolf", ("night",), order("white_werewolf"), EVEN_NIGHTS, Kind.SEAT, role="white_werewolf",
                key="kill", options=_prey, act=_betray),))


# ---- the pied piper: two more charmed each night; then the charmed wake together ------------

def _to_charm(g: Game, me: int) -> tuple[int, ...]:
    return tuple(s for s in g.living() if s != me and s not in g.charmed)


def _charms(g: Game, stop: Stop) -> list:
    left = _to_charm(g, actor(stop))
    return [Seats(p) for p in itertools.combinations(left, min(2, len(left)))] if left else []


def _charm(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    me = actor(stop)
    left = _to_charm(g, me)
    if not left:
        raise IllegalChoice("charm", "every other living player is charmed already")
    seats = common.living_targets(g, c, "charm", "pied piper", min(2, len(left)))
    for s in seats:
        if s == me:
            raise IllegalChoice("charm", "the pied piper cannot charm himself")
        if s in g.charmed:
            raise IllegalChoice("charm", f"seat {s} is charmed already")
    g = g._with(charmed=g.charmed | set(seats))
    for s in seats:
        g = g.tell((s,), "pied_piper", "charmed", seat=s)
    return g


def _charmed_meet(g: Game, stop: Stop) -> Game:
    return g.tell(stop.woken, "charmed", "charmed_all", seats=stop.woken)


PIED_PIPER = Character(
    "pied_piper", "Joueur de Flûte", "Pied Piper", "loners", "village", ((BEST_OF, 1),),
    goal="pied_piper",
    steps=(Step("pied_piper", ("night",), order("pied_piper"), EVERY_NIGHT, Kind.SEATS, role="pied_piper",
                key="charm", spent=lambda g: g.infected is not None
                and g.infected == g.holder("pied_piper"), options=_charms, act=_charm),
           Step("charmed", ("night",), order("charmed"), EVERY_NIGHT, Kind.NONE, role="pied_piper",
                wakes=lambda g: tuple(s for s in g.living() if s in g.charmed),
                brief=_charmed_meet)))

# ---- the angel: the game opens with a day; dying in the first round wins -------------------

ANGEL = Character("angel", "Ange", "Angel", "loners", "village", ((BEST_OF, 1),), goal="angel",
                  opening="day 0")

CHARACTERS = (WHITE_WEREWOLF, PIED_PIPER, ANGEL)
