"""The hostile-client suite: the bridge in its own process, a real tablet's client, and a
rogue speaking the protocol by hand, over loopback TCP and over a pseudo-terminal.

Each test is one thing a player who wants to cheat (or a broken tablet) would try, and what
the box must do: docs/box-protocol.md ("Threat model") lists them with the guarantee each
one checks. Loopback only; every wait is bounded.
"""

import json
import statistics
import threading
import time
from pathlib import Path

import pytest

from onenight_box import protocol as p
from onenight.box import BoxClient, KeyStore

from .conftest import (APP, BOX, KEY, T, BridgeProcess, RawApp, connected, pair_by_code,
                       paired_state)

ROOT = Path(__file__).resolve().parents[2]
ROGUE = "phone-of-a-cheat"
ROGUE_KEY = b"\x05" * 32


@pytest.fixture
def box(tmp_path):
    """The bridge on TCP, the tablet paired and connected, and a second tablet (the
    rogue's phone, paired earlier) that the box knows too."""
    state, keys = paired_state(tmp_path, others={ROGUE: ROGUE_KEY})
    bridge = BridgeProcess(state, tcp=True).start()
    client = BoxClient(bridge.url, keys)
    client.start()
    assert client.wait_for(connected, T)
    yield bridge, client
    client.stop()
    bridge.stop()


def into_phase(bridge, client, phase: str) -> int | None:
    """The tablet takes the box into ``phase``; returns the round, if one is open."""
    if phase == "debate":
        client.start_debate(time.monotonic() + 300, 300)
        bridge.expect("phase debate")
        return None
    if phase == "vote":
        rnd = client.open_vote(range(5), 5)
        bridge.expect("phase vote")
        bridge.say("vote 1 3")
        assert client.wait_for(lambda c: c.voted_seats == {0}, T)
        return rnd
    rnd = client.open_pick(range(5), 5, woken={2})
    bridge.expect("phase pick")
    if phase == "between_picks":  # a classic night between two steps: the game holds the box
        client.close_round()
        bridge.expect("pick closed")
    return rnd


# ---- 1. pairing: between games, asked by the tablet, confirmed by a code dialled on a pad

@pytest.mark.parametrize("phase", ["debate", "vote", "pick", "between_picks"])
def test_a_rogue_cannot_pair_during_a_game(box, phase):
    bridge, client = box
    into_phase(bridge, client, phase)
    rogue = RawApp(bridge.url)
    rogue.hello("rogue-new")
    answer, code = rogue.pair("rogue-new")
    assert code is None and answer["code"] == "pairing" and "busy" in answer["reason"]
    bridge.say("down 1")  # what opened pairing before: holding an OK key
    rogue.pump(0.3)
    bridge.say("up 1")
    answer, code = rogue.pair("rogue-new")
    assert code is None and answer["code"] == "pairing"
    assert "rogue-new" not in json.loads((bridge.state / "paired.json").read_text())
    rogue.close()


def test_pairing_between_games_needs_the_code_and_the_tablet_is_told(box):
    bridge, client = box
    events = []
    client.on_event = events.append
    rogue = RawApp(bridge.url)
    rogue.hello("rogue-new")
    answer, code = rogue.pair("rogue-new", name="Bob's phone")
    assert answer["t"] == "pair_pub" and len(code) == p.CODE_DIGITS
    wrong = f"{(int(code) + 1) % 10 ** p.CODE_DIGITS:0{p.CODE_DIGITS}d}"
    bridge.say(f"code 2 {wrong}")  # a guess: refused
    assert rogue.read_until("error")["code"] == "wrong_code"
    assert "rogue-new" not in json.loads((bridge.state / "paired.json").read_text())
    bridge.say(f"code 2 {code}")  # somebody at the table dialled the code
    paired = rogue.read_until("paired")
    assert paired["proof"] == p.pair_proof(rogue.pairing_key, "rogue-new", BOX)
    assert client.wait_for(lambda c: any(t["id"] == "rogue-new" for t in c.tablets), T)
    told = [e.tablet for e in events if e.kind == "new_tablet"]
    assert [t["id"] for t in told] == ["rogue-new"] and told[0]["name"] == "Bob's phone"
    # the host forgets it from the tablet: gone from the box
    client.forget("rogue-new")
    assert client.wait_for(lambda c: all(t["id"] != "rogue-new" for t in c.tablets), T)
    assert "rogue-new" not in json.loads((bridge.state / "paired.json").read_text())
    rogue.close()


