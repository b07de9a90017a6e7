"""The app with the real box client, against the box's own program (simulated pads) over
TCP: ready signals, votes in without their targets, then every vote at once.

Waits are on the client's condition (``wait_for``), then one pass of the Kivy clock hands
the events to the screens: no sleeping."""

import json

from onenight.ui.box_link import BoxLink
from onenight.ui.driving import settle
from tests.box.conftest import APP, BOX, KEY, BridgeProcess, paired_state


def test_a_vote_through_the_simulated_box(app, tmp_path):
    state, _ = paired_state(tmp_path)
    bridge = BridgeProcess(state, tcp=True).start()
    keys = app.data_dir / "box-keys.json"
    keys.write_text(json.dumps({"app_id": APP, "boxes": {BOX: KEY.hex()}}))
    old = app.box
    link = app.box = BoxLink(f"socket://127.0.0.1:{bridge.port}", app)
    client = link.client
    try:
        assert client.wait_for(lambda c: c.status == "connected", 10)
        settle()
        assert app.box_ready()
        ctl = app.ctl
        ctl.apply({"type": "abandon"})
        ctl.apply({"type": "players", "names": ["Ana", "Ben", "Cyd"]})
        ctl.apply({"type": "scenario", "id": "sombre-reveil"})
        ctl.apply({"type": "start_night"})
        ctl.apply({"type": "night_done", "minutes": 5})
        app.go("day")
        app.sync_box_debate()
        bridge.expect("phase debate")
        bridge.say("press 1")
        bridge.say("press 3")
        assert client.wait_for(lambda c: len(c.ready_seats) == 2, 10)
        settle()
        assert ctl.state.ready == 2
        app.sm.current_screen.start_vote("box")
        bridge.expect("phase vote")
        bridge.say("vote 1 2")
        bridge.say("vote 3 2")
        assert client.wait_for(lambda c: len(c.voted_seats) == 2, 10)
        settle()
        v = ctl.vote_view()
        assert v.is_in == (True, False, True) and v.votes is None and v.counts is None
        bridge.say("vote 2 1")
        assert client.wait_for(lambda c: c.votes is not None, 10)
        settle()
        v = ctl.vote_view()
        assert v.revealed and v.votes == (1, 0, 1) and v.counts == (1, 2, 0)
        # the game holds the box no more: it is idle, where a tablet may pair again
        bridge.expect("phase idle")
    finally:
        link.close()
        app.box = old
        bridge.stop()
        app.ctl.apply({"type": "abandon"})
        app.go("home")
        settle()
