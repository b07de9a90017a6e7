"""MCP23017 I/O expander pins as gpiozero pins.

Eighteen pads need 126 lines; the Pi has 26. Nine MCP23017 chips on two I2C buses give one
8-bit port per pad. :class:`ExpanderFactory` is a gpiozero pin factory that hands out pins named
``mcp<chip>:<A|B><bit>`` (for example ``mcp2:B4``) and passes every other name to the Pi's own
factory, so gpiozero devices (``DigitalInputDevice``, ``LED``...) work on expander pins unchanged,
with ``pin_factory=`` passed down as usual.

Each chip's INTA and INTB are mirrored onto one open-drain line wired to a Pi GPIO (several
chips may share one: open drain makes it a wired OR). When it falls the factory reads the ports
of every chip on that line (which releases it) and calls ``when_changed`` of every pin that
moved. An I2C bus is any object with smbus2's ``read_byte_data(addr, reg)`` and
``write_byte_data(addr, reg, value)``: :class:`smbus2.SMBus` on a Pi, :class:`SimulatedMCP23017Bus`
in tests and ``onenight-box --simulate``.
"""

from __future__ import annotations

import logging
import re
import threading
import weakref
from collections import namedtuple
from collections.abc import Callable, Mapping

from gpiozero.exc import PinInvalidFunction, PinInvalidPull, PinSetInput, PinInvalidEdges
from gpiozero.pins import Factory, Pin

log = logging.getLogger(__name__)

# Registers with IOCON.BANK = 0 (the power-on default): port A at even, port B at odd addresses.
IODIR, GPINTEN, IOCON, GPPU, INTCAP, GPIO, OLAT = 0x00, 0x04, 0x0A, 0x0C, 0x10, 0x12, 0x14
IOCON_MIRROR = 0x40  # INTA and INTB are one line
IOCON_ODR = 0x04  # open-drain INT, so the Pi's pull-up sets its level

NAME = re.compile(r"^(mcp\d+):([AB])([0-7])$")

ExpanderPinInfo = namedtuple("ExpanderPinInfo", "name")


class MCP23017:
    """One chip: cached direction, pull-up and output latches, read-modify-write per bit."""

    def __init__(self, bus, address: int):
        self.bus = bus
        self.address = address
        self.lock = threading.RLock()
        self.iodir = [0xFF, 0xFF]
        self.gppu = [0x00, 0x00]
        self.olat = [0x00, 0x00]
        self.gpinten = [0x00, 0x00]
        self.last = [0xFF, 0xFF]
        with self.lock:
            self._w(IOCON, IOCON_MIRROR | IOCON_ODR)
            for port in (0, 1):
                self._w(IODIR + port, 0xFF)
                self._w(GPPU + port, 0x00)
                self._w(GPINTEN + port, 0x00)
                self._w(OLAT + port, 0x00)
            self.last = self.read_ports()

    def _w(self, reg: int, value: int) -> None:
        self.bus.write_byte_data(self.address, reg, value & 0xFF)

    def _set_bit(self, cache: list[int], reg: int, port: int, bit: int, on: bool) -> None:
        with self.lock:
            value = cache[port] | (1 << bit) if on else cache[port] & ~(1 << bit)
            if value != cache[port]:
                cache[port] = value
                self._w(reg + port, value)

    def set_input(self, port, bit, is_input):
        self._set_bit(self.iodir, IODIR, port, bit, is_input)

    def set_pull_up(self, port, bit, on):
        self._set_bit(self.gppu, GPPU, port, bit, on)

    def set_output(self, port, bit, high):
        self._set_bit(self.olat, OLAT, port, bit, high)

    def set_interrupt(self, port, bit, on):
        self._set_bit(self.gpinten, GPINTEN, port, bit, on)

    def read_ports(self) -> list[int]:
        with self.lock:
            return [self.bus.read_byte_data(self.address, GPIO),
                    self.bus.read_byte_data(self.address, GPIO + 1)]

    def read_bit(self, port, bit) -> bool:
        with self.lock:
            return bool(self.bus.read_byte_data(self.address, GPIO + port) >> bit & 1)


