"""The vote box: one gpiozero composite device of named parts, and the logic that runs it.

:class:`Pad` is one seat's pad (a BCD thumbwheel, an OK key, an LED); :class:`VoteBox` is the
pads, the LED bar, the buzzer and the status LED. Both take ``pin_factory=`` and pass it down
to every child, so the same code runs on the Pi's pins and on gpiozero's ``MockFactory``.

:class:`BoxLogic` is what the box does with them: debate countdown, ready signals, the vote,
buzzer cues and the pairing window. Pin callbacks only put ``(seat, down, time)`` on a queue;
:meth:`BoxLogic.poll` (called by the bridge's loop, or by tests) takes them off, debounces them,
acts, and sets every LED and the buzzer from the injected clock. Nothing sleeps, nothing blocks
in a callback.
"""

from __future__ import annotations

import json
import logging
import math
import os
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from gpiozero import LED, Buzzer, CompositeDevice, DigitalInputDevice, LEDBarGraph

from .pins import PinMap

log = logging.getLogger(__name__)

DEBOUNCE = 0.03  # seconds: edges closer than this to the last accepted one are contact bounce
PAIR_HOLD = 3.0  # seconds an OK key is held to open the pairing window
PAIR_WINDOW = 60.0  # seconds the pairing window stays open
ERROR_FLASH = 0.8  # seconds a pad LED flickers after a refused key press
LAST_MINUTE = 60.0

# Buzzer cues: (start offset, length) of each beep, in seconds.
CUES = {
    "last_minute": ((0.0, 0.4),),
    "three_two_one": ((0.0, 0.15), (1.0, 0.15), (2.0, 0.15), (3.0, 1.0)),
    "tick": ((0.0, 0.15),),
    "end": ((0.0, 1.0),),
    "chirp": ((0.0, 0.05), (0.1, 0.05)),
}


class Pad(CompositeDevice):
    """One seat's pad: ``wheel`` (4 inputs, BCD 1-2-4-8, closing to ground), ``ok`` (the key,
    closing to ground) and ``led``."""

    def __init__(self, wheel, ok, led, *, pin_factory=None):
        bits = [DigitalInputDevice(p, pull_up=True, pin_factory=pin_factory) for p in wheel]
        super().__init__(
            bit1=bits[0], bit2=bits[1], bit4=bits[2], bit8=bits[3],
            ok=DigitalInputDevice(ok, pull_up=True, pin_factory=pin_factory),
            led=LED(led, pin_factory=pin_factory),
            _order=("bit1", "bit2", "bit4", "bit8", "ok", "led"),
            pin_factory=pin_factory)

    @property
    def digit(self) -> int:
        """The number dialled on the thumbwheel, 0 to 9 (15 if the wheel is miswired)."""
        return self.bit1.value + 2 * self.bit2.value + 4 * self.bit4.value + 8 * self.bit8.value

    # domain names for the key's events
    when_key_down = property(lambda self: self.ok.when_activated,
                             lambda self, f: setattr(self.ok, "when_activated", f))
    when_key_up = property(lambda self: self.ok.when_deactivated,
                           lambda self, f: setattr(self.ok, "when_deactivated", f))

    @property
    def key_is_down(self) -> bool:
        return bool(self.ok.value)


class VoteBox(CompositeDevice):
    """The whole box: ``pads`` (one :class:`Pad` per seat), ``bar``, ``buzzer``, ``status``."""

    def __init__(self, pin_map: PinMap, *, pin_factory=None):
        pads = CompositeDevice(
            *(Pad(s.wheel, s.ok, s.led, pin_factory=pin_factory) for s in pin_map.seats),
            pin_factory=pin_factory)
        parts = dict(
            pads=pads,
            bar=LEDBarGraph(*pin_map.bar, pin_factory=pin_factory),
            buzzer=Buzzer(pin_map.buzzer, pin_factory=pin_factory))
        order = ["pads", "bar", "buzzer"]
        if pin_map.status:
            parts["status"] = LED(pin_map.status, pin_factory=pin_factory)
            order.append("status")
        super().__init__(_order=order, pin_factory=pin_factory, **parts)


def seat_of_digit(digit: int) -> int:
    """Seats are numbered 1 to 10 on the table; 0 on the wheel is seat 10. Returns 0-based."""
    return 9 if digit == 0 else digit - 1


