"""The pin map (pins.toml beside this file): read it, and check it before anything is wired."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from .protocol import MAX_SEATS

DEFAULT = Path(__file__).with_name("pins.toml")
GPIO = re.compile(r"^GPIO(\d+)$")
EXPANDER = re.compile(r"^(mcp\d+):([AB])([0-7])$")
#: The 40-pin header: physical pin -> what is on it (BCM GPIO names, or power).
HEADER = {
    1: "3V3", 2: "5V", 3: "GPIO2", 4: "5V", 5: "GPIO3", 6: "GND", 7: "GPIO4", 8: "GPIO14",
    9: "GND", 10: "GPIO15", 11: "GPIO17", 12: "GPIO18", 13: "GPIO27", 14: "GND", 15: "GPIO22",
    16: "GPIO23", 17: "3V3", 18: "GPIO24", 19: "GPIO10", 20: "GND", 21: "GPIO9", 22: "GPIO25",
    23: "GPIO11", 24: "GPIO8", 25: "GND", 26: "GPIO7", 27: "GPIO0", 28: "GPIO1", 29: "GPIO5",
    30: "GND", 31: "GPIO6", 32: "GPIO12", 33: "GPIO13", 34: "GND", 35: "GPIO19", 36: "GPIO16",
    37: "GPIO26", 38: "GPIO20", 39: "GND", 40: "GPIO21",
}
#: Never usable, whatever the file says: the HAT EEPROM's ID_SD/ID_SC.
ALWAYS_RESERVED = ("GPIO0", "GPIO1")
I2C_PINS = ("GPIO2", "GPIO3")  # I2C bus 1, the Pi's own


class PinMapError(ValueError):
    """The pin map is wrong; the message lists every problem found."""


@dataclass(frozen=True)
class Seat:
    wheel: tuple[str, str, str, str]  # BCD bits 1, 2, 4, 8
    ok: str
    led: str
    tens: str | None = None  # the "+10" switch, for seats 11 and up


class Expander(NamedTuple):
    """One MCP23017: its address on its I2C bus, and the Pi GPIO its interrupt goes to
    (several chips may share one interrupt line: their outputs are open drain)."""

    address: int
    interrupt: str
    bus: int = 1


@dataclass(frozen=True)
class PinMap:
    seats: tuple[Seat, ...]
    bar: tuple[str, ...]
    buzzer: str
    status: str | None
    expanders: dict  # name -> Expander
    i2c_bus: int  # the bus of the expanders that do not name one
    reserved: tuple[str, ...]

    def seat_pins(self) -> list[tuple[str, str]]:
        out = []
        for i, s in enumerate(self.seats, 1):
            out += [(p, f"seat {i} wheel bit {1 << b}") for b, p in enumerate(s.wheel)]
            if s.tens:
                out.append((s.tens, f"seat {i} +10 switch"))
            out += [(s.ok, f"seat {i} OK key"), (s.led, f"seat {i} LED")]
        return out

    def all_pins(self) -> list[tuple[str, str]]:
        """(pin, what it is) for every pin used; an interrupt line shared by several
        expanders is listed once."""
        out = self.seat_pins()
        out += [(p, f"bar LED {i}") for i, p in enumerate(self.bar, 1)]
        out.append((self.buzzer, "buzzer"))
        if self.status:
            out.append((self.status, "status LED"))
        for pin, names in self.interrupt_lines().items():
            out.append((pin, f"{' and '.join(names)} interrupt"))
        return out

    def interrupt_lines(self) -> dict[str, list[str]]:
        """Pi GPIO -> the expanders whose interrupt output is wired to it."""
        lines: dict[str, list[str]] = {}
        for name, e in self.expanders.items():
            lines.setdefault(e.interrupt, []).append(name)
        return lines


def _problems(raw: dict) -> list[str]:
    problems = []
    seats = raw.get("seats")
    if not isinstance(seats, list) or not 3 <= len(seats) <= MAX_SEATS:
        problems.append(f"seats: expected 3 to {MAX_SEATS} [[seats]] tables")
        seats = seats if isinstance(seats, list) else []
    for i, s in enumerate(seats, 1):
        if not isinstance(s, dict):
            problems.append(f"seat {i}: not a table")
            continue
        wheel = s.get("wheel")
        if not (isinstance(wheel, list) and len(wheel) == 4 and all(isinstance(w, str) for w in wheel)):
            problems.append(f"seat {i}: wheel must list 4 pins (BCD bits 1, 2, 4, 8)")
        for part in ("ok", "led"):
            if not isinstance(s.get(part), str):
                problems.append(f"seat {i}: {part} pin missing")
        if "tens" in s and not isinstance(s["tens"], str):
            problems.append(f"seat {i}: tens must be a pin")
    if len(seats) > 10 and any(isinstance(s, dict) and "tens" not in s for s in seats):
        problems.append("seats: more than 10 pads need a tens (+10) switch on every pad, "
                        "to dial seats 11 and up")
    bar = raw.get("bar", {}).get("pins")
    if not (isinstance(bar, list) and bar and all(isinstance(p, str) for p in bar)):
        problems.append("bar.pins: expected a list of pins")
    if not isinstance(raw.get("buzzer", {}).get("pin"), str):
        problems.append("buzzer.pin missing")
    exps = raw.get("expanders", {})
    addresses = {}
    default_bus = raw.get("i2c_bus", 1)
    for name, e in exps.items():
        if not re.match(r"^mcp\d+$", name):
            problems.append(f"expanders.{name}: name must be mcp<number>")
        addr = e.get("address") if isinstance(e, dict) else None
        bus = e.get("bus", default_bus) if isinstance(e, dict) else None
        if not isinstance(bus, int) or not 0 <= bus <= 31:
            problems.append(f"expanders.{name}: bus must be an I2C bus number (0 to 31)")
        if not isinstance(addr, int) or not 0x20 <= addr <= 0x27:
            problems.append(f"expanders.{name}: address must be 0x20 to 0x27")
        elif (bus, addr) in addresses:
            problems.append(f"expanders.{name}: address {addr:#04x} on bus {bus} already used "
                            f"by {addresses[bus, addr]}")
        else:
            addresses[bus, addr] = name
        if not isinstance(e, dict) or not isinstance(e.get("interrupt"), str):
            problems.append(f"expanders.{name}: interrupt pin missing")
    return problems


def parse(raw: dict) -> PinMap:
    problems = _problems(raw)
    if problems:
        raise PinMapError("; ".join(problems))
    default_bus = raw.get("i2c_bus", 1)
    exps = {n: Expander(e["address"], e["interrupt"], e.get("bus", default_bus))
            for n, e in raw.get("expanders", {}).items()}
    pm = PinMap(
        seats=tuple(Seat(tuple(s["wheel"]), s["ok"], s["led"], s.get("tens"))
                    for s in raw["seats"]),
        bar=tuple(raw["bar"]["pins"]),
        buzzer=raw["buzzer"]["pin"],
        status=raw.get("status", {}).get("pin"),
        expanders=exps,
        i2c_bus=default_bus,
        reserved=tuple(raw.get("reserved", ())),
    )
    problems = check(pm)
    if problems:
        raise PinMapError("; ".join(problems))
    return pm


def check(pm: PinMap) -> list[str]:
    """Every wiring mistake in the map: a pin used twice, a reserved pin, a bad name."""
    problems = []
    seen: dict[str, str] = {}
    on_bus_1 = any(e.bus == 1 for e in pm.expanders.values())
    reserved = set(ALWAYS_RESERVED) | set(pm.reserved) | (set(I2C_PINS) if on_bus_1 else set())
    for pin, what in pm.all_pins():
        if pin in seen:
            problems.append(f"{pin} is used twice: {seen[pin]} and {what}")
            continue
        seen[pin] = what
        if pin in reserved:
            problems.append(f"{what} is on {pin}, which is reserved")
        g, e = GPIO.match(pin), EXPANDER.match(pin)
        if g:
            if not 0 <= int(g[1]) <= 27:
                problems.append(f"{what}: {pin} is not on the 40-pin header (GPIO0 to GPIO27)")
        elif e:
            if e[1] not in pm.expanders:
                problems.append(f"{what}: {pin} names expander {e[1]}, which is not declared")
        else:
            problems.append(f"{what}: {pin!r} is neither GPIO<n> nor mcp<n>:<A|B><bit>")
    for name, e in pm.expanders.items():
        if not GPIO.match(e.interrupt):
            problems.append(f"{name}: its interrupt must be on a Pi GPIO, not {e.interrupt}")
    return problems


def load(path: str | Path = DEFAULT) -> PinMap:
    try:
        with open(path, "rb") as f:
            raw = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise PinMapError(f"{path}: {e}") from None
    return parse(raw)
