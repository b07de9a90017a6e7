"""The history keeps one record per game: a game saved again replaces its record."""

import json

import pytest

from onenight.game.history import History, Unreadable
from onenight.rules.outcome import resolve

GAME = "0123456789abcdef0123456789abcdef"
OTHER = "fedcba9876543210fedcba9876543210"


ROLES = ["villager", "werewolf", "villager"]


def record(game=None, finished="2026-01-02T20:30:00+00:00", dead=(1,)):
    """A record as the app saves it: the verdict follows from the identities and votes."""
    votes = {(1,): [1, 0, 1], (2,): [2, 2, 1]}[tuple(dead)]
    o = resolve(ROLES, votes)
    rec = {"format": "onenight-game/1", "finished": finished, "scenario": "sombre-reveil",
           "players": ["Ana", "Bob", "Cy"], "votes": votes,
           "outcome": {"roles": ROLES, "winning_teams": list(o.winning_teams),
                       "winners": list(o.winners), "dead": list(o.dead)}}
    if game:
        rec["game"] = game
    return rec


def files(h):
    return sorted(p.name for p in h.folder.glob("*"))


def test_the_same_game_saved_again_replaces_its_record(tmp_path):
    h = History(tmp_path / "history")
    first = h.save(record(GAME), "20260102-203000-sombre-reveil")
    again = h.save(record(GAME, finished="2026-01-02T20:37:00+00:00", dead=(2,)),
                   "20260102-203700-sombre-reveil")
    assert again == first and files(h) == [first.name]
    saved = json.loads(first.read_text())
    assert saved["finished"] == "2026-01-02T20:37:00+00:00" and saved["outcome"]["dead"] == [2]
    entries, bad = h.entries()
    assert bad == 0 and len(entries) == 1
    assert h.find(GAME) == first and h.find(OTHER) is None


def test_other_games_get_their_own_records_even_at_the_same_second(tmp_path):
    h = History(tmp_path / "history")
    a = h.save(record(GAME), "20260102-203000-sombre-reveil")
    b = h.save(record(OTHER), "20260102-203000-sombre-reveil")
    c = h.save(record(), "20260102-203000-sombre-reveil")  # a record without an identity
    d = h.save(record(), "20260102-203000-sombre-reveil")
    assert len({a, b, c, d}) == 4 and len(files(h)) == 4
    assert h.find(GAME) == a and h.find(OTHER) == b


def test_an_unreadable_record_does_not_stop_the_search(tmp_path):
    h = History(tmp_path / "history")
    h.folder.mkdir()
    (h.folder / "20990101-000000-broken.json").write_text(f'{{"game": "{GAME}", trunc')
    (h.folder / "20990101-000001-list.json").write_text(f'["{GAME}"]')
    first = h.save(record(GAME), "20260102-203000-sombre-reveil")
    assert h.save(record(GAME), "20260102-203500-sombre-reveil") == first
    assert len(files(h)) == 3


#: what a history folder was found to hold, each of which crashed the history screen
BAD = {
    "deep.json": "[" * 100_000,  # RecursionError
    "winner-out-of-range.json": {"winners": [99]},  # IndexError on the players
    "team-a-number.json": {"winning_teams": [1]},  # TypeError joining the team names
    "winner-a-text.json": {"winners": ["0"]},  # TypeError indexing the players
    "long-number.json": '{"players": [' + "1" * 5000 + "]}",  # ValueError (4300 digits)
    "not-utf8.json": b"\xff\xfe{}",
    "a-list.json": [1, 2, 3],
    "no-outcome.json": {"outcome": None},
    "other-format.json": {"format": "onenight-game/9"},
    "dead-not-the-verdict.json": {"dead": [0]},
    "roles-unknown.json": {"roles": ["villager", "wolf", "villager"]},
    "self-vote.json": {"votes": [0, 0, 1]},
    "names-not-text.json": {"players": ["Ana", 2, "Cy"]},
}


def write_bad(folder):
    good = record()
    for name, what in BAD.items():
        if isinstance(what, dict):
            rec = json.loads(json.dumps(good))
            for k, v in what.items():
                if k in ("winners", "winning_teams", "dead", "roles"):
                    rec["outcome"][k] = v
                else:
                    rec[k] = v
            what = json.dumps(rec)
        elif isinstance(what, list):
            what = json.dumps(what)
        (folder / name).write_bytes(what if isinstance(what, bytes) else what.encode())


