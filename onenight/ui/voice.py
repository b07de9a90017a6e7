"""The narrator's voice in the app: the night (the narration package's plan and runner,
behind the night screen's driver interface) and the day's spoken lines.

Sound must never stop a game. A voice pack's clip that cannot be played is said by the
default voice. A voice that cannot be loaded, or a line that cannot be played at all, hands the
night to the text-only night (``night_driver.TextNight``: the same lines, shown for the host to
read aloud) from that line on; the app says so once on the screen and logs which file and why.
A day line that cannot be played is skipped (its words are on the screen).
"""

from __future__ import annotations

import random

from onenight.narration import (NarrationError, NarrationSettings, Voice, available_packs,
                                build_night_plan)
from onenight.narration.audio import Playback
from onenight.narration.errors import VoiceError
from onenight.narration.settings import ACTION_SECONDS
from onenight.rules.steps import STEP

from .night_driver import PlanNight

DEFAULT_PACK = "standard"  # the voice that ships with the app


def voice_packs() -> list[str]:
    try:
        return [DEFAULT_PACK] + sorted(available_packs())
    except OSError:
        return [DEFAULT_PACK]


class SafeAudio:
    """Wraps an audio back-end so that no sound can stop a game.

    A clip that fails to play is replaced by the default voice's clip of the same line when
    there is one (``fallbacks``, filled from each voice's ``default_of``), else skipped.
    ``failed`` lists every sound that could not play (``path: reason``), ``lines_failed``
    the narrator's lines among them that nothing could stand in for (the ambience's loop is not
    one). ``on_fail`` is called with the path, the reason and whether it was the loop, for the
    app to say so."""

    def __init__(self, inner, on_fail=None):
        self.inner = inner
        self.on_fail = on_fail
        self.failed: list[str] = []
        self.fallbacks: dict[str, str] = {}
        self.lines_failed: list[str] = []
        self._muted = False
        self._loop_volume = 0.0  # the ambience's volume when not muted

    @property
    def muted(self) -> bool:
        """Every sound at volume 0 (the night keeps its timing: silence tells nothing)."""
        return self._muted

    @muted.setter
    def muted(self, on: bool) -> None:
        self._muted = bool(on)
        try:
            self.inner.set_loop_volume(0.0 if on else self._loop_volume)
        except Exception as e:  # noqa: BLE001
            self.failed.append(f"ambience volume: {e}")

    def use_voice(self, voice) -> None:
        """Know which default clip stands in for each of ``voice``'s pack clips."""
        self.fallbacks.update(getattr(voice, "default_of", {}))

    def _fail(self, path, error, looped: bool) -> None:
        self.failed.append(f"{path}: {error}")
        if not looped:
            self.lines_failed.append(str(path))
        if self.on_fail is not None:
            self.on_fail(str(path), str(error), looped)

    def play(self, path, volume):
        volume = 0.0 if self._muted else volume
        try:
            return self.inner.play(path, volume)
        except Exception as e:  # noqa: BLE001 - the back-end's errors are not ours to type
            error = e
        stand_in = self.fallbacks.get(str(path))
        if stand_in is not None:
            try:
                played = self.inner.play(stand_in, volume)
            except Exception as e:  # noqa: BLE001
                self.failed.append(f"{stand_in}: {e}")
            else:
                self.failed.append(f"{path}: {error}")
                return played
        self._fail(path, error, False)
        return Playback(str(path), 0.0, None)

    def preload(self, path):
        """Load a clip ahead of its turn, if the back-end can; a failure waits for play."""
        load = getattr(self.inner, "load", None)
        if load is not None:
            try:
                load(path)
            except Exception:  # noqa: BLE001
                pass

    def stop(self, playback):
        try:
            self.inner.stop(playback)
        except Exception:  # noqa: BLE001
            pass

    def loop(self, path, volume):
        self._loop_volume = volume
        try:
            self.inner.loop(path, 0.0 if self._muted else volume)
        except Exception as e:  # noqa: BLE001
            self._fail(path, e, True)

    def set_loop_volume(self, volume):
        self._loop_volume = volume
        try:
            self.inner.set_loop_volume(0.0 if self._muted else volume)
        except Exception as e:  # noqa: BLE001
            self.failed.append(f"ambience volume: {e}")

    def stop_loop(self):
        try:
            self.inner.stop_loop()
        except Exception as e:  # noqa: BLE001
            self.failed.append(f"ambience stop: {e}")


def role_times(overrides: dict) -> dict:
    """The host's times per role, applied to the Doppelgänger's steps for that role too."""
    out = {}
    for step_id, seconds in overrides.items():
        out[step_id] = float(seconds)
        copy = "doppelganger_" + STEP[step_id].role
        if copy in STEP:
            out[copy] = float(seconds)
    return out


def step_seconds(settings, step_id: str) -> float:
    """What one step's action time is with these settings (before the random extra)."""
    base = settings.role_seconds.get(step_id)
    if base is None:
        base = ACTION_SECONDS.get(step_id, 10)
    return base * settings.night_pace / 100.0


def narration_settings(s, rng: random.Random | None = None) -> NarrationSettings:
    """The app's settings as the narrator's."""
    return NarrationSettings(
        lang=s.language, voice=None if s.voice_pack == DEFAULT_PACK else s.voice_pack,
        pace=s.night_pace / 100.0, action_seconds=role_times(s.role_seconds),
        jitter=float(s.jitter_seconds),
        jitter_seed=(rng or random.Random()).randrange(2 ** 31),
        voice_volume=s.voice_volume, ambience_volume=s.ambience_volume,
        debate_seconds=s.debate_minutes * 60.0)


class Speaker:
    """Says one line of the day (``day.start``, ``day.last_minute``, ``vote.countdown``...)."""

    def __init__(self, audio):
        self.audio = audio
        self.said: list[str] = []

    def say(self, line: str, settings) -> float:
        """Say ``line``; return how long it lasts (0 when it cannot be said)."""
        self.said.append(line)
        try:
            voice = Voice(settings.language,
                          None if settings.voice_pack == DEFAULT_PACK else settings.voice_pack)
            clip = voice.clip(line)
        except (NarrationError, OSError, ValueError):
            return 0.0
        use_voice = getattr(self.audio, "use_voice", None)
        if use_voice is not None:
            use_voice(voice)
        self.audio.play(str(clip.path), settings.voice_volume)
        return clip.duration


class VoicedNight(PlanNight):
    """The night screen's driver on the narration runner, with the voice."""

    def __init__(self, deck, clock, tr, settings, audio, rng=None):
        ns = narration_settings(settings, rng)
        self.voice = Voice(ns.lang, ns.voice)
        plan = build_night_plan(deck, ns, voice=self.voice)  # NarrationError: a broken voice
        use_voice = getattr(audio, "use_voice", None)
        if use_voice is not None:
            use_voice(self.voice)
        super().__init__(plan, clock, tr, ns, audio)
