"""A game on a hostile storage, in its own process: the other half of test_storage.py.

``python -m tests.reliability.storage_child [--game=thiercelieux] MODE DATA [ARG]`` prints one
JSON line. Each mode runs the real journal and history (no Kivy) on the data folder DATA, with
a game of the one-night game (:data:`GAME`) or of the classic game (:func:`classic_game`):

* ``play N``: a new game, its first N events, then the process ends at once (``os._exit``:
  nothing closed, as a kill leaves it); ``stop N``: the same, the journal closed first (as
  when the app is closed);
* ``full``: with the size of files limited (RLIMIT_FSIZE, set before this process started,
  below the size of every file it has or writes), the game is resumed, played to its
  verdict, and the storage refuses each write; then the limit is lifted and the app's retry
  writes everything;
* ``resume``: the game resumed and one more event played, on whatever storage DATA is
  (a read-only folder, for instance): what was found, what the writes did;
* ``tmpfs``: DATA is a fresh tmpfs of this process's own mount namespace (64 KB more than
  the journal it is given), and ARG a folder holding a game's journal (as a kill left it):
  the journal is copied in, the tmpfs filled up, then remounted read-only, then given space
  again; what the app finds each time.
"""

from __future__ import annotations

import functools
import json
import os
import random
import resource
import shutil
import subprocess
import sys
from pathlib import Path

from onenight.game.clock import FakeClock
from onenight.game.journal import GAMES, open_game, read_on_disk, set_aside_journals

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve"]
GAME = ([{"type": "players", "names": NAMES}, {"type": "scenario", "id": "sombre-reveil"},
         {"type": "start_night"}, {"type": "night_done"}, {"type": "day_add", "seconds": 60},
         {"type": "start_vote", "mode": "fingers"}]
        + [{"type": "vote", "seat": s, "target": t} for s, t in enumerate([1, 0, 1, 0, 1])]
        + [{"type": "to_reveal"}]
        + [{"type": "final_card", "seat": s, "card": c}
           for s, c in enumerate(["witch", "werewolf", "villager", "sentinel", "revealer"])]
        + [{"type": "confirm"}])


@functools.lru_cache(maxsize=1)
def classic_game() -> list[dict]:
    """The events of a whole classic game (eight players, the first game's deck: nights,
    dawns, elections, debates, votes), as its controller logged them."""
    import tempfile

    from tests.game.classic_helpers import Bot, controller, deal, set_up

    with tempfile.TemporaryDirectory() as folder:
        c = controller(Path(folder), seed=3)
        set_up(c, 8, preset="first_game", captain="first_morning")
        deal(c)
        Bot(c, random.Random(4)).play()
    return list(c.log)


#: which game the child plays: "onenight" or "thiercelieux" (``--game=``)
KIND = "onenight"


def events() -> list[dict]:
    return GAME if KIND == "onenight" else classic_game()


def journal_path(data: Path) -> Path:
    return data / GAMES[KIND][1]


def start(data: Path):
    return open_game(data, clock=FakeClock(), rng=random.Random(3), game=KIND)


def on_disk(data: Path) -> list:
    try:
        return [e.body for e in read_on_disk(journal_path(data)) if e.kind == "event"]
    except Exception as e:  # what is on disk, whatever it is
        return [f"unreadable: {e}"]


def state(ctl, problem) -> dict:
    return {"phase": ctl.phase, "problem": problem, "log": list(ctl.log),
            "journal_error": ctl.journal_error, "save_error": ctl.save_error,
            "pending": ctl.pending(), "held": ctl.writer.held,
            "record": ctl.state.record_path and ctl.state.record_path.name}


def files(data: Path) -> dict:
    return {p.name: p.stat().st_size for p in sorted(data.rglob("*")) if p.is_file()}


