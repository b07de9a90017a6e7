"""The game controller: every change to the table goes through :meth:`Controller.apply`.

An event is a plain JSON-serialisable dict with a ``type``; the controller checks it against
the current phase (:mod:`.phases`) and the rules, changes the state or raises
:class:`Refused` with a code and facts the UI turns into a message. Events that need chance
or time (Anarchie's draw, the first speaker, timer changes) are completed by the controller
before they are logged, so the log replays exactly.

What a screen may show comes from the ``*_view`` methods only: the vote view, for instance,
says whose vote is in, and whom they voted for only once every vote is in (a vote closed
early first takes its missing votes).
"""

from __future__ import annotations

import datetime as _dt
import random
import re
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from onenight import __version__
from onenight.rules.cards import ARTIFACT, ARTIFACT_IDS, ROLE, day_identity
from onenight.rules.errors import RulesError
from onenight.rules.outcome import Outcome, resolve
from onenight.rules.scenarios import (MAX_PLAYERS, MIN_PLAYERS, SCENARIO, SCENARIOS, DeckCheck,
                                      anarchy_deck, check_deck, table_setup)
from onenight.rules.steps import night_steps

from .ballots import VOTE_MODES, BallotBox
from .dawn import dawn
from .flow import Flow, minutes, player_names
from .history import verdict_json
from .phases import ALWAYS, FLOWS, PHASE
from .refused import Refused
from .tablet import TableView, TabletCards, TabletGame
from .timer import DayTimer

FORMAT = "onenight-game/1"
CHANGES = ("werewolf", "tanner")


# ---- view-models -----------------------------------------------------------------------

@dataclass(frozen=True)
class SetupView:
    players: tuple[str, ...]
    scenarios: tuple[str, ...]  # preset ids that fit the player count
    scenario: str | None  # chosen preset, "custom", or None
    deck: tuple[str, ...]
    alpha_center: str | None
    check: DeckCheck | None
    shields: int
    artifacts: int

    @property
    def ready(self) -> bool:
        return bool(self.deck) and self.check is not None and self.check.ok


@dataclass(frozen=True)
class DayView:
    seconds_left: float
    running: bool
    ended: bool
    first_speaker: int | None
    ready: int  # players ready to vote (from the box), -1 when unknown
    players: tuple[str, ...]
    in_play: tuple[str, ...]  # roles in play, in wake order, then the sleepers
    artifacts_rules: tuple[str, ...]  # artifact ids whose rule the table must remember
    table: TableView = TableView()  # with the cards on the tablet: what lies face up


@dataclass(frozen=True)
class VoteView:
    mode: str
    players: tuple[str, ...]
    is_in: tuple[bool, ...]
    revealed: bool
    votes: tuple[int | None, ...] | None  # only when revealed
    counts: tuple[int, ...] | None  # only when revealed
    missing: tuple[int, ...]  # seats whose vote is not in
    closed: bool = False  # closed early: the missing votes are taken one by one, in private

    @property
    def complete(self) -> bool:
        return self.revealed and not self.missing


@dataclass(frozen=True)
class RevealView:
    players: tuple[str, ...]
    choices: tuple[str, ...]  # cards that may lie in front of a player at the end
    final: tuple[str | None, ...]
    artifacts: dict  # seat -> artifact id
    copied: str | None
    changed: dict  # seat -> "werewolf" | "tanner"
    has_doppelganger: bool
    has_investigator: bool
    has_curator: bool
    identities: tuple[str | None, ...]


@dataclass
class State:
    phase: str = "setup"
    players: list[str] = field(default_factory=list)
    scenario: str | None = None
    deck: list[str] = field(default_factory=list)
    alpha_center: str | None = None
    day: DayTimer | None = None
    first_speaker: int | None = None
    ready: int = -1
    ballots: BallotBox = field(default_factory=BallotBox)
    final: list[str | None] = field(default_factory=list)
    artifacts: dict[int, str] = field(default_factory=dict)
    copied: str | None = None
    changed: dict[int, str] = field(default_factory=dict)
    outcome: Outcome | None = None
    record_path: Path | None = None  # where the record is in the history, once saved
    record: dict | None = None
    record_stem: str = ""  # the record's file name in the history (before any "-2")
    game: str | None = None  # this game's identity, given when its night starts
    cards: str = "table"  # where the cards are: "table" (physical) or "tablet"
    tablet: TabletGame | None = None  # the cards, when the tablet holds them
    replay: int | None = None  # the frame of this game's dawn replay on screen (None: not)

    # the vote being collected (see .ballots)
    @property
    def vote_mode(self) -> str:
        return self.ballots.mode

    @property
    def votes(self) -> list[int | None]:
        return self.ballots.votes

    @property
    def box_in(self) -> list[bool]:
        return self.ballots.box_in

    @property
    def vote_closed(self) -> bool:
        return self.ballots.closed


