"""Soak of the vote box link: a bounded stress run that stops by itself.

    .venv/bin/python bench/soak_box.py --minutes 3

The bridge runs in its own process on mock pins (the simulated box of ``onenight-box
--simulate``, same devices, logic and link), with all ten pads pressing as fast as the
debounce allows. The app's :class:`BoxClient` runs here and talks to it through a relay that
cuts the link every few seconds and restores it: half the time over a pseudo-terminal, half
over loopback TCP. It alternates debates (every press toggles "ready") and votes (every pad
dials a target and presses; the box refuses any second vote).

Checked: every vote of every round reaches the app exactly once and right (none lost, none
duplicated), each seat's "ready" events alternate (no duplicate) and end equal to the box's,
and the resident memory of both processes stays flat (sampled from /proc). Exit status 1 if
anything fails. Results: docs/reliability.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import select
import socket
import subprocess
import sys
import tempfile
import threading
import time
import tty
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

KEY = bytes(range(32))
CUT_EVERY = 5.0  # seconds of link between cuts
CUT_FOR = 3.5  # seconds without link (longer than the protocol's 3 s link timeout)
DEBATE = 4.0  # seconds of ready-pressing per debate
T = 20.0  # the longest any single wait may take


def rss_kb(pid: int | str = "self") -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


# ---- the box's process ----------------------------------------------------------------------
def box_main(state: str, serial_fd: int | None) -> None:
    """The bridge on mock pins, pads pressed by a thread; commands on stdin:
    ``dial K`` (every seat s dials seat (s+K) mod 10), ``stats`` (prints the box's state)."""
    import logging

    from onenight_box import link
    from onenight_box.box import DEBOUNCE, BoxLogic, VoteBox
    from onenight_box.pins import load
    from onenight_box.simulate import SimulatedHardware

    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    pins = load()
    hw = SimulatedHardware(pins)
    box = VoteBox(pins, pin_factory=hw.factory)
    logic = BoxLogic(box, store=Path(state) / "state.json")
    bridge = link.Bridge(logic, link.PairedApps(Path(state) / "paired.json"), "soakbox")
    presses = [0]
    if serial_fd is not None:
        link.serve_serial(bridge, f"fd:{serial_fd}")
    server, _ = link.serve_tcp(bridge, "127.0.0.1", 0)
    bridge.start()
    n = len(pins.seats)
    stop = threading.Event()

    def press_all():  # every pad at once, as fast as the debounce allows
        gap = DEBOUNCE * 1.2
        while not stop.is_set():
            for s in range(n):
                hw.key(s, True)
            stop.wait(gap)
            for s in range(n):
                hw.key(s, False)
            presses[0] += 1
            if presses[0] % 100 == 0:
                # gpiozero's mock pins keep every state they went through, for tests' asserts;
                # real pins keep nothing: forget it, so memory measures the box, not the mock
                for pin in list(hw.mock.pins.values()):
                    pin.clear_states()
            stop.wait(gap)

    threading.Thread(target=press_all, daemon=True).start()
    print(f"port {server.getsockname()[1]}", flush=True)
    for line in sys.stdin:
        words = line.split()
        if words[:1] == ["dial"]:
            k = int(words[1])
            for s in range(n):
                hw.dial(s, ((s + k) % n + 1) % 10)
            print("dialled", flush=True)
        elif words[:1] == ["hold"]:
            stop.set()
            time.sleep(0.2)
            print("held", flush=True)
        elif words[:1] == ["stats"]:
            snap = logic.snapshot()
            print("stats " + json.dumps({"phase": snap["phase"], "ready": snap["ready"],
                                         "presses": presses[0] * n}), flush=True)
    stop.set()
    bridge.stop()


# ---- the relays that cut the link -----------------------------------------------------------
class Relay:
    """Moves bytes both ways between the app's end and the box's end; ``cut()`` drops the
    link (TCP: closes the connection and refuses new ones; PTY: bytes are dropped) until
    ``restore()``."""

    def __init__(self):
        self.up = threading.Event()
        self.up.set()
        self.stop = threading.Event()
        self.cuts = 0

    def cut(self):
        self.cuts += 1
        self.up.clear()

    def restore(self):
        self.up.set()


class PtyRelay(Relay):
    def __init__(self):
        super().__init__()
        self.app_master, app_slave = os.openpty()
        self.app_path = os.ttyname(app_slave)
        self._keep = app_slave
        self.box_master, self.box_slave = os.openpty()
        tty.setraw(self.box_slave)
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self):
        a, b = self.app_master, self.box_slave
        while not self.stop.is_set():
            r, _, _ = select.select([a, b], [], [], 0.05)
            for fd in r:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    continue
                if self.up.is_set():
                    os.write(b if fd == a else a, data)


