"""The Québec booklet's *ragots* (seed 002's glossary: "Un indice pouvant innocenter un
Habitant, ou permettant d'orienter ses soupçons vers un rôle ami ou ennemi"): true clues the
table draws with its seeded generator on the first night, for the characters who receive them.

A ragot is one of three kinds (:data:`..model.RAGOT_KINDS`), each true when it is drawn and
never about the player who receives it:

- ``habitant``: that player holds a Habitant's card (the plain villager's): it clears him;
- ``ally``: that player, no Habitant, is on the village's side (a friendly role, his card's
  side as it stands: not a lupin, not a wolf, no goal of his own);
- ``enemy``: at least one of those two players is not (suspicion toward an enemy role).

The draw is a chance stop whose choice the record keeps (``{"ragots": [{"kind": …, "seats":
[…]}]}``), so a recorded game replays exactly; the ragots drawn are kept in the game's memo
(:data:`DRAWN`) for the rules that read them later. docs/rules-decisions-classic.md, "The
ragots", gives the reading.
"""

from __future__ import annotations

import itertools

from onenight.common.errors import IllegalChoice

from .. import cast, sides
from ..model import RAGOT_KINDS, Choice, Game, Ragot, Ragots
from . import common

#: The Québec booklet's Habitant is the plain villager's card of the classic cast.
HABITANT = "villager"
#: ``memo`` key: every ragot drawn, as (the seat that received it, the ragot).
DRAWN = "ragots.drawn"


def on_village_side(g: Game, seat: int) -> bool:
    """A friendly role to a villager: on the village's side by his card as it stands (not on
    the werewolves' side, no wolf to the village, no goal nor ally of his own)."""
    ch = cast.CHARACTER[g.cards[seat]]
    return not (sides.wolfish(g, seat) or sides.wolf(g, seat) or ch.goal is not None
                or sides.lone_goal(g, seat) is not None or sides.ally_of(g, seat) is not None)


def is_true(g: Game, r: Ragot) -> bool:
    if r.kind == "habitant":
        return g.cards[r.seats[0]] == HABITANT
    if r.kind == "ally":
        return g.cards[r.seats[0]] != HABITANT and on_village_side(g, r.seats[0])
    return not all(on_village_side(g, s) for s in r.seats)


def possible(g: Game, me: int) -> dict[str, list[Ragot]]:
    """Every true ragot about the others, by kind (a kind with none left out): those
    :func:`is_true` holds true, with each player's side read once (not once per pair: the
    draw is offered at every step of the first night, for every waiting Habitant)."""
    others = [s for s in range(g.players) if s != me and g.alive(s)]
    friendly = {s: on_village_side(g, s) for s in others}
    out = {"habitant": [Ragot("habitant", (s,)) for s in others if g.cards[s] == HABITANT],
           "ally": [Ragot("ally", (s,)) for s in others
                    if g.cards[s] != HABITANT and friendly[s]],
           "enemy": [Ragot("enemy", p) for p in itertools.combinations(others, 2)
                     if not (friendly[p[0]] and friendly[p[1]])]}
    return {k: v for k, v in out.items() if v}


def draws(g: Game, me: int, count: int) -> list[Ragots]:
    """Every legal draw of ``count`` ragots for ``me``: one ragot; or two of different kinds
    ("Les deux ragots devraient être de types différents"), two of one kind when a single
    kind is left, fewer when fewer exist. Two ragots never name the same player (together
    they would tell more than either: a Habitant cleared among an enemy pair names the
    enemy)."""
    by_kind = possible(g, me)
    singles = [r for rs in by_kind.values() for r in rs]
    if count == 1 or len(singles) < 2:
        return [Ragots((r,)) for r in singles]
    if len(by_kind) == 1:
        pairs = list(itertools.combinations(singles, 2))
    else:
        pairs = [(a, b) for k1, k2 in itertools.combinations(list(by_kind), 2)
                 for a in by_kind[k1] for b in by_kind[k2]]
    apart = [Ragots(p) for p in pairs if not set(p[0].seats) & set(p[1].seats)]
    return apart or [Ragots((r,)) for r in singles]


def take(g: Game, me: int, c: Choice | None, count: int, who: str) -> Game:
    """Keep the ragots drawn for ``me`` (checked true and legal), or refuse them naming why."""
    if not isinstance(c, Ragots) or c not in draws(g, me, count):
        raise IllegalChoice("ragots", f"the ragots drawn for the {who} are true clues about "
                                      "other players, as many as the rules give "
                                      + ("(two of different kinds when there are)"
                                         if count == 2 else "(one)"))
    return common.remember(g, DRAWN, tuple(g.memo.get(DRAWN, ())) + tuple((me, r)
                                                                         for r in c.ragots))


def received(g: Game, seat: int) -> tuple[Ragot, ...]:
    return tuple(r for s, r in g.memo.get(DRAWN, ()) if s == seat)


def tell(g: Game, seat: int, step: str, to: int | None = None) -> Game:
    """``seat`` is shown the ragots he received, each alone on his side of the tablet (or
    ``to`` is shown them: the Québec Belle Créatûre who seduced him)."""
    to = seat if to is None else to
    for r in received(g, seat):
        if len(r.seats) == 1:
            g = g.tell((to,), step, f"ragot_{r.kind}", seat=r.seats[0])
        else:
            g = g.tell((to,), step, f"ragot_{r.kind}", seats=r.seats)
    return g


__all__ = ["HABITANT", "DRAWN", "RAGOT_KINDS", "draws", "take", "received", "tell",
           "is_true", "possible", "on_village_side"]