class ExpanderPin(Pin):
    """One line of an MCP23017, with gpiozero's Pin interface (input with pull-up or
    floating, output, edge callbacks through the chip's interrupt line)."""

    def __init__(self, factory: "ExpanderFactory", chip: MCP23017, name: str, port: int, bit: int):
        super().__init__()
        self._factory, self._chip, self._name = factory, chip, name
        self._port, self._bit = port, bit
        self._function = "input"
        self._pull = "floating"
        self._edges = "both"
        self._when_changed = None

    def _get_info(self):
        return ExpanderPinInfo(self._name)

    def __repr__(self):
        return self._name

    def close(self):
        self.when_changed = None
        self.function = "input"
        self.pull = "floating"

    def _get_function(self):
        return self._function

    def _set_function(self, value):
        if value not in ("input", "output"):
            raise PinInvalidFunction(f"{self._name} is an expander line: input or output only")
        self._chip.set_input(self._port, self._bit, value == "input")
        self._function = value

    def _get_state(self):
        if self._function == "output":
            return bool(self._chip.olat[self._port] >> self._bit & 1)
        return self._chip.read_bit(self._port, self._bit)

    def _set_state(self, value):
        if self._function != "output":
            raise PinSetInput(f"cannot set the state of input {self._name}")
        self._chip.set_output(self._port, self._bit, bool(value))

    def _get_pull(self):
        return self._pull

    def _set_pull(self, value):
        if value not in ("up", "floating"):
            raise PinInvalidPull(f"{self._name}: the MCP23017 has pull-ups only")
        self._chip.set_pull_up(self._port, self._bit, value == "up")
        self._pull = value

    def _get_bounce(self):
        return None

    def _set_bounce(self, value):
        if value is not None:  # debouncing is the bridge's job, in software, on every pin
            log.debug("%s: hardware bounce time %r ignored", self._name, value)

    def _get_edges(self):
        return self._edges

    def _set_edges(self, value):
        if value not in ("both", "rising", "falling", "none"):
            raise PinInvalidEdges(f"bad edges {value!r}")
        self._edges = value

    def _get_when_changed(self):
        return self._when_changed

    def _set_when_changed(self, value):
        self._when_changed = value
        self._chip.set_interrupt(self._port, self._bit, value is not None)

    def _changed(self, ticks, state: bool) -> None:
        cb = self._when_changed
        if cb is None or self._edges == "none":
            return
        if self._edges == "rising" and not state or self._edges == "falling" and state:
            return
        cb(ticks, state)