@dataclass
class _Key:
    down: bool = False
    accepted_at: float = -1e9
    down_since: float = 0.0
    hold_done: bool = False


@dataclass
class State:
    """What the box must not forget (saved on every change, reloaded after a restart)."""

    phase: str = "idle"  # idle | debate | vote | closed
    round: int = 0
    players: int = 0
    seats: list = field(default_factory=list)  # seats voting on the box
    ready: list = field(default_factory=list)
    votes: dict = field(default_factory=dict)  # seat -> target: secret until closed
    remaining: float = 0.0  # debate time left when saved
    total: float = 0.0
    saved_at: float = 0.0  # wall clock, to age ``remaining`` across a restart


class BoxLogic:
    """Runs a :class:`VoteBox`. ``clock`` returns seconds (monotonic); ``store`` is a path where
    the state survives a restart (or None); ``notify(event)`` hears every event for the app:
    ``{"t": "ready", "seat", "on"}``, ``{"t": "vote", "seat", "target"}`` (the link seals the
    target), ``{"t": "votes", "round", "votes"}``, ``{"t": "changed"}``, ``{"t": "pairing"}``;
    they are called from :meth:`poll`, outside the box's lock."""

    def __init__(self, box: VoteBox, *, clock: Callable[[], float] = time.monotonic,
                 store: str | Path | None = None, notify: Callable[[dict], None] | None = None,
                 pair_hold: float = PAIR_HOLD):
        self.box = box
        self.clock = clock
        self.store = Path(store) if store else None
        self.listeners: list[Callable[[dict], None]] = [notify] if notify else []
        self.pair_hold = pair_hold
        self.lock = threading.RLock()
        self.events: queue.SimpleQueue = queue.SimpleQueue()  # key edges, from pin callbacks
        self._save_deferred = False  # True while poll() handles key edges
        self._save_due = False
        self.outbox: queue.SimpleQueue = queue.SimpleQueue()  # events for the listeners
        self.wake = threading.Event()  # set when there is something to poll for
        self.n = len(box.pads)
        self._keys = [_Key() for _ in range(self.n)]
        self._deadline = None  # clock time the debate ends
        self._beeps: list[tuple[float, float]] = []
        self._marks: set = set()
        self._errors: dict[int, float] = {}
        self.pairing_until = -1.0
        self.link_up = False
        self.state = self._load()
        for i, pad in enumerate(box.pads):
            pad.when_key_down = self._queuer(i, True)
            pad.when_key_up = self._queuer(i, False)

    # ------------------------------------------------------------------ input
    def _queuer(self, seat: int, down: bool):
        def on_edge():
            self.events.put((seat, down, self.clock()))
            self.wake.set()
        return on_edge

    def poll(self) -> None:
        """Handle queued key edges, then set the LEDs, the bar and the buzzer for now."""
        with self.lock:
            # a key press saves the state only once its events are on their way (below): the
            # file's fsync takes milliseconds (more on an SD card), the app need not wait
            self._save_deferred = True
            try:
                while True:
                    try:
                        seat, down, t = self.events.get_nowait()
                    except queue.Empty:
                        break
                    self._edge(seat, down, t)
            finally:
                self._save_deferred = False
            now = self.clock()
            self._holds(now)
            self._countdown(now)
            self._outputs(now)
        # listeners run outside the lock: they write to the link, which calls back in here
        while True:
            try:
                event = self.outbox.get_nowait()
            except queue.Empty:
                break
            for listener in list(self.listeners):
                try:
                    listener(event)
                except Exception:  # a listener's bug must not stop the box
                    log.exception("event listener failed on %r", event.get("t"))
        if self._save_due:
            with self.lock:
                self._save_due = False
                self._save()

    def _edge(self, seat: int, down: bool, t: float) -> None:
        k = self._keys[seat]
        if t - k.accepted_at < DEBOUNCE:
            return  # bounce
        k.accepted_at = t
        k.down = down
        if down:
            k.down_since = t
            k.hold_done = False
            self._press(seat)

    def _holds(self, now: float) -> None:
        for seat, k in enumerate(self._keys):
            if not k.down or now - k.accepted_at < DEBOUNCE:
                continue
            if not self.box.pads[seat].key_is_down:  # a release lost in the bounce
                k.down = False
                continue
            if not k.hold_done and now - k.down_since >= self.pair_hold:
                k.hold_done = True
                if self.state.phase != "vote":
                    self.pairing_until = now + PAIR_WINDOW
                    self.play("chirp")
                    log.info("pairing window open for %.0f s (key held on seat %d)",
                             PAIR_WINDOW, seat + 1)
                    self._emit({"t": "pairing", "open": True})

    def pairing_open(self) -> bool:
        return self.clock() < self.pairing_until

    def end_pairing(self) -> None:
        self.pairing_until = -1.0

    def _press(self, seat: int) -> None:
        s = self.state
        if s.phase == "debate":
            on = seat not in s.ready
            s.ready = sorted(set(s.ready) ^ {seat})
            log.info("seat %d %s", seat + 1, "is ready to vote" if on else "is no longer ready")
            self._save()
            self._emit({"t": "ready", "seat": seat, "on": on})
        elif s.phase == "vote":
            self._cast(seat)
        elif s.phase == "closed":
            self._refuse(seat, "the vote is closed")
        else:
            log.debug("seat %d pressed OK with nothing to do", seat + 1)

    def _refuse(self, seat: int, reason: str) -> None:
        log.info("key press on seat %d refused: %s", seat + 1, reason)
        self._errors[seat] = self.clock() + ERROR_FLASH

    def _cast(self, seat: int) -> None:
        s = self.state
        if seat not in s.seats:
            return self._refuse(seat, "this seat votes on the tablet, not on the box")
        if seat in s.votes:
            return self._refuse(seat, "this seat has already voted")
        digit = self.box.pads[seat].digit
        if digit > 9:
            return self._refuse(seat, "the thumbwheel reads no digit (check its wiring)")
        target = seat_of_digit(digit)
        if target >= s.players:
            return self._refuse(seat, f"the dialled seat is not at the table ({s.players} players)")
        if target == seat:
            return self._refuse(seat, "a player cannot vote for themselves")
        s.votes[seat] = target  # never logged: secret until the reveal
        log.info("seat %d has voted (%d of %d in)", seat + 1, len(s.votes), len(s.seats))
        self._save()
        self._emit({"t": "vote", "seat": seat, "target": target})
        if set(s.votes) >= set(s.seats):
            self.close(s.round)

    # ------------------------------------------------------------------ commands from the app
    def debate(self, remaining: float, total: float) -> None:
        """Start the debate countdown, or set its time again if it is already running (the
        ready signals are kept then)."""
        with self.lock:
            s = self.state
            if s.phase != "debate":
                s.phase, s.ready, s.votes, s.seats = "debate", [], {}, []
            s.total = max(total, remaining, 1.0)
            self._start_countdown(remaining)
            log.info("debate: %.0f s left of %.0f", remaining, s.total)
            self._save()
            self._emit({"t": "changed"})

    def _start_countdown(self, remaining: float) -> None:
        now = self.clock()
        self._deadline = now + remaining
        self._marks = set()
        if remaining <= LAST_MINUTE:
            self._marks.add("last_minute")
        for k in (3, 2, 1, 0):
            if remaining <= k:
                self._marks.add(k)

    def open_vote(self, seats: list[int], players: int, round_: int) -> None:
        with self.lock:
            s = self.state
            if round_ == s.round and s.phase in ("vote", "closed"):
                return  # already open (a resend after a reconnect): keep the votes
            bad = [x for x in seats if x >= min(players, self.n)]
            if bad:
                raise ValueError(f"seats {bad} have no pad or are not at the table")
            s.phase, s.round, s.players = "vote", round_, players
            s.seats, s.votes = sorted(seats), {}
            self._deadline = None
            self._beeps = []
            log.info("vote %d open on the box for %d seats (%d players)", round_, len(seats), players)
            self._save()
            self._emit({"t": "changed"})
            if not s.seats:
                self.close(round_)

    def close(self, round_: int) -> None:
        with self.lock:
            s = self.state
            if round_ != s.round or s.phase not in ("vote", "closed"):
                raise ValueError(f"vote round {round_} is not open (box is in {s.phase}, "
                                 f"round {s.round})")
            if s.phase == "vote":
                s.phase = "closed"
                log.info("vote %d closed: %d of %d seats voted on the box", round_,
                         len(s.votes), len(s.seats))
                self._save()
            self._emit({"t": "votes", "round": s.round, "votes": dict(s.votes)})

    def reset(self) -> None:
        with self.lock:
            self.state = State()
            self._deadline = None
            self._beeps = []
            log.info("reset: idle")
            self._save()
            self._emit({"t": "changed"})

    def play(self, cue: str) -> None:
        with self.lock:
            now = self.clock()
            self._beeps = [b for b in self._beeps if b[1] > now]
            self._beeps += [(now + start, now + start + length) for start, length in CUES[cue]]

    def snapshot(self) -> dict:
        """The state for the link (targets included: the link seals them)."""
        with self.lock:
            s = self.state
            return {"phase": s.phase, "round": s.round, "players": s.players,
                    "seats": list(s.seats), "ready": list(s.ready),
                    "votes": dict(s.votes), "remaining": round(self.remaining(), 3),
                    "total": s.total, "pairing": self.pairing_open()}

    def remaining(self) -> float:
        if self.state.phase != "debate" or self._deadline is None:
            return 0.0
        return max(0.0, self._deadline - self.clock())

    # ------------------------------------------------------------------ outputs
    def _countdown(self, now: float) -> None:
        if self.state.phase != "debate" or self._deadline is None:
            return
        left = self._deadline - now
        due = []
        if left <= LAST_MINUTE and "last_minute" not in self._marks:
            due.append("last_minute")
        for k in (3, 2, 1, 0):
            if left <= k and k not in self._marks:
                due.append(k)
        if due:
            self._marks.update(due)
            latest = due[-1]
            self.play("end" if latest == 0 else "last_minute" if latest == "last_minute" else "tick")

    def _outputs(self, now: float) -> None:
        s = self.state
        box = self.box
        # the bar: debate time left, rounded up so the last second still shows one LED
        n = len(box.bar)
        if s.phase == "debate" and s.total > 0:
            lit = math.ceil(n * self.remaining() / s.total - 1e-9)
            value = lit / n
        else:
            value = 0.0
        if box.bar.value != value:
            box.bar.value = value
        # the buzzer
        self._beeps = [b for b in self._beeps if b[1] > now]
        buzz = any(start <= now < end for start, end in self._beeps)
        if box.buzzer.is_active != buzz:
            box.buzzer.value = buzz
        # the pads: ready (debate) or vote in (vote); a slow blink asks for a vote; a fast
        # flicker says a press was refused. Nothing ever shows whom a seat chose.
        slow = (now % 1.0) < 0.5
        fast = (now % 0.2) < 0.1
        for seat, pad in enumerate(box.pads):
            if self._errors.get(seat, -1) > now:
                on = fast
            elif s.phase == "debate":
                on = seat in s.ready
            elif s.phase == "vote" and seat in s.seats:
                on = seat in s.votes or slow
            else:
                on = False
            if pad.led.is_active != on:
                pad.led.value = on
        if "status" in box.namedtuple._fields:
            on = slow if self.pairing_open() else self.link_up
            if box.status.is_active != on:
                box.status.value = on

    # ------------------------------------------------------------------ events and storage
    def _emit(self, event: dict) -> None:
        self.outbox.put(event)  # delivered by the next poll()
        self.wake.set()

    def _save(self) -> None:
        if self.store is None:
            return
        if self._save_deferred:
            self._save_due = True  # poll() saves once the key's events are sent
            return
        s = self.state
        s.remaining, s.saved_at = self.remaining(), time.time()
        data = json.dumps({**s.__dict__, "votes": {str(k): v for k, v in s.votes.items()}})
        tmp = self.store.with_suffix(".tmp")
        try:
            with open(tmp, "w") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.store)
        except OSError as e:
            log.error("could not save the box state to %s: %s", self.store, e)

    def _load(self) -> State:
        if self.store is None or not self.store.exists():
            return State()
        try:
            raw = json.loads(self.store.read_text())
            s = State(**{k: raw[k] for k in State.__dataclass_fields__ if k in raw})
            s.votes = {int(k): int(v) for k, v in s.votes.items()}
            if s.phase not in ("idle", "debate", "vote", "closed"):
                raise ValueError(f"unknown phase {s.phase!r}")
        except (OSError, ValueError, TypeError, KeyError) as e:
            log.error("box state in %s unreadable (%s): starting idle", self.store, e)
            return State()
        if s.phase == "debate":
            aged = max(0.0, time.time() - s.saved_at)
            self._start_countdown(max(0.0, s.remaining - aged))
        log.info("state restored: %s, round %d, %d votes in", s.phase, s.round, len(s.votes))
        return s
