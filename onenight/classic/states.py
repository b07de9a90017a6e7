"""The Québec booklet's states that the Bonhomme Sept-Heures puts on players (seed 002's
glossary), kept apart from any one character:

- *Endormi(e) dur*: "Un joueur dont le rôle le fait normalement se réveiller durant la nuit,
  et qui tombe endormi dur, n'aura pas droit à sa phase habituelle" until the morning; "Les
  membres de la meute réagissent à cet effet comme s'ils étaient épuisés". The walk keeps
  him asleep at every call of that night after it fell (:func:`hard_asleep`).
- *Somnolent(e)*: "La somnolence n'a aucun impact négatif sur un joueur - mis à part le fait
  que chaque joueur somnolent rapproche le Bonhomme Sept-Heures de sa victoire"
  (:func:`somnolent`).
"""

from __future__ import annotations

from collections.abc import Iterable

from .model import Game

#: ``tonight`` key: the seats endormis dur until the morning.
HARD_ASLEEP = "hard_asleep"
#: ``memo`` key: the somnolent seats.
SOMNOLENT = "somnolent"


def hard_asleep(g: Game, seat: int) -> bool:
    return seat in g.tonight.get(HARD_ASLEEP, ())


def somnolent(g: Game) -> frozenset[int]:
    return frozenset(g.memo.get(SOMNOLENT, ()))


def make_somnolent(g: Game, seats: Iterable[int]) -> Game:
    return g._with(memo=g.memo.put(SOMNOLENT, tuple(sorted(somnolent(g) | set(seats)))))


def put_to_sleep(g: Game, seats: Iterable[int]) -> Game:
    """The seats fall endormis dur until the morning, and somnolent."""
    seats = tuple(seats)
    asleep = tuple(sorted(set(g.tonight.get(HARD_ASLEEP, ())) | set(seats)))
    return make_somnolent(g._with(tonight=g.tonight.put(HARD_ASLEEP, asleep)), seats)


__all__ = ["HARD_ASLEEP", "SOMNOLENT", "hard_asleep", "somnolent", "make_somnolent",
           "put_to_sleep"]
