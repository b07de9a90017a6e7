"""The app's side of the box link.

:class:`BoxClient` opens the box with pyserial's ``serial_for_url`` (a device path, a
``socket://host:port`` address, or ``loop://``), keeps the link up by itself, pairs once, and
tells the app what happens through a callback or a queue. It never imports kivy: the UI hands
the events to its own thread (``Clock.schedule_once``).

What the UI may see and when: ``ready_seats`` and ``voted_seats`` at any time; ``votes`` (who
voted for whom) only once the vote is over: every seat voting on the box has voted, or the host
closed the vote; ``picked_seats`` (which woken seats have made their night's choice) and
``picks`` (what they chose) are for the game master only: the box itself is never told who is
awake. The box sends each choice sealed (encrypted for this tablet); the client opens and keeps
it, so a box that dies mid-round loses nothing that was already in.
"""

from __future__ import annotations

import hmac
import json
import logging
import os
import platform
import queue
import threading
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import serial

from onenight_box import protocol as p
from onenight.game.durable import write_json

log = logging.getLogger(__name__)

DISCONNECTED, CONNECTING, UNPAIRED, CONNECTED = "disconnected", "connecting", "unpaired", "connected"
BUSY = "busy"  # another tablet is connected to the box
KEY_MISMATCH = "key_mismatch"  # the box holds another key for this tablet
INCOMPATIBLE = "incompatible"  # the box speaks another version of the protocol
#: Statuses that say why the link cannot come up: kept while the client tries again.
STUCK = (BUSY, KEY_MISMATCH, INCOMPATIBLE)
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
    * ``"pick_in"``: a woken seat has made its choice, or changed it (``seat``, and
      ``choice``: a seat, or 1 for yes and 0 for no; for the game master only, who plays it
      at once: the seer sees her card during her call);
    * ``"picks"``: the pick round is over; ``picks`` maps each woken seat that chose to its
      choice (a seat, or 1 for yes and 0 for no);
    * ``"refused"``: the box refused something (``reason``);
    * ``"pair_code"``: the code to dial on a pad to pair (``code``), or None once no pairing
      waits for one;
    * ``"paired"``: pairing succeeded;
    * ``"tablets"``: the tablets paired with the box (``tablets``: ``{"id", "name", "at"}``);
    * ``"new_tablet"``: a tablet was paired with the box since this one last looked
      (``tablet``).
    ``round`` is the round a ``vote_in``, ``votes``, ``pick_in`` or ``picks`` belongs to (an
    event of a round the app has since replaced is stale). Seats are 0-based, as in the rules
    engine."""

    kind: str
    seat: int | None = None
    on: bool | None = None
    status: str | None = None
    votes: dict | None = None
    picks: dict | None = None
    reason: str | None = None
    code: str | None = None
    tablets: list | None = None
    tablet: dict | None = None
    round: int | None = None
    choice: int | None = None


class KeyStore:
    """The tablet's identity, the keys of the boxes it is paired with, and the tablets it has
    seen paired with each box, in a JSON file readable by its owner only. Anything with
    ``app_id``, ``get(box_id)``, ``put(box_id, key)``, ``seen(box_id)`` and
    ``remember(box_id, ids)`` will do."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else None
        self._data = {"app_id": f"tablet-{uuid.uuid4().hex[:12]}", "boxes": {}, "seen": {}}
        self._lock = threading.Lock()
        if self.path and self.path.exists():
            try:
                data = json.loads(self.path.read_text())
                if not isinstance(data, dict):
                    raise ValueError("not a JSON object")
                if isinstance(data.get("app_id"), str) and isinstance(data.get("boxes"), dict):
                    self._data = {"seen": {}, **data}
            except (OSError, ValueError, AttributeError, RecursionError) as e:
                # ValueError: a number too long
                log.error("box keys in %s unreadable (%s): this tablet must pair again", path,
                          str(e)[:200])

    @property
    def app_id(self) -> str:
        return self._data["app_id"]

    def get(self, box_id: str) -> bytes | None:
        with self._lock:
            v = self._data["boxes"].get(box_id)
            try:
                return bytes.fromhex(v) if isinstance(v, str) else None
            except ValueError:
                return None

    def put(self, box_id: str, key: bytes) -> None:
        with self._lock:
            self._data["boxes"][box_id] = key.hex()
            self._save()

    def seen(self, box_id: str) -> set[str] | None:
        """The tablets this one knew to be paired with the box, or None if it never looked."""
        with self._lock:
            ids = self._data["seen"].get(box_id)
            return set(ids) if isinstance(ids, list) else None

    def remember(self, box_id: str, ids: Iterable[str]) -> None:
        with self._lock:
            self._data["seen"][box_id] = sorted(ids)
            self._save()

    def _save(self) -> None:
        if self.path:
            try:
                write_json(self.path, self._data, private=True)
            except OSError as e:
                log.error("box keys not saved to %s: %s", self.path, e)


