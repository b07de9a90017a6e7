"""The vote box: one gpiozero composite device of named parts, and the logic that runs it.

:class:`Pad` is one seat's pad (a BCD thumbwheel, a "+10" switch, an OK key, an LED);
:class:`VoteBox` is the pads, the LED bar, the buzzer and the status LED. Both take
``pin_factory=`` and pass it down to every child, so the same code runs on the Pi's pins and on
gpiozero's ``MockFactory``.

:class:`BoxLogic` is what the box does with them: debate countdown, ready signals, rounds
(a vote, or a night's pick), buzzer cues and the entry of a pairing code. Pin callbacks only
put ``(seat, down, time)`` on a queue; :meth:`BoxLogic.poll` (called by the bridge's loop, or by
tests) takes them off, debounces them, acts, and sets every LED and the buzzer from the
injected clock. Nothing sleeps, nothing blocks in a callback.
"""

from __future__ import annotations

import hmac
import json
import logging
import math
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from gpiozero import LED, Buzzer, CompositeDevice, DigitalInputDevice, LEDBarGraph

from onenight.game.durable import write_json

from .pins import PinMap
from .protocol import CODE_DIGITS

log = logging.getLogger(__name__)

DEBOUNCE = 0.03  # seconds: edges closer than this to the last accepted one are contact bounce
PAIR_WINDOW = 120.0  # seconds a pairing waits for its code to be dialled
PAIR_TRIES = 3  # wrong codes before a pairing is given up
ERROR_FLASH = 0.8  # seconds a pad LED flickers after a refused key press
DIGIT_FLASH = 0.25  # seconds a pad LED lights after a digit of the pairing code
LAST_MINUTE = 60.0
ACTIVE = ("debate", "vote", "pick")  # phases in which the box is busy with a game

# Buzzer cues: (start offset, length) of each beep, in seconds.
CUES = {
    "last_minute": ((0.0, 0.4),),
    "three_two_one": ((0.0, 0.15), (1.0, 0.15), (2.0, 0.15), (3.0, 1.0)),
    "tick": ((0.0, 0.15),),
    "digit": ((0.0, 0.04),),
    "end": ((0.0, 1.0),),
    "chirp": ((0.0, 0.05), (0.1, 0.05)),
}


class Refused(ValueError):
    """A command the box will not carry out; ``code`` is the protocol's error code."""

    def __init__(self, reason: str, code: str = "refused"):
        super().__init__(reason)
        self.code = code


class Pad(CompositeDevice):
    """One seat's pad: ``wheel`` (4 inputs, BCD 1-2-4-8, closing to ground), ``ok`` (the key,
    closing to ground), ``led``, and ``tens`` (a switch closing to ground for "+10"; a pad
    without one dials 1 to 10 only)."""

    def __init__(self, wheel, ok, led, tens=None, *, pin_factory=None):
        bits = [DigitalInputDevice(p, pull_up=True, pin_factory=pin_factory) for p in wheel]
        parts = dict(bit1=bits[0], bit2=bits[1], bit4=bits[2], bit8=bits[3],
                     ok=DigitalInputDevice(ok, pull_up=True, pin_factory=pin_factory),
                     led=LED(led, pin_factory=pin_factory))
        order = ["bit1", "bit2", "bit4", "bit8", "ok", "led"]
        if tens:
            parts["tens"] = DigitalInputDevice(tens, pull_up=True, pin_factory=pin_factory)
            order.append("tens")
        super().__init__(_order=order, pin_factory=pin_factory, **parts)

    @property
    def digit(self) -> int:
        """The digit on the thumbwheel, 0 to 9 (15 if the wheel is miswired)."""
        return self.bit1.value + 2 * self.bit2.value + 4 * self.bit4.value + 8 * self.bit8.value

    @property
    def has_tens(self) -> bool:
        return "tens" in self.namedtuple._fields

    @property
    def dialled(self) -> int | None:
        """The seat dialled, 0-based (see :func:`seat_dialled`), or None if the wheel reads
        no digit."""
        digit = self.digit
        if digit > 9:
            return None
        return seat_dialled(digit, self.has_tens and bool(self.tens.value))

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
            *(Pad(s.wheel, s.ok, s.led, s.tens, pin_factory=pin_factory) for s in pin_map.seats),
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


