"""The app's client and the bridge, each in its own process, over a pseudo-terminal and TCP."""

import json
import signal
import time

from onenight_box import protocol as p
from onenight.box import BoxClient, KeyStore
from onenight.rules.outcome import check_votes

from .conftest import BOX, T, BridgeProcess, RawApp, connected, pair_by_code, paired_state


def whole_vote(bridge, client):
    assert client.wait_for(connected, T)
    client.start_debate(time.monotonic() + 120, 300)
    bridge.expect(r"phase debate")
    bridge.say("press 3")
    assert client.wait_for(lambda c: c.ready_seats == {2}, T)
    client.open_vote(range(5), 5)
    bridge.expect(r"phase vote")
    for seat, target in ((1, 3), (2, 3), (3, 1), (4, 5)):
        bridge.say(f"vote {seat} {target}")
    assert client.wait_for(lambda c: len(c.voted_seats) == 4, T)
    assert client.votes is None  # not all in: nothing to see
    bridge.say("vote 5 1")
    assert client.wait_for(lambda c: c.votes is not None, T)
    votes = client.votes
    assert votes == {0: 2, 1: 2, 2: 0, 3: 4, 4: 0}
    assert check_votes([votes[s] for s in range(5)], 5) == (2, 2, 0, 4, 0)
    events = []
    while not client.events.empty():
        events.append(client.events.get())
    kinds = [e.kind for e in events]
    assert kinds[-1] == "votes" and kinds.count("vote_in") == 5 and "ready" in kinds
    # nothing before the reveal says whom anyone chose
    assert all(e.votes is None for e in events[:-1])
    assert events[-1].votes == votes


def test_a_whole_vote_over_a_pseudo_terminal(over_pty):
    whole_vote(*over_pty)


def test_a_whole_vote_over_loopback_tcp(over_tcp):
    whole_vote(*over_tcp)


def test_kill_and_restart_the_bridge_mid_vote_loses_nothing(over_pty):
    bridge, client = over_pty
    assert client.wait_for(connected, T)
    client.open_vote(range(4), 4)
    bridge.expect("phase vote")
    bridge.say("vote 1 2")
    bridge.say("vote 2 3")
    assert client.wait_for(lambda c: c.voted_seats == {0, 1}, T)
    bridge.kill()
    assert client.wait_for(lambda c: c.status == "disconnected", T)
    assert client.voted_seats == {0, 1}
    bridge.start()
    assert client.wait_for(connected, T)
    bridge.say("vote 1 4")  # already voted before the crash: refused
    bridge.say("vote 3 1")
    bridge.say("vote 4 1")
    assert client.wait_for(lambda c: c.votes is not None, T)
    assert client.votes == {0: 1, 1: 2, 2: 0, 3: 0}
    assert "already voted" in bridge.log()


def first_vote_in(bridge, client, players, target):
    """Connected, the vote open on the box for seats 0 to 2, and the first pad's vote in."""
    assert client.wait_for(connected, T)
    client.open_vote([0, 1, 2], players)
    bridge.expect("phase vote")
    bridge.say(f"vote 1 {target}")
    assert client.wait_for(lambda c: c.voted_seats == {0}, T)


def test_link_lost_then_back_keeps_every_vote(over_tcp):
    bridge, client = over_tcp
    first_vote_in(bridge, client, players=6, target=6)
    bridge.proc.send_signal(signal.SIGSTOP)  # the box stops answering
    try:
        assert client.wait_for(lambda c: c.status == "disconnected", T)
    finally:
        bridge.proc.send_signal(signal.SIGCONT)
    assert client.wait_for(connected, T)
    bridge.say("vote 2 6")
    assert client.wait_for(lambda c: c.voted_seats == {0, 1}, T)
    assert client.votes is None


def test_box_gone_for_good_the_rest_vote_on_the_tablet(over_tcp):
    bridge, client = over_tcp
    assert client.wait_for(connected, T)
    client.open_vote([0, 1, 2, 3], 4)
    bridge.expect("phase vote")
    bridge.say("vote 1 3")
    assert client.wait_for(lambda c: c.voted_seats == {0}, T)
    bridge.kill()
    assert client.wait_for(lambda c: c.status == "disconnected", T)
    tablet = {s: 0 for s in range(4) if s not in client.voted_seats and s != 0}
    client.close_vote()
    assert client.votes == {0: 2}
    votes = {**client.votes, **tablet}
    assert check_votes([votes[s] for s in range(4)], 4) == (2, 0, 0, 0)


