"""The night as the table hears it: which steps the game master calls tonight, worked out from
what the whole table knows (the cards in the game, the night's number, the options, the cards
shown at the deaths announced so far), never from the deal.

The walk (:mod:`.walk`) opens a stop only for a step whose card a living player holds; a card
that lies among the thief's two cards left over is held by nobody, yet the table does not know
which cards those are. So the game master calls every step of a card in the game that has not
been seen dead, and a step that the walk does not open is called all the same, for show, with
nobody awake: its silence lasts as long as anybody's turn (RULES-CLASSIC.md §3). The walk's
stops of a night are always among these calls, in the same order (a property test checks it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from . import cast, village
from .model import Game, Kind, Memo, Options, Phase
from .order import CALL
from .roles import quebec
from .table import ENTRY

#: The pack's step is called every night while the game goes on: it ends when no werewolf lives.
PACK_STEP = "werewolves"


def night_calls(deck: Iterable[str], night: int, options: Options = Options(),
                shown_dead: Iterable[str] = (), shown_lately: Iterable[str] = (),
                buildings: Iterable[str] = (), entry: Iterable[str] | None = None
                ) -> tuple[str, ...]:
    """The steps called on night ``night``, in order: the dusk, then each step whose condition
    holds tonight and whose card is in ``deck`` (dealt or left over) with a copy not yet seen
    dead (``shown_dead``: the cards shown at the deaths announced so far). A dead player's
    call (seed 000's crow) is made the night after his card was shown dead
    (``shown_lately``: the cards shown at the deaths of the day before this night). With Le
    Village, the calls of the buildings living players live in (``buildings``, public: the
    baker's). The night the Québec Flanc-Mou enters the game (the village is told), the
    first-night calls of each card he may have taken (``entry``: :func:`entry`)."""
    cards, dead, lately = Counter(deck), Counter(shown_dead), set(shown_lately)
    memo = Memo() if entry is None else Memo(((ENTRY, (0, night)),))
    g = Game(dealt=(), cards=(), undealt=(), leftover=(), options=options,
             phase=Phase("night", night), memo=memo)
    late = set(entry or ())
    out = []
    for step in cast.NIGHT:
        if step.kind is Kind.VOTES or step.chance:
            continue  # the election before the first night is a stage of the table's own;
            # a die (Dr Jekyll's) is rolled by the app within the night, no call of its own
        if not step.when(g):
            if step.role in late and quebec.first_night_call(step, g):
                out.append(step.id)  # the Flanc-Mou's entry: the card he took is one of these
            continue
        if step.role is None:
            if step.id in village.NIGHT_CALLS:
                if step.id in buildings:
                    out.append(step.id)  # the baker
            else:
                out.append(step.id)  # the dusk
        elif step.id in CALL and CALL[step.id].only_if == "died_last_phase":
            if step.role in lately:
                out.append(step.id)
        elif step.id == PACK_STEP or cards[step.role] > dead[step.role]:
            out.append(step.id)
    return tuple(out)


def entry(g: Game) -> tuple[str, ...] | None:
    """The night the Québec Flanc-Mou enters the game, the cards he may have taken as far as
    the table knows: those shown at the deaths of the day before (None: he does not enter
    tonight)."""
    return shown_lately(g) if quebec.entering(g) is not None else None


def lived_in(g: Game) -> tuple[str, ...]:
    """The buildings living players live in (Le Village; public)."""
    return tuple(b for s in g.living() if (b := village.home(g, s)) is not None)


def shown_dead(g: Game) -> tuple[str, ...]:
    """The cards the table has seen at the deaths announced so far."""
    return tuple(e.role for e in g.log if e.kind == "died" and e.to is None)


def shown_lately(g: Game) -> tuple[str, ...]:
    """The cards the table saw at the deaths of the day before this night (its dawn's, the
    night's before, and its vote's)."""
    day = f"day {g.phase.number - 1}"
    return tuple(e.role for e in g.log if e.kind == "died" and e.to is None and e.phase == day)


__all__ = ["night_calls", "entry", "lived_in", "shown_dead", "shown_lately", "PACK_STEP"]
