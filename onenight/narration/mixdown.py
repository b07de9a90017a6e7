"""A whole night rendered to one sound file (``onenight narrate --to night.ogg``), for a
speaker with no computer at all, and for tests that check the mix.

Nothing is timed here: the night's own :class:`NightRunner` and the day's
:class:`DebateRunner` play the plan on a hand-moved clock into a :class:`FakeAudio`, which
writes down every clip started or stopped and every change of the ambience's volume; those
events are then mixed, sample by sample. So the file holds exactly what the live narrator
would say, when it would say it, over the ambience as it would duck under each line.

The clock and the countdown come from the caller (``onenight.game.clock``), like everywhere
in the narrator.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from . import pcm
from .audio import FakeAudio
from .plan import NightPlan
from .runner import DebateRunner, NightRunner
from .settings import NarrationSettings
from .voice import Voice, clip_duration

RAMP = 0.02  # seconds: a volume change of the ambience glides instead of clicking
TAIL = 2.0  # seconds of ambience after the last line
FORMATS = {".ogg": ("OGG", "VORBIS"), ".oga": ("OGG", "VORBIS"), ".wav": ("WAV", "PCM_16"),
           ".flac": ("FLAC", "PCM_16")}


def played_events(plan: NightPlan, voice: Voice, settings: NarrationSettings, clock,
                  countdown=None, debate_lines: tuple | None = None) -> tuple[list[tuple], float]:
    """What the narrator plays through the night (and the day's countdown, if given), as
    :class:`FakeAudio` events on ``clock`` (a clock with ``advance``), and when it ends."""
    audio = FakeAudio(clock)
    night = NightRunner(plan, audio, clock, settings)
    night.start()
    while not night.finished:
        clock.advance(max(night.next_due() or 0.0, 1e-4))
        night.poll()
    if countdown is not None:
        day = DebateRunner(voice, audio, countdown, settings,
                           **({"lines": debate_lines} if debate_lines else {}))
        day.start()
        while not day.over:
            clock.advance(min(0.01, max(countdown.remaining(), 1e-4)))
            day.poll()
    last = [e for e in audio.events if e[0] == "play"][-1]
    return audio.events, max(clock.now(), last[1] + clip_duration(last[2]))


def mix(events: list[tuple], end: float, rate: int = pcm.RATE) -> np.ndarray:
    """The events mixed: each clip at its start (cut where it was stopped) at its volume, and
    the ambience looped from its start to its stop at the volume it had at each moment."""
    t0 = events[0][1] if events else 0.0
    n = int(round((end - t0 + TAIL) * rate))
    out = np.zeros(n)
    decoded: dict[str, np.ndarray] = {}

    def samples(path: str) -> np.ndarray:
        if path not in decoded:
            x, r = pcm.decode(path, max_seconds=None)
            decoded[path] = pcm.resample(x, r, rate)
        return decoded[path]

    def at(t: float) -> int:
        return min(n, max(0, int(round((t - t0) * rate))))

    # the voice: [start, path, volume, stop]
    said: list[list] = []
    for e in events:
        if e[0] == "play":
            said.append([at(e[1]), e[2], e[3], n])
        elif e[0] == "stop":
            cut = next((c for c in reversed(said) if c[1] == e[2] and c[3] == n), None)
            if cut is not None:
                cut[3] = at(e[1])
    for start, path, volume, stop in said:
        x = samples(path)
        stop = min(stop, start + len(x))
        out[start:stop] += volume * x[:stop - start]

    # the ambience: its volume at each moment, gliding from one value to the next
    changes: list[tuple[int, float]] = []
    loop_path = None
    for e in events:
        if e[0] == "loop":
            loop_path = e[2]
            changes.append((at(e[1]), e[3]))
        elif e[0] == "loop_volume" and loop_path is not None:
            changes.append((at(e[1]), e[2]))
        elif e[0] == "stop_loop" and loop_path is not None:
            changes.append((at(e[1]), 0.0))
    if loop_path is not None:
        gain = np.zeros(n)
        ramp, level = max(1, int(RAMP * rate)), 0.0
        for i, (start, value) in enumerate(changes):
            stop = changes[i + 1][0] if i + 1 < len(changes) else n
            gain[start:stop] = value
            glide = min(ramp, stop - start)
            gain[start:start + glide] = np.linspace(level, value, glide, endpoint=False)
            level = value
        begin = changes[0][0]
        out[begin:] += gain[begin:] * np.resize(samples(loop_path), n - begin)
    return out


def render_night(path: str | os.PathLike, plan: NightPlan, voice: Voice,
                 settings: NarrationSettings, clock, countdown=None,
                 debate_lines: tuple | None = None) -> float:
    """Write the night (then the day, with ``countdown``) to ``path`` (.ogg, .wav or .flac);
    return its length in seconds."""
    target = Path(path)
    kind = FORMATS.get(target.suffix.lower())
    if kind is None:
        raise pcm.VoiceError(str(target), "write the night to a .ogg, .wav or .flac file")
    events, end = played_events(plan, voice, settings, clock, countdown, debate_lines)
    x = mix(events, end)
    fmt, subtype = kind
    extra = {"compression_level": pcm.OGG_QUALITY} if fmt == "OGG" else {}
    pcm.write(target, x, pcm.RATE, format=fmt, subtype=subtype, **extra)
    return len(x) / pcm.RATE
