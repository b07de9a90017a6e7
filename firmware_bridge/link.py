"""The box's side of the link: one session per connection, over a serial device and TCP.

Transports own their port and thread and only move bytes; a :class:`BoxSession` (the
protocol, in ``serial.threaded``'s sense) turns bytes into commands for :class:`BoxLogic` and
box events into frames. A session is authenticated once the app has proved, with a valid MAC,
that it holds the key paired with this box.
"""

from __future__ import annotations

import json
import logging
import os
import select
import socket
import threading
import time
from pathlib import Path

from . import protocol as p
from .box import BoxLogic

log = logging.getLogger(__name__)


class PairedApps:
    """The keys of the tablets paired with this box, in a JSON file readable by root only."""

    def __init__(self, path: str | Path | None):
        self.path = Path(path) if path else None
        self._keys: dict[str, bytes] = {}
        self._lock = threading.Lock()
        if self.path and self.path.exists():
            try:
                self._keys = {k: bytes.fromhex(v) for k, v in json.loads(self.path.read_text()).items()}
            except (OSError, ValueError, AttributeError) as e:
                log.error("paired keys in %s unreadable (%s): no tablet is paired", self.path, e)

    def get(self, app_id: str) -> bytes | None:
        with self._lock:
            return self._keys.get(app_id)

    def add(self, app_id: str, key: bytes) -> None:
        with self._lock:
            self._keys[app_id] = key
            if self.path:
                tmp = self.path.with_suffix(".tmp")
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                with os.fdopen(fd, "w") as f:
                    json.dump({k: v.hex() for k, v in self._keys.items()}, f)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, self.path)


