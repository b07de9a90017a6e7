"""The classic game's table (*Les Loups-Garous de Thiercelieux*): the app is the game master.

:class:`ClassicController` is the classic game's :class:`.flow.Flow`: the same door
(``apply(event)``), the same refusals, journal and history as the one-night game's controller.
Its phases are declared in :data:`.phases.CLASSIC_PHASES`: the setup (names, deck, options) and
the deal are its own; from the deal on, the phase is where the rules engine
(:mod:`onenight.classic`) stands: a call of the night, the dawn, an election, the debate, a
vote, a tie, a death's chain (the hunter's shot, the captain's successor), the end.

**The night** is a row of calls (:func:`onenight.classic.calls.night_calls`, from what the
table knows), each a *window* that the narrator opens and closes (``step_end``) at the times of
one plan (:mod:`onenight.narration.classic`): every call lasts the same whether its player
acts, its power is spent (the engine's ``for_show``), or nobody holds its card (a card left
over by the thief). The woken choose during the window (``choose`` from the tablet, ``pick``
from a pad); the choice is played at once, so the seer sees the card during her call, but the
call goes on to its end. A call that ends with nothing chosen chooses nothing; a choice the
rules require (cupid's lovers, the wild child's model, the wolf-hound's side, the thief's
card when both are werewolves) is then drawn at random, with the controller's generator, and
written into the event: the call still ends on time (docs/rules-decisions-classic.md).

**Votes** are collected per seat (:class:`.ballots.BallotBox`): the tablet passed round,
fingers entered by the host, or the box; secret until every living player's is in, or the host
closes the round (``close_vote`` with ``confirm``: the missing are blanks); then ``count``
plays them through the rules (the captain's vote counts twice).

**Results are held** on screen until the host goes on (``go``): the dawn's dead, a vote's
ballots and who is out, the elected captain, a hunter's shot.

What a screen may show comes only from the views (:mod:`.classic_views`): a seat's card at the
deal, the call of the night (the same shape whoever is there), the dawn, the day's stages, the
end with the story of the game.

The vote box plugs in through events with a seat, like a tap: ``pick`` (a pad's seat and the
seat it dialled: a woken player's choice at night, the hunter's shot, a successor, the
captain's pick), ``vote`` / ``vote_in`` / ``votes`` for the ballots, and ``ready``. The box's
client decides which pads may press (:meth:`ClassicController.awake_seats`).
"""

from __future__ import annotations

import datetime as _dt
import logging
import random
import re
import uuid
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from onenight import __version__
from onenight.classic import cast, decks, forms, sides, states, village
from onenight.classic.calls import (eclipses, flanc_mou, lived_in, night_calls, robineux_told,
                                    shown_dead, shown_lately)
from onenight.classic.model import (CAPTAIN_WHEN, DAYBREAK, VOTE_VARIANTS, Choice, Draw, Game,
                                    Kind,
                                    Options, Pick, Potions, Ragots, Roll, Seat, Seats, Side, Stop,
                                    Take, Use, Votes,
                                    Yes)
from onenight.classic.record import outcome, to_record
from onenight.classic.roles import table_cards
from onenight.classic.roles.common import heal_forms, shown_victims
from onenight.classic.roles.compendium import GUESTS, TAVERN_MINUTES
from onenight.classic import handwriting
from onenight.classic.roles import table_cards
from onenight.classic.roles.quebec import HABITANT_STEP
from onenight.classic.walk import apply as play
from onenight.classic.walk import ballot_options, legal_choices, new_game, use_power
from onenight.common.errors import DeckError, IllegalChoice, RulesError
from onenight.common.notices import DeckCheck

from . import classic_views as views
from .ballots import VOTE_MODES, BallotBox
from .flow import Flow, Refused, minutes, player_names
from .phases import CLASSIC_ALWAYS, CLASSIC_PHASE
from .timer import DayTimer

log = logging.getLogger(__name__)

GAME = "thiercelieux"
DEAL_MODES = ("tablet", "cards")
PACE = (50, 200)  # percent of the standard time each call of the night gives
#: With ``debate_shrinks``, each day's debate is a minute shorter than the day before's,
#: down to this many minutes (a debate set shorter stays as set).
SHORTEST_DEBATE = 2
#: The results the table looks at before the host goes on, by the phase that shows them.
HOLDS = ("dawn", "election", "vote", "power")
#: The Québec Habitants' round before the first dusk: each player in turn, alone with the
#: tablet, sees their ragot, or that they have none (a hold that "go" does not end).
RAGOTS = "ragots"
#: Seed 000's Graphologue's round, right after the deal in every game whose deck holds him:
#: each player in turn, alone with the tablet, writes the name of his character by hand.
NOTES = "notes"
#: The night's calls whose choice a woken player may make on a pad (ClassicController._on_pick)
PAD_KINDS = (Kind.SEAT, Kind.POTIONS, Kind.YES, Kind.POWERS, Kind.POWER)
#: Those whose pad dials a number of the list the tablet shows (a special power), and a seat
POWER_KINDS = (Kind.POWERS, Kind.POWER)
#: The stages of the day's vote, by whichever variant the table plays (its ``vote`` phase).
VOTE_STAGES = ("votes", "nominations", "nomination_votes", "panic_votes", "village_draw")
#: a game's identity: 32 lowercase hex digits (a random UUID)
GAME_ID = re.compile(r"[0-9a-f]{32}")


@dataclass(frozen=True)
class TableOptions:
    """The host's choices for a classic game: the rules' options (``captain``,
    ``sisters_wake_again``) and the table's (the debate, the night's pace, how votes are
    taken)."""

    captain: str = "first_morning"
    sisters_wake_again: bool = False
    vote: str = "classic"  # VOTE_VARIANTS: the Québec booklet's votes, or RULES-CLASSIC §6's
    debate_minutes: float = 5
    debate_shrinks: bool = False
    pace: int = 100  # percent of each call's standard time at night
    vote_mode: str = "tablet"
    buildings: bool = False  # Le Village: each seat lives in a building (or is a Vagabond)

    @property
    def rules(self) -> Options:
        return Options(self.captain, self.sisters_wake_again, self.vote)

    def debate_for(self, day: int) -> float:
        """The debate's minutes on day ``day`` (day 0 and day 1 have the whole length)."""
        if not self.debate_shrinks or day <= 1:
            return self.debate_minutes
        floor = min(self.debate_minutes, SHORTEST_DEBATE)
        return max(floor, self.debate_minutes - (day - 1))

    def as_json(self) -> dict:
        return {"captain": self.captain, "sisters_wake_again": self.sisters_wake_again,
                "vote": self.vote, "debate_minutes": self.debate_minutes,
                "debate_shrinks": self.debate_shrinks,
                "pace": self.pace, "vote_mode": self.vote_mode, "buildings": self.buildings}


