"""The box on mock pins, with a console: press pads by typing.

``onenight-box --simulate`` runs the very same bridge (devices, logic, link) on gpiozero's
``MockFactory`` and simulated MCP23017 chips, so anyone can try the app's vote without the
hardware. Type ``help`` for the commands.
"""

from __future__ import annotations

import sys
import threading

from gpiozero.pins.mock import MockFactory

from .expander import ExpanderFactory, SimulatedMCP23017Bus, NAME
from .pins import PinMap

HELP = """commands (seats are numbered 1 to 10, as on the table):
  vote S T     seat S dials seat T on its wheel and presses OK
  press S      seat S presses OK (ready during the debate; cast the dialled vote during the vote)
  dial S D     seat S turns its wheel to digit D (0 means seat 10)
  down S / up S   hold / release seat S's OK key (hold 3 s to open the pairing window)
  show         what the box shows: phase, time left, ready and voted seats, LEDs
  quit"""


class SimulatedHardware:
    """Mock pins and simulated expanders wired as the pin map says."""

    def __init__(self, pin_map: PinMap):
        self.pin_map = pin_map
        self.mock = MockFactory()
        self.bus = SimulatedMCP23017Bus()
        for name, (address, int_pin) in pin_map.expanders.items():
            self.bus.add_chip(address, self.mock.pin(int_pin))
        self.factory = ExpanderFactory(self.mock, self.bus, pin_map.expanders)

    def drive(self, pin: str, high: bool) -> None:
        m = NAME.match(pin)
        if m:
            self.bus.drive(self.pin_map.expanders[m[1]][0], m[2] + m[3], high)
        else:
            self.mock.pin(pin).drive_high() if high else self.mock.pin(pin).drive_low()

    def key(self, seat: int, down: bool) -> None:
        """seat: 0-based. Down closes the key to ground."""
        self.drive(self.pin_map.seats[seat].ok, not down)

    def dial(self, seat: int, digit: int) -> None:
        for bit, pin in enumerate(self.pin_map.seats[seat].wheel):
            self.drive(pin, not (digit >> bit & 1))  # a closed BCD contact pulls low


def console(hw: SimulatedHardware, bridge, out=sys.stdout, inp=sys.stdin) -> None:
    """Read commands until ``quit`` or end of input."""
    logic = bridge.logic
    n = len(hw.pin_map.seats)

    def say(text):
        print(text, file=out, flush=True)

    def seat_arg(s):
        v = int(s)
        if not 1 <= v <= n:
            raise ValueError(f"seat {v} does not exist (1 to {n})")
        return v - 1

    def tap(seat):
        hw.key(seat, True)
        threading.Event().wait(0.06)  # a finger's press, longer than the debounce
        hw.key(seat, False)

    say(f"simulated box: {n} pads; type help")
    for line in inp:
        words = line.split()
        if not words:
            continue
        cmd, args = words[0], words[1:]
        try:
            if cmd == "help":
                say(HELP)
            elif cmd == "quit":
                break
            elif cmd == "vote":
                seat, target = seat_arg(args[0]), seat_arg(args[1])
                hw.dial(seat, (target + 1) % 10)
                tap(seat)
            elif cmd == "press":
                tap(seat_arg(args[0]))
            elif cmd == "dial":
                hw.dial(seat_arg(args[0]), int(args[1]) % 10)
            elif cmd == "down":
                hw.key(seat_arg(args[0]), True)
            elif cmd == "up":
                hw.key(seat_arg(args[0]), False)
            elif cmd == "show":
                snap = logic.snapshot()
                leds = "".join("*" if pad.led.is_active else "." for pad in bridge.logic.box.pads)
                say(f"phase {snap['phase']} round {snap['round']} left {snap['remaining']:.0f}s "
                    f"ready {[s + 1 for s in snap['ready']]} voted "
                    f"{[s + 1 for s in sorted(snap['votes'])]} pads {leds} "
                    f"pairing {'open' if snap['pairing'] else 'closed'} "
                    f"link {'up' if logic.link_up else 'down'}")
            else:
                say(f"unknown command {cmd!r}; type help")
        except (IndexError, ValueError) as e:
            say(f"? {e}")


def announce(logic, out=sys.stdout):
    """A listener printing box events for the console user (never a vote's target before the
    reveal: the same rule as everywhere else)."""
    def listener(ev):
        kind = ev["t"]
        if kind == "ready":
            text = f"seat {ev['seat'] + 1} {'ready' if ev['on'] else 'not ready'}"
        elif kind == "vote":
            text = f"seat {ev['seat'] + 1} voted"
        elif kind == "votes":
            pairs = ", ".join(f"{s + 1}->{t + 1}" for s, t in sorted(ev["votes"].items()))
            text = f"vote closed: {pairs or 'no vote on the box'}"
        elif kind == "pairing":
            text = "pairing open"
        elif kind == "changed":
            text = f"phase {logic.state.phase}"
        else:
            return
        print(text, file=out, flush=True)
    return listener
