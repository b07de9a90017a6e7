"""A night resumed at a cue says that cue at once, then goes on from there."""

from onenight.game.clock import FakeClock
from onenight.narration import FakeAudio, NightRunner, build_night_plan
from onenight.narration.settings import NarrationSettings

DECK = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"]


def test_a_resumed_night_says_its_cue_again_then_goes_on():
    plan = build_night_plan(DECK, NarrationSettings(lang="fr", jitter=0))
    for at in (0, 5, len(plan.cues) - 1):
        clock = FakeClock(100.0)
        audio = FakeAudio(clock=clock)
        runner = NightRunner(plan, audio, clock)
        fired = runner.start(at)
        assert fired == [plan.cues[at]]
        while not runner.finished:
            clock.advance(0.5)
            fired += runner.poll()
        assert fired == list(plan.cues[at:])
