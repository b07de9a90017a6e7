"""Cards on the tablet: the one-night game in which the tablet deals, holds the cards and takes
the night's choices (the table option ``{"type": "cards", "on": "tablet"}``).

The flow (:data:`.phases.TABLET_PHASES`):

* ``start_night`` deals with the controller's generator (the scenario's, Anarchie's or the
  custom deck; the alpha centre card chosen at the setup; the Curator's artifacts shuffled)
  and logs the deal in the event, so the game replays exactly. The game is in the ``deal``
  phase: the tablet goes round (:meth:`TabletCards.private_round`),
  :meth:`TabletCards.private_view` shows one seat its own card, and ``{"type": "looked",
  "seat": s}`` says that player has seen it. ``deal_done`` (once everyone has) starts the
  night.
* The night is the deck's steps (:func:`onenight.rules.steps.night_steps`: the same for every
  deal), each a window the night screen opens and ends with the narration's plan:
  ``{"type": "step_open", "step": id}`` at the step's first line, ``{"type": "step_end",
  "step": id}`` when its players' time is up. In between, the woken player's picks,
  ``{"type": "pick", "step": id, "pick": {"view": 2}}`` (the record's words, one key at a
  time: :mod:`onenight.rules.turns`), from a tap or a pad. :meth:`TabletCards.step_view`
  is what the screen shows: the same for every deal until a pick is made, and what the woken
  learn only while their step is open. When a window ends without a whole choice, the missing
  mandatory part is drawn (:meth:`onenight.rules.turns.Turn.completed`) and logged in the
  event as ``drawn``; the step is then played through the engine.
* The day as with physical cards, where a player with an artifact looks at it in private
  (the same private round, ``looked`` again); after the vote, ``to_reveal`` gives the verdict at
  once from the engine's table and saves a whole ``onenight-game/1`` record.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from onenight.rules.cards import ARTIFACT_IDS
from onenight.rules.errors import IllegalChoice
from onenight.rules.night import Seen, Table, deal, shuffle_artifacts, shuffle_deal
from onenight.rules.record import step_choice_to_json
from onenight.rules.scenarios import CENTER_CARDS
from onenight.rules.steps import STEP, night_steps
from onenight.rules.turns import Ask, Turn, pick_json, read_pick, step_role

from .refused import Refused

#: Where the cards are: on the table (physical cards) or on the tablet.
CARDS = ("table", "tablet")


@dataclass
class TabletGame:
    """A game whose cards the tablet holds: the engine's table is the secret of the game."""

    table: Table  # where every card lies now, and what each seat has learned
    artifacts: tuple[str, ...]  # the Curator's draw order, as shuffled
    steps: tuple[str, ...]  # the night's steps, in order
    looked: set[int] = field(default_factory=set)  # seats that saw their card (or artifact)
    at: int = 0  # the step open, or the next one to open
    turn: Turn | None = None  # the step open and its picks so far
    night: dict[str, dict] = field(default_factory=dict)  # the record's ``night``

    @property
    def over(self) -> bool:
        """Every step of the night has ended."""
        return self.at >= len(self.steps)


# ---- views --------------------------------------------------------------------------------

@dataclass(frozen=True)
class PrivateView:
    """What one seat may see alone, the tablet in their hands: their card during the deal,
    the artifact on their card during the day (None when there is none). A screen shows the
    card's emblem, its name (``role.<card>``) and its reminder (``explain.<card>``)."""

    seat: int
    player: str
    card: str | None
    artifact: str | None


@dataclass(frozen=True)
class PrivateRound:
    """The tablet passed round for private looks, for everyone to see: during the deal every
    seat looks at its card; during the day, the seats with an artifact look at it (everyone
    sees where the artifacts lie, face down)."""

    players: tuple[str, ...]
    seats: tuple[int, ...]  # who is to look
    looked: tuple[int, ...]  # who has looked

    @property
    def next(self) -> int | None:
        """The first seat still to look (None: everyone has)."""
        return next((i for i in self.seats if i not in self.looked), None)


@dataclass(frozen=True)
class TableView:
    """What lies face up on the table for everyone: shields, artifacts (face down: only
    where), cards the Revealer left face up."""

    shields: tuple[int, ...] = ()
    artifacts: tuple[int, ...] = ()
    face_up: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class StepView:
    """The night screen of a step. Until a pick is made every field is the same for every
    deal (whether its role is a player's, lies in the centre, or passes), except ``learned``
    for the steps where the woken only look (the werewolves, the Minion, the masons, the Aura
    Seer, the Insomniac): what they see as soon as they open their eyes."""

    step: str | None  # the step open or next (None: the night's steps are over)
    role: str | None  # whose step it is (the werewolves': "werewolf"), for its emblem
    number: int  # 1, 2, ... of ``count`` steps
    count: int
    open: bool  # its window is open: the woken may pick
    players: tuple[str, ...]
    centers: int  # centre cards that may be chosen (3, or 4 with the alpha centre card)
    table: TableView
    asks: tuple[Ask, ...]  # what may be picked now (empty: nothing, or nothing more)
    picks: tuple[dict, ...]  # the picks so far, as sent
    learned: tuple[Seen, ...]  # what the woken learn, shown while the step is open
    done: bool  # a pick was made and nothing more may be picked