@dataclass
class Window:
    """One call of the night, from the narrator's opening of it to its close."""

    night: int
    step: str
    index: int  # its place among tonight's calls
    stop: Stop | None  # the engine's stop it plays; None: nobody holds the card (for show)
    chosen: bool = False  # a choice was made in it (played, or taken for show)
    picks: dict[int, int] = field(default_factory=dict)  # the pads' picks: seat -> seat
    heal: bool | int = False  # the witch dialled a victim's seat on her pad (its heal's form)
    dials: tuple[int, ...] = ()  # a special power's call: the numbers its pad held, in order

    @property
    def kind(self) -> Kind:
        return cast.STEP[self.step].kind


@dataclass
class ClassicState:
    phase: str = "setup"
    players: list[str] = field(default_factory=list)
    preset: str | None = None  # a preset id, or "custom"
    deck: list[str] = field(default_factory=list)
    options: TableOptions = TableOptions()
    deal_mode: str = "tablet"
    seats: list[str] = field(default_factory=list)  # the cards dealt, by seat
    left_over: list[str] = field(default_factory=list)  # the thief's two
    seen: list[bool] = field(default_factory=list)  # the tablet's deal: who has looked
    entered: list[str | None] = field(default_factory=list)  # the table's own cards, entered
    ragots_seen: list[bool] = field(default_factory=list)  # the Habitants' round: who has looked
    notes: list = field(default_factory=list)  # the Graphologue's round: each seat's note (JSON)
    houses: list[str | None] | None = None  # Le Village: each seat's building (None: Vagabond)
    power: tuple[str, int, int] | None = None  # the day power just used: (power, user, seat)
    game: Game | None = None
    calls: tuple[str, ...] = ()  # tonight's calls
    window: Window | None = None
    hold: str | None = None  # a result on screen until the host goes on (HOLDS)
    ballots: BallotBox | None = None
    ballots_for: tuple[str, str] | None = None  # (phase, stage) the open ballots are for
    counted: tuple[str, str] | None = None  # (phase, stage) of the last ballots counted
    day: DayTimer | None = None
    ready: int = -1
    game_id: str | None = None
    started: str | None = None
    finished: str | None = None
    record_path: Path | None = None
    #: seed 000's Immortel: which card lies where, face down (the choice each position
    #: takes: 0 his own, 1 the werewolf's), shuffled with the controller's generator as his
    #: decision opens; what he tapped is journaled as the card it was (``take``)
    face_down: tuple[int, int] | None = None


