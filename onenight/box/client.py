"""The app's side of the box link.

:class:`BoxClient` opens the box with pyserial's ``serial_for_url`` (a device path, a
``socket://host:port`` address, or ``loop://``), keeps the link up by itself, pairs once, and
tells the app what happens through a callback or a queue. It never imports kivy: the UI hands
the events to its own thread (``Clock.schedule_once``).

What the UI may see and when: ``ready_seats`` and ``voted_seats`` at any time; ``votes`` (who
voted for whom) only once the vote is over: every seat voting on the box has voted, or the host
closed the vote. The box sends each vote sealed (encrypted for this tablet); the client opens
and keeps it, so a box that dies mid-vote loses nothing that was already in.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import serial

from firmware_bridge import protocol as p

log = logging.getLogger(__name__)

DISCONNECTED, CONNECTING, UNPAIRED, CONNECTED = "disconnected", "connecting", "unpaired", "connected"
RETRY = 1.0  # seconds between attempts to reach the box
HELLO_TIMEOUT = 2.0


@dataclass(frozen=True)
class BoxEvent:
    """One thing the app should know. ``kind`` is one of:

    * ``"status"``: the link status changed (``status``);
    * ``"ready"``: a seat signalled it is ready to vote, or took it back (``seat``, ``on``);
    * ``"vote_in"``: a seat has voted on the box (``seat``; never whom);
    * ``"votes"``: the vote is over; ``votes`` maps seat to target for every seat that voted on
      the box;
    * ``"refused"``: the box refused a command (``reason``);
    * ``"paired"``: pairing succeeded.
    Seats are 0-based, as in the rules engine."""

    kind: str
    seat: int | None = None
    on: bool | None = None
    status: str | None = None
    votes: dict | None = None
    reason: str | None = None


class KeyStore:
    """The tablet's identity and the keys of the boxes it is paired with, in a JSON file.
    Anything with ``app_id``, ``get(box_id)`` and ``put(box_id, key)`` will do."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else None
        self._data = {"app_id": f"tablet-{uuid.uuid4().hex[:12]}", "boxes": {}}
        self._lock = threading.Lock()
        if self.path and self.path.exists():
            try:
                data = json.loads(self.path.read_text())
                if not isinstance(data, dict):
                    raise ValueError("not a JSON object")
                if isinstance(data.get("app_id"), str) and isinstance(data.get("boxes"), dict):
                    self._data = data
            except (OSError, ValueError, RecursionError) as e:  # ValueError: a number too long
                log.error("box keys in %s unreadable (%s): this tablet must pair again", path,
                          str(e)[:200])

    @property
    def app_id(self) -> str:
        return self._data["app_id"]

    def get(self, box_id: str) -> bytes | None:
        with self._lock:
            v = self._data["boxes"].get(box_id)
            return bytes.fromhex(v) if v else None

    def put(self, box_id: str, key: bytes) -> None:
        with self._lock:
            self._data["boxes"][box_id] = key.hex()
            if self.path:
                tmp = self.path.with_suffix(".tmp")
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                with os.fdopen(fd, "w") as f:
                    json.dump(self._data, f)
                os.replace(tmp, self.path)


@dataclass
class _Wanted:
    """What the app asked the box to be doing, replayed after a reconnect if the box lost it."""

    phase: str = "idle"
    deadline: float = 0.0  # client clock
    total: float = 0.0
    round: int = 0
    seats: list = field(default_factory=list)
    players: int = 0


