"""A game on a hostile storage, for real: a disk full, a read-only data folder, a full then
read-only tmpfs. Each runs the real journal and history in their own process
(storage_child.py), so the failures are the system's own:

* a full disk: the size of files is limited (RLIMIT_FSIZE, any system, any user): SQLite and
  the history get the system's "file too large" on every write that would grow a file;
* a read-only folder: the folder and its files have no write permission (a process running as
  root first gives up the capabilities that let root ignore permissions);
* a 64 KB tmpfs, filled, then remounted read-only: real "no space left" and "read-only file
  system" errors. Mounting needs a mount namespace of its own (``unshare -m`` as root, or
  ``unshare -rm`` where unprivileged user namespaces are allowed): skipped where neither can.

Each is played with both games: the one-night game and the classic one (its own journal, its
record saved at each new phase).
"""

from __future__ import annotations

import ctypes
import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from onenight.game.journal import open_game
from tests.reliability.storage_child import GAME, classic_game

ROOT = Path(__file__).resolve().parents[2]


def unprivileged() -> None:
    """In the child, before it runs: a root process ignores permissions, so it gives up the
    capabilities that let it (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH: dropped from its bounding
    set, the program it starts never has them)."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        if libc.prctl(24, cap, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "the capabilities cannot be dropped")


def child(mode: str, data: Path, arg: str = "", *, fsize: int | None = None,
          no_override: bool = False, prefix: list[str] | None = None,
          game: str = "onenight") -> dict:
    def limits():
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, resource.RLIM_INFINITY))
        if no_override:
            unprivileged()

    cmd = (prefix or []) + [sys.executable, "-m", "tests.reliability.storage_child",
                            f"--game={game}", mode, str(data)] + ([arg] if arg else [])
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120,
                       preexec_fn=limits)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    return json.loads(p.stdout.strip().splitlines()[-1])


def events(game: str, n: int | None = None) -> list[str]:
    whole = GAME if game == "onenight" else classic_game()
    return [e["type"] for e in whole[:n]]


def mid_vote(game: str) -> int:
    """How many events of the game lead to the middle of its first vote (two votes in)."""
    kinds = events(game)
    return next(i for i in range(2, len(kinds)) if kinds[i - 2:i] == ["vote", "vote"])


GAME_KINDS = ["onenight", "thiercelieux"]
VOTE_PHASE = {"onenight": "vote", "thiercelieux": "election"}  # the first vote of each


@pytest.mark.parametrize("game", GAME_KINDS)
def test_a_full_disk_keeps_the_game_and_everything_is_written_when_space_comes_back(
        tmp_path, game):
    """A full disk at start-up used to set the healthy journal aside and start an empty game;
    at the verdict, the record was lost and the next start came back to the vote."""
    n = mid_vote(game)
    played = child("play", tmp_path, str(n), game=game)  # killed mid-vote
    assert played["phase"] == VOTE_PHASE[game]
    out = child("full", tmp_path, fsize=1024, game=game)  # no file may grow past 1 KB
    opened = out["opened"]
    assert opened["problem"] is None and opened["phase"] == VOTE_PHASE[game]  # it is back
    assert [e["type"] for e in opened["log"]] == events(game, n) and out["aside"] == []
    p = out["played"]  # the host plays on to the verdict: every write refused
    assert p["phase"] == "end" and p["journal_error"] in ("full", "io") and p["pending"]
    assert p["save_error"] == "full" and p["record"] is None
    # no temporary file left, and (the classic game's record of its first phases) no
    # record lost
    assert out["on_disk_while_full"] and out["history_while_full"] == out["history_before"]
    assert out["retry_while_full"] is False
    assert out["retry"] is True  # space is back: the journal whole, the record saved
    a = out["after"]
    assert not a["pending"] and a["journal_error"] is None and a["record"]
    assert [e["type"] for e in out["on_disk_after"]] == events(game)
    history = list((tmp_path / "history").glob("*"))
    assert [h.name for h in history] == [a["record"]]  # once, no temporary file
    saved = json.loads(history[0].read_text())
    assert saved["finished"] and saved["outcome"]["winners"]  # the whole game, to its end
    # the next start: the verdict, its record found, not saved again
    ctl, problem = open_game(tmp_path, game=game)
    assert problem is None and ctl.phase == "end" and ctl.state.record_path == history[0]
    assert list((tmp_path / "history").glob("*")) == history and not ctl.pending()
    ctl.journal.close()


@pytest.mark.parametrize("game", GAME_KINDS)
@pytest.mark.parametrize("how", ["play", "stop"])  # killed mid-vote, or the app closed
def test_a_read_only_data_folder_shows_the_game_and_says_it_cannot_be_saved(tmp_path, how,
                                                                            game):
    """It used to start a new game, saying the journal was "set aside (could not be moved:
    Read-only file system)"."""
    data = tmp_path / "data"
    n = mid_vote(game) - 1
    child(how, data, str(n), game=game)
    for p in data.iterdir():
        p.chmod(0o444)
    data.chmod(0o555)
    try:
        out = child("resume", data, no_override=True, game=game)
    finally:
        data.chmod(0o755)
    opened = out["opened"]
    assert opened["phase"] == VOTE_PHASE[game]
    assert [e["type"] for e in opened["log"]] == events(game, n)
    assert opened["problem"]["code"] == "not_saved"
    assert opened["problem"]["reason"] in ("no_access", "read_only")
    assert out["played"]["pending"] and len(out["played"]["log"]) == n + 1  # it goes on
    assert out["unchanged"] and out["retry"] is False  # nothing written, nothing set aside


def unshare() -> list[str] | None:
    if shutil.which("unshare") is None:
        return None
    for prefix in (["unshare", "-m"], ["unshare", "-rm"]):
        if subprocess.run(prefix + ["true"], capture_output=True).returncode == 0:
            return prefix
    return None


@pytest.mark.parametrize("game", GAME_KINDS)
def test_a_full_then_read_only_tmpfs(tmp_path, game):
    prefix = unshare()
    if prefix is None:
        pytest.skip("no mount namespace can be made here (unshare -m or -rm)")
    played = tmp_path / "game"
    played.mkdir()
    n = mid_vote(game)
    child("play", played, str(n), game=game)
    data = tmp_path / "mnt"
    data.mkdir()
    out = child("tmpfs", data, str(played), prefix=prefix, game=game)
    if "skip" in out:
        pytest.skip(out["skip"])
    assert out["free"] == 0
    opened = out["full_opened"]
    assert opened["phase"] == VOTE_PHASE[game] and opened["problem"] is None
    assert out["aside"] == []
    assert out["full_played"]["journal_error"] == "full" and out["full_on_disk"]
    ro = out["ro_opened"]
    assert ro["phase"] == VOTE_PHASE[game]
    assert ro["problem"] == {"code": "not_saved", "reason": "read_only", "name": ""}
    assert len(ro["log"]) == n  # the full disk's event was not journaled: no hole either
    assert out["ro_played"]["journal_error"] == "read_only"
    assert out["ro_retry"] is True and not out["after"]["pending"]
    assert out["on_disk_after"] == n + 1
