"""The narrator: the night's lines in each language, their recorded clips, the timed plan of
the night, and the player that says it against a clock.

Imports only :mod:`onenight.rules`; Kivy is reached only through
:mod:`onenight.narration.kivy_audio`, imported when sound is really played. Clocks and
countdowns (:mod:`onenight.game.clock`) are passed in.

For the app::

    settings = NarrationSettings(lang="fr", voice=None, pace=1.0)
    check_audio()                                   # at start-up: raises VoiceError
    plan = build_night_plan(deck, settings)         # deck: the cards in the game
    # without the voice: build_text_plan(deck, settings), played through SilentAudio()
    runner = NightRunner(plan, KivyAudio(), SystemClock(), settings)
    runner.start(); ... runner.poll() from Kivy's Clock ...; runner.pause(); runner.resume()
    runner.replay_last()
    countdown = Countdown(clock, settings.debate_seconds, paused=True)   # onenight.game.clock
    day = DebateRunner(Voice(settings.lang, settings.voice), audio, countdown, settings)
"""

from .audio import Audio, FakeAudio, Playback, SilentAudio
from .errors import LinesError, NarrationError, SettingsError, VoiceError
from .lines import DEFAULT_LANGUAGE, languages, load_lines
from .plan import Cue, NightPlan, StepSlot, build_night_plan, build_text_plan
from .runner import DebateRunner, NightRunner
from .script import all_line_ids, result_lines, step_script
from .settings import ACTION_SECONDS, NarrationSettings
from .voice import Clip, TextVoice, Voice, available_packs, check_audio, clip_duration

__all__ = [
    "Audio", "FakeAudio", "Playback", "SilentAudio", "LinesError", "NarrationError",
    "SettingsError", "VoiceError", "DEFAULT_LANGUAGE", "languages", "load_lines", "Cue",
    "NightPlan", "StepSlot", "build_night_plan", "build_text_plan", "DebateRunner",
    "NightRunner", "all_line_ids", "result_lines", "step_script", "ACTION_SECONDS",
    "NarrationSettings", "Clip", "TextVoice", "Voice", "available_packs", "check_audio",
    "clip_duration",
]