class ClassicController(Flow):
    """The classic game's table; see the module's docstring."""

    PHASE = CLASSIC_PHASE
    ALWAYS = CLASSIC_ALWAYS
    DEBATE_PHASE = "debate"
    DEBATE_EVENTS = frozenset({"day_pause", "day_resume", "day_add", "day_length"})
    TEXT_FIELDS = ("card", "mode", "id", "side")

    def __init__(self, history_dir: Path, clock: Any = None, rng: random.Random | None = None,
                 wallclock: Callable[[], _dt.datetime] | None = None):
        super().__init__(history_dir, clock, rng, wallclock)
        self.state = ClassicState()

    @property
    def game(self) -> Game | None:
        """The rules engine's game (the game master's knowledge: never for a screen)."""
        return self.state.game

    # ---- setup --------------------------------------------------------------------------
    def _on_abandon(self, e: dict) -> None:
        s = self.state
        if s.game is not None:
            self._save()
        self.state = ClassicState(players=s.players, preset=s.preset, deck=s.deck,
                                  options=s.options, deal_mode=s.deal_mode, houses=s.houses)

    def _on_new_game(self, e: dict) -> None:
        self._on_abandon(e)

    def _on_players(self, e: dict) -> None:
        names = player_names(e.get("names"), decks.MIN_PLAYERS, decks.MAX_PLAYERS)
        e["names"] = names
        s = self.state
        changed = len(names) != len(s.players)
        s.players = names
        if changed:
            s.houses = None  # one building per seat: the village is set again
            if s.preset in decks.PRESET and len(names) in decks.PRESET[s.preset].players():
                s.deck = list(decks.PRESET[s.preset].deck(len(names)))
            else:
                s.preset, s.deck = None, []

    def _need_players(self) -> int:
        if not self.state.players:
            raise Refused("players_first")
        return len(self.state.players)

    def _on_preset(self, e: dict) -> None:
        n = self._need_players()
        p = decks.PRESET.get(e.get("id")) if isinstance(e.get("id"), str) else None
        if p is None:
            raise Refused("preset_unknown", id=str(e.get("id")))
        if n not in p.players():
            raise Refused("preset_players", id=p.id, min=p.min_players, max=decks.MAX_PLAYERS,
                          players=n)
        self.state.preset, self.state.deck = p.id, list(p.deck(n))
        e["cards"] = list(self.state.deck)

    def check_custom(self, cards: list[str]) -> DeckCheck:
        """Live checks for the deck builder (a query: changes nothing)."""
        return decks.check_deck(list(cards), len(self.state.players))

    def _on_custom(self, e: dict) -> None:
        n = self._need_players()
        cards = e.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise Refused("deck_format")
        check = decks.check_deck(cards, n)
        if not check.ok:
            p = check.problems[0]
            raise Refused("classic_deck_" + p.code, **p.facts)
        self.state.preset, self.state.deck = "custom", list(cards)

    def _on_options(self, e: dict) -> None:
        o = self.state.options
        changes: dict[str, Any] = {}
        if "captain" in e:
            if e["captain"] not in CAPTAIN_WHEN:
                raise Refused("option_captain", value=str(e["captain"]))
            changes["captain"] = e["captain"]
        if "vote" in e:
            if e["vote"] not in VOTE_VARIANTS:
                raise Refused("option_vote", value=str(e["vote"]))
            changes["vote"] = e["vote"]
        for name in ("sisters_wake_again", "debate_shrinks", "buildings"):
            if name in e:
                if not isinstance(e[name], bool):
                    raise Refused("option_format", option=name)
                changes[name] = e[name]
        if "debate_minutes" in e:
            length = minutes(e["debate_minutes"])
            if length is None:
                raise Refused("day_length", min=1, max=15)
            changes["debate_minutes"] = length
        if "pace" in e:
            pace = e["pace"]
            if isinstance(pace, bool) or not isinstance(pace, int) \
                    or not PACE[0] <= pace <= PACE[1]:
                raise Refused("option_pace", min=PACE[0], max=PACE[1])
            changes["pace"] = pace
        if "vote_mode" in e:
            if e["vote_mode"] not in VOTE_MODES:
                raise Refused("vote_mode", mode=str(e["vote_mode"]))
            changes["vote_mode"] = e["vote_mode"]
        self.state.options = replace(o, **changes)

    def _on_houses(self, e: dict) -> None:
        """Le Village's buildings, one per seat: ``buildings`` as the host assigned them (null:
        a Vagabond), or ``deal``: the tokens the host chose, dealt by the tablet (the seats
        left over are Vagabonds; the draw is written into the event, so a replay deals the
        same)."""
        n = self._need_players()
        chosen = e.get("deal")
        try:
            if chosen is not None and not isinstance(e.get("buildings"), list):
                if not isinstance(chosen, list):
                    raise DeckError("deal", "expected a list of buildings")
                e["buildings"] = list(village.deal_buildings(chosen, n, self.rng))
            houses = village.check_buildings(e.get("buildings"), n)
        except DeckError as err:
            raise Refused("houses_bad", field=err.field, reason=err.reason) from None
        self.state.houses = list(houses)

    def deck_check(self) -> DeckCheck | None:
        s = self.state
        return decks.check_deck(s.deck, len(s.players)) if s.deck else None

    # ---- the deal -----------------------------------------------------------------------
    def _on_deal(self, e: dict) -> None:
        s = self.state
        n = self._need_players()
        if not s.deck:
            raise Refused("deck_first")
        check = decks.check_deck(s.deck, n)
        if not check.ok:
            p = check.problems[0]
            raise Refused("classic_deck_" + p.code, **p.facts)
        if s.options.buildings and (s.houses is None or len(s.houses) != n):
            raise Refused("houses_first")
        mode = e.get("mode", "tablet")
        if mode not in DEAL_MODES:
            raise Refused("deal_mode", mode=str(mode))
        s.deal_mode = mode
        if mode == "tablet":
            seats, left = e.get("seats"), e.get("left_over")
            dealt = seats + left if isinstance(seats, list) and isinstance(left, list) else None
            if dealt is None or len(seats) != n or Counter(dealt) != Counter(s.deck):
                seats, left = (list(x) for x in decks.deal(s.deck, n, self.rng))
            e["seats"], e["left_over"] = list(seats), list(left)
            s.seats, s.left_over, s.seen = list(seats), list(left), [False] * n
        else:
            s.seats, s.left_over, s.entered = [], [], [None] * n
        # The game's identity, as the one-night game's (its record is saved under it); a
        # replayed event brings its own. Random, but not from the game's chance.
        game = e.get("game")
        if not (isinstance(game, str) and GAME_ID.fullmatch(game)):
            e["game"] = uuid.uuid4().hex
        started = e.get("started")
        if not isinstance(started, str):
            e["started"] = self.wallclock().isoformat(timespec="seconds")
        s.game_id, s.started = e["game"], e["started"]

    def _on_seen(self, e: dict) -> None:
        s = self.state
        if s.deal_mode != "tablet":
            raise Refused("deal_mode_cards")
        s.seen[self._seat(e.get("seat"))] = True

    def _on_card(self, e: dict) -> None:
        """A player enters the card in front of them (the table's own cards), in private: any
        card of the deck is taken; the whole is checked when the deal is done."""
        s = self.state
        if s.deal_mode != "cards":
            raise Refused("deal_mode_tablet")
        seat = self._seat(e.get("seat"))
        card = e.get("card")
        if card is not None and card not in s.deck:
            raise Refused("card_not_in_deck", card=str(card))
        s.entered[seat] = card

    def _on_deal_done(self, e: dict) -> None:
        s = self.state
        n = len(s.players)
        if s.deal_mode == "tablet":
            missing = [i for i, seen in enumerate(s.seen) if not seen]
            if missing:
                raise Refused("deal_unseen", seats=missing)
        else:
            missing = [i for i, c in enumerate(s.entered) if c is None]
            if missing:
                raise Refused("cards_missing", seats=missing)
            left = Counter(s.deck) - Counter(s.entered)
            if Counter(s.entered) - Counter(s.deck) or sum(left.values()) != len(s.deck) - n:
                # which card is entered once too often is not said: it would tell whose it is
                raise Refused("deal_mismatch")
            s.seats, s.left_over = list(s.entered), sorted(left.elements())
        if table_cards.in_deck(tuple(s.seats) + tuple(s.left_over)):
            # "chacun écrit en secret le nom de son personnage": the tablet goes round once
            # more, in every game whose deck holds the Graphologue; the game begins after
            s.notes, s.phase = [None] * n, NOTES
            return
        self._begin_game(None)

    def _begin_game(self, notes: list | None) -> None:
        s = self.state
        try:
            s.game = new_game(s.seats, s.left_over, s.options.rules,
                              s.houses if s.options.buildings else None, notes)
        except DeckError as err:  # cannot happen after the checks; never crash
            raise Refused("deal_mismatch", reason=str(err)) from None

    # ---- seed 000's Graphologue: each player writes his character's name by hand ----------
    def _on_note(self, e: dict) -> None:
        """A player's note, written alone with the tablet (strokes on the note's grid); a
        note written again replaces the first."""
        seat = self._seat(e.get("seat"))

        def refuse(field: str, why: str) -> Refused:
            return Refused("note_format", field=field, why=why)
        note = handwriting.read_note(e.get("note"), "note", refuse)
        self.state.notes[seat] = handwriting.note_json(note)

    def _on_notes_done(self, e: dict) -> None:
        s = self.state
        missing = [i for i, n in enumerate(s.notes) if n is None]
        if missing:
            raise Refused("notes_missing", seats=missing)
        self._begin_game(list(s.notes))

    # ---- the Québec Habitants' ragots: the tablet goes round once more --------------------
    def _draw_ragots(self, e: dict) -> None:
        """Each Habitant's ragot, drawn with the controller's generator among the rules' legal
        ones (or as the event already holds them, replayed), one after the other, into the
        event's ``habitant_ragots`` list."""
        s = self.state
        held = e.get(HABITANT_STEP)
        held = held if isinstance(held, list) else []
        drawn: list[dict] = []
        while s.game.stop is not None and s.game.stop.step == HABITANT_STEP:
            if s.game.stop.for_show:
                self._play(None)
                continue
            raw = held[len(drawn)] if len(drawn) < len(held) else None
            choice = _KINDS[Kind.RAGOTS](raw, len(s.players)) if isinstance(raw, dict) else None
            if choice is None:
                choice = self.rng.choice([c for c in legal_choices(s.game) if c is not None])
            drawn.append(choice_json(choice))
            self._play(choice)
        e[HABITANT_STEP] = drawn

    def _on_ragot_seen(self, e: dict) -> None:
        self.state.ragots_seen[self._seat(e.get("seat"))] = True

    def _on_ragots_done(self, e: dict) -> None:
        s = self.state
        missing = [i for i, seen in enumerate(s.ragots_seen) if not seen]
        if missing:
            raise Refused("ragots_unseen", seats=missing)
        s.hold = None

    # ---- the engine's phases ------------------------------------------------------------
    def _settle(self, e: dict) -> None:
        s = self.state
        g = s.game
        if g is None:
            return
        if s.window is None and s.hold is None and g.stop is not None \
                and g.stop.step == HABITANT_STEP:
            # "Durant la première nuit, l'Habitant reçoit un ragot": drawn as the first night
            # opens, then everyone in turn sees theirs (or that they have none) before the dusk
            self._draw_ragots(e)
            s.hold, s.ragots_seen = RAGOTS, [False] * len(s.players)
            g = s.game
        if s.window is None and s.hold is None and g.stop is not None and self._night_stop(g):
            self._start_night(g, e)
        s.phase = self._phase_now()
        if s.phase == "debate" and s.day is None:
            # the tavern keeper's guests talk at the tavern first: two minutes more today
            length = s.options.debate_for(g.phase.number) + (
                TAVERN_MINUTES if g.today.get(GUESTS) else 0)
            e["at"] = self.now()
            e["debate"] = {"minutes": length}
            s.day = DayTimer.start(length * 60.0, e["at"])
        if s.phase in ("election", "vote", "tie") and s.hold is None \
                and g.stop is not None and g.stop.kind is Kind.VOTES:
            here = (g.phase.label, g.stop.step)
            if s.ballots_for != here:
                s.ballots = BallotBox.open(s.options.vote_mode, g.players)
                s.ballots_for = here
        if s.phase == "end" and s.finished is None:
            finished = e.get("finished")
            if not isinstance(finished, str):
                finished = self.wallclock().isoformat(timespec="seconds")
            e["finished"] = s.finished = finished
            self._save()

    @staticmethod
    def _night_stop(g: Game) -> bool:
        return g.stop.phase.is_night and g.stop.kind is not Kind.VOTES \
            and g.stop.step not in ("captain_lots",)

    def _phase_now(self) -> str:
        s = self.state
        g = s.game
        if s.hold is not None:
            return s.hold
        if s.window is not None:
            return "night"
        if g.stop is None:
            return "end"
        step = g.stop.step
        if step in ("captain_votes", "captain_revote", "captain_lots"):
            return "election"
        if step in views.CHAIN_STEPS:
            return "chain"
        if step in ("bailiff", "teacher", "lord"):  # Le Village's decisions, each its screen
            return step
        if step == "debate":
            return "debate"
        if step in VOTE_STAGES:
            return "vote"
        if step in ("captain_pick", "revote"):
            return "tie"
        if g.stop.phase.is_night:  # cannot happen: every night stop is in a window
            return "night"
        return "dawn"  # the dawn, the bear

    def _play(self, choice: Choice | None, e: dict | None = None) -> None:
        """Play the engine's current stop; an illegal choice is refused with the rules'
        reason (the game is unchanged)."""
        s = self.state
        before = s.game.phase.label
        try:
            s.game = play(s.game, choice)
        except IllegalChoice as err:
            raise Refused("choice_illegal", step=s.game.stop.step, field=err.field,
                          reason=err.reason) from None
        if s.game.phase.label != before and s.game.stop is not None:
            self._save()  # a new phase: the game so far is in the history, finished or not

    # ---- the night ----------------------------------------------------------------------
    def _start_night(self, g: Game, e: dict) -> None:
        s = self.state
        s.calls = night_calls(g.dealt + g.undealt, g.phase.number, g.options, shown_dead(g),
                              shown_lately=shown_lately(g), buildings=lived_in(g),
                              **flanc_mou(g), **eclipses(g), **robineux_told(g))
        self._open_call(0, e)

    def _roll_dice(self, e: dict) -> None:
        """A die the rules roll at night (Dr Jekyll's) has no call: it is rolled as the night
        reaches it, with the controller's generator, and written into the event that got
        there (``roll``), so that the event replayed rolls the same. Any other draw the rules
        make at night (the Guenilloux's curse) is drawn the same way, into the field named
        after its step; with nothing to draw, nothing is."""
        s = self.state
        while s.game.stop is not None and s.game.stop.chance and s.game.stop.phase.is_night:
            stop = s.game.stop
            if stop.for_show or not any(c is not None for c in legal_choices(s.game)):
                self._play(None)  # a card out of play: its die is not rolled
                continue
            field = _DRAWN_INTO.get(stop.step, stop.step)
            self._play(self._draw(e, field, stop.kind))

    def _draw(self, e: dict, field: str, kind: Kind) -> Choice:
        """A choice drawn with the controller's generator among the rules' legal ones, or
        the one the event already holds in ``field`` (replayed), written into the event."""
        held = e.get(field)
        choice = _KINDS[kind](held, len(self.state.players)) if isinstance(held, dict) \
            else None
        if choice is None:
            choice = self.rng.choice([c for c in legal_choices(self.state.game)
                                      if c is not None])
        e[field] = choice_json(choice)
        return choice

    def _open_call(self, index: int, e: dict) -> None:
        """Open tonight's call ``index`` (past the last: the night is over)."""
        s = self.state
        self._roll_dice(e)
        g = s.game
        at_night = g.stop is not None and self._night_stop(g)
        if not at_night and g.tonight.get(DAYBREAK) is not None:
            s.window = None  # the Violoneux's rigodon de nuit: straight to the morning
            return
        if at_night and s.window is not None and g.phase.number != s.window.night:
            s.window = None  # the Astrologue's solar eclipse: a new night, its own calls
            return
        if index >= len(s.calls):
            if at_night:  # a stop no call foresaw: play it all the same, never stall
                log.error("classic night: stop %s was not among tonight's calls", g.stop.step)
                s.calls = s.calls + (g.stop.step,)
            else:
                s.window = None
                return
        step = s.calls[index]
        real = at_night and g.stop.step == step
        s.window = Window(g.phase.number, step, index, g.stop if real else None)

    def _window(self, e: dict) -> Window:
        w = self.state.window
        if w is None:
            raise Refused("wrong_phase", event=e["type"], phase=self.state.phase)
        if e.get("step", w.step) != w.step:
            raise Refused("step_over", step=str(e.get("step")))
        return w

    def _on_choose(self, e: dict) -> None:
        s = self.state
        if s.phase != "night":
            if s.game.stop is not None and s.game.stop.step == "immortal" and "take" not in e:
                self._turn_over(e)
            return self._decide(self._choice(s.game.stop, e), e)
        w = self._window(e)
        if w.chosen:
            raise Refused("step_chosen")
        if w.kind is Kind.NONE:
            raise Refused("nothing_to_choose", step=w.step)
        shape = _KINDS.get(w.kind)
        choice = shape(e, len(s.players)) if shape else None
        if choice is None and w.stop is not None and w.stop.required:
            raise Refused("choice_required", step=w.step)
        if w.stop is not None:
            self._play(choice)
        w.chosen = True

    def _on_pick(self, e: dict) -> None:
        """A pad's press: its seat and the seat it dialled (``target``), or the answer it
        dialled to a yes-or-no question (``yes``). The box plugs in here.

        At night a pad stands in for the tablet as follows: a seat (the seer, the fox...) is
        played at once, as a tap; the pack's victim is the seat every pad that pressed agrees
        on, played when the call ends (no agreement: no victim); the witch dials the victim's
        seat to heal, another seat to poison, her own to take the poison back, and what she
        dialled is played when the call ends; the infection is a yes or a no, played at once;
        a character with special powers dials the numbers of the list his call shows, read
        when the call ends (:meth:`_from_pads`). The other calls (two seats, a side, a card)
        take their choice on the tablet."""
        s = self.state
        seat = self._seat(e.get("seat"))
        if s.phase != "night":
            target = self._seat(e.get("target"), "target_unknown")
            stop = s.game.stop
            if stop is None or stop.kind is not Kind.SEAT or seat not in stop.deciders:
                raise Refused("pick_not_yours", seat=seat)
            return self._decide(Seat(target), e)
        w = self._window(e)
        if w.stop is None or seat not in w.stop.deciders:
            raise Refused("pick_not_yours", seat=seat)
        if w.kind not in PAD_KINDS:
            raise Refused("pick_kind", step=w.step)
        if w.chosen:
            raise Refused("step_chosen")
        if w.kind in POWER_KINDS:  # read when the call ends (_from_pads)
            n = self._seat(e.get("target"), "target_unknown")
            if w.dials[-1:] != (n,):
                w.dials = w.dials + (n,)
            return
        if w.kind is Kind.YES:
            yes = e.get("yes")
            if not isinstance(yes, bool):
                raise Refused("choice_format")
            self._play(Yes() if yes else None)
            w.chosen = True
            return
        target = self._seat(e.get("target"), "target_unknown")
        if w.kind is Kind.POTIONS:
            heal = _heal_of(s.game, target)
            if heal is not None and Potions(heal, None) in legal_choices(s.game):
                w.heal = heal
            elif target == seat:
                w.picks.pop(seat, None)  # the poison taken back
            else:
                w.picks[seat] = target
            return
        if len(w.stop.deciders) > 1:  # the pack: the victim is the seat every pad agrees on
            w.picks[seat] = target
            return
        self._play(Seat(target))
        w.chosen = True

    @staticmethod
    def _from_pads(w: Window) -> list[Choice]:
        """What the pads chose in a call that plays their choice at its end, best first.

        A special power's call reads the numbers its pad held, one after the other (a pad
        holds one number at a time: the same number twice in a row is one), 1 for the first
        power of the list the tablet shows at that call:

        - the pick (``powers``): the last numbers of the list dialled, as many as the pick
          keeps (fewer: nothing chosen, and the rules' draw as for a call left untouched);
        - tonight's use (``power``): the last two numbers, the power and then its player's
          seat; a single number names the power and the player of that same number; a power
          that names nobody takes none."""
        if w.kind in POWER_KINDS:
            step = cast.STEP[w.step]
            if not w.dials:
                return []
            if w.kind is Kind.POWERS:
                kept: list[int] = []
                for n in reversed(w.dials):
                    if n < len(step.powers) and n not in kept and len(kept) < step.pick:
                        kept.append(n)
                return [Pick(tuple(step.powers[n] for n in sorted(kept)))] \
                    if len(kept) == step.pick else []
            power, seat = w.dials[-2:] if len(w.dials) > 1 else (w.dials[0],) * 2
            if power >= len(step.powers):
                return []
            name = step.powers[power]
            return [Use(name, None if name in step.powers_alone else seat)]
        if w.kind is Kind.POTIONS:
            poison = next(iter(w.picks.values()), None)
            heal = w.heal is not False
            both = [Potions(w.heal, poison)] if heal or poison is not None else []
            alone = [Potions(w.heal, None)] if heal and poison is not None else []
            return both + alone + ([Potions(False, poison)] if heal and poison is not None
                                   else [])
        agreed = set(w.picks.values())
        return [Seat(agreed.pop())] if len(agreed) == 1 else []

    def _on_spy(self, e: dict) -> None:
        """Seed 000's Espion shows himself at the open call (a discreet button on the night's
        screen): counted, refused past his limits with the rules' reason; the call goes on as
        it was, and nothing is heard. A call that wakes nobody (no stop: its card is not in
        play) has nobody to show himself to."""
        s = self.state
        w = self._window(e)
        if w.stop is None:
            raise Refused("spy.no_one")
        why = table_cards.spy_refusal(s.game, w.step)
        if why is not None:
            raise Refused("spy." + why)
        s.game = table_cards.spy_joins(s.game, w.step)

    def _on_step_end(self, e: dict) -> None:
        """The narrator closes the call: what the pads chose is played, what was not chosen
        is nothing, or drawn when the rules require a choice; then the next call opens."""
        s = self.state
        w = self._window(e)
        e["step"] = w.step
        if w.stop is not None and not w.chosen:
            for choice in self._from_pads(w):
                try:
                    self._play(choice)
                except Refused:
                    continue  # the rules refuse what the pads chose: nothing of it
                w.chosen = True
                break
            if not w.chosen and w.stop.required:
                self._play(self._draw(e, "drawn", w.kind))
            elif not w.chosen:
                self._play(None)
        self._open_call(w.index + 1, e)

    # ---- the day ------------------------------------------------------------------------
    def _moment(self) -> str:
        g = self.state.game
        return "vote" if g.today.get("moment") == "vote" else "dawn"

    def _on_go(self, e: dict) -> None:
        """The host goes on: past a result on screen, or past the dawn and the bear."""
        s = self.state
        if s.hold is not None:
            s.hold = s.power = None
            return
        stop = s.game.stop
        if stop is None or stop.kind is not Kind.NONE:
            raise Refused("not_now")
        self._play(None)
        if stop.step == "dawn":
            s.hold = "dawn"  # the dead, one by one, before anything else
        elif stop.step in ("immortal_card", "impostor_card"):  # back to what set his death off
            s.hold = self._moment()

    def _choice(self, stop: Stop | None, e: dict) -> Choice | None:
        if stop is None or stop.kind not in _KINDS:
            raise Refused("not_now")
        return _KINDS[stop.kind](e, len(self.state.players))

    def face_down(self) -> tuple[int, int]:
        """Seed 000's Immortel's two face-down cards: which is which (the choice each
        position takes), shuffled with the controller's generator when first asked for the
        decision waiting now, and kept till it is made. The screens never read it."""
        s = self.state
        if s.face_down is None:
            s.face_down = tuple(self.rng.sample((0, 1), 2))
        return s.face_down

    def _turn_over(self, e: dict) -> None:
        """The Immortel tapped a face-down card (``face_down``: its position, 0 or 1): the
        event keeps the card it was (``take``), so that it replays the same."""
        pos = e.get("face_down")
        if isinstance(pos, bool) or pos not in (0, 1):
            raise Refused("choice_format")
        e["take"] = self.face_down()[pos]

    def _decide(self, choice: Choice | None, e: dict) -> None:
        """A day's choice: the hunter's shot, a successor, the captain's pick on a tie; Le
        Village's: the bailiff's housing, the schoolteacher's ban, the lord's pardon."""
        s = self.state
        step = s.game.stop.step
        if step in ("bailiff", "teacher"):  # nothing chosen is a choice: nobody housed, banned
            self._play(choice)
            return
        if step == "lord":  # the vote's result is shown once the lord has decided
            self._play(choice)
            s.hold = "vote"
            return
        if choice is None and s.game.stop.required:
            raise Refused("choice_required", step=s.game.stop.step)
        if s.game.stop.step == "nominations":  # the hands go up at once
            return self._play(choice)
        if s.game.stop.step in ("immortal", "impostor"):  # he sees his card next: no hold
            s.face_down = None
            return self._play(choice)
        pick = s.game.stop.step == "captain_pick"
        if pick:
            s.counted = (s.game.phase.label, "votes")
        moment = "vote" if pick else self._moment()
        self._play(choice)
        s.hold = moment

    def _on_start_vote(self, e: dict) -> None:
        s = self.state
        mode = e.get("mode", s.options.vote_mode)
        if mode not in VOTE_MODES:
            raise Refused("vote_mode", mode=str(mode))
        e["mode"] = mode
        s.options = replace(s.options, vote_mode=mode)
        self._play(None)  # the debate is over
        s.day = None

    def _voters(self) -> tuple[int, ...]:
        return views.ballot_voters(self.state.game)

    def _on_power(self, e: dict) -> None:
        """Le Village: a day power used while the village debates (``power``: barber,
        confessor or bonesetter; ``target``: the seat it names). What it did is held on screen
        (the confessor's look shown to him alone) until the host goes on."""
        s = self.state
        g = s.game
        p = village.Power(e.get("power"), e.get("target"))
        why = village.power_error(g, p)
        if why:
            raise Refused("power_illegal", power=str(e.get("power")), reason=why)
        user = village.ready(g, p.power)
        s.game = use_power(g, p)
        s.power, s.hold = (p.power, user, p.seat), "power"
        self._save()

    def _box(self) -> BallotBox:
        b = self.state.ballots
        if b is None or self.state.hold is not None:
            raise Refused("not_now")
        return b

    def _ballot(self, seat: int, target: int) -> None:
        g = self.state.game
        if not g.alive(seat):
            raise Refused("dead_no_vote", seat=seat)
        if sides.out_of_play(g, seat):  # public: the dawn showed the Coureur's canoe
            raise Refused("vote_out_of_play", seat=seat)
        if sides.absent(g, seat):
            raise Refused("vote_absent", seat=seat)
        if states.kept_from_voting(g, seat):  # public: the dawn said whom the gigue tired
            raise Refused("vote_jigged", seat=seat)
        if village.no_ballot(g, g.stop.step, seat):  # public: the buildings are in view
            raise Refused("vote_village", seat=seat)
        if target not in ballot_options(g, seat)[1:]:
            if village.no_target(g, g.stop.step, target):
                raise Refused("vote_village_target", seat=target)
            if target == seat:
                raise Refused("self_vote", seat=seat)
            if not g.alive(target):
                raise Refused("vote_dead", seat=target)
            if sides.out_of_play(g, target):
                raise Refused("vote_out_of_play", seat=target)
            if sides.absent(g, target):
                raise Refused("vote_absent", seat=target)
            if g.stop.among:
                raise Refused("vote_not_tied", seat=target, seats=list(g.stop.among))
            if target == g.today.get("immune"):
                raise Refused("vote_immune", seat=target)
            # the hypnotist's spell: the reason stays secret
            raise Refused("vote_not_allowed", seat=target)

    def _on_vote(self, e: dict) -> None:
        box = self._box()
        seat, target = self._seat(e.get("seat")), self._seat(e.get("target"))
        self._ballot(seat, target)
        box.vote(seat, target)

    def _on_unvote(self, e: dict) -> None:
        self._box().unvote(self._seat(e.get("seat")))

    def _on_vote_in(self, e: dict) -> None:
        box = self._box()
        seat = self._seat(e.get("seat"))
        if not self.state.game.alive(seat):
            raise Refused("dead_no_vote", seat=seat)
        box.vote_in(seat)

    def _on_votes(self, e: dict) -> None:
        """Every pad's vote at once, as the box closes the round (None: no vote)."""
        box = self._box()
        votes = e.get("votes")
        if not isinstance(votes, list) or len(votes) != len(self.state.players):
            raise Refused("votes_format")
        for i, t in enumerate(votes):
            if t is not None:
                self._ballot(i, self._seat(t))
        box.take_all(votes)

    def _on_vote_mode(self, e: dict) -> None:
        s = self.state
        box = self._box()
        if any(box.is_in()):
            raise Refused("vote_mode_late")
        s.ballots = BallotBox.open(e.get("mode"), len(s.players))
        s.options = replace(s.options, vote_mode=s.ballots.mode)

    def _on_close_vote(self, e: dict) -> None:
        """The host closes the round: a missing vote is a blank, once the host confirms."""
        box = self._box()
        missing = box.missing(self._voters())
        if missing and e.get("confirm") is not True:
            raise Refused("close_confirm", seats=list(missing))
        box.close()

    def _on_count(self, e: dict) -> None:
        s = self.state
        box = self._box()
        voters = self._voters()
        if not box.revealed(voters):
            raise Refused("votes_missing", seats=list(box.missing(voters)))
        g = s.game
        step = g.stop.step
        ballots = tuple(box.votes[i] if g.alive(i) else None for i in range(g.players))
        s.counted = (g.phase.label, step)
        self._play(Votes(ballots))
        s.ballots, s.hold = None, "election" if step.startswith("captain") else "vote"
        if s.game.stop is not None and s.game.stop.step == "lord":
            s.hold = None  # the lord decides first: nothing of the vote's end is shown yet
        s.ballots_for = None  # a round of the same stage may follow (the panic's next count)

    def _on_draw(self, e: dict) -> None:
        """A democratic panic that drags on: the host ends the counts, the lot draws."""
        s = self.state
        stop = s.game.stop
        if s.hold is not None or stop is None or stop.step != "panic_votes" or stop.required:
            raise Refused("not_now")
        self._play(None)

    def _on_lots(self, e: dict) -> None:
        """The lots draw the captain among the tied, with the controller's generator."""
        s = self.state
        stop = s.game.stop
        if s.hold is not None or stop is None or not stop.chance:
            raise Refused("not_now")
        seat = e.get("seat")
        if not (isinstance(seat, int) and seat in stop.among):
            seat = self.rng.choice(stop.among)
        e["seat"] = seat
        if stop.step == "village_draw":  # the last count stays on screen, with the drawn
            s.counted = (s.game.phase.label, _last_count(s.game))
            self._play(Seat(seat))
            s.hold = "vote"
            return
        s.counted = (s.game.phase.label, "captain_revote")
        self._play(Seat(seat))
        s.hold = "election"

    # ---- views (onenight.game.classic_views) ------------------------------------------------
    def table_view(self):
        return views.table_view(self)

    def setup_view(self):
        return views.setup_view(self)

    def deal_view(self):
        return views.deal_view(self)

    def ragots_view(self, seat: int):
        return views.ragots_view(self, seat)

    def card_view(self, seat: int):
        return views.card_view(self, self._seat(seat))

    def night_view(self):
        return views.night_view(self)

    def dawn_view(self):
        return views.dawn_view(self)

    def chain_view(self):
        return views.chain_view(self)

    def debate_view(self):
        return views.debate_view(self)

    def ballots_view(self):
        return views.ballots_view(self)

    def tie_view(self):
        return views.tie_view(self)

    def power_view(self):
        return views.power_view(self)

    def confession_view(self):
        return views.confession_view(self)

    def village_view(self):
        return views.village_view(self)

    def end_view(self):
        return views.end_view(self)

    # ---- records ------------------------------------------------------------------------
    def record(self) -> dict:
        """The game so far as a ``thiercelieux-game/1`` record (CLASSIC-RECORD.md), with what
        the app adds: the players' names, the deck and how it was dealt, when it was played,
        and the outcome as ``onenight classic replay`` prints it."""
        s = self.state
        g = s.game
        assert g is not None
        rec = to_record(g)
        rec.update({"app": f"onenight {__version__}", "game": s.game_id,
                    "players": list(s.players), "preset": s.preset, "deck": list(s.deck),
                    "deal": s.deal_mode, "table": s.options.as_json(),
                    "started": s.started, "finished": s.finished,
                    "outcome": outcome(g)})
        return rec

    def _save(self) -> None:
        """Save the game so far in the history (its one record, replaced as it goes), once
        the event is accepted (and journaled)."""
        s = self.state
        if s.game is None:
            return
        stamp = (s.started or "")[:19].replace("-", "").replace(":", "").replace("T", "-")
        s.record_path = None  # until this record is saved: the history is behind
        self.records.add(self.record(), f"{stamp}-{GAME}")

    def _record_saved(self, record: dict, path: Path) -> None:
        if record.get("game") == self.state.game_id:
            self.state.record_path = path

    # ---- the journal's view -------------------------------------------------------------
    def baseline(self) -> list[dict]:
        s = self.state
        out: list[dict] = []
        if s.players:
            out.append({"type": "players", "names": list(s.players)})
        if s.preset == "custom" and s.deck:
            out.append({"type": "custom", "cards": list(s.deck)})
        elif s.preset and s.deck:
            out.append({"type": "preset", "id": s.preset})
        out.append({"type": "options", **s.options.as_json()})
        if s.houses is not None:
            out.append({"type": "houses", "buildings": list(s.houses)})
        return out

    def countdown_changed(self, done: dict) -> bool:
        return "debate" in done or super().countdown_changed(done)

    def night_marker(self) -> str | None:
        w = self.state.window
        return None if w is None else f"{self.state.game_id} night {w.night}"

    # ---- for the box --------------------------------------------------------------------
    def awake_seats(self) -> tuple[int, ...]:
        """The seats whose pads may press now: the woken of the call who decide (none for a
        call with nobody there), the hunter or the dying captain, the captain on a tie, the
        living at a vote. For the box's client only: a screen must never show it."""
        s = self.state
        if s.game is None or s.hold is not None:
            return ()
        if s.window is not None:  # the woken who decide (the little girl only spies)
            return s.window.stop.deciders if s.window.stop is not None \
                and not s.window.chosen else ()
        stop = s.game.stop
        if stop is None:
            return ()
        return stop.deciders if stop.kind in (Kind.SEAT, Kind.VOTES) else ()


