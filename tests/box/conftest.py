"""The bridge in its own process (``onenight-box --simulate``), reached over a real
pseudo-terminal pair or loopback TCP, and driven through its console like a player would;
and a raw app, to send what a well-behaved client never would."""

import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import serial

from onenight_box import protocol as p
from onenight.box import BoxClient, KeyStore

KEY = bytes(range(32))
APP = "tablet-test"
BOX = "testbox"


T = 30.0  # generous timeout for every wait; a passing test never waits that long (a
# whole run on a loaded two-core machine once took more than 10 s to see the box open a round)


class BridgeProcess:
    def __init__(self, state: Path, serial_fd: int | None = None, tcp: bool = False,
                 pins: str | None = None):
        self.state = state
        self.serial_fd = serial_fd
        self.tcp = tcp
        self.pins = pins
        self.proc = None
        self.port = None
        self.lines: queue.Queue = queue.Queue()
        self.stderr = state.parent / f"{state.name}-bridge.log"

    @property
    def url(self) -> str:
        return f"socket://127.0.0.1:{self.port}"

    def start(self):
        cmd = [sys.executable, "-m", "onenight_box", "--simulate", "--state", str(self.state),
               "--box-id", BOX]
        if self.pins:
            cmd += ["--pins", self.pins]
        fds = ()
        if self.serial_fd is not None:
            cmd += ["--serial", f"fd:{self.serial_fd}"]
            fds = (self.serial_fd,)
        if self.tcp:
            cmd += ["--tcp", "127.0.0.1:0"]
        with open(self.stderr, "a") as err:
            self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=err, text=True, pass_fds=fds)
        threading.Thread(target=self._read, args=(self.proc,), daemon=True).start()
        if self.tcp:
            self.port = int(self.expect(r"listening tcp .*:(\d+)")[1])
        self.expect("simulated box")
        return self

    def _read(self, proc):
        for line in proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def say(self, command: str):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def console(self) -> list[str]:
        """The console lines not read yet."""
        out = []
        while not self.lines.empty():
            out.append(self.lines.get())
        return out

    def expect(self, pattern: str, timeout: float = T):
        """Wait for a console line matching ``pattern``."""
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"bridge never printed {pattern!r}") from None
            m = re.search(pattern, line)
            if m:
                return m

    def wait_link(self, up: bool) -> None:
        """Until the box says its link to a tablet is up (or down)."""
        want = "up" if up else "down"
        deadline = time.monotonic() + T
        while True:
            self.say("show")
            if self.expect(r"link (up|down)")[1] == want:
                return
            assert time.monotonic() < deadline, f"the box's link never went {want}"

    def wait_round(self, rnd: int) -> None:
        """Until the box holds round ``rnd`` (a pad pressed from then on counts for it)."""
        deadline = time.monotonic() + T
        while True:
            self.say("show")
            if int(self.expect(r"phase \w+ round (\d+)")[1]) == rnd:
                return
            assert time.monotonic() < deadline, f"the box never opened round {rnd}"

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(5)
        self.proc.stdin.close()
        self.proc.stdout.close()

    def log(self) -> str:
        return self.stderr.read_text()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
            self.proc.stdout.close()


def paired_state(tmp_path: Path, others: dict | None = None) -> tuple[Path, KeyStore]:
    """A box state directory and a tablet key store already paired with each other
    (``others``: more tablets the box knows, id -> key)."""
    state = tmp_path / "box"
    state.mkdir()
    (state / "paired.json").write_text(json.dumps(
        {APP: KEY.hex(), **{i: k.hex() for i, k in (others or {}).items()}}))
    store = tmp_path / "tablet.json"
    store.write_text(json.dumps({"app_id": APP, "boxes": {BOX: KEY.hex()}}))
    return state, KeyStore(store)


def connected(c):
    return c.status == "connected"


