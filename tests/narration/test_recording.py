"""The host's voice recorded for real through PortAudio and ALSA, from a file-backed input
device (this machine has no microphone): a take is trimmed, brought to the lines' loudness,
kept in the host's pack, and said by the narrator in place of the default voice."""

import numpy as np
import pytest

from onenight.narration import Voice, VoiceError, pcm
from onenight.narration.recording import (HOST_PACK, Recorder, Take, forget, microphones,
                                          recorded_lines)


def spoken_tone(rate=22050, seconds=4.0, pitch=330):
    """Half a second of silence, then a tone that swells like a voice, then silence."""
    t = np.arange(int(seconds * rate)) / rate
    x = 0.4 * np.sin(2 * np.pi * pitch * t) * (0.6 + 0.4 * np.sin(2 * np.pi * 2 * t))
    x[(t < 0.5) | (t > 3.0)] = 0
    return x


def record(seconds=2.0):
    rec = Recorder()
    rec.start()
    assert rec.recording
    assert rec.wait(seconds, timeout=30)
    return rec.stop()


def dominant_pitch(x, rate):
    spectrum = np.abs(np.fft.rfft(x))
    return np.fft.rfftfreq(len(x), 1 / rate)[spectrum.argmax()]


def test_a_take_from_the_microphone_is_trimmed_normalised_kept_and_said(file_microphone,
                                                                         tmp_path):
    file_microphone(spoken_tone())
    assert microphones() == ["default"]
    take = record(3.5)
    assert take.rate == pcm.RATE and take.length >= 3.5
    assert dominant_pitch(take.samples, take.rate) == pytest.approx(330, rel=0.05)
    take.trim_silence()
    # the tone, without the silence around it (with no clock pacing the null device, ALSA's
    # file input skips part of the file: its exact length does not come through)
    assert 0.5 < take.end - take.start < take.length - 1
    assert dominant_pitch(take.kept(), take.rate) == pytest.approx(330, rel=0.05)
    heard = take.preview(tmp_path / "takes")
    x, rate = pcm.decode(heard)
    assert pcm.loudness(x, rate) == pytest.approx(pcm.TARGET_LUFS, abs=0.3)
    root = tmp_path / "voices"
    take.save("fr", "seer.wake", root)
    assert recorded_lines("fr", root) == {"seer.wake"}
    voice = Voice("fr", root / HOST_PACK)
    clip = voice.clip("seer.wake")
    assert clip.pack and clip.duration == pytest.approx(take.end - take.start + 0.3, abs=0.1)
    assert not voice.clip("seer.act").pack  # not recorded: the default voice
    forget("fr", "seer.wake", root)
    assert recorded_lines("fr", root) == set()


def test_the_host_trims_a_take_by_hand():
    take = Take(spoken_tone(), 22050)
    take.start, take.end = 1.0, 2.0
    assert len(take.kept()) == 22050
    assert len(take.ready()) / pcm.RATE == pytest.approx(1.0 + 0.3, abs=0.05)
    take.start, take.end = 1.0, 1.1
    with pytest.raises(VoiceError, match="too short"):
        take.ready()
    silent = Take(np.zeros(22050), 22050)
    with pytest.raises(VoiceError, match="nothing was heard"):
        silent.trim_silence()


def test_no_microphone_is_said_plainly(file_microphone):
    file_microphone(None)  # the default input is a sound card that is not there
    with pytest.raises(VoiceError, match="cannot record"):
        Recorder().start()
    with pytest.raises(VoiceError, match="cannot record"):
        Recorder(device="a microphone nobody plugged in").start()
