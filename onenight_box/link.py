"""The box's side of the link: one session per connection, over a serial device and TCP.

Transports own their port and thread and only move bytes; a :class:`BoxSession` (the
protocol, in ``serial.threaded``'s sense) turns bytes into commands for :class:`BoxLogic` and
box events into frames. A session is authenticated once the app has proved, with a valid MAC,
that it holds the key paired with this box; **one** session is authenticated at a time, and
whatever a round's players chose goes to the app that opened the round, sealed, and to no one
else. docs/box-protocol.md states what is guaranteed against whom.
"""

from __future__ import annotations

import errno
import hmac
import json
import logging
import os
import select
import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from onenight.game.durable import write_json

from . import protocol as p
from .box import ACTIVE, BoxLogic, Refused

log = logging.getLogger(__name__)

AUTH_DEADLINE = 10.0  # seconds a connection has to authenticate (or start a pairing)
MAX_WAITING = 8  # TCP connections not yet authenticated; a new one pushes the oldest out
WAITING_RATE = 2048  # bytes a second read from a connection not yet authenticated...
WAITING_BURST = 4096  # ...after a first burst of this many
NEW_PER_HOST = 5.0  # new TCP connections a second from one address (after a burst of 10);
NEW_BURST = 10  # more are closed at once, before any thread or session is made for them
PICK_PERIOD = 0.5  # seconds between two sealed tables of a pick round, whatever happens
LOG_LINES = 20  # refusal lines logged per LOG_WINDOW (per authenticated session, and for
LOG_WINDOW = 10.0  # every other connection together); the rest are counted


class PairedApps:
    """The tablets paired with this box: key, name and when, in a JSON file readable by the
    box's user only. Read again when the file changes (``onenight-box --forget`` edits it
    while the bridge runs)."""

    def __init__(self, path: str | Path | None):
        self.path = Path(path) if path else None
        self._apps: dict[str, dict] = {}
        self._lock = threading.Lock()
        self._mtime = None
        self.reload()

    def reload(self) -> bool:
        """Read the file again if it changed; True if it did."""
        if self.path is None:
            return False
        try:
            mtime = self.path.stat().st_mtime_ns
        except OSError:
            mtime = None
        with self._lock:
            if mtime == self._mtime:
                return False
            self._mtime = mtime
            if mtime is None:
                self._apps = {}
                return True
            try:
                raw = json.loads(self.path.read_text())
                apps = {}
                for app_id, v in raw.items():
                    if isinstance(v, str):  # the first format: the key alone
                        v = {"key": v}
                    apps[str(app_id)] = {"key": bytes.fromhex(v["key"]),
                                         "name": str(v.get("name", ""))[:64],
                                         "at": int(v.get("at", 0))}
                self._apps = apps
            except (OSError, ValueError, AttributeError, KeyError, TypeError) as e:
                log.error("paired tablets in %s unreadable (%s): no tablet is paired", self.path, e)
                self._apps = {}
            return True

    def get(self, app_id: str) -> bytes | None:
        with self._lock:
            app = self._apps.get(app_id)
            return app["key"] if app else None

    def list(self) -> list[dict]:
        """Every paired tablet: ``{"id", "name", "at"}`` (``at``: when, in Unix seconds)."""
        with self._lock:
            return [{"id": i, "name": a["name"], "at": a["at"]}
                    for i, a in sorted(self._apps.items(), key=lambda x: (x[1]["at"], x[0]))]

    def add(self, app_id: str, key: bytes, name: str = "") -> None:
        with self._lock:
            self._apps[app_id] = {"key": key, "name": name[:64], "at": int(time.time())}
            self._write()

    def remove(self, app_id: str) -> bool:
        with self._lock:
            if self._apps.pop(app_id, None) is None:
                return False
            self._write()
            return True

    def _write(self) -> None:
        if self.path:
            write_json(self.path, {i: {"key": a["key"].hex(), "name": a["name"], "at": a["at"]}
                                   for i, a in self._apps.items()}, private=True)
            self._mtime = self.path.stat().st_mtime_ns


