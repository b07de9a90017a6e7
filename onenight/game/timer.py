"""The debate countdown, on an injected clock so tests never wait.

The clock is any object with a ``now()`` method returning seconds (monotonic; see
:mod:`onenight.game.clock`). The timer's state is plain numbers, so it can be written down
and restored.
"""

from __future__ import annotations

from dataclasses import dataclass


WARN_AT = 60.0  # seconds left when the one-minute warning sounds


@dataclass
class DayTimer:
    length: float  # seconds, as set
    left_at_mark: float  # seconds left at ``mark``
    mark: float  # clock time of the last start/resume/change
    running: bool = False
    warned: bool = False
    ended: bool = False
    added: float = 0.0  # seconds the host added (or took off) since the start

    def elapsed(self, now: float) -> float:
        """The seconds the countdown has run since its start."""
        return self.length + self.added - self.left(now)

    @classmethod
    def start(cls, seconds: float, now: float) -> "DayTimer":
        return cls(length=seconds, left_at_mark=seconds, mark=now, running=True,
                   warned=seconds <= WARN_AT)

    def left(self, now: float) -> float:
        if not self.running:
            return max(0.0, self.left_at_mark)
        return max(0.0, self.left_at_mark - (now - self.mark))

    def pause(self, now: float) -> None:
        if self.running:
            self.left_at_mark = self.left(now)
            self.mark = now
            self.running = False

    def resume(self, now: float) -> None:
        if not self.running and self.left(now) > 0:
            self.mark = now
            self.running = True

    def add(self, seconds: float, now: float) -> None:
        before = self.left(now)
        self.left_at_mark = before + seconds
        self.added += self.left_at_mark - before if self.left_at_mark > 0 else -before
        self.mark = now
        if self.left_at_mark > WARN_AT:
            self.warned = False
        if self.left_at_mark > 0:
            self.ended = False

    def alerts(self, now: float) -> list[str]:
        """The alerts reached since the last call: ``one_minute``, ``end`` (each once)."""
        out = []
        left = self.left(now)
        if not self.warned and left <= WARN_AT:
            self.warned = True
            if left > 0:
                out.append("one_minute")
        if not self.ended and left <= 0:
            self.ended = True
            self.running = False
            self.left_at_mark = 0.0
            out.append("end")
        return out