# ---- choices from events ------------------------------------------------------------------------
# A screen (or a pad) sends a choice in one shape per kind of decision: ``target`` (a seat),
# ``targets`` (seats), ``side``, ``take`` (0 or 1: the thief's cards), ``yes``, ``heal`` and
# ``poison`` (the witch). Nothing chosen is said with null (``{"target": null}``,
# ``{"heal": false, "poison": null}``); an event that names none of its kind's fields is refused.

def _heal_of(g: Game, seat: int) -> bool | int | None:
    """The heal that saves ``seat``, in the form the rules take (True for the only victim the
    witch is shown, the seat among several), or None when it is not a victim she is shown."""
    victims = shown_victims(g)
    if seat not in victims:
        return None
    return heal_forms(victims)[victims.index(seat)]


def _seat_value(v: Any, players: int, code: str = "target_unknown") -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < players:
        raise Refused(code, seat=v)
    return v


def _target(e: Any, n: int) -> Seat | None:
    return None if e.get("target") is None else Seat(_seat_value(e["target"], n))


def _targets(e: Any, n: int) -> Seats | None:
    t = e.get("targets")
    if t is None:
        return None
    if not isinstance(t, list) or not t:
        raise Refused("choice_format")
    return Seats(tuple(_seat_value(x, n) for x in t))


