import time

import pytest
from hypothesis import given, strategies as st

from onenight.game.clock import Clock, Countdown, FakeClock, SystemClock


def test_system_clock_is_monotonic_and_both_clocks_fit_the_protocol():
    c = SystemClock()
    a, b = c.now(), c.now()
    assert b >= a and isinstance(c, Clock) and isinstance(FakeClock(), Clock)
    assert abs(c.now() - time.monotonic()) < 1


def test_fake_clock_moves_only_forward_when_told():
    c = FakeClock(100)
    assert c.now() == 100 and c.advance(2.5) == 102.5 and c.now() == 102.5
    with pytest.raises(ValueError, match="back in time"):
        c.advance(-1)
    with pytest.raises(TypeError, match="seconds"):
        c.advance("1")
    c.set(110)
    assert c.now() == 110


def test_a_countdown_keeps_a_deadline():
    c = FakeClock(50)
    cd = Countdown(c, 600)
    assert cd.deadline == 650 and cd.remaining() == 600 and not cd.expired
    c.advance(599.99)
    assert cd.remaining() == pytest.approx(0.01) and not cd.expired
    c.advance(0.01)
    assert cd.expired and cd.remaining() == 0
    c.advance(30)
    assert cd.remaining() == 0


def test_a_pause_shifts_the_deadline_by_exactly_the_time_paused():
    c = FakeClock()
    cd = Countdown(c, 600)
    c.advance(100)
    cd.pause()
    assert cd.paused and cd.deadline is None and cd.remaining() == 500
    c.advance(1234.5)
    assert cd.remaining() == 500
    cd.resume()
    assert cd.deadline == 100 + 1234.5 + 500
    cd.pause(), cd.pause()  # twice is once
    cd.resume(), cd.resume()
    assert cd.deadline == 100 + 1234.5 + 500


def test_adding_and_taking_time():
    c = FakeClock()
    cd = Countdown(c, 300)
    cd.add(60)
    assert cd.deadline == 360 and cd.total == 360
    cd.add(-1000)
    assert cd.expired and cd.remaining() == 0
    cd.add(30)
    assert cd.remaining() == 30
    paused = Countdown(c, 10, paused=True)
    paused.add(5)
    assert paused.remaining() == 15 and paused.paused
    with pytest.raises(ValueError):
        Countdown(c, -1)
    with pytest.raises(TypeError):
        Countdown(c, None)


@given(st.lists(st.floats(0.001, 5.0), min_size=1, max_size=400))
def test_a_ten_minute_debate_ends_on_its_deadline_however_late_the_polls(gaps):
    """A loaded UI polls at uneven, sometimes long intervals: the countdown never drifts,
    because it reads the deadline, not a count of ticks. Polled at least every 50 ms near the
    end, it is seen expired within 50 ms of the deadline."""
    c = FakeClock(7.0)
    cd = Countdown(c, 600)
    for g in gaps:
        c.advance(g)
        assert cd.remaining() == pytest.approx(max(0.0, 607.0 - c.now()), abs=1e-9)
    while not cd.expired:
        c.advance(0.05)
    assert 0 <= c.now() - 607.0 <= 0.05 + 1e-9


@given(st.lists(st.tuples(st.floats(0, 100), st.floats(0, 100)), max_size=20))
def test_pauses_add_up_exactly(runs):
    c = FakeClock()
    cd = Countdown(c, 10_000)
    paused_total = 0.0
    for run, paused in runs:
        c.advance(run)
        cd.pause()
        c.advance(paused)
        paused_total += paused
        cd.resume()
    assert cd.deadline == pytest.approx(10_000 + paused_total)
