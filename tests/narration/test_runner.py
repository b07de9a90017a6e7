import pytest

from onenight.game.clock import Countdown, FakeClock
from onenight.narration import (DebateRunner, FakeAudio, NarrationError, NarrationSettings,
                                NightRunner, Voice, build_night_plan)
from onenight.rules.scenarios import SCENARIO

DECK = SCENARIO["sombre-reveil"].deck(4)  # sentinel, wolves, apprentice, witch, revealer
SETTINGS = NarrationSettings(ambience_volume=0.5, duck=0.4, voice_volume=0.8)


@pytest.fixture
def night():
    clock = FakeClock(1000)
    audio = FakeAudio(clock)
    plan = build_night_plan(DECK, SETTINGS)
    return plan, audio, clock, NightRunner(plan, audio, clock, SETTINGS)


def run_to_end(runner, clock, step=0.01, limit=3600):
    while not runner.finished:
        clock.advance(step)
        runner.poll()
        limit -= step
        assert limit > 0


def advance_to(runner, clock, position, step=0.005):
    """Poll often, as a scheduler would, until the night reaches ``position``."""
    while runner.position < position - 1e-9:
        clock.advance(min(step, position - runner.position))
        runner.poll()


def plays(audio):
    return [(t, path) for kind, t, path, *_ in audio.events if kind == "play"]


def test_every_cue_is_played_on_time_and_in_order(night):
    plan, audio, clock, runner = night
    runner.start()
    run_to_end(runner, clock)
    played = plays(audio)
    assert [p for _, p in played] == [c.audio for c in plan.cues]
    for (t, _), cue in zip(played, plan.cues):
        assert -1e-6 <= t - 1000 - cue.start < 0.01 + 1e-6
    # polled every 0.01 s: the last line starts up to one poll late, and its end is seen up
    # to one poll after it comes
    assert clock.now() - 1000 == pytest.approx(plan.total, abs=0.021)
    assert all(e[3] == 0.8 for e in audio.events if e[0] == "play")


def test_the_ambience_loops_under_the_night_and_ducks_under_the_voice(night):
    plan, audio, clock, runner = night
    runner.start()
    assert audio.events[0] == ("loop", 1000, plan.ambience, 0.5)
    first = plan.cues[0]
    clock.advance(first.start)
    runner.poll()
    assert audio.loop_volume == pytest.approx(0.2)
    clock.advance(first.duration + 0.01)
    runner.poll()
    assert audio.loop_volume == pytest.approx(0.5)
    run_to_end(runner, clock)
    assert audio.events[-1][0] == "stop_loop" and audio.loop_path is None


def test_no_ambience_when_its_volume_is_zero():
    clock = FakeClock()
    audio = FakeAudio(clock)
    s = NarrationSettings(ambience_volume=0)
    r = NightRunner(build_night_plan(DECK, s), audio, clock, s)
    r.start()
    run_to_end(r, clock, step=0.1)
    assert not [e for e in audio.events if e[0].startswith("loop")]


def test_a_pause_in_the_players_time_delays_everything_by_exactly_the_pause(night):
    plan, audio, clock, runner = night
    witch = next(s for s in plan.steps if s.step == "witch")
    runner.start()
    advance_to(runner, clock, witch.action_start + 3)
    runner.pause()
    assert runner.state == "paused" and runner.position == pytest.approx(witch.action_start + 3)
    clock.advance(120)
    assert runner.poll() == [] and runner.position == pytest.approx(witch.action_start + 3)
    runner.resume()
    run_to_end(runner, clock, step=0.005)
    after = [t - 1000 for t, p in plays(audio)][-len([c for c in plan.cues
                                                      if c.start > witch.action_start]):]
    expected = [c.start + 120 for c in plan.cues if c.start > witch.action_start]
    assert after == pytest.approx(expected, abs=0.006)


def test_a_line_cut_by_a_pause_is_said_again_whole(night):
    plan, audio, clock, runner = night
    cue = next(c for c in plan.cues if c.line == "witch.act")
    runner.start()
    advance_to(runner, clock, cue.start + 1.0)
    runner.pause()
    assert [e for e in audio.events if e[0] == "stop"][-1][1:] == (clock.now(), cue.audio)
    assert audio.loop_volume == pytest.approx(0.5)  # no ducking while paused
    clock.advance(30)
    fired = runner.resume()
    assert fired == [cue]
    assert plays(audio)[-1] == (clock.now(), cue.audio)


def test_replay_says_the_last_instruction_again_and_gives_that_time_back(night):
    plan, audio, clock, runner = night
    act = next(c for c in plan.cues if c.line == "witch.act")
    close = next(c for c in plan.cues if c.line == "witch.close")
    runner.start()
    advance_to(runner, clock, act.end + 4)
    assert runner.replay_last() is act
    t_replay = clock.now()
    assert plays(audio)[-1] == (t_replay, act.audio)
    run_to_end(runner, clock, step=0.005)
    t_close = next(t for t, p in plays(audio) if p == close.audio)
    # The close comes as late as the replay took (its clip and one gap).
    assert t_close - 1000 == pytest.approx(close.start + act.duration + SETTINGS.gap, abs=0.006)
    assert [p for _, p in plays(audio)].count(act.audio) == 2


def test_replay_while_the_instruction_is_being_said_restarts_it(night):
    plan, audio, clock, runner = night
    act = next(c for c in plan.cues if c.line == "sentinel.act")
    runner.start()
    advance_to(runner, clock, act.start + 1)
    assert runner.replay_last() is act
    assert plays(audio)[-1] == (clock.now(), act.audio)
    assert runner.position == pytest.approx(act.start)