def seat_dialled(digit: int, tens: bool = False) -> int:
    """The seat a pad dials, 0-based. Seats are numbered from 1 at the table; 0 on the wheel is
    seat 10, and the "+10" switch adds ten (so 0 with it is seat 20, which no table has)."""
    return (10 if digit == 0 else digit) + (10 if tens else 0) - 1


@dataclass
class _Key:
    down: bool = False
    accepted_at: float = -1e9
    down_since: float = 0.0


@dataclass
class State:
    """What the box must not forget (saved on every change, reloaded after a restart)."""

    phase: str = "idle"  # idle | debate | vote | pick | closed
    round: int = 0
    kind: str = "vote"  # the round's kind: vote | pick
    owner: str | None = None  # the app that opened the round: only it may end it
    players: int = 0
    seats: list = field(default_factory=list)  # seats answering on the box (voters; the living)
    targets: list = field(default_factory=list)  # seats that may be dialled
    self_ok: bool = False  # a seat may dial itself
    choice: str = "seat"  # what a pick asks for: seat | yes_no
    ready: list = field(default_factory=list)
    votes: dict = field(default_factory=dict)  # seat -> target or answer: secret until closed
    remaining: float = 0.0  # debate time left when saved
    paused: bool = False  # the debate's countdown is held (its time left stays as it is)
    total: float = 0.0
    saved_at: float = 0.0  # wall clock, to age ``remaining`` across a restart


@dataclass
class _Pairing:
    code: str | None  # None until the tablet has revealed its part of the key
    until: float
    tries: int = 0
    entered: dict = field(default_factory=dict)  # seat -> the digits it has dialled so far


