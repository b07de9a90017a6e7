"""The vote box in the classic game, end to end without a window: the classic controller, its
pads (``ClassicPads``), the real client, and the box's own program on gpiozero's mock pins in
another process, over loopback TCP or a real pseudo-terminal, its pads pressed from its
console as players would.

The client's events are handed to the pads on the test's thread, as the app hands them to its
UI thread; waits are on the client's condition, never a sleep."""

from __future__ import annotations

import logging
import queue
from pathlib import Path

import pytest

import onenight_box
from onenight.box import BoxClient, KeyStore
from onenight.game.classic_pads import ClassicPads
from onenight.game.flow import Refused
from tests.box.conftest import T, BridgeProcess, paired_state
from tests.game.classic_helpers import start

# seats 1..8 at the table (the console counts from 1; the game from 0)
EIGHT = "seer werewolf witch villager hunter cupid werewolf villager"
SEER, WOLVES, WITCH, VILLAGER, HUNTER = 0, (1, 6), 2, 3, 4


class Table:
    """The classic game at a table with the box: what the app does, without a window."""

    def __init__(self, ctl, client, bridge):
        self.ctl = ctl
        self.client = client
        self.bridge = bridge
        self.refused: list[str] = []
        self.pads = ClassicPads(lambda: ctl, client, send=self.send)
        self.sync()

    def sync(self) -> None:
        """The box follows the game; once it shows the new round, a pad may press for it."""
        before = self.pads.moment
        self.pads.sync()
        if self.pads.moment == before:
            return
        if self.pads.round is not None:
            self.bridge.wait_round(self.pads.round)
        elif self.pads.kind in ("debate", "end"):
            self.bridge.expect("phase " + {"debate": "debate", "end": "idle"}[self.pads.kind])

    def send(self, event: dict) -> None:
        try:
            self.ctl.apply(event)
        except Refused as r:
            self.refused.append(r.code)

    def apply(self, event: dict) -> None:
        self.ctl.apply(event)
        self.sync()

    def drain(self) -> None:
        """The client's events so far, handed over as the app's thread would."""
        while True:
            try:
                ev = self.client.events.get_nowait()
            except queue.Empty:
                return
            self.pads.handle(ev)
            self.sync()

    def wait(self, predicate) -> None:
        assert self.client.wait_for(predicate, T), "the box never got there"
        self.drain()

    def until(self, cond) -> None:
        """The client's events handed over, one batch after another, until ``cond()`` holds
        on the app's side (a pad's choice changed again: no count of the client's moves)."""
        for _ in range(50):
            self.drain()
            if cond():
                return
            assert self.client.wait_for(lambda c: not c.events.empty(), T), \
                "the box never got there"
        raise AssertionError("the game never got there")

    def to_call(self, step: str) -> None:
        while self.ctl.state.window is None or self.ctl.state.window.step != step:
            assert self.ctl.phase == "night", self.ctl.phase
            self.apply({"type": "step_end", "step": self.ctl.state.window.step})

    def lovers(self, *seats) -> None:
        self.to_call("cupid")
        self.apply({"type": "choose", "targets": list(seats)})

    def end_night(self) -> None:
        while self.ctl.phase == "night":
            self.apply({"type": "step_end", "step": self.ctl.state.window.step})

    def to_day(self, vote_on_pads: bool = False) -> None:
        """The rest of the night, the dawn and its dead; then, if asked, the vote on the
        pads."""
        self.end_night()
        self.apply({"type": "go"})
        self.apply({"type": "go"})
        if vote_on_pads:
            self.apply({"type": "start_vote", "mode": "box"})


def connected(c):
    return c.status == "connected"


@pytest.fixture
def table(over_tcp, tmp_path):
    bridge, client = over_tcp
    assert client.wait_for(connected, T)
    t = Table(start(tmp_path / "game", EIGHT, captain="never"), client, bridge)
    t.lovers(3, 7)  # two villagers
    return bridge, t