def test_replay_while_another_line_plays_returns_to_that_line(night):
    plan, audio, clock, runner = night
    act = next(c for c in plan.cues if c.line == "witch.act")
    close = next(c for c in plan.cues if c.line == "witch.close")
    runner.start()
    advance_to(runner, clock, close.start + 0.5)
    assert runner.replay_last() is act
    clock.advance(act.duration + SETTINGS.gap + 0.001)
    assert runner.poll() == [close]  # said again, whole, after the replay


def test_replay_before_any_instruction_and_in_a_paused_night(night):
    plan, audio, clock, runner = night
    assert runner.replay_last() is None  # not started
    runner.start()
    advance_to(runner, clock, plan.cues[0].start + 0.1)
    assert runner.replay_last() is None  # only the night's opening said so far
    advance_to(runner, clock, plan.steps[0].action_start + 1)
    runner.pause()
    cue = runner.replay_last()
    assert cue.line == "sentinel.act" and runner.state == "running"


def test_a_late_scheduler_never_talks_over_a_line_nor_skips_one(night):
    plan, audio, clock, runner = night
    runner.start()
    clock.advance(plan.total / 2)  # the UI froze for half the night
    first = runner.poll()
    assert len(first) == 1  # one line now, the others in turn
    run_to_end(runner, clock, step=0.01)
    played = plays(audio)
    assert [p for _, p in played] == [c.audio for c in plan.cues]
    for (t0, p0), (t1, _) in zip(played, played[1:]):
        d = next(c.duration for c in plan.cues if c.audio == p0)
        assert t1 >= t0 + d - 1e-9


def test_controls_in_the_wrong_state_are_harmless_or_clear(night):
    plan, audio, clock, runner = night
    runner.pause(), runner.resume()
    assert runner.state == "ready" and runner.poll() == []
    runner.start()
    with pytest.raises(NarrationError, match="running"):
        runner.start()
    runner.set_volumes(voice=0.3, ambience=0.9)
    assert audio.loop_volume == 0.9
    with pytest.raises(NarrationError, match="volume"):
        runner.set_volumes(voice=2)
    runner.stop()
    assert runner.finished and audio.loop_path is None and runner.poll() == []


def test_next_due_lets_a_loop_sleep_without_missing_anything(night):
    plan, audio, clock, runner = night
    runner.start()
    steps = 0
    while not runner.finished:
        clock.advance(max(runner.next_due(), 0.001))
        runner.poll()
        steps += 1
    assert [p for _, p in plays(audio)] == [c.audio for c in plan.cues]
    assert steps < 4 * len(plan.cues)


def test_the_debate_warns_at_the_last_minute_and_the_vote_lands_on_the_deadline():
    clock = FakeClock()
    audio = FakeAudio(clock)
    voice = Voice("en")
    s = NarrationSettings(lang="en", debate_seconds=300)
    day = DebateRunner(voice, audio, Countdown(clock, s.debate_seconds, paused=True), s)
    assert day.poll() == [] and not day.over
    day.start()
    vote = voice.clip("vote.countdown").duration
    said = {}
    while not day.over:
        clock.advance(0.02)
        for line in day.poll():
            said[line] = clock.now()
    assert said["day.last_minute"] == pytest.approx(240, abs=0.021)
    assert said["vote.countdown"] + vote == pytest.approx(300, abs=0.021)
    assert clock.now() == pytest.approx(300, abs=0.021)
    assert [p.rsplit("/", 1)[-1] for p in audio.played()] == [
        "day.start.ogg", "day.last_minute.ogg", "vote.countdown.ogg"]


def test_a_paused_debate_waits():
    clock = FakeClock()
    day = DebateRunner(Voice("fr"), FakeAudio(clock), Countdown(clock, 60, paused=True),
                       NarrationSettings(debate_seconds=60, last_minute=60))
    day.start()
    clock.advance(10)
    day.pause()
    clock.advance(1000)
    assert day.poll() == [] and day.countdown.remaining() == 50
    day.resume()
    day.add(-45)
    clock.advance(5)
    assert day.poll() == ["vote.countdown"] and day.over


def test_replay_in_a_step_without_instruction_repeats_its_own_lines_not_an_earlier_step():
    clock = FakeClock()
    audio = FakeAudio(clock)
    deck = SCENARIO["les-sages"].deck(9)  # ... insomniac, minion
    plan = build_night_plan(deck, SETTINGS)
    runner = NightRunner(plan, audio, clock, SETTINGS)
    runner.start()
    for step, line in (("minion", "minion.thumbs"), ("insomniac", "insomniac.wake")):
        slot = next(s for s in plan.steps if s.step == step)
        advance_to(runner, clock, slot.action_start + 1)
        assert runner.replay_last().line == line


def test_skipping_a_step_says_its_closing_line_now_then_the_night_goes_on(night):
    plan, audio, clock, runner = night
    runner.start()
    slot = plan.steps[0]
    advance_to(runner, clock, slot.action_start + 1)  # the players are acting
    said = runner.skip_step()
    close = [c for c in plan.cues if c.step == slot.step and c.kind == "close"][0]
    assert said is close and plays(audio)[-1][1] == close.audio
    assert runner.position == pytest.approx(close.start)
    # between two steps, a skip goes on to the next step's first line
    advance_to(runner, clock, close.end + 0.01)
    nxt = plan.cues[plan.cues.index(close) + 1]
    assert runner.skip_step() is nxt and plays(audio)[-1][1] == nxt.audio
    # every later line is still said, in order
    run_to_end(runner, clock)
    later = [p for _, p in plays(audio)][-(len(plan.cues) - plan.cues.index(nxt)):]
    assert later == [c.audio for c in plan.cues[plan.cues.index(nxt):]]
    assert runner.skip_step() is None  # nothing left