def play(data: Path, n: int, stop: bool = False) -> dict:
    ctl, problem = start(data)
    for e in events()[:n]:
        ctl.apply(e)
    if stop:  # the app was closed: the journal whole in its file, no log left
        ctl.journal.close()
    print(json.dumps(state(ctl, problem)), flush=True)
    os._exit(0)


def full(data: Path) -> dict:
    out = {}
    before = on_disk(data)
    out["history_before"] = sorted(p.name for p in (data / "history").glob("*"))
    ctl, problem = start(data)
    out["opened"] = state(ctl, problem)
    out["aside"] = [a.path.name for a in set_aside_journals(journal_path(data))]
    for e in events()[len(ctl.log):]:
        ctl.apply(e)
    out["played"] = state(ctl, problem)
    out["on_disk_while_full"] = len(on_disk(data)) == len(before)
    out["history_while_full"] = sorted(p.name for p in (data / "history").glob("*"))
    out["retry_while_full"] = ctl.retry()
    resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    out["retry"] = ctl.retry()
    out["after"] = state(ctl, problem)
    out["on_disk_after"] = on_disk(data)
    return out


def resume(data: Path) -> dict:
    before = {p.name: p.read_bytes() for p in data.iterdir() if p.is_file()}
    ctl, problem = start(data)
    out = {"opened": state(ctl, problem)}
    ctl.apply(events()[len(ctl.log)])
    out["played"] = state(ctl, problem)
    out["unchanged"] = before == {p.name: p.read_bytes() for p in data.iterdir() if p.is_file()}
    out["retry"] = ctl.retry()
    return out


def tmpfs(data: Path, game: Path) -> dict:
    def sh(*cmd):
        return subprocess.run(cmd, capture_output=True, text=True).returncode

    journal = [p for p in game.iterdir() if p.is_file()]  # (the history is not needed here)
    size = sum(p.stat().st_size for p in journal) // 1024 + 64
    if sh("mount", "-t", "tmpfs", "-o", f"size={size}k,mode=0700", "tmpfs", str(data)):
        return {"skip": "a tmpfs cannot be mounted here"}
    out = {}
    for p in journal:
        shutil.copyfile(p, data / p.name)
    before = on_disk(data)
    fd = os.open(data / "filler", os.O_WRONLY | os.O_CREAT)  # the rest of the tmpfs
    try:
        while os.write(fd, b"\0" * 1024):
            pass
    except OSError:
        pass
    finally:
        os.close(fd)
    out["free"] = os.statvfs(data).f_bavail
    ctl, problem = start(data)
    out["full_opened"] = state(ctl, problem)
    out["aside"] = [a.path.name for a in set_aside_journals(journal_path(data))]
    ctl.apply(events()[len(ctl.log)])
    out["full_played"] = state(ctl, problem)
    out["full_on_disk"] = len(on_disk(data)) == len(before)
    ctl.journal.close()
    if sh("mount", "-o", "remount,ro", str(data)):
        return {"skip": "the tmpfs cannot be made read-only here"}
    ro, problem = start(data)
    out["ro_opened"] = state(ro, problem)
    ro.apply(events()[len(ro.log)])
    out["ro_played"] = state(ro, problem)
    out["ro_files"] = files(data)
    sh("mount", "-o", "remount,rw", str(data))
    (data / "filler").unlink()
    out["ro_retry"] = ro.retry()
    out["after"] = state(ro, problem)
    out["on_disk_after"] = len(on_disk(data))
    ro.journal.close()
    sh("umount", str(data))
    return out


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[0].startswith("--game="):
        KIND = args.pop(0).split("=", 1)[1]
    mode, data = args[0], Path(args[1])
    arg = args[2] if len(args) > 2 else ""
    if mode in ("play", "stop"):
        play(data, int(arg), stop=mode == "stop")
    result = {"full": lambda: full(data), "resume": lambda: resume(data),
              "tmpfs": lambda: tmpfs(data, Path(arg))}[mode]()
    print(json.dumps(result, default=str), flush=True)
