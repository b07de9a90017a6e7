"""The Québec booklet's camps in the win check (seed 002's glossary): its legendary enemies
("un rôle dont le joueur fait cavalier seul. Chaque rôle d'ennemi légendaire possède ses
propres conditions de victoire") as rows of data that :mod:`.win` reads, so that another
enemy's win is one more row.

- ``takes_village_win``: alive when the village's conditions are met, he wins alone instead
  (the Wendigo: "Si les conditions de victoires des villageois sont remplies, mais qu'on est
  encore en jeu, on gagne seul");
- ``blocks_werewolves``: while he is alive, the werewolves' side cannot win (the Wendigo:
  "Les lupins, en revanche, ne peuvent PAS gagner si le Wendigo est toujours en jeu!").
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import Game
from .sides import lone_goal


@dataclass(frozen=True)
class Legend:
    goal: str  # the character's goal (its side in a verdict)
    reason: str  # the verdict's code when he takes the village's win
    takes_village_win: bool = False
    blocks_werewolves: bool = False


LEGENDS: tuple[Legend, ...] = (
    Legend("wendigo", "wendigo_outlived_the_wolves", takes_village_win=True,
           blocks_werewolves=True),
)
LEGEND: dict[str, Legend] = {x.goal: x for x in LEGENDS}


def holders(g: Game, legend: Legend) -> tuple[int, ...]:
    """The living seats that still play for ``legend``'s goal."""
    return tuple(s for s in g.living() if lone_goal(g, s) == legend.goal)


def takes_village_win(g: Game) -> tuple[Legend, int] | None:
    """The legendary enemy alive who takes the village's win now, and his seat (checked when
    the village's conditions hold)."""
    for legend in LEGENDS:
        if legend.takes_village_win:
            for s in holders(g, legend):
                return legend, s
    return None


def werewolves_blocked(g: Game) -> bool:
    """A legendary enemy alive forbids the werewolves' win."""
    return any(legend.blocks_werewolves and holders(g, legend) for legend in LEGENDS)


__all__ = ["Legend", "LEGENDS", "LEGEND", "takes_village_win", "werewolves_blocked"]
