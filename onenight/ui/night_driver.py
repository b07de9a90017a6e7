"""What the night screen follows: a sequence of spoken cues on an injected clock.

``NightDriver`` is the interface the screen uses (start, tick, pause, resume, replay the last
line, the current cue, done). ``TextNight`` is the built-in plan: one cue per step of
``night_steps(deck)``, each lasting the same time whatever the deal (action time plus a
random jitter), with the lines from the translation table. The narration package's runner,
when present, plugs in behind the same interface and adds the voice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from onenight.rules.steps import night_steps


@dataclass(frozen=True)
class Cue:
    key: str  # translation key prefix: ``<key>.title`` and ``<key>.line``
    seconds: float


class TextNight:
    def __init__(self, deck, clock, tr, seconds_for=lambda step_id: 10.0, jitter: float = 2,
                 rng: random.Random | None = None, on_say=None):
        rng = rng or random.Random()
        self.clock, self.tr = clock, tr
        self.on_say = on_say  # called with (title, line) whenever a new line is spoken
        cues = [Cue("night.intro", 6)]
        for step in night_steps(deck):
            cues.append(Cue(f"night.step.{step.id}",
                            seconds_for(step.id) + rng.uniform(0, jitter)))
            cues.append(Cue(f"night.close.{step.id}", 3))
        cues.append(Cue("night.outro", 4))
        self.cues = cues
        self.index = -1
        self.started_at = 0.0
        self.paused_left: float | None = None
        self.done = False

    # the interface -----------------------------------------------------------------------
    def start(self, at: int | None = None) -> None:
        """Start the night, or resume it at cue ``at`` (said again)."""
        self._enter(at if at is not None and 0 <= at < len(self.cues) else 0)

    def cue_index(self) -> int | None:
        return self.index if self.index >= 0 else None

    @property
    def paused(self) -> bool:
        return self.paused_left is not None

    def title(self) -> str:
        return self.tr(self.cues[self.index].key + ".title") if self.index >= 0 else ""

    def line(self) -> str:
        return self.tr(self.cues[self.index].key + ".line") if self.index >= 0 else ""

    def tick(self) -> None:
        if self.done or self.paused or self.index < 0:
            return
        while not self.done and self.clock.now() - self.started_at >= self.cues[self.index].seconds:
            end = self.started_at + self.cues[self.index].seconds
            if self.index + 1 >= len(self.cues):
                self.done = True
                return
            self._enter(self.index + 1, at=end)

    def pause(self) -> None:
        if not self.paused and not self.done and self.index >= 0:
            self.paused_left = self.cues[self.index].seconds - (self.clock.now() - self.started_at)

    def resume(self) -> None:
        if self.paused:
            self.started_at = self.clock.now() - (self.cues[self.index].seconds - self.paused_left)
            self.paused_left = None

    def replay_last(self) -> None:
        """Say the current line again; the step's time starts over so nobody is cut short."""
        if self.index >= 0 and not self.done:
            self.started_at = self.clock.now()
            if self.paused:
                self.paused_left = self.cues[self.index].seconds
            self._say()

    def close(self) -> None:
        self.done = True

    # ----------------------------------------------------------------------------------------
    def _enter(self, i: int, at: float | None = None) -> None:
        self.index = i
        self.started_at = self.clock.now() if at is None else at
        self._say()

    def _say(self) -> None:
        if self.on_say:
            self.on_say(self.title(), self.line())