def test_a_classic_night_and_day_on_the_pads(table):
    bridge, t = table
    ctl, client = t.ctl, t.client
    t.to_call("seer")  # every call is a pick on the box (cupid's was on the tablet only)
    bridge.say("vote 4 2")  # a sleeping villager presses too: nobody hears of it
    bridge.say("vote 1 7")  # the seer looks at seat 7
    t.wait(lambda c: SEER in c.picked_seats)
    v = ctl.night_view()
    assert v.chosen and v.learned[0].cards == ("werewolf",)  # shown as after a tap
    assert client.picked_seats == {SEER}

    t.to_call("werewolves")
    bridge.say("vote 2 5")
    bridge.say("vote 7 5")
    t.wait(lambda c: c.picked_seats == set(WOLVES))
    assert not ctl.night_view().chosen  # the pack's victim: when the call ends
    t.to_call("witch")
    assert ctl.game.tonight.get("victim") == HUNTER
    bridge.say("vote 3 5")  # the witch dials the victim's seat: she heals him
    t.wait(lambda c: WITCH in c.picked_seats)
    t.end_night()
    assert ctl.game.tonight.get("healed") or ctl.game.alive(HUNTER)

    # the day: nobody died; the debate on the LED bar, the pads' "ready"
    assert ctl.phase == "dawn"
    t.apply({"type": "go"})
    t.apply({"type": "go"})
    assert ctl.phase == "debate"
    bridge.say("press 4")
    t.wait(lambda c: c.ready_seats == {3})
    assert ctl.state.ready == 1
    t.apply({"type": "day_pause"})  # the tablet's countdown held: the box's bar too
    assert "s left of 300 (paused)" in bridge.log()
    t.apply({"type": "day_add", "seconds": 60})
    t.apply({"type": "day_resume"})
    t.wait(lambda c: c.ready_seats == {3})  # the ready signals kept
    assert ctl.state.ready == 1
    bridge.say("show")
    assert 355 <= int(bridge.expect(r"phase debate round \d+ left (\d+)s")[1]) <= 360

    # the vote on the pads: whose vote is in, never whom for, until all are in
    t.apply({"type": "start_vote", "mode": "box"})
    for seat, target in ((1, 2), (2, 3), (3, 2), (4, 2)):
        bridge.say(f"vote {seat} {target}")
    t.wait(lambda c: len(c.voted_seats) == 4)
    b = ctl.ballots_view()
    assert b.is_in[:4] == (True,) * 4 and not b.revealed and b.ballots is None
    for seat in (5, 6, 7, 8):
        bridge.say(f"vote {seat} 2")
    t.wait(lambda c: c.votes is not None)
    b = ctl.ballots_view()
    assert b.revealed and b.ballots == (1, 2, 1, 1, 1, 1, 1, 1)
    t.apply({"type": "count"})
    assert not ctl.game.alive(1)  # a werewolf, out
    assert t.refused == []

    # night 2: the dead werewolf's pad takes no part, and says so in the box's log
    t.apply({"type": "go"})
    assert ctl.phase == "night"
    t.to_call("werewolves")
    bridge.say("vote 2 4")  # the dead werewolf
    bridge.say("vote 7 4")  # the living one: the victim
    t.wait(lambda c: c.picked_seats == {6})
    t.to_call("witch")
    assert ctl.game.tonight.get("victim") == VILLAGER
    assert "key press on seat 2 refused: this seat takes no part in the round" in bridge.log()


def test_the_hunter_shoots_on_his_pad(table):
    bridge, t = table
    ctl = t.ctl
    t.to_call("werewolves")
    t.apply({"type": "choose", "target": HUNTER})
    t.to_day()
    assert ctl.phase == "chain" and ctl.chain_view().seat == HUNTER
    # his pad alone takes the shot (he is dying: it is his last act)
    bridge.say("vote 3 7")  # another seat's pad: refused, it takes no part
    bridge.say("vote 5 7")  # the hunter shoots seat 7
    t.wait(lambda c: c.votes is not None)
    assert not ctl.game.alive(6) and ctl.phase == "dawn"
    assert ctl.dawn_view().dead[-1].cause == "hunter"
    assert "key press on seat 3 refused" in bridge.log()