def test_a_vote_cast_while_the_link_is_down_arrives_after(over_tcp):
    bridge, client = over_tcp
    assert client.wait_for(connected, T)
    client.open_vote([0, 1, 2], 3)
    bridge.expect("phase vote")
    client.stop()
    bridge.say("vote 1 2")
    bridge.expect("seat 1 voted")
    again = BoxClient(client.url, client.keys)
    again._wanted = client._wanted  # the same app, coming back
    again.start()
    try:
        assert again.wait_for(lambda c: c.voted_seats == {0}, T)
    finally:
        again.stop()


def test_an_unpaired_tablet_is_refused_until_paired(tmp_path):
    state = tmp_path / "box"
    state.mkdir()
    bridge = BridgeProcess(state, tcp=True).start()
    client = BoxClient(bridge.url, KeyStore(tmp_path / "t.json"), name="Ana's tablet")
    client.start()
    try:
        assert client.wait_for(lambda c: c.status == "unpaired", T)
        pair_by_code(bridge, client)
        paired = json.loads((state / "paired.json").read_text())
        assert paired.keys() == {client.keys.app_id}
        assert paired[client.keys.app_id]["name"] == "Ana's tablet"
        assert client.keys.get(BOX) is not None
        assert client.wait_for(lambda c: [t["id"] for t in c.tablets] == [c.keys.app_id], T)
    finally:
        client.stop()
        bridge.stop()
    assert "pairing asked by" in bridge.log()


def test_garbage_and_hostile_frames_are_refused_and_logged(over_tcp):
    bridge, client = over_tcp
    first_vote_in(bridge, client, players=4, target=2)

    client.stop()  # the raw app takes the tablet's place (one session at a time)
    bridge.wait_link(up=False)
    raw = RawApp(bridge.url)
    raw.write(b"\x00\xff\xfe garbage\n" + b"#" + b"A" * 5000 + b"\n")
    bad_crc = bytearray(p.encode_frame({"t": "ping"}))
    bad_crc[2] ^= 4
    raw.write(bytes(bad_crc) + p.encode_frame({"t": "launch", "s": 1}))
    raw.hello()
    raw.ch.send({"t": "launch"})  # authenticated, but no such message
    raw.ch.send({"t": "open", "round": 9, "kind": "vote", "seats": [12], "players": 5,
                 "targets": [0], "self": False, "choice": "seat"})  # seat out of range
    raw.ch.send({"t": "close", "round": 12345})  # not the open round
    captured = p.encode_frame({"t": "reset", "s": 99}, "00" * 16)  # forged MAC
    raw.write(captured)
    raw.ch.send({"t": "cue", "cue": "chirp"})
    replay = raw.sent[-1]
    raw.read_until(lambda: raw.ch.unacknowledged == 0)
    raw.write(replay)  # the same frame again, in the same session

    intruder = RawApp(bridge.url)
    intruder.hello(app_id="stranger", key=b"\x01" * 32)
    intruder.ch.key = b"\x01" * 32
    intruder.ch.send({"t": "reset"})
    assert intruder.read_until("error")["code"] == "unpaired"

    bridge.say("vote 2 2")  # for oneself
    bridge.say("vote 1 3")  # a second vote
    bridge.say("show")
    bridge.expect("phase vote")
    raw.close()
    intruder.close()
    bridge.wait_link(up=False)
    again = BoxClient(client.url, client.keys)  # the tablet is back: it closes the vote
    again._wanted = client._wanted
    again.start()
    try:
        assert again.wait_for(connected, T)
        again.close_vote()
        assert again.wait_for(lambda c: c.votes is not None, T)
        assert again.votes == {0: 1}
    finally:
        again.stop()
    bridge.say("vote 3 1")  # after the close
    bridge.say("show")
    bridge.expect("phase closed")
    log = bridge.log()
    for reason in ("garbage", "checksum", "longer than", "unauthenticated", "unknown message 'launch'",
                   "out of range", "round 12345", "bad MAC", "not paired", "already received",
                   "cannot choose themselves", "already voted", "the round is closed"):
        assert reason in log, reason
    assert "Traceback" not in log


