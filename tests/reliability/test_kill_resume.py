"""Kill the real app (its own process, a real window) with SIGKILL at many moments of a
scripted game, start it again, resume from the home screen, and check each time that the
table is back where the journal says: same events, same night cue said again, the debate
with the time the app was down taken off, the votes and the reveal entries already made."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from onenight.game.journal import FILENAME, JournaledController, read_on_disk
from onenight.game.clock import FakeClock

ROOT = Path(__file__).resolve().parents[2]
WALL = 1_800_000_000.0
DOWN = 400.0  # the resumed app's wall clock starts this much later than the killed one's
#: every event the scripted game sends, in order
GAME = (["players", "scenario", "start_night", "night_done", "day_add", "day_pause",
         "day_resume", "first_speaker", "start_vote"] + ["vote"] * 5 + ["to_reveal"]
        + ["final_card"] * 5 + ["confirm"])
#: the steps of the script after which the app is killed (a handful, fixed, across the game)
KILL_AFTER = ["players", "scenario", "start_night", "night 1", "night paused", "night late 10",
              "day plus", "day paused", "vote 2", "card 1", "result"]
SCREEN = {"night": "night", "day": "day", "vote": "vote", "reveal": "reveal", "end": "result"}
TIMEOUT = 180  # a watchdog against a hung app, generous for a loaded machine


def driver(mode: str, data: Path, wall: float, vote: str = "fingers",
           **env_extra: str) -> subprocess.Popen:
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", SDL_AUDIODRIVER="dummy",
               DRIVER_VOTE=vote, **env_extra)
    p = subprocess.Popen([sys.executable, "-m", "tests.reliability.app_driver", mode, str(data),
                          repr(wall)], cwd=ROOT, env=env, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    watchdog = threading.Timer(TIMEOUT, p.kill)
    watchdog.daemon = True
    watchdog.start()
    p.watchdog = watchdog
    return p


def play_and_kill(data: Path, step: str, vote: str = "fingers", **env_extra: str) -> int:
    """Run the scripted game until ``step`` is done, then SIGKILL the app at once (it is
    already busy with the next step). Returns how many events it had accepted by then."""
    p = driver("play", data, WALL, vote, **env_extra)
    accepted = None
    for line in p.stdout:
        words = line.split()
        if words[:1] == ["done"] and " ".join(words[3:-1]) == step:
            os.kill(p.pid, signal.SIGKILL)
            accepted = int(words[2])
            break
    p.wait()
    p.watchdog.cancel()
    assert accepted is not None, f"the game never reached {step!r}: {p.stderr.read()[-2000:]}"
    assert p.returncode == -signal.SIGKILL
    return accepted


def resume(data: Path, vote: str = "fingers", **env_extra: str) -> dict:
    p = driver("resume", data, WALL + DOWN, vote, **env_extra)
    out, err = p.communicate(timeout=TIMEOUT)
    p.watchdog.cancel()
    assert p.returncode == 0, out[-3000:] + err[-3000:]
    return json.loads(out.strip().splitlines()[-1])


def journaled(data: Path, filename: str = FILENAME):
    return read_on_disk(data / filename)  # as the kill left it: nothing written


@pytest.mark.parametrize("step", KILL_AFTER)
def test_the_killed_app_resumes_where_the_journal_says(tmp_path, step):
    accepted = play_and_kill(tmp_path, step)
    entries = journaled(tmp_path)
    events = [e.body for e in entries if e.kind == "event"]
    # nothing the app accepted before the kill is lost, and nothing else is in the journal
    assert len(events) >= accepted
    assert [e["type"] for e in events] == GAME[:len(events)]

    shown = resume(tmp_path)
    assert shown["message"] == ""  # nothing was set aside
    assert shown["log"] == events  # the app rebuilt exactly what was journaled

    # the same game, rebuilt here from the journal with the resumed app's clocks
    ref = JournaledController(tmp_path / "history", None, clock=FakeClock(),
                              rng=random.Random(0), wall=lambda: WALL + DOWN)
    r = ref.replay(entries)
    assert shown["phase"] == ref.phase
    if ref.phase in SCREEN:
        assert shown["can_resume"] and shown["screen"] == SCREEN[ref.phase]
    if ref.phase == "night":
        nights = [e.body for e in entries if e.kind == "night"]
        cue = nights[-1]["cue"] if nights else None
        night = shown["night"]
        assert night["cue"] == cue and night["paused"] == r.night_paused
        if cue is None:  # killed before the first line: the night starts from the top,
            # with the moment to look at the cards
            assert night["said"] == [] and night["line"] == "" and night["stage"] == "look"
        else:
            assert night["said"] == [night["cue_audio"]]  # the step's line is said again
            assert night["line"] and night["line"] in shown["texts"]
    if ref.phase == "day":
        debate = [e.body for e in entries if e.kind == "debate"][-1]
        left = debate["deadline"] - (WALL + DOWN) if debate["running"] else debate["left"]
        assert shown["day"]["left"] == pytest.approx(max(0.0, left))
        assert shown["day"]["left"] == pytest.approx(ref.day_view().seconds_left)
        assert shown["day"]["running"] == debate["running"]
        if debate["running"]:
            assert shown["day"]["left"] < debate["left"]  # the time the app was down counts
        s = int(shown["day"]["left"] + 0.999)
        assert shown["day"]["shown"] == f"{s // 60}:{s % 60:02d}"
    if ref.phase == "vote":
        v = ref.vote_view()
        assert shown["vote"]["is_in"] == list(v.is_in) and any(v.is_in)
    if ref.phase == "reveal":
        final = shown["reveal"]["final"]
        assert final == list(ref.reveal_view().final)
        assert shown["reveal"]["seat"] == final.index(None)  # the next seat to enter
    if ref.phase == "end":  # the verdict, shown again from Home
        assert shown["result"]["dead"] == list(ref.outcome.dead) == [1]
        assert len(list((tmp_path / "history").glob("*.json"))) == 1  # saved once


#: the steps of the tablet game's script after which the app is killed: in the private
#: deal, in a step of the night just after a pick, in the dawn replay
TABLET_KILLS = ["looked 1", "night pick", "replay 3"]


@pytest.mark.parametrize("step", TABLET_KILLS)
def test_a_tablet_game_resumes_at_the_same_deal_night_step_or_replay_frame(tmp_path, step):
    accepted = play_and_kill(tmp_path, step, DRIVER_GAME="tablet")
    entries = journaled(tmp_path)
    events = [e.body for e in entries if e.kind == "event"]
    assert len(events) >= accepted
    shown = resume(tmp_path, DRIVER_GAME="tablet")
    assert shown["message"] == "" and shown["log"] == events
    ref = JournaledController(tmp_path / "history", None, clock=FakeClock(),
                              rng=random.Random(0), wall=lambda: WALL + DOWN)
    ref.replay(entries)
    assert shown["phase"] == ref.phase and shown["can_resume"]
    if step == "looked 1":
        assert ref.phase == "deal" and shown["screen"] == "deal"
        looked = sorted(ref.tablet.looked)
        assert looked[:2] == [0, 1]  # (the next player may have looked before the kill)
        assert shown["deal"]["looked"] == looked
        assert shown["deal"]["done"] == [s in looked for s in range(5)]
    if step == "night pick":
        assert ref.phase == "night" and shown["screen"] == "night"
        assert any(e["type"] == "pick" for e in events)
        v = ref.step_view()
        assert shown["step"] == {"step": v.step, "open": v.open, "picks": list(v.picks)}
        if v.open and v.picks:  # the pick made before the kill stands: the ring takes no tap
            assert shown["ring_locked"] == v.done
    if step == "replay 3":
        assert ref.phase == "end" and ref.state.replay == 3
        assert shown["screen"] == "replay" and shown["replay"]["index"] == 3
        assert len(list((tmp_path / "history").glob("*.json"))) == 1  # saved once


def test_a_damaged_journal_is_reported_on_screen_and_set_aside(tmp_path):
    play_and_kill(tmp_path, "vote 2")
    for side in ("-wal", "-shm"):
        Path(str(tmp_path / FILENAME) + side).unlink(missing_ok=True)
    (tmp_path / FILENAME).write_bytes(b"\x00garbage\xff" * 500)
    shown = resume(tmp_path)
    assert "mis de côté" in shown["message"] and shown["phase"] == "setup"
    assert shown["message"].startswith("La partie d'Une Nuit en cours")  # which game's
    assert shown["sticky"]  # it stays until the host taps it
    assert "Son fichier n'est pas un journal de partie." in shown["message"]
    assert "database" not in shown["message"]  # in French, not SQLite's words
    assert not shown["can_resume"] and shown["screen"] == "home"
    aside = [p.name for p in tmp_path.glob("journal-unreadable-*")]
    assert len(aside) == 1 and aside[0] in shown["message"]


def test_a_box_vote_under_way_is_taken_over_on_the_box(tmp_path):
    """The resumed app takes over the same vote round on the box (so the box keeps the votes
    already cast), the host is told, and once every pad has voted the votes are all there."""
    play_and_kill(tmp_path, "box vote 1", vote="box")
    shown = resume(tmp_path, vote="box")
    assert shown["phase"] == "vote" and shown["screen"] == "vote"
    assert shown["vote"]["is_in"] == [True, True, False, False, False]
    assert ["open", 5] in shown["box_calls"]
    assert shown["box_rounds"] == [1]  # the round the first run opened, written down
    assert "déjà enregistrés sont gardés" in shown["message"] and shown["sticky"]
    after = shown["after_box_votes"]
    assert after["revealed"] and after["votes"] == [1, 0, 1, 0, 1]


def test_killed_between_journaling_the_verdict_and_saving_it_the_next_start_saves_it(tmp_path):
    """SIGKILL right after the confirmation is journaled, before the record reaches the
    history: the next start is at the verdict (Home can show it again) and saves the record,
    once."""
    p = driver("play", tmp_path, WALL, DRIVER_KILL_ON_SAVE="before")
    out, err = p.communicate(timeout=TIMEOUT)
    p.watchdog.cancel()
    assert p.returncode == -signal.SIGKILL, out[-2000:] + err[-2000:]
    history = tmp_path / "history"
    assert not list(history.glob("*.json"))
    events = [e.body for e in journaled(tmp_path) if e.kind == "event"]
    assert [e["type"] for e in events] == GAME  # the verdict is in the journal
    game = events[GAME.index("start_night")]["game"]

    shown = resume(tmp_path)
    assert shown["phase"] == "end" and shown["screen"] == "result" and shown["can_resume"]
    assert shown["result"]["dead"] == [1]
    saved = list(history.glob("*.json"))
    assert len(saved) == 1 and json.loads(saved[0].read_text())["game"] == game
    assert shown["result"]["record"] == saved[0].name

    shown = resume(tmp_path)
    assert shown["phase"] == "end" and list(history.glob("*.json")) == saved


def test_killed_right_after_saving_the_verdict_it_is_saved_once(tmp_path):
    """SIGKILL as soon as the record is in the history: the next start shows the verdict,
    pointing at that record, and saves nothing twice."""
    p = driver("play", tmp_path, WALL, DRIVER_KILL_ON_SAVE="after")
    out, err = p.communicate(timeout=TIMEOUT)
    p.watchdog.cancel()
    assert p.returncode == -signal.SIGKILL, out[-2000:] + err[-2000:]
    steps = [line.split()[3:-1] for line in out.splitlines() if line.startswith("done ")]
    assert steps[-1] == ["card", "4"]  # killed by the confirmation itself
    history = tmp_path / "history"
    saved = list(history.glob("*.json"))
    assert len(saved) == 1
    shown = resume(tmp_path)
    assert shown["phase"] == "end" and shown["screen"] == "result"
    assert shown["result"]["record"] == saved[0].name
    assert list(history.glob("*.json")) == saved
