"""`onenight narrate --to FILE`: the whole night as planned, mixed into one file, and the mix
checked by ear-like measures: each line at the lines' loudness where the plan puts it, the
ambience alone (and never silent) in the players' time, and the day's lines on time."""

import numpy as np
import pytest

from onenight.cli import main
from onenight.narration import NarrationSettings, Voice, build_night_plan, pcm
from onenight.rules.scenarios import SCENARIO

DECK = SCENARIO["sombre-reveil"].deck(4)
AMBIENCE_VOLUME = 0.5


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    path = tmp_path_factory.mktemp("mix") / "night.ogg"
    assert main(["narrate", "--scenario", "sombre-reveil", "--players", "4", "--debate", "1",
                 "--ambience-volume", str(AMBIENCE_VOLUME), "--to", str(path)]) == 0
    x, rate = pcm.decode(path, max_seconds=None)
    plan = build_night_plan(DECK, NarrationSettings(ambience_volume=AMBIENCE_VOLUME))
    return x, rate, plan


def level(x, rate, start, end):
    return pcm.loudness(x[int(start * rate):int(end * rate)], rate)


def test_the_file_is_the_night_then_the_debate(night):
    x, rate, plan = night
    assert rate == pcm.RATE
    # the night, one minute of debate ending on "vote!", and two seconds to let it ring
    assert len(x) / rate == pytest.approx(plan.total + 60 + 2, abs=0.1)


def test_every_line_is_where_the_plan_puts_it_at_the_lines_loudness(night):
    x, rate, plan = night
    for cue in plan.cues:
        said = level(x, rate, cue.start, cue.end)
        assert said == pytest.approx(pcm.TARGET_LUFS, abs=1.0), (cue.line, said)
        # and it is not there a moment before: the ambience alone, or the line before's tail
        if cue.start - 0.5 > 0:
            before = level(x, rate, cue.start - 0.45, cue.start - 0.05)
            assert before < pcm.TARGET_LUFS - 6, (cue.line, before)


def test_the_players_time_has_the_ambience_alone_at_its_volume(night):
    x, rate, plan = night
    expected = pcm.AMBIENCE_LUFS + 20 * np.log10(AMBIENCE_VOLUME)
    for slot in plan.steps:
        if slot.action_end - slot.action_start < 3:
            continue
        quiet = level(x, rate, slot.action_start + 0.5, slot.action_end - 0.2)
        assert quiet == pytest.approx(expected, abs=1.5), (slot.step, quiet, expected)


def test_the_ambience_never_drops_out_during_the_night_and_has_no_click(night):
    x, rate, plan = night
    window = int(0.4 * rate)
    for start in range(0, int(plan.total * rate) - window, window):
        assert pcm.loudness(x[start:start + window], rate) > -60, start / rate
    bed = x[int(plan.steps[0].action_start * rate):int(plan.steps[0].action_end * rate)]
    steps = np.abs(np.diff(bed))
    assert steps.max() <= 2 * np.percentile(steps, 99.9)


def test_the_day_opens_then_says_vote_on_the_deadline(night):
    x, rate, plan = night
    end, voice = plan.total, Voice("fr")
    opening = level(x, rate, end, end + voice.clip("day.start").duration)
    assert opening == pytest.approx(pcm.TARGET_LUFS, abs=1.0)
    assert level(x, rate, end + 20, end + 40) == -np.inf  # the debate: the table talks
    vote = voice.clip("vote.countdown").duration
    assert level(x, rate, end + 60 - vote, end + 60) == pytest.approx(pcm.TARGET_LUFS, abs=1.0)
    assert level(x, rate, end + 60.3, end + 62) == -np.inf


def test_a_file_it_cannot_write_is_refused_with_the_reason(tmp_path, capsys):
    assert main(["narrate", "--scenario", "sombre-reveil", "--players", "4",
                 "--to", str(tmp_path / "night.mp4")]) == 2
    assert ".ogg, .wav or .flac" in capsys.readouterr().err
