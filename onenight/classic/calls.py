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

from . import cast, deaths, village
from .model import MOONLESS, NO_DAY, Game, Kind, Memo, Options, Phase
from .order import CALL
from .roles import astrologer, quebec, robineux, shapeshifter
from .table import ENTRY

#: The pack's step is called every night while the game goes on: it ends when no werewolf lives.
PACK_STEP = "werewolves"


def night_calls(deck: Iterable[str], night: int, options: Options = Options(),
                shown_dead: Iterable[str] = (), shown_lately: Iterable[str] = (),
                buildings: Iterable[str] = (), taken: Iterable[str] = (),
                entering: bool = False, eclipses: Iterable[str] = (),
                robineux_role: str | None = None) -> tuple[str, ...]:
    """The steps called on night ``night``, in order: the dusk, then each step whose condition
    holds tonight and whose card is in ``deck`` (dealt or left over) with a copy not yet seen
    dead (``shown_dead``: the cards shown at the deaths announced so far). A dead player's
    call (seed 000's crow) is made the night after his card was shown dead
    (``shown_lately``: the cards shown at the deaths of the day before this night). With Le
    Village, the calls of the buildings living players live in (``buildings``, public: the
    baker's). The Québec Flanc-Mou, once the village was told he has chosen his side, holds
    one of the cards shown the day before (``taken``: :func:`flanc_mou`): each is one copy
    more in the game; the night he enters it (``entering``), each one's first-night calls.
    The Québec couple's call is made every night while the Entremetteuse's card is in the
    deck, whoever died: that it stops would tell who the lovers were. Seed 000's Astrologue's
    eclipses, as the table was told of them (``eclipses``: :func:`eclipses`), add the call
    that says so and take out the calls they silence (the pack's on the moonless night, his
    own once all three are used). The Québec Robineux may hold any role of his pool (the deck
    says which) until the village is told his (``robineux_role``: :func:`robineux_told`),
    then that one; his doubled night's calls are made on his second night whenever the role
    they double is in his pool."""
    deck, shown_dead = tuple(deck), tuple(shown_dead)
    # seed 000's Transformiste may hold any card of his pile (the dead characters' he may
    # play): each is one copy more in the game; his own call waits for a first card in it
    held = shapeshifter.pile(shown_dead) if shapeshifter.SHAPESHIFTER in deck else ()
    cards = Counter(deck) + Counter(taken) + Counter(set(held))
    dead, lately = Counter(shown_dead), set(shown_lately)
    drunk = robineux.ROBINEUX in deck and not dead[robineux.ROBINEUX]
    if robineux_role is not None:
        cards[robineux_role] += 1
    elif drunk:
        cards += Counter(set(robineux.possible(deck)))
    memo = Memo(((ENTRY, (0, night, "")),)) if entering else Memo()
    shaped = set(eclipses)
    if "solar_eclipse" in shaped:
        memo = memo.put(NO_DAY, night - 1)
    if "moonless_night" in shaped:
        memo = memo.put(MOONLESS, night)
    g = Game(dealt=(), cards=(), undealt=(), leftover=(), options=options,
             phase=Phase("night", night), memo=memo)
    late = set(taken) if entering else set()
    out = []
    for step in cast.NIGHT:
        if astrologer.SILENCED.get(step.id) in shaped:
            continue
        if step.kind is Kind.VOTES or step.chance:
            continue  # the election before the first night is a stage of the table's own;
            # a die (Dr Jekyll's) is rolled by the app within the night, no call of its own
        if not step.when(g):
            if step.role in late and quebec.first_night_call(step, g):
                out.append(step.id)  # the Flanc-Mou's entry: the card he took is one of these
            continue
        if step.role == shapeshifter.SHAPESHIFTER and not held:
            continue
        if step.id in robineux.AGAIN:
            if drunk and robineux.AGAIN[step.id] in robineux.possible(deck):
                out.append(step.id)
            continue
        if step.id in astrologer.TOLD:
            out.append(step.id)  # an eclipse said to all, whatever became of his card
        elif step.role is None:
            if step.id in village.NIGHT_CALLS:
                if step.id in buildings:
                    out.append(step.id)  # the baker
            else:
                out.append(step.id)  # the dusk
        elif step.id in CALL and CALL[step.id].only_if == "died_last_phase":
            if step.role in lately:
                out.append(step.id)
        elif step.id in quebec.OUTLIVE_THE_CARD:
            if cards[step.role]:
                out.append(step.id)  # the Québec couple's, made whoever died
        elif step.id == PACK_STEP or cards[step.role] > dead[step.role]:
            out.append(step.id)
    return tuple(out)


def flanc_mou(g: Game) -> dict:
    """What the table knows of the Québec Flanc-Mou's new card, for :func:`night_calls`:
    once the village is told he has chosen his side (that night on), he took one of the cards
    shown at the deaths of the day before (``taken``); ``entering``: that night is tonight."""
    e = g.memo.get(ENTRY)
    entering = quebec.entering(g) is not None
    if e is None or not (entering or any(x.kind == quebec.ENTERS for x in g.log)):
        return {"taken": (), "entering": False}
    day = f"day {e[1] - 1}"
    return {"taken": tuple(x.role for x in g.log if x.kind == "died" and x.to is None
                           and x.phase == day), "entering": entering}


def eclipses(g: Game) -> dict:
    """What the table knows of seed 000's Astrologue's eclipses as this night begins, for
    :func:`night_calls`: each eclipse is public once it takes effect."""
    return {"eclipses": astrologer.shaping(g)}


def robineux_told(g: Game) -> dict:
    """What the table knows of the Québec Robineux's role, for :func:`night_calls`: the role
    the village was told (``robineux_role``), or None."""
    told = next((e.role for e in g.log if e.to is None and e.step == robineux.ROBINEUX), None)
    return {"robineux_role": told}


def lived_in(g: Game) -> tuple[str, ...]:
    """The buildings living players live in (Le Village; public)."""
    return tuple(b for s in g.living() if (b := village.home(g, s)) is not None)


shown_dead = deaths.shown_dead


def shown_lately(g: Game) -> tuple[str, ...]:
    """The cards the table saw at the deaths of the day before this night (its dawn's, the
    night's before, and its vote's)."""
    day = f"day {g.phase.number - 1}"
    return tuple(e.role for e in g.log if e.kind == "died" and e.to is None and e.phase == day)


__all__ = ["night_calls", "flanc_mou", "eclipses", "robineux_told", "lived_in", "shown_dead", "shown_lately", "PACK_STEP"]
