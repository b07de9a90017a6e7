"""The Québec booklet's camps in the win check (seed 002's glossary): its legendary enemies
("un rôle dont le joueur fait cavalier seul. Chaque rôle d'ennemi légendaire possède ses
propres conditions de victoire") and lone players, each one row of data that :mod:`.win`
reads, so that another camp's win is one more row.

- ``wins``: his own condition, checked for each living seat that plays for the goal, before
  the village's (the Loup Solitaire's count: "chaque loup dévoré s'ajoute à son compte pour
  les conditions de victoire");
- ``takes_village_win``: alive when the village's conditions are met, he wins alone instead
  (the Wendigo: "Si les conditions de victoires des villageois sont remplies, mais qu'on est
  encore en jeu, on gagne seul");
- ``blocks_werewolves``: while he is alive, the werewolves' side cannot win (the Wendigo:
  "Les lupins, en revanche, ne peuvent PAS gagner si le Wendigo est toujours en jeu!");
- ``after_death``: his own win may come after his death (the Bonhomme Sept-Heures: "Une
  victoire posthume est possible");
- ``aside``: alive, he does not stand in the way of the werewolves' win while it holds (the
  Loup Solitaire: "Tant qu'il reste un autre loup en jeu, le Loup Solitaire n'affecte pas
  les conditions de victoire. Si les lupins gagnent, il perd.").

A wolf outside the pack is a wolf for the village's conditions (:func:`.sides.wolf`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .model import Game
from .roles import quebec
from .sides import counted, lone_goal


@dataclass(frozen=True)
class Camp:
    goal: str  # the character's goal (its side in a verdict)
    reason: str  # the verdict's code when he wins
    wins: Callable[[Game, int], bool] | None = None
    takes_village_win: bool = False
    blocks_werewolves: bool = False
    aside: Callable[[Game, int], bool] | None = None
    after_death: bool = False  # ``wins`` is checked for its dead holder too (posthumous)


def _lone_wolf_outnumbers(g: Game, seat: int) -> bool:
    """The pack has no wolf left, and he with the wolves he devoured is at least as many as
    the others alive ("s'il a dévoré 2 autres loups dans le passé, et qu'il reste encore 3
    villageois en jeu, on est à 3 contre 3, et le loup gagne")."""
    others = len([s for s in g.living() if s != seat and counted(g, s)])
    return quebec.pack_gone(g, seat) and 1 + quebec.devoured(g) >= others


CAMPS: tuple[Camp, ...] = (
    Camp("lone_wolf", "lone_wolf_outnumbers", wins=_lone_wolf_outnumbers,
         aside=lambda g, s: not quebec.pack_gone(g, s)),
    Camp("bonhomme", "all_somnolent", wins=quebec.all_somnolent, after_death=True),
    Camp("wendigo", "wendigo_outlived_the_wolves", takes_village_win=True,
         blocks_werewolves=True),
    # the Écureuil-Garou: "Si encore en jeu alors que les conditions de victoires des
    # villageois sont remplies, ils perdent et on gagne"
    Camp("were_squirrel", "were_squirrel_alive", takes_village_win=True),
)
CAMP: dict[str, Camp] = {x.goal: x for x in CAMPS}


def holders(g: Game, camp: Camp) -> tuple[int, ...]:
    """The living seats that still play for ``camp``'s goal."""
    return tuple(s for s in g.living() if lone_goal(g, s) == camp.goal)


def own_win(g: Game) -> tuple[Camp, int] | None:
    """A camp whose own condition holds now, and its seat."""
    for camp in CAMPS:
        if camp.wins is not None:
            seats = holders(g, camp) if not camp.after_death else tuple(
                s for s in range(g.players) if s not in g.living()
                and lone_goal(g, s) == camp.goal) + holders(g, camp)
            for s in seats:
                if camp.wins(g, s):
                    return camp, s
    return None


def takes_village_win(g: Game) -> tuple[Camp, int] | None:
    """The legendary enemy alive who takes the village's win now, and his seat (checked when
    the village's conditions hold)."""
    for camp in CAMPS:
        if camp.takes_village_win:
            for s in holders(g, camp):
                return camp, s
    return None


def werewolves_blocked(g: Game) -> bool:
    """A legendary enemy alive forbids the werewolves' win."""
    return any(camp.blocks_werewolves and holders(g, camp) for camp in CAMPS)


def aside(g: Game, seat: int) -> bool:
    """The seat plays for a camp that stands aside of the werewolves' win now."""
    camp = CAMP.get(lone_goal(g, seat) or "")
    return camp is not None and camp.aside is not None and camp.aside(g, seat)


#: The verdicts the camps add to RULES-CLASSIC.md §7's, in their order: (reason, side).
RULES = tuple((x.reason, x.goal) for x in CAMPS)

__all__ = ["Camp", "CAMPS", "CAMP", "RULES", "own_win", "takes_village_win",
           "werewolves_blocked", "aside"]