class LogLimit:
    """Refusal lines: at most ``lines`` per ``window`` seconds; the rest are counted, and said
    in one line when the next window opens. A flood of junk costs a few lines, not thousands."""

    def __init__(self, clock, lines: int = LOG_LINES, window: float = LOG_WINDOW):
        self.clock, self.lines, self.window = clock, lines, window
        self._start = -1e9
        self._used = 0
        self._dropped = 0
        self._lock = threading.Lock()

    def __call__(self, level: int, msg: str, *args) -> None:
        with self._lock:
            now = self.clock()
            if now - self._start >= self.window:
                if self._dropped:
                    log.warning("%d more refusals in the last %.0f s were not logged",
                                self._dropped, now - self._start)
                self._start, self._used, self._dropped = now, 0, 0
            if self._used >= self.lines:
                self._dropped += 1
                return
            self._used += 1
        log.log(level, msg, *args)


@dataclass
class _PendingPair:
    app_id: str
    name: str
    commit: str
    private: int
    public: str
    key: bytes | None = None  # once the app revealed its value


class BoxSession:
    """The protocol for one connection. ``write`` sends bytes on it; ``close()`` (given by the
    transport) drops the connection."""

    def __init__(self, bridge: "Bridge", write, name: str, close=None):
        self.bridge = bridge
        self.name = name
        self.app_id: str | None = None
        self.authenticated = False
        self.started = bridge.clock()
        self.pending: _PendingPair | None = None
        self._told_unauthentic = False
        self._last_error = -1e9
        self._close = close
        self.closed = False
        self.lock = threading.RLock()
        self._log = bridge.waiting_log
        self.channel = p.Channel("box", write, bridge.clock, self._on_message, self._on_refused,
                                 on_invalid=self._on_invalid, on_unauthentic=self._on_unauthentic)

    # -- from the transport
    def data_received(self, data: bytes) -> None:
        with self.lock:
            self.channel.data_received(data)

    def tick(self) -> bool:
        if not self.lock.acquire(blocking=False):
            return True  # busy reading or writing: ticked next time; the box loop never waits
        try:
            return self._tick()
        finally:
            self.lock.release()

    def _tick(self) -> bool:
        if self.pending is not None and not self.closed:
            # a pairing has no heartbeat (nothing is authenticated yet): the connection
            # waits for the code to be dialled, however long that takes
            return True
        alive = self.channel.tick() and not self.closed
        if not alive and self.authenticated:
            self.authenticated = False
            log.info("%s: link to app %s lost", self.name, self.app_id)
        return alive

    def close(self) -> None:
        """Drop this connection (kicked, timed out, or forgotten)."""
        with self.lock:
            self.closed = True
            self.authenticated = False
            self.channel.lost = True
            if self.pending is not None:
                self.bridge.pairing_dropped(self)
        if self._close is not None:
            try:
                self._close()
            except OSError:
                pass

    # -- refusals are logged (at a limited rate), never fatal
    def _on_refused(self, reason: str) -> None:
        if reason.startswith("link lost"):
            log.info("%s: %s", self.name, reason)
            return
        self._log(logging.WARNING, "%s: refused: %s", self.name, reason)

    def _error(self, reason: str, code: str, ref: int | None = None, limited: bool = True) -> None:
        """Tell the other side why something was refused; unauthenticated peers hear at most
        one error a second, so refusals cannot be turned into a flood."""
        now = self.bridge.clock()
        if limited and not self.authenticated:
            if now - self._last_error < 1.0:
                return
            self._last_error = now
        body = {"t": "error", "reason": reason[:400], "code": code}
        if ref is not None:
            body["ref"] = ref
        self.channel.send(body)

    def _on_invalid(self, body: dict, reason: str) -> None:
        kind = body.get("t")
        if kind == "hello" and body.get("v") != p.VERSION:
            self._error(f"version: {reason}; update the app or the box", "version")
        elif kind in p.UNAUTHENTICATED or self.authenticated:
            seq = body.get("s")
            ref = seq if isinstance(seq, int) and not isinstance(seq, bool) and seq > 0 else None
            self._error(f"{str(kind)[:20]} refused: {reason}", "invalid", ref)

    def _on_unauthentic(self, kind: str) -> None:
        # answered only inside a handshake (bytes left over from an earlier session, read by
        # a restarted box from a serial buffer, get no reply), and once
        if self.app_id is None or self.authenticated or self._told_unauthentic:
            return
        self._told_unauthentic = True
        if self.bridge.paired.get(self.app_id) is not None:
            self._error("key mismatch: this box holds another key for this tablet; forget "
                        "the tablet (box console, or a paired tablet's settings), then pair again",
                        "key_mismatch", limited=False)
        else:
            self._error("unpaired: this tablet is not paired with this box (tap Pair in the "
                        "app's settings)", "unpaired", limited=False)

    # -- messages
    def _on_message(self, body: dict) -> None:
        kind = body["t"]
        if kind == "hello":
            return self._hello(body)
        if kind == "pair":
            return self._pair(body)
        if kind == "pair_reveal":
            return self._reveal(body)
        # everything below arrived with a valid MAC: the app holds the paired key
        if not self.authenticated:
            if not self.bridge.claim(self):
                return
        logic = self.bridge.logic
        by = self.app_id
        try:
            if kind == "sync":
                self.send_snapshot()
                self.send_tablets()
            elif kind == "debate":
                logic.debate(body["remaining"], body["total"], by=by,
                             paused=body.get("paused", False))
            elif kind == "open":
                logic.open_round(body["round"], body["kind"], body["seats"], body["players"],
                                 body["targets"], body["self"], body["choice"], by=by)
            elif kind == "close":
                logic.close(body["round"], by=by)
            elif kind == "cue":
                logic.play(body["cue"])
            elif kind == "reset":
                logic.reset(by=by)
            elif kind == "forget":
                self.bridge.forget(body["id"], by=self)
        except Refused as e:
            self._log(logging.WARNING, "%s: %s refused: %s", self.name, kind, e)
            self._error(f"{kind} refused: {e}", e.code, body["s"])

    def _hello(self, body: dict) -> None:
        if self.authenticated:
            self.bridge.release(self)
        self.app_id = body["id"]
        key = self.bridge.paired.get(self.app_id)
        nonce = p.new_nonce()
        self.authenticated = False
        self._told_unauthentic = False
        self.channel.restart(p.session_key(key, body["n"], nonce) if key else None)
        self.channel.send({"t": "hello", "v": p.VERSION, "id": self.bridge.box_id, "n": nonce,
                           "known": key is not None, "pads": self.bridge.logic.n})
        self._log(logging.INFO, "%s: hello from app %s (%s)", self.name, self.app_id,
                  "paired" if key else "not paired")

    def _pair(self, body: dict) -> None:
        """A tablet asks to pair: the box answers with its public value once the tablet has
        committed to its own, and only between games, for an id it does not know yet."""
        app_id = body["id"]
        why = self.bridge.may_pair(self, app_id)
        if why:
            code, reason = why
            self._log(logging.WARNING, "%s: pairing refused for %s: %s", self.name, app_id[:64],
                      reason)
            self._error(f"pairing refused: {reason}", code, limited=False)
            return
        try:
            self.bridge.logic.start_pairing()  # the pads take digits from now on
        except Refused as e:
            self.bridge.pairing_dropped(self)
            self._error(f"pairing refused: {e}", e.code, limited=False)
            return
        private = p.dh_private()
        self.pending = _PendingPair(app_id, body["name"], body["commit"], private,
                                    p.dh_public(private))
        self.channel.send({"t": "pair_pub", "id": self.bridge.box_id, "pub": self.pending.public})
        log.info("%s: pairing asked by %s", self.name, app_id)

    def _reveal(self, body: dict) -> None:
        pend = self.pending
        if pend is None or pend.key is not None or body["id"] != pend.app_id:
            self._error("pairing refused: no pairing under way for this tablet", "pairing")
            return
        if not hmac.compare_digest(p.pair_commit(body["pub"]), pend.commit):
            self.bridge.pairing_dropped(self)
            self._error("pairing refused: the value sent does not match its commitment",
                        "pairing", limited=False)
            return
        try:
            pend.key = p.dh_shared_key(pend.private, body["pub"])
            self.bridge.logic.pairing_code(p.pair_code(pend.key, body["pub"], pend.public))
        except p.ProtocolError as e:
            self.bridge.pairing_dropped(self)
            self._error(f"pairing refused: {e}", "pairing", limited=False)
            return
        log.info("%s: pairing %s: waiting for the code to be dialled on a pad", self.name,
                 pend.app_id)

    def pair_code(self, ev: dict) -> None:
        """The code of this session's pairing was dialled (right or wrong), or time ran out."""
        with self.lock:
            pend = self.pending
            if pend is None or pend.key is None:
                return
            if ev["ok"]:
                self.pending = None
                self.bridge.paired_with(pend)
                self.channel.send({"t": "paired", "id": self.bridge.box_id,
                                   "proof": p.pair_proof(pend.key, pend.app_id, self.bridge.box_id)})
                log.info("%s: paired with app %s", self.name, pend.app_id)
                return
            if ev["final"]:
                self.pending = None
                self._error("pairing refused: the code was not dialled right in time; tap Pair "
                            "again", "pairing", limited=False)
            else:
                self._error("pairing: a wrong code was dialled on the box; dial it again",
                            "wrong_code", limited=False)

    # -- to the app
    def send_snapshot(self) -> None:
        with self.lock:
            if not self.authenticated or self.channel.lost:
                return
            snap = self.bridge.logic.snapshot()
            chosen = snap.pop("votes")
            owner = snap.pop("owner")
            mine = owner is not None and owner == self.app_id
            key = self.channel.key
            snap["mine"] = mine
            if snap["kind"] == "vote":
                snap["voted"] = sorted(chosen)
                if mine:
                    snap["sealed"] = {str(s): p.seal_target(key, t) for s, t in chosen.items()}
            else:  # who has picked is as secret as what: nothing per seat
                snap["voted"] = []
                if mine:
                    snap["picks"] = p.seal_table(key, chosen)
            self.channel.send({"t": "snapshot", **snap})

    def send_tablets(self) -> None:
        with self.lock:
            if self.authenticated and not self.channel.lost:
                self.channel.send({"t": "tablets", "tablets": self.bridge.paired.list()})

    def event(self, ev: dict, mine: bool) -> None:
        """A box event; ``mine``: this session's app owns the round under way."""
        with self.lock:
            if not self.authenticated or self.channel.lost:
                return
            kind = ev["t"]
            key = self.channel.key
            if kind == "ready":
                self.channel.send({"t": "ready", "seat": ev["seat"], "on": ev["on"]})
            elif kind == "vote" and mine:
                self.channel.send({"t": "vote", "seat": ev["seat"],
                                   "sealed": p.seal_target(key, ev["target"])})
            elif kind == "votes" and mine:
                self.channel.send({"t": "votes", "round": ev["round"],
                                   "sealed": {str(s): p.seal_target(key, t)
                                              for s, t in ev["votes"].items()}})
            elif kind == "picks" and mine:
                self.channel.send({"t": "picks", "round": ev["round"],
                                   "sealed": p.seal_table(key, ev["picks"])})
            elif kind == "picking" and mine:
                self.channel.send({"t": "picking", "round": ev["round"],
                                   "sealed": p.seal_table(key, ev["picks"])})
            elif kind in ("changed", "vote", "votes", "picks"):
                self.send_snapshot()


