"""What both games' table flows share: the one door (``apply``), the refusals, the names round
the table, the debate countdown's events.

A game's controller is a :class:`Flow` with its own declared phases (:mod:`.phases`) and one
``_on_<event>`` method per event. ``apply`` checks an event against the current phase, hands
it to its method, which completes it (chance, time) or raises :class:`Refused`, moves to the
next phase when the event ends its phase, and logs the event as completed: a log replays
exactly, which the journal (:mod:`.journal`) relies on.
"""

from __future__ import annotations

import datetime as _dt
import random
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from .clock import SystemClock
from .history import History, PendingRecords
from .phases import Phase
from .refused import Refused
from .timer import DayTimer

#: The longest name a seat may have (it must fit a seat's label round the table).
NAME_LENGTH = 20




def player_names(raw: Any, low: int, high: int) -> list[str]:
    """The players' names round the table, checked: ``low`` to ``high`` of them, each named,
    short enough, and no two alike (whatever their case)."""
    if not isinstance(raw, list):
        raise Refused("players_format")
    names = [str(n).strip() for n in raw]
    if not low <= len(names) <= high:
        raise Refused("players_count", count=len(names), min=low, max=high)
    for i, n in enumerate(names):
        if not n:
            raise Refused("player_unnamed", seat=i)
        if len(n) > NAME_LENGTH:
            raise Refused("player_name_long", seat=i)
    dup = [n for n, k in Counter(x.casefold() for x in names).items() if k > 1]
    if dup:
        raise Refused("player_duplicate", name=next(x for x in names if x.casefold() == dup[0]))
    return names


