"""The box's side of a connection, in-process on mock pins: whatever arrives, nothing breaks."""

import copy

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from onenight_box import protocol as p
from onenight_box.link import Bridge, BoxSession, PairedApps

KEY = b"\x07" * 32


def session_on(rig, tmp_path):
    paired = PairedApps(tmp_path / "paired.json")
    paired.add("tab", KEY, "the tablet")
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
    p.encode_frame({"t": "pair", "id": "evil", "name": "", "commit": "0" * 64}),
    p.encode_frame({"t": "pair_reveal", "id": "evil", "pub": "02"}),
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


def deliver(out, app):
    for frame in out:
        app.data_received(frame)
    out.clear()


OPEN = {"t": "open", "round": 5, "kind": "vote", "seats": [0, 1, 2], "players": 4,
        "targets": [0, 1, 2, 3], "self": False, "choice": "seat"}


def test_an_authenticated_app_drives_the_box(rig, tmp_path):
    bridge, session, out = session_on(rig, tmp_path)
    app, got = app_channel(rig, out, session)
    assert any(m["t"] == "snapshot" and m["phase"] == "idle" for m in got)
    app.send(OPEN)
    rig.vote(1, 3)
    bridge.step()
    deliver(out, app)
    vote = next(m for m in got if m["t"] == "vote")
    assert vote["seat"] == 1 and p.open_seal(app.key, vote["sealed"]) == 3
    app.send(OPEN)  # a resend
    assert rig.logic.state.votes == {1: 3}  # kept


def pick_traffic(clock, tmp_path, press):
    """The frames the box sends during a pick round (time, size, kind), and the tables the
    app opened; seat 3 picks seat 1 half way through if ``press``."""
    from tests.onenight_box.conftest import Rig
    rig = Rig(clock, tmp_path / "state.json")
    bridge, session, out = session_on(rig, tmp_path)
    app, got = app_channel(rig, out, session)
    app.send({**OPEN, "kind": "pick", "round": 6})
    got.clear()
    frames = []
    for step in range(60):
        if step == 17 and press:
            rig.vote(2, 0)  # 0.2 s of the clock...
        elif step == 17:
            rig.poll(0.1)  # ...or the same time without a press
            rig.poll(0.1)
        else:
            rig.clock.advance(0.05)
            bridge.step()
        frames += [(round(rig.clock(), 3), len(f), p.decode_frame(f[1:-1]).body["t"]) for f in out]
        deliver(out, app)
    tables = [p.open_table(app.key, m["sealed"]) for m in got if m["t"] == "picking"]
    app.send({"t": "close", "round": 6})
    bridge.step()
    deliver(out, app)
    final = next(m for m in got if m["t"] == "picks")
    rig.close()
    return frames, tables, p.open_table(app.key, final["sealed"]), {m["t"] for m in got}


def test_a_pick_round_sends_one_sealed_table_at_a_steady_pace(tmp_path):
    """Whatever is pressed, the app gets a table of the same size every half second, and
    nothing else: no frame says who chose, nor when."""
    from tests.onenight_box.conftest import FakeClock
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    pressed = pick_traffic(FakeClock(), tmp_path / "a", press=True)
    quiet = pick_traffic(FakeClock(), tmp_path / "b", press=False)
    assert pressed[0] == quiet[0]  # the same frames, at the same times, of the same sizes
    assert pressed[3] <= {"picking", "picks", "snapshot"}
    times = [t for t, _, kind in pressed[0] if kind == "picking"]
    gaps = [round(b - a, 2) for a, b in zip(times, times[1:])]
    assert len(times) > 4 and all(0.45 <= g <= 0.55 for g in gaps), gaps
    assert pressed[1][0] == {} and pressed[1][-1] == {2: 0} and pressed[2] == {2: 0}
    assert quiet[2] == {}


