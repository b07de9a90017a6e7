"""The evening's running score: games chained by their dates, wins counted per name."""

from pathlib import Path

from onenight.game.evening import evening, score
from onenight.game.history import Entry


def game(finished, players, winners):
    return Entry(Path(finished), finished, "sombre-reveil", tuple(players), ("village",),
                 tuple(winners), ())


def test_the_evening_is_the_games_played_one_after_the_other():
    a = game("2025-11-20T21:00:00+00:00", ["Ana", "Ben", "Cyd"], [0, 1])
    b = game("2025-11-25T20:10:00+00:00", ["Ana", "Ben", "Cyd"], [0])
    c = game("2025-11-25T21:30:00+00:00", ["ana", "Ben", "Cyd", "Dan"], [2, 3])
    d = game("2025-11-26T00:40:00+00:00", ["Ana", "Ben", "Cyd", "Dan"], [0, 3])
    bad = game("not a date", ["X", "Y", "Z"], [0])
    entries = [a, b, bad, c, d]
    assert evening(entries) == [d, c, b]  # five days earlier is another evening
    assert evening(entries, upto=b) == [b]
    assert evening(entries, upto=a) == [a]
    assert evening([]) == []
    rows = score(evening(entries))
    assert [(s.name, s.wins, s.games) for s in rows] == [
        ("Ana", 2, 3), ("Dan", 2, 2), ("Cyd", 1, 3), ("Ben", 0, 3)]