class TcpRelay(Relay):
    def __init__(self, box_port: int):
        super().__init__()
        self.box_port = box_port
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.1)
        self.port = self.server.getsockname()[1]
        self.conns: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def cut(self):
        super().cut()
        with self.lock:
            for c in self.conns:
                try:
                    c.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                c.close()
            self.conns.clear()

    def _accept(self):
        while not self.stop.is_set():
            try:
                app, _ = self.server.accept()
            except socket.timeout:
                continue
            if not self.up.is_set():
                app.close()
                continue
            box = socket.create_connection(("127.0.0.1", self.box_port))
            with self.lock:
                self.conns += [app, box]
            for src, dst in ((app, box), (box, app)):
                threading.Thread(target=self._pipe, args=(src, dst), daemon=True).start()

    @staticmethod
    def _pipe(src, dst):
        try:
            while True:
                data = src.recv(4096)
                if not data:
                    break
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.close()
            except OSError:
                pass


# ---- the app's side -------------------------------------------------------------------------
class Tally:
    """What the app heard, as counters only (so its own memory stays flat)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.ready_last: dict[int, bool] = {}
        self.ready_events = 0
        self.duplicates = 0
        self.vote_in: dict[int, int] = {}
        self.votes_events = 0

    def __call__(self, ev):
        with self.lock:
            if ev.kind == "ready":
                self.ready_events += 1
                if self.ready_last.get(ev.seat) == ev.on:
                    self.duplicates += 1
                self.ready_last[ev.seat] = ev.on
            elif ev.kind == "vote_in":
                self.vote_in[ev.seat] = self.vote_in.get(ev.seat, 0) + 1
            elif ev.kind == "votes":
                self.votes_events += 1


def soak(transport: str, seconds: float, report: dict) -> list[str]:
    from onenight.box import BoxClient, KeyStore

    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "box").mkdir()
        (tmp / "box" / "paired.json").write_text(json.dumps({"soak": KEY.hex()}))
        (tmp / "tablet.json").write_text(json.dumps({"app_id": "soak",
                                                     "boxes": {"soakbox": KEY.hex()}}))
        relay = PtyRelay() if transport == "pty" else None
        cmd = [sys.executable, __file__, "--box", str(tmp / "box")]
        fds: tuple = ()
        if relay is not None:
            cmd += ["--serial-fd", str(relay.box_master)]
            fds = (relay.box_master,)
        log = open(tmp / "bridge.log", "w")
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log,
                                text=True, pass_fds=fds, cwd=ROOT)
        box_port = int(proc.stdout.readline().split()[1])
        if relay is None:
            relay = TcpRelay(box_port)
            url = f"socket://127.0.0.1:{relay.port}"
        else:
            url = relay.app_path

        def ask(command: str, answer: str) -> str:
            proc.stdin.write(command + "\n")
            proc.stdin.flush()
            while True:
                line = proc.stdout.readline()
                if not line:
                    raise RuntimeError("the bridge died: see its log")
                if line.startswith(answer):
                    return line

        tally = Tally()
        client = BoxClient(url, KeyStore(tmp / "tablet.json"), on_event=tally)
        client.start()
        connected = lambda c: c.status == "connected"  # noqa: E731
        samples: list[tuple[float, int, int]] = []
        start = time.monotonic()
        next_cut = start + CUT_EVERY
        rounds = votes_ok = 0
        stop_sampling = threading.Event()

        def sample():
            while not stop_sampling.wait(1.0):
                samples.append((time.monotonic() - start, rss_kb(), rss_kb(proc.pid)))

        threading.Thread(target=sample, daemon=True).start()

        def cut_if_due():
            nonlocal next_cut
            if time.monotonic() >= next_cut:
                relay.cut()
                time.sleep(CUT_FOR)  # a soak runs on real time: the link is down this long
                relay.restore()
                next_cut = time.monotonic() + CUT_EVERY

        try:
            while time.monotonic() - start < seconds:
                # a debate: every press toggles ready, link cut whenever due
                if not client.wait_for(connected, T):
                    problems.append("the link did not come back")
                    break
                with tally.lock:  # a new debate: nobody is ready, without an event
                    tally.ready_last.clear()
                client.start_debate(time.monotonic() + 120, 300)
                t_end = time.monotonic() + DEBATE
                while time.monotonic() < t_end:
                    cut_if_due()
                    time.sleep(0.2)
                # a vote: every seat dials (s+k) and keeps pressing; a cut may come mid-vote
                rounds += 1
                k = 1 + rounds % 9
                ask(f"dial {k}", "dialled")
                if not client.wait_for(connected, T):
                    problems.append("the link did not come back")
                    break
                with tally.lock:
                    tally.vote_in.clear()
                    before = tally.votes_events
                client.open_vote(range(10), 10)
                deadline = time.monotonic() + T + CUT_FOR
                while client.votes is None and time.monotonic() < deadline:
                    cut_if_due()
                    time.sleep(0.05)
                votes = client.votes
                want = {s: (s + k) % 10 for s in range(10)}
                with tally.lock:
                    ins = dict(tally.vote_in)
                    got_votes = tally.votes_events - before
                if votes != want:
                    problems.append(f"round {rounds}: votes {votes} instead of {want}")
                elif any(n != 1 for n in ins.values()) or len(ins) != 10 or got_votes != 1:
                    problems.append(f"round {rounds}: vote_in counts {ins}, votes events "
                                    f"{got_votes}")
                else:
                    votes_ok += 1
            # the end: pads stop; the app's view of "ready" must come to match the box's
            if client.wait_for(connected, T):
                with tally.lock:
                    tally.ready_last.clear()
                client.start_debate(time.monotonic() + 120, 300)
                time.sleep(1.0)
            ask("hold", "held")
            ready = set(json.loads(ask("stats", "stats ")[6:])["ready"])
            if not client.wait_for(lambda c: c.ready_seats == ready, T):
                problems.append(f"ready seats: the app has {sorted(client.ready_seats)}, "
                                f"the box {sorted(ready)}")
        finally:
            stop_sampling.set()
            elapsed = time.monotonic() - start
            stats = json.loads(ask("stats", "stats ")[6:])
            client.stop()
            relay.stop.set()
            proc.stdin.close()
            proc.wait(10)
            log.close()
            lines = open(tmp / "bridge.log").read().splitlines()
            warnings = sum(1 for x in lines if " WARNING " in x)
            lost = sum(1 for x in lines if "link lost" in x or ": closed" in x)
            errors = sum(1 for x in lines if " ERROR " in x or "Traceback" in x)
        if rounds == 0:
            problems.append("no vote round ran")
        if tally.duplicates:
            problems.append(f"{tally.duplicates} duplicated ready events")
        if errors:
            problems.append(f"{errors} errors in the bridge's log")
        warm = [s for s in samples if s[0] >= elapsed * 0.2] or samples
        app_growth = warm[-1][1] - warm[0][1] if warm else 0
        box_growth = warm[-1][2] - warm[0][2] if warm else 0
        if app_growth > 4096 or box_growth > 4096:
            problems.append(f"memory grew: app {app_growth} kB, box {box_growth} kB")
        report[transport] = {
            "seconds": round(elapsed, 1), "link_cuts": relay.cuts, "vote_rounds": rounds,
            "rounds_exact": votes_ok, "pad_presses": stats["presses"],
            "ready_events_heard": tally.ready_events, "duplicated_events": tally.duplicates,
            "bridge_log_lines": len(lines), "bridge_warnings": warnings,
            "bridge_saw_link_lost": lost, "bridge_errors": errors,
            "rss_kb_app": [warm[0][1], max(s[1] for s in warm), warm[-1][1]] if warm else [],
            "rss_kb_box": [warm[0][2], max(s[2] for s in warm), warm[-1][2]] if warm else [],
        }
    return problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=3.0,
                    help="total length, split between the PTY and TCP runs (default 3)")
    ap.add_argument("--box", help=argparse.SUPPRESS)
    ap.add_argument("--serial-fd", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.box:
        box_main(args.box, args.serial_fd)
        return 0
    import logging

    logging.basicConfig(level=logging.ERROR)  # the cuts are expected: only errors are news
    report: dict = {"machine": f"{platform.machine()} {os.cpu_count()} cores, "
                               f"Python {platform.python_version()}",
                    "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    problems = []
    for transport in ("pty", "tcp"):
        problems += [f"{transport}: {p}" for p in soak(transport, args.minutes * 30, report)]
    report["problems"] = problems
    print(json.dumps(report, indent=1))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
