"""Playing a night plan, and the day's countdown, against a clock and an :class:`Audio`.

Nothing here sleeps or counts ticks: a scheduler (Kivy's Clock in the app, a loop in the
command line, the test itself) calls ``poll()`` as often as it likes, and each call fires what
is due by the clock. The host can pause, resume, and replay the last instruction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from .audio import Audio, Playback
from .errors import NarrationError
from .plan import Cue, NightPlan
from .script import ACT, CLOSE, INFO, LAST_MINUTE, VOTE, WAKE, DAY_START
from .settings import NarrationSettings
from .voice import Voice

class Clock(Protocol):
    """Any monotonic clock (``onenight.game.clock.SystemClock`` or ``FakeClock``)."""

    def now(self) -> float: ...


class Countdown(Protocol):
    """A deadline-based countdown (``onenight.game.clock.Countdown``)."""

    total: float

    @property
    def paused(self) -> bool: ...

    @property
    def expired(self) -> bool: ...

    def remaining(self) -> float: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def add(self, seconds: float) -> None: ...


READY, RUNNING, PAUSED, FINISHED = "ready", "running", "paused", "finished"
#: A cue found this late (the scheduler was held up) is played now and the rest of the night
#: moves back by as much, so no line is cut or played over another.
LATE_TOLERANCE = 0.25
EPSILON = 1e-6  # seconds: below this, two times are the same (floating-point sums)


class NightRunner:
    """Plays ``plan`` through ``audio`` on ``clock``.

    ``start()``, then ``poll()`` regularly: it plays the cues that are due and returns them.
    ``pause()`` stops the voice (a line cut by a pause is said again from its beginning on
    ``resume()``) and freezes the night; the players' time left is kept exactly.
    ``replay_last()`` says the last instruction again, and gives the players that much more
    time. ``on_cue`` is called with each cue as it is played.
    """

    def __init__(self, plan: NightPlan, audio: Audio, clock: Clock,
                 settings: NarrationSettings | None = None,
                 on_cue: Callable[[Cue], None] | None = None):
        self.plan = plan
        self.audio = audio
        self.clock = clock
        self.settings = settings or NarrationSettings(lang=plan.lang)
        self.on_cue = on_cue
        self.state = READY
        self._voice_volume = self.settings.voice_volume
        self._ambience_volume = self.settings.ambience_volume
        self._base = 0.0  # clock time of position 0, while running
        self._paused_at = 0.0  # position while paused
        self._next = 0  # index of the next cue to play
        self._playing: Playback | None = None
        self._playing_cue: int | None = None  # index of the cue being said, None for a replay
        self._voice_until: float | None = None  # clock time the voice ends (ducking)
        self._resume_at: float | None = None  # where a replay returns to, if one is playing
        self.fired: list[Cue] = []  # every cue said, in order (replays included)

    # The timeline ------------------------------------------------------------------------

    @property
    def position(self) -> float:
        """Seconds into the plan (it stands still while paused)."""
        if self.state == READY:
            return 0.0
        if self.state == PAUSED:
            return self._paused_at
        if self.state == FINISHED:
            return self.plan.total
        return self.clock.now() - self._base

    def _seek(self, position: float) -> None:
        self._base = self.clock.now() - position

    @property
    def current_step(self) -> str | None:
        return self.plan.step_at(self.position)

    @property
    def finished(self) -> bool:
        return self.state == FINISHED

    # Controls ----------------------------------------------------------------------------

    def start(self, at: int | None = None) -> list[Cue]:
        """Start the night; ``at`` starts it at that cue instead, said at once (a night
        resumed after the app stopped: the cue is said again, then the night goes on)."""
        if self.state != READY:
            raise NarrationError("runner", f"cannot start a night that is {self.state}")
        if at is not None and (isinstance(at, bool) or not isinstance(at, int)
                               or not 0 <= at < len(self.plan.cues)):
            raise NarrationError("runner", f"no cue {at!r} in this night "
                                 f"({len(self.plan.cues)} cues)")
        self.state = RUNNING
        self._next = at or 0
        self._seek(self.plan.cues[at].start if at is not None else 0.0)
        if self.plan.ambience and self._ambience_volume > 0:
            self.audio.loop(self.plan.ambience, self._ambience_volume)
        return self.poll()

    def pause(self) -> None:
        if self.state != RUNNING:
            return
        pos = self.position
        if self._voice_playing():
            if self._playing_cue is not None:
                # Say the cut line again, whole, on resume.
                self._next = self._playing_cue
                pos = self.plan.cues[self._playing_cue].start
            elif self._resume_at is not None:
                pos = self._resume_at  # a cut replay is not resumed
        self._silence()
        self._resume_at = None
        self._paused_at = pos
        self.state = PAUSED

    def resume(self) -> list[Cue]:
        if self.state != PAUSED:
            return []
        self.state = RUNNING
        self._seek(self._paused_at)
        return self.poll()

    def replay_last(self) -> Cue | None:
        """Say the current step's instruction again (its wake or information line for a step
        without an instruction).

        The night waits while it is said, so the players lose no time. Resumes a paused night.
        Returns the cue replayed, or None if nothing has been said yet.
        """
        if self.state not in (RUNNING, PAUSED):
            return None
        target = self._last_instruction()
        if target is None:
            return None
        if self.state == PAUSED:
            self.state = RUNNING
            self._seek(self._paused_at)
        pos = self.position
        cut = self._playing_cue if self._voice_playing() else None
        if cut is not None and self.plan.cues[cut] is target:
            # It is being said now: start it again.
            self._silence()
            self._seek(target.start)
            self._say(target, cut)
            self._next = cut + 1
            return target
        if cut is not None:
            self._next = cut
            back_to = self.plan.cues[cut].start
        elif self._resume_at is not None and self._voice_playing():
            back_to = self._resume_at  # replay during a replay: return to the same point
        else:
            back_to = pos
        self._silence()
        self._resume_at = back_to
        self._seek(back_to - target.duration - self.settings.gap)
        self._say(target, None)
        return target

    def skip_step(self) -> Cue | None:
        """Cut the current step short (the host's choice): its closing line is said now, so
        eyes close before the next role is called; between two steps, the next line is said
        now. Resumes a paused night. Returns the cue said, or None when nothing is left."""
        if self.state not in (RUNNING, PAUSED):
            return None
        cues = self.plan.cues
        start = self._playing_cue + 1 if self._voice_playing() and self._playing_cue is not None \
            else self._next
        step = cues[start - 1].step if 0 < start <= len(cues) else None
        target = next((i for i in range(start, len(cues))
                       if cues[i].step == step and cues[i].kind == CLOSE), None)
        if target is None:
            target = start if start < len(cues) else None
        if target is None:
            return None
        self._silence()
        self._resume_at = None
        self.state = RUNNING
        self._seek(cues[target].start)
        self._next = target
        self.poll()
        return cues[target]

    def stop(self) -> None:
        """End the night now (the host quits): silence and no ambience."""
        self._silence()
        self.audio.stop_loop()
        self.state = FINISHED

    def set_volumes(self, voice: float | None = None, ambience: float | None = None) -> None:
        """Change the voice and ambience volumes (0 to 1) while playing."""
        from .audio import check_volume

        if voice is not None:
            self._voice_volume = check_volume(voice)
        if ambience is not None:
            self._ambience_volume = check_volume(ambience)
            if self.state in (RUNNING, PAUSED) and self.plan.ambience:
                self.audio.set_loop_volume(self._loop_volume())

    # The scheduler's call ----------------------------------------------------------------

    def poll(self) -> list[Cue]:
        """Play what is due; return the cues played by this call."""
        if self.state != RUNNING:
            return []
        now = self.clock.now()
        if self._voice_until is not None and now >= self._voice_until:
            self._voice_until = None
            self._playing = None
            self._playing_cue = None
            self._resume_at = None
            if self.plan.ambience:
                self.audio.set_loop_volume(self._loop_volume())
        fired: list[Cue] = []
        cues = self.plan.cues
        while self._next < len(cues) and cues[self._next].start <= self.position + EPSILON:
            cue = cues[self._next]
            if self._voice_playing():
                break  # never talk over a line (only after a late poll); wait for it to end
            late = self.position - cue.start
            if late > LATE_TOLERANCE:
                self._seek(cue.start)  # the rest of the night moves back by that much
            self._say(cue, self._next)
            self._next += 1
            fired.append(cue)
        if self._next >= len(cues) and not self._voice_playing() \
                and self.position >= self.plan.total:
            self.state = FINISHED
            self.audio.stop_loop()
        return fired

    def next_due(self) -> float | None:
        """Seconds until something is due (for a scheduler that sleeps), None when finished
        or paused."""
        if self.state != RUNNING:
            return None
        waits = []
        if self._voice_until is not None:
            waits.append(self._voice_until - self.clock.now())
        if self._next < len(self.plan.cues):
            waits.append(self.plan.cues[self._next].start - self.position)
        else:
            waits.append(self.plan.total - self.position)
        return max(0.0, min(waits))

    # Inside ------------------------------------------------------------------------------

    def _loop_volume(self, ducked: bool = False) -> float:
        return self._ambience_volume * (self.settings.duck if ducked else 1.0)

    def _voice_playing(self) -> bool:
        return self._voice_until is not None and self.clock.now() < self._voice_until

    def _say(self, cue: Cue, index: int | None) -> None:
        self._playing = self.audio.play(cue.audio, self._voice_volume)
        self._playing_cue = index
        self._voice_until = self.clock.now() + cue.duration
        if self.plan.ambience:
            self.audio.set_loop_volume(self._loop_volume(ducked=True))
        self.fired.append(cue)
        if self.on_cue is not None:
            self.on_cue(cue)

    def _silence(self) -> None:
        if self._playing is not None:
            self.audio.stop(self._playing)
        self._playing = None
        self._playing_cue = None
        if self._voice_until is not None and self.plan.ambience and self.state != FINISHED:
            self.audio.set_loop_volume(self._loop_volume())
        self._voice_until = None

    def _last_instruction(self) -> Cue | None:
        """The current step's instruction; for a step without one (the Insomniac, the
        Minion...), its wake or information line; None before the first step."""
        if not self.fired:
            return None
        step = self.fired[-1].step
        in_step = [c for c in self.fired if c.step == step]
        for kinds in ((ACT,), (WAKE, INFO)):
            found = [c for c in in_step if c.kind in kinds]
            if found:
                return found[-1]
        return None


class DebateRunner:
    """The day: says the debate's opening line, runs the countdown, warns at the last minute,
    and times "3, 2, 1, vote!" so that it ends on the deadline.

    ``countdown`` is an ``onenight.game.clock.Countdown`` made by the caller, paused, for
    the debate's length (``settings.debate_seconds``); ``start()`` sets it going. It keeps a
    deadline on its clock, so the debate ends on time however seldom ``poll()`` is called.
    The UI reads and steers it directly (remaining, pause, add).
    """

    def __init__(self, voice: Voice, audio: Audio, countdown: Countdown,
                 settings: NarrationSettings | None = None,
                 lines: tuple[str, str, str] = (DAY_START, LAST_MINUTE, VOTE)):
        self.voice = voice
        self.audio = audio
        self.countdown = countdown
        self.settings = settings or NarrationSettings(lang=voice.lang)
        self.said: list[str] = []
        self.started = False
        #: the lines said: the debate's opening, the last minute, "3, 2, 1, vote!"
        self.lines = lines
        self._vote = voice.clip(lines[2])

    def start(self) -> None:
        if self.started:
            return
        self.started = True
        self._say(self.lines[0])
        self.countdown.resume()

    def pause(self) -> None:
        self.countdown.pause()

    def resume(self) -> None:
        self.countdown.resume()

    def add(self, seconds: float) -> None:
        self.countdown.add(seconds)

    @property
    def over(self) -> bool:
        return self.started and self.countdown.expired

    def poll(self) -> list[str]:
        """Say what is due; return the line ids said by this call."""
        if not self.started or self.countdown.paused:
            return []
        out: list[str] = []
        _, last_minute, vote = self.lines
        left = self.countdown.remaining()
        last = self.settings.last_minute
        if (0 < last < self.countdown.total and left <= last and last_minute not in self.said
                and left > self._vote.duration):
            out.append(self._say(last_minute))
        if left <= self._vote.duration and vote not in self.said:
            out.append(self._say(vote))
        return out

    def _say(self, line: str) -> str:
        clip = self.voice.clip(line)
        self.audio.play(str(clip.path), self.settings.voice_volume)
        self.said.append(line)
        return line
