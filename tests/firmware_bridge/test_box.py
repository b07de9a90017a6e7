"""The box on gpiozero's MockFactory pins: presses, bounce, ready, the vote, bar and buzzer."""

import logging

import pytest

from firmware_bridge.box import BoxLogic, VoteBox, seat_of_digit


def test_one_press_gives_one_ready_signal(rig):
    rig.logic.debate(300, 300)
    rig.press(2)
    assert rig.kinds("ready") == [{"t": "ready", "seat": 2, "on": True}]
    assert rig.led(2) and not rig.led(3)


def test_contact_bounce_gives_no_extra_press(rig):
    rig.logic.debate(300, 300)
    for down in (True, False, True, False, True):  # chatter on the way down, 2 ms apart
        rig.edge(4, down)
    rig.poll(0.2)
    for down in (False, True, False, True, False):  # and on the way up
        rig.edge(4, down)
    rig.poll(0.2)
    assert rig.kinds("ready") == [{"t": "ready", "seat": 4, "on": True}]


def test_second_press_takes_ready_back(rig):
    rig.logic.debate(300, 300)
    rig.press(0)
    rig.press(0)
    assert [e["on"] for e in rig.kinds("ready")] == [True, False]
    assert not rig.led(0)


def test_a_tap_shorter_than_the_debounce_still_leaves_the_key_usable(rig):
    rig.logic.debate(300, 300)
    rig.edge(1, True, 0.1)
    rig.edge(1, False, 0.005)  # released within the debounce window: that edge is dropped
    rig.poll(0.1)
    rig.press(1)
    assert [e["on"] for e in rig.kinds("ready")] == [True, False]


def test_callbacks_only_queue(rig):
    rig.logic.debate(300, 300)
    rig.edge(3, True, 0.1)
    assert rig.kinds("ready") == []  # nothing happens until the loop polls
    rig.poll()
    assert len(rig.kinds("ready")) == 1


def test_wheel_digits_map_to_seats():
    assert [seat_of_digit(d) for d in range(10)] == [9, 0, 1, 2, 3, 4, 5, 6, 7, 8]


def test_a_whole_vote(rig):
    rig.logic.open_vote([0, 1, 2, 3, 4], 5, 7)
    rig.poll()
    rig.vote(0, 3)
    assert rig.kinds("vote") == [{"t": "vote", "seat": 0, "target": 3}]
    assert rig.led(0)
    for seat, target in ((1, 3), (2, 0), (3, 1)):
        rig.vote(seat, target)
    assert rig.kinds("votes") == []
    rig.vote(4, 4)  # seat 5 dials itself: refused, the vote stays open
    assert rig.kinds("votes") == []
    rig.vote(4, 0)
    assert rig.kinds("votes") == [{"t": "votes", "round": 7,
                                   "votes": {0: 3, 1: 3, 2: 0, 3: 1, 4: 0}}]
    assert rig.logic.state.phase == "closed"


@pytest.mark.parametrize("target, why", [(2, "themselves"), (6, "not at the table")])
def test_bad_votes_are_refused_and_lose_nothing(rig, caplog, target, why):
    rig.logic.open_vote([0, 1, 2], 5, 1)
    rig.vote(0, 1)
    with caplog.at_level(logging.INFO):
        rig.vote(2, target)
    assert why in caplog.text
    assert rig.logic.state.votes == {0: 1}
    flicker = set()  # the pad's LED flickers for a moment
    for _ in range(8):
        rig.poll(0.05)
        flicker.add(rig.led(2))
    assert flicker == {True, False}


def test_second_vote_and_vote_after_close_are_refused(rig, caplog):
    rig.logic.open_vote([0, 1, 2], 4, 1)
    rig.vote(0, 1)
    with caplog.at_level(logging.INFO):
        rig.vote(0, 2)
    assert "already voted" in caplog.text
    rig.logic.close(1)
    with caplog.at_level(logging.INFO):
        rig.vote(1, 0)
    assert "the vote is closed" in caplog.text
    assert rig.logic.state.votes == {0: 1}
    assert rig.kinds("votes")[-1]["votes"] == {0: 1}


def test_a_seat_voting_on_the_tablet_cannot_vote_on_the_box(rig, caplog):
    rig.logic.open_vote([0, 1], 4, 1)
    with caplog.at_level(logging.INFO):
        rig.vote(3, 0)
    assert "votes on the tablet" in caplog.text and rig.logic.state.votes == {}


