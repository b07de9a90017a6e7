"""A classic game killed at any moment comes back the same from its journal: the deal, every
kind of call of the night, the dawn and its chain, the election, the debate and its
countdown, the vote, the tie."""

import random

from onenight.game.clock import FakeClock
from onenight.game.journal import CLASSIC_FILENAME, FILENAME, open_game

from .classic_helpers import WHEN, Bot, deal, random_night_choice, set_up
from .test_journal import _running, restarted, stop

SEATS = "thief cupid wolf_hound seer werewolf accursed_wolf_father witch hunter villager villager"
LEFT = "werewolf villager"


class Wall:
    def __init__(self, t=1_900_000_000.0):
        self.t = t

    def __call__(self):
        return self.t


def start(tmp_path, wall, clock=None):
    """The app starts on ``tmp_path`` with the classic game."""
    c, problem = open_game(tmp_path, game="thiercelieux", clock=clock or FakeClock(),
                           rng=random.Random(8), wallclock=lambda: WHEN, wall=wall)
    assert problem is None
    _running[str(tmp_path)] = c  # closed at the test's end
    return c


def reopen(tmp_path, wall, clock=None):
    """The game an app killed now would find again (the one running goes on)."""
    return restarted(tmp_path, "thiercelieux", wall=wall, clock=clock or FakeClock(),
                     rng=random.Random(8), wallclock=lambda: WHEN)


VIEWS = {"deal": "deal_view", "night": "night_view", "dawn": "dawn_view", "chain": "chain_view",
         "election": "ballots_view", "debate": "debate_view", "vote": "ballots_view",
         "tie": "tie_view", "end": "end_view", "setup": "setup_view"}


def assert_same(a, b):
    assert b.phase == a.phase
    sa, sb = a.state, b.state
    for name in ("players", "deck", "options", "deal_mode", "seats", "left_over", "seen",
                 "entered", "calls", "window", "hold", "ballots", "counted", "game_id"):
        assert getattr(sb, name) == getattr(sa, name), name
    assert b.game == a.game
    assert getattr(b, VIEWS[b.phase])() == getattr(a, VIEWS[a.phase])()


def test_a_game_killed_after_any_event_resumes_where_it_was(tmp_path):
    wall = Wall()
    c = start(tmp_path, wall)
    set_up(c, 10, SEATS.split() + LEFT.split(), captain="first_morning")
    c.apply({"type": "deal", "mode": "tablet", "seats": SEATS.split(), "left_over": LEFT.split()})
    for seat in range(5):
        c.apply({"type": "seen", "seat": seat})
    assert_same(c, reopen(tmp_path, wall))  # the deal, half seen
    for seat in range(5, 10):
        c.apply({"type": "seen", "seat": seat})
    c.apply({"type": "deal_done"})
    def first_night(choice):  # this choice on the first night, then at random
        return lambda c: choice if c.game.phase.number == 1 else random_night_choice(c)
    bot = Bot(c, random.Random(4), night={
        "thief": {"take": 0}, "cupid": {"targets": [7, 3]}, "wolf_hound": {"side": "village"},
        "seer": first_night({"target": 4}), "werewolves": first_night({"target": 7}),
        "accursed_wolf_father": first_night({"yes": None}),
        "witch": first_night({"heal": False, "poison": None})},
        # the hunter (7) dies the first night, his lover the seer (3) of grief, his shot
        # takes 5; the witch (6) is elected, and her double vote makes a tie (4 and 8)
        votes={("captain", "day 1", "captain_votes"): {s: 6 for s in (0, 1, 2, 4, 6, 8, 9)},
               1: {0: 8, 1: 4, 2: 4, 4: 8, 6: 9, 8: 4, 9: 8}},
        picks={"hunter": 5, "captain_pick": 4})
    kinds = set()
    while c.phase != "end":
        bot.step()
        w = c.state.window
        kinds.add((c.phase, w.kind.value if w else c.game.stop.step if c.game.stop else None,
                   c.state.hold))
        assert_same(c, reopen(tmp_path, wall))
    assert {k for k, _, _ in kinds} >= {"night", "dawn", "chain", "election", "debate", "vote",
                                        "tie", "end"}
    assert {v for k, v, _ in kinds if k == "night"} >= {"none", "seat", "seats", "side",
                                                         "card", "yes", "potions"}
    assert ("chain", "hunter", None) in kinds and ("dawn", "hunter", "dawn") in kinds