class RawApp:
    """A hand-driven app over any pyserial URL (loopback TCP, or a pseudo-terminal's slave
    opened a second time), to send what a well-behaved client never would. ``raw`` keeps
    every byte the box sent it; ``got`` every message that passed the channel."""

    def __init__(self, url: str):
        if url.startswith("socket://"):  # pyserial's socket read drops what came before a close
            host, _, port = url[len("socket://"):].rpartition(":")
            self.sock = socket.create_connection((host, int(port)), timeout=T)
            self.sock.settimeout(0.05)
            self.port = None
        else:
            self.sock = None
            self.port = serial.serial_for_url(url, timeout=0.05, write_timeout=T)
        self.got: list[dict] = []
        self.sent: list[bytes] = []
        self.raw = bytearray()
        self.closed = False  # the box closed the connection
        self.ch = p.Channel("app", self._write, time.monotonic, self.got.append, lambda r: None)

    def _write(self, data):
        self.sent.append(data)
        self.write(data)

    def write(self, data: bytes) -> None:
        if self.sock is not None:
            self.sock.sendall(data)
        else:
            self.port.write(data)

    def _read(self) -> bytes:
        if self.sock is None:
            return self.port.read(4096)
        try:
            data = self.sock.recv(4096)
        except socket.timeout:
            return b""
        if not data:
            raise ConnectionError("closed by the box")
        return data

    def pump(self, seconds: float = 0.0) -> None:
        """Read what is there (for ``seconds`` at least), and acknowledge it."""
        end = time.monotonic() + seconds
        while not self.closed:
            try:
                data = self._read()
            except (serial.SerialException, OSError):
                self.closed = True
                return
            if data:
                self.raw += data
                self.ch.data_received(data)
            if time.monotonic() >= end and not data:
                return

    def read_until(self, done, timeout: float = T):
        """Read until ``done()`` holds, or a message of kind ``done`` (a string) arrives;
        returns the latest message of that kind."""
        kind = done if isinstance(done, str) else None
        if kind:
            start = len(self.got)
            done = lambda: any(m["t"] == kind for m in self.got[start:])
        deadline = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < deadline, f"the box never answered ({kind or 'condition'})"
            assert not self.closed, f"the box closed the connection ({kind or 'condition'})"
            self.pump()
        return next((m for m in reversed(self.got) if m["t"] == kind), None)

    def hello(self, app_id=APP, key=KEY, version=p.VERSION):
        nonce = p.new_nonce()
        self.ch.send({"t": "hello", "v": version, "id": app_id, "n": nonce})
        h = self.read_until("hello")
        self.ch.restart(p.session_key(key, nonce, h["n"]))
        return h

    def session(self, app_id=APP, key=KEY) -> dict:
        """hello, then sync: an authenticated session; returns the first snapshot."""
        self.hello(app_id, key)
        self.ch.send({"t": "sync"})
        return self.read_until(lambda: any(m["t"] in ("snapshot", "error") for m in self.got)) \
            or next(m for m in reversed(self.got) if m["t"] in ("snapshot", "error"))

    def last(self, kind: str) -> dict | None:
        return next((m for m in reversed(self.got) if m["t"] == kind), None)

    def pair(self, app_id: str, name: str = "phone") -> tuple[dict, str | None]:
        """Ask to pair; returns the box's answer and, if it answered with its value, the code
        the tablet would show (the key is then in ``self.pairing_key``)."""
        private = p.dh_private()
        public = p.dh_public(private)
        self.ch.send({"t": "pair", "id": app_id, "name": name, "commit": p.pair_commit(public)})
        answer = self.read_until(lambda: any(m["t"] in ("pair_pub", "error") for m in self.got))
        answer = next(m for m in reversed(self.got) if m["t"] in ("pair_pub", "error"))
        if answer["t"] != "pair_pub":
            return answer, None
        self.pairing_key = p.dh_shared_key(private, answer["pub"])
        self.ch.send({"t": "pair_reveal", "id": app_id, "pub": public})
        return answer, p.pair_code(self.pairing_key, public, answer["pub"])

    def close(self):
        (self.sock or self.port).close()


def pair_by_code(bridge: BridgeProcess, client: BoxClient, seat: int = 1) -> None:
    """Pair ``client`` with the box as a host would: tap Pair, read the code on the tablet,
    dial it on a pad."""
    assert client.wait_for(lambda c: c.status == "unpaired", T)
    client.pair()
    assert client.wait_for(lambda c: c.pair_code is not None, T)
    bridge.say(f"code {seat} {client.pair_code}")
    assert client.wait_for(connected, T), (client.last_refusal, bridge.console())


@pytest.fixture
def pty_pair():
    """A real pseudo-terminal pair: the bridge serves the master, the app opens the slave."""
    master, slave = os.openpty()
    yield master, os.ttyname(slave)
    os.close(master)
    os.close(slave)


@pytest.fixture
def over_pty(tmp_path, pty_pair):
    master, path = pty_pair
    state, keys = paired_state(tmp_path)
    bridge = BridgeProcess(state, serial_fd=master, tcp=True).start()
    bridge.tty = path
    client = BoxClient(path, keys)
    client.start()
    yield bridge, client
    client.stop()
    bridge.stop()


@pytest.fixture
def over_tcp(tmp_path):
    state, keys = paired_state(tmp_path)
    bridge = BridgeProcess(state, tcp=True).start()
    client = BoxClient(f"socket://127.0.0.1:{bridge.port}", keys)
    client.start()
    yield bridge, client
    client.stop()
    bridge.stop()