def test_the_pack_disagrees_on_its_pads_and_kills_nobody(over_pty, tmp_path, caplog):
    caplog.set_level(logging.DEBUG, logger="onenight")
    bridge, client = over_pty
    assert client.wait_for(connected, T)
    t = Table(start(tmp_path / "game", EIGHT, captain="never"), client, bridge)
    t.to_call("werewolves")
    bridge.say("vote 2 5")
    bridge.say("vote 7 4")
    t.wait(lambda c: c.picked_seats == set(WOLVES))
    assert t.ctl.state.window.picks == {1: 4, 6: 3}  # each pad's choice reached the game
    t.to_call("witch")
    assert t.ctl.game.tonight.get("victim") is None
    # nothing the app logged names a seat, nor says that a pad was pressed (the probe shows
    # that the app's loggers are heard: the link's own "connected" may come before the test)
    logging.getLogger("onenight.box.client").debug("probe")
    said = [r.getMessage() for r in caplog.records]
    assert "probe" in said and not [m for m in said if "seat" in m or "pick" in m], said
    t.apply({"type": "abandon"})  # the game given up: the box is idle (a tablet may pair)
    bridge.expect("phase idle")


def test_a_box_that_drops_mid_vote_loses_nothing(table):
    bridge, t = table
    ctl, client = t.ctl, t.client
    t.to_day(vote_on_pads=True)
    bridge.say("vote 1 2")
    bridge.say("vote 2 1")
    bridge.say("vote 3 2")
    t.wait(lambda c: len(c.voted_seats) == 3)
    living = ctl.game.living()
    assert t.pads.on_tablet(living) == ()  # every seat has a pad: the pads vote
    bridge.kill()
    t.wait(lambda c: c.status != "connected")
    t.pads.give_up()  # the table will not wait for the box
    t.drain()
    b = ctl.ballots_view()
    assert [b.is_in[s] for s in (0, 1, 2)] == [True, True, True]
    assert set(t.pads.on_tablet(living)) == set(living)
    for seat in b.missing:  # the rest vote on the tablet, passed round
        t.apply({"type": "vote", "seat": seat, "target": 1})
    b = ctl.ballots_view()
    assert b.revealed and b.ballots[:3] == (1, 0, 1)  # the box's three kept
    t.apply({"type": "count"})
    assert not ctl.game.alive(1)


def test_an_app_restarted_mid_vote_takes_the_same_round_over(table, tmp_path):
    """The tablet's app stops in the middle of a vote on the pads and starts again (a new
    client, the game rebuilt from its journal): it opens the same round, and the box keeps
    the votes already cast."""
    bridge, t = table
    ctl = t.ctl
    t.to_day(vote_on_pads=True)
    first = t.pads.round
    for seat in (1, 2, 3):
        bridge.say(f"vote {seat} {2 if seat != 2 else 1}")
    t.wait(lambda c: len(c.voted_seats) == 3)
    t.client.stop()  # the app is gone

    client = BoxClient(bridge.url, KeyStore(tmp_path / "tablet.json"))
    again = Table(ctl, client, bridge)  # the box has not answered yet: nothing opened
    assert again.pads.round is None
    client.start()
    try:
        assert client.wait_for(connected, T)
        again.drain()  # it answers: the vote is opened again, the same round
        again.sync()
        assert again.pads.round == first
        again.wait(lambda c: len(c.voted_seats) == 3)  # the box kept them
        for seat in range(4, 9):
            bridge.say(f"vote {seat} 2")
        again.wait(lambda c: c.votes is not None)
        b = ctl.ballots_view()
        assert b.revealed and b.ballots == (1, 0, 1, 1, 1, 1, 1, 1)
    finally:
        client.stop()


