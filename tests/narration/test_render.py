"""Rendering the clips: PyPI's Pico engine, one loudness, and a manifest that says which clips
are out of date (a line edited, added, or the processing changed) until they are rendered."""

import json
import shutil

import numpy as np
import pytest

from onenight.narration import Voice, available_packs, languages, load_lines, pcm
from onenight.narration.render import (MANIFEST, VOICES, Pico, line_sets, main, out_of_date,
                                       read_manifest, render, stamp)
from onenight.narration.voice import audio_dir

STANDARD = VOICES["standard"]


def test_every_shipped_clip_was_rendered_from_its_current_words():
    sets = line_sets()
    assert {s.lang for s in sets} >= set(languages())
    for ls in sets:
        stale = out_of_date(audio_dir() / ls.folder, ls.lines(), STANDARD, ls.lang)
        assert not stale, f"{ls.folder}: out of date, run scripts/render-voice: {stale}"


def test_the_check_command_agrees(capsys):
    assert main(["--check"]) == 0
    assert "0 clip(s) out of date" in capsys.readouterr().out


@pytest.fixture(scope="module")
def pico_fr():
    return Pico("fr-FR", STANDARD.params)


def test_an_edited_line_is_out_of_date_until_it_is_rendered_again(tmp_path, pico_fr):
    folder = tmp_path / "fr"
    shutil.copytree(audio_dir() / "fr", folder)
    lines = load_lines("fr")
    assert out_of_date(folder, lines, STANDARD, "fr") == []
    lines["seer.wake"] = "Voyante, réveillez-vous\u00a0!"
    assert out_of_date(folder, lines, STANDARD, "fr") == ["seer.wake"]
    before = (folder / "seer.wake.ogg").read_bytes()
    assert render(lines, folder, "fr", STANDARD, engine=pico_fr) == ["seer.wake"]
    assert out_of_date(folder, lines, STANDARD, "fr") == []
    assert (folder / "seer.wake.ogg").read_bytes() != before
    assert read_manifest(folder)["seer.wake"] == stamp(STANDARD, "fr", lines["seer.wake"])
    x, rate = pcm.decode(folder / "seer.wake.ogg")
    assert rate == pcm.RATE and pcm.loudness(x, rate) == pytest.approx(pcm.TARGET_LUFS, abs=0.5)
    # a clip deleted by hand is out of date too
    (folder / "seer.close.ogg").unlink()
    assert out_of_date(folder, lines, STANDARD, "fr") == ["seer.close"]


def test_the_stamp_follows_the_words_the_voice_and_the_processing(monkeypatch):
    a = stamp(STANDARD, "fr", "Voyante, ouvrez les yeux.")
    assert a == stamp(STANDARD, "fr", "Voyante, ouvrez les yeux.")
    assert a != stamp(STANDARD, "fr", "Voyante, ouvrez les yeux !")
    assert a != stamp(STANDARD, "en", "Voyante, ouvrez les yeux.")
    monkeypatch.setattr(pcm, "TARGET_LUFS", -16.0)
    assert a != stamp(STANDARD, "fr", "Voyante, ouvrez les yeux.")


def test_a_new_set_of_lines_renders_with_one_command(tmp_path, capsys):
    """A new game's lines are a lines file in a subfolder; one command renders its clips."""
    lines = tmp_path / "lines"
    (lines / "village").mkdir(parents=True)
    shutil.copy(audio_dir().parent.parent / "narration" / "lines" / "fr.json", lines / "fr.json")
    (lines / "village" / "fr.json").write_text(json.dumps(
        {"village.sleep": "Le village s'endort.", "village.wake": "Le village se réveille."}),
        encoding="utf-8")
    out = tmp_path / "audio"
    shutil.copytree(audio_dir() / "fr", out / "fr")
    assert main(["--lines", str(lines), "--out", str(out), "--lang", "fr"]) == 0
    said = capsys.readouterr().out
    assert "village/fr: 2 clip(s) rendered" in said and "fr: 0 clip(s) rendered" in said
    assert sorted(p.name for p in (out / "village" / "fr").iterdir()) == [
        MANIFEST, "village.sleep.ogg", "village.wake.ogg"]
    assert main(["--lines", str(lines), "--out", str(out), "--check"]) == 0
    assert main(["--lines", str(lines), "--out", str(out), "--only", "nope"]) == 2
    assert "no line nope" in capsys.readouterr().err


def test_engine_words_are_respelled_and_typography_is_not_read():
    assert STANDARD.spoken("fr", "Doppelgänger, ouvrez les yeux\u00a0!") == \
        "Dopelgangueur, ouvrez les yeux !"


def words_per_second(folder, lines):
    words = sum(len(load_lines("en")[k].split()) for k in lines)
    seconds = sum(len(pcm.decode(folder / f"{k}.ogg")[0]) / pcm.RATE - 0.3 for k in lines)
    return words / seconds


PACE_LINES = ("night.start", "seer.act", "robber.act", "witch.act", "day.start",
              "vote.countdown", "insomniac.wake", "troublemaker.act")


def test_the_second_english_voice_is_paced_and_loudness_matched_like_the_standard(
        tmp_path, monkeypatch):
    pytest.importorskip("piper", reason="the optional piper extra (scripts/bootstrap has it)")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["--voice", "joe", "--only", *PACE_LINES]) == 0
    folder = tmp_path / "onenight" / "voices" / "joe" / "en"
    lines = {k: load_lines("en")[k] for k in PACE_LINES}
    for k in lines:
        x, rate = pcm.decode(folder / f"{k}.ogg")
        assert pcm.loudness(x, rate) == pytest.approx(pcm.TARGET_LUFS, abs=0.5), k
        assert pcm.true_peak(x, rate) <= pcm.TRUE_PEAK_CEILING
    ours, standard = words_per_second(folder, lines), words_per_second(audio_dir() / "en",
                                                                       lines)
    assert ours == pytest.approx(standard, rel=0.1), (ours, standard)
    # rendered into the host's voices, it is a voice the app offers, in English
    assert "joe" in available_packs()
    voice = Voice("en", "joe")
    assert voice.clip("seer.act").pack and not voice.clip("seer.wake").pack
    assert voice.refused == {}
