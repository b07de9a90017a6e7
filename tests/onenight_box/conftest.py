import pytest

from onenight_box.box import BoxLogic, VoteBox
from onenight_box.pins import load
from onenight_box.simulate import SimulatedHardware


class FakeClock:
    """Seconds that move only when a test says so."""

    def __init__(self, t: float = 1000.0):
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, dt: float) -> None:
        self.t += dt


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def rig(clock, tmp_path):
    """The reference box on mock pins and simulated expanders, with a fake clock."""
    r = Rig(clock, tmp_path / "state.json")
    yield r
    r.close()


class Rig:
    def __init__(self, clock, store, pins=None):
        self.clock = clock
        self.pins = load(pins) if pins else load()
        self.hw = SimulatedHardware(self.pins)
        self.box = VoteBox(self.pins, pin_factory=self.hw.factory)
        self.events = []
        self.logic = BoxLogic(self.box, clock=clock, store=store, notify=self.events.append)

    def poll(self, dt: float = 0.0):
        self.clock.advance(dt)
        self.logic.poll()

    def edge(self, seat, down, dt=0.002):
        """One edge on seat's OK key, ``dt`` seconds after the previous one."""
        self.clock.advance(dt)
        self.hw.key(seat, down)

    def press(self, seat):
        self.edge(seat, True, 0.1)
        self.poll()
        self.edge(seat, False, 0.1)
        self.poll()

    def vote(self, seat, target):
        """Seat ``seat`` dials seat ``target`` (0-based, the +10 switch for 11 and up) and
        presses OK: a vote, or a pick."""
        self.hw.dial_seat(seat, target)
        self.press(seat)

    def answer(self, seat, yes: bool):
        self.hw.dial(seat, 1 if yes else 0)
        self.press(seat)

    def outputs(self):
        """Everything a player could see or hear: every LED, the bar, the buzzer."""
        return (tuple(p.led.is_active for p in self.box.pads), self.box.bar.value,
                self.box.buzzer.is_active, self.box.status.is_active)

    def kinds(self, kind):
        return [e for e in self.events if e["t"] == kind]

    def led(self, seat):
        return self.box.pads[seat].led.is_active

    def close(self):
        self.box.close()