def test_a_session_that_did_not_open_the_round_hears_nothing_of_it(rig, tmp_path):
    bridge, session, out = session_on(rig, tmp_path)
    bridge.paired.add("other", b"\x08" * 32)
    rig.logic.open_round(7, "vote", [0, 1, 2], 4, by="tab")
    rig.vote(0, 2)
    other_out = []
    other = BoxSession(bridge, other_out.append, "other")
    bridge.add_session(other)
    got = []
    app = p.Channel("app", other.data_received, rig.clock, got.append, lambda r: None)
    nonce = p.new_nonce()
    app.send({"t": "hello", "v": p.VERSION, "id": "other", "n": nonce})
    deliver(other_out, app)
    app.restart(p.session_key(b"\x08" * 32, nonce, got[-1]["n"]))
    app.send({"t": "sync"})
    rig.vote(1, 3)
    bridge.step()
    deliver(other_out, app)
    snap = next(m for m in got if m["t"] == "snapshot")
    assert snap["voted"] == [0] and not snap["mine"] and "sealed" not in snap
    assert not any(m["t"] in ("vote", "votes") for m in got)


def test_pairing_needs_the_code_dialled_on_a_pad(rig, tmp_path):
    bridge, session, out = session_on(rig, tmp_path)
    got = []
    app = p.Channel("app", session.data_received, rig.clock, got.append, lambda r: None)
    private = p.dh_private()
    public = p.dh_public(private)
    app.send({"t": "pair", "id": "newtab", "name": "Ana's tablet",
              "commit": p.pair_commit(public)})
    deliver(out, app)
    box_pub = got[-1]["pub"]
    assert got[-1]["t"] == "pair_pub"
    app.send({"t": "pair_reveal", "id": "newtab", "pub": public})
    key = p.dh_shared_key(private, box_pub)
    code = p.pair_code(key, public, box_pub)
    bridge.step()
    assert bridge.paired.get("newtab") is None  # not before the code is dialled
    for digit in code:
        rig.hw.dial(5, int(digit))
        rig.press(5)
    bridge.step()
    deliver(out, app)
    answer = got[-1]
    assert answer["t"] == "paired" and answer["proof"] == p.pair_proof(key, "newtab", "box1")
    assert bridge.paired.get("newtab") == key
    assert [t["name"] for t in bridge.paired.list() if t["id"] == "newtab"] == ["Ana's tablet"]
    assert (tmp_path / "paired.json").stat().st_mode & 0o777 == 0o600


def test_a_value_that_does_not_match_its_commitment_ends_the_pairing(rig, tmp_path):
    """Someone in the middle who waits for the box's value before choosing his own cannot
    reveal one that matches the commitment he had to send first."""
    bridge, session, out = session_on(rig, tmp_path)
    got = []
    app = p.Channel("app", session.data_received, rig.clock, got.append, lambda r: None)
    app.send({"t": "pair", "id": "mitm", "name": "", "commit": p.pair_commit(p.dh_public(3))})
    deliver(out, app)
    app.send({"t": "pair_reveal", "id": "mitm", "pub": p.dh_public(p.dh_private())})
    deliver(out, app)
    assert got[-1]["t"] == "error" and "commitment" in got[-1]["reason"]
    assert not rig.logic.pairing_open()


def test_a_tablet_cannot_forget_the_owner_of_a_round_the_box_holds(rig, tmp_path):
    """Forgetting a tablet frees its round: another tablet may not do it while the round is
    under way or its results wait; the box's console may."""
    from onenight_box.box import Refused
    bridge, session, out = session_on(rig, tmp_path)
    bridge.paired.add("other", b"\x08" * 32)
    other = BoxSession(bridge, out.append, "other")
    other.app_id = "other"
    rig.logic.open_round(3, "vote", [0, 1], 4, by="tab")
    rig.vote(0, 1)
    rig.vote(1, 2)  # closed by itself: the results wait for "tab"
    assert rig.logic.state.phase == "closed"
    with pytest.raises(Refused):
        bridge.forget("tab", by=other)
    assert bridge.paired.get("tab") is not None
    assert bridge.forget("tab")  # the console
    assert rig.logic.state.owner is None