class Bridge:
    """The box's program: the logic, the sessions, and the loop that runs both."""

    def __init__(self, logic: BoxLogic, paired: PairedApps, box_id: str, clock=time.monotonic,
                 period: float = 0.01):
        self.logic = logic
        self.paired = paired
        self.box_id = box_id
        self.clock = clock
        self.period = period
        self.sessions: list[BoxSession] = []
        self.session: BoxSession | None = None  # the one authenticated session
        self.pairing: BoxSession | None = None  # the session whose pairing is under way
        self.waiting_log = LogLimit(clock)  # refusals from sessions not authenticated
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._next_pick = 0.0
        self._next_reload = 0.0
        logic.listeners.append(self._on_box_event)

    # -- sessions
    def add_session(self, session: BoxSession) -> None:
        with self._lock:
            self.sessions.append(session)

    def remove_session(self, session: BoxSession) -> None:
        with self._lock:
            if session in self.sessions:
                self.sessions.remove(session)
            if self.session is session:
                self.session = None
            if self.pairing is session:
                self.pairing_dropped(session)

    def claim(self, session: BoxSession) -> bool:
        """A session proved it holds its tablet's key. One tablet at a time: the same tablet
        on a new connection replaces its old one; another is refused while it is there."""
        replaced = None
        with self._lock:
            current = self.session
            if current is not None and current is not session and not current.channel.lost \
                    and not current.closed:
                if current.app_id != session.app_id:
                    busy = current.app_id
                else:
                    busy, replaced = None, current
            else:
                busy = None
            if busy is None:
                self.session = session
                session.authenticated = True
                session._log = LogLimit(self.clock)
        if busy is not None:
            self.waiting_log(logging.WARNING, "%s: app %s refused: app %s is connected",
                             session.name, session.app_id, busy)
            session._error(f"busy: another tablet ({busy}) is connected to the box; one at a "
                           "time", "busy")
            session.close()
            return False
        if replaced is not None:
            log.info("%s: app %s is back on a new connection: the old one is dropped",
                     session.name, session.app_id)
            replaced.close()
        log.info("%s: app %s authenticated", session.name, session.app_id)
        return True

    def release(self, session: BoxSession) -> None:
        with self._lock:
            if self.session is session:
                self.session = None
            session.authenticated = False

    # -- pairing
    def may_pair(self, session: BoxSession, app_id: str) -> tuple[str, str] | None:
        """None if this session may start a pairing for ``app_id``, else (code, reason)."""
        phase = self.logic.state.phase
        with self._lock:
            if phase in ACTIVE:
                return "pairing", f"the box is busy ({phase}); pair between games"
            if self.paired.get(app_id) is not None:
                return "known", (f"a tablet with the id {app_id} is already paired; to pair it "
                                 "again, forget it first (box console, or a paired tablet's "
                                 "settings)")
            if self.pairing is not None and self.pairing is not session:
                return "pairing", "another pairing is waiting for its code"
            if len(self.paired.list()) >= p.MAX_TABLETS:
                return "pairing", f"{p.MAX_TABLETS} tablets are paired already; forget one first"
            if session.pending is not None:
                self.logic.end_pairing()
            self.pairing = session
        return None

    def pairing_dropped(self, session: BoxSession) -> None:
        with self._lock:
            session.pending = None
            if self.pairing is session:
                self.pairing = None
                self.logic.end_pairing()

    def paired_with(self, pend: _PendingPair) -> None:
        with self._lock:
            self.paired.add(pend.app_id, pend.key, pend.name)
            self.pairing = None
            current = self.session
        log.info("paired tablets: %s", ", ".join(t["id"] for t in self.paired.list()))
        if current is not None:
            current.send_tablets()  # the tablet at the table is told at once

    def forget(self, app_id: str, by: BoxSession | None = None) -> bool:
        """Forget a tablet (from a paired tablet, or the console with ``by=None``). A tablet
        forgets another only between games and not while the box holds the other's round
        (forgetting frees the round); itself, at any time."""
        state = self.logic.state
        if by is not None and app_id != by.app_id and (
                state.phase in ACTIVE or state.phase == "closed" and state.owner == app_id):
            raise Refused("a tablet can forget another only between games, and not while the "
                          "box holds that tablet's round (the box's console can)", "refused")
        if not self.paired.remove(app_id):
            if by is not None:
                raise Refused(f"no tablet {app_id} is paired with this box", "refused")
            return False
        log.info("tablet %s forgotten%s", app_id, f" by {by.app_id}" if by else "")
        self.logic.disown(app_id)
        self._forgotten(app_id)
        return True

    def _forgotten(self, app_id: str) -> None:
        with self._lock:
            sessions = list(self.sessions)
            current = self.session
        for s in sessions:
            if s.app_id == app_id and s.authenticated:
                s.close()
        if current is not None and current.app_id != app_id:
            current.send_tablets()

    # -- events
    def _on_box_event(self, ev: dict) -> None:
        if ev["t"] == "pair_code":
            with self._lock:
                pairing = self.pairing
            if pairing is not None:
                pairing.pair_code(ev)
            return
        with self._lock:
            session = self.session
        if session is not None:
            owner = self.logic.state.owner
            session.event(ev, mine=owner is not None and owner == session.app_id)

    def step(self) -> None:
        self.logic.poll()
        now = self.clock()
        with self._lock:
            sessions = list(self.sessions)
            session = self.session
        for s in sessions:
            alive = s.tick()
            if alive and not s.authenticated and s.pending is None \
                    and now - s.started > AUTH_DEADLINE and s._close is not None:
                self.waiting_log(logging.INFO, "%s: not authenticated after %.0f s: closed",
                                 s.name, AUTH_DEADLINE)
                s.close()
        up = session is not None and session.authenticated and not session.channel.lost
        self.logic.link_up = up
        state = self.logic.state
        if state.phase == "pick" and now >= self._next_pick:
            # the sealed table goes out at a steady pace, whatever was pressed: its size and
            # its timing say nothing of who chose, nor when
            self._next_pick = now + PICK_PERIOD
            if up:
                with self.logic.lock:
                    ev = {"t": "picking", "round": state.round, "picks": dict(state.votes)}
                self._on_box_event(ev)
        if now >= self._next_reload:
            self._next_reload = now + 1.0
            if self.paired.reload():
                self._paired_file_changed()

    def _paired_file_changed(self) -> None:
        log.info("paired tablets changed on disk: %s",
                 ", ".join(t["id"] for t in self.paired.list()) or "none")
        with self._lock:
            sessions = list(self.sessions)
        for s in sessions:
            if s.authenticated and self.paired.get(s.app_id) is None:
                self.logic.disown(s.app_id)
                s.close()
        owner = self.logic.state.owner
        if owner is not None and self.paired.get(owner) is None:
            self.logic.disown(owner)
        if self.session is not None:
            self.session.send_tablets()

    def run(self) -> None:
        while not self._stop.is_set():
            # cleared before step(), not after the wait: a press arriving between the two
            # would otherwise wait a whole period
            self.logic.wake.clear()
            try:
                self.step()
            except Exception:  # the loop keeps the countdown: it must never die
                log.exception("box loop error")
            self.logic.wake.wait(self.period)  # a key press or an event wakes it at once

    def start(self) -> None:
        t = threading.Thread(target=self.run, name="box-loop", daemon=True)
        t.start()
        self._threads.append(t)

    def stop(self) -> None:
        self._stop.set()
        self.logic.wake.set()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def pause(self, seconds: float) -> None:
        """Wait ``seconds``, or less if the bridge is stopping."""
        self._stop.wait(seconds)


