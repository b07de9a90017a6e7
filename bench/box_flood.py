"""A flood of hostile connections against the vote box's TCP link (for bench/box_latency.py
and the hostile-client tests): N connections, each sending hellos and junk as fast as it can,
reconnecting whenever the box closes it. Runs until its standard input closes.

    .venv/bin/python bench/box_flood.py PORT [--connections 30]
"""

from __future__ import annotations

import argparse
import socket
import sys
import threading

from onenight_box import protocol as p

JUNK = b"\x00garbage" * 128  # 1 kB of junk a write


def flood(port: int, i: int, stop: threading.Event) -> None:
    hello = p.encode_frame({"t": "hello", "v": p.VERSION, "id": f"flood{i}", "n": "x" * 16})
    while not stop.is_set():
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=1)
            while not stop.is_set():
                s.sendall(hello + JUNK)
        except OSError:
            continue


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("port", type=int)
    ap.add_argument("--connections", type=int, default=30)
    args = ap.parse_args(argv)
    stop = threading.Event()
    for i in range(args.connections):
        threading.Thread(target=flood, args=(args.port, i, stop), daemon=True).start()
    print("flooding", flush=True)
    sys.stdin.read()
    stop.set()


if __name__ == "__main__":
    main()
