"""The pin map (pins.toml beside this file): read it, and check it before anything is wired."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .protocol import MAX_SEATS

DEFAULT = Path(__file__).with_name("pins.toml")
GPIO = re.compile(r"^GPIO(\d+)$")
EXPANDER = re.compile(r"^(mcp\d+):([AB])([0-7])$")
#: Never usable, whatever the file says: the HAT EEPROM's ID_SD/ID_SC.
ALWAYS_RESERVED = ("GPIO0", "GPIO1")
I2C_PINS = ("GPIO2", "GPIO3")


class PinMapError(ValueError):
    """The pin map is wrong; the message lists every problem found."""


@dataclass(frozen=True)
class Seat:
    wheel: tuple[str, str, str, str]  # BCD bits 1, 2, 4, 8
    ok: str
    led: str


@dataclass(frozen=True)
class PinMap:
    seats: tuple[Seat, ...]
    bar: tuple[str, ...]
    buzzer: str
    status: str | None
    expanders: dict  # name -> (address, interrupt pin)
    i2c_bus: int
    reserved: tuple[str, ...]

    def all_pins(self) -> list[tuple[str, str]]:
        """(pin, what it is) for every pin used."""
        out = []
        for i, s in enumerate(self.seats, 1):
            out += [(p, f"seat {i} wheel bit {1 << b}") for b, p in enumerate(s.wheel)]
            out += [(s.ok, f"seat {i} OK key"), (s.led, f"seat {i} LED")]
        out += [(p, f"bar LED {i}") for i, p in enumerate(self.bar, 1)]
        out.append((self.buzzer, "buzzer"))
        if self.status:
            out.append((self.status, "status LED"))
        out += [(pin, f"{name} interrupt") for name, (_, pin) in self.expanders.items()]
        return out


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
    bar = raw.get("bar", {}).get("pins")
    if not (isinstance(bar, list) and bar and all(isinstance(p, str) for p in bar)):
        problems.append("bar.pins: expected a list of pins")
    if not isinstance(raw.get("buzzer", {}).get("pin"), str):
        problems.append("buzzer.pin missing")
    exps = raw.get("expanders", {})
    addresses = {}
    for name, e in exps.items():
        if not re.match(r"^mcp\d+$", name):
            problems.append(f"expanders.{name}: name must be mcp<number>")
        addr = e.get("address") if isinstance(e, dict) else None
        if not isinstance(addr, int) or not 0x20 <= addr <= 0x27:
            problems.append(f"expanders.{name}: address must be 0x20 to 0x27")
        elif addr in addresses:
            problems.append(f"expanders.{name}: address {addr:#04x} already used by {addresses[addr]}")
        else:
            addresses[addr] = name
        if not isinstance(e, dict) or not isinstance(e.get("interrupt"), str):
            problems.append(f"expanders.{name}: interrupt pin missing")
    return problems


def parse(raw: dict) -> PinMap:
    problems = _problems(raw)
    if problems:
        raise PinMapError("; ".join(problems))
    exps = {n: (e["address"], e["interrupt"]) for n, e in raw.get("expanders", {}).items()}
    pm = PinMap(
        seats=tuple(Seat(tuple(s["wheel"]), s["ok"], s["led"]) for s in raw["seats"]),
        bar=tuple(raw["bar"]["pins"]),
        buzzer=raw["buzzer"]["pin"],
        status=raw.get("status", {}).get("pin"),
        expanders=exps,
        i2c_bus=raw.get("i2c_bus", 1),
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
    reserved = set(ALWAYS_RESERVED) | set(pm.reserved) | (set(I2C_PINS) if pm.expanders else set())
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
    for name, (_, pin) in pm.expanders.items():
        if not GPIO.match(pin):
            problems.append(f"{name}: its interrupt must be on a Pi GPIO, not {pin}")
    return problems


def load(path: str | Path = DEFAULT) -> PinMap:
    try:
        with open(path, "rb") as f:
            raw = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise PinMapError(f"{path}: {e}") from None
    return parse(raw)