def minutes(value: Any, low: float = 1, high: float = 15) -> float | None:
    """A number of minutes within bounds, or None (a bool is not a number)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        return None
    return value


class Flow:
    """The machinery of a table's flow. A subclass gives ``PHASE`` (phase id -> :class:`Phase`),
    ``ALWAYS`` (events every phase takes), a ``state`` with a ``phase`` and a ``day``
    countdown, and its ``_on_<event>`` methods; ``_settle`` may move the phase after an event
    (the classic game's phase follows its rules engine)."""

    PHASE: dict[str, Phase] = {}
    ALWAYS: frozenset[str] = frozenset()
    #: fields that name a card, an artifact, a mode or a change: a string (or None)
    TEXT_FIELDS: tuple[str, ...] = ("card", "artifact", "role", "to", "mode")
    #: the phase whose countdown sounds its alerts
    DEBATE_PHASE = "day"
    #: events after which the debate countdown is written down (see :mod:`.journal`)
    DEBATE_EVENTS: frozenset[str] = frozenset()
    #: events after which the game in progress is over: the journal starts afresh
    RESTART_EVENTS: frozenset[str] = frozenset({"new_game", "abandon"})
    #: the phase whose narration the journal follows (the cue being said)
    NIGHT_PHASE = "night"
    #: events that start a night afresh: the journal forgets the last night's cue and countdown
    NIGHT_START_EVENTS: frozenset[str] = frozenset()

    state: Any

    def __init__(self, history_dir: Path, clock: Any = None, rng: random.Random | None = None,
                 wallclock: Callable[[], _dt.datetime] | None = None):
        self.history = History(history_dir)
        self.clock = clock or SystemClock()
        self.rng = rng or random.Random()
        self.wallclock = wallclock or (lambda: _dt.datetime.now(_dt.timezone.utc))
        self.log: list[dict] = []  # every accepted event, completed, in order
        #: finished games' records the history has not taken yet, kept across new games
        self.records = PendingRecords(self.history)

    # ---- the one door -------------------------------------------------------------------
    def apply(self, event: dict) -> dict:
        """Validate and apply one event; return it as logged (completed); or raise Refused."""
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise Refused("event_format")
        kind = event["type"]
        phase = self._phases()[self.state.phase]
        if kind not in phase.accepts and kind not in self.ALWAYS:
            raise Refused("wrong_phase", event=kind, phase=self.state.phase)
        handler = getattr(self, "_on_" + kind, None)
        if handler is None:
            raise Refused("event_unknown", event=kind)
        for f in self.TEXT_FIELDS:
            if f in event and event[f] is not None and not isinstance(event[f], str):
                raise Refused("event_format")
        done = dict(event)
        handler(done)
        if kind == phase.advance and phase.next:
            self.state.phase = phase.next
        self._settle(done)
        self.log.append(done)
        self._commit(done)
        return done

    def _commit(self, done: dict) -> None:
        """What follows an accepted event (a hook: the journal writes it first): a record the
        event made goes to the history."""
        if self.records.new:
            self.save_records()

    # ---- the history --------------------------------------------------------------------
    def save_records(self) -> bool:
        """Save the games' records the history does not have yet; False while one still
        cannot be saved (``save_error`` says why)."""
        for record, path in self.records.save():
            self._record_saved(record, path)
        return not self.records.items

    def find_records(self) -> None:
        """After a replay: the records the history already holds as they are no longer wait
        (the game in progress points at its own); the others stay to be saved."""
        for record, path in self.records.found():
            self._record_saved(record, path)

    def _record_saved(self, record: dict, path: Path) -> None:
        """``record`` is in the history at ``path`` (a hook: the game in progress notes where
        its own is)."""

    @property
    def save_error(self) -> str | None:
        """Why a game's record could not be saved (a storage code), or None."""
        return self.records.error

    def _phases(self) -> dict[str, Phase]:
        """The phases the game stands in now (a hook: the one-night game has two flows)."""
        return self.PHASE

    def _settle(self, done: dict) -> None:
        """After an event: move to the phase the game now stands in (a hook)."""

    @property
    def phase(self) -> str:
        return self.state.phase

    def now(self) -> float:
        return float(self.clock.now())

    def _seat(self, v: Any, code: str = "seat_unknown") -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < len(self.state.players):
            raise Refused(code, seat=v)
        return v

    # ---- the debate countdown -----------------------------------------------------------
    def _day(self) -> DayTimer:
        if self.state.day is None:
            raise Refused("no_countdown")
        return self.state.day

    def _on_day_pause(self, e: dict) -> None:
        e["at"] = self.now()
        self._day().pause(e["at"])

    def _on_day_resume(self, e: dict) -> None:
        e["at"] = self.now()
        self._day().resume(e["at"])

    def _on_day_add(self, e: dict) -> None:
        sec = e.get("seconds", 60)
        if not isinstance(sec, (int, float)) or isinstance(sec, bool) or not -600 <= sec <= 600:
            raise Refused("day_add_format")
        e["seconds"], e["at"] = sec, self.now()
        d = self._day()
        if d.left(e["at"]) + sec < 0:
            sec = -d.left(e["at"])
        d.add(sec, e["at"])

    def _on_day_length(self, e: dict) -> None:
        length = minutes(e.get("minutes"))
        if length is None:
            raise Refused("day_length", min=1, max=15)
        e["at"] = self.now()
        running = self._day().running
        self.state.day = DayTimer.start(length * 60.0, e["at"])
        if not running:
            self.state.day.pause(e["at"])

    def _on_ready(self, e: dict) -> None:
        count = e.get("count")
        if not isinstance(count, int) or not 0 <= count <= len(self.state.players):
            raise Refused("ready_format")
        self.state.ready = count

    def day_alerts(self) -> list[str]:
        """Alerts the countdown reached since last asked (``one_minute``, ``end``)."""
        if self.state.phase != self.DEBATE_PHASE or self.state.day is None:
            return []
        return self._day().alerts(self.now())

    def debate_left(self) -> tuple[float, bool, bool]:
        """(seconds left, running, ended) of the debate countdown (zeros when there is none)."""
        d = self.state.day
        left = d.left(self.now()) if d else 0.0
        return left, bool(d and d.running), bool(d and left <= 0)

    # ---- the journal's view of a game ---------------------------------------------------
    def baseline(self) -> list[dict]:
        """Events that rebuild the table's setup (players, cards, options) in a fresh
        controller: what the journal keeps when a game is over."""
        return []

    def countdown_changed(self, done: dict) -> bool:
        """Whether this event started or changed the debate countdown (the journal writes
        it down then, with its wall-clock deadline)."""
        return done["type"] in self.DEBATE_EVENTS

    def night_marker(self) -> str | None:
        """Which night the narration's cue belongs to (None: the game has one night)."""
        return None


__all__ = ["Flow", "Refused", "player_names", "minutes", "NAME_LENGTH"]