class BoxSession:
    """The protocol for one connection. ``write`` sends bytes on it."""

    def __init__(self, bridge: "Bridge", write, name: str):
        self.bridge = bridge
        self.name = name
        self.app_id: str | None = None
        self.authenticated = False
        self._told_unpaired = False
        self.lock = threading.RLock()
        self.channel = p.Channel("box", write, bridge.clock, self._on_message, self._on_refused)

    # -- from the transport
    def data_received(self, data: bytes) -> None:
        with self.lock:
            self.channel.data_received(data)

    def tick(self) -> bool:
        with self.lock:
            alive = self.channel.tick()
            if not alive and self.authenticated:
                self.authenticated = False
                log.info("%s: link to app %s lost", self.name, self.app_id)
            return alive

    # -- refusals are logged, never fatal
    def _on_refused(self, reason: str) -> None:
        if reason.startswith("link lost"):
            log.info("%s: %s", self.name, reason)
            return
        log.warning("%s: refused: %s", self.name, reason)
        if "bad MAC" in reason or "unauthenticated" in reason:
            # answered only inside a handshake: bytes left over from an earlier session (a
            # restarted box reading a serial buffer) get no reply
            if self.app_id is not None and not self.authenticated and not self._told_unpaired:
                self._told_unpaired = True
                self.channel.send({"t": "error", "reason": "unpaired: this tablet is not paired "
                                   "with this box (hold an OK key for 3 s, then pair)"})

    def _on_message(self, body: dict) -> None:
        kind = body["t"]
        logic = self.bridge.logic
        if kind == "hello":
            self.app_id = body["id"]
            key = self.bridge.paired.get(self.app_id)
            nonce = p.new_nonce()
            self.authenticated = False
            self._told_unpaired = False
            self.channel.restart(p.session_key(key, body["n"], nonce) if key else None)
            self.channel.send({"t": "hello", "v": p.VERSION, "id": self.bridge.box_id, "n": nonce,
                               "known": key is not None})
            log.info("%s: hello from app %s (%s)", self.name, self.app_id,
                     "paired" if key else "not paired")
            return
        if kind == "pair":
            if not logic.pairing_open():
                log.warning("%s: pairing refused for app %s: the pairing window is closed",
                            self.name, body["id"])
                self.channel.send({"t": "error", "reason": "pairing refused: hold the OK key of "
                                   "any pad for 3 seconds to open the pairing window, then pair"})
                return
            try:
                private = p.dh_private()
                key = p.dh_shared_key(private, body["pub"])
            except p.ProtocolError as e:
                log.warning("%s: pairing refused: %s", self.name, e)
                self.channel.send({"t": "error", "reason": f"pairing refused: {e}"})
                return
            self.bridge.paired.add(body["id"], key)
            logic.end_pairing()
            logic.play("chirp")
            self.channel.send({"t": "paired", "id": self.bridge.box_id, "pub": p.dh_public(private)})
            log.info("%s: paired with app %s", self.name, body["id"])
            return
        # everything below arrived with a valid MAC: the app holds the paired key
        if not self.authenticated:
            self.authenticated = True
            log.info("%s: app %s authenticated", self.name, self.app_id)
        try:
            if kind == "sync":
                self._send_snapshot()
            elif kind == "debate":
                logic.debate(body["remaining"], body["total"])
            elif kind == "open":
                logic.open_vote(body["seats"], body["players"], body["round"])
            elif kind == "close":
                logic.close(body["round"])
            elif kind == "cue":
                logic.play(body["cue"])
            elif kind == "reset":
                logic.reset()
        except ValueError as e:
            log.warning("%s: %s refused: %s", self.name, kind, e)
            self.channel.send({"t": "error", "reason": f"{kind} refused: {e}", "ref": body["s"]})

    # -- to the app
    def _send_snapshot(self) -> None:
        snap = self.bridge.logic.snapshot()
        votes = snap.pop("votes")
        key = self.channel.key
        snap["voted"] = sorted(votes)
        snap["sealed"] = {str(s): p.seal_target(key, t) for s, t in votes.items()}
        if snap["phase"] == "closed":
            snap["votes"] = {str(s): t for s, t in votes.items()}
        self.channel.send({"t": "snapshot", **snap})

    def event(self, ev: dict) -> None:
        with self.lock:
            if not self.authenticated or self.channel.lost:
                return
            kind = ev["t"]
            if kind == "ready":
                self.channel.send({"t": "ready", "seat": ev["seat"], "on": ev["on"]})
            elif kind == "vote":
                self.channel.send({"t": "vote", "seat": ev["seat"],
                                   "sealed": p.seal_target(self.channel.key, ev["target"])})
            elif kind == "votes":
                self.channel.send({"t": "votes", "round": ev["round"],
                                   "votes": {str(s): t for s, t in ev["votes"].items()}})
            elif kind == "changed":
                self._send_snapshot()


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
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        logic.listeners.append(self._broadcast)

    def add_session(self, session: BoxSession) -> None:
        with self._lock:
            self.sessions.append(session)

    def remove_session(self, session: BoxSession) -> None:
        with self._lock:
            if session in self.sessions:
                self.sessions.remove(session)

    def _broadcast(self, ev: dict) -> None:
        with self._lock:
            sessions = list(self.sessions)
        for s in sessions:
            s.event(ev)

    def step(self) -> None:
        self.logic.poll()
        with self._lock:
            sessions = list(self.sessions)
        up = False
        for s in sessions:
            alive = s.tick()
            up = up or (alive and s.authenticated)
        self.logic.link_up = up

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

            session = BoxSession(bridge, write, f"serial {where}")
            bridge.add_session(session)
            log.info("serving the link on serial %s", where)
            try:
                while not bridge.stopping:
                    data = port.read(4096) if isinstance(port, FdPort) else \
                        port.read(max(1, port.in_waiting))
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


def serve_tcp(bridge: Bridge, host: str, port: int) -> tuple[socket.socket, threading.Thread]:
    """Serve the link on TCP; one session per connection. Returns the listening socket (its
    port is the real one when ``port`` is 0)."""
    server = socket.create_server((host, port), reuse_port=False)
    server.settimeout(0.2)

    def handle(conn: socket.socket, peer):
        conn.settimeout(0.2)
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        lock = threading.Lock()

        def write(data: bytes):
            with lock:
                conn.sendall(data)

        session = BoxSession(bridge, write, f"tcp {peer[0]}:{peer[1]}")
        bridge.add_session(session)
        try:
            while not bridge.stopping and not session.channel.lost:
                try:
                    data = conn.recv(4096)
                except socket.timeout:
                    continue
                if not data:
                    break
                session.data_received(data)
        except OSError as e:
            log.info("%s: %s", session.name, e)
        finally:
            bridge.remove_session(session)
            conn.close()
            log.info("%s: closed", session.name)

    def accept():
        while not bridge.stopping:
            try:
                conn, peer = server.accept()
            except socket.timeout:
                continue
            except OSError:
                break
            threading.Thread(target=handle, args=(conn, peer), daemon=True,
                             name=f"tcp {peer}").start()
        server.close()

    t = threading.Thread(target=accept, name="tcp accept", daemon=True)
    t.start()
    return server, t
