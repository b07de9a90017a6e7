"""The text-only night (when the voice cannot be loaded): every step of the deck, each for
the same time whatever the deal, with pause, resume and replay on a hand-moved clock."""

import random

from onenight.game.timer import ManualClock
from onenight.rules.steps import night_steps
from onenight.ui.i18n import Translator
from onenight.ui.night_driver import TextNight

DECK = ["werewolf", "mystic_wolf", "revealer", "witch", "apprentice_seer", "villager",
        "sentinel", "villager"]


def night(jitter=0):
    clock = ManualClock()
    said = []
    d = TextNight(DECK, clock, Translator("fr").t, lambda step_id: 10, jitter=jitter,
                  rng=random.Random(2), on_say=lambda title, line: said.append(title))
    return d, clock, said


def test_every_step_is_called_in_order_and_the_night_ends():
    d, clock, said = night()
    d.start()
    while not d.done:
        clock.advance(1)
        d.tick()
    titles = [t for i, t in enumerate(said[:-1]) if i % 2 == 1]  # the wake of each step
    names = [Translator("fr").t(f"night.step.{s.id}.title") for s in night_steps(DECK)]
    assert titles == names
    assert said[0] == "La nuit tombe" and said[-1] == "Le jour se lève"


def test_pause_freezes_and_replay_restarts_the_line():
    d, clock, said = night()
    d.start()
    clock.advance(6)
    d.tick()
    assert d.title() == "Sentinelle"
    d.pause()
    clock.advance(100)
    d.tick()
    assert d.title() == "Sentinelle" and d.paused
    d.resume()
    clock.advance(9)
    d.tick()
    d.replay_last()
    assert said[-1] == said[-2] == "Sentinelle"
    clock.advance(9)
    d.tick()
    assert d.title() == "Sentinelle"  # the replay gave the players their time again
    clock.advance(1.5)
    d.tick()
    assert d.line() == "Sentinelle, ferme les yeux."


def test_same_length_for_every_deal():
    a, b = night(jitter=2)[0], night(jitter=2)[0]
    assert [c.seconds for c in a.cues] == [c.seconds for c in b.cues]
