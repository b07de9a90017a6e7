"""The sound the narrator needs, as a small protocol, and a recording fake for tests.

An :class:`Audio` plays a clip (returning a :class:`Playback` that knows the clip's length),
stops it, and keeps one ambience loop whose volume can be lowered under the voice (ducking).
The Kivy back-end is :class:`onenight.narration.kivy_audio.KivyAudio`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .errors import VoiceError
from .voice import clip_duration


@dataclass(eq=False)
class Playback:
    """A clip being played: its path, its length in seconds, the back-end's own handle."""

    path: str
    length: float
    handle: Any = None


@runtime_checkable
class Audio(Protocol):
    def play(self, path: str, volume: float) -> Playback:
        """Start ``path`` at ``volume`` (0 to 1); raise VoiceError if it cannot be played."""

    def stop(self, playback: Playback) -> None:
        """Stop a clip (no effect if it has ended)."""

    def loop(self, path: str, volume: float) -> None:
        """Start the ambience loop (replacing any other)."""

    def set_loop_volume(self, volume: float) -> None:
        """Change the ambience loop's volume (ducking, or the setting changed)."""

    def stop_loop(self) -> None:
        """Stop the ambience loop (no effect if none)."""


def check_volume(volume: object) -> float:
    if isinstance(volume, bool) or not isinstance(volume, (int, float)) or not 0 <= volume <= 1:
        raise VoiceError("volume", f"must be a number between 0 and 1, not {volume!r}")
    return float(volume)


class SilentAudio:
    """Plays nothing, for a night shown as text (:func:`onenight.narration.build_text_plan`):
    the runner keeps its clock, its pauses and its replays, and no sound is made."""

    def play(self, path: str, volume: float) -> Playback:
        return Playback(str(path), 0.0)

    def stop(self, playback: Playback) -> None:
        pass

    def loop(self, path: str, volume: float) -> None:
        pass

    def set_loop_volume(self, volume: float) -> None:
        pass

    def stop_loop(self) -> None:
        pass


@dataclass
class FakeAudio:
    """Records every call with the clock's time; plays nothing. For tests and dry runs.

    Lengths are read from the files when they exist, else taken from ``lengths`` (path ->
    seconds), else 1 second.
    """

    clock: Any = None
    lengths: dict[str, float] = field(default_factory=dict)
    events: list[tuple] = field(default_factory=list)
    loop_path: str | None = None
    loop_volume: float = 0.0
    playing: list[Playback] = field(default_factory=list)

    def _now(self) -> float | None:
        return self.clock.now() if self.clock is not None else None

    def play(self, path: str, volume: float) -> Playback:
        volume = check_volume(volume)
        length = self.lengths.get(str(path))
        if length is None:
            try:
                length = clip_duration(path)
            except VoiceError:
                length = 1.0
        pb = Playback(str(path), length)
        self.playing.append(pb)
        self.events.append(("play", self._now(), str(path), volume))
        return pb

    def stop(self, playback: Playback) -> None:
        if playback in self.playing:
            self.playing.remove(playback)
            self.events.append(("stop", self._now(), playback.path))

    def loop(self, path: str, volume: float) -> None:
        self.loop_path, self.loop_volume = str(path), check_volume(volume)
        self.events.append(("loop", self._now(), str(path), self.loop_volume))

    def set_loop_volume(self, volume: float) -> None:
        self.loop_volume = check_volume(volume)
        self.events.append(("loop_volume", self._now(), self.loop_volume))

    def stop_loop(self) -> None:
        if self.loop_path is not None:
            self.events.append(("stop_loop", self._now(), self.loop_path))
        self.loop_path = None

    def played(self) -> list[str]:
        """The paths played, in order."""
        return [e[2] for e in self.events if e[0] == "play"]
