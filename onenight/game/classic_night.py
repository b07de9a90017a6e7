"""A night of the classic game, said and timed: the narrator's plan for tonight's calls, and
each call closed (the controller's ``step_end``) at the time the same plan ends it, on one
clock. So the voice and the calls cannot drift apart, and a call lasts what the plan gives it
whoever is there: its player quick or slow, its power spent, or nobody holding its card.

The screens drive it like the one-night game's night: ``start()``, then ``poll()`` whenever
the app's clock ticks (``next_due()`` says when); ``pause()`` and ``resume()`` hold the voice
and the calls together. A night resumed after the app stopped starts again at the beginning of
the call it stopped in (its wake line); a choice already made in it stands.
"""

from __future__ import annotations

from collections.abc import Callable

from onenight.narration.audio import Audio
from onenight.narration.classic import build_classic_night_plan, classic_voice
from onenight.narration.plan import Cue, NightPlan
from onenight.narration.runner import EPSILON, NightRunner
from onenight.narration.settings import NarrationSettings
from onenight.narration.voice import TextVoice, Voice

from .classic_flow import ClassicController


def night_plan(ctl: ClassicController, settings: NarrationSettings,
               voice: Voice | TextVoice | None = None) -> NightPlan:
    """Tonight's plan: from tonight's calls, the deck, the night's number and the pace."""
    s = ctl.state
    if s.window is None:
        raise ValueError("no night is being played")
    g = ctl.game
    return build_classic_night_plan(s.calls, g.dealt + g.undealt, s.window.night, settings,
                                    pace=s.options.pace / 100,
                                    sisters_again=s.options.sisters_wake_again,
                                    voice=voice if voice is not None else classic_voice(settings))


class ClassicNight:
    """Plays tonight's plan through ``audio`` on ``clock`` and closes each call at its end.

    ``send`` is the door into the controller (the app's ``send``; by default ``ctl.apply``);
    ``on_cue`` is called with each line as it is said (the subtitles)."""

    def __init__(self, ctl: ClassicController, audio: Audio, clock,
                 settings: NarrationSettings, voice: Voice | TextVoice | None = None,
                 send: Callable[[dict], object] | None = None,
                 on_cue: Callable[[Cue], None] | None = None):
        self.ctl = ctl
        self.send = send or ctl.apply
        self.plan = night_plan(ctl, settings, voice)
        self.night = ctl.state.window.night
        self.runner = NightRunner(self.plan, audio, clock, settings, on_cue=on_cue)

    @property
    def finished(self) -> bool:
        """Tonight's calls are over (the controller has moved on to the day)."""
        w = self.ctl.state.window
        return w is None or w.night != self.night

    def start(self) -> list[Cue]:
        """Start the night at the call the controller stands at (the first, or the one a
        resumed game stopped in), from its first line."""
        w = self.ctl.state.window
        at = None
        if w is not None and 0 < w.index < len(self.plan.steps):
            begin = self.plan.steps[w.index].start  # a call starts with its first line
            at = next((i for i, c in enumerate(self.plan.cues) if c.start >= begin - EPSILON),
                      None)
        fired = self.runner.start(at)
        self._close_calls()
        return fired

    def poll(self) -> list[Cue]:
        fired = self.runner.poll()
        self._close_calls()
        return fired

    def _close_calls(self) -> None:
        while not self.finished:
            w = self.ctl.state.window
            if w.index < len(self.plan.steps):
                end = self.plan.steps[w.index].end
                if not (self.runner.finished or self.runner.position + EPSILON >= end):
                    return
            self.send({"type": "step_end", "step": w.step})

    def pause(self) -> None:
        self.runner.pause()

    def resume(self) -> list[Cue]:
        fired = self.runner.resume()
        self._close_calls()
        return fired

    def next_due(self) -> float | None:
        """Seconds until something is due: a line, or a call's end."""
        due = self.runner.next_due()
        w = self.ctl.state.window
        if due is None or self.finished or w.index >= len(self.plan.steps):
            return due
        return max(0.0, min(due, self.plan.steps[w.index].end - self.runner.position))

    def stop(self) -> None:
        self.runner.stop()


__all__ = ["ClassicNight", "night_plan"]
