"""Real clips through Kivy's SDL2 audio (tests/conftest.py selects SDL's dummy driver)."""

import os

import pytest

from onenight.narration import VoiceError
from onenight.narration.voice import AMBIENCE, audio_dir, clip_duration


@pytest.fixture(scope="module")
def kivy_audio():
    os.environ.setdefault("KIVY_AUDIO", "sdl2")
    from onenight.narration.kivy_audio import KivyAudio

    audio = KivyAudio()
    yield audio
    audio.close()


def test_real_clips_play_through_sdl2_with_their_length(kivy_audio):
    from kivy.core.audio.audio_sdl2 import SoundSDL2

    for lang in ("fr", "en"):
        for line in ("night.start", "seer.act", "vote.countdown"):
            path = str(audio_dir() / lang / f"{line}.ogg")
            pb = kivy_audio.play(path, 0.7)
            assert isinstance(pb.handle, SoundSDL2)
            assert pb.length > 0
            assert pb.length == pytest.approx(clip_duration(path), abs=0.05)
            assert pb.handle.volume == pytest.approx(0.7)
            kivy_audio.stop(pb)


def test_the_ambience_loops_ducks_and_stops(kivy_audio):
    """The loop is read from its file as it plays (SDL's music): nothing decoded whole and
    kept for it (docs/performance.md)."""
    from kivy.core.audio.audio_sdl2 import MusicSDL2

    path = str(audio_dir() / AMBIENCE)
    loaded = kivy_audio.loaded
    kivy_audio.loop(path, 0.5)
    sound = kivy_audio.looping
    assert isinstance(sound, MusicSDL2) and sound.loop and sound.state == "play"
    assert sound.volume == pytest.approx(0.5) and kivy_audio.loaded == loaded
    kivy_audio.set_loop_volume(0.2)
    assert sound.volume == pytest.approx(0.2)
    kivy_audio.stop_loop()
    assert sound.state == "stop" and kivy_audio.looping is None


def test_a_loop_sdl_cannot_stream_is_decoded_as_a_line_is(kivy_audio, monkeypatch):
    path = str(audio_dir() / AMBIENCE)
    with monkeypatch.context() as m:
        m.setattr(type(kivy_audio), "_stream", staticmethod(lambda p: None))
        kivy_audio.loop(path, 0.5)
        sound = kivy_audio.looping
        assert sound is kivy_audio.load(path) and sound.loop and sound.length > 10
        assert sound.state == "play"
        kivy_audio.stop_loop()
        assert sound.state == "stop"


@pytest.mark.parametrize("how", ["play", "loop"])
def test_a_missing_or_broken_clip_is_a_clear_error(kivy_audio, tmp_path, how):
    """A line, and a loop (which SDL's music cannot open, then cannot be decoded either)."""
    say = getattr(kivy_audio, how)
    with pytest.raises(VoiceError, match="no such file"):
        say(str(tmp_path / "nope.ogg"), 1)
    bad = tmp_path / "bad.ogg"
    bad.write_bytes(b"OggS this is no sound")
    with pytest.raises(VoiceError, match="cannot play"):
        say(str(bad), 1)
    with pytest.raises(VoiceError, match="volume"):
        say(str(audio_dir() / "fr" / "seer.act.ogg"), 3)
    assert kivy_audio.looping is None


def test_only_the_last_few_clips_stay_loaded_and_never_one_playing(kivy_audio):
    """A night says dozens of lines: the decoded clips kept are bounded, the ambience's loop
    and a line still being said are never unloaded, and an unloaded clip loads again."""
    ambience = str(audio_dir() / AMBIENCE)
    kivy_audio.loop(ambience, 0.5)
    lines = [str(audio_dir() / "fr" / f"{role}.wake.ogg")
             for role in ("sentinel", "seer", "robber", "witch", "troublemaker", "drunk",
                          "insomniac", "minion")]
    said = kivy_audio.play(lines[0], 1)  # still being said while the others load
    for path in lines[1:]:
        kivy_audio.load(path)
        assert kivy_audio.loaded <= kivy_audio.keep + 2  # + the loop and the line playing
    assert kivy_audio.looping.state == "play"
    assert said.handle.state == "play" and said.handle is kivy_audio.load(lines[0])
    kivy_audio.stop(said)
    kivy_audio.stop_loop()
    again = kivy_audio.play(lines[1], 1)  # unloaded long ago: loaded and played again
    assert again.length == pytest.approx(clip_duration(lines[1]), abs=0.05)
    kivy_audio.stop(again)
