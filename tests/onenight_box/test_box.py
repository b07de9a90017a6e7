"""The box on gpiozero's MockFactory pins: presses, bounce, ready, the vote, the night's
picks, pairing codes, bar and buzzer."""

import json
import logging

import pytest

from onenight_box.box import PAIR_WINDOW, Refused, seat_dialled


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


def test_wheel_digits_and_the_tens_switch_map_to_seats():
    assert [seat_dialled(d) for d in range(10)] == [9, 0, 1, 2, 3, 4, 5, 6, 7, 8]
    assert [seat_dialled(d, tens=True) for d in range(10)] == list(range(19, 9, -1))[:1] + \
        list(range(10, 19))


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
    assert "the round is closed" in caplog.text
    assert rig.logic.state.votes == {0: 1}
    assert rig.kinds("votes")[-1]["votes"] == {0: 1}


def test_a_seat_voting_on_the_tablet_cannot_vote_on_the_box(rig, caplog):
    rig.logic.open_vote([0, 1], 4, 1)
    with caplog.at_level(logging.INFO):
        rig.vote(3, 0)
    assert "votes on the tablet" in caplog.text and rig.logic.state.votes == {}


def run_vote(clock, tmp_path, target, name):
    """A vote in which seat 1 picks ``target``; returns everything a player could see or hear."""
    from tests.onenight_box.conftest import Rig
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
    from tests.onenight_box.conftest import FakeClock
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


def test_a_paused_debate_holds_the_bar_and_sounds_nothing(rig):
    bar, buzzer = rig.box.bar, rig.box.buzzer
    rig.logic.debate(62, 100)
    rig.poll(10)  # 52 s left
    rig.logic.debate(52, 100, paused=True)
    rig.poll()
    lit = [led.is_active for led in bar]
    assert lit == [True] * 6 + [False] * 4 and rig.logic.snapshot()["paused"]
    heard = []
    for _ in range(int(120 / 0.5)):  # two minutes held: past where the end would have been
        rig.poll(0.5)
        heard.append(buzzer.is_active)
        assert [led.is_active for led in bar] == lit
    assert not any(heard) and rig.logic.remaining() == 52
    rig.logic.debate(52, 100)  # resumed with the time it had
    rig.poll(47)
    assert rig.logic.remaining() == pytest.approx(5) and not rig.logic.snapshot()["paused"]


def test_a_paused_debate_survives_a_restart_unaged(clock, tmp_path):
    from tests.onenight_box.conftest import Rig

    first = Rig(clock, tmp_path / "state.json")
    first.logic.debate(40, 100, paused=True)
    first.close()
    clock.advance(30)
    again = Rig(clock, tmp_path / "state.json")
    try:
        assert again.logic.snapshot()["paused"] and again.logic.remaining() == 40
    finally:
        again.close()


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


def code(rig, seat, digits):
    for d in digits:
        rig.hw.dial(seat, int(d))
        rig.press(seat)


def test_a_pairing_code_is_dialled_one_digit_at_a_time(rig):
    rig.logic.start_pairing()
    rig.poll()
    assert rig.logic.pairing_open() and rig.kinds("pairing")
    code(rig, 3, "12")  # digits dialled before the code is known are kept
    rig.logic.pairing_code("1234")
    code(rig, 3, "34")
    assert rig.kinds("pair_code") == [{"t": "pair_code", "ok": True, "final": True}]
    assert not rig.logic.pairing_open()


def test_three_wrong_codes_and_the_pairing_is_given_up(rig):
    rig.logic.start_pairing()
    rig.logic.pairing_code("0000")
    for wrong in ("1111", "2222", "3333"):
        code(rig, 0, wrong)
    assert [e["final"] for e in rig.kinds("pair_code")] == [False, False, True]
    assert not any(e["ok"] for e in rig.kinds("pair_code")) and not rig.logic.pairing_open()


