"""The box's side of a connection, in-process on mock pins: whatever arrives, nothing breaks."""

import copy

from hypothesis import HealthCheck, given, settings, strategies as st

from firmware_bridge import protocol as p
from firmware_bridge.link import Bridge, BoxSession, PairedApps

KEY = b"\x07" * 32


def session_on(rig, tmp_path):
    paired = PairedApps(tmp_path / "paired.json")
    paired.add("tab", KEY)
    bridge = Bridge(rig.logic, paired, "box1", clock=rig.clock)
    out = []
    s = BoxSession(bridge, out.append, "test")
    bridge.add_session(s)
    return bridge, s, out


def app_channel(rig, out, session):
    """An app talking to ``session``; returns it once authenticated."""
    got = []
    app = p.Channel("app", session.data_received, rig.clock, got.append, lambda r: None)
    nonce = p.new_nonce()
    app.send({"t": "hello", "v": p.VERSION, "id": "tab", "n": nonce})
    hello = None
    for frame in out:
        app.data_received(frame)
    out.clear()
    hello = next(m for m in got if m["t"] == "hello")
    app.restart(p.session_key(KEY, nonce, hello["n"]))
    app.send({"t": "sync"})
    for frame in out:
        app.data_received(frame)
    out.clear()
    assert session.authenticated
    return app, got


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.binary(max_size=200) | st.sampled_from([
    b"#{}~*00000000\n", b"\n\n", b"#" * 50, p.encode_frame({"t": "open", "s": 1}),
    p.encode_frame({"t": "hello", "v": 1, "id": "x" * 80, "n": "n"}),
    p.encode_frame({"t": "pair", "id": "evil", "pub": "02"}),
    p.encode_frame({"t": "reset", "s": 5}, "ab" * 16)]), max_size=8))
def test_hostile_bytes_never_crash_and_never_change_the_vote(rig, tmp_path, chunks):
    rig.logic.open_vote([0, 1, 2], 4, 11)
    rig.vote(0, 2)
    before = copy.deepcopy(rig.logic.state)
    bridge, session, out = session_on(rig, tmp_path)
    for chunk in chunks:
        session.data_received(chunk)
        bridge.step()
    assert rig.logic.state == before
    assert not session.authenticated


def test_an_authenticated_app_drives_the_box(rig, tmp_path):
    bridge, session, out = session_on(rig, tmp_path)
    app, got = app_channel(rig, out, session)
    assert any(m["t"] == "snapshot" and m["phase"] == "idle" for m in got)
    app.send({"t": "open", "seats": [0, 1, 2], "players": 4, "round": 5})
    rig.vote(1, 3)
    bridge.step()
    for frame in out:
        app.data_received(frame)
    vote = next(m for m in got if m["t"] == "vote")
    assert vote["seat"] == 1 and p.open_seal(app.key, vote["sealed"]) == 3
    app.send({"t": "open", "seats": [0, 1, 2], "players": 4, "round": 5})  # a resend
    assert rig.logic.state.votes == {1: 3}  # kept


def test_pairing_only_inside_the_window(rig, tmp_path):
    bridge, session, out = session_on(rig, tmp_path)
    got = []
    app = p.Channel("app", session.data_received, rig.clock, got.append, lambda r: None)
    private = p.dh_private()
    app.send({"t": "pair", "id": "newtab", "pub": p.dh_public(private)})
    for frame in out:
        app.data_received(frame)
    out.clear()
    assert got[-1]["t"] == "error" and "pairing refused" in got[-1]["reason"]
    assert bridge.paired.get("newtab") is None
    rig.edge(0, True, 0.1)
    rig.poll(3.5)  # held 3.5 s
    app.send({"t": "pair", "id": "newtab", "pub": p.dh_public(private)})
    for frame in out:
        app.data_received(frame)
    answer = got[-1]
    assert answer["t"] == "paired"
    assert bridge.paired.get("newtab") == p.dh_shared_key(private, answer["pub"])
    assert not rig.logic.pairing_open()  # one tablet per window
