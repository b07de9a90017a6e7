"""The conditions the booklets' call lists put on a call ("s'il n'y a eu aucun mort", "dès
qu'un premier personnage a été tué par les Loups-Garous"…), by the ids the merged call order
gives them (:data:`onenight.classic.order.NIGHT_CALLS`, ``only_if``). Each is a test on the
game as the game master knows it; a step with such a condition is called all the same and
works only when it holds (see :mod:`.order`)."""

from __future__ import annotations

from collections.abc import Callable

from . import deaths
from .model import Game

#: The causes of a night's killing: a death by any other cause happened in the day.
NIGHT_CAUSES = frozenset(cause for _, cause in deaths.NIGHT_CAUSES) | {"rusty_sword"}


def no_death_last_day(g: Game) -> bool:
    """Nobody died in the day before this night (the vote and what it set off, and the
    dawn's chains: a hunter's shot, a lover's grief). The night's own killings, announced at
    that dawn, are the night's."""
    last = g.phase.number - 1
    return not any(d.day == last and d.cause not in NIGHT_CAUSES for d in g.deaths)


def after_a_werewolves_kill(g: Game) -> bool:
    """The werewolves have killed somebody on an earlier night."""
    return any(d.cause == "werewolves" for d in g.deaths)


def no_death_tonight(g: Game) -> bool:
    """Nobody dies tonight so far: nobody struck at dusk and tonight's choices kill nobody."""
    return not g.tonight.get("dusk_dead") and not deaths.night_kills(g)


def died_last_phase(g: Game, card: str) -> bool:
    """A player holding ``card`` died in the day or the night before this night."""
    last = g.phase.number - 1
    return any(d.card == card and d.day == last for d in g.deaths)


ONLY_IF: dict[str, Callable[..., bool]] = {
    "no_death_last_day": no_death_last_day,
    "after_a_werewolves_kill": after_a_werewolves_kill,
    "no_death_tonight": no_death_tonight,
    "died_last_phase": died_last_phase,
}

__all__ = ["ONLY_IF", "NIGHT_CAUSES", "no_death_last_day", "after_a_werewolves_kill",
           "no_death_tonight", "died_last_phase"]