def test_the_captain_elected_on_the_pads_votes_twice_and_names_his_successor_there(over_tcp, tmp_path):
    """The election moves to the pads before any vote is in; a player may vote for himself
    there (not at the day's vote); the captain's one press counts twice in the count."""
    bridge, client = over_tcp
    assert client.wait_for(connected, T)
    t = Table(start(tmp_path / "game", EIGHT), client, bridge)
    ctl = t.ctl
    t.lovers(3, 7)
    t.to_day()
    assert ctl.phase == "election" and ctl.ballots_view().mode == "tablet"
    t.apply({"type": "vote_mode", "mode": "box"})
    for seat in range(1, 9):
        bridge.say(f"vote {seat} {1 if seat != 2 else 2}")  # seat 1 votes for himself
    t.wait(lambda c: c.votes is not None)
    t.apply({"type": "count"})
    assert ctl.game.captain == 0
    t.apply({"type": "go"})
    assert ctl.phase == "debate"
    t.apply({"type": "start_vote", "mode": "box"})
    bridge.say("vote 1 1")  # oneself, at the day's vote: the box refuses it
    for seat, target in ((1, 2), (2, 3), (3, 4), (4, 3), (5, 2), (6, 2), (7, 8), (8, 2)):
        bridge.say(f"vote {seat} {target}")
    t.wait(lambda c: c.votes is not None)
    b = ctl.ballots_view()
    assert b.double == 0 and b.counts[1] == 5 and b.counts[2] == 2  # the captain's 2, and 3
    t.apply({"type": "count"})
    assert not ctl.game.alive(1)
    assert "a player cannot choose themselves in this round" in bridge.log()

    # night 2: the pack kills the captain; he names his successor on his pad as he dies
    t.apply({"type": "go"})
    t.to_call("werewolves")
    t.apply({"type": "choose", "target": 0})
    t.to_day()
    assert ctl.phase == "chain" and ctl.chain_view().step == "successor"
    bridge.say("vote 1 3")
    t.wait(lambda c: c.votes is not None)
    assert ctl.game.captain == 2 and ctl.phase == "dawn"


def test_a_box_with_fewer_pads_than_players_takes_their_votes_the_rest_on_the_tablet(tmp_path):
    """Twelve players, a ten-pad box: seats 1 to 10 vote on their pads, 11 and 12 on the
    tablet, passed round; the votes stay secret until all twelve are in."""
    pins = Path(onenight_box.__file__).with_name("pins-10.toml")
    state, keys = paired_state(tmp_path)
    bridge = BridgeProcess(state, tcp=True, pins=str(pins)).start()
    client = BoxClient(bridge.url, keys)
    client.start()
    try:
        assert client.wait_for(connected, T) and client.pads == 10
        t = Table(start(tmp_path / "game", EIGHT + " villager villager villager villager",
                        captain="never"), client, bridge)
        ctl = t.ctl
        t.lovers(3, 7)
        t.to_day(vote_on_pads=True)
        living = ctl.game.living()
        assert t.pads.on_tablet(living) == (10, 11)
        for seat in range(1, 11):
            bridge.say(f"vote {seat} {2 if seat != 2 else 3}")
        t.wait(lambda c: c.votes is not None)  # the box's part is over
        b = ctl.ballots_view()
        assert b.missing == (10, 11) and not b.revealed and b.ballots is None
        t.apply({"type": "vote", "seat": 10, "target": 1})
        t.apply({"type": "vote", "seat": 11, "target": 2})
        b = ctl.ballots_view()
        assert b.revealed and b.ballots == (1, 2) + (1,) * 8 + (1, 2)
    finally:
        client.stop()
        bridge.stop()


