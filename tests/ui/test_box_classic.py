"""The classic game with the vote box in the real window: the app's box link against the box's
own program (gpiozero mock pins, another process) over loopback TCP. A woken player chooses on
their pad and the night screen shows what a tap would have shown; the village votes on the
pads, secret until all are in; the debate offers the pads only while the box answers.

Waits are on the client's condition or the box's console, then one pass of Kivy's clock hands
the events to the screens: no sleeping."""

import json

import pytest

from onenight.game.classic_flow import TableOptions
from onenight.ui.box_link import BoxLink
from onenight.ui.driving import find, settle, tap, texts
from tests.box.conftest import APP, BOX, KEY, T, BridgeProcess, paired_state
from tests.ui.classic_play import home_after  # noqa: F401 (the shared app left as found)
from tests.ui.classic_play import (day_to_vote, debate_to_vote, go_on, later, night_act,
                                   night_until, screen, secrets_shown, vote_all)

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
SEATS = "seer werewolf witch villager hunter cupid werewolf villager".split()


@pytest.fixture
def dealt(app):
    """Eight players, this deal, no captain: the classic game standing at the first call of
    the night; abandoned afterwards, the app back home."""
    ctl = app.classic
    if ctl.phase != "setup":
        ctl.apply({"type": "abandon"})
    ctl.apply({"type": "players", "names": NAMES})
    ctl.apply({"type": "custom", "cards": SEATS})
    table = ctl.state.options.as_json()  # the table's options, kept across games: set whole
    ctl.apply({"type": "options", **TableOptions(captain="never").as_json()})
    ctl.apply({"type": "deal", "mode": "tablet", "seats": SEATS, "left_over": []})
    for seat in range(8):
        ctl.apply({"type": "seen", "seat": seat})
    ctl.apply({"type": "deal_done"})
    yield ctl
    if ctl.phase != "setup":
        ctl.apply({"type": "abandon"})
    ctl.apply({"type": "options", **table})
    app.go("home")
    settle()


@pytest.fixture
def boxed(app, tmp_path):
    """The box's own program, paired with this app, its link up: (bridge, link)."""
    state, _ = paired_state(tmp_path)
    bridge = BridgeProcess(state, tcp=True).start()
    (app.data_dir / "box-keys.json").write_text(
        json.dumps({"app_id": APP, "boxes": {BOX: KEY.hex()}}))
    old = app.box
    link = app.box = BoxLink(f"socket://127.0.0.1:{bridge.port}", app)
    try:
        assert link.client.wait_for(lambda c: c.status == "connected", T)
        settle()
        yield bridge, link
    finally:
        link.close()
        app.box = old
        bridge.stop()


def night_by_hand(app, ctl, victim=None):
    """The night's calls closed one by one (no voice): cupid's lovers 4 and 8, the pack's
    ``victim``, nothing else."""
    while ctl.phase == "night":
        w = ctl.state.window
        if w.step == "cupid":
            app.send({"type": "choose", "targets": [3, 7]}, ctl)
        elif w.step == "werewolves" and victim is not None:
            app.send({"type": "choose", "target": victim}, ctl)
        app.send({"type": "step_end", "step": w.step}, ctl)
    app.go("classic_dawn")


def reads_whole(app) -> list[str]:
    """What the box adds to a screen reads whole at both sizes, in both languages."""
    from kivy.core.window import Window

    from tests.ui.test_layout import problems_on_screen

    found = []
    size, lang = tuple(Window.size), app.lang
    try:
        for each_size, each_lang in (((800, 480), "fr"), ((800, 480), "en"), ((1280, 800), "fr")):
            Window.size = each_size
            app.set_language(each_lang)
            settle(12)
            found += [f"{each_size} {each_lang}: {p}" for p in problems_on_screen(app, "")]
    finally:
        Window.size = size
        app.set_language(lang)
        settle()
    return found


