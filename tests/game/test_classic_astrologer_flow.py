"""Seed 000's Astrologue at the table's controller: his yes from a pad, and the solar
eclipse's new night, whose calls the table flow opens at once."""

from .classic_helpers import start


def end_call(c):
    c.apply({"type": "step_end", "step": c.state.window.step})


def to_step(c, step, night):
    while c.state.window is None or (c.state.window.step, c.state.window.night) != (step, night):
        if c.phase == "night":
            end_call(c)
        elif c.game.stop.kind.value == "votes":
            c.apply({"type": "close_vote", "confirm": True})
            c.apply({"type": "count"})
            c.apply({"type": "go"})
        elif c.phase == "debate":
            c.apply({"type": "start_vote", "mode": "fingers"})
        else:
            c.apply({"type": "go"})


SEATS = "astrologer werewolf seer villager werewolf villager villager villager"


def test_the_astrologers_yes_from_his_pad_and_the_solar_eclipses_night_opened_at_once(tmp_path):
    c = start(tmp_path, SEATS, captain="never")
    to_step(c, "astrologer", 1)
    c.apply({"type": "pick", "seat": 0, "yes": True})  # his pad's 1: the lunar eclipse
    assert c.state.window.chosen and c.game.memo.get("no_night") == 2
    to_step(c, "astrologer", 3)
    assert list(c.game.phases) == ["night 1", "day 1", "day 2", "night 3"]
    c.apply({"type": "pick", "seat": 0, "yes": True})  # the solar eclipse
    end_call(c)
    w = c.state.window
    assert c.phase == "night" and (w.night, w.step) == (4, "dusk")
    assert c.state.calls[:2] == ("dusk", "solar_eclipse")