def test_a_pairing_code_not_dialled_in_time_is_given_up(rig):
    rig.logic.start_pairing()
    rig.logic.pairing_code("0000")
    rig.poll(PAIR_WINDOW + 1)
    assert rig.kinds("pair_code") == [{"t": "pair_code", "ok": False, "final": True}]


def closed_pick(logic):
    """A classic night between two steps: the tablet's pick is closed, the next not open."""
    logic.open_round(2, "pick", [0, 1], 4, by="tablet")
    logic.close(2, by="tablet")


@pytest.mark.parametrize("start", [lambda l: l.debate(300, 300), lambda l: l.open_vote([0], 4, 1),
                                   lambda l: l.open_round(2, "pick", [0, 1], 4), closed_pick])
def test_no_pairing_during_a_game_and_holding_a_key_opens_nothing(rig, start):
    start(rig.logic)
    with pytest.raises(Refused, match="busy"):
        rig.logic.start_pairing()
    rig.edge(5, True, 0.1)
    rig.poll(5)  # held 5 s: what used to open a pairing window
    rig.edge(5, False, 0.1)
    rig.poll()
    assert not rig.logic.pairing_open() and not rig.kinds("pairing")


def test_pairing_again_once_the_tablet_resets_or_is_forgotten(rig):
    closed_pick(rig.logic)
    rig.logic.reset(by="tablet")
    rig.logic.start_pairing()
    assert rig.logic.pairing_open()
    rig.logic.end_pairing()
    closed_pick(rig.logic)
    rig.logic.disown("tablet")  # the box forgot the tablet that held the round
    rig.logic.start_pairing()
    assert rig.logic.pairing_open()


def test_state_survives_a_restart(rig, clock, tmp_path):
    rig.logic.open_vote([0, 1, 2, 3], 4, 9)
    rig.vote(0, 2)
    rig.vote(1, 2)
    rig.close()
    from tests.onenight_box.conftest import Rig
    again = Rig(clock, tmp_path / "state.json")
    assert again.logic.state.votes == {0: 2, 1: 2}
    again.vote(0, 3)  # still refused: already voted
    again.vote(2, 0)
    assert again.logic.state.votes == {0: 2, 1: 2, 2: 0}
    again.close()


def test_corrupt_state_file_starts_idle(clock, tmp_path, caplog):
    (tmp_path / "state.json").write_text("{not json")
    from tests.onenight_box.conftest import Rig
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


# ---- a vote is on disk before anything about it leaves the box --------------------------

def test_a_vote_is_saved_before_it_is_sent(rig, tmp_path):
    """The power is cut the moment the vote leaves the box (here: when the link hears of it):
    the box that comes back has it, and refuses a second, different vote."""
    from tests.onenight_box.conftest import Rig
    on_disk = []

    def power_cut(ev):
        if ev["t"] == "vote":
            saved = json.loads((tmp_path / "state.json").read_text())
            on_disk.append(saved["votes"])

    rig.logic.listeners.append(power_cut)
    rig.logic.open_vote([0, 1, 2], 4, 5)
    rig.vote(0, 2)
    assert on_disk == [{"0": 2}]
    rig.close()
    again = Rig(rig.clock, tmp_path / "state.json")
    again.vote(0, 3)  # a second vote, for someone else: refused
    assert again.logic.state.votes == {0: 2}
    again.close()


def test_the_state_file_is_readable_by_the_box_only(rig, tmp_path):
    rig.logic.open_vote([0, 1], 4, 5)
    rig.vote(0, 1)
    assert (tmp_path / "state.json").stat().st_mode & 0o777 == 0o600


# ---- the night's picks: sleeping pads look and sound like woken ones ------------------------

