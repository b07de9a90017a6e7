"""The box on mock pins, with a console: press pads by typing.

``onenight-box --simulate`` runs the very same bridge (devices, logic, link) on gpiozero's
``MockFactory`` and simulated MCP23017 chips, so anyone can try the app's vote without the
hardware. Type ``help`` for the commands.
"""

from __future__ import annotations

import sys
import threading

from gpiozero.pins.mock import MockFactory

from .expander import NAME, ExpanderFactory, SimulatedMCP23017Bus
from .pins import PinMap

HELP = """commands (seats are numbered from 1, as on the table):
  vote S T       seat S dials seat T (the +10 switch for 11 and up) and presses OK:
                 a vote, or a night's pick of a seat
  answer S yes|no   seat S dials 1 (yes) or 0 (no) and presses OK: a night's yes/no pick
  press S        seat S presses OK (ready during the debate; cast what is dialled in a round)
  dial S D       seat S turns its wheel to digit D (0 means 10)
  tens S on|off  seat S sets its +10 switch
  code S DIGITS  seat S dials the pairing code shown on the tablet, pressing OK after each digit
  down S / up S  hold / release seat S's OK key
  show           what the box shows: phase, time left, ready seats, LEDs
  tablets        the tablets paired with the box
  forget ID      forget a paired tablet
  reset          back to idle, whoever opened the round (the box's owner may)
  quit"""


_PRINT = threading.Lock()


def say(out, text: str) -> None:
    """One whole line on the console: the console and the box's events print from two
    threads, and a line cut by another would be misread by whoever reads them."""
    with _PRINT:
        out.write(text + "\n")
        out.flush()


class SimulatedHardware:
    """Mock pins and simulated expanders wired as the pin map says."""

    def __init__(self, pin_map: PinMap):
        self.pin_map = pin_map
        self.mock = MockFactory()
        self.buses: dict[int, SimulatedMCP23017Bus] = {}
        for e in pin_map.expanders.values():
            bus = self.buses.setdefault(e.bus, SimulatedMCP23017Bus())
            bus.add_chip(e.address, self.mock.pin(e.interrupt))
        self.factory = ExpanderFactory(self.mock, self.buses, pin_map.expanders)

    def drive(self, pin: str, high: bool) -> None:
        m = NAME.match(pin)
        if m:
            e = self.pin_map.expanders[m[1]]
            self.buses[e.bus].drive(e.address, m[2] + m[3], high)
        else:
            self.mock.pin(pin).drive_high() if high else self.mock.pin(pin).drive_low()

    def key(self, seat: int, down: bool) -> None:
        """seat: 0-based. Down closes the key to ground."""
        self.drive(self.pin_map.seats[seat].ok, not down)

    def dial(self, seat: int, digit: int) -> None:
        for bit, pin in enumerate(self.pin_map.seats[seat].wheel):
            self.drive(pin, not (digit >> bit & 1))  # a closed BCD contact pulls low

    def tens(self, seat: int, on: bool) -> None:
        pin = self.pin_map.seats[seat].tens
        if pin is None:
            if on:
                raise ValueError(f"seat {seat + 1}'s pad has no +10 switch")
            return
        self.drive(pin, not on)

    def dial_seat(self, seat: int, target: int) -> None:
        """Seat ``seat`` dials seat ``target`` (both 0-based): the wheel and the +10 switch."""
        number = target + 1
        if not 1 <= number <= 20:
            raise ValueError(f"seat {number} cannot be dialled (1 to 20)")
        self.tens(seat, number > 10)
        self.dial(seat, number % 10)


