"""The history keeps one record per game: a game saved again replaces its record."""

import json

from onenight.game.history import History

GAME = "0123456789abcdef0123456789abcdef"
OTHER = "fedcba9876543210fedcba9876543210"


def record(game=None, finished="2026-01-02T20:30:00+00:00", dead=(1,)):
    rec = {"format": "onenight-game/1", "finished": finished, "scenario": "sombre-reveil",
           "players": ["Ana", "Bob", "Cy"],
           "outcome": {"winning_teams": ["village"], "winners": [0, 2], "dead": list(dead)}}
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