def test_three_wrong_codes_end_the_pairing(box):
    bridge, client = box
    rogue = RawApp(bridge.url)
    rogue.hello("rogue-new")
    _, code = rogue.pair("rogue-new")
    for guess in range(3):
        bridge.say(f"code 3 {(int(code) + guess + 1) % 10 ** p.CODE_DIGITS:0{p.CODE_DIGITS}d}")
        rogue.read_until("error")
    assert rogue.last("error")["code"] == "pairing"  # given up
    bridge.say(f"code 3 {code}")  # too late
    rogue.pump(0.5)
    assert rogue.last("paired") is None
    rogue.close()


def test_a_new_tablet_pairs_with_the_code_over_the_serial_cable(tmp_path, pty_pair):
    master, path = pty_pair
    state = tmp_path / "box"
    bridge = BridgeProcess(state, serial_fd=master).start()
    client = BoxClient(path, KeyStore(tmp_path / "t.json"))
    client.start()
    try:
        pair_by_code(bridge, client, seat=4)
        assert json.loads((state / "paired.json").read_text()).keys() == {client.keys.app_id}
        assert client.keys.get(BOX) is not None
    finally:
        client.stop()
        bridge.stop()


def test_someone_in_the_middle_gets_a_code_the_pad_refuses(box):
    """A man in the middle holds one key with the tablet and another with the box: the code
    the tablet shows is not the box's, so dialling it pairs nobody."""
    bridge, client = box
    victim = RawApp(bridge.url)  # the tablet's view of the pairing...
    victim.hello("rogue-new")
    _, box_code = victim.pair("rogue-new")
    # ...while the tablet itself did the exchange with the man in the middle: its code comes
    # from another key (the middle cannot choose his value after seeing the tablet's: the
    # tablet committed to it first)
    private = p.dh_private()
    tablet_code = p.pair_code(p.dh_shared_key(private, p.dh_public(p.dh_private())),
                              p.dh_public(private), "ab")
    if tablet_code == box_code:  # one chance in 10^4
        pytest.skip("the two codes agree by chance")
    bridge.say(f"code 1 {tablet_code}")
    assert victim.read_until("error")["code"] == "wrong_code"
    victim.close()


# ---- 1b. one app session at a time; a rogue's session hears nothing of the tablet's rounds

def test_a_second_paired_tablet_is_refused_while_the_tablet_is_there(box):
    bridge, client = box
    rnd = into_phase(bridge, client, "vote")
    rogue = RawApp(bridge.url)
    answer = rogue.session(ROGUE, ROGUE_KEY)
    assert answer["t"] == "error" and answer["code"] == "busy"
    bridge.say("vote 2 4")
    assert client.wait_for(lambda c: c.voted_seats == {0, 1}, T)
    rogue.pump(0.3)
    assert rogue.closed  # turned away
    assert not any(m["t"] in ("vote", "votes", "snapshot") for m in rogue.got)
    # the tablet goes away: the rogue gets in, and still hears nothing of the tablet's round
    client.stop()
    bridge.wait_link(up=False)
    rogue = RawApp(bridge.url)
    snap = rogue.session(ROGUE, ROGUE_KEY)
    assert snap["t"] == "snapshot" and snap["round"] == rnd and not snap["mine"]
    assert "sealed" not in snap and "votes" not in snap
    bridge.say("vote 3 1")
    bridge.expect("seat 3 voted")
    rogue.pump(0.3)
    assert not any(m["t"] in ("vote", "votes") for m in rogue.got)
    rogue.close()


# ---- 2. the votes stay sealed, at the close too

def test_votes_and_closed_snapshots_are_sealed(box):
    bridge, client = box
    client.stop()
    bridge.wait_link(up=False)
    app = RawApp(bridge.url)
    app.session()
    app.ch.send({"t": "open", "round": 77, "kind": "vote", "seats": [0, 1, 2], "players": 5,
                 "targets": [0, 1, 2, 3, 4], "self": False, "choice": "seat"})
    bridge.expect("phase vote")
    bridge.say("vote 1 4")
    bridge.say("vote 2 4")
    bridge.say("vote 3 5")  # the box's part is complete: it closes
    votes = app.read_until("votes")
    app.ch.send({"t": "sync"})
    snap = app.read_until(lambda: (app.last("snapshot") or {}).get("phase") == "closed")
    snap = app.last("snapshot")
    for message in (votes, snap):
        assert "votes" not in message or message["t"] == "votes" and "sealed" in message
        assert not any(isinstance(v, int) for v in (message.get("votes") or {}).values())
    assert {int(s): p.open_seal(app.ch.key, v) for s, v in votes["sealed"].items()} == \
        {0: 3, 1: 3, 2: 4}
    # nothing on the wire says a target in clear: every seal is the same length
    text = bytes(app.raw).decode()
    assert '"votes":{' not in text
    assert len({len(v) for v in votes["sealed"].values()}) == 1
    app.close()