def test_a_classic_night_and_vote_on_the_pads(app, boxed, dealt):
    bridge, link = boxed
    client, pads, ctl = link.client, link.classic, dealt
    app.go("classic_night")
    night_until(app, "cupid")
    night_act(app, ("seats", [3, 7]))
    night_until(app, "seer")
    bridge.wait_round(pads.round)
    shown_before = sorted(texts(screen(app)))
    bridge.say("vote 4 2")  # a sleeping villager presses too: nothing shows it
    bridge.say("vote 1 7")  # the seer, on her pad
    assert client.wait_for(lambda c: 0 in c.picked_seats, T)
    settle()
    s = screen(app)
    assert s.chosen and "Gus" in secrets_shown(app)  # as after a tap
    assert client.picked_seats == {0}
    assert sorted(texts(s)) != shown_before
    night_until(app, "werewolves")  # the pack's pads: nothing on screen changes
    bridge.wait_round(pads.round)
    shown_before = sorted(texts(screen(app)))
    bridge.say("vote 2 4")
    bridge.say("vote 7 4")
    assert client.wait_for(lambda c: c.picked_seats == {1, 6}, T)
    settle()
    assert sorted(texts(screen(app))) == shown_before and not screen(app).chosen
    night_until(app, "witch")
    assert ctl.game.tonight.get("victim") == 3  # the seat both pads agreed on
    night_act(app, ("potions", True, None))  # the witch heals him, on the tablet
    night_until(app)

    day_to_vote(app)
    go_on(app)
    s = screen(app)
    assert s.name == "classic_debate" and s.box_ok
    assert find(s, "vote_box").opacity == 1
    assert reads_whole(app) == []
    tap(find(s, "vote_box"))
    s = screen(app)
    assert s.name == "classic_vote" and s.stage == "pads" and s.mode == "box"
    assert app.tr("classic.vote.pads") in texts(s)
    assert reads_whole(app) == []
    bridge.wait_round(pads.round)
    for seat in range(1, 8):
        bridge.say(f"vote {seat} {2 if seat != 2 else 3}")
    assert client.wait_for(lambda c: len(c.voted_seats) == 7, T)
    settle()
    assert s.stage == "pads" and s.is_in == [True] * 7 + [False]
    assert ctl.ballots_view().ballots is None  # whom for: not before all are in
    bridge.say("vote 8 2")
    assert client.wait_for(lambda c: c.votes is not None, T)
    settle()
    assert s.stage == "counted"
    tap(find(s, "action"))
    assert s.stage == "shown" and not ctl.game.alive(1)
    assert app.tr("classic.vote.eliminated", name="Bob",
                  card_name=app.translator.classic_card("werewolf")) in texts(s)

    # day 2: the vote begins on the tablet, moves to the pads, then the box drops
    tap(find(s, "action"))
    night_until(app)
    day_to_vote(app)
    go_on(app)
    tap(find(screen(app), "vote_tablet"))
    s = screen(app)
    assert s.stage == "cover" and s.pads_offered and find(s, "use_pads").opacity == 1
    assert reads_whole(app) == []
    tap(find(s, "use_pads"))
    assert s.stage == "pads" and s.mode == "box" and not s.pads_offered
    bridge.wait_round(pads.round)
    bridge.say("vote 1 3")
    assert client.wait_for(lambda c: c.voted_seats == {0}, T)
    settle()
    bridge.kill()
    assert client.wait_for(lambda c: c.status != "connected", T)
    settle()
    assert app.tr("classic.vote.pads_gone") in texts(s)
    tap(find(s, "action"))  # finish on the tablet: the pad's vote is kept
    assert s.stage == "cover" and s.voter == 2
    assert ctl.ballots_view().is_in[0] and ctl.state.ballots.votes[0] == 2
    assert not app.box_ready()


def test_the_hunter_shoots_on_his_pad_in_the_window(app, boxed, dealt):
    """The dawn names the hunter dead; the screen says he may shoot on his pad too (reading
    whole at both sizes); his pad's press is the shot."""
    bridge, link = boxed
    client, pads, ctl = link.client, link.classic, dealt
    night_by_hand(app, ctl, victim=4)
    go_on(app)
    for _ in range(40):
        later(app, 1)
    go_on(app)
    s = screen(app)
    assert s.stage == "chain" and ctl.chain_view().seat == 4
    assert app.tr("classic.pads.decide", name="Eve") in s.text
    assert reads_whole(app) == []
    bridge.wait_round(pads.round)
    bridge.say("vote 5 7")
    assert client.wait_for(lambda c: c.votes is not None, T)
    settle()
    assert not ctl.game.alive(6) and screen(app).name == "classic_dawn"
    for _ in range(40):  # the voice names the shot player
        later(app, 1)
    assert screen(app).stage == "dead" and "Gus" in screen(app).text


def test_without_a_box_the_day_is_taken_on_the_tablet(app, dealt):
    """No box: the debate and the vote offer nothing of it, and the vote goes round the
    tablet as before."""
    ctl = dealt
    assert app.box is None or not app.box_ready()
    night_by_hand(app, ctl)
    day_to_vote(app)
    go_on(app)
    s = screen(app)
    assert s.name == "classic_debate" and not s.box_ok
    assert find(s, "vote_box").opacity == 0 and find(s, "vote_box").disabled
    debate_to_vote(app, "tablet")
    s = screen(app)
    assert s.stage == "cover" and not s.pads_offered and find(s, "use_pads").opacity == 0
    vote_all(app, lambda seat: 1 if seat != 1 else 2)
    assert not ctl.game.alive(1)
