"""The classic game's values: phases, choices, deaths, what the table is told, the state.

Everything here is immutable data. The rules that change it live in the cast's entries
(:mod:`.roles`), the deaths and their chains (:mod:`.deaths`), the win check (:mod:`.win`) and
the walk over the phases (:mod:`.walk`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from enum import Enum
from typing import Any, Union

from onenight.common.frozen import replace


class Kind(str, Enum):
    """The shape of a decision, for the screens and the pads."""

    NONE = "none"  # nothing to choose: the step is heard, and seen by those it wakes
    SEAT = "seat"  # one player: a target, a model, a successor, the captain's pick, the lots
    SEATS = "seats"  # several players at once: cupid's two lovers, the pied piper's charms
    SIDE = "side"  # "village" or "werewolves"
    CARD = "card"  # one of the thief's two cards
    YES = "yes"  # use a once-a-game power now
    POTIONS = "potions"  # the witch's heal (yes or no) and poison (a player or nobody)
    VOTES = "votes"  # every player's ballot at once (a seat or blank)
    DIE = "die"  # a six-sided die the game master rolls (Dr Jekyll's): a chance stop
    RAGOTS = "ragots"  # the Québec booklet's clues drawn for a player: a chance stop
    POWERS = "powers"  # a secret pick of special powers among a list (the Apothicaire's 2 of 4)
    POWER = "power"  # one of one's special powers tonight, and the player it names
    DRAW = "draw"  # a card the game master draws from a pile (the Transformiste's): a chance stop


@dataclass(frozen=True)
class Phase:
    """``night n`` or ``day n``; day 0 opens a game with an angel."""

    kind: str  # "night" or "day"
    number: int

    @property
    def label(self) -> str:
        return f"{self.kind} {self.number}"

    @property
    def is_night(self) -> bool:
        return self.kind == "night"

    def next(self) -> "Phase":
        return Phase("day", self.number) if self.is_night else Phase("night", self.number + 1)


def phase_of(label: str) -> Phase:
    kind, number = label.split()
    return Phase(kind, int(number))


# ---- choices ------------------------------------------------------------------------------------
# A choice says only what was chosen. Whether it is legal, and what it does, is the business of
# the step that takes it; its JSON form is the record's (CLASSIC-RECORD.md, :mod:`.record`).

@dataclass(frozen=True)
class Seat:
    """One player: a victim, a look, a model, a shot, a successor, a pick, the lots' draw."""

    seat: int


@dataclass(frozen=True)
class Seats:
    """Several players at once: cupid's lovers, the pied piper's charms."""

    seats: tuple[int, ...]


class _Listed(Sequence):
    """Choices too many to build, listed lazily yet drawn from and tested as a list's
    (``None`` first when choosing nothing is legal): a subclass counts them (``_count``) and
    builds the ``i``-th (``_at``); ``_key`` is what makes two such lists equal."""

    nothing: bool

    def _count(self) -> int:
        raise NotImplementedError

    def _at(self, i: int) -> "Seats":
        raise NotImplementedError

    def _key(self) -> tuple:
        raise NotImplementedError

    def __len__(self) -> int:
        return self._count() + self.nothing

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        if self.nothing:
            if i == 0:
                return None
            i -= 1
        return self._at(i)

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self._key()!r}"


class Groups(_Listed):
    """Every group of one or more of ``seats``, each a :class:`Seats` in seat order (the
    tavern keeper's guests, "un nombre quelconque de joueurs"): the ``2**n - 1`` choices are
    listed lazily, too many to build, yet drawn from and tested as a list's (``None`` first
    when choosing nothing is legal)."""

    def __init__(self, seats, nothing: bool = False):
        self.seats = tuple(sorted(seats))
        self.nothing = nothing

    def _count(self) -> int:
        return (1 << len(self.seats)) - 1

    def _at(self, i: int) -> "Seats":
        mask = i + 1
        return Seats(tuple(s for k, s in enumerate(self.seats) if mask >> k & 1))

    def _key(self) -> tuple:
        return (self.seats, self.nothing)

    def __contains__(self, c) -> bool:
        if c is None:
            return self.nothing
        return (isinstance(c, Seats) and len(c.seats) > 0 and list(c.seats) == sorted(set(c.seats))
                and set(c.seats) <= set(self.seats))