def test_a_choice_made_in_a_call_stands_when_the_call_starts_again(tmp_path):
    wall = Wall()
    c = start(tmp_path, wall)
    set_up(c, 10, SEATS.split() + LEFT.split(), captain="never")
    c.apply({"type": "deal", "seats": SEATS.split(), "left_over": LEFT.split()})
    for seat in range(10):
        c.apply({"type": "seen", "seat": seat})
    c.apply({"type": "deal_done"})
    while c.state.window.step != "seer":
        Bot(c, night={"cupid": {"targets": [7, 3]}, "wolf_hound": {"side": "village"}}).step()
    c.apply({"type": "choose", "target": 4})
    again = reopen(tmp_path, wall)
    v = again.night_view()
    assert v.step == "seer" and v.chosen and v.learned[0].cards == ("werewolf",)


def test_the_debate_counts_the_time_the_app_was_down(tmp_path):
    wall, clock = Wall(), FakeClock(100.0)
    c = start(tmp_path, wall, clock)
    set_up(c, 8, "angel werewolf seer villager villager villager werewolf villager".split(),
           debate_minutes=4)
    c.apply({"type": "deal", "seats": "angel werewolf seer villager villager villager "
             "werewolf villager".split(), "left_over": []})
    for seat in range(8):
        c.apply({"type": "seen", "seat": seat})
    c.apply({"type": "deal_done"})
    assert c.phase == "debate" and c.debate_view().seconds_left == 240
    clock.advance(40)
    wall.t += 40
    c.apply({"type": "day_add", "seconds": 60})  # 260 left
    wall.t += 100  # the app is down 100 s
    stop(tmp_path)
    again = start(tmp_path, wall)
    v = again.debate_view()
    assert again.phase == "debate" and round(v.seconds_left) == 160 and v.running
    # the minute added is kept too: the time run since the start (a tavern's two minutes)
    assert round(again.state.day.elapsed(again.now())) == 140
    again.apply({"type": "day_pause"})
    wall.t += 500
    stop(tmp_path)
    assert round(start(tmp_path, wall).debate_view().seconds_left) == 160


def test_each_game_has_its_own_journal_and_a_finished_game_keeps_only_the_table(tmp_path):
    wall = Wall()
    c = start(tmp_path, wall)
    set_up(c, 8, preset="first_game", captain="never")
    c.apply({"type": "deal"})
    assert (tmp_path / CLASSIC_FILENAME).exists() and not (tmp_path / FILENAME).exists()
    one, _ = open_game(tmp_path, clock=FakeClock(), wall=wall)
    assert one.phase == "setup" and one.state.players == []
    one.journal.close()
    c.apply({"type": "abandon"})
    again = reopen(tmp_path, wall)
    assert again.phase == "setup" and again.state.players == c.state.players
    assert again.setup_view() == c.setup_view() and again.game is None


# ---- the classic game on a storage that refuses, and damaged journals ---------------------
# The same mechanisms as the one-night game's (journal.open_journal, JournalWriter,
# history.PendingRecords, set-aside journals): tests/game/test_journal*.py test them at
# length; these check the classic game goes through each.

def to_the_vote(c):
    set_up(c, 8, preset="first_game", captain="first_morning")
    deal(c)
    Bot(c, random.Random(4)).play(until=lambda c: c.phase == "vote")


def test_a_journal_write_refused_lets_a_classic_game_go_on_then_it_is_written_whole(tmp_path):
    import sqlite3

    wall = Wall()
    c = start(tmp_path, wall)
    to_the_vote(c)
    real = c.journal._db
    c.journal._db = sqlite3.connect(":memory:")  # a database without the table: writes fail
    c.apply({"type": "vote", "seat": 0, "target": 1})
    assert c.journal_error and c.pending() and c.storage_problems()[0]
    assert len([e for e in reopen(tmp_path, wall).log]) == len(c.log) - 1  # behind, no hole
    c.journal._db.close()
    c.journal._db = real
    assert c.retry() and c.journal_error is None and not c.pending()
    assert reopen(tmp_path, wall).log == c.log