class BoxLogic:
    """Runs a :class:`VoteBox`. ``clock`` returns seconds (monotonic); ``store`` is a path where
    the state survives a restart (or None); ``notify(event)`` hears every event for the app:
    ``{"t": "ready", "seat", "on"}``, ``{"t": "vote", "seat", "target"}`` (the link seals the
    target), ``{"t": "votes", "round", "votes"}`` (a vote round is over),
    ``{"t": "picks", "round", "picks"}`` (a pick round is over), ``{"t": "changed"}``,
    ``{"t": "pairing"}`` (a pairing waits for its code), ``{"t": "pair_code", "ok", "final"}``
    (a pairing code was dialled, or the pairing ended).
    They are called from :meth:`poll`, outside the box's lock.

    Commands from the app take ``by``, the app's id: a round (a vote or a pick) belongs to the
    app that opened it, and no other may change or end it (:class:`Refused`). ``by=None`` is
    the box's own console, which may."""

    def __init__(self, box: VoteBox, *, clock: Callable[[], float] = time.monotonic,
                 store: str | Path | None = None, notify: Callable[[dict], None] | None = None):
        self.box = box
        self.clock = clock
        self.store = Path(store) if store else None
        self.listeners: list[Callable[[dict], None]] = [notify] if notify else []
        self.lock = threading.RLock()
        self.events: queue.SimpleQueue = queue.SimpleQueue()  # key edges, from pin callbacks
        self._save_deferred = False  # True while poll() handles key edges
        self._save_due = False
        self.outbox: queue.SimpleQueue = queue.SimpleQueue()  # events for the listeners
        self.wake = threading.Event()  # set when there is something to poll for
        self.n = len(box.pads)
        self._keys = [_Key() for _ in range(self.n)]
        self._deadline = None  # clock time the debate ends
        self._held = 0.0  # the debate's time left while it is paused
        self._beeps: list[tuple[float, float]] = []
        self._marks: set = set()
        self._errors: dict[int, float] = {}
        self._flashes: dict[int, float] = {}
        self.pairing: _Pairing | None = None
        self.link_up = False
        self.state = self._load()
        for i, pad in enumerate(box.pads):
            pad.when_key_down = self._queuer(i, True)
            pad.when_key_up = self._queuer(i, False)

    @property
    def dial_limit(self) -> int:
        """How many seats every pad can dial: 20 with a "+10" switch on each, else 10."""
        return 20 if all(pad.has_tens for pad in self.box.pads) else 10

    # ------------------------------------------------------------------ input
    def _queuer(self, seat: int, down: bool):
        def on_edge():
            self.events.put((seat, down, self.clock()))
            self.wake.set()
        return on_edge

    def poll(self) -> None:
        """Handle queued key edges, then set the LEDs, the bar and the buzzer for now."""
        with self.lock:
            # a "ready" press saves the state only once its event is on its way (below): the
            # file's fsync takes milliseconds (more on an SD card), the app need not wait. A
            # vote or a pick is saved before anything about it leaves the box.
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
            self._releases(now)
            self._pairing_expiry(now)
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
            self._press(seat)

    def _releases(self, now: float) -> None:
        for seat, k in enumerate(self._keys):
            if k.down and now - k.accepted_at >= DEBOUNCE and not self.box.pads[seat].key_is_down:
                k.down = False  # a release lost in the bounce

    def _press(self, seat: int) -> None:
        s = self.state
        if self.pairing is not None and s.phase not in ACTIVE:
            self._code_digit(seat)
        elif s.phase == "debate":
            on = seat not in s.ready
            s.ready = sorted(set(s.ready) ^ {seat})
            log.info("seat %d %s", seat + 1, "is ready to vote" if on else "is no longer ready")
            self._save()
            self._emit({"t": "ready", "seat": seat, "on": on})
        elif s.phase == "vote":
            self._cast(seat)
        elif s.phase == "pick":
            self._pick(seat)
        elif s.phase == "closed":
            self._refuse(seat, "the round is closed")
        else:
            log.debug("seat %d pressed OK with nothing to do", seat + 1)

    def _refuse(self, seat: int, reason: str) -> None:
        log.info("key press on seat %d refused: %s", seat + 1, reason)
        self._errors[seat] = self.clock() + ERROR_FLASH

    def _dialled(self, seat: int) -> tuple[int | None, str]:
        """The seat this pad dials for the open round, or None and why it cannot count."""
        s = self.state
        target = self.box.pads[seat].dialled
        if target is None:
            return None, "the thumbwheel reads no digit (check its wiring)"
        if target >= s.players:
            return None, f"the dialled seat is not at the table ({s.players} players)"
        if target not in s.targets:
            return None, "the dialled seat cannot be chosen in this round"
        if target == seat and not s.self_ok:
            return None, "a player cannot choose themselves in this round"
        return target, ""

    def _cast(self, seat: int) -> None:
        s = self.state
        if seat not in s.seats:
            why = "this seat does not vote on the box (it votes on the tablet, or is out of " \
                "the game)" if seat < s.players else "nobody sits at this seat"
            return self._refuse(seat, why)
        if seat in s.votes:
            return self._refuse(seat, "this seat has already voted")
        target, why = self._dialled(seat)
        if target is None:
            return self._refuse(seat, why)
        s.votes[seat] = target  # never logged: secret until the reveal
        log.info("seat %d has voted (%d of %d in)", seat + 1, len(s.votes), len(s.seats))
        self._save(now=True)  # on disk before the app hears of it: a power cut cannot undo it
        self._emit({"t": "vote", "seat": seat, "target": target})
        if set(s.votes) >= set(s.seats):
            self._close()

    def _pick(self, seat: int) -> None:
        """A night's choice. The box is not told who is awake: every living pad takes a
        choice alike, with no light and no sound, and nothing is logged per seat (the app
        keeps the woken seats' choices). A later press replaces the earlier choice."""
        s = self.state
        if seat not in s.seats:
            return self._refuse(seat, "this seat takes no part in the round")
        if s.choice == "yes_no":
            digit = self.box.pads[seat].digit
            value = digit if digit in (0, 1) else None
        else:
            value, _ = self._dialled(seat)
        if value is None or s.votes.get(seat) == value:
            return
        s.votes[seat] = value
        self._save(now=True)

    # ------------------------------------------------------------------ pairing codes
    def start_pairing(self) -> None:
        """A tablet asked to pair: from now on the pads take the digits of its code, one
        digit and OK at a time (the code itself comes with :meth:`pairing_code`)."""
        with self.lock:
            s = self.state
            # A closed round its tablet still holds is a game going on too (a classic night
            # between two steps, a vote not yet revealed): only a reset, or forgetting that
            # tablet, ends it.
            if s.phase in ACTIVE or (s.phase == "closed" and s.owner is not None):
                raise Refused(f"the box is busy ({s.phase}): pair between games", "pairing")
            self.pairing = _Pairing(None, self.clock() + PAIR_WINDOW)
            log.info("pairing: waiting %.0f s for the code to be dialled on a pad", PAIR_WINDOW)
            self.play("chirp")
            self._emit({"t": "pairing"})

    def pairing_code(self, code: str) -> None:
        """The code the pads must be dialled with (a code dialled already is checked now)."""
        with self.lock:
            if self.pairing is not None:
                self.pairing.code = code
                for seat, entered in list(self.pairing.entered.items()):
                    if len(entered) == CODE_DIGITS:
                        self._check_code(seat, entered)
                        break

    def end_pairing(self) -> None:
        with self.lock:
            self.pairing = None

    def pairing_open(self) -> bool:
        return self.pairing is not None

    def _code_digit(self, seat: int) -> None:
        p = self.pairing
        digit = self.box.pads[seat].digit
        if digit > 9:
            return self._refuse(seat, "the thumbwheel reads no digit (check its wiring)")
        entered = p.entered.get(seat, "") + str(digit)
        self._flashes[seat] = self.clock() + DIGIT_FLASH
        p.entered[seat] = entered[-CODE_DIGITS:]
        if len(entered) < CODE_DIGITS or p.code is None:
            self.play("digit")
            return
        self._check_code(seat, entered)

    def _check_code(self, seat: int, entered: str) -> None:
        p = self.pairing
        p.entered = {}
        if hmac.compare_digest(entered, p.code):
            log.info("pairing: the right code was dialled on seat %d's pad", seat + 1)
            self.play("chirp")
            self.pairing = None
            self._emit({"t": "pair_code", "ok": True, "final": True})
            return
        p.tries += 1
        final = p.tries >= PAIR_TRIES
        log.warning("pairing: a wrong code was dialled on seat %d's pad (%d of %d tries)%s",
                    seat + 1, p.tries, PAIR_TRIES, ": pairing given up" if final else "")
        self.play("end")
        if final:
            self.pairing = None
        self._emit({"t": "pair_code", "ok": False, "final": final})

    def _pairing_expiry(self, now: float) -> None:
        if self.pairing is not None and now >= self.pairing.until:
            log.info("pairing: no code dialled within %.0f s: given up", PAIR_WINDOW)
            self.pairing = None
            self._emit({"t": "pair_code", "ok": False, "final": True})

    # ------------------------------------------------------------------ commands from the app
    def _authority(self, by: str | None, what: str) -> None:
        """Only the app that opened a round may change or end it, or open another over it,
        even once it is closed (its owner may not have its results yet). The console may."""
        s = self.state
        if s.phase in ("vote", "pick", "closed") and s.owner is not None and by is not None \
                and by != s.owner:
            raise Refused(f"{what} refused: {s.kind} round {s.round} belongs to another tablet "
                          f"({s.owner}); forget that tablet to take the box over", "not_owner")

    def disown(self, app_id: str) -> None:
        """A tablet was forgotten: its rounds are nobody's any more."""
        with self.lock:
            if self.state.owner == app_id:
                self.state.owner = None
                self._save()

    def debate(self, remaining: float, total: float, by: str | None = None,
               paused: bool = False) -> None:
        """Start the debate countdown, or set its time again if it is already running (the
        ready signals are kept then); ``paused``: the countdown is held where it is (the bar
        stays, nothing sounds) until the next ``debate``."""
        with self.lock:
            self._authority(by, "debate")
            s = self.state
            if s.phase != "debate":
                s.phase, s.ready, s.votes, s.seats, s.owner = "debate", [], {}, [], by
            s.total = max(total, remaining, 1.0)
            s.paused = paused
            self._start_countdown(remaining)
            log.info("debate: %.0f s left of %.0f%s", remaining, s.total,
                     " (paused)" if paused else "")
            self._save()
            self._emit({"t": "changed"})

    def _start_countdown(self, remaining: float) -> None:
        now = self.clock()
        self._deadline = now + remaining
        self._held = remaining  # the time left while the countdown is paused
        self._marks = set()
        if remaining <= LAST_MINUTE:
            self._marks.add("last_minute")
        for k in (3, 2, 1, 0):
            if remaining <= k:
                self._marks.add(k)

    def open_round(self, round_: int, kind: str, seats: list[int], players: int,
                   targets: list[int] | None = None, self_ok: bool = False,
                   choice: str = "seat", by: str | None = None) -> None:
        """Open a vote (``seats`` vote on the box, for one of ``targets``) or a pick (every
        pad in ``seats`` takes a choice, none shows it). Opening the round that is already
        open again (a resend after a reconnect) keeps what was chosen."""
        targets = list(range(players)) if targets is None else targets
        with self.lock:
            s = self.state
            if round_ == s.round and s.phase in ("vote", "pick", "closed") and s.kind == kind \
                    and (by is None or by == s.owner):
                return  # already open (a resend after a reconnect): keep the votes
            self._authority(by, f"open {kind}")
            bad = [x for x in seats if x >= min(players, self.n)]
            if bad:
                raise Refused(f"seats {[x + 1 for x in bad]} have no pad or are not at the table",
                              "invalid")
            if choice == "seat" and any(t >= self.dial_limit for t in targets):
                raise Refused(f"seats above {self.dial_limit} cannot be dialled: these pads have "
                              "no +10 switch", "invalid")
            s.phase, s.round, s.kind, s.owner, s.players = kind, round_, kind, by, players
            s.seats, s.targets, s.votes = sorted(seats), sorted(targets), {}
            s.self_ok, s.choice = self_ok, choice
            self._deadline = None
            self._beeps = []
            self._errors = {}
            if kind == "vote":
                log.info("vote %d open on the box for %d seats (%d players)", round_, len(seats),
                         players)
            else:
                log.info("pick %d open on the box (%d living pads, %d players)", round_,
                         len(seats), players)
            self._save()
            self._emit({"t": "changed"})
            if kind == "vote" and not s.seats:
                self._close()

    def open_vote(self, seats: list[int], players: int, round_: int, by: str | None = None) -> None:
        """A one-night vote: ``seats`` vote on the box for any other player."""
        self.open_round(round_, "vote", seats, players, by=by)

    def close(self, round_: int, by: str | None = None) -> None:
        with self.lock:
            s = self.state
            if round_ != s.round or s.phase not in ("vote", "pick", "closed"):
                raise Refused(f"round {round_} is not open (box is in {s.phase}, round "
                              f"{s.round})")
            self._authority(by, "close")
            self._close()

    def _close(self) -> None:
        s = self.state
        if s.phase in ("vote", "pick"):
            s.phase = "closed"
            if s.kind == "vote":
                log.info("vote %d closed: %d of %d seats voted on the box", s.round,
                         len(s.votes), len(s.seats))
            else:
                log.info("pick %d closed", s.round)
            self._save()
        if s.kind == "vote":
            self._emit({"t": "votes", "round": s.round, "votes": dict(s.votes)})
        else:
            self._emit({"t": "picks", "round": s.round, "picks": dict(s.votes)})

    def reset(self, by: str | None = None) -> None:
        with self.lock:
            self._authority(by, "reset")
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
        """The state for the link (choices included: the link seals them, and sends them to
        the round's owner only)."""
        with self.lock:
            s = self.state
            return {"phase": s.phase, "round": s.round, "kind": s.kind, "owner": s.owner,
                    "players": s.players, "seats": list(s.seats), "targets": list(s.targets),
                    "self": s.self_ok, "choice": s.choice, "ready": list(s.ready),
                    "votes": dict(s.votes), "remaining": round(self.remaining(), 3),
                    "total": s.total, "pairing": self.pairing_open(), "pads": self.n,
                    "paused": s.phase == "debate" and s.paused}

    def remaining(self) -> float:
        if self.state.phase != "debate" or self._deadline is None:
            return 0.0
        if self.state.paused:
            return max(0.0, self._held)
        return max(0.0, self._deadline - self.clock())

    # ------------------------------------------------------------------ outputs
    def _countdown(self, now: float) -> None:
        if self.state.phase != "debate" or self._deadline is None or self.state.paused:
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
        # flicker says a press was refused. During a pick every living pad blinks alike
        # whatever was pressed: nothing shows who is awake. Nothing ever shows whom a seat
        # chose.
        slow = (now % 1.0) < 0.5
        fast = (now % 0.2) < 0.1
        for seat, pad in enumerate(box.pads):
            if self._errors.get(seat, -1) > now:
                on = fast
            elif self._flashes.get(seat, -1) > now:
                on = True
            elif s.phase == "debate":
                on = seat in s.ready
            elif s.phase == "vote" and seat in s.seats:
                on = seat in s.votes or slow
            elif s.phase == "pick" and seat in s.seats:
                on = slow
            else:
                on = False
            if pad.led.is_active != on:
                pad.led.value = on
        if "status" in box.namedtuple._fields:
            on = fast if self.pairing_open() else self.link_up
            if box.status.is_active != on:
                box.status.value = on

    # ------------------------------------------------------------------ events and storage
    def _emit(self, event: dict) -> None:
        self.outbox.put(event)  # delivered by the next poll()
        self.wake.set()

    def _save(self, now: bool = False) -> None:
        """Write the state (mode 0600). Deferred while poll() handles key edges, unless
        ``now``: a vote or a pick must be on disk before anything about it leaves the box."""
        if self.store is None:
            return
        if self._save_deferred and not now:
            self._save_due = True  # poll() saves once the key's events are sent
            return
        s = self.state
        s.remaining, s.saved_at = self.remaining(), time.time()
        try:
            write_json(self.store, {**s.__dict__, "votes": {str(k): v for k, v in s.votes.items()}},
                       private=True)
        except OSError as e:
            log.error("could not save the box state to %s: %s", self.store, e)

    def _load(self) -> State:
        if self.store is None or not self.store.exists():
            return State()
        try:
            raw = json.loads(self.store.read_text())
            s = State(**{k: raw[k] for k in State.__dataclass_fields__ if k in raw})
            s.votes = {int(k): int(v) for k, v in s.votes.items()}
            if s.phase not in ("idle", "debate", "vote", "pick", "closed"):
                raise ValueError(f"unknown phase {s.phase!r}")
            if s.kind not in ("vote", "pick"):
                raise ValueError(f"unknown round kind {s.kind!r}")
        except (OSError, ValueError, TypeError, KeyError, AttributeError) as e:
            log.error("box state in %s unreadable (%s): starting idle", self.store, e)
            return State()
        if s.phase == "debate":
            aged = 0.0 if s.paused else max(0.0, time.time() - s.saved_at)
            self._start_countdown(max(0.0, s.remaining - aged))
        log.info("state restored: %s, round %d", s.phase, s.round)
        return s


class PadWatch:
    """For testing the pads and their cables (``onenight-box --pad-test``): every change on
    every pad, as read at the box's end: the wheel's digit, the +10 switch, the OK key; each
    pad's LED is lit while its key is down, which tests the LED's line too."""

    def __init__(self, box: VoteBox):
        self.box = box
        self._last: list = [None] * len(box.pads)

    def scan(self) -> list[str]:
        lines = []
        for i, pad in enumerate(self.box.pads):
            now = (pad.digit, pad.has_tens and bool(pad.tens.value), pad.key_is_down)
            if now == self._last[i]:
                continue
            self._last[i] = now
            digit, tens, down = now
            wheel = str(digit) if digit <= 9 else f"no digit (bits {digit:04b}: check bits 1-8)"
            plus = (" +10 on" if tens else " +10 off") if pad.has_tens else ""
            lines.append(f"seat {i + 1}: wheel {wheel}{plus} OK {'down' if down else 'up'}")
            pad.led.value = down
        return lines

    def run(self, out, stop: threading.Event, period: float = 0.02) -> None:
        while not stop.is_set():
            for line in self.scan():
                print(line, file=out, flush=True)
            stop.wait(period)