# ---------------------------------------------------------------------- transports

class FdPort:
    """An already open file descriptor (a pseudo-terminal's master, or one handed over by a
    service manager) used like a serial port."""

    def __init__(self, fd: int):
        self.fd = fd
        os.set_blocking(fd, True)

    def read(self, n: int, timeout: float = 0.05) -> bytes:
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return b""
        data = os.read(self.fd, n)
        if not data:
            raise OSError("end of file")
        return data

    def write(self, data: bytes, timeout: float = 0.5) -> None:
        view = memoryview(data)
        while view:
            _, w, _ = select.select([], [self.fd], [], timeout)
            if not w:  # nobody reads the other end: a lost link, not a stuck box
                raise OSError(f"write timed out after {timeout} s")
            n = os.write(self.fd, view)
            view = view[n:]

    def close(self) -> None:
        pass  # the fd belongs to whoever handed it over


def serve_serial(bridge: Bridge, where: str) -> threading.Thread:
    """Serve the link on a serial device (``/dev/ttyGS0``, ``/dev/rfcomm0``...) or on an
    inherited file descriptor (``fd:N``). Reopens the device if it goes away."""

    def open_port():
        if where.startswith("fd:"):
            return FdPort(int(where[3:]))
        import serial  # only the box needs pyserial here; protocol.py never imports it
        return serial.Serial(where, baudrate=115200, timeout=0.05, write_timeout=0.5)

    def run():
        while not bridge.stopping:
            try:
                port = open_port()
            except (OSError, ValueError) as e:
                log.warning("serial %s: cannot open (%s); retrying", where, e)
                bridge.pause(1.0)
                continue
            lock = threading.Lock()

            def write(data: bytes, port=port, lock=lock):
                with lock:
                    port.write(data)

            def new_session():
                # a serial line is one connection for ever: a dropped session starts afresh
                s = BoxSession(bridge, write, f"serial {where}")
                bridge.add_session(s)
                return s

            session = new_session()
            log.info("serving the link on serial %s", where)
            try:
                while not bridge.stopping:
                    data = port.read(4096) if isinstance(port, FdPort) else \
                        port.read(max(1, port.in_waiting))
                    if session.closed:
                        bridge.remove_session(session)
                        session = new_session()
                    if data:
                        session.data_received(data)
            except Exception as e:  # a vanished device must not kill the bridge
                log.warning("serial %s: %s; reopening", where, e)
            finally:
                bridge.remove_session(session)
                try:
                    port.close()
                except Exception:
                    pass
            bridge.pause(0.5)

    t = threading.Thread(target=run, name=f"serial {where}", daemon=True)
    t.start()
    return t