def _table_view(t: Table) -> TableView:
    face_up = tuple(sorted((f.seat, f.card) for f in t.public if f.kind == "revealed"))
    return TableView(tuple(sorted(t.shields)), tuple(sorted(s for s, _ in t.artifacts)),
                     face_up)


def _read_deal(raw: Any, deck: list[str], players: int) -> tuple[tuple[str, ...], ...]:
    """A deal given with ``start_night`` (a replayed event): checked against the deck."""
    try:
        seats, center = tuple(raw["seats"]), tuple(raw["center"])
        arts = tuple(raw.get("artifacts") or ())
    except (TypeError, KeyError, AttributeError):
        raise Refused("deal_format") from None
    cards = seats + center
    if not all(isinstance(c, str) for c in cards + arts) or len(seats) != players \
            or len(center) != CENTER_CARDS or Counter(cards) != Counter(deck):
        raise Refused("deal_format")
    wanted = ARTIFACT_IDS if "curator" in deck else ()
    if Counter(arts) != Counter(wanted):
        raise Refused("deal_format")
    return seats, center, arts


class TabletCards:
    """The events and views of the cards on the tablet, for the :class:`Controller`."""

    state: Any  # the Controller's, as are ``rng`` and ``_seat``
    rng: Any

    @property
    def tablet(self) -> TabletGame | None:
        """The game's cards when the tablet holds them (None with physical cards, or before
        the deal)."""
        return self.state.tablet

    def _tablet(self) -> TabletGame:
        tg = self.state.tablet
        if tg is None:
            raise Refused("cards_not_on_tablet")
        return tg

    # ---- the table option and the deal ------------------------------------------------------
    def _on_cards(self, e: dict) -> None:
        on = e.get("on")
        if on not in CARDS:
            raise Refused("cards_format", on=str(on))
        self.state.cards = on

    def _deal(self, e: dict) -> None:
        """Deal the cards (``start_night`` with the cards on the tablet); the deal goes in the
        event, so the journal replays the same game."""
        s = self.state
        n = len(s.players)
        if e.get("deal") is not None:
            seats, center, arts = _read_deal(e["deal"], s.deck, n)
        else:
            seats, center = shuffle_deal(s.deck, n, self.rng)
            arts = shuffle_artifacts(self.rng) if "curator" in s.deck else ()
        e["deal"] = {"seats": list(seats), "center": list(center), "artifacts": list(arts)}
        s.tablet = TabletGame(deal(seats, center, s.alpha_center, arts), tuple(arts),
                              tuple(step.id for step in night_steps(s.deck)))

    def _on_looked(self, e: dict) -> None:
        seat = self._seat(e.get("seat"))
        if seat not in self.private_round().seats:
            raise Refused("no_artifact", seat=seat)  # (the day: the deal's round is everyone)
        self._tablet().looked.add(seat)

    def _on_deal_done(self, e: dict) -> None:
        tg = self._tablet()
        missing = [i for i in range(len(self.state.players)) if i not in tg.looked]
        if missing:
            raise Refused("deal_unseen", seats=missing)
        tg.looked = set()  # the day counts who has seen their artifact

    # ---- the night's steps -------------------------------------------------------------------
    def _step_id(self, e: dict) -> str:
        sid = e.get("step")
        if not isinstance(sid, str) or sid not in STEP or sid not in self._tablet().steps:
            raise Refused("step_unknown", step=str(sid))
        return sid

    def _on_step_open(self, e: dict) -> None:
        tg, sid = self._tablet(), self._step_id(e)
        if tg.turn is not None and tg.turn.step.id == sid:
            return  # open already (a night resumed in its window)
        if sid in tg.steps[:tg.at]:
            return  # over already (a night resumed after its window)
        if tg.turn is not None or tg.steps[tg.at] != sid:
            expected = tg.turn.step.id if tg.turn is not None else tg.steps[tg.at]
            raise Refused("step_order", step=sid, expected=expected)
        tg.turn = Turn.start(tg.table, sid)

    def _on_pick(self, e: dict) -> None:
        tg, sid = self._tablet(), self._step_id(e)
        if tg.turn is None or tg.turn.step.id != sid:
            raise Refused("step_closed", step=sid)
        try:
            part = read_pick(e.get("pick"))
            tg.turn = tg.turn.pick(part)
        except IllegalChoice as err:
            raise Refused("pick_illegal", step=sid, reason=str(err)) from None
        e["pick"] = pick_json(part)

    def _on_step_end(self, e: dict) -> None:
        tg, sid = self._tablet(), self._step_id(e)
        if sid in tg.steps[:tg.at]:
            return  # ended already (a night resumed after its window)
        turn = tg.turn
        if turn is None or turn.step.id != sid:
            raise Refused("step_order", step=sid, expected=tg.steps[tg.at])
        drawn = e.get("drawn")
        if drawn is not None:  # a replayed event: the same draw again
            try:
                if not isinstance(drawn, list):
                    raise IllegalChoice("drawn", "expected a list of picks")
                for raw in drawn:
                    if turn.choice_made:  # only what is missing is ever drawn
                        raise IllegalChoice("drawn", "the choice was whole already")
                    turn = turn.pick(read_pick(raw, "drawn"), "drawn")
            except IllegalChoice as err:
                raise Refused("pick_illegal", step=sid, reason=str(err)) from None
        done = turn.completed(self.rng)
        e["drawn"] = [pick_json(p) for p in done.picks[len(tg.turn.picks):]]
        choice = done.choice
        tg.table = done.play()
        if choice is not None:
            tg.night[sid] = step_choice_to_json(sid, choice, tg.table.copied)
        tg.turn, tg.at = None, tg.at + 1

    def _end_night(self) -> None:
        """``night_done``: every step must have had its window."""
        tg = self._tablet()
        if not tg.over:
            raise Refused("night_unfinished", step=tg.steps[tg.at])

    # ---- views ---------------------------------------------------------------------------------
    def private_round(self) -> PrivateRound:
        """Who is to look at their secret in private now, and who has."""
        tg = self._tablet()
        n = len(self.state.players)
        if self.state.phase == "deal":
            seats = tuple(range(n))
        elif self.state.phase == "day":
            seats = tuple(sorted(s for s, _ in tg.table.artifacts))
        else:
            seats = ()
        return PrivateRound(tuple(self.state.players), seats,
                            tuple(sorted(s for s in tg.looked if s in seats)))

    def private_view(self, seat: int) -> PrivateView:
        """One seat's secret, for that player alone: their card during the deal, their
        artifact during the day; nothing in any other phase."""
        tg, seat = self._tablet(), self._seat(seat)
        phase = self.state.phase
        card = tg.table.dealt[seat] if phase == "deal" else None
        artifact = tg.table.artifact_on(seat) if phase == "day" else None
        return PrivateView(seat, self.state.players[seat], card, artifact)

    def table_view(self) -> TableView:
        """What lies face up on the table for everyone to see: the tokens and the cards the
        night left there so far (empty with physical cards: the app does not see them)."""
        tg = self.state.tablet
        if tg is None:
            return TableView()
        return _table_view(tg.table)

    def step_view(self) -> StepView:
        tg = self._tablet()
        t, count = tg.table, len(tg.steps)
        players, centers = tuple(self.state.players), t.center_count
        if tg.over:
            return StepView(None, None, count, count, False, players, centers, _table_view(t),
                            (), (), (), False)
        turn = tg.turn
        sid = turn.step.id if turn is not None else tg.steps[tg.at]
        role = step_role(STEP[sid])
        if turn is None:
            return StepView(sid, role, tg.at + 1, count, False, players, centers,
                            _table_view(t), (), (), (), False)
        return StepView(sid, role, tg.at + 1, count, True, players, centers, _table_view(t),
                        turn.asks, tuple(pick_json(p) for p in turn.picks), turn.learned(),
                        bool(turn.picks) and turn.final)

    # ---- the end --------------------------------------------------------------------------------
    def tablet_record(self) -> dict:
        """The deal and the night, for the game's record (GAME-RECORD.md)."""
        tg = self._tablet()
        t = tg.table
        rec: dict = {"cards": "tablet", "seats": list(t.dealt), "center": list(t.center_dealt),
                     "night": {sid: tg.night[sid] for sid in tg.steps if sid in tg.night}}
        if tg.artifacts:
            rec["artifacts"] = list(tg.artifacts)
        return rec


def play_step(apply, ctl, rng, acts: float = 1.0, cut: float = 0.0) -> dict:
    """One step of the night played by events, as a woken player could play it: its window
    opened, a random legal choice picked (with ``rng``, the caller's; nothing, ``1 - acts``
    of the time; only its start, ``cut`` of the time: the window ended half-way), the window
    ended. ``apply`` sends an event (the controller's, or the app's door). Returns the step's
    end as logged. For the screenshots' tour and the tests."""
    sid = ctl.step_view().step
    apply({"type": "step_open", "step": sid})
    legal = ctl.tablet.turn.legal
    if rng.random() < acts:
        _, picks = rng.choice(legal)
        if picks and rng.random() < cut:
            picks = picks[:rng.randrange(len(picks))]
        for part in picks:
            apply({"type": "pick", "step": sid, "pick": pick_json(part)})
    return apply({"type": "step_end", "step": sid})


__all__ = ["CARDS", "TabletGame", "TabletCards", "PrivateView", "PrivateRound", "TableView",
           "StepView", "play_step"]