def run_pick(clock, tmp_path, presses, name, choice="seat"):
    """A pick round for four living players in which ``presses`` (seat, dialled) happen at
    step 5; returns what a player could see or hear at each step, and the log lines."""
    from tests.onenight_box.conftest import Rig
    rig = Rig(clock, tmp_path / f"{name}.json")
    seen = []
    rig.logic.open_round(4, "pick", [0, 1, 2, 3], 5, targets=[0, 1, 2, 3], choice=choice)
    for step in range(40):
        if step == 5:
            for seat, dialled in presses:
                if choice == "seat":
                    rig.vote(seat, dialled)
                else:
                    rig.answer(seat, dialled)
            if not presses:  # the time a press takes, without one
                rig.poll(0.1)
                rig.poll(0.1)
        rig.poll(0.05)
        seen.append(rig.outputs())
    picks = dict(rig.logic.state.votes)
    rig.close()
    return seen, picks


@pytest.mark.parametrize("choice, presses", [
    # (1, 1): a seat dialling itself; (0, 4): a seat that cannot be chosen (dead)
    ("seat", [[(1, 3)], [(2, 0)], [], [(1, 1)], [(0, 4)]]),
    ("yes_no", [[(1, True)], [(2, False)], []]),
])
def test_a_pick_shows_nothing_of_who_pressed(tmp_path, caplog, choice, presses):
    """Whoever presses (a woken player, a sleeping one, nobody, a refused choice), every pad
    LED, the bar, the buzzer and the log go exactly the same way."""
    from tests.onenight_box.conftest import FakeClock
    runs, logs = [], []
    for i, p in enumerate(presses):
        with caplog.at_level(logging.DEBUG, logger="onenight_box"):
            caplog.clear()
            runs.append(run_pick(FakeClock(), tmp_path, p, f"{choice}{i}", choice))
            logs.append([r.getMessage() for r in caplog.records if "pick" not in r.getMessage()
                         and r.levelno >= logging.INFO])
    assert all(r[0] == runs[0][0] for r in runs)
    assert all(log == logs[0] for log in logs) and logs[0] == []
    assert [r[1] for r in runs] == ([{1: 3}, {2: 0}, {}, {}, {}] if choice == "seat"
                                    else [{1: 1}, {2: 0}, {}])


def test_a_later_press_replaces_a_pick(rig):
    rig.logic.open_round(1, "pick", [0, 1, 2], 3)
    rig.vote(0, 1)
    rig.vote(0, 2)
    rig.logic.close(1)
    rig.poll()
    assert rig.kinds("picks") == [{"t": "picks", "round": 1, "picks": {0: 2}}]


def test_a_dead_players_pad_refuses_input(rig):
    rig.logic.open_round(1, "vote", [0, 2, 3], 5, targets=[0, 2, 3])  # seats 2 and 5 are dead
    rig.vote(1, 0)
    flicker = set()
    for _ in range(8):
        rig.poll(0.05)
        flicker.add(rig.led(1))
    assert flicker == {True, False} and rig.logic.state.votes == {}
    rig.vote(0, 1)  # nor can the dead be chosen
    assert rig.logic.state.votes == {}
    rig.vote(0, 2)
    assert rig.logic.state.votes == {0: 2}


def test_a_second_vote_takes_only_the_tied_seats(rig):
    rig.logic.open_round(2, "vote", [0, 1, 2, 3, 4], 5, targets=[1, 3])
    rig.vote(0, 2)
    rig.vote(1, 1)  # a tied player cannot vote for himself
    assert rig.logic.state.votes == {}
    rig.vote(0, 3)
    rig.vote(1, 3)
    assert rig.logic.state.votes == {0: 3, 1: 3}


def test_the_captains_election_takes_a_vote_for_oneself(rig):
    rig.logic.open_round(3, "vote", [0, 1, 2], 3, self_ok=True)
    rig.vote(0, 0)
    assert rig.logic.state.votes == {0: 0}


