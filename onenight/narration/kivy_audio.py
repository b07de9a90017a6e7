"""The narrator's sound through Kivy (SDL2 on the tablet and the Pi). Kivy is imported only
when a sound is first loaded, so the rest of the narrator runs without it."""

from __future__ import annotations

from pathlib import Path

from .audio import Playback, check_volume
from .errors import VoiceError


KEEP = 4
"""How many sounds stay loaded (decoded, in memory) besides those playing: the line being said,
the next one (loaded ahead), the one before (for a replay) and a spare. A night says dozens of
different lines; keeping every one decoded grew the app by about 12 MB over a night."""


class KivyAudio:
    """:class:`onenight.narration.audio.Audio` on ``kivy.core.audio.SoundLoader``."""

    def __init__(self, keep: int = KEEP) -> None:
        self._sounds: dict[str, object] = {}  # least recently used first
        self._loop = None
        self.keep = keep

    def load(self, path: str):
        """The Kivy sound for ``path``, loaded once and kept while it is among the last few
        used; VoiceError if it cannot be played."""
        key = str(path)
        sound = self._sounds.pop(key, None)
        if sound is not None:
            self._sounds[key] = sound  # now the most recently used
        else:
            if not Path(key).is_file():
                raise VoiceError(key, "no such file")
            from kivy.core.audio import SoundLoader  # late: only a player needs Kivy

            sound = SoundLoader.load(key)
            if sound is None or not sound.length or sound.length <= 0:
                raise VoiceError(key, "Kivy cannot play this clip (no audio provider for it, "
                                 "or an empty or damaged file)")
            self._sounds[key] = sound
            self._unload_old()
        return sound

    def _unload_old(self) -> None:
        """Unload the least recently used sounds beyond ``keep``; never one that is playing
        (the ambience's loop, a line still being said)."""
        spare = len(self._sounds) - self.keep
        for key, sound in list(self._sounds.items()):
            if spare <= 0:
                break
            if sound is self._loop or sound.state == "play":
                continue
            del self._sounds[key]
            sound.unload()
            spare -= 1

    @property
    def looping(self):
        """The Kivy sound of the loop playing, or None."""
        return self._loop

    @property
    def loaded(self) -> int:
        """How many sounds are loaded now."""
        return len(self._sounds)

    def play(self, path: str, volume: float) -> Playback:
        volume = check_volume(volume)
        sound = self.load(path)
        sound.stop()
        sound.loop = False
        sound.volume = volume
        sound.play()
        return Playback(str(path), float(sound.length), sound)

    def stop(self, playback: Playback) -> None:
        if playback.handle is not None:
            playback.handle.stop()

    def loop(self, path: str, volume: float) -> None:
        """Play ``path`` over and over, streamed from its file as it plays (SDL_mixer's music)
        rather than decoded whole: the 30 s ambience decoded at the mixer's rate held about
        7 MB for as long as it was loaded (docs/performance.md). Decoded whole, as a line
        is, where SDL's music cannot play it."""
        volume = check_volume(volume)
        self.stop_loop()
        sound = self._stream(path)
        if sound is not None:
            sound.loop = True
            sound.volume = volume
            sound.play()
            if sound.state != "play":  # SDL's music could not open it: decoded instead
                sound.unload()
                sound = None
        if sound is None:
            sound = self.load(path)
            sound.loop = True
            sound.volume = volume
            sound.play()
        self._loop = sound

    @staticmethod
    def _stream(path: str):
        """A Kivy sound that reads ``path`` as it plays, or None without SDL2's audio."""
        key = str(path)
        if not Path(key).is_file():
            raise VoiceError(key, "no such file")
        try:
            from kivy.core.audio.audio_sdl2 import MusicSDL2
        except ImportError:
            return None
        return MusicSDL2(source=key)

    def set_loop_volume(self, volume: float) -> None:
        volume = check_volume(volume)
        if self._loop is not None:
            self._loop.volume = volume

    def stop_loop(self) -> None:
        if self._loop is not None:
            self._loop.stop()
            if self._loop not in self._sounds.values():  # a stream: closed with its loop
                self._loop.unload()
            self._loop = None

    def close(self) -> None:
        """Stop and unload every sound."""
        self.stop_loop()
        for sound in self._sounds.values():
            sound.stop()
            sound.unload()
        self._sounds.clear()