def _side(e: Any, n: int) -> Side | None:
    if e.get("side") is None:
        return None
    if e["side"] not in ("village", "werewolves"):
        raise Refused("choice_format")
    return Side(e["side"])


def _take(e: Any, n: int) -> Take | None:
    t = e.get("take")
    if t is None:
        return None
    if isinstance(t, bool) or t not in (0, 1):
        raise Refused("choice_format")
    return Take(t)


def _yes(e: Any, n: int) -> Yes | None:
    if e.get("yes") not in (None, True, False):
        raise Refused("choice_format")
    return Yes() if e.get("yes") is True else None


def _roll(e: Any, n: int) -> Roll | None:
    v = e.get("roll")
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
        raise Refused("choice_format")
    return Roll(v)


def _ragots(e: Any, n: int) -> Ragots | None:
    """The Québec booklet's ragots a night's draw wrote (``{"ragots": [{"kind": …,
    "seats": […]}]}``)."""
    if e.get("ragots") is None:
        return None

    def refuse(field: str, why: str) -> Refused:
        return Refused("choice_format")
    return forms.ragots_of(e["ragots"], n, "ragots", refuse)


def _potions(e: Any, n: int) -> Potions | None:
    heal, poison = e.get("heal", False), e.get("poison")
    if not isinstance(heal, bool):  # the seat of the victim she saves, among several
        heal = _seat_value(heal, n)
    poison = None if poison is None else _seat_value(poison, n)
    return Potions(heal, poison) if heal is not False or poison is not None else None


