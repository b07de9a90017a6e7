"""Press to screen: from a pad press on the box (the real bridge on gpiozero's mock pins) to
the app's box client handing the event to the app, over a pseudo-terminal or TCP on loopback.

Both ends run in this process, each with its own threads as in real life: the bridge's loop,
its serial or TCP server, and the app's ``BoxClient`` reading the link. The box is paired with
the client beforehand (the same key on both sides). During a debate, each press of an OK key
toggles the seat's "ready", which the box sends to the app. A press is timed from the moment
the pin changes (what gpiozero's callback sees; contact bounce is not simulated, so the
debounce costs nothing here) to the moment the client calls its ``on_event`` with it, which is
where the app's ``BoxLink`` hands it to Kivy's clock.

    python bench/box_press.py [pty|tcp] [--presses N]
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def press_latency(transport: str, presses: int = 200, seed: int = 1) -> list[float]:
    """Milliseconds from each pad press to the app's client event, for ``presses`` presses."""
    from firmware_bridge import link
    from firmware_bridge.box import DEBOUNCE, BoxLogic, VoteBox
    from firmware_bridge.pins import load
    from firmware_bridge.simulate import SimulatedHardware
    from onenight.box import BoxClient, KeyStore

    logging.getLogger("firmware_bridge").setLevel(logging.WARNING)
    logging.getLogger("onenight").setLevel(logging.WARNING)
    rng = random.Random(seed)
    state = Path(tempfile.mkdtemp(prefix="onenight-box-bench-"))
    pins = load()
    hw = SimulatedHardware(pins)
    box = VoteBox(pins, pin_factory=hw.factory)
    logic = BoxLogic(box, store=state / "state.json")
    key = os.urandom(32)
    keys = KeyStore(None)
    keys.put("bench-box", key)
    paired = link.PairedApps(None)
    paired.add(keys.app_id, key)
    bridge = link.Bridge(logic, paired, "bench-box")
    fds = []
    if transport == "pty":
        master, slave = os.openpty()
        fds = [master, slave]
        link.serve_serial(bridge, f"fd:{master}")
        url = os.ttyname(slave)
    elif transport == "tcp":
        server, _ = link.serve_tcp(bridge, "127.0.0.1", 0)
        url = "socket://127.0.0.1:%d" % server.getsockname()[1]
    else:
        raise ValueError(f"transport: pty or tcp, not {transport!r}")
    bridge.start()

    got: list[float] = []
    arrived = threading.Condition()

    def on_event(ev):
        if ev.kind == "ready":
            t = time.monotonic()
            with arrived:
                got.append(t)
                arrived.notify_all()

    client = BoxClient(url, keys, on_event=on_event)
    client.start()
    try:
        if not client.wait_for(lambda c: c.status == "connected", 10):
            raise RuntimeError(f"the app's client did not connect over {transport}")
        client.start_debate(time.monotonic() + 3600, 3600)
        time.sleep(0.3)
        seats = len(pins.seats)
        pressed: list[float] = []
        for i in range(presses):
            seat = i % seats
            with arrived:
                n = len(got)
            t = time.monotonic()
            hw.key(seat, True)
            pressed.append(t)
            with arrived:
                if not arrived.wait_for(lambda: len(got) > n, 2.0):
                    raise RuntimeError(f"press {i} never reached the app")
            time.sleep(DEBOUNCE + 0.01)
            hw.key(seat, False)
            # the next press comes at a random moment, as a finger's would
            time.sleep(DEBOUNCE + rng.uniform(0.01, 0.05))
        return [1000.0 * (g - p) for p, g in zip(pressed, got)]
    finally:
        client.stop()
        bridge.stop()
        time.sleep(0.1)
        box.close()
        for fd in fds:
            try:
                os.close(fd)
            except OSError:
                pass


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="press-to-app latency of the vote box link")
    ap.add_argument("transport", nargs="?", default="pty", choices=("pty", "tcp"))
    ap.add_argument("--presses", type=int, default=200)
    args = ap.parse_args(argv)
    lat = sorted(press_latency(args.transport, args.presses))
    p99 = lat[min(len(lat) - 1, round(0.99 * (len(lat) - 1)))]
    print(f"{args.transport}: {len(lat)} presses, median {statistics.median(lat):.2f} ms, "
          f"p99 {p99:.2f} ms, max {lat[-1]:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
