"""The pin map: the reference build's file is valid, and every kind of wiring mistake is caught."""

import copy
import tomllib

import pytest

from onenight_box.pins import DEFAULT, PinMapError, load, parse


@pytest.fixture
def raw():
    with open(DEFAULT, "rb") as f:
        return tomllib.load(f)


def test_reference_map_is_valid():
    pm = load()
    assert len(pm.seats) == 18 and all(s.tens for s in pm.seats)
    pins = [p for p, _ in pm.all_pins()]
    assert len(pins) == len(set(pins))
    assert not {"GPIO0", "GPIO1"} & set(pins)
    assert {e.bus for e in pm.expanders.values()} == {1, 3}
    assert pm.interrupt_lines()["GPIO9"] == ["mcp7", "mcp8"]  # two chips, one line


def test_the_ten_pad_map_is_the_first_ten_seats_of_the_reference():
    ten, full = load(DEFAULT.with_name("pins-10.toml")), load()
    assert ten.seats == full.seats[:10]
    assert ten.bar == full.bar and ten.buzzer == full.buzzer and ten.status == full.status
    assert all(full.expanders[n] == e for n, e in ten.expanders.items())


def test_every_pi_gpio_is_accounted_for():
    """The pin budget of the 18-pad build: every header GPIO is used, reserved, or free."""
    pm = load()
    used = {p for p, _ in pm.all_pins() if p.startswith("GPIO")}
    reserved = set(pm.reserved)
    free = {f"GPIO{n}" for n in range(28)} - used - reserved
    assert used & reserved == set()
    assert free == set(), free  # the 18-pad build uses the whole header


def test_reference_map_uses_only_header_gpios_and_declared_expanders():
    pm = load()
    for pin, what in pm.all_pins():
        if pin.startswith("GPIO"):
            assert 4 <= int(pin[4:]) <= 27, what
        else:
            assert pin.split(":")[0] in pm.expanders, what


def test_every_seat_is_complete():
    for seat in load().seats:
        assert len(seat.wheel) == 4 and seat.ok and seat.led


@pytest.mark.parametrize("mutate, message", [
    (lambda r: r["seats"][3].update(ok=r["seats"][2]["ok"]), "used twice"),
    (lambda r: r["bar"]["pins"].__setitem__(0, "GPIO0"), "reserved"),
    (lambda r: r["bar"]["pins"].__setitem__(0, "GPIO1"), "reserved"),
    (lambda r: r["bar"]["pins"].__setitem__(0, "GPIO2"), "reserved"),
    (lambda r: r["buzzer"].update(pin="GPIO31"), "not on the 40-pin header"),
    (lambda r: r["seats"][0].update(led="mcp9:A5"), "not declared"),
    (lambda r: r["seats"][0].pop("led"), "led pin missing"),
    (lambda r: r["seats"][1]["wheel"].pop(), "4 pins"),
    (lambda r: r["expanders"]["mcp1"].update(address=0x20), "already used"),
    (lambda r: r["expanders"]["mcp8"].update(bus=1, address=0x27), "already used"),
    (lambda r: r["expanders"]["mcp8"].update(bus="three"), "bus"),
    (lambda r: r["expanders"]["mcp1"].update(interrupt="mcp0:A7"), "Pi GPIO"),
    (lambda r: r["expanders"]["mcp1"].update(interrupt="GPIO5"), "used twice"),  # a bar LED
    (lambda r: r["seats"].extend(copy.deepcopy(r["seats"][:1])), "seats"),
    (lambda r: r["seats"][12].pop("tens"), "tens"),
    (lambda r: r["bar"]["pins"].__setitem__(0, "GPIO10"), "reserved"),  # I2C bus 3
    (lambda r: r["seats"][0].update(ok="pin7"), "neither"),
])
def test_mistakes_are_refused_with_the_reason(raw, mutate, message):
    mutate(raw)
    with pytest.raises(PinMapError, match=message):
        parse(raw)


def test_unreadable_file(tmp_path):
    bad = tmp_path / "pins.toml"
    bad.write_text("seats = [")
    with pytest.raises(PinMapError, match="pins.toml"):
        load(bad)


def test_the_drawing_is_drawn_from_the_pin_map():
    """hw/wiring.svg is hw/draw_wiring.py's output for pins.toml: change one, redraw."""
    import subprocess
    import sys
    from pathlib import Path
    script = Path(__file__).resolve().parents[2] / "hw" / "draw_wiring.py"
    r = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    svg = script.with_name("wiring.svg").read_text(encoding="utf-8")
    pm = load()
    for i, seat in enumerate(pm.seats, 1):
        assert f"RJ45 seat {i}<" in svg
    for name, e in pm.expanders.items():
        assert f"{name}  MCP23017-E/SP @ {e.address:#04x}, bus {e.bus}" in svg
    assert "green LED" in svg and "active 5 V buzzer" in svg  # as the BOM says