class BoxClient:
    """The link to one vote box. Thread-safe; events come from the client's own thread."""

    def __init__(self, url: str, key_store: KeyStore, *, clock: Callable[[], float] = time.monotonic,
                 on_event: Callable[[BoxEvent], None] | None = None, baudrate: int = 115200,
                 link_clock: Callable[[], float] = time.monotonic):
        """``clock`` is the game's clock, in which ``start_debate``'s deadline is given;
        ``link_clock`` times the heartbeat and resends and must follow real time."""
        self.url = url
        self.keys = key_store
        self.clock = clock
        self.link_clock = link_clock
        self.on_event = on_event
        self.events: queue.SimpleQueue[BoxEvent] = queue.SimpleQueue()  # used when no on_event
        self.baudrate = baudrate
        self.box_id: str | None = None
        self._status = DISCONNECTED
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._port = None
        self._out: queue.SimpleQueue[bytes] = queue.SimpleQueue()  # frames for the client thread
        self._channel: p.Channel | None = None
        self._nonce = ""
        self._want_pair = False
        self._dh = 0
        self._wanted = _Wanted()
        self._ready: set[int] = set()
        self._voted: set[int] = set()
        self._hidden: dict[int, int] = {}  # opened seals: not shown until the vote is over
        self._revealed: dict[int, int] | None = None
        self._round_over = False
        self.last_refusal: str | None = None

    # ------------------------------------------------------------------ what the UI reads
    @property
    def status(self) -> str:
        return self._status

    @property
    def ready_seats(self) -> frozenset[int]:
        with self._lock:
            return frozenset(self._ready)

    @property
    def voted_seats(self) -> frozenset[int]:
        """Seats whose vote is in on the box (the others can vote on the tablet)."""
        with self._lock:
            return frozenset(self._voted)

    @property
    def votes(self) -> dict[int, int] | None:
        """seat -> target for the box's voters, or None while the vote is still going."""
        with self._lock:
            return None if self._revealed is None else dict(self._revealed)

    # ------------------------------------------------------------------ commands
    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="box-client", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=2)
        self._close_port()
        self._set_status(DISCONNECTED)

    def pair(self) -> None:
        """Pair with the box on the next hello; the box must have its pairing window open
        (an OK key held for 3 s). Status becomes "connected" once paired."""
        with self._lock:
            self._want_pair = True
            self._send_pair()

    def start_debate(self, deadline_s: float, total_s: float | None = None) -> None:
        """The debate ends at ``deadline_s`` on this client's clock; the box shows the time
        left on its bar and sounds the last minute, 3-2-1 and the end by itself."""
        with self._lock:
            remaining = max(0.0, deadline_s - self.clock())
            total = total_s or remaining or 1.0
            self._wanted = _Wanted("debate", deadline_s, total)
            self._ready.clear()
            self._send({"t": "debate", "remaining": round(remaining, 3), "total": round(total, 3)})

    def open_vote(self, seats, players: int, round: int | None = None) -> int:
        """Open the vote on the box for ``seats`` (the others vote on the tablet); returns the
        round number. Give the ``round`` of a vote this app opened before it restarted to take
        that vote over: the box keeps the votes already cast in the same round."""
        seats = sorted(set(seats))
        with self._lock:
            rnd = round if round is not None else int.from_bytes(os.urandom(4), "big") >> 1
            self._wanted = _Wanted("vote", round=rnd, seats=seats, players=players)
            self._voted.clear()
            self._hidden.clear()
            self._revealed = None
            self._round_over = False
            self._send({"t": "open", "seats": seats, "players": players, "round": rnd})
            if not seats:
                self._reveal({})
            return rnd

    def close_vote(self) -> None:
        """End the vote now. If the box is reachable it sends every vote it holds; if not, the
        votes already received are revealed at once and the rest vote on the tablet."""
        with self._lock:
            if self._wanted.phase != "vote":
                return
            self._wanted.phase = "closed"
            if self._status == CONNECTED:
                self._send({"t": "close", "round": self._wanted.round})
            else:
                log.info("box unreachable: closing the vote with the %d votes already in",
                         len(self._hidden))
                self._reveal(dict(self._hidden))

    def cue(self, name: str) -> None:
        """Sound a buzzer cue: last_minute, three_two_one, end or chirp."""
        if name not in p.CUES:
            raise ValueError(f"unknown cue {name!r} (known: {', '.join(p.CUES)})")
        with self._lock:
            self._send({"t": "cue", "cue": name})

    def reset(self) -> None:
        with self._lock:
            self._wanted = _Wanted()
            self._ready.clear()
            self._voted.clear()
            self._hidden.clear()
            self._revealed = None
            self._send({"t": "reset"})

    # ------------------------------------------------------------------ waiting (tests, CLI)
    def wait_for(self, predicate: Callable[["BoxClient"], bool], timeout: float) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: predicate(self), timeout)

    # ------------------------------------------------------------------ internals
    def _emit(self, ev: BoxEvent) -> None:
        self._changed.notify_all()
        if self.on_event is None:
            self.events.put(ev)
            return
        try:
            self.on_event(ev)
        except Exception:
            log.exception("box event handler failed on %s", ev.kind)

    def _set_status(self, status: str) -> None:
        with self._lock:
            if status != self._status:
                self._status = status
                log.info("box link: %s", status)
                self._emit(BoxEvent("status", status=status))
                if status == DISCONNECTED and self._wanted.phase == "closed" \
                        and self._revealed is None:
                    log.info("box gone after the vote was closed: revealing the %d votes in",
                             len(self._hidden))
                    self._reveal(dict(self._hidden))

    def _send(self, body: dict) -> None:
        """Send now if the session is up; otherwise it is replayed after the next snapshot."""
        ch = self._channel
        if ch is not None and self._status == CONNECTED:
            ch.send(body)

    def _send_pair(self) -> None:
        ch = self._channel
        if ch is not None and self._want_pair and self._status in (UNPAIRED, CONNECTING) \
                and self.box_id is not None:
            self._dh = p.dh_private()
            ch.send({"t": "pair", "id": self.keys.app_id, "pub": p.dh_public(self._dh)})

    def _close_port(self) -> None:
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except Exception:
                pass

    def _flush(self) -> bool:
        """Write the queued frames (on the client's thread, outside the lock, so a command from
        the UI never waits on the port). False if the port failed."""
        while True:
            try:
                data = self._out.get_nowait()
            except queue.Empty:
                return True
            try:
                self._port.write(data)
            except (serial.SerialException, OSError) as e:
                log.info("box link write failed: %s", e)
                return False

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                # a write that cannot finish means the box is gone: never block the client on it
                self._port = serial.serial_for_url(self.url, baudrate=self.baudrate, timeout=0.02,
                                                   write_timeout=0.5)
            except (serial.SerialException, OSError, ValueError) as e:
                log.debug("box not reachable at %s: %s", self.url, e)
                self._set_status(DISCONNECTED)
                self._stop.wait(RETRY)
                continue
            try:
                self._session()
            except Exception:
                log.exception("box link failed")
            self._close_port()
            with self._lock:
                self._channel = None
            if not self._stop.is_set():
                self._set_status(DISCONNECTED)
                self._stop.wait(0.2)

    def _session(self) -> None:
        with self._lock:
            while not self._out.empty():  # frames of a session that is over
                self._out.get_nowait()
            self._channel = p.Channel("app", self._out.put, self.link_clock, self._on_message,
                                      self._on_refused)
            self._nonce = p.new_nonce()
            self.box_id = None
            self._set_status(CONNECTING)
            self._channel.send({"t": "hello", "v": p.VERSION, "id": self.keys.app_id,
                                "n": self._nonce})
        hello_at = self.link_clock()
        while not self._stop.is_set():
            if not self._flush():
                return
            try:
                data = self._port.read(max(1, self._port.in_waiting))
            except (serial.SerialException, OSError) as e:
                log.info("box link read failed: %s", e)
                return
            with self._lock:
                if data:
                    self._channel.data_received(data)
                if self._status == CONNECTING and self.box_id is None \
                        and self.link_clock() - hello_at > HELLO_TIMEOUT:
                    log.info("no hello from the box within %.0f s", HELLO_TIMEOUT)
                    return
                if self._channel.key is None:
                    if self._channel.lost:
                        return
                    continue  # no heartbeat before the session is authenticated
                if not self._channel.tick():
                    return

    def _on_refused(self, reason: str) -> None:
        log.warning("box link: refused: %s", reason)

    def _on_message(self, body: dict) -> None:
        kind = body["t"]
        ch = self._channel
        if kind == "hello":
            self.box_id = body["id"]
            key = self.keys.get(self.box_id)
            if body.get("known") and key:
                ch.restart(p.session_key(key, self._nonce, body["n"]))
                ch.send({"t": "sync"})
                return
            self._set_status(UNPAIRED)
            self._send_pair()
            return
        if kind == "paired":
            if not self._dh or body["id"] != self.box_id:
                log.warning("unexpected pairing answer from %s: ignored", body["id"])
                return
            try:
                key = p.dh_shared_key(self._dh, body["pub"])
            except p.ProtocolError as e:
                log.warning("pairing answer refused: %s", e)
                return
            self.keys.put(self.box_id, key)
            self._want_pair = False
            log.info("paired with box %s", self.box_id)
            self._emit(BoxEvent("paired"))
            ch.lost = True  # start again with a hello, now with a key
            return
        if kind == "error":
            self.last_refusal = body["reason"]
            log.warning("box says: %s", body["reason"])
            if body["reason"].startswith("unpaired") and self._status == CONNECTING:
                self._set_status(UNPAIRED)
            self._emit(BoxEvent("refused", reason=body["reason"]))
            return
        # authenticated from here on
        if kind == "snapshot":
            self._on_snapshot(body)
        elif kind == "ready":
            self._set_ready(body["seat"], body["on"])
        elif kind == "vote":
            self._vote_in(body["seat"], body["sealed"])
        elif kind == "votes":
            if self._wanted.phase in ("vote", "closed") and body["round"] == self._wanted.round:
                self._reveal({int(s): t for s, t in body["votes"].items()})

    def _on_snapshot(self, snap: dict) -> None:
        first = self._status != CONNECTED
        self._set_status(CONNECTED)
        w = self._wanted
        if snap["phase"] == "debate" or w.phase == "debate":
            for seat in set(snap["ready"]) ^ self._ready:
                self._set_ready(seat, seat in snap["ready"])
        same_round = snap["round"] == w.round and w.phase in ("vote", "closed")
        if same_round:
            for s, sealed in snap.get("sealed", {}).items():
                self._vote_in(int(s), sealed)
            if snap["phase"] == "closed" and "votes" in snap:
                self._reveal({int(s): t for s, t in snap["votes"].items()})
        if not first:
            return
        # replay what the box missed while the link was down
        if w.phase == "debate" and snap["phase"] != "debate":
            remaining = max(0.0, w.deadline - self.clock())
            self._send({"t": "debate", "remaining": round(remaining, 3), "total": w.total})
        elif w.phase == "debate" and abs(snap["remaining"] - (w.deadline - self.clock())) > 2:
            remaining = max(0.0, w.deadline - self.clock())
            self._send({"t": "debate", "remaining": round(remaining, 3), "total": w.total})
        elif w.phase in ("vote", "closed") and not same_round and self._revealed is None:
            self._send({"t": "open", "seats": w.seats, "players": w.players, "round": w.round})
            if w.phase == "closed":
                self._send({"t": "close", "round": w.round})
        elif w.phase == "closed" and snap["phase"] == "vote" and same_round:
            self._send({"t": "close", "round": w.round})
        elif w.phase == "idle" and snap["phase"] != "idle":
            self._send({"t": "reset"})

    def _set_ready(self, seat: int, on: bool) -> None:
        if (seat in self._ready) == on:
            return
        (self._ready.add if on else self._ready.discard)(seat)
        self._emit(BoxEvent("ready", seat=seat, on=on))

    def _vote_in(self, seat: int, sealed: str) -> None:
        w = self._wanted
        if w.phase not in ("vote", "closed") or self._revealed is not None:
            log.info("a vote from seat %d arrived outside an open vote: ignored", seat + 1)
            return
        if seat not in w.seats:
            log.warning("a vote from seat %d, which votes on the tablet: ignored", seat + 1)
            return
        if seat in self._voted:
            return  # already in (a snapshot repeating it)
        try:
            target = p.open_seal(self._channel.key, sealed)
        except p.ProtocolError as e:
            log.warning("vote from seat %d refused: %s", seat + 1, e)
            return
        if not 0 <= target < w.players or target == seat:
            log.warning("vote from seat %d refused: not a seat another player holds", seat + 1)
            return
        self._hidden[seat] = target
        self._voted.add(seat)
        self._emit(BoxEvent("vote_in", seat=seat))
        if self._voted >= set(w.seats):
            self._reveal(dict(self._hidden))

    def _reveal(self, votes: dict[int, int]) -> None:
        if self._revealed is not None:
            return
        merged = {**self._hidden, **votes}
        self._revealed = merged
        self._wanted.phase = "closed"
        self._emit(BoxEvent("votes", votes=dict(merged)))