def test_a_classic_record_the_history_refuses_waits_across_games_and_restarts(tmp_path,
                                                                                monkeypatch):
    import errno
    import json

    from onenight.game.history import History

    wall = Wall()
    c = start(tmp_path, wall)
    to_the_vote(c)
    real_save = History.save

    def full(self, record, stem):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(History, "save", full)
    Bot(c, random.Random(4)).play()
    assert c.phase == "end" and c.state.record_path is None
    assert c.save_error == "full" and c.pending() and c.storage_problems()[1] == "full"
    game, ended = c.state.game_id, c.record()
    c.apply({"type": "new_game"})  # the host plays on: the record waits in the journal
    stop(tmp_path)
    c2 = start(tmp_path, wall)  # killed and started again, still full
    assert c2.phase == "setup" and c2.pending() and c2.save_error == "full"
    monkeypatch.setattr(History, "save", real_save)  # space comes back
    assert c2.retry() and not c2.pending()
    (saved,) = (tmp_path / "history").glob("*.json")
    assert json.loads(saved.read_text()) == ended and ended["game"] == game
    stop(tmp_path)
    assert not start(tmp_path, wall).pending()  # found, not saved twice
    assert list((tmp_path / "history").glob("*.json")) == [saved]


def test_a_damaged_classic_journal_is_set_aside_and_offered_back(tmp_path):
    from onenight.game.journal import restore_set_aside, set_aside_journals

    wall = Wall()
    c = start(tmp_path, wall)
    to_the_vote(c)
    log = list(c.log)
    stop(tmp_path)
    good = {p.name: p.read_bytes() for p in tmp_path.glob(CLASSIC_FILENAME + "*")}
    for p in tmp_path.glob(CLASSIC_FILENAME + "*"):
        p.unlink()
    (tmp_path / CLASSIC_FILENAME).write_bytes(b"this is not a database" * 100)
    c2, problem = open_game(tmp_path, game="thiercelieux", clock=FakeClock(),
                            rng=random.Random(8), wallclock=lambda: WHEN, wall=wall)
    _running[str(tmp_path)] = c2
    assert problem["code"] == "set_aside" and problem["reason"] == "not_a_journal"
    assert problem["name"].startswith("classic-journal-unreadable-") and c2.phase == "setup"
    offered = set_aside_journals(tmp_path / CLASSIC_FILENAME)
    assert [a.path.name for a in offered] == [problem["name"]]
    assert set_aside_journals(tmp_path / FILENAME) == []  # the one-night game's are its own
    # an older app set a healthy one aside: "try again" brings its game back whole
    aside = offered[0].path
    for name, data in good.items():
        (tmp_path / name.replace(CLASSIC_FILENAME, aside.name)).write_bytes(data)
    stop(tmp_path)
    restore_set_aside(aside, tmp_path / CLASSIC_FILENAME)
    again = start(tmp_path, wall)
    assert again.phase == "vote" and again.log == log


def test_both_games_set_aside_journals_are_listed_together_each_saying_whose(tmp_path):
    import os

    from onenight.game.journal import set_aside_games

    classic = tmp_path / "classic-journal-unreadable-20260102-203000.db"
    one_night = tmp_path / "journal-unreadable-20260101-100000.db"
    older = tmp_path / "journal-unreadable-20251231-230000.db"
    for when, p in ((300, classic), (200, one_night), (100, older)):
        p.write_bytes(b"not a journal")
        os.utime(p, (when, when))
    (tmp_path / "classic-journal-unreadable-x.db-wal").write_bytes(b"")  # a side file only
    found = set_aside_games(tmp_path)
    assert [(a.path, a.game, a.when) for a in found] == [
        (classic, "thiercelieux", 300), (one_night, "onenight", 200), (older, "onenight", 100)]
    assert set_aside_games(tmp_path / "nowhere") == []