def console(hw: SimulatedHardware, bridge, out=sys.stdout, inp=sys.stdin) -> None:
    """Read commands until ``quit`` or end of input. Without a ``bridge`` (the pad test),
    only the commands that move the pads work."""
    logic = bridge.logic if bridge is not None else None
    n = len(hw.pin_map.seats)

    def tell(text):
        say(out, text)

    def seat_arg(s, limit=n):
        v = int(s)
        if not 1 <= v <= limit:
            raise ValueError(f"seat {v} does not exist (1 to {limit})")
        return v - 1

    def tap(seat):
        hw.key(seat, True)
        threading.Event().wait(0.06)  # a finger's press, longer than the debounce
        hw.key(seat, False)
        threading.Event().wait(0.06)

    tell(f"simulated box: {n} pads; type help")
    for line in inp:
        words = line.split()
        if not words:
            continue
        cmd, args = words[0], words[1:]
        try:
            if cmd == "help":
                tell(HELP)
            elif cmd == "quit":
                break
            elif cmd == "vote":
                seat = seat_arg(args[0])
                hw.dial_seat(seat, seat_arg(args[1], 20))
                tap(seat)
            elif cmd == "answer":
                if args[1] not in ("yes", "no"):
                    raise ValueError("answer yes or no")
                seat = seat_arg(args[0])
                hw.dial(seat, 1 if args[1] == "yes" else 0)
                tap(seat)
            elif cmd == "press":
                tap(seat_arg(args[0]))
            elif cmd == "dial":
                hw.dial(seat_arg(args[0]), int(args[1]) % 10)
            elif cmd == "tens":
                hw.tens(seat_arg(args[0]), args[1] == "on")
            elif cmd == "code":
                seat = seat_arg(args[0])
                if not args[1].isdigit():
                    raise ValueError("the code is digits")
                for d in args[1]:
                    hw.dial(seat, int(d))
                    tap(seat)
            elif cmd == "down":
                hw.key(seat_arg(args[0]), True)
            elif cmd == "up":
                hw.key(seat_arg(args[0]), False)
            elif cmd in ("show", "tablets", "forget", "reset") and bridge is None:
                tell(f"? {cmd}: no box program runs during the pad test")
            elif cmd == "show":
                snap = logic.snapshot()
                leds = "".join("*" if pad.led.is_active else "." for pad in logic.box.pads)
                voted = f" voted {[s + 1 for s in sorted(snap['votes'])]}" \
                    if snap["phase"] in ("vote", "closed") and snap["kind"] == "vote" else ""
                tell(f"phase {snap['phase']} round {snap['round']} left {snap['remaining']:.0f}s "
                    f"ready {[s + 1 for s in snap['ready']]}{voted} pads {leds} "
                    f"pairing {'waiting for its code' if snap['pairing'] else 'none'} "
                    f"link {'up' if logic.link_up else 'down'}")
            elif cmd == "tablets":
                from .cli import list_tablets
                list_tablets(bridge.paired, out)
            elif cmd == "forget":
                tell(f"forgot {args[0]}" if bridge.forget(args[0])
                    else f"? no tablet {args[0]} is paired")
            elif cmd == "reset":
                logic.reset()
            else:
                tell(f"unknown command {cmd!r}; type help")
        except (IndexError, ValueError) as e:
            tell(f"? {e}")


def announce(logic, out=sys.stdout):
    """A listener printing box events for the console user: never whom a seat chose (the
    same rule as everywhere else), and nothing per seat during a night's pick."""
    def listener(ev):
        kind = ev["t"]
        if kind == "ready":
            text = f"seat {ev['seat'] + 1} {'ready' if ev['on'] else 'not ready'}"
        elif kind == "vote":
            text = f"seat {ev['seat'] + 1} voted"
        elif kind == "votes":
            text = f"vote closed: {len(ev['votes'])} of {len(logic.state.seats)} voted on the box"
        elif kind == "picks":
            text = "pick closed"
        elif kind == "pairing":
            text = "pairing: dial the code shown on the tablet"
        elif kind == "pair_code":
            text = "pairing: right code" if ev["ok"] else \
                "pairing: wrong code" + (", given up" if ev["final"] else "")
        elif kind == "changed":
            text = f"phase {logic.state.phase}"
        else:
            return
        say(out, text)
    return listener
