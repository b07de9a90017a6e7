"""A vote being collected, seat by seat, and kept secret until every vote is in: the one-night
game's vote and every vote of the classic game (the captain's election, the day's vote and the
second vote among the tied) take their ballots here.

Three ways to collect them: ``box`` (each pad sends its seat's vote, or only that it voted,
and the box sends every vote at once when the round closes), ``tablet`` (passed round: each
seat votes once, in private) and ``fingers`` (the host enters what each player points at, and
may take back a mis-tap). Whom a seat voted for is told only once every vote is in, or once the
host has closed the round (a vote still missing then is a blank).

The checks of a ballot's target (a seat of the table, not oneself, among the tied...) are the
game's; this box only keeps the ballots.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .flow import Refused

VOTE_MODES = ("box", "fingers", "tablet")


@dataclass
class BallotBox:
    mode: str = "fingers"
    votes: list[int | None] = field(default_factory=list)  # seat -> the seat it votes for
    box_in: list[bool] = field(default_factory=list)  # seat -> its pad said it voted
    closed: bool = False

    @classmethod
    def open(cls, mode: object, players: int) -> "BallotBox":
        if mode not in VOTE_MODES:
            raise Refused("vote_mode", mode=str(mode))
        return cls(str(mode), [None] * players, [False] * players)

    def vote(self, seat: int, target: int) -> None:
        if self.closed and self.votes[seat] is not None:
            raise Refused("vote_closed")
        if self.mode == "tablet" and self.votes[seat] is not None:
            raise Refused("vote_already", seat=seat)
        self.votes[seat] = target
        if self.mode == "box":
            self.box_in[seat] = True

    def unvote(self, seat: int) -> None:
        """Take back an entered vote (the host mis-tapped a finger): only when the host
        enters the votes, since pointing fingers are public anyway."""
        if self.mode != "fingers":
            raise Refused("unvote_mode")
        self.votes[seat] = None

    def vote_in(self, seat: int) -> None:
        """A pad says its seat voted (whom for stays in the box until the round closes)."""
        if not self.closed:
            self.box_in[seat] = True

    def take_all(self, votes: Sequence[int | None]) -> None:
        """Every vote at once (the box's, as the round closes): None where a pad did not vote,
        which closes the round with that vote missing."""
        for i, t in enumerate(votes):
            if t is not None:
                self.votes[i], self.box_in[i] = t, True
        if any(v is None for v in self.votes):
            self.closed = True

    def close(self) -> None:
        self.closed = True

    def is_in(self) -> list[bool]:
        return [v is not None or b for v, b in zip(self.votes, self.box_in)]

    def revealed(self, voters: Sequence[int] | None = None) -> bool:
        """Every vote is in (of ``voters``, by default every seat), or the round is closed."""
        seats = range(len(self.votes)) if voters is None else voters
        is_in = self.is_in()
        return self.closed or (bool(seats) and all(is_in[s] and self.votes[s] is not None
                                                    for s in seats))

    def missing(self, voters: Sequence[int] | None = None) -> tuple[int, ...]:
        seats = range(len(self.votes)) if voters is None else voters
        return tuple(s for s in seats if self.votes[s] is None)


__all__ = ["BallotBox", "VOTE_MODES"]
