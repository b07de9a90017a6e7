"""What one seat may know: the only thing a per-player screen should ever be given."""

from __future__ import annotations

from dataclasses import dataclass

from .night import Seen, Table


@dataclass(frozen=True)
class SeatView:
    seat: int
    players: int
    dealt: str  # the card this player looked at before the night
    seen: tuple[Seen, ...]  # what they learned at their own steps
    public: tuple[Seen, ...]  # cards the Revealer left face up
    artifact: str | None  # the artifact on their card, which they look at in the day


def view_for(t: Table, seat: int, day: bool = True) -> SeatView:
    """What ``seat`` knows after the night (``day``: once they have looked at their artifact)."""
    if not 0 <= seat < t.players:
        raise ValueError(f"seat {seat} does not exist ({t.players} players)")
    return SeatView(seat=seat, players=t.players, dealt=t.dealt[seat], seen=t.seen[seat],
                    public=t.public, artifact=t.artifact_on(seat) if day else None)
