"""What the night screen follows: the narration's night plan, played by its runner on an
injected clock.

``PlanNight`` is the interface the screen uses (start, tick, pause, resume, replay the last
line, the current cue, done, the title and the line to show). Both nights are plans of the
narration package, so they say the same lines in the same order, step by step, timed by the
same rules, and their cue numbers match (a night journalled with the voice resumes at the same
line without it):

* ``voice.VoicedNight``: the plan of the voice's clips, played aloud;
* ``TextNight``, when the voice cannot be loaded: the same plan with each line lasting its
  reading time instead of its clip's (``build_text_plan``), played in silence; the host reads
  the lines on screen aloud.

The screen shows the step being called and the words being said to the whole table, nothing
more; the plan depends on the deck and the settings, never on the deal.
"""

from __future__ import annotations

from onenight.narration import NightRunner, SilentAudio, build_text_plan
from onenight.narration.plan import NIGHT

from . import trace

#: night-wide lines and the title the screen shows with them (only words the voice says:
#: the first line asks for the cards to be put down, the night falls with the second)
NIGHT_TITLES = {"night.intro": None, "night.start": "night.intro.title",
                "night.end": "night.outro.title", "day.artifacts": "night.outro.title"}


class PlanNight:
    """The night screen's driver on a narration plan: the screen shows the step and the words
    of the line being said, nothing else. ``on_say`` is called with (title, line) each time a
    line is said (replays included)."""

    def __init__(self, plan, clock, tr, settings, audio, on_say=None):
        self.plan = plan
        self.tr = tr
        self.audio = audio
        self.on_say = on_say
        self._cue = None
        self._index = {id(c): i for i, c in enumerate(plan.cues)}
        self.runner = NightRunner(plan, audio, clock, settings, on_cue=self._on_cue)

    def _on_cue(self, cue):
        self._cue = cue
        trace.mark("cue", line=cue.line, start=cue.start, duration=cue.duration)
        # Load the next line now, while this one is said: loading decodes the whole clip,
        # which would otherwise delay the next line by as much.
        i = self._index.get(id(cue))
        preload = getattr(self.audio, "preload", None)
        if preload is not None and i is not None and i + 1 < len(self.plan.cues):
            preload(self.plan.cues[i + 1].audio)
        if self.on_say is not None:
            self.on_say(self.title(), self.line())

    def next_due(self):
        """Seconds until the runner next has something to do; None when paused or done."""
        return self.runner.next_due()

    def start(self, at: int | None = None):
        """Start the night, or resume it at cue ``at`` (said again)."""
        cues = self.plan.cues
        self.runner.start(at if at is not None and 0 <= at < len(cues) else None)

    def cue_index(self) -> int | None:
        """The index of the cue being said (or last said), None before the first."""
        if self._cue is None:
            return None
        return self._index.get(id(self._cue))

    def tick(self):
        self.runner.poll()

    @property
    def paused(self) -> bool:
        return self.runner.state == "paused"

    @property
    def done(self) -> bool:
        return self.runner.finished

    def title(self) -> str:
        c = self._cue
        if c is None:
            return ""
        if c.step == NIGHT:
            key = NIGHT_TITLES.get(c.line)
            return self.tr(key) if key else ""
        return self.tr(f"night.step.{c.step}.title")

    def line(self) -> str:
        return self._cue.text if self._cue is not None else ""

    def pause(self):
        self.runner.pause()

    def resume(self):
        self.runner.resume()

    def replay_last(self):
        self.runner.replay_last()

    def skip_step(self):
        """Cut the current step short (its closing line is said now); None when nothing is
        left to skip to."""
        return self.runner.skip_step()

    def close(self):
        self.runner.stop()


class TextNight(PlanNight):
    """The night without the voice: the narration's lines in ``settings.lang`` (a
    ``NarrationSettings``), each shown for its reading time, with the voiced night's steps,
    action times and jitter. Plays no sound and reads no clip."""

    def __init__(self, deck, clock, tr, settings, on_say=None):
        super().__init__(build_text_plan(deck, settings), clock, tr, settings, SilentAudio(),
                         on_say=on_say)
