"""Every line at one loudness (EBU R128 integrated, measured by pyloudnorm) under one true-peak
ceiling, and the night ambience a fixed margin under them: no line jumps out of the night."""

import numpy as np
import pytest

from onenight.narration import languages, load_lines
from onenight.narration import pcm
from onenight.narration.voice import ambience_path, audio_dir

SPREAD = 0.5  # LU either side of the target


@pytest.fixture(scope="module")
def measured():
    """(lang, line) -> (integrated loudness, true peak) of every shipped clip, decoded."""
    out = {}
    for lang in languages():
        for line in load_lines(lang):
            x, rate = pcm.decode(audio_dir() / lang / f"{line}.ogg")
            out[lang, line] = pcm.loudness(x, rate), pcm.true_peak(x, rate)
    return out


def test_every_line_of_every_language_is_within_half_a_lu_of_the_target(measured):
    off = {k: round(v[0], 2) for k, v in measured.items()
           if abs(v[0] - pcm.TARGET_LUFS) > SPREAD}
    assert not off, f"clips off the {pcm.TARGET_LUFS} LUFS target: {off}"
    levels = [v[0] for v in measured.values()]
    assert max(levels) - min(levels) <= 2 * SPREAD


def test_no_clip_peaks_above_the_true_peak_ceiling(measured):
    over = {k: round(v[1], 2) for k, v in measured.items() if v[1] > pcm.TRUE_PEAK_CEILING}
    assert not over, f"true peaks above {pcm.TRUE_PEAK_CEILING} dBTP: {over}"


def test_the_last_minute_and_the_vote_are_said_at_the_same_loudness(measured):
    for lang in languages():
        a, b = measured[lang, "day.last_minute"][0], measured[lang, "vote.countdown"][0]
        assert abs(a - b) <= 2 * SPREAD, (lang, a, b)


def test_the_ambience_sits_its_fixed_margin_under_the_lines():
    x, rate = pcm.decode(ambience_path(), max_seconds=None)
    assert pcm.loudness(x, rate) == pytest.approx(pcm.AMBIENCE_LUFS, abs=SPREAD)
    assert pcm.true_peak(x, rate) <= pcm.TRUE_PEAK_CEILING


def test_normalising_reaches_the_target_and_the_ceiling_even_for_a_spiky_clip():
    rate = pcm.RATE
    t = np.arange(rate * 2) / rate
    quiet = 0.01 * np.sin(2 * np.pi * 220 * t)
    quiet[rate // 2] = 0.9  # one click far above the rest
    y = pcm.normalise(quiet, rate)
    assert pcm.loudness(y, rate) == pytest.approx(pcm.TARGET_LUFS, abs=0.1)
    assert pcm.true_peak(y, rate) <= pcm.TRUE_PEAK_CEILING + 0.01
    with pytest.raises(pcm.VoiceError, match="silent"):
        pcm.normalise(np.zeros(rate), rate)