def test_a_second_vote_among_the_tied_on_the_pads(table):
    """A tie without a captain: the second vote is on the pads, only the tied can be dialled
    and a tied player cannot dial himself."""
    bridge, t = table
    ctl = t.ctl
    t.to_day(vote_on_pads=True)
    for seat in range(1, 9):  # four against seat 2, four against seat 3
        bridge.say(f"vote {seat} {2 if seat % 2 else 3}")
    t.wait(lambda c: c.votes is not None)
    t.apply({"type": "count"})
    t.apply({"type": "go"})
    assert ctl.phase == "tie" and ctl.game.stop.step == "revote"
    assert ctl.ballots_view().targets == (1, 2)
    bridge.say("vote 1 4")  # not one of the tied
    bridge.say("vote 2 2")  # himself
    for seat in range(1, 9):
        bridge.say(f"vote {seat} {3 if seat != 3 else 2}")
    t.wait(lambda c: c.votes is not None)
    t.apply({"type": "count"})
    assert not ctl.game.alive(2) and ctl.game.alive(1)
    log = bridge.log()
    assert "key press on seat 1 refused: the dialled seat cannot be chosen in this round" in log
    assert "key press on seat 2 refused: a player cannot choose themselves in this round" in log


def test_a_democratic_panic_counts_twice_on_the_pads(over_tcp, tmp_path):
    """The Québec booklet's panic on the box: a count without a majority, then the table
    points on and the box opens a fresh round of the same stage for the next count."""
    bridge, client = over_tcp
    assert client.wait_for(connected, T)
    t = Table(start(tmp_path / "game", EIGHT, captain="never", vote="panic"), client, bridge)
    ctl = t.ctl
    t.lovers(3, 7)
    t.to_day(vote_on_pads=True)
    assert ctl.game.stop.step == "panic_votes"
    first = t.pads.round
    for seat, target in ((1, 2), (2, 3), (3, 2), (4, 3), (5, 2), (6, 3), (7, 2), (8, 3)):
        bridge.say(f"vote {seat} {target}")  # four against four: not more than half
    t.wait(lambda c: c.votes is not None)
    t.apply({"type": "count"})
    assert ctl.ballots_view().result.kind == "no_majority"
    t.apply({"type": "go"})
    assert ctl.game.stop.step == "panic_votes" and t.pads.round != first
    for seat, target in ((1, 2), (2, 3), (3, 2), (4, 2), (5, 2), (6, 3), (7, 2), (8, 3)):
        bridge.say(f"vote {seat} {target}")
    t.wait(lambda c: c.votes is not None)
    t.apply({"type": "count"})
    assert not ctl.game.alive(1) and ctl.game.death_of(1).cause == "vote"


def test_the_tete_de_cochon_s_pad_counts_only_his_first_choice(over_tcp, tmp_path):
    """The Québec Tête-de-Co'hon (game seat 0, the console's 1) votes against seat 4 on his
    pad on the first day; on the second his pad naming another is refused (the box takes one
    list of targets for every pad), his ballot stays his to cast, and the tablet takes only
    seat 4 from him."""
    bridge, client = over_tcp
    assert client.wait_for(connected, T)
    seats = "tete_de_cochon werewolf seer villager villager villager werewolf villager"
    t = Table(start(tmp_path / "game", seats, captain="never"), client, bridge)
    ctl = t.ctl
    t.to_day(vote_on_pads=True)
    for seat, target in ((1, 5), (2, 8), (3, 8), (4, 8), (5, 8), (6, 8), (7, 8), (8, 7)):
        bridge.say(f"vote {seat} {target}")
    t.wait(lambda c: c.votes is not None)
    t.apply({"type": "count"})
    assert not ctl.game.alive(7)
    t.apply({"type": "go"})
    t.to_day(vote_on_pads=True)
    for seat, target in ((1, 3), (2, 7), (3, 7), (4, 7), (5, 7), (6, 7), (7, 6)):
        bridge.say(f"vote {seat} {target}")
    t.wait(lambda c: c.votes is not None)
    assert "vote_not_allowed" in t.refused
    assert ctl.state.ballots.votes[0] is None
    with pytest.raises(Refused):
        ctl.apply({"type": "vote", "seat": 0, "target": 2})
    t.apply({"type": "vote", "seat": 0, "target": 4})
    t.apply({"type": "count"})
    assert not ctl.game.alive(6)


