"""What a woken role may choose, as small frozen values.

A choice says only what was chosen; whether it is legal, and what it does, is the night's
business (:mod:`onenight.rules.night`). Their JSON forms are those of GAME-RECORD.md and live
in :mod:`onenight.rules.record`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union


@dataclass(frozen=True)
class Shield:
    """Sentinel: a shield on another player's card."""

    seat: int


@dataclass(frozen=True)
class View:
    """Look at one or more players' cards, one after the other (Mystic, Seer, Investigator)."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class ViewCenter:
    """Look at centre cards (lone werewolf: one, Seer: two, Apprentice Seer: one)."""

    centers: tuple[int, ...]


@dataclass(frozen=True)
class Swap:
    """Exchange a card with a player's card (Robber: own card; Alpha Wolf: the alpha centre card)."""

    seat: int


@dataclass(frozen=True)
class WitchSwap:
    """Witch: look at a centre card, then exchange it with a player's card."""

    center: int
    seat: int


@dataclass(frozen=True)
class Exchange:
    """Troublemaker: exchange two other players' cards."""

    seats: tuple[int, int]


@dataclass(frozen=True)
class Shift:
    """Village Idiot: move every other unshielded card one seat, "left" (+1) or "right" (-1)."""

    direction: str


@dataclass(frozen=True)
class SwapCenter:
    """Drunk: exchange own card with a centre card, unseen."""

    center: int


@dataclass(frozen=True)
class Reveal:
    """Revealer: turn another player's card face up."""

    seat: int


@dataclass(frozen=True)
class PlaceArtifact:
    """Curator: the next artifact, face down, on a player's card."""

    seat: int


Action = Union[Shield, View, ViewCenter, Swap, WitchSwap, Exchange, Shift, SwapCenter, Reveal,
               PlaceArtifact]


@dataclass(frozen=True)
class Copy:
    """Doppelgänger: look at another player's card and become that role; ``then`` is the copied
    role's action when she does it at once."""

    seat: int
    then: Action | None = None


Choice = Union[Action, Copy]