class ExpanderFactory(Factory):
    """A pin factory for a Pi with MCP23017 expanders: ``mcpN:Xb`` names go to the chips,
    every other name to ``base`` (the Pi's factory, or MockFactory in tests).

    ``bus`` is the I2C bus of every chip, or a mapping of bus numbers to buses; ``chips`` maps
    a chip name to ``(address, interrupt pin name)`` or ``(address, interrupt pin, bus
    number)`` (a :class:`onenight_box.pins.Expander`)."""

    def __init__(self, base: Factory, bus, chips: dict[str, tuple]):
        super().__init__()
        self.base = base
        self.bus = bus
        self.chips: dict[str, MCP23017] = {}
        self._lines: dict[str, tuple] = {}  # interrupt pin -> (pin, handler, chip names)
        self._pins: dict[str, ExpanderPin] = {}
        self._reserved: dict[str, object] = {}
        self._lock = threading.Lock()
        for name, (address, int_pin, *rest) in chips.items():
            on = bus[rest[0] if rest else 1] if isinstance(bus, Mapping) else bus
            self.chips[name] = MCP23017(on, address)
            if int_pin in self._lines:
                self._lines[int_pin][2].append(name)
                continue
            pin = base.pin(int_pin)
            pin.function = "input"
            pin.pull = "up"
            pin.edges = "falling"
            handler = self._make_handler(int_pin)
            self._lines[int_pin] = (pin, handler, [name])  # keeps the handler alive (weak refs)
            pin.when_changed = handler

    def _make_handler(self, line: str) -> Callable:
        def on_interrupt(ticks, state):
            self.service(line)
        return on_interrupt

    def service(self, line: str) -> None:
        """Read the ports of every chip on an interrupt line and fire the callbacks of the
        lines that moved. Loops while the line stays low, so a change that lands during the
        reads is not missed."""
        int_pin, _, names = self._lines[line]
        for _ in range(8):
            for chip_name in names:
                self._read_chip(chip_name)
            if int_pin.state:
                return
        log.warning("interrupt line %s (%s) stuck low after 8 reads", line, ", ".join(names))

    def _read_chip(self, chip_name: str) -> None:
        chip = self.chips[chip_name]
        with chip.lock:
            now = chip.read_ports()
            before, chip.last = chip.last, now
        ticks = self.base.ticks()
        for port in (0, 1):
            moved = (before[port] ^ now[port]) & chip.gpinten[port]
            for bit in range(8):
                if moved >> bit & 1:
                    pin = self._pins.get(f"{chip_name}:{'AB'[port]}{bit}")
                    if pin is not None:
                        pin._changed(ticks, bool(now[port] >> bit & 1))

    # -- Factory
    def pin(self, name):
        if isinstance(name, str) and (m := NAME.match(name)):
            with self._lock:
                if name not in self._pins:
                    chip = self.chips.get(m[1])
                    if chip is None:
                        raise ValueError(f"no expander called {m[1]!r} (have {sorted(self.chips)})")
                    self._pins[name] = ExpanderPin(self, chip, name, "AB".index(m[2]), int(m[3]))
                return self._pins[name]
        return self.base.pin(name)

    def reserve_pins(self, requester, *names):
        mine = [n for n in names if isinstance(n, str) and NAME.match(n)]
        with self._lock:
            for n in mine:
                holder = self._reserved.get(n)
                if holder is not None and holder is not requester:
                    from gpiozero.exc import GPIOPinInUse
                    raise GPIOPinInUse(f"pin {n} is already in use by {holder!r}")
            for n in mine:
                self._reserved[n] = requester
        rest = [n for n in names if n not in mine]
        if rest:
            self.base.reserve_pins(requester, *rest)

    def release_pins(self, reserver, *names):
        mine = [n for n in names if isinstance(n, str) and NAME.match(n)]
        with self._lock:
            for n in mine:
                if self._reserved.get(n) is reserver:
                    del self._reserved[n]
        rest = [n for n in names if n not in mine]
        if rest:
            self.base.release_pins(reserver, *rest)

    def release_all(self, reserver):
        with self._lock:
            for n in [n for n, r in self._reserved.items() if r is reserver]:
                del self._reserved[n]
        self.base.release_all(reserver)

    def ticks(self):
        return self.base.ticks()

    def ticks_diff(self, later, earlier):
        return self.base.ticks_diff(later, earlier)

    def _get_board_info(self):
        return self.base.board_info

    def close(self):
        for pin, _, _ in self._lines.values():
            pin.when_changed = None
        self.base.close()