def test_a_new_client_takes_over_a_vote_round_and_keeps_the_votes_cast(tmp_path):
    """The app restarted mid-vote: a new client asking for the same round gets the votes the
    box already holds, instead of a new, empty vote."""
    state, keys = paired_state(tmp_path)
    bridge = BridgeProcess(state, tcp=True).start()
    url = f"socket://127.0.0.1:{bridge.port}"
    first = BoxClient(url, keys)
    first.start()
    try:
        assert first.wait_for(connected, T)
        rnd = first.open_vote(range(4), 4)
        bridge.expect("phase vote")
        bridge.say("vote 1 2")
        bridge.say("vote 2 3")
        assert first.wait_for(lambda c: c.voted_seats == {0, 1}, T)
    finally:
        first.stop()  # the app dies
    second = BoxClient(url, keys)
    second.open_vote(range(4), 4, round=rnd)
    second.start()
    try:
        assert second.wait_for(lambda c: c.voted_seats == {0, 1}, T)
        bridge.say("vote 3 1")
        bridge.say("vote 4 1")
        assert second.wait_for(lambda c: c.votes is not None, T)
        assert second.votes == {0: 1, 1: 2, 2: 0, 3: 0}
    finally:
        second.stop()
        bridge.stop()


def test_a_night_pick_keeps_only_the_woken_seats(over_tcp):
    """The seer (seat 3) is awake; a sleeping player (seat 1) presses too, as a woken one
    would: the box takes both alike, the tablet keeps the seer's choice only."""
    bridge, client = over_tcp
    assert client.wait_for(connected, T)
    events = []
    client.on_event = events.append
    client.open_pick(range(6), 6, woken={2})
    bridge.expect("phase pick")
    bridge.say("vote 1 4")  # asleep: ignored by the tablet
    bridge.say("vote 3 6")
    assert client.wait_for(lambda c: c.picked_seats == {2}, T)
    bridge.say("vote 3 5")  # the seer changes her mind
    bridge.say("show")
    bridge.expect("phase pick")
    assert client.picks is None
    client.close_round()
    assert client.wait_for(lambda c: c.picks is not None, T)
    assert client.picks == {2: 4}
    # each change of the seer's choice is told to the game master (who plays it), and only hers
    assert [(e.seat, e.choice) for e in events if e.kind == "pick_in"] == [(2, 5), (2, 4)]
    assert [e.picks for e in events if e.kind == "picks"] == [{2: 4}]
    # the witch's heal: yes or no
    client.open_pick(range(6), 6, woken={5}, choice="yes_no")
    bridge.expect("phase pick")
    bridge.say("answer 6 yes")
    assert client.wait_for(lambda c: c.picked_seats == {5}, T)
    client.close_round()
    assert client.wait_for(lambda c: c.picks == {5: 1}, T)
    assert "pick" not in " ".join(x for x in bridge.log().splitlines() if "seat" in x)


def test_a_second_vote_among_the_tied_at_a_table_of_eighteen(over_tcp):
    bridge, client = over_tcp
    assert client.wait_for(connected, T)
    assert client.pads == 18
    living = [s for s in range(18) if s not in (4, 9)]  # seats 5 and 10 are dead
    client.open_vote(living, 18, targets=[10, 15])  # seats 11 and 16 are tied
    bridge.expect("phase vote")
    bridge.say("vote 1 2")  # not one of the tied: refused
    bridge.say("vote 5 11")  # a dead player's pad: refused
    for seat in living:
        target = 16 if seat != 15 else 11
        bridge.say(f"vote {seat + 1} {target}")
    assert client.wait_for(lambda c: c.votes is not None, T)
    assert client.votes == {s: (15 if s != 15 else 10) for s in living}
    log = bridge.log()
    assert "cannot be chosen in this round" in log and "takes no part" not in log
    assert "does not vote on the box" in log


def test_a_table_bigger_than_the_box_votes_on_the_box_and_on_the_tablet(tmp_path):
    """Twelve players, a ten-pad box: seats 1 to 10 vote on their pads (seats 11 and 12 can
    be chosen with the +10 switch), seats 11 and 12 on the tablet."""
    from onenight_box.pins import DEFAULT
    state, keys = paired_state(tmp_path)
    bridge = BridgeProcess(state, tcp=True, pins=str(DEFAULT.with_name("pins-10.toml"))).start()
    client = BoxClient(bridge.url, keys)
    client.start()
    try:
        assert client.wait_for(connected, T)
        players = 12
        assert client.pads == 10
        with_pads = [s for s in range(players) if s < client.pads]
        client.open_vote(with_pads, players, targets=range(players))
        bridge.expect("phase vote")
        for seat in with_pads:
            bridge.say(f"vote {seat + 1} 12")  # the wheel on 2, the +10 switch on
        assert client.wait_for(lambda c: c.votes is not None, T)
        assert client.votes == {s: 11 for s in with_pads}
        votes = {**client.votes, 10: 11, 11: 0}  # seats 11 and 12 voted on the tablet
        assert check_votes([votes[s] for s in range(players)], players) == (11,) * 11 + (0,)
    finally:
        client.stop()
        bridge.stop()