@dataclass
class _Wanted:
    """What the app asked the box to be doing, sent again whenever a snapshot shows the box
    doing something else (it restarted without its state, or its console reset it)."""

    phase: str = "unknown"  # unknown (nothing asked yet) | idle | debate | vote | pick | closed
    kind: str = "vote"
    deadline: float = 0.0  # client clock
    total: float = 0.0
    paused: bool = False  # the debate's countdown held: ``held`` seconds left
    held: float = 0.0
    round: int = 0
    seats: list = field(default_factory=list)
    players: int = 0
    targets: list = field(default_factory=list)
    self_ok: bool = False
    choice: str = "seat"
    woken: frozenset = frozenset()  # never sent: the box is not told who is awake

    def open_message(self) -> dict:
        return {"t": "open", "round": self.round, "kind": self.kind, "seats": self.seats,
                "players": self.players, "targets": self.targets, "self": self.self_ok,
                "choice": self.choice}


class BoxClient:
    """The link to one vote box. Thread-safe; events come from the client's own thread."""

    def __init__(self, url: str, key_store: KeyStore, *, clock: Callable[[], float] = time.monotonic,
                 on_event: Callable[[BoxEvent], None] | None = None, baudrate: int = 115200,
                 link_clock: Callable[[], float] = time.monotonic, name: str | None = None):
        """``clock`` is the game's clock, in which ``start_debate``'s deadline is given;
        ``link_clock`` times the heartbeat and resends and must follow real time. ``name``
        is how this tablet appears in the box's list of paired tablets."""
        self.url = url
        self.keys = key_store
        self.clock = clock
        self.link_clock = link_clock
        self.on_event = on_event
        self.name = (name if name is not None else platform.node())[:64]
        self.events: queue.SimpleQueue[BoxEvent] = queue.SimpleQueue()  # used when no on_event
        self.baudrate = baudrate
        self.box_id: str | None = None
        self.pads = 0  # how many pads the box has (from its hello)
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
        self._pairing: dict | None = None  # private value, public value, then key and code
        self._wanted = _Wanted()
        self._ready: set[int] = set()
        self._voted: set[int] = set()
        self._hidden: dict[int, int] = {}  # opened seals: not shown until the round is over
        self._revealed: dict[int, int] | None = None
        self._picks_revealed: dict[int, int] | None = None
        self.tablets: list[dict] = []
        self.pair_code: str | None = None
        self.last_refusal: str | None = None

    # ------------------------------------------------------------------ what the UI reads
    @property
    def status(self) -> str:
        return self._status

    @property
    def ready_seats(self) -> frozenset[int]:
        with self._lock:
            return frozenset(self._ready)

    voted_seats = property(lambda self: self._chosen("vote"), doc=(
        "Seats whose vote is in on the box (the others can vote on the tablet): a frozenset."))
    votes = property(lambda self: self._result("_revealed"), doc=(
        "seat -> target for the box's voters, or None while the vote is still going."))
    picked_seats = property(lambda self: self._chosen("pick"), doc=(
        "The woken seats whose choice is in (for the game master's eyes only): a frozenset."))
    picks = property(lambda self: self._result("_picks_revealed"), doc=(
        "woken seat -> choice, or None while the pick round is still going."))

    def _chosen(self, kind: str) -> frozenset[int]:
        with self._lock:
            return frozenset(self._voted) if self._wanted.kind == kind else frozenset()

    def _result(self, name: str) -> dict[int, int] | None:
        with self._lock:
            value = getattr(self, name)
            return None if value is None else dict(value)

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
        self._set_status(DISCONNECTED, force=True)

    def pair(self) -> None:
        """Ask the box to pair (between games). The box answers with its part of the key;
        the client then emits ``pair_code``: the code a player dials on any pad, pressing OK
        after each digit. Status becomes "connected" once the box has checked it."""
        with self._lock:
            self._want_pair = True
            self._send_pair()

    def forget(self, app_id: str) -> None:
        """Have the box forget a paired tablet (this one included: it must pair again)."""
        with self._lock:
            self._send({"t": "forget", "id": app_id})

    def start_debate(self, deadline_s: float, total_s: float | None = None,
                     paused: bool = False) -> None:
        """The debate ends at ``deadline_s`` on this client's clock; the box shows the time
        left on its bar and sounds the last minute, 3-2-1 and the end by itself.
        ``paused``: the countdown is held with the time it has left now (the bar stays,
        nothing sounds) until the next ``start_debate``."""
        with self._lock:
            remaining = max(0.0, deadline_s - self.clock())
            total = total_s or remaining or 1.0
            self._wanted = _Wanted("debate", deadline=deadline_s, total=total, paused=paused,
                                   held=remaining)
            self._ready.clear()
            self._send(self._debate_message())

    def _debate_message(self) -> dict:
        w = self._wanted
        remaining = w.held if w.paused else max(0.0, w.deadline - self.clock())
        body = {"t": "debate", "remaining": round(remaining, 3), "total": round(w.total, 3)}
        return {**body, "paused": True} if w.paused else body

    def open_vote(self, seats, players: int, round: int | None = None, *,
                  targets: Iterable[int] | None = None, self_vote: bool = False) -> int:
        """Open a vote on the box for ``seats`` (the others vote on the tablet): each dials
        one of ``targets`` (every seat by default; the tied seats for a second vote; the
        living for the classic game), themselves only if ``self_vote`` (the captain's
        election). Returns the round number. Give the ``round`` of a vote this app opened
        before it restarted to take that vote over: the box keeps the votes already cast."""
        return self._open("vote", seats, players, round, targets, self_vote, "seat", frozenset())

    def open_pick(self, living, players: int, *, woken, choice: str = "seat",
                  targets: Iterable[int] | None = None, self_pick: bool = False,
                  round: int | None = None) -> int:
        """Open a night's pick: every pad in ``living`` takes a choice alike (no light, no
        sound), and the client keeps only the ``woken`` seats' (never sent to the box).
        ``choice``: "seat" (one of ``targets``, itself only if ``self_pick``) or "yes_no"
        (dial 1 for yes, 0 for no). A later press replaces an earlier one. Two seats to
        choose (Cupid, the Pied Piper) are two picks, one after the other. Returns the round."""
        if choice not in p.CHOICES:
            raise ValueError(f"unknown choice {choice!r} (known: {', '.join(p.CHOICES)})")
        return self._open("pick", living, players, round, targets, self_pick, choice,
                          frozenset(woken))

    def _open(self, kind, seats, players, rnd, targets, self_ok, choice, woken) -> int:
        seats = sorted(set(seats))
        targets = sorted(set(range(players) if targets is None else targets))
        with self._lock:
            # a round named by the app may be one the box holds already (an app restarted in
            # the middle of it): a snapshot then brings what was cast before
            take_over = rnd is not None
            rnd = rnd if rnd is not None else int.from_bytes(os.urandom(4), "big") >> 1
            self._wanted = _Wanted(kind, kind=kind, round=rnd, seats=seats, players=players,
                                   targets=targets, self_ok=self_ok, choice=choice, woken=woken)
            self._voted.clear()
            self._hidden.clear()
            self._revealed = None
            self._picks_revealed = None
            self._send(self._wanted.open_message())
            if take_over:
                self._send({"t": "sync"})
            if kind == "vote" and not seats:
                self._reveal({})
            return rnd

    def close_round(self) -> None:
        """End the round now (a vote or a pick). If the box is reachable it sends every
        choice it holds; if not, what was already received is revealed at once (and, for a
        vote, the rest vote on the tablet)."""
        with self._lock:
            if self._wanted.phase not in ("vote", "pick"):
                return
            self._wanted.phase = "closed"
            if self._status == CONNECTED:
                self._send({"t": "close", "round": self._wanted.round})
            else:
                log.info("box unreachable: closing the round with the %d choices already in",
                         len(self._hidden))
                self._reveal(dict(self._hidden))

    close_vote = close_round

    def cue(self, name: str) -> None:
        """Sound a buzzer cue: last_minute, three_two_one, end or chirp."""
        if name not in p.CUES:
            raise ValueError(f"unknown cue {name!r} (known: {', '.join(p.CUES)})")
        with self._lock:
            self._send({"t": "cue", "cue": name})

    def reset(self) -> None:
        with self._lock:
            self._wanted = _Wanted("idle")
            self._ready.clear()
            self._voted.clear()
            self._hidden.clear()
            self._revealed = None
            self._picks_revealed = None
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

    def _set_status(self, status: str, force: bool = False) -> None:
        with self._lock:
            # a status that says why the link cannot come up stays while the client retries
            keep = status in (DISCONNECTED, CONNECTING) and self._status in STUCK and not force
            if status != self._status and not keep:
                self._status = status
                log.info("box link: %s", status)
                self._emit(BoxEvent("status", status=status))
            if status == DISCONNECTED and self._wanted.phase == "closed" and self._done() is None:
                log.info("box gone after the round was closed: revealing the %d choices in",
                         len(self._hidden))
                self._reveal(dict(self._hidden))

    def _done(self):
        return self._revealed if self._wanted.kind == "vote" else self._picks_revealed

    def _send(self, body: dict) -> None:
        """Send now if the session is up; otherwise it is sent after the next snapshot."""
        ch = self._channel
        if ch is not None and self._status == CONNECTED:
            ch.send(body)

    def _send_pair(self) -> None:
        ch = self._channel
        if ch is not None and self._want_pair and self._status in (UNPAIRED, CONNECTING) \
                and self.box_id is not None:
            private = p.dh_private()
            self._pairing = {"private": private, "public": p.dh_public(private)}
            ch.send({"t": "pair", "id": self.keys.app_id, "name": self.name,
                     "commit": p.pair_commit(self._pairing["public"])})

    def _show_code(self, code: str | None) -> None:
        if code != self.pair_code:
            self.pair_code = code
            self._emit(BoxEvent("pair_code", code=code))

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
                self._stop.wait(0.2 if self._status not in STUCK else RETRY)

    def _session(self) -> None:
        with self._lock:
            while not self._out.empty():  # frames of a session that is over
                self._out.get_nowait()
            self._channel = p.Channel("app", self._out.put, self.link_clock, self._on_message,
                                      self._on_refused, on_invalid=self._on_invalid)
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
                if self.box_id is None and self.link_clock() - hello_at > HELLO_TIMEOUT:
                    log.info("no hello from the box within %.0f s", HELLO_TIMEOUT)
                    return
                if self._channel.key is None:
                    if self._channel.lost:
                        self._flush()
                        return
                    continue  # no heartbeat before the session is authenticated
                if not self._channel.tick():
                    return

    def _on_refused(self, reason: str) -> None:
        log.warning("box link: refused: %s", reason)

    def _on_invalid(self, body: dict, reason: str) -> None:
        if body.get("t") == "hello" and body.get("v") != p.VERSION:
            self.last_refusal = f"the box speaks another protocol version: {reason}"
            self._set_status(INCOMPATIBLE)
            self._emit(BoxEvent("refused", reason=self.last_refusal))
            self._channel.lost = True

    def _on_message(self, body: dict) -> None:
        kind = body["t"]
        ch = self._channel
        if kind == "hello":
            self.box_id = body["id"]
            self.pads = body["pads"]
            key = self.keys.get(self.box_id)
            if body["known"] and key:
                ch.restart(p.session_key(key, self._nonce, body["n"]))
                ch.send({"t": "sync"})
                return
            if body["known"]:
                self.last_refusal = ("the box knows this tablet, but this tablet lost its key: "
                                     "forget it on the box, then pair again")
                self._set_status(KEY_MISMATCH, force=True)
                self._emit(BoxEvent("refused", reason=self.last_refusal))
                return
            self._set_status(UNPAIRED, force=True)
            self._send_pair()
            return
        if kind == "pair_pub":
            return self._on_pair_pub(body)
        if kind == "paired":
            return self._on_paired(body)
        if kind == "error":
            return self._on_error(body)
        # authenticated from here on
        if kind == "snapshot":
            self._on_snapshot(body)
        elif kind == "tablets":
            self._on_tablets(body["tablets"])
        elif kind == "ready":
            self._set_ready(body["seat"], body["on"])
        elif kind == "vote":
            self._vote_in(body["seat"], body["sealed"])
        elif kind == "votes":
            w = self._wanted
            if w.kind == "vote" and w.phase in ("vote", "closed") and body["round"] == w.round:
                for s, sealed in body["sealed"].items():
                    self._vote_in(int(s), sealed, reveal=False)
                self._reveal(dict(self._hidden))
        elif kind in ("picking", "picks"):
            w = self._wanted
            if w.kind == "pick" and w.phase in ("pick", "closed") and body["round"] == w.round:
                self._picks_in(body["sealed"])
                if kind == "picks":
                    self._reveal(dict(self._hidden))

    def _on_pair_pub(self, body: dict) -> None:
        pend = self._pairing
        if pend is None or "key" in pend or body["id"] != self.box_id:
            log.warning("unexpected pairing answer from %s: ignored", body["id"][:64])
            return
        try:
            key = p.dh_shared_key(pend["private"], body["pub"])
        except p.ProtocolError as e:
            log.warning("pairing answer refused: %s", e)
            return
        pend["key"] = key
        self._channel.send({"t": "pair_reveal", "id": self.keys.app_id, "pub": pend["public"]})
        self._show_code(p.pair_code(key, pend["public"], body["pub"]))
        log.info("pairing with box %s: the code is shown, to be dialled on a pad", self.box_id)

    def _on_paired(self, body: dict) -> None:
        pend = self._pairing
        if pend is None or "key" not in pend or body["id"] != self.box_id:
            log.warning("unexpected pairing answer from %s: ignored", body["id"][:64])
            return
        proof = p.pair_proof(pend["key"], self.keys.app_id, self.box_id)
        if not hmac.compare_digest(proof, body["proof"]):
            log.warning("pairing answer refused: the box does not hold the same key")
            self.last_refusal = "pairing failed: the box answered with another key"
            self._emit(BoxEvent("refused", reason=self.last_refusal))
            return
        self.keys.put(self.box_id, pend["key"])
        self._pairing = None
        self._want_pair = False
        self._show_code(None)
        log.info("paired with box %s", self.box_id)
        self._emit(BoxEvent("paired"))
        self._channel.lost = True  # start again with a hello, now with a key

    def _on_error(self, body: dict) -> None:
        reason, code = body["reason"], body.get("code")
        self.last_refusal = reason
        log.warning("box says: %s", reason)
        if code == "unpaired" and self._status == CONNECTING:
            self._set_status(UNPAIRED, force=True)
        elif code == "key_mismatch":
            self._set_status(KEY_MISMATCH, force=True)
        elif code == "busy":
            self._set_status(BUSY, force=True)
        elif code == "version":
            self._set_status(INCOMPATIBLE, force=True)
        elif code in ("pairing", "known"):
            self._pairing = None
            self._want_pair = False
            self._show_code(None)
        self._emit(BoxEvent("refused", reason=reason))

    def _on_tablets(self, tablets: list[dict]) -> None:
        self.tablets = [dict(t) for t in tablets]
        self._emit(BoxEvent("tablets", tablets=list(self.tablets)))
        ids = {t["id"] for t in tablets}
        seen = self.keys.seen(self.box_id)
        if seen is not None:
            for t in tablets:
                if t["id"] not in seen and t["id"] != self.keys.app_id:
                    log.warning("box %s: a new tablet was paired: %s", self.box_id, t["id"])
                    self._emit(BoxEvent("new_tablet", tablet=dict(t)))
        if seen != ids:
            self.keys.remember(self.box_id, ids)

    def _on_snapshot(self, snap: dict) -> None:
        first = self._status != CONNECTED
        self._set_status(CONNECTED, force=True)
        w = self._wanted
        if snap["phase"] == "debate" or w.phase == "debate":
            for seat in set(snap["ready"]) ^ self._ready:
                self._set_ready(seat, seat in snap["ready"])
        same_round = snap["round"] == w.round and snap["kind"] == w.kind \
            and w.phase in ("vote", "pick", "closed")
        if same_round and snap["mine"]:
            if w.kind == "vote":
                for s, sealed in snap.get("sealed", {}).items():
                    self._vote_in(int(s), sealed)
            elif "picks" in snap:
                self._picks_in(snap["picks"])
            if snap["phase"] == "closed":
                self._reveal(dict(self._hidden))
        self._reconcile(snap, first, same_round)

    def _reconcile(self, snap: dict, first: bool, same_round: bool) -> None:
        """Every snapshot is compared with what the app asked for; what the box lost (a
        restart without its state, a reset from its console, a link down while the app
        acted) is asked again. Commands are idempotent, so asking twice changes nothing."""
        if not first and self._channel.unacknowledged:
            return  # a command is on its way: the box's next snapshot will show it
        w = self._wanted
        phase = snap["phase"]
        again: list[dict] = []
        if w.phase == "debate":
            again_debate = self._debate_message()
            if phase != "debate" or abs(snap["remaining"] - again_debate["remaining"]) > 2 \
                    or snap.get("paused", False) != w.paused:
                again.append(again_debate)
        elif w.phase in ("vote", "pick"):
            if not same_round or phase not in (w.kind, "closed"):
                again.append(w.open_message())
        elif w.phase == "closed" and self._done() is None:
            if not same_round:
                again += [w.open_message(), {"t": "close", "round": w.round}]
            elif phase == w.kind:
                again.append({"t": "close", "round": w.round})
        elif w.phase == "idle" and phase != "idle" and (snap["mine"] or phase == "debate"):
            again.append({"t": "reset"})
        for body in again:
            if not first:
                log.info("the box is not doing what this tablet asked (%s): %s sent again",
                         phase, body["t"])
            self._send(body)

    def _set_ready(self, seat: int, on: bool) -> None:
        if (seat in self._ready) == on:
            return
        (self._ready.add if on else self._ready.discard)(seat)
        self._emit(BoxEvent("ready", seat=seat, on=on))

    def _vote_in(self, seat: int, sealed: str, reveal: bool = True) -> None:
        w = self._wanted
        if w.kind != "vote" or w.phase not in ("vote", "closed") or self._revealed is not None:
            log.info("a vote from seat %d arrived outside an open vote: ignored", seat + 1)
            return
        if seat not in w.seats:
            log.warning("a vote from seat %d, which does not vote on the box: ignored", seat + 1)
            return
        if seat in self._voted:
            return  # already in (a snapshot repeating it)
        try:
            target = p.open_seal(self._channel.key, sealed)
        except p.ProtocolError as e:
            log.warning("vote from seat %d refused: %s", seat + 1, e)
            return
        if target not in w.targets or (target == seat and not w.self_ok):
            log.warning("vote from seat %d refused: not a seat this round may choose", seat + 1)
            return
        self._hidden[seat] = target
        self._voted.add(seat)
        self._emit(BoxEvent("vote_in", seat=seat, round=w.round))
        if reveal and self._voted >= set(w.seats):
            self._reveal(dict(self._hidden))

    def _picks_in(self, sealed: str) -> None:
        """A sealed table of every pad's choice: only the woken seats' are kept."""
        w = self._wanted
        if self._picks_revealed is not None:
            return
        try:
            table = p.open_table(self._channel.key, sealed)
        except p.ProtocolError as e:
            log.warning("the box's choices refused: %s", e)
            return
        for seat, value in table.items():
            if seat not in w.woken or seat not in w.seats:
                continue  # a sleeping player's press: nobody hears of it
            if w.choice == "yes_no":
                if value not in (0, 1):
                    continue
            elif value not in w.targets or (value == seat and not w.self_ok):
                continue
            if self._hidden.get(seat) == value:
                continue
            self._hidden[seat] = value
            self._voted.add(seat)
            self._emit(BoxEvent("pick_in", seat=seat, choice=value, round=w.round))

    def _reveal(self, chosen: dict[int, int]) -> None:
        if self._done() is not None:
            return
        merged = {**self._hidden, **chosen}
        self._wanted.phase = "closed"
        if self._wanted.kind == "vote":
            self._revealed = merged
            self._emit(BoxEvent("votes", votes=dict(merged), round=self._wanted.round))
        else:
            self._picks_revealed = merged
            self._emit(BoxEvent("picks", picks=dict(merged), round=self._wanted.round))