def _drain(conn: socket.socket, limit: float = 1.0) -> None:
    """Read what the peer still sends (at most ``limit`` seconds), so that closing does not
    reset the connection and lose the last frame sent to it (an error saying why)."""
    end = time.monotonic() + limit
    try:
        conn.shutdown(socket.SHUT_WR)
    except OSError:
        return
    try:
        conn.settimeout(0.05)
        while time.monotonic() < end and conn.recv(4096):
            pass
    except OSError:
        pass


class _Budget:
    """A token bucket of bytes: how much a connection not yet authenticated may send."""

    def __init__(self, clock, rate: float = WAITING_RATE, burst: float = WAITING_BURST):
        self.clock, self.rate, self.burst = clock, rate, burst
        self.tokens, self.at = burst, clock()

    def spend(self, n: int) -> float:
        """Take ``n`` bytes; returns how long to wait before reading on (0: at once)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        self.tokens -= n
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate


def serve_tcp(bridge: Bridge, host: str, port: int) -> tuple[socket.socket | None, threading.Thread]:
    """Serve the link on TCP; one session per connection. Returns the listening socket (its
    port is the real one when ``port`` is 0), or None when ``host`` is not an address of this
    machine yet (a Wi-Fi hotspot still coming up): the bridge then keeps trying every second.

    Connections that have not authenticated are held to :data:`MAX_WAITING` (a new one pushes
    the oldest out), to :data:`WAITING_RATE` bytes a second, and to :data:`AUTH_DEADLINE`
    seconds; the authenticated one is never pushed out nor slowed down."""

    waiting: list[BoxSession] = []
    lock = threading.Lock()

    def handle(conn: socket.socket, peer):
        conn.settimeout(0.2)
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        wlock = threading.Lock()

        def write(data: bytes):
            with wlock:
                if session.authenticated:
                    conn.sendall(data)
                    return
                # a peer that has not authenticated and does not read what it is sent is no
                # tablet: its connection is dropped rather than waited for
                try:
                    sent = conn.send(data, socket.MSG_DONTWAIT)
                except BlockingIOError:
                    sent = 0
                if sent < len(data):
                    raise OSError("the peer reads nothing of what it is sent")

        def close():
            try:  # a FIN after the last frame; what the peer still sends is drained below
                conn.shutdown(socket.SHUT_WR)
            except OSError:
                pass

        session = BoxSession(bridge, write, f"tcp {peer[0]}:{peer[1]}", close=close)
        with lock:
            waiting.append(session)
            oldest = waiting.pop(0) if len(waiting) > MAX_WAITING else None
        if oldest is not None:
            bridge.waiting_log(logging.INFO, "%s: too many connections waiting: closed",
                               oldest.name)
            oldest.close()
        bridge.add_session(session)
        budget = _Budget(bridge.clock)
        try:
            while not bridge.stopping and not session.channel.lost and not session.closed:
                try:
                    data = conn.recv(4096)
                except socket.timeout:
                    continue
                if not data:
                    break
                if not session.authenticated and session.pending is None:
                    wait = budget.spend(len(data))
                    if wait:
                        bridge.pause(min(wait, 1.0))  # TCP pushes back on the sender meanwhile
                session.data_received(data)
                if session.authenticated:
                    with lock:
                        if session in waiting:
                            waiting.remove(session)
        except OSError as e:
            (log.log if session.authenticated else bridge.waiting_log)(
                logging.INFO, "%s: %s", session.name, e)
        finally:
            with lock:
                if session in waiting:
                    waiting.remove(session)
            was = session.authenticated
            bridge.remove_session(session)
            _drain(conn)
            conn.close()
            (log.log if was else bridge.waiting_log)(logging.INFO, "%s: closed", session.name)

    def accept(server):
        hosts: dict[str, _Budget] = {}
        while not bridge.stopping:
            try:
                conn, peer = server.accept()
            except socket.timeout:
                continue
            except OSError:
                break
            budget = hosts.get(peer[0])
            if budget is None:
                if len(hosts) > 256:
                    hosts.clear()
                budget = hosts[peer[0]] = _Budget(bridge.clock, NEW_PER_HOST, NEW_BURST)
            if budget.spend(1):
                bridge.waiting_log(logging.INFO, "tcp %s: too many new connections: closed",
                                   peer[0])
                conn.close()
                bridge.pause(0.01)  # a storm of connections costs the box little time
                continue
            threading.Thread(target=handle, args=(conn, peer), daemon=True,
                             name=f"tcp {peer}").start()
        server.close()

    def bind():
        server = socket.create_server((host, port), reuse_port=False)
        server.settimeout(0.2)
        return server

    try:
        server = bind()
    except OSError as e:
        if e.errno != errno.EADDRNOTAVAIL:
            raise
        log.warning("tcp %s:%d: no such address here yet (%s); trying every second", host, port, e)

        def wait_then_serve():
            while not bridge.stopping:
                bridge.pause(1.0)
                try:
                    s = bind()
                except OSError:
                    continue
                log.info("listening on tcp %s:%d", host, port)
                accept(s)
                return

        t = threading.Thread(target=wait_then_serve, name="tcp bind", daemon=True)
        t.start()
        return None, t
    t = threading.Thread(target=accept, args=(server,), name="tcp accept", daemon=True)
    t.start()
    return server, t
