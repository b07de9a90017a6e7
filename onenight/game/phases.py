"""The game's phases, declared as data (setup → night → day → vote → reveal → end).

Each phase names the events it accepts and the phase that follows it. The controller refuses
any event that its current phase does not list, so a screen can never push the table into a
state the flow does not have.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Phase:
    id: str
    accepts: frozenset[str]
    next: str | None  # the phase the ``advance`` event of this phase leads to
    advance: str | None  # the event that ends this phase


def _phase(id: str, accepts: str, advance: str | None, next: str | None) -> Phase:
    names = set(accepts.split())
    if advance:
        names.add(advance)
    return Phase(id, frozenset(names), next, advance)


PHASES: tuple[Phase, ...] = (
    _phase("setup", "players scenario custom alpha_center", "start_night", "night"),
    _phase("night", "", "night_done", "day"),
    _phase("day", "day_pause day_resume day_add day_length first_speaker ready",
           "start_vote", "vote"),
    _phase("vote", "vote unvote vote_in votes close_vote", "to_reveal", "reveal"),
    _phase("reveal", "final_card artifact copied changed", "confirm", "end"),
    _phase("end", "", "new_game", "setup"),
)
PHASE: dict[str, Phase] = {p.id: p for p in PHASES}
#: Events every phase accepts: the host may abandon a game at any moment.
ALWAYS = frozenset({"abandon", "ready"})
