"""Votes are never in the logs before the reveal: a box vote, bridge in its own process on
loopback TCP, the app's client and journaled controller here, every log captured at INFO.

The same vote is run twice with the same voters and different targets: if any log line
before the reveal depended on whom someone voted for, the two runs' logs would differ. The
journal, which does hold the votes, is the app's private file, never shown nor exported.
"""

from __future__ import annotations

import logging
import re

from onenight.box import BoxClient
from onenight.game.history import History
from onenight.game.journal import FILENAME, open_game, read_on_disk
from tests.box.conftest import BridgeProcess, paired_state

T = 10.0
NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve"]


def normalise(line: str) -> str:
    """Strip what changes from run to run whoever is voted for: times, ports, random round
    numbers and nonces, the temporary folders."""
    line = re.sub(r"^\d{4}-\d\d-\d\d \S+ ", "", line)  # the bridge's asctime
    line = re.sub(r"/\S*pytest\S*", "<dir>", line)
    line = re.sub(r"\d+\.\d+", "<t>", line)
    line = re.sub(r"\b\d{3,}\b", "<n>", line)
    line = re.sub(r"tablet-\w+|[0-9a-f]{8,}", "<id>", line)
    return line


#: Lines that come from the link's timing on a busy machine (a frame sent again after a late
#: acknowledgement), in one run and not in the other whoever is voted for: they name a
#: message's kind and number, never a vote.
TIMING = re.compile(r"already received \(a resend or a replay\)|\bresen[dt]\b")


def box_vote(tmp_path, targets: list[int], caplog) -> tuple[set, set, dict, object]:
    """Four of five seats vote on the box for ``targets``; returns the log lines (app side,
    bridge side) from before the reveal, the votes revealed after closing, and the game."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    state, keys = paired_state(tmp_path)
    bridge = BridgeProcess(state, tcp=True).start()
    ctl, _ = open_game(tmp_path / "app")
    events = []
    client = BoxClient(f"socket://127.0.0.1:{bridge.port}", keys, on_event=events.append)
    try:
        caplog.clear()
        client.start()
        assert client.wait_for(lambda c: c.status == "connected", T)
        for e in ({"type": "players", "names": NAMES}, {"type": "scenario", "id": "sombre-reveil"},
                  {"type": "start_night"}, {"type": "night_done"},
                  {"type": "start_vote", "mode": "box"}):
            ctl.apply(e)
        client.open_vote(range(5), 5)
        bridge.expect("phase vote")
        for seat, target in enumerate(targets):
            bridge.say(f"vote {seat + 1} {target + 1}")
            bridge.expect(f"seat {seat + 1} voted")
        assert client.wait_for(lambda c: len(c.voted_seats) == 4, T)
        for ev in list(events):
            if ev.kind == "vote_in":
                ctl.apply({"type": "vote_in", "seat": ev.seat})
        assert ctl.vote_view().is_in == (True, True, True, True, False)
        assert not ctl.vote_view().revealed
        app_lines = {normalise(r.getMessage()) for r in caplog.records
                     if not TIMING.search(r.getMessage())}
        bridge_lines = {normalise(x) for x in bridge.log().splitlines()
                        if x.strip() and not TIMING.search(x)}
        client.close_vote()  # the reveal
        assert client.wait_for(lambda c: c.votes is not None, T)
        ctl.apply({"type": "votes", "votes": [client.votes.get(s) for s in range(5)]})
        return app_lines, bridge_lines, client.votes, ctl
    finally:
        client.stop()
        bridge.stop()


def test_no_log_line_before_the_reveal_depends_on_the_votes(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    a = box_vote(tmp_path / "a", [1, 2, 3, 4], caplog)
    b = box_vote(tmp_path / "b", [4, 0, 1, 2], caplog)
    assert a[2] == {0: 1, 1: 2, 2: 3, 3: 4} and b[2] == {0: 4, 1: 0, 2: 1, 3: 2}
    # the logs were captured: they speak of the voters...
    assert "seat 3 has voted (3 of 5 in)" in " ".join(a[1])
    assert any("box link: connected" in x for x in a[0]), (a[0], a[1])
    # ...and are the same whoever they voted for
    assert a[0] == b[0], a[0] ^ b[0]
    assert a[1] == b[1], a[1] ^ b[1]


def test_the_journal_holds_the_votes_but_is_never_shown(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    _, _, votes, ctl = box_vote(tmp_path, [1, 2, 3, 4], caplog)
    data = tmp_path / "app"
    journal = data / FILENAME
    kinds = [e.body.get("type") for e in read_on_disk(journal) if e.kind == "event"]
    assert kinds[-1] == "votes"  # the journal has them, to resume a game
    for p in data.glob(FILENAME + "*"):  # readable by the app's user only, its log too
        assert p.stat().st_mode & 0o077 == 0, p.name
    history = History(data / "history")
    assert data / "history" not in journal.parents  # not among the saved games...
    entries, bad = history.entries()
    assert entries == [] and bad == 0  # ...which are what the history screen lists
    v = ctl.vote_view()
    assert not v.revealed and v.missing == (4,)  # the silent pad's vote is asked first
    ctl.apply({"type": "vote", "seat": 4, "target": 0})
    assert ctl.vote_view().revealed and ctl.vote_view().votes[:4] == (1, 2, 3, 4)
    assert all("votes" not in r.getMessage() or "in" in r.getMessage()
               for r in caplog.records if r.name.startswith("onenight.game"))