def _dealt(tmp_path, wall, cards: str):
    """A game of these eight cards (no captain), dealt by the tablet: its first night."""
    c = start(tmp_path, wall)
    seats = cards.split()
    set_up(c, 8, seats, captain="never")
    c.apply({"type": "deal", "mode": "tablet", "seats": seats, "left_over": []})
    for seat in range(8):
        c.apply({"type": "seen", "seat": seat})
    c.apply({"type": "deal_done"})
    return c


def test_dr_jekylls_die_rolled_by_the_table_comes_back_the_same_from_the_journal(tmp_path):
    """The die has no call: the table rolls it with its generator as the night reaches it,
    and writes it into that event, so that a game killed after any event finds the same
    rolls (and the same murders) again."""
    wall = Wall()
    c = _dealt(tmp_path, wall, "jekyll_hyde werewolf witch cassandra villager villager "
                               "villager werewolf")
    bot = Bot(c, random.Random(5), night={s: random_night_choice for s in
                                          ("werewolves", "cassandra", "jekyll_hyde", "witch")})
    while c.phase != "end":
        bot.step()
        assert_same(c, reopen(tmp_path, wall))
    rolls = [v["roll"] for _, key, v in c.game.record if key == "jekyll_die"]
    assert rolls and all(1 <= r <= 6 for r in rolls)


def test_the_spys_waking_comes_back_from_the_journal_and_a_second_one_tonight_is_refused(tmp_path):
    """Seed 000's Espion shows himself at the seer's call (the night screen's ``spy`` event):
    a game reopened from its journal has the same waking, and the same night refuses another
    with its reason's code."""
    import pytest

    from onenight.game.refused import Refused

    wall = Wall()
    c = _dealt(tmp_path, wall, "spy werewolf witch seer villager villager villager werewolf")
    bot = Bot(c, random.Random(5), night={s: random_night_choice for s in ("werewolves", "witch")})
    while c.state.window is None or c.state.window.step != "seer":
        bot.step()
    c.apply({"type": "spy"})
    assert c.game.memo.get("spy.uses") == ((1, "seer"),)
    assert_same(c, reopen(tmp_path, wall))
    while c.state.window is None or c.state.window.step != "witch":
        bot.step()
    with pytest.raises(Refused) as refused:
        c.apply({"type": "spy"})
    assert refused.value.code == "spy.tonight"


# ---- a journal between games waits until its game is asked for (docs/performance.md) -------

def test_a_journal_holding_only_the_table_is_between_games_and_any_game_event_is_not(tmp_path):
    """The app rebuilds a classic journal after its first frame only if it holds more than
    the table's setup: the events a finished game leaves (its ``baseline``, every kind of
    them: players, a deck, options, houses) say "between games", a deal does not."""
    from onenight.game.journal import SETUP_EVENTS, between_games, open_journal

    from .test_classic_village_flow import HOUSES
    from .test_classic_village_flow import SEATS as VILLAGE

    wall = Wall()
    c = start(tmp_path, wall)
    set_up(c, 8, VILLAGE.split(), captain="never", buildings=True)
    c.apply({"type": "houses", "buildings": list(HOUSES)})
    kinds = {e["type"] for e in c.baseline()}
    c.apply({"type": "deal"})
    c.apply({"type": "abandon"})  # the journal keeps the table only
    c.journal.close()
    opened = open_journal(tmp_path / CLASSIC_FILENAME)
    assert opened.entries and between_games(opened, "thiercelieux")
    assert not between_games(opened, "onenight")  # whose table it is matters
    opened.journal.close()

    c = start(tmp_path, wall)  # the app, started again on that table
    assert c.phase == "setup" and len(c.state.players) == 8
    c.apply({"type": "preset", "id": "first_game"})  # the other kind of deck
    kinds |= {e["type"] for e in c.baseline()}
    assert kinds == SETUP_EVENTS["thiercelieux"]  # every event a table is kept as
    c.apply({"type": "deal"})
    c.journal.close()
    opened = open_journal(tmp_path / CLASSIC_FILENAME)
    assert not between_games(opened, "thiercelieux")  # a game under way
    opened.journal.close()