# ---- 3. a known tablet's id cannot be paired again by someone else

def test_pairing_with_a_known_tablets_id_is_refused(box):
    bridge, client = box
    before = json.loads((bridge.state / "paired.json").read_text())[APP]
    rogue = RawApp(bridge.url)
    rogue.hello(APP)  # ids are in every hello
    answer, code = rogue.pair(APP)
    assert code is None and answer["code"] == "known"
    assert json.loads((bridge.state / "paired.json").read_text())[APP] == before
    client.start_debate(time.monotonic() + 100, 100)  # the real tablet still drives the box
    bridge.expect("phase debate")
    assert client.status == "connected"
    rogue.close()


# ---- 4. only the tablet that opened a round ends it; every snapshot is reconciled

def test_another_paired_tablet_cannot_wipe_a_round(box):
    bridge, client = box
    rnd = into_phase(bridge, client, "vote")
    client.stop()  # the tablet's link drops for a while
    bridge.wait_link(up=False)
    rogue = RawApp(bridge.url)
    rogue.session(ROGUE, ROGUE_KEY)
    for body in ({"t": "debate", "remaining": 10, "total": 10}, {"t": "reset"},
                 {"t": "close", "round": rnd},
                 {"t": "open", "round": 5, "kind": "vote", "seats": [0], "players": 5,
                  "targets": [1], "self": False, "choice": "seat"}):
        seq = rogue.ch.send(body)
        err = rogue.read_until(lambda: any(m["t"] == "error" and m.get("ref") == seq
                                           for m in rogue.got))
        err = next(m for m in rogue.got if m["t"] == "error" and m.get("ref") == seq)
        assert err["code"] == "not_owner", (body, err)
    rogue.close()
    back = BoxClient(bridge.url, client.keys)  # the tablet comes back
    back.open_vote(range(5), 5, round=rnd)
    back.start()
    try:
        assert back.wait_for(lambda c: c.voted_seats == {0}, T)
        for seat in (2, 3, 4, 5):
            bridge.say(f"vote {seat} 1")
        assert back.wait_for(lambda c: c.votes is not None, T)
        assert back.votes == {0: 2, 1: 0, 2: 0, 3: 0, 4: 0}
    finally:
        back.stop()


def test_every_snapshot_is_reconciled(box):
    """The box's console resets it mid-vote: the tablet notices at the next snapshot and
    opens its round again; the vote already in is kept, the others vote again."""
    bridge, client = box
    rnd = into_phase(bridge, client, "vote")
    bridge.say("reset")
    bridge.expect("phase idle")
    bridge.expect("phase vote")  # asked again by the tablet
    bridge.say("show")
    assert bridge.expect(r"phase (\w+) round (\d+)").groups() == ("vote", str(rnd))
    for seat in (2, 3, 4, 5):
        bridge.say(f"vote {seat} 1")
    assert client.wait_for(lambda c: c.votes is not None, T)
    assert client.votes == {0: 2, 1: 0, 2: 0, 3: 0, 4: 0}


# ---- 5. a flood of connections: capped, rate-limited, the tablet first



