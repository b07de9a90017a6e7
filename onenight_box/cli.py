"""``onenight-box``: the vote box's program (on the Pi, or simulated with ``--simulate``)."""

from __future__ import annotations

import argparse
import logging
import signal
import socket
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from onenight.game.durable import private_folder

from .pins import DEFAULT, PinMapError, load

if TYPE_CHECKING:  # imported in main(), once the box extra is known to be installed
    from . import link
    from .box import VoteBox

#: how to get what the box needs (gpiozero, smbus2, pyserial): the distribution's box extra
INSTALL = ('install onenight with the box extra: from a checkout, pip install ".[box]"; from '
           'a built wheel, pip install "onenight-<version>-py3-none-any.whl[box]"')


class Stopped(Exception):
    """SIGTERM: the box stops, as on Ctrl-C."""


def missing() -> str | None:
    """The package of the box extra this install lacks (gpiozero drives every part of the
    box, the simulated one too), or None."""
    try:
        import gpiozero  # noqa: F401
    except ImportError:
        return "gpiozero"
    return None


def parse_args(argv=None, lacking: str | None = None):
    ap = argparse.ArgumentParser(
        prog="onenight-box",
        description="The onenight vote box: pads, LED bar and buzzer, linked to the app over "
                    "serial and TCP.",
        epilog=(f"This install lacks {lacking}. " if lacking else "")
        + "The box needs gpiozero, smbus2 and pyserial: " + INSTALL + ".")
    ap.add_argument("--pins", default=str(DEFAULT), help="pin map (default: the reference build)")
    ap.add_argument("--serial", action="append", default=[], metavar="DEVICE",
                    help="serve the link on this serial device (e.g. /dev/ttyGS0); repeatable; "
                         "fd:N serves it on an inherited file descriptor")
    ap.add_argument("--tcp", default=None, metavar="HOST:PORT",
                    help="serve the link on TCP (e.g. 0.0.0.0:7878); port 0 picks a free one")
    ap.add_argument("--discovery", default="0.0.0.0:7879", metavar="HOST:PORT",
                    help="with --tcp, answer apps looking for the box on this UDP address "
                         "(default 0.0.0.0:7879; an empty value turns it off)")
    ap.add_argument("--state", default="/var/lib/onenight-box", metavar="DIR",
                    help="where the box keeps its state and the paired tablets' keys (made "
                         "readable by the box's user only)")
    ap.add_argument("--simulate", action="store_true",
                    help="mock pins and a console to press pads by typing")
    ap.add_argument("--box-id", default=None, help="this box's name (default: the host name)")
    ap.add_argument("--tablets", action="store_true",
                    help="list the tablets paired with the box, and exit")
    ap.add_argument("--forget", metavar="TABLET", default=None,
                    help="forget a paired tablet (a running box notices within a second), "
                         "and exit")
    ap.add_argument("--pad-test", action="store_true",
                    help="print every change on every pad (wheel, +10, OK) and light a pad's "
                         "LED while its key is down, to test pads and cables; no link is "
                         "served (stop the service first)")
    ap.add_argument("-v", "--verbose", action="store_true", help="log at DEBUG level")
    return ap.parse_args(argv)


def hardware_factory(pin_map):
    """The Pi's own pin factory (lgpio on current Raspberry Pi OS, or whatever
    GPIOZERO_PIN_FACTORY names), with the pin map's expanders on top."""
    from gpiozero import Device
    from .expander import ExpanderFactory
    base = Device.pin_factory or Device._default_pin_factory()
    if not pin_map.expanders:
        return base
    from smbus2 import SMBus
    buses = {n: SMBus(n) for n in sorted({e.bus for e in pin_map.expanders.values()})}
    return ExpanderFactory(base, buses, pin_map.expanders)


