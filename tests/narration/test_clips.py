import shutil
import struct

import numpy as np
import soundfile

import pytest

from onenight.narration import pcm
from onenight.narration import (NarrationSettings, Voice, VoiceError, build_night_plan,
                                check_audio, clip_duration, languages, load_lines)
from onenight.narration.voice import AMBIENCE, audio_dir, resolve_pack
from onenight.rules.steps import night_steps


def test_the_shipped_clips_pass_the_start_up_check():
    check_audio()


def test_every_line_has_a_small_mono_clip_of_some_length_in_every_language():
    for lang in languages():
        for line in load_lines(lang):
            path = audio_dir() / lang / f"{line}.ogg"
            assert 0.3 < clip_duration(path) < 30, (lang, line)
            assert path.stat().st_size < 200_000, path
    assert clip_duration(audio_dir() / AMBIENCE) >= 10


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_step_of_every_preset_at_every_player_count_has_a_clip(lang, preset_decks):
    voice = Voice(lang)
    for name, players, cards in preset_decks:
        plan = build_night_plan(cards, NarrationSettings(lang=lang), voice=voice)
        assert plan.step_ids() == tuple(s.id for s in night_steps(cards)), name
        for step in plan.step_ids():
            cues = [c for c in plan.cues if c.step == step]
            assert cues, (name, players, step)
            for c in cues:
                assert c.duration > 0 and clip_duration(c.audio) == c.duration
                assert f"/{lang}/" in c.audio.replace("\\", "/")


@pytest.fixture
def audio_copy(tmp_path):
    root = tmp_path / "audio"
    shutil.copytree(audio_dir(), root)
    return root


def test_a_missing_default_clip_is_an_error_at_start_up(audio_copy):
    (audio_copy / "en" / "seer.act.ogg").unlink()
    with pytest.raises(VoiceError, match=r"seer\.act\.ogg: no such file"):
        check_audio(audio_root=audio_copy)
    with pytest.raises(VoiceError, match="seer.act"):
        Voice("en", audio_root=audio_copy).clip("seer.act")


def test_an_unreadable_default_clip_is_an_error_at_start_up(audio_copy):
    (audio_copy / "fr" / "witch.act.ogg").write_bytes(b"not a sound at all")
    (audio_copy / "fr" / "robber.act.ogg").write_bytes(b"")
    with pytest.raises(VoiceError) as e:
        check_audio(["fr"], audio_root=audio_copy)
    assert "witch.act.ogg: not an Ogg file" in str(e.value)
    assert "robber.act.ogg" in str(e.value) and "2 clip(s)" in str(e.value)


def test_a_missing_ambience_is_an_error_at_start_up(audio_copy):
    (audio_copy / AMBIENCE).unlink()
    with pytest.raises(VoiceError, match="night.ogg"):
        check_audio(audio_root=audio_copy)


def test_a_voice_pack_falls_back_to_the_default_voice_never_to_silence(tmp_path):
    pack = tmp_path / "grandpa"
    (pack / "fr").mkdir(parents=True)
    # The host recorded one line (here: a copy of another clip), broke another, skipped
    # the rest.
    shutil.copy(audio_dir() / "fr" / "night.end.ogg", pack / "fr" / "seer.wake.ogg")
    (pack / "fr" / "seer.act.ogg").write_bytes(b"OggS garbage")
    voice = Voice("fr", pack)
    wake = voice.clip("seer.wake")
    assert wake.pack and voice.default_of[str(wake.path)] == str(
        audio_dir() / "fr" / "seer.wake.ogg")
    assert wake.duration == pytest.approx(clip_duration(audio_dir() / "fr" / "night.end.ogg"),
                                          abs=0.05)
    act = voice.clip("seer.act")
    assert not act.pack and act.path == audio_dir() / "fr" / "seer.act.ogg"
    assert not voice.clip("seer.close").pack
    assert voice.fallbacks["seer.close"] == "not in the pack"
    assert "seer.act" in voice.fallbacks and "seer.act" in voice.refused
    report = voice.pack_report()
    assert "seer.wake" not in report and "seer.act" in report
    assert len(report) == len(load_lines("fr")) - 1
    assert Voice("fr").pack_report() == {}
    plan = build_night_plan(["seer", "werewolf", "villager", "villager", "villager", "robber"],
                            voice=voice)
    assert all(c.duration > 0 for c in plan.cues)
    assert any(c.audio == str(wake.path) for c in plan.cues)


def tone(seconds, rate=44100, channels=1):
    t = np.arange(int(seconds * rate)) / rate
    x = 0.3 * np.sin(2 * np.pi * 220 * t) * (0.6 + 0.4 * np.sin(2 * np.pi * 3 * t))
    return np.repeat(x[:, None], channels, axis=1) if channels > 1 else x