def _powers(e: Any, n: int) -> Pick | None:
    """The special powers kept (``{"powers": ["herb", "serum"]}``)."""
    p = e.get("powers")
    if p is None:
        return None
    if not isinstance(p, list) or not all(isinstance(x, str) for x in p):
        raise Refused("choice_format")
    return Pick(tuple(p))


def _name(e: Any, key: str) -> str | None:
    """The name a choice gives under ``key`` (a power, a card), None if it gives none."""
    v = e.get(key)
    if v is not None and not isinstance(v, str):
        raise Refused("choice_format")
    return v


def _power(e: Any, n: int) -> Use | None:
    """A special power and the player it names (``{"power": "herb", "target": 3}``)."""
    p = _name(e, "power")
    if p is None:
        return None
    t = e.get("target")
    return Use(p, None if t is None else _seat_value(t, n))


def _drawn(e: Any, n: int) -> Draw | None:
    """A card drawn from a pile (``{"card": "seer"}``: the Transformiste's)."""
    c = _name(e, "card")
    return None if c is None else Draw(c)


_READERS = {Kind.SEAT: (_target, ("target",)), Kind.SEATS: (_targets, ("targets",)),
            Kind.SIDE: (_side, ("side",)), Kind.CARD: (_take, ("take",)),
            Kind.YES: (_yes, ("yes",)), Kind.POTIONS: (_potions, ("heal", "poison")),
            Kind.DIE: (_roll, ("roll",)), Kind.RAGOTS: (_ragots, ("ragots",)),
            Kind.POWERS: (_powers, ("powers",)), Kind.POWER: (_power, ("power",)),
            Kind.DRAW: (_drawn, ("card",))}


