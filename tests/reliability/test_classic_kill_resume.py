"""Kill the real app (SIGKILL, its own process and window) at every kind of moment of a
Thiercelieux game (the deal, each kind of night call, the dawn's chain, the election, the
debate, the vote, the tie), start it again, resume from the home screen, and check that the
table is back where the journal says: the same events, phase, call, ballots and countdown
(with the time the app was down taken off). The harness is the one-night game's
(test_kill_resume.py), with the classic game's script (app_driver.classic_steps)."""

from __future__ import annotations

import random

import pytest

from onenight.game.clock import FakeClock
from onenight.game.journal import CLASSIC_FILENAME, JournaledClassic
from onenight.ui.screens.classic_base import PHASE_SCREEN

from .test_kill_resume import DOWN, WALL, play_and_kill, resume
from .test_kill_resume import journaled as journaled_as

KILL_AFTER = ["deal", "night thief", "night cupid", "night wolf_hound", "night seer",
              "night werewolves", "night witch", "chain", "election", "debate", "vote",
              "tie"]
GAME = {"DRIVER_GAME": "thiercelieux"}


def journaled(data):
    return journaled_as(data, CLASSIC_FILENAME)


@pytest.mark.parametrize("step", KILL_AFTER)
def test_a_killed_classic_game_resumes_where_the_journal_says(tmp_path, step):
    accepted = play_and_kill(tmp_path, step, **GAME)
    events = [e.body for e in journaled(tmp_path) if e.kind == "event"]
    assert len(events) >= accepted  # nothing the app accepted is lost

    shown = resume(tmp_path, **GAME)
    assert shown["message"] == ""
    assert shown["log"] == events  # rebuilt exactly from what was journaled

    ref = JournaledClassic(tmp_path / "history", None, clock=FakeClock(), rng=random.Random(0),
                           wall=lambda: WALL + DOWN)
    ref.replay(journaled(tmp_path))
    assert shown["phase"] == ref.phase != "setup"
    assert shown["can_resume"] and shown["screen"] == PHASE_SCREEN[ref.phase]
    assert shown["stop"] == (ref.game.stop.step if ref.game and ref.game.stop else None)
    w = ref.state.window
    if w is not None:  # the same call, its choice kept, the voice calling it again
        assert shown["window"] == {"night": w.night, "step": w.step, "index": w.index,
                                   "chosen": w.chosen}
        assert shown["night_running"]
    if ref.state.ballots is not None:  # the votes in stay in, still secret
        assert shown["ballots"] == list(ref.state.ballots.is_in())
        assert any(shown["ballots"]) == (step in ("election", "vote"))
    if ref.phase == "debate":  # the time the app was down is gone from the countdown
        left = ref.debate_view().seconds_left
        assert shown["debate_left"] == pytest.approx(left, abs=1)
        assert shown["debate_left"] < 6 * 60 - 20 - 1


def test_a_classic_journal_that_cannot_be_read_is_told_as_the_app_starts(tmp_path):
    """The classic game's journal is read once the first frame is drawn: the host is still
    told at once that it could not be read, and it is set aside for the home screen."""
    (tmp_path / CLASSIC_FILENAME).write_bytes(b"not a journal at all")
    shown = resume(tmp_path)  # started, its first frames drawn, then home's resume looked at
    assert "La partie de Thiercelieux en cours n'a pas pu être relue." in shown["message"]
    assert shown["sticky"]
    assert list(tmp_path.glob("classic-journal-unreadable-*"))
    assert not (tmp_path / CLASSIC_FILENAME).exists() or \
        (tmp_path / CLASSIC_FILENAME).read_bytes() != b"not a journal at all"