def test_a_flood_keeps_the_tablet_first(box, capsys):
    """Thirty connections (another process) send hellos and junk as fast as they can while
    the tablet runs a debate: its link holds, presses reach it, the log stays short."""
    import subprocess
    import sys
    bridge, client = box
    statuses = []
    got = threading.Event()
    client.on_event = lambda ev: (statuses.append(ev.status) if ev.kind == "status"
                                  else ev.kind == "ready" and got.set())
    client.start_debate(time.monotonic() + 600, 600)
    bridge.expect("phase debate")
    flood = subprocess.Popen([sys.executable, str(ROOT / "bench" / "box_flood.py"),
                              str(bridge.port), "--connections", "30"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert flood.stdout.readline().strip() == "flooding"
        got.clear()
        times = []
        for _ in range(15):
            bridge.say("show")  # the console is done with the last press
            bridge.expect("phase debate")
            got.clear()
            start = time.monotonic()
            bridge.say("press 2")
            assert got.wait(T), "a press never reached the tablet"
            times.append(time.monotonic() - start)
    finally:
        flood.kill()
        flood.wait(T)
        flood.stdin.close()
        flood.stdout.close()
    assert statuses == [], "the tablet's link dropped under the flood"
    median = statistics.median(times)
    with capsys.disabled():
        print(f"\n  press to tablet under a 30-connection flood: median {median * 1000:.0f} ms, "
              f"max {max(times) * 1000:.0f} ms")
    assert median < 0.5
    lines = [x for x in bridge.log().splitlines() if "refused" in x or "garbage" in x
             or "closed" in x or "hello" in x]
    assert len(lines) < 120, f"{len(lines)} lines logged"


# ---- 6. refusals the document promises are answered, not silent

def test_another_version_and_a_bad_seat_are_answered_with_an_error(box):
    bridge, client = box
    old = RawApp(bridge.url)
    old.ch.send({"t": "hello", "v": 1, "id": "old-app", "n": "n" * 16})
    err = old.read_until("error")
    assert err["code"] == "version" and "version 1" in err["reason"]
    old.close()
    client.stop()  # the raw app drives the box
    bridge.wait_link(up=False)
    app = RawApp(bridge.url)
    app.session()
    seq = app.ch.send({"t": "open", "round": 3, "kind": "vote", "seats": [12], "players": 5,
                       "targets": [0, 1], "self": False, "choice": "seat"})
    err = app.read_until("error")
    assert err["ref"] == seq and err["code"] == "invalid" and "out of range" in err["reason"]
    app.close()


# ---- 7. a paired tablet's bad MAC is not "unpaired"; the state is private

def test_a_bad_mac_from_a_known_tablet_is_a_key_mismatch(box):
    bridge, _ = box
    wrong = RawApp(bridge.url)
    wrong.hello(ROGUE, key=b"\x09" * 32)  # the box knows this id, with another key
    wrong.ch.send({"t": "sync"})
    assert wrong.read_until("error")["code"] == "key_mismatch"
    stranger = RawApp(bridge.url)
    stranger.hello("nobody-knows-me", key=b"\x09" * 32)
    stranger.ch.send({"t": "sync"})
    assert stranger.read_until("error")["code"] == "unpaired"
    wrong.close()
    stranger.close()


def test_the_box_state_is_private(box):
    bridge, client = box
    into_phase(bridge, client, "vote")
    assert bridge.state.stat().st_mode & 0o777 == 0o700
    for name in ("state.json", "paired.json"):
        assert (bridge.state / name).stat().st_mode & 0o777 == 0o600, name


# ---- replay, hijack, over TCP and over the serial line

def test_frames_replayed_from_an_earlier_session_are_refused(over_pty):
    bridge, client = over_pty
    assert client.wait_for(connected, T)
    client.stop()
    bridge.wait_link(up=False)
    first = RawApp(bridge.tty)
    first.session()
    first.ch.send({"t": "debate", "remaining": 100, "total": 100})
    bridge.expect("phase debate")
    first.read_until(lambda: first.ch.unacknowledged == 0)
    recorded = list(first.sent)
    first.ch.send({"t": "reset"})
    bridge.expect("phase idle")
    first.close()
    again = RawApp(bridge.tty)
    again.hello()  # a new session, new nonces
    for frame in recorded:
        again.write(frame)
    again.pump(0.5)
    bridge.say("show")
    assert bridge.expect(r"phase (\w+)")[1] == "idle"
    assert "bad MAC" in bridge.log()
    again.close()


def test_a_hijack_attempt_beside_the_tablet_changes_nothing(over_pty):
    """A second device on the same serial line (or a forged TCP connection) sends frames
    in the tablet's name while its session runs: refused; the tablet's session goes on."""
    bridge, client = over_pty
    assert client.wait_for(connected, T)
    client.start_debate(time.monotonic() + 200, 200)
    bridge.expect("phase debate")
    for url in (bridge.tty, bridge.url):
        rogue = RawApp(url)
        rogue.write(p.encode_frame({"t": "reset", "s": 40}, "00" * p.MAC_BYTES))
        rogue.write(p.encode_frame({"t": "reset", "s": 41},
                                        p.frame_mac(b"\x00" * 32, "app", b"{}")))
        rogue.pump(0.3)
        rogue.close()
    bridge.say("show")
    assert bridge.expect(r"phase (\w+)")[1] == "debate"
    bridge.say("press 1")
    assert client.wait_for(lambda c: c.ready_seats == {0}, T)
    assert client.status == "connected"
