import shutil

import pytest

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
    assert voice.clip("seer.wake").pack and voice.clip("seer.wake").path.parent == pack / "fr"
    assert voice.clip("seer.wake").duration == clip_duration(audio_dir() / "fr" / "night.end.ogg")
    act = voice.clip("seer.act")
    assert not act.pack and act.path == audio_dir() / "fr" / "seer.act.ogg"
    assert not voice.clip("seer.close").pack
    assert voice.fallbacks["seer.close"] == "not in the pack"
    assert "seer.act" in voice.fallbacks
    report = voice.pack_report()
    assert "seer.wake" not in report and "seer.act" in report
    assert len(report) == len(load_lines("fr")) - 1
    assert Voice("fr").pack_report() == {}
    plan = build_night_plan(["seer", "werewolf", "villager", "villager", "villager", "robber"],
                            voice=voice)
    assert all(c.duration > 0 for c in plan.cues)
    assert any(c.audio.startswith(str(pack)) for c in plan.cues)


def test_a_voice_pack_of_wav_files_without_language_folder(tmp_path):
    import wave
    pack = tmp_path / "mine"
    pack.mkdir()
    with wave.open(str(pack / "night.start.wav"), "wb") as w:
        w.setnchannels(1), w.setsampwidth(2), w.setframerate(8000)
        w.writeframes(b"\0\0" * 12000)
    clip = Voice("en", pack).clip("night.start")
    assert clip.pack and clip.duration == pytest.approx(1.5)


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
