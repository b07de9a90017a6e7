"""The link protocol on its own: frames, MACs, sequence numbers, resends, heartbeat, seals."""

import hmac

import pytest
import serial
from hypothesis import given, settings, strategies as st

from onenight_box import protocol as p


def frames_of(data: bytes):
    got, errors = [], []
    f = p.Framer(got.append, errors.append)
    f.feed(data)
    return got, errors


def test_frame_round_trip():
    got, errors = frames_of(p.encode_frame({"t": "ping", "s": 3}, "ab"))
    assert errors == [] and got[0].body == {"t": "ping", "s": 3} and got[0].mac == "ab"


def test_garbage_between_frames_is_dropped_and_reported():
    data = b"\x00\xffnoise" + p.encode_frame({"t": "ping"}) + b"junk\n#half" + p.encode_frame({"t": "ack", "a": 1})
    got, errors = frames_of(data)
    assert [g.body["t"] for g in got] == ["ping", "ack"]
    assert any("garbage" in e for e in errors) and any("cut short" in e for e in errors)


def test_bad_checksum_is_refused():
    frame = bytearray(p.encode_frame({"t": "ping"}))
    frame[3] ^= 1
    got, errors = frames_of(bytes(frame))
    assert got == [] and "checksum" in errors[0]


def test_oversized_frame_is_refused():
    got, errors = frames_of(b"#" + b"x" * (p.MAX_FRAME + 10))
    assert got == [] and "longer than" in errors[0]


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_any_bytes_never_crash_the_framer(data):
    frames_of(data)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["t", "s", "seat", "on", "sealed", "votes", "round",
                                        "remaining", "total", "seats", "players", "cue", "v",
                                        "id", "n", "a", "pub", "phase", "ready", "voted"]),
                       st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                                    lambda c: st.lists(c, max_size=3)
                                    | st.dictionaries(st.text(max_size=3), c, max_size=3),
                                    max_leaves=6)))
def test_check_message_refuses_or_accepts_but_never_crashes(body):
    for sender in ("app", "box"):
        try:
            p.check_message(body, sender)
        except p.ProtocolError:
            pass


OPEN = {"t": "open", "round": 1, "kind": "vote", "players": 5, "seats": [0, 1], "targets": [0, 1],
        "self": False, "choice": "seat"}


@pytest.mark.parametrize("body, sender, reason", [
    ({"t": "launch"}, "app", "unknown message"),
    ({"t": "vote", "seat": 3, "sealed": "x"}, "app", "unknown message"),  # only the box sends votes
    ({"t": "ready", "seat": 18, "on": True}, "box", "out of range"),
    ({"t": "ready", "seat": True, "on": True}, "box", "seat number"),
    ({**OPEN, "seats": [0, 0]}, "app", "twice"),
    ({**OPEN, "seats": [6]}, "app", "out of range"),
    ({**OPEN, "targets": [5]}, "app", "out of range"),
    ({**OPEN, "players": 19}, "app", "out of range"),
    ({**OPEN, "kind": "poll"}, "app", "kind"),
    ({**OPEN, "choice": "yes_no"}, "app", "a vote is for a seat"),
    ({**OPEN, "self": 1}, "app", "true or false"),
    ({"t": "hello", "v": 1, "id": "a", "n": "b"}, "app", "version 1"),
    ({"t": "hello", "v": 2, "id": "a", "n": "b", "known": True}, "box", "pads"),
    ({"t": "pair", "id": "a", "name": "", "commit": "ab"}, "app", "commit"),
    ({"t": "votes", "round": 1, "votes": {"0": 2}}, "box", "votes.sealed"),  # never in clear
    ({"t": "error", "reason": "x", "code": "oops"}, "box", "error.code"),
    ({"t": "cue", "cue": "siren"}, "app", "unknown cue"),
    ({"t": "debate", "remaining": -1, "total": 10}, "app", "out of range"),
])
def test_bad_messages_are_refused_with_a_reason(body, sender, reason):
    with pytest.raises(p.ProtocolError, match=reason):
        p.check_message(body, sender)


class Pair:
    """An app channel and a box channel wired back to back, with a fake clock."""

    def __init__(self, key=b"k" * 32):
        self.t = 0.0
        self.wire = {"app": [], "box": []}  # bytes in flight towards each side
        self.got = {"app": [], "box": []}
        self.refused = {"app": [], "box": []}
        clock = lambda: self.t
        self.app = p.Channel("app", self.wire["box"].append, clock, self.got["app"].append,
                             self.refused["app"].append, key=key)
        self.box = p.Channel("box", self.wire["app"].append, clock, self.got["box"].append,
                             self.refused["box"].append, key=key)

    def deliver(self, to, drop=False):
        data, self.wire[to][:] = b"".join(self.wire[to]), []
        if not drop:
            (self.app if to == "app" else self.box).data_received(data)
        return data


