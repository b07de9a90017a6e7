"""What one seat may know: the only thing a screen shown to one player should be given.

A seat knows its own card, what the whole table was told (the dead and their cards, the
growls, the ballots once all are in, the captain), and what it was told in private at the
steps it woke for (RULES-CLASSIC.md §3's "learns"). Nothing else: not how the night killed,
not who the others are.
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import Arrangements, Entry, Game, Groups, Stop
from .walk import ballot_options, legal_choices


@dataclass(frozen=True)
class SeatView:
    seat: int
    players: int
    phase: str
    card: str  # the card this player holds now (a thief who took a card knows it)
    alive: tuple[bool, ...]  # as the table knows it: deaths once announced
    captain: int | None
    known: tuple[Entry, ...]  # everything this seat was told, in order
    stop: Stop | None  # the current step, when this seat is awake for it
    choices: tuple | Groups | Arrangements | None  # its legal choices, when it decides (its
    # ballot's, at a vote; any group of players, as Groups; players named in order, as
    # Arrangements)

    def learned(self, phase: str, step: str) -> tuple[Entry, ...]:
        """What this seat was told at one step (for the step's screen)."""
        return tuple(e for e in self.known if e.phase == phase and e.step == step)


def view_for(g: Game, seat: int) -> SeatView:
    if not 0 <= seat < g.players:
        raise ValueError(f"seat {seat} does not exist ({g.players} players)")
    known = tuple(e for e in g.log if e.told(seat))
    dead: set[int] = set()
    for e in g.log:  # a death announced; seed 000's Immortel, shown dead, lives on
        if e.kind == "died":
            dead.add(e.seat)
        elif e.kind == "lives_on":
            dead.discard(e.seat)
        elif e.kind == "usurped":  # seed 000's Imposteur, shown dead, took a living card
            dead.discard(e.by)
    stop = g.stop if g.stop is not None and seat in g.stop.woken else None
    choices = None
    if stop is not None and seat in stop.deciders:
        legal = ballot_options(g, seat) if stop.kind.value == "votes" else legal_choices(g)
        choices = legal if isinstance(legal, (Groups, Arrangements)) else tuple(legal)
    return SeatView(seat=seat, players=g.players, phase=g.phase.label, card=g.cards[seat],
                    alive=tuple(s not in dead for s in range(g.players)), captain=g.captain,
                    known=known, stop=stop, choices=choices)
