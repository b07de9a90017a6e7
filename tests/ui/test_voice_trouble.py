"""A clip that is missing or cannot be played: the app says so once, on the screen and in the
log (which file, and why), and the text-only night takes over; the game never stops.

The clips come from a copy of the shipped assets (symbolic links) with one file taken out, as
an install that lost it would be."""

import logging
import os
from pathlib import Path

import pytest

from onenight.narration.voice import assets_dir
from onenight.ui.driving import find, tap, tap_text
from onenight.ui.night_driver import TextNight
from onenight.ui.voice import VoicedNight

from .test_game import back_home, screen, type_players
from .test_traps import dialogs

NAMES = ["Alice", "Bruno", "Chloé"]


def assets_without(tmp_path: Path, missing: str) -> Path:
    """The shipped assets, linked file by file, without ``missing`` (a path under audio/)."""
    src = assets_dir()
    for f in src.rglob("*"):
        rel = f.relative_to(src)
        if f.is_file() and rel != Path("audio") / missing:
            (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
            os.symlink(f, tmp_path / rel)
    return tmp_path


def start_night(app):
    back_home(app)
    tap(find(screen(app), "new"))
    type_players(app, NAMES)
    tap_text(find(screen(app), "scenario_list"), "Sombre réveil")
    tap(find(screen(app), "start"))
    assert screen(app).name == "night"
    tap(find(screen(app), "looked"))  # everyone has looked at their card: the voice starts
    return screen(app)


def play_night(app, night):
    """Play the night to its end; the index of every line shown, as it changes."""
    shown, last = [], None
    while screen(app).name == "night":
        now = (night.driver, night.driver.cue_index())
        if now != last and now[1] is not None:
            last = now
            shown.append((now[1], night.line, type(night.driver), app.message))
        app.test_clock.advance(night.next_tick())
        app.tick()
    return shown


def told(caplog, *words):
    return [r for r in caplog.records if r.levelno >= logging.ERROR
            and all(w in r.getMessage() for w in words)]


def test_a_missing_clip_is_said_once_and_the_night_is_shown_as_text(app, tmp_path,
                                                                    monkeypatch, caplog):
    monkeypatch.setenv("ONENIGHT_ASSETS", str(assets_without(tmp_path,
                                                             "fr/werewolves.wake.ogg")))
    night = start_night(app)
    assert "lisez les consignes affichées" in app.message
    assert isinstance(night.driver, TextNight)
    assert len(told(caplog, "werewolves.wake.ogg", "no such file")) == 1
    shown = play_night(app, night)
    assert [s[0] for s in shown] == list(range(len(shown)))  # every line, in order
    night = start_night(app)  # the next game: the screen says it again, the log does not
    assert "lisez les consignes affichées" in app.message
    assert isinstance(night.driver, TextNight)
    assert len(told(caplog, "werewolves.wake.ogg")) == 1
    night.stop_night()  # the host says yes when asked
    tap_text(dialogs()[0], app.tr("night.leave_confirm_yes"))
    back_home(app)


def test_a_line_the_sound_cannot_play_hands_the_night_to_the_text(app, monkeypatch, caplog):
    audio = app.test_audio
    play = audio.play

    def play_but_the_seer(path, volume):
        if path.endswith("apprentice_seer.wake.ogg"):
            from onenight.narration import VoiceError

            raise VoiceError(path, "the sound device refuses it")
        return play(path, volume)

    monkeypatch.setattr(audio, "play", play_but_the_seer)
    night = start_night(app)
    assert isinstance(night.driver, VoicedNight) and app.message == ""
    cues = night.driver.plan.cues
    events = len(audio.events)
    shown = play_night(app, night)
    # every line shown once, in order: the voice's up to the one it could not say, which the
    # text night shows from then on, with the rest
    seer = next(i for i, c in enumerate(cues) if c.line == "apprentice_seer.wake")
    assert [(i, line) for i, line, _, _ in shown] == [(i, c.text) for i, c in enumerate(cues)]
    assert {kind for _, _, kind, _ in shown[:seer]} == {VoicedNight}
    assert {kind for _, _, kind, _ in shown[seer:]} == {TextNight}
    assert "lisez les consignes affichées" in shown[seer][3]
    # the voice said every line before it; from it on, silence until the day's first line
    played = [Path(e[2]).name for e in audio.events[events:] if e[0] == "play"]
    assert played == [Path(c.audio).name for c in cues[:seer]] + ["day.start.ogg"]
    assert len(told(caplog, "apprentice_seer.wake.ogg", "the sound device refuses it")) == 1
    assert screen(app).name == "day"
    back_home(app)


def test_without_the_ambience_the_voice_goes_on(app, tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("ONENIGHT_ASSETS", str(assets_without(tmp_path,
                                                             "ambience/night.ogg")))
    audio = app.test_audio
    loop = audio.loop

    def loop_a_file(path, volume):  # as the real sound back-end does (test_kivy_audio.py)
        if not Path(path).is_file():
            from onenight.narration import VoiceError

            raise VoiceError(path, "no such file")
        loop(path, volume)

    monkeypatch.setattr(audio, "loop", loop_a_file)
    night = start_night(app)
    assert isinstance(night.driver, VoicedNight)
    assert "fond sonore de la nuit" in app.message
    assert len(told(caplog, "ambience", "night.ogg", "no such file")) == 1
    events = len(app.test_audio.events)
    play_night(app, night)
    played = [e for e in app.test_audio.events[events:] if e[0] == "play"]
    assert len(played) > 10  # the voice said the night
    back_home(app)


@pytest.fixture(autouse=True)
def _kivy_logs_reach_caplog(caplog):
    caplog.set_level(logging.INFO)
