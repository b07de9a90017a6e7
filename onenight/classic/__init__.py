"""The classic game's rules engine: *Les Loups-Garous de Thiercelieux*, many nights
(RULES-CLASSIC.md, CLASSIC-RECORD.md). Pure Python, no I/O; the state is immutable; every
random choice (the deal, the lots) comes from a generator the caller gives.

- the cast and its steps, as one table: :mod:`.cast` (entries in :mod:`.roles`), the table's
  shapes in :mod:`.table`, the day's own stages in :mod:`.day`;
- decks, presets, checks and the deal: :mod:`.decks`;
- the walk: :func:`new_game`, ``game.stop``, :func:`legal_choices`, :func:`ballot_options`,
  :func:`apply`; deaths and their chains :mod:`.deaths`, the sides :mod:`.sides`, the win
  :mod:`.win`;
- what one seat may know: :func:`view_for`;
- records and replay: :mod:`.record`;
- Le Village's buildings, a setup option, and their day powers: :mod:`.village`
  (:func:`use_power`, :func:`day_powers`).
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

#: each name this package offers, and the module that holds it: imported when first asked
#: for, so that a module of the package (the handwriting's shape, which the one-night game's
#: night screen also uses) does not bring in the whole engine (docs/performance.md)
_FROM = {
    "cast": ("CAST", "CHARACTER", "DAY", "NIGHT", "STEP"),
    "decks": ("PRESET", "PRESETS", "check_deck", "deal"),
    "model": ("Choice", "Death", "Entry", "Game", "Kind", "Options", "Phase", "Potions", "Seat",
              "Seats", "Side", "Stop", "Take", "Verdict", "Votes", "Yes"),
    "record": ("outcome", "read_record", "replay", "replay_text", "to_record"),
    "views": ("SeatView", "view_for"),
    "village": ("Power", "day_powers"),
    "walk": ("apply", "ballot_options", "legal_choices", "new_game", "use_power"),
}
_HOME = {name: module for module, names in _FROM.items() for name in names}

if TYPE_CHECKING:  # (for the type checkers, which read no __getattr__)
    from .cast import CAST, CHARACTER, DAY, NIGHT, STEP
    from .decks import PRESET, PRESETS, check_deck, deal
    from .model import (Choice, Death, Entry, Game, Kind, Options, Phase, Potions, Seat, Seats,
                        Side, Stop, Take, Verdict, Votes, Yes)
    from .record import outcome, read_record, replay, replay_text, to_record
    from .views import SeatView, view_for
    from .village import Power, day_powers
    from .walk import apply, ballot_options, legal_choices, new_game, use_power


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value  # once
    return value


__all__ = [
    "CAST", "CHARACTER", "DAY", "NIGHT", "STEP", "PRESET", "PRESETS", "check_deck", "deal",
    "Choice", "Death", "Entry", "Game", "Kind", "Options", "Phase", "Potions", "Seat", "Seats",
    "Side", "Stop", "Take", "Verdict", "Votes", "Yes", "outcome", "read_record", "replay",
    "replay_text", "to_record", "SeatView", "view_for", "apply", "ballot_options",
    "legal_choices", "new_game", "Power", "day_powers", "use_power",
]