def _reader(kind: Kind):
    """The reader of a kind of choice: it refuses an event that names none of the kind's
    fields (a choice of nothing names them as null: ``{"target": null}``)."""
    read, names = _READERS[kind]

    def checked(e: Any, n: int) -> Choice | None:
        if not isinstance(e, dict) or not any(k in e for k in names):
            raise Refused("choice_format")
        return read(e, n)
    return checked


_KINDS = {kind: _reader(kind) for kind in _READERS}


def _last_count(g: Game) -> str:
    """The stage of today's last counted ballots (the count the lot's draw follows)."""
    label = g.phase.label
    return next(e.step for e in reversed(g.log) if e.phase == label and e.kind == "ballots")


#: The event's field that holds a night's draw, by step (the dice's ``roll``; any other, the
#: step's id): two draws in one event keep a field each.
_DRAWN_INTO = {"jekyll_die": "roll", "crow_die": "roll", "shapeshifter_draw": "shape"}

#: Nothing chosen, in the events' shape of each kind of decision.
NOTHING = {Kind.SEAT: {"target": None}, Kind.SEATS: {"targets": None},
           Kind.SIDE: {"side": None}, Kind.CARD: {"take": None}, Kind.YES: {"yes": False},
           Kind.POTIONS: {"heal": False, "poison": None}, Kind.POWERS: {"powers": None},
           Kind.POWER: {"power": None}}