def test_reliable_messages_are_resent_until_acknowledged():
    c = Pair()
    c.box.send({"t": "ready", "seat": 1, "on": True})
    c.deliver("app", drop=True)  # lost on the way
    c.t += p.RESEND_AFTER
    c.box.tick()
    c.deliver("app")
    assert c.got["app"] == [{"t": "ready", "seat": 1, "on": True, "s": 1}]
    c.deliver("box")  # the ack
    assert c.box.unacknowledged == 0


def test_a_resend_is_acknowledged_but_not_delivered_twice():
    c = Pair()
    c.box.send({"t": "ready", "seat": 1, "on": True})
    c.deliver("app")
    c.deliver("box", drop=True)  # the ack is lost
    c.t += p.RESEND_AFTER
    c.box.tick()
    c.deliver("app")
    assert len(c.got["app"]) == 1 and "already received" in c.refused["app"][0]
    c.deliver("box")
    assert c.box.unacknowledged == 0


def test_frames_with_another_key_or_session_are_refused():
    c = Pair()
    intruder = p.Channel("box", c.wire["app"].append, lambda: c.t, print, print, key=b"x" * 32)
    intruder.send({"t": "ready", "seat": 1, "on": True})
    c.deliver("app")
    assert c.got["app"] == [] and "bad MAC" in c.refused["app"][0]


def test_a_frame_replayed_in_a_new_session_is_refused():
    paired = b"p" * 32
    old = Pair(p.session_key(paired, "a1", "b1"))
    old.box.send({"t": "ready", "seat": 4, "on": True})
    captured = old.deliver("app")
    new = Pair(p.session_key(paired, "a2", "b2"))
    new.app.data_received(captured)
    assert new.got["app"] == [] and "bad MAC" in new.refused["app"][0]


def test_a_frame_cannot_be_reflected_to_its_sender():
    c = Pair()
    c.app.send({"t": "sync"})
    reflected = c.deliver("box", drop=True)
    c.app.data_received(reflected)
    assert c.got["app"] == [] and c.refused["app"]


def test_heartbeat_and_link_lost_after_three_seconds():
    c = Pair()
    c.t = p.HEARTBEAT
    c.app.tick()
    assert b'"t":"ping"' in c.deliver("box")
    c.t = p.HEARTBEAT + p.LINK_TIMEOUT - 0.1
    assert c.box.tick()
    c.t = p.HEARTBEAT + p.LINK_TIMEOUT + 0.1
    assert not c.box.tick() and c.box.lost


def test_seal_hides_the_target_and_opens_with_the_key():
    key = b"s" * 32
    seals = {t: p.seal_target(key, t) for t in range(10)}
    assert len({len(s) for s in seals.values()}) == 1
    assert all(p.open_seal(key, s) == t for t, s in seals.items())
    assert p.seal_target(key, 3) != p.seal_target(key, 3)  # fresh nonce each time
    for bad in ("zz", "00" * 4):
        with pytest.raises(p.ProtocolError):
            p.open_seal(key, bad)


def test_pairing_agrees_on_one_key_and_one_code():
    a, b = p.dh_private(), p.dh_private()
    k1 = p.dh_shared_key(a, p.dh_public(b))
    assert k1 == p.dh_shared_key(b, p.dh_public(a)) and len(k1) == 32
    code = p.pair_code(k1, p.dh_public(a), p.dh_public(b))
    assert len(code) == p.CODE_DIGITS and code.isdigit()
    other = p.dh_shared_key(a, p.dh_public(p.dh_private()))  # someone in the middle
    assert p.pair_code(other, p.dh_public(a), p.dh_public(b)) != code or other == k1
    assert p.pair_commit(p.dh_public(a)) != p.pair_commit(p.dh_public(b))
    with pytest.raises(p.ProtocolError):
        p.dh_shared_key(a, "1")


def test_a_sealed_table_hides_how_many_chose_and_who():
    key = b"t" * 32
    tables = [{}, {3: 7}, {0: 1, 17: 0, 9: 9}]
    seals = [p.seal_table(key, t) for t in tables]
    assert len({len(s) for s in seals}) == 1
    assert [p.open_table(key, s) for s in seals] == tables
    with pytest.raises(p.ProtocolError):  # another key: bytes that are no seat (18 of them)
        p.open_table(b"u" * 32, seals[2])


def test_dh_prime_is_a_safe_prime():
    q = (p.DH_PRIME - 1) // 2
    for base in (2, 3, 5, 7):
        assert pow(base, p.DH_PRIME - 1, p.DH_PRIME) == 1
        assert pow(base, q - 1, q) == 1


def test_channel_over_pyserial_loop():
    port = serial.serial_for_url("loop://", timeout=0.1)
    got, refused = [], []
    ch = p.Channel("box", port.write, lambda: 0.0, got.append, refused.append, key=b"k" * 32)
    ch.send({"t": "ready", "seat": 0, "on": True})
    ch.data_received(port.read(port.in_waiting))
    # a box hearing its own frame: refused (only an app may send to a box, and the MAC says box)
    assert got == [] and refused
