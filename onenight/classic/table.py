"""The shapes of the cast's table: a character, and the steps and stages it declares.

Each character of the game is one :class:`Character` entry (its names, its side, what the
boxes hold, the rules that are its own), and each thing the game master calls or asks for is
one :class:`Step`: a step of the night (the seer), a stage of the day (the vote), or a decision
that comes up when something happens (the hunter's shot). The walk over a game
(:mod:`.walk`) only reads these entries, in their order; the narrator and the screens read the
same table (the step's id, order, who wakes, when it is called, what kind of choice it takes).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .model import MOONLESS, NO_DAY, Choice, Game, Kind, Stop


@dataclass(frozen=True)
class When:
    """When a step is called: a named condition on the game (the narrator reads the name)."""

    id: str
    test: Callable[[Game], bool]

    def __call__(self, g: Game) -> bool:
        return self.test(g)


EVERY_NIGHT = When("every_night", lambda g: g.phase.is_night)
FIRST_NIGHT = When("first_night", lambda g: g.phase.is_night and g.phase.number == 1)
EVEN_NIGHTS = When("even_nights", lambda g: g.phase.is_night and g.phase.number % 2 == 0)
#: Every night but the first (a call whose condition looks back at a day or a death).
FROM_NIGHT_2 = When("from_night_2", lambda g: g.phase.is_night and g.phase.number >= 2)
#: The second night only (the Québec Robineux's choice: "Durant la deuxième nuit").
SECOND_NIGHT = When("second_night", lambda g: g.phase.is_night and g.phase.number == 2)
#: From the third night (the Québec booklet's Écureuil-Garou: "Chaque nuit à partir de la 3ième").
FROM_NIGHT_3 = When("from_night_3", lambda g: g.phase.is_night and g.phase.number >= 3)
#: The third night only (the Québec booklet's Flanc-Mou: "Durant la troisième nuit").
THIRD_NIGHT = When("third_night", lambda g: g.phase.is_night and g.phase.number == 3)
#: ``memo`` key: (seat, night, card) of the Québec Flanc-Mou whose target left: the night he
#: enters the game with that player's card (the night after the departure was announced).
ENTRY = "flanc_mou.entry"


def _entering(g: Game) -> bool:
    e = g.memo.get(ENTRY)
    return g.phase.is_night and e is not None and e[1] == g.phase.number and g.alive(e[0])


#: The night the Flanc-Mou enters the game with the card he took ("La nuit suivant le départ
#: confirmé de la cible, le village est mis au courant"): public, as the village is told.
FLANC_MOU_ENTERS = When("flanc_mou_enters", _entering)
#: The night after a day that did not happen (seed 000's Astrologue's Éclipse de soleil), and
#: the night whose pack is not called (his Nuit sans lune): public, said as the night begins.
SOLAR_ECLIPSE = When("solar_eclipse", lambda g: g.phase.is_night
                     and g.memo.get(NO_DAY) == g.phase.number - 1)
MOONLESS_NIGHT = When("moonless_night", lambda g: g.phase.is_night
                      and g.memo.get(MOONLESS) == g.phase.number)
EVERY_DAY = When("every_day", lambda g: not g.phase.is_night)
MORNINGS = When("mornings", lambda g: not g.phase.is_night and g.phase.number >= 1)
#: Never called by the walk itself: opened when something asks for it (a tie, a death).
ON_DEMAND = When("on_demand", lambda g: False)
#: The calendars of the merged call order (:data:`onenight.classic.order.NIGHT_CALLS`).
CALENDAR = {w.id: w for w in (EVERY_NIGHT, FIRST_NIGHT, EVEN_NIGHTS, FROM_NIGHT_2,
                               SECOND_NIGHT, FROM_NIGHT_3, THIRD_NIGHT, FLANC_MOU_ENTERS, SOLAR_ECLIPSE,
                               MOONLESS_NIGHT)}

Act = Callable[[Game, Stop, Choice | None], Game]


@dataclass(frozen=True)
class Step:
    """One thing the game master calls or asks for, in its phase's order.

    The functions are the step's rules; each is given the game (and the stop being played):

    - ``called``: whether it is called at all (default: ``when`` holds and a living player
      holds ``role``'s card). A dead player's step is never called.
    - ``wakes``: who opens their eyes (default: the living holders of ``role``'s card).
    - ``spent``: the power is used up, so the step is called for show only.
    - ``brief``: what those woken learn as it opens (the witch's victim, the werewolves' pack).
    - ``options``: every legal choice (without "nothing"); ``act`` checks and applies one,
      or nothing (None), and raises :class:`IllegalChoice` naming the field that is wrong.
    - ``required``: whether a choice must be made (cupid's lovers on the first night).
    - ``finish``: once the stage and every chain of deaths it set off are over (the win check).
    """

    id: str
    phases: tuple[str, ...]  # ("night",), ("day",), or both for the captain's election
    order: int
    when: When
    kind: Kind
    role: str | None = None  # the character whose entry declares it
    key: str = ""  # the choice's key in its record object ({"view": 3}); "" for a bare value
    record: str = ""  # the key of the phase object that holds it (default: the step's id)
    called: Callable[[Game], bool] | None = None
    wakes: Callable[[Game], tuple[int, ...]] | None = None
    deciders: Callable[[Game, tuple[int, ...]], tuple[int, ...]] | None = None
    spent: Callable[[Game], bool] | None = None
    brief: Callable[[Game, Stop], Game] | None = None
    options: Callable[[Game, Stop], list[Any]] | None = None
    act: Act | None = None
    required: Callable[[Game], bool] | None = None
    finish: Callable[[Game], Game] | None = None
    chance: bool = False  # drawn by the app's generator, nobody awake (Dr Jekyll's die)
    group: bool = False  # any group of players (Kind.SEATS, its options a model.Groups)
    powers: tuple[str, ...] = ()  # a special powers' list (Kind.POWERS, Kind.POWER: .powers)
    pick: int = 0  # how many of them the pick takes (Kind.POWERS)
    powers_alone: tuple[str, ...] = ()  # those that name nobody (Kind.POWER: tapped twice)

    @property
    def record_key(self) -> str:
        return self.record or self.id


@dataclass(frozen=True)
class Character:
    """One character of the cast (RULES-CLASSIC.md §1), with everything that is its own.

    ``family`` is Best Of's grouping (the werewolves, the villagers, the ambiguous, the
    loners); ``camp`` the side its card starts on. The hooks are called by the few rules that
    cut across characters: ``camp_of`` and ``wakes_from`` by the sides (a camp that changes in
    play), ``last_act`` by a death's chain (its holder's), ``lives_on`` by a death as it takes
    effect (its holder's), ``on_death`` by every death as it takes effect, ``at_dawn`` and ``at_dusk`` by the walk.
    """

    id: str
    fr: str
    en: str
    family: str  # "werewolves", "villagers", "ambiguous", "loners"
    camp: str  # "village" or "werewolves"
    boxes: tuple[tuple[str, int], ...]  # (box id, copies)
    goal: str | None = None  # a goal of its own: "white_werewolf", "pied_piper", "angel"
    per_game: int = 1  # cards of it a game may hold (0: as many as the boxes; sisters: 2)
    pair: bool = False  # dealt two together or not at all
    bites: int = 1  # werewolves' bites it takes to die (the elder: 2)
    bitten_becomes: str | None = None  # the card it turns into when bitten (the woodsman)
    infectable: bool = True
    repels: bool = False  # the pack's attack never kills him; a pack of one dies of it (the Wendigo)
    resists: frozenset[str] = frozenset()  # causes of death that do not kill him (night attacks)
    lone_wolf: bool = False  # a wolf outside the pack: a wolf for the village and its looks
    #: the pack's bite joins him to it instead of killing him, when this holds (the
    #: Chien-Garou attacked by a pack his master is in)
    bite_turns: Callable[[Game, int], bool] | None = None
    #: the bite turned him (called at dawn, instead of his death)
    on_bite_turns: Callable[[Game, int], Game] | None = None
    seen_as: str | None = None  # the card the seer is shown instead (the Bonhomme: a Habitant)
    takes_powers: frozenset[str] = frozenset()  # causes of its death that take the village's powers
    opening: str | None = None  # the phase a game opens with when it is dealt ("day 0")
    #: plays on its card's side but wins with this one (the traitor); a function of the game
    #: and the seat when that side is drawn in play (the Québec Robineux's)
    wins_with: str | Callable[[Game, int], str | None] | None = None
    booklet: str = ""  # the booklet that describes it: "001", "003", "000", "002"
    # (docs/characters.md)
    starts: tuple[str, ...] = ()  # the Québec states its holder starts with (:mod:`.states`)
    steps: tuple[Step, ...] = ()
    camp_of: Callable[[Game, int], str] | None = None
    wakes_from: Callable[[Game, int], int] | None = None
    last_act: Callable[[Game, int], Game] | None = None
    #: killed, its holder lives on when this holds (seed 000's Immortel): the death is
    #: recorded and its card shown, but he stays in play; his chain is his ``last_act`` alone
    lives_on: Callable[[Game, int], bool] | None = None
    on_death: Callable[[Game, int], Game] | None = None  # any death, as it takes effect
    at_dawn: Callable[[Game], Game] | None = None
    at_dusk: Callable[[Game], Game] | None = None

    def copies(self, box: str) -> int:
        return dict(self.boxes).get(box, 0)


def ask(g: Game, step: Step, deciders: tuple[int, ...], among: tuple[int, ...] = (),
        chance: bool = False) -> Game:
    """Open a decision that came up in play (a tie, a death): it waits for a choice."""
    woken = deciders or g.living()
    return g._with(stop=Stop(g.phase, step.id, step.kind, woken, deciders, required=True,
                             chance=chance, among=among))