def choice_json(c: Choice | None, kind: Kind | None = None) -> dict:
    """A choice in the events' shape (the inverse of the readers above); None: nothing chosen
    at a decision of ``kind``."""
    if c is None and kind in NOTHING:
        return dict(NOTHING[kind])
    if isinstance(c, Seat):
        return {"target": c.seat}
    if isinstance(c, Seats):
        return {"targets": list(c.seats)}
    if isinstance(c, Side):
        return {"side": c.side}
    if isinstance(c, Take):
        return {"take": c.card}
    if isinstance(c, Yes):
        return {"yes": True}
    if isinstance(c, Potions):
        return {"heal": c.heal, "poison": c.poison}
    if isinstance(c, Roll):
        return {"roll": c.value}
    if isinstance(c, Ragots):
        return {"ragots": forms.ragots_json(c)}
    if isinstance(c, Pick):
        return {"powers": list(c.powers)}
    if isinstance(c, Use):
        return {"power": c.power, "target": c.seat}
    if isinstance(c, Draw):
        return {"card": c.card}
    raise TypeError(f"not a choice: {c!r}")


def play_by_events(ctl: "ClassicController", rng: random.Random,
                   until: Callable[["ClassicController"], bool], limit: int = 5000) -> None:
    """Play the classic game in ``ctl`` by events until ``until(ctl)``: every call of the
    night ended as its time would end it, the woken choosing at random among what the rules
    allow (``rng``), every decision taken, every vote by fingers. The way the screenshots
    reach a game's end and the demo reaches the debate."""
    from onenight.classic.autoplay import random_choice

    for _ in range(limit):
        if until(ctl):
            return
        s, g = ctl.state, ctl.game
        if ctl.phase == NOTES:  # each player in turn writes his character's name
            for seat in range(len(s.players)):
                note = handwriting.note_json(handwriting.scribble(rng))
                ctl.apply({"type": "note", "seat": seat, "note": note})
            ctl.apply({"type": "notes_done"})
        elif s.window is not None:
            if not s.window.chosen and s.window.stop is not None:
                c = random_choice(g, rng)
                if c is not None:
                    ctl.apply({"type": "choose", **choice_json(c)})
            ctl.apply({"type": "step_end", "step": s.window.step})
        elif s.hold == RAGOTS:  # each player in turn sees theirs
            for seat in range(len(s.players)):
                ctl.apply({"type": "ragot_seen", "seat": seat})
            ctl.apply({"type": "ragots_done"})
        elif s.hold is not None or (g.stop.kind is Kind.NONE and ctl.phase != "debate"):
            ctl.apply({"type": "go"})
        elif ctl.phase == "debate":
            powers = village.day_powers(g)
            if powers and rng.random() < 0.5:  # Le Village: now and then, a day power
                p = rng.choice(powers)
                ctl.apply({"type": "power", "power": p.power, "target": p.seat})
            else:
                ctl.apply({"type": "start_vote", "mode": "fingers"})
        elif g.stop.chance:
            ctl.apply({"type": "lots"})
        elif g.stop.kind is Kind.VOTES:
            c = random_choice(g, rng, blank=0.0)
            for seat, t in enumerate(c.ballots):
                if t is not None:
                    ctl.apply({"type": "vote", "seat": seat, "target": t})
            if not ctl.ballots_view().revealed:
                ctl.apply({"type": "close_vote", "confirm": True})
            ctl.apply({"type": "count"})
        else:
            ctl.apply({"type": "choose", **choice_json(random_choice(g, rng), g.stop.kind)})
    raise RuntimeError(f"the game did not get there in {limit} events")


__all__ = ["ClassicController", "ClassicState", "TableOptions", "Window", "choice_json",
           "play_by_events",
           "DEAL_MODES", "GAME", "Refused"]
