"""The MCP23017 pin factory, against the register-level simulation of the chip."""

import threading
import time

import pytest
from gpiozero import LED, DigitalInputDevice
from gpiozero.exc import GPIOPinInUse, PinInvalidPull
from gpiozero.pins.mock import MockFactory

from onenight_box.expander import GPINTEN, GPPU, IODIR, OLAT, ExpanderFactory, SimulatedMCP23017Bus


@pytest.fixture
def chip():
    mock = MockFactory()
    bus = SimulatedMCP23017Bus()
    bus.add_chip(0x21, mock.pin("GPIO17"))
    factory = ExpanderFactory(mock, bus, {"mcp1": (0x21, "GPIO17")})
    yield factory, bus, mock
    factory.close()


def test_an_led_on_an_expander_line_sets_the_output_latch(chip):
    factory, bus, _ = chip
    led = LED("mcp1:B5", pin_factory=factory)
    regs = bus.chips[0x21].regs
    assert not regs[IODIR + 1] >> 5 & 1  # an output
    led.on()
    assert regs[OLAT + 1] >> 5 & 1 and led.is_active
    led.off()
    assert not regs[OLAT + 1] >> 5 & 1
    led.close()


def test_a_key_on_an_expander_line_fires_through_the_interrupt(chip):
    factory, bus, mock = chip
    key = DigitalInputDevice("mcp1:A4", pull_up=True, pin_factory=factory)
    regs = bus.chips[0x21].regs
    assert regs[GPPU] >> 4 & 1 and regs[GPINTEN] >> 4 & 1
    seen = []
    key.when_activated = lambda: seen.append("down")
    key.when_deactivated = lambda: seen.append("up")
    bus.drive(0x21, "A4", False)
    assert seen == ["down"] and key.is_active
    assert mock.pin("GPIO17").state  # reading the ports released the interrupt line
    bus.drive(0x21, "A4", True)
    assert seen == ["down", "up"]
    bus.drive(0x21, "A3", False)  # a line nobody listens to: no interrupt, no event
    assert seen == ["down", "up"]
    key.close()


def test_a_line_cannot_be_used_twice(chip):
    factory, _, _ = chip
    led = LED("mcp1:A0", pin_factory=factory)
    with pytest.raises(GPIOPinInUse):
        LED("mcp1:A0", pin_factory=factory)
    led.close()
    LED("mcp1:A0", pin_factory=factory).close()  # free again once closed


def test_expander_lines_have_no_pull_down(chip):
    factory, _, _ = chip
    with pytest.raises(PinInvalidPull):
        DigitalInputDevice("mcp1:A1", pull_up=False, pin_factory=factory)


def test_unknown_chip_and_missing_device_are_clear_errors(chip):
    factory, bus, _ = chip
    with pytest.raises(ValueError, match="mcp7"):
        factory.pin("mcp7:A0")
    with pytest.raises(OSError, match="0x22"):
        bus.read_byte_data(0x22, 0)


def test_chips_on_two_buses_share_one_interrupt_line():
    """Open-drain outputs wired together: the line stays low while either chip holds it,
    and a change on either is found."""
    mock = MockFactory()
    bus1, bus3 = SimulatedMCP23017Bus(), SimulatedMCP23017Bus()
    bus1.add_chip(0x27, mock.pin("GPIO9"))
    bus3.add_chip(0x20, mock.pin("GPIO9"))
    factory = ExpanderFactory(mock, {1: bus1, 3: bus3},
                              {"mcp7": (0x27, "GPIO9", 1), "mcp8": (0x20, "GPIO9", 3)})
    try:
        seen = []
        a = DigitalInputDevice("mcp7:A4", pull_up=True, pin_factory=factory)
        b = DigitalInputDevice("mcp8:B4", pull_up=True, pin_factory=factory)
        a.when_activated = lambda: seen.append("mcp7")
        b.when_activated = lambda: seen.append("mcp8")
        bus3.drive(0x20, "B4", False)
        bus1.drive(0x27, "A4", False)
        assert seen == ["mcp8", "mcp7"]
        assert mock.pin("GPIO9").state  # both read: the line is released
        a.close()
        b.close()
    finally:
        factory.close()


def test_a_key_read_while_another_is_pressed_never_locks_the_box(chip):
    """The box's loop reads its keys (the dial at a press, a release lost in the bounce)
    while the console presses others: the read that clears the chip's interrupt and the press
    whose edge reads the chip must never wait on each other (the simulated box once froze:
    the press held the interrupt line while its edge waited for the chip, and the read held
    the chip while it waited for the line)."""
    factory, bus, _ = chip
    key = DigitalInputDevice("mcp1:A4", pull_up=True, pin_factory=factory)
    other = DigitalInputDevice("mcp1:A5", pull_up=True, pin_factory=factory)
    seen = []
    key.when_activated = lambda: seen.append(1)
    stop = threading.Event()

    def press():
        for _ in range(3000):
            bus.drive(0x21, "A4", False)
            bus.drive(0x21, "A4", True)
        stop.set()

    def read():
        while not stop.is_set():
            other.value, key.value

    threads = [threading.Thread(target=f, daemon=True) for f in (press, read, read)]
    for t in threads:
        t.start()
    end = time.monotonic() + 20
    for t in threads:
        t.join(max(0.0, end - time.monotonic()))
    assert not any(t.is_alive() for t in threads), "the simulated chip locked up"
    assert seen  # the presses reached the key
    key.close()
    other.close()
