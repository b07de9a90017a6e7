"""One app per data folder: a second app started on the folder of a running one (two real
processes, real windows) says that the game is already open and opens nothing; the first
plays on undisturbed; once the first is killed (SIGKILL), the folder is free again."""

from __future__ import annotations

import json
import os
import signal

import pytest

from onenight.ui.data_lock import LOCKNAME
from tests.reliability.test_kill_resume import GAME, TIMEOUT, WALL, driver, journaled, resume

SAYS = {"fr": "déjà ouvert sur cette tablette", "en": "already open on this tablet"}


def wait_for(p, step: str) -> None:
    """Read the scripted game's progress until ``step`` is done (the watchdog bounds it)."""
    seen = []
    for line in p.stdout:
        seen.append(line)
        words = line.split()
        if words[:1] == ["done"] and " ".join(words[3:-1]) == step or words == [step]:
            return
    raise AssertionError(f"the first app never reached {step!r}: {seen[-5:]} "
                         f"{p.stderr.read()[-2000:]}")


@pytest.mark.parametrize("lang,lock_deleted", [("fr", False), ("en", True)])
def test_a_second_app_on_the_same_folder_says_so_and_touches_nothing(tmp_path, lang,
                                                                     lock_deleted):
    """With the folder's lock file deleted under the first app, the second one takes a lock
    of its own: the journal itself, locked by the first, still keeps it out."""
    first = driver("play", tmp_path, WALL)  # the scripted game taps French texts
    try:
        wait_for(first, "start_night")  # the first app holds the folder, a game under way
        # the host's language, as the second app will read it
        (tmp_path / "settings.json").write_text(json.dumps({"language": lang}))
        if lock_deleted:
            (tmp_path / LOCKNAME).unlink()

        second = driver("second", tmp_path, WALL)
        out, err = second.communicate(timeout=TIMEOUT)
        second.watchdog.cancel()
        assert second.returncode == 0, out[-3000:] + err[-3000:]
        shown = json.loads(out.strip().splitlines()[-1])
        assert shown["already_open"] and not shown["game_opened"] and not shown["box"]
        assert any(SAYS[lang] in t for t in shown["texts"]), shown["texts"]
        assert shown["closed"]  # its close button ends it
        assert first.poll() is None  # and the first app goes on

        wait_for(first, "finished")  # the whole game, undisturbed
        events = [e.body for e in journaled(tmp_path) if e.kind == "event"]
        assert [e["type"] for e in events] == GAME
        assert len(list((tmp_path / "history").glob("*.json"))) == 1
        assert not list(tmp_path.glob("journal-unreadable-*"))
    finally:
        if first.poll() is None:
            os.kill(first.pid, signal.SIGKILL)  # the lock goes with the process
        first.wait()
        first.watchdog.cancel()

    shown = resume(tmp_path)  # the folder is free again: the game is there
    assert shown["message"] == "" and shown["phase"] == "end"
    assert shown["result"]["dead"] == [1]