def pad_test(box: VoteBox, console=None) -> int:
    """Watch the pads until interrupted or stopped (with ``--simulate``, the console drives
    them)."""
    from .box import PadWatch
    stop = threading.Event()
    watch = threading.Thread(target=PadWatch(box).run, args=(sys.stdout, stop), daemon=True)
    print("pad test: turn each wheel through 0 to 9, flip +10, press OK; Ctrl-C to stop",
          flush=True)
    watch.start()
    try:
        signal.signal(signal.SIGTERM, _stop)
        if console is not None:
            console()
        else:
            stop.wait()
    except (KeyboardInterrupt, Stopped):
        pass
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # stopping already
    stop.set()
    watch.join(1)
    box.close()
    return 0


def list_tablets(paired: link.PairedApps, out=sys.stdout) -> None:
    """Print the paired tablets, one a line: id, when, name."""
    import time
    tablets = paired.list()
    for t in tablets:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(t["at"])) if t["at"] else "?"
        print(f"{t['id']}  paired {when}  {t['name']}".rstrip(), file=out, flush=True)
    if not tablets:
        print("no tablet is paired", file=out, flush=True)


def main(argv=None) -> int:
    lacking = missing()
    args = parse_args(argv, lacking)
    if lacking:
        print(f"onenight-box: this install lacks {lacking}; {INSTALL}", file=sys.stderr)
        return 2
    from . import link
    from .box import BoxLogic, VoteBox

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    log = logging.getLogger("onenight-box")
    try:
        pin_map = load(args.pins)
    except PinMapError as e:
        log.error("pin map refused: %s", e)
        return 2
    state = Path(args.state)
    try:
        private_folder(state)
        for f in state.iterdir():  # files an older version left readable by others
            if f.is_file() and f.stat().st_mode & 0o077:
                f.chmod(0o600)
    except OSError as e:
        log.error("cannot use state directory %s: %s", state, e)
        return 2
    paired = link.PairedApps(state / "paired.json")
    if args.tablets:
        list_tablets(paired)
        return 0
    if args.forget:
        if not paired.remove(args.forget):
            log.error("no tablet %s is paired (see --tablets)", args.forget)
            return 2
        print(f"forgot {args.forget}", flush=True)
        return 0

    if args.simulate:
        from .simulate import SimulatedHardware, announce, console
        hw = SimulatedHardware(pin_map)
        factory = hw.factory
    else:
        try:
            factory = hardware_factory(pin_map)
        except Exception as e:  # no Pi, no I2C, an expander not answering: say which
            log.error("cannot reach the box's hardware: %s (to try without it: --simulate)", e)
            return 2

    try:
        box = VoteBox(pin_map, pin_factory=factory)
    except Exception as e:
        log.error("cannot set up the pads, bar and buzzer: %s", e)
        return 2
    if args.pad_test:
        from .simulate import console
        return pad_test(box, (lambda: console(hw, None)) if args.simulate else None)
    logic = BoxLogic(box, store=state / "state.json")
    bridge = link.Bridge(logic, paired, args.box_id or socket.gethostname())
    for where in args.serial:
        link.serve_serial(bridge, where)
    if args.tcp:
        host, _, port = args.tcp.rpartition(":")
        try:
            server, _ = link.serve_tcp(bridge, host or "0.0.0.0", int(port))
        except (OSError, ValueError) as e:
            log.error("cannot serve tcp on %s: %s", args.tcp, e)
            return 2
        if server is not None:
            h, p = server.getsockname()[:2]
            print(f"listening tcp {h}:{p}", flush=True)
            if args.discovery:  # the app finds the box on the network ("" turns it off)
                from .discovery import Responder

                dh, _, dp = args.discovery.rpartition(":")
                try:
                    Responder(bridge.box_id, p, dh or "0.0.0.0", int(dp)).start()
                except (OSError, ValueError) as e:
                    log.error("discovery off: cannot listen on udp %s: %s", args.discovery, e)
    bridge.start()

    if args.simulate:
        logic.listeners.append(announce(logic))
    try:
        signal.signal(signal.SIGTERM, _stop)  # also while the console waits for a line
        print("ready", flush=True)
        if args.simulate:
            console(hw, bridge)
        else:
            threading.Event().wait()
    except (KeyboardInterrupt, Stopped):
        pass
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # stopping already
    bridge.stop()
    box.close()
    return 0


def _stop(*_):
    raise Stopped


if __name__ == "__main__":
    sys.exit(main())