class _Box:
    """A box client that only records the rounds it is asked to open."""

    pads, status = 18, "connected"

    def __init__(self):
        self.picks = []

    def open_pick(self, living, players, *, woken, choice, targets, self_pick, round):
        self.picks.append((tuple(living), tuple(woken), choice, tuple(targets)))
        return round

    def reset(self):
        pass

    def close_round(self):
        pass


APOTHECARY = "apothecary werewolf seer villager villager villager werewolf villager"


def test_the_special_powers_calls_are_picks_on_her_pad_every_pad_picking_alike(tmp_path):
    """The Apothicaire's pick and her remedy are her pad's choice: her calls open the same
    pick on every living pad, with her seat woken and every seat's number a target (a
    power's number may be a dead player's seat); a sleeping player's press is refused."""
    ctl = start(tmp_path / "game", APOTHECARY, captain="never")
    box = _Box()
    pads = ClassicPads(lambda: ctl, box, send=ctl.apply)
    for step in ("apothecary_powers", "apothecary"):
        while ctl.state.window.step != step:
            ctl.apply({"type": "step_end", "step": ctl.state.window.step})
        pads.sync()
        assert box.picks[-1] == (tuple(range(8)), (0,), "seat", tuple(range(8)))
        with pytest.raises(Refused):
            ctl.apply({"type": "pick", "seat": 3, "step": step, "target": 3})
        if step == "apothecary_powers":
            ctl.apply({"type": "choose", "powers": ["herb", "serum"]})


def test_the_apothecary_keeps_two_remedies_and_shelters_a_player_on_her_pad(over_tcp, tmp_path):
    """The box's real link: on the first night her pad holds 1, then 3 (the herb, the
    elixir: the numbers her call's list shows), while a sleeping player's pad presses too;
    at her call, 1 then 4 (the herb on seat 4's player); the pack attacks him and he lives.
    Nothing on the box tells who pressed."""
    bridge, client = over_tcp
    assert client.wait_for(connected, T)
    t = Table(start(tmp_path / "game", APOTHECARY, captain="never"), client, bridge)
    ctl = t.ctl
    t.to_call("apothecary_powers")
    bridge.say("vote 1 1")
    t.until(lambda: ctl.state.window.dials == (0,))
    bridge.say("vote 5 2")  # a sleeping villager: nobody hears of it
    bridge.say("vote 1 3")
    t.until(lambda: ctl.state.window.dials == (0, 2))
    t.to_call("apothecary")
    assert ctl.game.memo.get("apothecary.powers") == ("herb", "elixir")
    bridge.say("vote 1 1")
    t.until(lambda: ctl.state.window.dials == (0,))
    bridge.say("vote 1 4")
    t.until(lambda: ctl.state.window.dials == (0, 3))
    t.to_call("werewolves")
    assert ("night 1", "apothecary", {"power": "herb", "target": 3}) in ctl.game.record
    t.apply({"type": "choose", "target": 3})
    t.end_night()
    assert ctl.game.alive(3) and not ctl.game.deaths


def test_a_game_abandoned_mid_call_leaves_the_pads_no_round(tmp_path):
    """Abandoned while the box held a night's pick, the game's pads forget that round: a
    press or a late event of it names no round of anything that follows."""
    ctl = start(tmp_path / "game", EIGHT, captain="never")
    box = _Box()
    resets = []
    box.reset = lambda: resets.append(True)
    pads = ClassicPads(lambda: ctl, box, send=ctl.apply)
    pads.sync()
    assert pads.round is not None and pads.kind == "pick"
    ctl.apply({"type": "abandon"})
    pads.sync()
    assert resets and pads.moment is None
    assert pads.round is None and pads.kind == "" and pads.box_seats == frozenset()
