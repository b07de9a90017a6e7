"""The bridge in its own process (``onenight-box --simulate``), reached over a real
pseudo-terminal pair or loopback TCP, and driven through its console like a player would."""

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from onenight.box import BoxClient, KeyStore

KEY = bytes(range(32))
APP = "tablet-test"
BOX = "testbox"


class BridgeProcess:
    def __init__(self, state: Path, serial_fd: int | None = None, tcp: bool = False):
        self.state = state
        self.serial_fd = serial_fd
        self.tcp = tcp
        self.proc = None
        self.port = None
        self.lines: queue.Queue = queue.Queue()
        self.stderr = state / "bridge.log"

    def start(self):
        cmd = [sys.executable, "-m", "firmware_bridge", "--simulate", "--state", str(self.state),
               "--box-id", BOX, "--pair-hold", "0.2"]
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

    def expect(self, pattern: str, timeout: float = 5.0):
        """Wait for a console line matching ``pattern``."""
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"bridge never printed {pattern!r}") from None
            m = re.search(pattern, line)
            if m:
                return m

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


def paired_state(tmp_path: Path) -> tuple[Path, KeyStore]:
    """A box state directory and a tablet key store already paired with each other."""
    state = tmp_path / "box"
    state.mkdir()
    (state / "paired.json").write_text(json.dumps({APP: KEY.hex()}))
    store = tmp_path / "tablet.json"
    store.write_text(json.dumps({"app_id": APP, "boxes": {BOX: KEY.hex()}}))
    return state, KeyStore(store)


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
    bridge = BridgeProcess(state, serial_fd=master).start()
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
