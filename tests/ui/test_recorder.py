"""Settings: the voice is chosen among the installed ones, with what each says and refused;
and the host records their own voice for a line, from a real (file-backed) input device."""

from onenight.narration import load_lines
from onenight.narration.recording import HOST_PACK

from ..narration.test_recording import spoken_tone
from .test_game import back_home, find, screen, tap


def test_the_host_records_a_line_and_chooses_their_voice(app, file_microphone, tmp_path,
                                                         monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    file_microphone(spoken_tone())
    app.go("settings")
    settings = screen(app)
    assert settings.packs == ["standard"] and settings.pack_report == ""
    tap(find(settings, "record_voice"))
    rec = screen(app)
    assert rec.name == "recorder" and rec.line_text == load_lines("fr")["night.intro"]
    tap(find(rec, "next"))
    assert rec.line_id == "night.start" and not rec.recorded
    assert find(rec, "play").disabled and find(rec, "keep").disabled
    tap(find(rec, "record"))
    assert rec.recording and "Enregistrement" in rec.status
    assert rec.recorder.wait(3.5, timeout=30)
    tap(find(rec, "record"))  # now "Arrêter"
    assert not rec.recording and rec.has_take and "Prise de" in rec.status
    played = len(app.test_audio.played())
    tap(find(rec, "play"))
    assert app.test_audio.played()[played:][0].endswith(".wav")
    find(rec, "start").value = rec.take.start + 0.1  # the host trims the start by hand
    assert rec.take.start == find(rec, "start").value
    tap(find(rec, "keep"))
    assert rec.recorded and "Gardée" in rec.status
    kept = tmp_path / "data" / "onenight" / "voices" / HOST_PACK / "fr" / "night.start.wav"
    assert kept.is_file()
    # back in Settings, the host's pack is a voice to choose, and says what it says
    app.go("settings")
    settings = screen(app)
    assert settings.packs == ["standard", HOST_PACK]
    settings.ids.pack.text = HOST_PACK
    assert app.settings.voice_pack == HOST_PACK
    total = len(load_lines("fr"))
    assert settings.pack_report.startswith(f"Cette voix dit 1 répliques sur {total}")
    # a broken file in the pack is named, with why, and left to the default voice
    (kept.parent / "night.end.wav").write_text("not a sound")
    settings.ids.pack.text = "standard"
    settings.ids.pack.text = HOST_PACK
    assert "1 fichier(s) refusé(s) : night.end.wav: not a sound file" in settings.pack_report
    settings.ids.pack.text = "standard"
    back_home(app)


def test_without_a_microphone_the_recorder_says_so(app, file_microphone):
    file_microphone(None)
    app.go("recorder")
    rec = screen(app)
    tap(find(rec, "record"))
    assert not rec.recording and "Impossible d'enregistrer" in rec.status
    back_home(app)
