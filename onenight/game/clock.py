"""Time for the game's timers: a monotonic clock that tests can replace.

Every timer in the app reads time through a :class:`Clock`; none counts ticks. A
:class:`Countdown` keeps an absolute deadline on its clock, so it ends on time however late
its owner polls it, and a pause moves the deadline by exactly the time spent paused.
"""

from __future__ import annotations

import math
import time
from typing import Protocol, runtime_checkable


@runtime_checkable
class Clock(Protocol):
    """A source of monotonic time in seconds (the origin means nothing)."""

    def now(self) -> float: ...


class SystemClock:
    """The real clock: :func:`time.monotonic`."""

    def now(self) -> float:
        return time.monotonic()


class FakeClock:
    """A clock that moves only when told to: for tests, never sleeps."""

    def __init__(self, start: float = 0.0):
        self._now = _seconds(start, "start")

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> float:
        """Move time forward by ``seconds`` (not backward) and return the new time."""
        s = _seconds(seconds, "seconds")
        if s < 0:
            raise ValueError(f"seconds: a clock cannot go back in time ({s})")
        self._now += s
        return self._now

    def set(self, when: float) -> None:
        """Jump to the absolute time ``when`` (not earlier than now)."""
        self.advance(_seconds(when, "when") - self._now)


def _seconds(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name}: expected a number of seconds, got {value!r}")
    v = float(value)
    if not math.isfinite(v):
        raise ValueError(f"{name}: expected a finite number of seconds, got {value!r}")
    return v


class Countdown:
    """A countdown of ``seconds`` that starts at once on ``clock``.

    ``deadline`` is the clock time it ends at while running (None while paused);
    ``remaining()`` never goes below zero; ``add()`` lengthens or shortens it (a negative
    amount shortens it, never below zero remaining).
    """

    def __init__(self, clock: Clock, seconds: float, *, paused: bool = False):
        s = _seconds(seconds, "seconds")
        if s < 0:
            raise ValueError(f"seconds: a countdown cannot be negative ({s})")
        self._clock = clock
        self.total = s
        self._deadline: float | None = None
        self._left = s  # the time left while paused
        if not paused:
            self._deadline = clock.now() + s

    @property
    def paused(self) -> bool:
        return self._deadline is None

    @property
    def deadline(self) -> float | None:
        """The clock time this countdown reaches zero, or None while paused."""
        return self._deadline

    def remaining(self) -> float:
        if self._deadline is None:
            return self._left
        return max(0.0, self._deadline - self._clock.now())

    @property
    def expired(self) -> bool:
        return self.remaining() <= 0.0

    def elapsed(self) -> float:
        return self.total - self.remaining()

    def pause(self) -> None:
        """Stop the countdown where it is (no effect if already paused)."""
        if self._deadline is not None:
            self._left = self.remaining()
            self._deadline = None

    def resume(self) -> None:
        """Start again from the time left (no effect if running)."""
        if self._deadline is None:
            self._deadline = self._clock.now() + self._left

    def add(self, seconds: float) -> None:
        """Add ``seconds`` (negative to take time away), keeping at least zero left."""
        s = _seconds(seconds, "seconds")
        left = max(0.0, self.remaining() + s)
        self.total = max(0.0, self.total + s)
        if self._deadline is None:
            self._left = left
        else:
            self._deadline = self._clock.now() + left


__all__ = ["Clock", "SystemClock", "FakeClock", "Countdown"]