def run_vote(clock, tmp_path, target, name):
    """A vote in which seat 1 picks ``target``; returns everything a player could see or hear."""
    from tests.firmware_bridge.conftest import Rig
    rig = Rig(clock, tmp_path / f"{name}.json")
    seen = []
    rig.logic.open_vote([0, 1, 2], 4, 3)
    for step in range(40):
        if step == 5:
            rig.vote(1, target)
        rig.poll(0.05)
        seen.append((tuple(p.led.is_active for p in rig.box.pads), rig.box.bar.value,
                     rig.box.buzzer.is_active, rig.box.status.is_active))
    rig.close()
    return seen, [e for e in rig.events if e["t"] != "vote"]


def test_nothing_shows_whom_a_seat_voted_for(tmp_path, caplog):
    from tests.firmware_bridge.conftest import FakeClock
    with caplog.at_level(logging.INFO):
        a = run_vote(FakeClock(), tmp_path, 0, "a")
        log_a = [r.getMessage() for r in caplog.records]
        caplog.clear()
        b = run_vote(FakeClock(), tmp_path, 3, "b")
        log_b = [r.getMessage() for r in caplog.records]
    assert a == b  # LEDs, bar, buzzer and the events besides the sealed vote
    assert log_a == log_b


def test_bar_shows_the_time_left(rig):
    bar = rig.box.bar
    rig.logic.debate(100, 100)
    rig.poll()
    assert sum(led.is_active for led in bar) == 10
    rig.poll(45)  # 55 s left: 5.5 tenths, rounded up
    assert [led.is_active for led in bar] == [True] * 6 + [False] * 4
    rig.poll(54.5)  # half a second left: still one LED
    assert sum(led.is_active for led in bar) == 1
    rig.poll(1)
    assert sum(led.is_active for led in bar) == 0


def test_buzzer_last_minute_three_two_one_and_end(rig):
    buzzer = rig.box.buzzer
    rig.logic.debate(62, 120)
    rig.poll()
    assert not buzzer.is_active
    rig.poll(2.0)  # 60 s left
    assert buzzer.is_active
    rig.poll(0.5)
    assert not buzzer.is_active
    heard = []
    for _ in range(int(61 / 0.05)):
        rig.poll(0.05)
        heard.append(buzzer.is_active)
    onsets = sum(1 for a, b in zip(heard, heard[1:]) if b and not a)
    assert onsets == 4  # 3, 2, 1 and the end
    assert heard[-1] is False and rig.logic.remaining() == 0


def test_cue_three_two_one(rig):
    rig.logic.play("three_two_one")
    heard = []
    for _ in range(100):
        rig.poll(0.05)
        heard.append(rig.box.buzzer.is_active)
    assert sum(1 for a, b in zip(heard, heard[1:]) if b and not a) == 3
    assert heard.count(True) > 20  # the last beep is long


def test_holding_a_key_opens_the_pairing_window(rig):
    rig.press(5)
    rig.poll(5)
    assert not rig.logic.pairing_open()
    rig.edge(5, True, 0.1)
    rig.poll(1)
    rig.poll(2.5)
    assert rig.logic.pairing_open()
    assert rig.kinds("pairing")
    rig.poll(61)
    assert not rig.logic.pairing_open()


def test_state_survives_a_restart(rig, clock, tmp_path):
    rig.logic.open_vote([0, 1, 2, 3], 4, 9)
    rig.vote(0, 2)
    rig.vote(1, 2)
    rig.close()
    from tests.firmware_bridge.conftest import Rig
    again = Rig(clock, tmp_path / "state.json")
    assert again.logic.state.votes == {0: 2, 1: 2}
    again.vote(0, 3)  # still refused: already voted
    again.vote(2, 0)
    assert again.logic.state.votes == {0: 2, 1: 2, 2: 0}
    again.close()


def test_corrupt_state_file_starts_idle(clock, tmp_path, caplog):
    (tmp_path / "state.json").write_text("{not json")
    from tests.firmware_bridge.conftest import Rig
    with caplog.at_level(logging.ERROR):
        r = Rig(clock, tmp_path / "state.json")
    assert r.logic.state.phase == "idle" and "unreadable" in caplog.text
    r.close()


def test_commands_with_bad_rounds_are_refused(rig):
    with pytest.raises(ValueError):
        rig.logic.close(4)
    with pytest.raises(ValueError):
        rig.logic.open_vote([9], 5, 1)
    assert rig.logic.state.phase == "idle"


def test_pin_factory_reaches_every_part(rig):
    parts = [rig.box.bar, rig.box.buzzer, rig.box.status, *rig.box.pads]
    assert all(p.pin_factory is rig.hw.factory for p in parts)
    assert all(c.pin_factory is rig.hw.factory for pad in rig.box.pads for c in pad)