#: a game's identity: 32 lowercase hex digits (a random UUID)
GAME_ID = re.compile(r"[0-9a-f]{32}")


class Controller(TabletCards, Flow):
    """The one-night game's table: setup, the night (said by the narrator), the debate, the
    vote, the reveal of the cards and the end; with the cards on the table or on the tablet."""

    PHASE = PHASE
    ALWAYS = ALWAYS
    DEBATE_EVENTS = frozenset({"night_done", "day_pause", "day_resume", "day_add",
                               "day_length", "start_vote"})
    NIGHT_START_EVENTS = frozenset({"start_night"})

    def _phases(self) -> dict:
        """The flow of where the cards are (on the table or on the tablet)."""
        return FLOWS[self.state.cards]

    def __init__(self, history_dir: Path, clock: Any = None, rng: random.Random | None = None,
                 wallclock: Callable[[], _dt.datetime] | None = None,
                 debate_minutes: int = 5):
        super().__init__(history_dir, clock, rng, wallclock)
        self.debate_minutes = debate_minutes
        self.state = State()

    def _record_saved(self, record: dict, path: Path) -> None:
        if record is self.state.record:
            self.state.record_path = path

    # ---- setup --------------------------------------------------------------------------
    def _on_abandon(self, e: dict) -> None:
        self.state = State(players=self.state.players, cards=self.state.cards)

    def _on_players(self, e: dict) -> None:
        names = player_names(e.get("names"), MIN_PLAYERS, MAX_PLAYERS)
        e["names"] = names
        s = self.state
        changed = len(names) != len(s.players)
        s.players = names
        if changed:
            s.scenario, s.deck, s.alpha_center = None, [], None

    def _need_players(self) -> int:
        if not self.state.players:
            raise Refused("players_first")
        return len(self.state.players)

    def _on_scenario(self, e: dict) -> None:
        n = self._need_players()
        sid = e.get("id")
        sc = SCENARIO.get(sid) if isinstance(sid, str) else None
        if sc is None:
            raise Refused("scenario_unknown", id=str(e.get("id")))
        if n not in sc.players():
            raise Refused("scenario_players", id=sc.id, min=sc.min_players, max=sc.max_players,
                          players=n)
        if sc.random_draw:
            cards = e.get("cards")
            if not (isinstance(cards, list) and check_deck(cards, n, None).ok
                    and "alpha_wolf" not in cards) and cards is not None:
                cards = None
            if cards is None:
                cards = list(anarchy_deck(n, self.rng))
            e["cards"] = list(cards)
        else:
            e["cards"] = list(sc.deck(n))
        self.state.scenario = sc.id
        self.state.deck = list(e["cards"])
        self.state.alpha_center = table_setup(self.state.deck, n).alpha_center
        e["alpha_center"] = self.state.alpha_center

    def check_custom(self, cards: list[str], alpha_center: str | None = None) -> DeckCheck:
        """Live validation for the deck builder (a query: changes nothing)."""
        n = len(self.state.players)
        if "alpha_wolf" in cards and alpha_center is None:
            alpha_center = table_setup(cards, n).alpha_center
        return check_deck(list(cards), n, alpha_center if "alpha_wolf" in cards else None)

    def _on_custom(self, e: dict) -> None:
        n = self._need_players()
        cards = e.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise Refused("deck_format")
        alpha = e.get("alpha_center")
        if "alpha_wolf" in cards and alpha is None:
            alpha = table_setup(cards, n).alpha_center
        if "alpha_wolf" not in cards:
            alpha = None
        check = check_deck(cards, n, alpha)
        if not check.ok:
            p = check.problems[0]
            raise Refused("deck_" + p.code, **p.facts)
        self.state.scenario, self.state.deck, self.state.alpha_center = "custom", list(cards), alpha
        e["alpha_center"] = alpha

    def _on_alpha_center(self, e: dict) -> None:
        n = self._need_players()
        card = e.get("card")
        if "alpha_wolf" not in self.state.deck:
            raise Refused("alpha_center_unused")
        check = check_deck(self.state.deck, n, card)
        if not check.ok:
            p = check.problems[0]
            raise Refused("deck_" + p.code, **p.facts)
        self.state.alpha_center = card

    def _on_start_night(self, e: dict) -> None:
        v = self.setup_view()
        if not v.players:
            raise Refused("players_first")
        if not v.deck:
            raise Refused("deck_first")
        if not v.ready:
            p = v.check.problems[0]
            raise Refused("deck_" + p.code, **p.facts)
        # The game's identity, logged (and so journaled) with the event: its record in the
        # history is saved under it, so a game confirmed again after a restart replaces its
        # record instead of adding a second one. Random, but not from the game's chance: the
        # draws of the game stay the same. A replayed event brings its own.
        game = e.get("game")
        if not (isinstance(game, str) and GAME_ID.fullmatch(game)):
            e["game"] = uuid.uuid4().hex
        self.state.game = e["game"]
        if self.state.cards == "tablet":
            self._deal(e)

    # ---- night and day ------------------------------------------------------------------
    def _on_night_done(self, e: dict) -> None:
        s = self.state
        if s.cards == "tablet":
            self._end_night()
        length = minutes(e.get("minutes", self.debate_minutes))
        e["minutes"] = self.debate_minutes if length is None else length
        e["at"] = self.now()
        s.day = DayTimer.start(e["minutes"] * 60.0, e["at"])
        s.first_speaker = None

    def _on_first_speaker(self, e: dict) -> None:
        seat = e.get("seat")
        if not (isinstance(seat, int) and 0 <= seat < len(self.state.players)):
            seat = self.rng.randrange(len(self.state.players))
        e["seat"] = seat
        self.state.first_speaker = seat

    def _on_start_vote(self, e: dict) -> None:
        s = self.state
        s.ballots = BallotBox.open(e.get("mode", "fingers"), len(s.players))
        if s.day:
            s.day.pause(self.now())

    # ---- vote ---------------------------------------------------------------------------
    def _on_vote(self, e: dict) -> None:
        seat, target = self._seat(e.get("seat")), self._seat(e.get("target"))
        if seat == target:
            raise Refused("self_vote", seat=seat)
        self.state.ballots.vote(seat, target)

    def _on_unvote(self, e: dict) -> None:
        self.state.ballots.unvote(self._seat(e.get("seat")))

    def _on_vote_in(self, e: dict) -> None:
        self.state.ballots.vote_in(self._seat(e.get("seat")))

    def _on_votes(self, e: dict) -> None:
        """All the box's votes at once (None for a pad that did not vote before closing)."""
        s = self.state
        votes = e.get("votes")
        if not isinstance(votes, list) or len(votes) != len(s.players):
            raise Refused("votes_format")
        for i, t in enumerate(votes):
            if t is None:
                continue
            self._seat(t)
            if t == i:
                raise Refused("self_vote", seat=i)
        s.ballots.take_all(votes)

    def _on_close_vote(self, e: dict) -> None:
        self.state.ballots.close()

    def _on_to_reveal(self, e: dict) -> None:
        v = self.vote_view()
        if not v.revealed or v.missing:
            raise Refused("votes_missing", seats=list(v.missing))
        s = self.state
        if s.tablet is not None:  # the tablet holds the cards: the verdict at once
            self._finish(e, s.tablet.table.roles())
            return
        n = len(s.players)
        s.final, s.artifacts, s.copied, s.changed = [None] * n, {}, None, {}

    # ---- reveal -------------------------------------------------------------------------
    def _reveal_cards(self) -> list[str]:
        cards = list(self.state.deck)
        if self.state.alpha_center:
            cards.append(self.state.alpha_center)
        return cards

    def _on_final_card(self, e: dict) -> None:
        seat = self._seat(e.get("seat"))
        card = e.get("card")
        if card is not None and card not in self._reveal_cards():
            raise Refused("card_not_in_play", card=str(card))
        self.state.final[seat] = card

    def _on_artifact(self, e: dict) -> None:
        seat = self._seat(e.get("seat"))
        art = e.get("artifact")
        if "curator" not in self.state.deck:
            raise Refused("no_curator")
        if art is None:
            self.state.artifacts.pop(seat, None)
            return
        if art not in ARTIFACT:
            raise Refused("artifact_unknown", artifact=str(art))
        for other, a in self.state.artifacts.items():
            if a == art and other != seat:
                raise Refused("artifact_twice", artifact=art)
        self.state.artifacts[seat] = art

    def _on_copied(self, e: dict) -> None:
        role = e.get("role")
        if "doppelganger" not in self.state.deck:
            raise Refused("no_doppelganger")
        if role is not None and (role not in self._reveal_cards() or role == "doppelganger"):
            raise Refused("copied_not_in_play", card=str(role))
        self.state.copied = role

    def _on_changed(self, e: dict) -> None:
        seat = self._seat(e.get("seat"))
        to = e.get("to")
        if "paranormal_investigator" not in self.state.deck:
            raise Refused("no_investigator")
        if to is None:
            self.state.changed.pop(seat, None)
        elif to in CHANGES:
            self.state.changed[seat] = to
        else:
            raise Refused("change_format")

    def reveal_seat(self) -> int:
        """The seat the host is at in the reveal, from what was entered: after a card, the
        next seat still without one (the same seat when the deck has artifacts or the
        Paranormal Investigator: they are entered next); after anything else, that seat; the
        first seat still to enter to begin with. The reveal screen follows it, so it is back
        where it was after a restart."""
        s = self.state
        empty = [i for i, c in enumerate(s.final) if c is None]
        extras = "curator" in s.deck or "paranormal_investigator" in s.deck
        for e in reversed(self.log):
            kind = e["type"]
            if kind == "to_reveal":
                break
            if kind not in ("final_card", "artifact", "changed"):
                continue
            seat = e["seat"]
            if kind == "final_card" and e.get("card") is not None and not extras:
                later = [i for i in empty if i > seat]
                return (later or empty or [seat])[0]
            return seat
        return empty[0] if empty else 0

    def identity(self, seat: int) -> str | None:
        s = self.state
        card = s.final[seat]
        if card is None:
            return None
        return day_identity(card, s.copied, s.changed.get(seat), s.artifacts.get(seat))

    def _on_confirm(self, e: dict) -> None:
        s = self.state
        missing = [i for i, c in enumerate(s.final) if c is None]
        if missing:
            raise Refused("cards_missing", seats=missing)
        over = Counter(s.final) - Counter(self._reveal_cards())
        if over:
            card = sorted(over)[0]
            raise Refused("card_too_often", card=card, count=Counter(s.final)[card],
                          limit=Counter(self._reveal_cards())[card])
        self._finish(e, [self.identity(i) for i in range(len(s.players))])

    def _finish(self, e: dict, roles: list[str] | tuple[str, ...]) -> None:
        """Who dies and who wins, from the day's identities and the votes; the game saved in
        the history."""
        s = self.state
        try:
            s.outcome = resolve(roles, s.votes)
        except RulesError as err:  # cannot happen after the vote checks; never crash
            raise Refused("outcome_error", reason=str(err)) from None
        s.record = self.record()
        when = self.wallclock()
        e["finished"] = when.isoformat(timespec="seconds")
        s.record["finished"] = e["finished"]
        s.record_stem = when.strftime("%Y%m%d-%H%M%S") + "-" + (s.scenario or "game")
        s.record_path = None
        self.records.add(s.record, s.record_stem)  # saved once the event is accepted

    def _on_replay(self, e: dict) -> None:
        """The host steps through this game's dawn replay (``frame``: the frame shown, None:
        the replay left), so a restart goes back to the same frame."""
        frame = e.get("frame")
        if frame is not None:
            count = len(dawn(self.state.record).frames) if self.state.record else 0
            if isinstance(frame, bool) or not isinstance(frame, int) or \
                    not 0 <= frame < count:
                raise Refused("replay_frame", frame=str(frame), frames=count)
        self.state.replay = frame

    def _on_new_game(self, e: dict) -> None:
        players, scenario = self.state.players, self.state.scenario
        deck, alpha = self.state.deck, self.state.alpha_center
        self.state = State(players=players, scenario=scenario, deck=deck, alpha_center=alpha,
                           cards=self.state.cards)
        if scenario == "anarchie":  # a fresh draw each game
            self.state.scenario, self.state.deck, self.state.alpha_center = None, [], None

    def baseline(self) -> list[dict]:
        s = self.state
        out: list[dict] = []
        if s.players:
            out.append({"type": "players", "names": list(s.players)})
        if s.cards != "table":
            out.append({"type": "cards", "on": s.cards})
        if s.scenario == "custom" and s.deck:
            out.append({"type": "custom", "cards": list(s.deck), "alpha_center": s.alpha_center})
        elif s.scenario and s.deck:
            ev: dict = {"type": "scenario", "id": s.scenario}
            if s.scenario == "anarchie":
                ev["cards"] = list(s.deck)
            out.append(ev)
            if s.alpha_center is not None:
                out.append({"type": "alpha_center", "card": s.alpha_center})
        return out

    # ---- records ------------------------------------------------------------------------
    def record(self) -> dict:
        """The finished game as a record (GAME-RECORD.md), with what the app knows.

        With physical cards the app does not see the deal nor the night's choices, so
        ``seats``, ``center`` and ``night`` are left out; what the host entered at the reveal
        is in ``final_entry``. With the cards on the tablet the record is whole (the deal, the
        artifacts' order, the night), and ``onenight adjudicate`` finds the same outcome. The
        outcome the app announced is in ``outcome``.
        """
        s = self.state
        o = s.outcome
        assert o is not None
        rec: dict[str, Any] = {
            "format": FORMAT,
            "app": f"onenight {__version__}",
            "scenario": s.scenario,
            "players": list(s.players),
            "deck": list(s.deck),
            "votes": list(s.votes),
            "vote_mode": s.vote_mode,
            "outcome": verdict_json(o),
        }
        if s.tablet is not None:
            rec.update(self.tablet_record())
        else:
            rec["final_entry"] = {
                "seats": list(s.final),
                "copied": s.copied,
                "changed": {str(k): v for k, v in sorted(s.changed.items())},
                "artifacts": {str(k): v for k, v in sorted(s.artifacts.items())},
            }
        if s.alpha_center:
            rec["alpha_center"] = s.alpha_center
        if s.game:
            rec["game"] = s.game
        return rec

    # ---- views --------------------------------------------------------------------------
    def setup_view(self) -> SetupView:
        s = self.state
        n = len(s.players)
        fitting = tuple(sc.id for sc in SCENARIOS if n in sc.players())
        check = None
        shields = artifacts = 0
        if s.deck:
            check = check_deck(s.deck, n, s.alpha_center)
            t = table_setup(s.deck, n, s.alpha_center)
            shields, artifacts = t.shields, t.artifacts
        return SetupView(tuple(s.players), fitting, s.scenario, tuple(s.deck), s.alpha_center,
                         check, shields, artifacts)

    def in_play(self) -> tuple[str, ...]:
        """Roles in play: those that wake, in wake order, then the others (deck order)."""
        out: list[str] = []
        deck = self.state.deck
        for step in night_steps(deck):
            if step.doppelganger:
                continue
            roles = [c for c in ("werewolf", "alpha_wolf", "mystic_wolf", "dream_wolf")
                     if c in deck] if step.id == "werewolves" else [step.role]
            for r in roles:
                if r not in out:
                    out.append(r)
        for c in deck:
            if c not in out:
                out.append(c)
        return tuple(out)

    def day_view(self) -> DayView:
        s = self.state
        left, running, ended = self.debate_left()
        arts = ()
        if "curator" in s.deck:
            arts = ("mute", "shroud")
        return DayView(left, running, ended, s.first_speaker, s.ready, tuple(s.players),
                       self.in_play(), arts, self.table_view())

    def vote_view(self) -> VoteView:
        s = self.state
        is_in = s.ballots.is_in()
        # Every vote at once, and only once every vote is in: a vote closed early (the box's
        # silent pads) shows nothing until its missing votes are in, or the last voters
        # would vote knowing the tally.
        revealed = s.ballots.revealed() and not s.ballots.missing()
        votes = counts = None
        if revealed:
            votes = tuple(s.votes)
            c = Counter(v for v in s.votes if v is not None)
            counts = tuple(c[i] for i in range(len(s.players)))
        missing = s.ballots.missing()
        return VoteView(s.vote_mode, tuple(s.players), tuple(is_in), revealed, votes, counts,
                        missing, s.vote_closed)

    def reveal_view(self) -> RevealView:
        s = self.state
        choices = tuple(dict.fromkeys(self._reveal_cards()))
        return RevealView(tuple(s.players), choices, tuple(s.final), dict(s.artifacts),
                          s.copied, dict(s.changed), "doppelganger" in s.deck,
                          "paranormal_investigator" in s.deck, "curator" in s.deck,
                          tuple(self.identity(i) for i in range(len(s.final))))

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome


__all__ = ["Controller", "Refused", "SetupView", "DayView", "VoteView", "RevealView",
           "ARTIFACT_IDS", "ROLE"]