class Arrangements(_Listed):
    """Every ordered choice of ``size`` different players among ``seats``, each a
    :class:`Seats` in the order named (seed 000's Maire gives his character cards in the order
    he drew them: the first named receives the first): ``n!/(n-size)!`` choices, listed lazily
    as :class:`Groups` are (``None`` first when choosing nothing is legal)."""

    def __init__(self, seats, size: int, nothing: bool = False):
        self.seats = tuple(sorted(seats))
        self.size = size
        self.nothing = nothing

    @staticmethod
    def _perm(n: int, k: int) -> int:
        return math.perm(n, k) if 0 <= k <= n else 0

    def _count(self) -> int:
        return self._perm(len(self.seats), self.size)

    def _at(self, i: int) -> "Seats":
        left, out = list(self.seats), []
        for k in range(self.size):
            block = self._perm(len(left) - 1, self.size - k - 1)
            out.append(left.pop(i // block))
            i %= block
        return Seats(tuple(out))

    def _key(self) -> tuple:
        return (self.seats, self.size, self.nothing)

    def __contains__(self, c) -> bool:
        if c is None:
            return self.nothing
        return (isinstance(c, Seats) and len(c.seats) == self.size
                and len(set(c.seats)) == self.size and set(c.seats) <= set(self.seats))


@dataclass(frozen=True)
class Side:
    """The wolf-hound's side: ``village`` or ``werewolves``."""

    side: str


@dataclass(frozen=True)
class Take:
    """The thief takes the first (0) or the second (1) of the two cards left over."""

    card: int


@dataclass(frozen=True)
class Yes:
    """Use a once-a-game power now (the accursed wolf-father's infection)."""


@dataclass(frozen=True)
class Potions:
    """The witch: heal tonight's victim, and/or poison a player. ``heal`` is True for the only
    victim she is shown, or the seat of the one she saves when she is shown several (seed
    000's Cassandra and Mr Hyde kill beside the werewolves)."""

    heal: bool | int = False
    poison: int | None = None


@dataclass(frozen=True)
class Votes:
    """Every seat's ballot, in seat order: the seat it votes for, or None (blank, or dead)."""

    ballots: tuple[int | None, ...]


@dataclass(frozen=True)
class Roll:
    """What a six-sided die shows (1 to 6): rolled by the app's seeded generator."""

    value: int


@dataclass(frozen=True)
class Ragot:
    """One of the Québec booklet's *ragots*, a true clue about other players: its ``kind``
    (:data:`RAGOT_KINDS`) and the seats it names."""

    kind: str
    seats: tuple[int, ...]


#: The kinds of ragot, and how many seats each names: ``habitant``, that player is a Habitant
#: (the plain villager's card); ``ally``, that player is on the village's side; ``enemy``, at
#: least one of those two is not (docs/rules-decisions-classic.md, "The ragots").
RAGOT_KINDS = {"habitant": 1, "ally": 1, "enemy": 2}


@dataclass(frozen=True)
class Ragots:
    """The ragots the table draws for one player (one, or the Tête-de-Co'hon's two)."""

    ragots: tuple[Ragot, ...]


@dataclass(frozen=True)
class Pick:
    """The special powers a character picks, in secret, among its list (:mod:`.powers`)."""

    powers: tuple[str, ...]


@dataclass(frozen=True)
class Use:
    """One special power used tonight (:mod:`.powers`), and the player it names (None for a
    power that names nobody)."""

    power: str
    seat: int | None = None


@dataclass(frozen=True)
class Draw:
    """The card drawn from a pile (seed 000's Transformiste's): its character id."""

    card: str


Choice = Union[Seat, Seats, Side, Take, Yes, Potions, Votes, Roll, Ragots, Pick, Use, Draw]


# ---- what happened, and who was told ------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """One line of the game's log: a choice, a death, a growl, something a seat learned.

    ``to`` says who was told: None, the whole table; a tuple of seats, those seats only; ``()``,
    nobody but the game master (the story of the game shows it at the end). The other fields
    are the facts, as codes and seats: the app turns them into sentences.
    """

    phase: str  # "night 2"
    step: str  # the step or stage it belongs to ("seer", "dawn", "votes")
    kind: str  # what it says ("saw", "died", "pack", "ballots", …)
    to: tuple[int, ...] | None = None
    seat: int | None = None
    seats: tuple[int, ...] = ()
    role: str | None = None
    value: Any = None
    by: int | None = None

    def told(self, seat: int) -> bool:
        return self.to is None or seat in self.to


@dataclass(frozen=True)
class Death:
    """A death: its cause (CLASSIC-RECORD.md's causes), who set it off, and when the table
    hears of it: the dawn of day ``day`` (the night's deaths) or its vote."""

    seat: int
    cause: str  # werewolves, big_bad_wolf, white_werewolf, witch, rusty_sword, vote, hunter, grief,
    # vigilante, fire, trap, silver_bullet, misfire, hyde, barber, barber_fault, sickness,
    # were_squirrel
    by: int | None
    day: int
    moment: str  # "dawn", "vote", or "day" (a day power's: Le Village's barber)
    card: str  # the card the player held


#: What the table is told of each cause: the night's killers stay secret.
PUBLIC_CAUSE = {"werewolves": "night", "big_bad_wolf": "night", "white_werewolf": "night",
                "witch": "night", "rusty_sword": "rusty_sword", "vote": "vote",
                "hunter": "hunter", "grief": "grief", "vigilante": "night",
                # seed 000's Imposteur took the player's card: the table sees it happen
                "impostor": "impostor",
                "fire": "fire", "trap": "night", "silver_bullet": "silver_bullet",
                "misfire": "misfire", "hyde": "night",
                # the Québec booklet's pack sickness: the lone wolf who ate its cause
                "sickness": "night", "were_squirrel": "night",
                # Le Village's barber: his victim, and himself when it was no werewolf
                "barber": "barber", "barber_fault": "barber_fault",
                # the Québec booklet's Wendigo: the lone werewolf whose attack he repelled
                "wendigo": "wendigo",
                # the Québec booklet's Loup Solitaire: his victims are the night's
                "lone_wolf": "night",
                # the Québec booklet's Belle Créatûre: the lover she made a stranger abandon
                # leaves in the night, as its other deaths (the seduction stays secret)
                "abandoned": "night",
                # the Québec Coureur des Bois's trap and blunderbuss: deaths of the night (the
                # shot itself is heard by everyone: the dawn's news)
                "wolf_trap": "night", "blunderbuss": "night"}


@dataclass(frozen=True)
class Verdict:
    """Who won, by which rule of RULES-CLASSIC.md §7 (``reason``, a code the app has a sentence
    for), and the seats that rule names (the angel, the pied piper, the lovers…)."""

    side: str  # village, werewolves, lovers, white_werewolf, pied_piper, angel, nobody
    reason: str
    winners: tuple[int, ...]
    seats: tuple[int, ...] = ()
    phase: str = ""


@dataclass(frozen=True)
class Stop:
    """The next thing to happen: a step of the night or a stage of the day, who wakes for it,
    who decides, and whether it is called only for show (its power spent: any choice is taken
    and does nothing, so that the screen and the pads behave the same)."""

    phase: Phase
    step: str
    kind: Kind
    woken: tuple[int, ...] = ()  # whose eyes are open (at night) or who is concerned
    deciders: tuple[int, ...] = ()  # who chooses; () with ``chance``: the lots
    for_show: bool = False
    required: bool = False  # nothing chosen is not a choice
    chance: bool = False
    among: tuple[int, ...] = ()  # the tied seats; the dying hunter or captain


CAPTAIN_WHEN = ("first_morning", "before_first_night", "never")
#: How the day's vote is taken: RULES-CLASSIC.md §6's (``classic``), or one of the Québec
#: booklet's three (seed 002): *Vote unique* (``single``), *Vote par nominations*
#: (``nominations``), *Panique démocratique* (``panic``). The captain is their *intendant*.
VOTE_VARIANTS = ("classic", "single", "nominations", "panic")


@dataclass(frozen=True)
class Options:
    """The host's choices (CLASSIC-RECORD.md ``options``)."""

    captain: str = "first_morning"
    sisters_wake_again: bool = False
    vote: str = "classic"  # VOTE_VARIANTS
    #: The Québec booklet's Habitants receive ragots (at 13 players or more): the deck, which
    #: the table sees whole, holds a card of that booklet's own. None: the game decides from
    #: its deal (the seats and the cards left over), as the app does from its deck.
    habitant_ragots: bool | None = None


# ---- memory -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Memo:
    """A small immutable mapping: what a character remembers between phases (``witch.heal``),
    or what the current night or day has gathered so far (``victim``)."""

    items: tuple[tuple[str, Any], ...] = ()

    @cached_property
    def _index(self) -> dict[str, Any]:
        """The items by key, made at the first look-up (the first of a key wins, as in
        ``items``): the rules read a game's memory at every step, and a scan of its items
        each time was an eighth of the engine's time in whole games (docs/performance.md).
        A memory changes only by making a new one (``put``, ``Memo(...)``): never copy one
        with ``common.frozen.replace``, which would copy this index with it."""
        return dict(reversed(self.items))

    def get(self, key: str, default: Any = None) -> Any:
        return self._index.get(key, default)

    def put(self, key: str, value: Any) -> "Memo":
        return Memo(tuple((k, v) for k, v in self.items if k != key) + ((key, value),))


#: ``memo`` key: the cards taken out of play (the priest's blessing changes a card into a
#: villager's); their steps are still called, for show, so that the table learns nothing.
OUT_OF_PLAY = "out_of_play"
#: ``tonight`` key: the seat the sandman keeps asleep; he wakes for no call tonight.
ASLEEP = "asleep"
#: ``tonight`` key: the order in tonight's calls after which none is made: the village goes
#: straight to the morning (the Québec Violoneux's Rigodon de nuit), or to the next night
#: (seed 000's Astrologue's Éclipse de soleil: :data:`NO_DAY`).
DAYBREAK = "daybreak"
#: ``memo`` key: the number of a night that does not happen (seed 000's Astrologue's Éclipse
#: de lune): day n is followed by day n + 1, whose morning says so and resolves nothing.
NO_NIGHT = "no_night"
#: ``memo`` key: the number of a day that does not happen (his Éclipse de soleil): night n is
#: followed by night n + 1; night n's dead are announced at the dawn of day n + 1, with its own.
NO_DAY = "no_day"
#: ``memo`` key: the number of a night whose pack is not called (his Nuit sans lune).
MOONLESS = "moonless"
#: ``memo`` key: the dead of a night whose day did not happen, kept for the next dawn.
WITHHELD = "withheld"
#: ``today`` key: set while a night whose day does not happen is resolved: its deaths take
#: effect, and are kept (:data:`WITHHELD`) instead of being announced.
WITHHOLDING = "withholding"
#: ``memo`` key: (a seat, a day): that day, if the seat is still in play at its morning, the
#: village goes straight from the morning's news to the next night (his Rigodon de jour).
NIGHTFALL = "nightfall"
#: ``tonight`` key: the pack's second victim, the night the Québec Robineux, a wolf, slept it
#: off ("la meute pourra faire une victime additionelle cette nuit-là"): bitten as its first
#: (:func:`.deaths.pack_bites`).
PACK_AGAIN = "robineux.victim"
#: The day's stages from which a day gone straight to the night is not held (the captain's
#: election, the debate, the vote).
DAY_CUT_FROM = 30


# ---- the game -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Game:
    """The whole game as the game master knows it. Change it only through :func:`.walk.apply`."""

    dealt: tuple[str, ...]  # each seat's card as dealt
    cards: tuple[str, ...]  # each seat's card now (the thief may take another)
    undealt: tuple[str, ...]  # the cards left over as dealt (the thief's two), or ()
    leftover: tuple[str, ...]  # the cards left over now
    options: Options
    phase: Phase
    cursor: int = 0  # the stage of the phase being played, in its table's order
    stop: Stop | None = None  # what waits for a choice (None: the game is over)
    finishing: bool = False  # the stage at the cursor is played; its chains may still run
    dead: frozenset[int] = frozenset()
    deaths: tuple[Death, ...] = ()  # in the order they took effect
    lovers: tuple[int, int] | None = None
    captain: int | None = None
    charmed: frozenset[int] = frozenset()
    infected: int | None = None
    infected_night: int = 0
    memo: Memo = Memo()  # each character's own memory, under its id ("witch.heal")
    tonight: Memo = Memo()  # the current night's choices (cleared at dusk)
    today: Memo = Memo()  # the current day's (cleared at daybreak)
    chain: tuple[tuple[int, int], ...] = ()  # deaths whose chains run: (seat, next reaction)
    log: tuple[Entry, ...] = ()
    record: tuple[tuple[str, str, Any], ...] = ()  # (phase, record key, JSON) of each choice
    phases: tuple[str, ...] = ()  # the phases entered, in order
    verdict: Verdict | None = None

    @property
    def players(self) -> int:
        return len(self.cards)

    def alive(self, seat: int) -> bool:
        return seat not in self.dead

    def living(self) -> tuple[int, ...]:
        return tuple(s for s in range(len(self.cards)) if s not in self.dead)

    def holders(self, card: str) -> tuple[int, ...]:
        """The living seats that hold ``card`` now."""
        return tuple(s for s, c in enumerate(self.cards) if c == card and s not in self.dead)

    def holder(self, card: str) -> int | None:
        h = self.holders(card)
        return h[0] if h else None

    def death_of(self, seat: int) -> Death | None:
        """The seat's latest death (seed 000's Immortel, killed, may live on and die again)."""
        for d in reversed(self.deaths):
            if d.seat == seat:
                return d
        return None

    def death_told(self, e: "Entry") -> Death:
        """The death a public ``died`` entry of the log announces: its seat's death of the same
        rank (seed 000's Immortel may be killed, and announced, more than once)."""
        rank = 0
        for x in self.log:
            if x is e:
                break
            rank += x.kind == "died" and x.to is None and x.seat == e.seat
        mine = [d for d in self.deaths if d.seat == e.seat]
        return mine[rank] if rank < len(mine) else mine[-1]

    def _with(self, **changes: Any) -> "Game":
        """A copy with some fields changed (the walk's hot path)."""
        return replace(self, changes)

    def tell(self, to: tuple[int, ...] | None, step: str, kind: str, **facts: Any) -> "Game":
        """The game with one more log entry, told to ``to`` (see :class:`Entry`)."""
        return self._with(log=self.log + (Entry(self.phase.label, step, kind, to, **facts),))
