"""Press-to-app latency of the vote box link (a benchmark, not a test).

Starts ``onenight-box --simulate`` in its own process, connects a paired BoxClient over a
pseudo-terminal pair and over loopback TCP, then presses a pad (during the debate, each press
toggles "ready"; with ``--pick``, in a classic night's pick round instead, each press a new
choice of the woken seat's) and times each press from the console command reaching the
bridge to the event reaching the app. Prints median and 99th percentile per transport.
With ``--flood N``, N hostile connections (bench/box_flood.py, its own process) hammer the
box's TCP port all the while. A pick waits for the box's next sealed table, sent every
``PICK_PERIOD`` whatever was pressed (docs/box-protocol.md): each press comes at a random
moment of that period, as a player's would.

    .venv/bin/python bench/box_latency.py [--presses 300] [--flood 30] [--pick]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from onenight.box import BoxClient, KeyStore
from onenight_box.link import PICK_PERIOD

KEY = os.urandom(32)


PLAYERS = 8  # a classic night's table: seat 1 woken, its pad dialling seat 2 or 3


def run(transport: str, presses: int, flood: int = 0, pick: bool = False) -> list[float]:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "box").mkdir()
        (tmp / "box" / "paired.json").write_text(json.dumps({"bench": KEY.hex()}))
        (tmp / "tablet.json").write_text(json.dumps({"app_id": "bench", "boxes": {"benchbox": KEY.hex()}}))
        cmd = [sys.executable, "-m", "onenight_box", "--simulate", "--state", str(tmp / "box"),
               "--box-id", "benchbox"]
        fds = ()
        if transport == "pty":
            master, slave = os.openpty()
            url = os.ttyname(slave)
            cmd += ["--serial", f"fd:{master}"]
            fds = (master,)
        if transport == "tcp" or flood:
            cmd += ["--tcp", "127.0.0.1:0"]
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True, pass_fds=fds)
        port = None
        if transport == "tcp" or flood:
            port = proc.stdout.readline().rsplit(":", 1)[1].strip()
        if transport == "tcp":
            url = "socket://127.0.0.1:" + port
        shows = threading.Semaphore(0)  # one release per "show" the console answered

        def read_console():
            for line in proc.stdout:
                if line.startswith("phase ") and " pads " in line:  # the answer to "show"
                    shows.release()

        threading.Thread(target=read_console, daemon=True).start()
        got = threading.Event()
        statuses = []
        awaited = "pick_in" if pick else "ready"
        client = BoxClient(url, KeyStore(tmp / "tablet.json"),
                           on_event=lambda ev: ev.kind == awaited and got.set())
        client.start()
        assert client.wait_for(lambda c: c.status == "connected", 10), "no link"
        client.on_event = lambda ev: (got.set() if ev.kind == awaited else
                                      ev.kind == "status" and statuses.append(ev.status))
        if pick:  # every pad picks alike; only the woken seat's choice reaches the app
            client.open_pick(range(PLAYERS), PLAYERS, woken={0})
        else:
            client.start_debate(time.monotonic() + 3600, 3600)
        flooder = None
        if flood:
            flooder = subprocess.Popen(
                [sys.executable, str(Path(__file__).with_name("box_flood.py")), port,
                 "--connections", str(flood)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                text=True)
            flooder.stdout.readline()
        time.sleep(0.5)
        times = []
        for i in range(presses):
            if pick:  # the wheel turned first (not timed): each press a new choice
                proc.stdin.write(f"dial 1 {2 + i % 2}\n")
                proc.stdin.flush()
                # at any moment of the box's period, not just after the table it answered
                time.sleep(random.uniform(0, PICK_PERIOD))
            got.clear()
            t0 = time.perf_counter()
            proc.stdin.write("down 1\n")
            proc.stdin.flush()
            if not got.wait(5):
                raise SystemExit(f"{transport}: press {i} never arrived")
            times.append(time.perf_counter() - t0)
            proc.stdin.write("up 1\nshow\n")
            proc.stdin.flush()
            if not shows.acquire(timeout=5):  # the console has let the key go...
                raise SystemExit(f"{transport}: the console stopped answering")
            time.sleep(0.05)  # ...and the next press comes after the debounce, as a finger's
        if flooder is not None:
            flooder.kill()
            flooder.wait(5)
        if client.status != "connected" or statuses:
            raise SystemExit(f"{transport}: the link dropped during the run: {statuses}")
        client.stop()
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        proc.wait(5)
        if transport == "pty":
            os.close(master)
            os.close(slave)
        return times


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--presses", type=int, default=300)
    ap.add_argument("--flood", type=int, default=0, metavar="N",
                    help="N hostile connections flood the box's TCP port during the run")
    ap.add_argument("--pick", action="store_true",
                    help="press in a classic night's pick round instead of the debate")
    args = ap.parse_args()
    print(f"{platform.node()} {platform.machine()} {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    for transport in ("pty", "tcp"):
        t = sorted(run(transport, args.presses, args.flood, args.pick))
        p99 = t[min(len(t) - 1, int(round(0.99 * (len(t) - 1))))]
        flood = f" under a {args.flood}-connection flood" if args.flood else ""
        flood += ", a night's pick round" if args.pick else ""
        print(f"{transport}{flood}: {len(t)} presses, median {statistics.median(t) * 1000:.2f} ms, "
              f"p99 {p99 * 1000:.2f} ms, max {t[-1] * 1000:.2f} ms")


if __name__ == "__main__":
    main()
