"""The night ambience loops with no seam: no click at the loop point, no dip after it."""

import numpy as np
import pytest

from onenight.narration import pcm
from onenight.narration.ambience import SECONDS, make
from onenight.narration.voice import ambience_path


@pytest.fixture(scope="module")
def loop():
    return pcm.decode(ambience_path(), max_seconds=None)


def test_the_loop_point_steps_no_more_than_the_sound_does_anywhere_else(loop):
    x, rate = loop
    steps = np.abs(np.diff(x))
    seam = abs(x[0] - x[-1])  # the step the player makes when it goes back to the start
    usual = np.percentile(steps, 99.9)
    assert seam <= usual, (seam, usual)
    # and nowhere inside the loop is there a jump either (a cross-fade's edge would be one)
    assert steps.max() <= 2 * usual, (steps.max(), usual)


def test_the_loudness_does_not_dip_or_jump_across_the_loop_point(loop):
    x, rate = loop
    window = 3 * rate  # EBU R128's short-term loudness: 3 s windows
    looped = np.concatenate([x, x])
    end = len(x)

    def short_term(start):
        return pcm.loudness(looped[start:start + window], rate)

    before, across, after = short_term(end - window), short_term(end - window // 2), \
        short_term(end)
    assert abs(after - before) <= 1.0, (before, after)
    assert abs(across - (before + after) / 2) <= 1.0, (before, across, after)
    # the same holds everywhere: the loop's own swell stays gentle
    levels = [short_term(s) for s in range(0, end, rate)]
    assert max(levels) - min(levels) <= 4.0


def test_the_loop_lasts_its_length_and_is_periodic_before_encoding(loop):
    x, rate = loop
    assert len(x) == SECONDS * rate
    raw = make(seconds=SECONDS, rate=rate)
    # one more period of the same synthesis continues exactly where the loop starts
    steps = np.abs(np.diff(raw))
    assert abs(raw[-1] - raw[0]) <= np.percentile(steps, 99.9)