def test_bad_records_are_listed_as_unreadable_never_fatal(tmp_path):
    h = History(tmp_path / "history")
    good = h.save(record(GAME), "20260102-203000-sombre-reveil")
    write_bad(h.folder)
    entries, bad = h.entries()
    assert [e.path for e in entries] == [good] and bad == len(BAD)
    out, unreadable = h.scan()
    assert {u.path.name for u in unreadable} == set(BAD)
    assert all(isinstance(u, Unreadable) and u.reason.strip() and "\n" not in u.reason
               for u in unreadable)
    e = entries[0]  # what the history screen shows of a good one
    assert e.players[e.winners[0]] == "Ana" and e.winning_teams == ("village",)
    assert e.outcome is not None and e.outcome.dead == (1,)
    assert h.find(GAME) == good and h.find(OTHER) is None


def test_a_failed_save_leaves_no_temporary_file(tmp_path, monkeypatch):
    import os

    h = History(tmp_path / "history")
    real = os.fsync

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError):
        h.save(record(GAME), "20260102-203000-sombre-reveil")
    monkeypatch.setattr(os, "fsync", real)
    assert files(h) == []  # no record, and no 0-byte .tmp left behind
    (h.folder / "x.json.tmp").write_text("")  # one left by a kill mid-write
    h.clean()
    assert files(h) == []


def test_the_history_folder_creation_is_made_durable(tmp_path, monkeypatch):
    """Creating history/ is a change of its parent folder: the parent is synced, as a new
    file's folder is."""
    from onenight.game import durable

    synced = []
    monkeypatch.setattr(durable, "sync_dir", lambda folder: synced.append(folder))
    h = History(tmp_path / "data" / "history")
    h.save(record(GAME), "20260102-203000-sombre-reveil")
    assert tmp_path / "data" in synced and tmp_path in synced  # both folders were new
    assert h.folder in synced  # and the record's creation in history/


def test_prune_keeps_the_newest_games_and_the_unreadable_files(tmp_path):
    h = History(tmp_path / "history")
    for day in range(1, 6):
        h.save(record(finished=f"2026-01-0{day}T20:00:00+00:00"), f"2026010{day}-200000-x")
    (h.folder / "broken.json").write_text("{")
    assert h.prune(0) == [] and len(h.entries()[0]) == 5  # 0: the host keeps them all
    gone = h.prune(2)
    assert sorted(p.name for p in gone) == ["20260101-200000-x.json", "20260102-200000-x.json",
                                           "20260103-200000-x.json"]
    entries, bad = h.entries()
    assert [e.finished[:10] for e in entries] == ["2026-01-05", "2026-01-04"] and bad == 1


def test_pending_records_wait_for_the_storage_and_the_hosts_cap_applies_as_they_are_saved(
        tmp_path, monkeypatch):
    import errno

    from onenight.game.history import PendingRecords

    h = History(tmp_path / "history")
    pending = PendingRecords(h)
    pending.keep = 2
    for day in range(1, 4):
        pending.add(record(f"{day:032x}", f"2026-01-0{day}T20:00:00+00:00"),
                    f"2026010{day}-200000-x")
    real = History.save

    def full(self, rec, stem):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(History, "save", full)
    assert pending.save() == [] and pending.error == "full" and len(pending.items) == 3
    monkeypatch.setattr(History, "save", real)
    done = pending.save()
    assert len(done) == 3 and pending.items == [] and pending.error is None
    assert [e.finished[:10] for e in h.entries()[0]] == ["2026-01-03", "2026-01-02"]
    # a record the history has as it is: found, not redone
    pending.add(record(f"{2:032x}", "2026-01-02T20:00:00+00:00"), "x")
    assert [p for _, p in pending.found()] == [h.find(f"{2:032x}")] and pending.items == []
    # the same game further on (a classic game's next phase): still to be saved, over it
    pending.add(record(f"{2:032x}", "2026-01-02T21:00:00+00:00"), "x")
    assert pending.found() == [] and len(pending.items) == 1
    (_, path), = pending.save()
    assert path == h.find(f"{2:032x}") and len(h.entries()[0]) == 2


def test_a_later_record_of_a_game_replaces_the_one_waiting(tmp_path):
    from onenight.game.history import PendingRecords

    pending = PendingRecords(History(tmp_path / "history"))
    pending.add(record(f"{1:032x}", "2026-01-01T20:00:00+00:00"), "a")
    pending.add(record(f"{2:032x}", "2026-01-01T20:00:00+00:00"), "b")
    pending.add(record(f"{1:032x}", "2026-01-01T21:00:00+00:00"), "a")
    assert [(r["game"], r["finished"][11:13]) for r, _ in pending.items] == \
        [(f"{2:032x}", "20"), (f"{1:032x}", "21")] and pending.new