class SimulatedMCP23017Bus:
    """An I2C bus carrying simulated MCP23017 chips, register for register as far as the
    bridge uses them (IODIR, GPPU, GPINTEN, IOCON, GPIO, OLAT, interrupt on change).

    Each chip's interrupt output drives a mock pin of gpiozero's MockFactory, so the whole
    path from a pressed key to a gpiozero event runs as on the real box."""

    class Chip:
        def __init__(self, int_line: "OpenDrainLine"):
            self.regs = {IODIR: 0xFF, IODIR + 1: 0xFF}
            self.outside = [0xFF, 0xFF]  # level driven from outside (1 = released / pulled up)
            self.int_line = int_line
            self.pending = False

        def level(self, port):
            iodir = self.regs.get(IODIR + port, 0xFF)
            gppu = self.regs.get(GPPU + port, 0)
            olat = self.regs.get(OLAT + port, 0)
            # an input reads what drives it; a key open with the pull-up on reads 1
            inputs = self.outside[port] & (gppu | self.outside[port])
            return ((iodir & inputs) | (~iodir & olat)) & 0xFF

    def __init__(self):
        self.chips: dict[int, SimulatedMCP23017Bus.Chip] = {}
        # one transaction at a time, as on a real bus; the interrupt line is moved after the
        # transaction, outside this lock (its edge calls the factory back, which reads)
        self.lock = threading.RLock()

    def add_chip(self, address: int, int_pin) -> None:
        """``int_pin``: a MockFactory pin (already created) standing for the chip's INT line;
        chips given the same pin (on this bus or another) share the line."""
        chip = self.Chip(OpenDrainLine.of(int_pin))
        chip.int_line.chips.append(chip)
        self.chips[address] = chip

    def _chip(self, address):
        if address not in self.chips:
            raise OSError(121, f"no device answers at I2C address {address:#04x}")
        return self.chips[address]

    def write_byte_data(self, address: int, reg: int, value: int) -> None:
        with self.lock:
            self._chip(address).regs[reg] = value & 0xFF

    def read_byte_data(self, address: int, reg: int) -> int:
        """Reading a port (GPIO or INTCAP) clears the chip's interrupt, as on the chip."""
        with self.lock:
            chip = self._chip(address)
            if reg not in (GPIO, GPIO + 1, INTCAP, INTCAP + 1):
                return chip.regs.get(reg, 0)
            port = (reg - GPIO) if reg >= GPIO else reg - INTCAP
            value = chip.level(port)
            cleared, chip.pending = chip.pending, False
        if cleared:
            chip.int_line.settle()
        return value

    def drive(self, address: int, line: str, high: bool) -> None:
        """Drive line ``A3`` (say) of a chip from outside: False is a key closing to ground."""
        with self.lock:
            chip = self._chip(address)
            port, bit = "AB".index(line[0]), int(line[1])
            before = chip.level(port)
            if high:
                chip.outside[port] |= 1 << bit
            else:
                chip.outside[port] &= ~(1 << bit)
            moved = (before ^ chip.level(port)) & chip.regs.get(GPINTEN + port, 0)
            raised = bool(moved) and not chip.pending
            if raised:
                chip.pending = True
        if raised:
            # the line falls, even if a read cleared the interrupt in the meantime: the Pi's
            # edge detection latches the shortest pulse of a real chip
            chip.int_line.fall()


class OpenDrainLine:
    """A simulated interrupt line with a pull-up: low while any chip on it has an interrupt
    pending (open-drain outputs wired together)."""

    _lines: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()

    def __init__(self, pin):
        self.pin = pin
        self.chips: list = []
        self.lock = threading.RLock()

    @classmethod
    def of(cls, pin) -> "OpenDrainLine":
        line = cls._lines.get(pin)
        if line is None:
            line = cls._lines[pin] = cls(pin)
        return line

    def fall(self) -> None:
        with self.lock:
            edge = self.pin.state and self._move(False)
        if edge:
            self._edge()  # the factory reads the chips on this line
        self.settle()

    def settle(self) -> None:
        with self.lock:
            low = any(c.pending for c in self.chips)
            edge = self._move(not low)
        if edge:
            self._edge()

    def _move(self, high: bool) -> bool:
        """Set the line's level (under the lock); True if it moved on an edge listened to.
        The edge's callback is made by the caller once the lock is let go: it reads the
        chips, and a reader holding a chip may be waiting for this line meanwhile."""
        if not self.pin._change_state(high):
            return False
        edges = self.pin.edges
        return self.pin.when_changed is not None and (
            edges == "both" or edges == ("rising" if high else "falling"))

    def _edge(self) -> None:
        self.pin._call_when_changed()
