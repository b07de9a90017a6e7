"""``onenight-box``: the vote box's program (on the Pi, or simulated with ``--simulate``)."""

from __future__ import annotations

import argparse
import logging
import signal
import socket
import sys
import threading
from pathlib import Path

from .pins import DEFAULT, PinMapError, load

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
    ap.add_argument("--state", default="/var/lib/onenight-box", metavar="DIR",
                    help="where the box keeps its state and the paired tablets' keys")
    ap.add_argument("--simulate", action="store_true",
                    help="mock pins and a console to press pads by typing")
    ap.add_argument("--pair-hold", type=float, default=None, metavar="SECONDS",
                    help="how long an OK key is held to open the pairing window (default 3)")
    ap.add_argument("--box-id", default=None, help="this box's name (default: the host name)")
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
    return ExpanderFactory(base, SMBus(pin_map.i2c_bus), pin_map.expanders)


def main(argv=None) -> int:
    lacking = missing()
    args = parse_args(argv, lacking)
    if lacking:
        print(f"onenight-box: this install lacks {lacking}; {INSTALL}", file=sys.stderr)
        return 2
    from . import link
    from .box import PAIR_HOLD, BoxLogic, VoteBox

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
        state.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        log.error("cannot use state directory %s: %s", state, e)
        return 2

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
    logic = BoxLogic(box, store=state / "state.json",
                     pair_hold=PAIR_HOLD if args.pair_hold is None else args.pair_hold)
    bridge = link.Bridge(logic, link.PairedApps(state / "paired.json"),
                         args.box_id or socket.gethostname())
    for where in args.serial:
        link.serve_serial(bridge, where)
    if args.tcp:
        host, _, port = args.tcp.rpartition(":")
        server, _ = link.serve_tcp(bridge, host or "0.0.0.0", int(port))
        h, p = server.getsockname()[:2]
        print(f"listening tcp {h}:{p}", flush=True)
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