def test_eighteen_pads_dial_seats_above_ten(clock, tmp_path):
    from tests.onenight_box.conftest import Rig
    rig = Rig(clock, tmp_path / "s.json")
    assert rig.logic.n == 18 and rig.logic.dial_limit == 20
    rig.logic.open_round(1, "vote", list(range(18)), 18)
    rig.vote(16, 10)  # seat 17 dials 11: the wheel on 1, the +10 switch on
    rig.vote(17, 9)  # seat 18 dials 10: the wheel on 0, the switch off
    rig.vote(0, 17)  # seat 1 dials 18
    assert rig.logic.state.votes == {16: 10, 17: 9, 0: 17}
    rig.hw.dial_seat(1, 19)  # 20: no such seat
    rig.press(1)
    assert 1 not in rig.logic.state.votes
    rig.close()


def test_pads_without_a_tens_switch_cannot_take_seats_above_ten(clock, tmp_path):
    import tomllib
    from onenight_box.pins import DEFAULT
    from tests.onenight_box.conftest import Rig
    raw = tomllib.loads(DEFAULT.with_name("pins-10.toml").read_text())
    lines = [f"{k} = {json.dumps(v)}" for k, v in raw.items() if not isinstance(v, dict) and k != "seats"]
    text = "\n".join(lines) + "\n"
    for name, e in raw["expanders"].items():
        text += f"[expanders.{name}]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in e.items())
    for part in ("bar", "buzzer", "status"):
        text += f"[{part}]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in raw[part].items())
    for seat in raw["seats"]:
        text += "[[seats]]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in seat.items()
                                        if k != "tens")
    (tmp_path / "pins.toml").write_text(text)
    rig = Rig(clock, tmp_path / "s.json", pins=tmp_path / "pins.toml")
    assert rig.logic.dial_limit == 10
    with pytest.raises(Refused, match="no \\+10 switch"):
        rig.logic.open_round(1, "vote", list(range(10)), 12)
    rig.logic.open_round(1, "vote", list(range(10)), 12, targets=list(range(10)))
    rig.close()


def test_only_the_tablet_that_opened_a_round_ends_it(rig):
    rig.logic.open_round(1, "vote", [0, 1, 2], 4, by="tablet")
    rig.vote(0, 1)
    for command in (lambda: rig.logic.debate(10, 10, by="phone"),
                    lambda: rig.logic.reset(by="phone"),
                    lambda: rig.logic.close(1, by="phone"),
                    lambda: rig.logic.open_round(2, "vote", [0], 4, by="phone")):
        with pytest.raises(Refused) as e:
            command()
        assert e.value.code == "not_owner"
    assert rig.logic.state.votes == {0: 1} and rig.logic.state.phase == "vote"
    rig.logic.close(1, by="tablet")
    with pytest.raises(Refused):  # closed, but its owner may not have the votes yet
        rig.logic.debate(10, 10, by="phone")
    rig.logic.disown("tablet")  # forgotten: the box is anyone's
    rig.logic.debate(10, 10, by="phone")
    assert rig.logic.state.phase == "debate"


def test_the_pad_test_reads_every_line_of_a_pad(rig):
    from onenight_box.box import PadWatch
    watch = PadWatch(rig.box)
    assert len(watch.scan()) == 18  # every pad, once
    rig.hw.dial(16, 7)
    rig.hw.tens(16, True)
    assert watch.scan() == ["seat 17: wheel 7 +10 on OK up"]
    rig.hw.key(16, True)
    assert watch.scan() == ["seat 17: wheel 7 +10 on OK down"] and rig.led(16)
    rig.hw.key(16, False)
    rig.hw.drive(rig.pins.seats[3].wheel[3], False)  # bits 8 and 2 closed together (a short
    rig.hw.drive(rig.pins.seats[3].wheel[1], False)  # in the cable, say): 10 is no digit
    assert watch.scan() == ["seat 4: wheel no digit (bits 1010: check bits 1-8) +10 off OK up",
                            "seat 17: wheel 7 +10 on OK up"]
    assert not rig.led(16)