def test_a_voice_pack_of_wav_files_without_language_folder(tmp_path):
    pack = tmp_path / "mine"
    pack.mkdir()
    soundfile.write(str(pack / "night.start.wav"), tone(1.5, 8000), 8000, subtype="PCM_16")
    clip = Voice("en", pack).clip("night.start")
    # trimmed of nothing, given the shipped clips' breath of silence either side
    assert clip.pack and clip.duration == pytest.approx(1.5 + 0.3, abs=0.05)


def test_the_formats_recorders_export_are_accepted_and_brought_to_the_lines_loudness(tmp_path):
    pack = tmp_path / "recorder" / "fr"
    pack.mkdir(parents=True)
    soundfile.write(str(pack / "seer.wake.wav"), tone(2.0, 48000, 2), 48000, subtype="FLOAT")
    soundfile.write(str(pack / "seer.act.wav"), tone(3.0, 48000), 48000, subtype="PCM_24")
    soundfile.write(str(pack / "seer.close.flac"), tone(1.0, 44100), 44100)
    soundfile.write(str(pack / "robber.wake.ogg"), 0.05 * tone(1.0, 44100), 44100,
                    format="OGG", subtype="VORBIS")
    voice = Voice("fr", tmp_path / "recorder")
    for line, seconds in (("seer.wake", 2.0), ("seer.act", 3.0), ("seer.close", 1.0),
                          ("robber.wake", 1.0)):
        clip = voice.clip(line)
        assert clip.pack, voice.fallbacks.get(line)
        assert clip.duration == pytest.approx(seconds + 0.3, abs=0.05), line
        x, rate = pcm.decode(clip.path)
        assert rate == pcm.RATE
        assert pcm.loudness(x, rate) == pytest.approx(pcm.TARGET_LUFS, abs=0.5), line
        assert pcm.true_peak(x, rate) <= pcm.TRUE_PEAK_CEILING + 0.1, line
        assert soundfile.info(str(clip.path)).subtype == "PCM_16"  # any back-end plays it
    assert voice.refused == {}


def ogg_with_granule(src, dst, frames):
    """A copy of an Ogg file whose last page claims ``frames`` samples (checksum fixed, as a
    faulty encoder would write it)."""
    data = bytearray(src.read_bytes())
    last = data.rfind(b"OggS")
    struct.pack_into("<q", data, last + 6, frames)
    data[last + 22:last + 26] = b"\0\0\0\0"
    end = len(data)
    data[last + 22:last + 26] = pcm._ogg_crc(bytes(data[last:end])).to_bytes(4, "little")
    dst.write_bytes(bytes(data))


def test_damaged_overlong_and_silent_clips_are_refused_and_reported(tmp_path):
    pack = tmp_path / "broken"
    pack.mkdir()
    good = audio_dir() / "fr" / "werewolves.act.ogg"
    # valid headers, then damaged audio pages: a decoder would skip them in silence
    data = bytearray(good.read_bytes())
    pages = [i for i in range(len(data)) if data[i:i + 4] == b"OggS"]
    for i in range(pages[3] + 40, len(data)):
        data[i] = (data[i] * 7 + 13) & 255
    (pack / "werewolves.act.ogg").write_bytes(bytes(data))
    # a sample count that says 45 million seconds: the real length is what counts
    ogg_with_granule(good, pack / "werewolves.wake.ogg", 45_000_000 * 22050)
    soundfile.write(str(pack / "seer.act.wav"), tone(45, 8000), 8000)  # far too long
    soundfile.write(str(pack / "seer.wake.wav"), np.zeros(8000), 8000)  # silence
    (pack / "seer.close.wav").write_text("not a sound")
    voice = Voice("fr", pack)
    wake = voice.clip("werewolves.wake")
    # its real length (trimmed and given its breath of silence again)
    assert wake.pack and wake.duration == pytest.approx(clip_duration(good), abs=0.15)
    report = voice.pack_report()
    assert set(voice.refused) == {"werewolves.act", "seer.act", "seer.wake", "seer.close"}
    assert "checksum" in report["werewolves.act"]
    assert "too long" in report["seer.act"] and "silent" in report["seer.wake"]
    assert "not a sound file" in report["seer.close"]
    for line in voice.refused:
        assert voice.clip(line).path == audio_dir() / "fr" / f"{line}.ogg"  # the default voice
    plan = build_night_plan(["seer", "werewolf", "werewolf", "villager", "robber", "witch"],
                            voice=voice)
    assert plan.total < 600


def test_a_named_pack_is_found_in_the_voices_folders(tmp_path, monkeypatch):
    (tmp_path / "voices" / "papi" / "fr").mkdir(parents=True)
    monkeypatch.setenv("ONENIGHT_VOICES", str(tmp_path / "voices"))
    assert resolve_pack("papi", "fr") == tmp_path / "voices" / "papi" / "fr"
    with pytest.raises(VoiceError, match=r"no voice pack 'mamie'.*papi"):
        Voice("fr", "mamie")
    with pytest.raises(VoiceError, match="a name or a folder"):
        Voice("fr", "")
    with pytest.raises(VoiceError, match="no line 'seer.dance'"):
        Voice("fr", tmp_path / "voices" / "papi").clip("seer.dance")
