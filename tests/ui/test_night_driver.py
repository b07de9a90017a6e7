"""The text-only night (when the voice cannot be loaded) shows the narration's own lines: the
voiced night's lines, in the chosen language, in the same order and steps, timed by the same
rules, with nothing more on screen and the same length for every deal."""

import itertools
import random

import pytest

from onenight.game.clock import FakeClock
from onenight.narration import NarrationSettings, build_night_plan, build_text_plan, load_lines
from onenight.narration.plan import NIGHT
from onenight.narration.script import DAY_ARTIFACTS, NIGHT_CLOSING, NIGHT_OPENING, \
    step_script
from onenight.rules.scenarios import SCENARIOS, anarchy_deck
from onenight.rules.steps import night_steps
from onenight.ui.i18n import Translator
from onenight.ui.night_driver import NIGHT_TITLES, TextNight

DECK = ["werewolf", "mystic_wolf", "revealer", "witch", "apprentice_seer", "villager",
        "sentinel", "villager"]


def decks():
    """Every preset's deck at its largest table, and a few Anarchie draws."""
    out = []
    for sc in SCENARIOS:
        n = max(sc.players())
        if sc.random_draw:
            out += [(f"{sc.id}#{seed}", anarchy_deck(n, random.Random(seed)))
                    for seed in range(3)]
        else:
            out.append((sc.id, sc.deck(n)))
    return out


def settings(lang="fr", **kw):
    return NarrationSettings(lang=lang, jitter=2, jitter_seed=7, ambience_volume=0.5, **kw)


def run(deck, lang="fr", **kw):
    """Play a text night to its end; what the screen showed at each line, and the driver."""
    clock = FakeClock()
    shown = []
    d = TextNight(deck, clock, Translator(lang).t, settings(lang, **kw),
                  on_say=lambda title, line: shown.append((title, line)))
    d.start()
    while not d.done:
        clock.advance(d.next_due() or 0.0)
        d.tick()
    return shown, d, clock


def spoken(deck, lang):
    """The narrator's words for this deck, straight from its script and its lines file."""
    words = load_lines(lang)
    ids = list(NIGHT_OPENING)
    for step in night_steps(deck):
        ids += [s.line for s in step_script(step, deck)]
    ids += list(NIGHT_CLOSING) + ([DAY_ARTIFACTS] if "curator" in deck else [])
    return [words[i] for i in ids]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("name,deck", decks(), ids=[n for n, _ in decks()])
def test_the_text_night_shows_the_narrators_lines(name, deck, lang):
    shown, d, _ = run(deck, lang)
    assert [line for _, line in shown] == spoken(deck, lang)
    # the voiced night of the same deck: the same lines, steps and kinds, cue for cue (so a
    # night journalled with the voice resumes at the same line without it)
    voiced = build_night_plan(deck, settings(lang))
    text = d.plan
    assert [(c.step, c.line, c.kind, c.text) for c in text.cues] == \
           [(c.step, c.line, c.kind, c.text) for c in voiced.cues]
    assert text.step_ids() == voiced.step_ids()
    # its title is the step being called, as the voiced night names it, nothing else
    tr = Translator(lang).t
    for (title, _), cue in zip(shown, text.cues):
        if cue.step == NIGHT:
            assert title == (tr(NIGHT_TITLES[cue.line]) if NIGHT_TITLES[cue.line] else "")
        else:
            assert title == tr(f"night.step.{cue.step}.title")


def test_same_timing_rules_as_the_voiced_night():
    """Only the lines' lengths differ (reading time instead of the clips): the players' time
    at each step, its jitter and the pauses between lines are the voiced night's."""
    s = settings(pace=1.3)
    voiced, text = build_night_plan(DECK, s), build_text_plan(DECK, s)
    for v, t in zip(voiced.steps, text.steps, strict=True):
        assert v.step == t.step
        assert t.action_end - t.action_start == pytest.approx(v.action_end - v.action_start)
    def gaps(plan):  # between two lines: a pause, the players' time, or between two steps
        return [b.start - a.end for a, b in zip(plan.cues, plan.cues[1:])]

    assert gaps(text) == pytest.approx(gaps(voiced))
    assert text.cues[0].start == voiced.cues[0].start == s.lead_in
    assert all(c.audio == "" for c in text.cues) and text.ambience is None


def test_same_night_for_every_deal():
    """The deck's order (how its cards were dealt) changes nothing: the same lines at the same
    times, the same total."""
    shown, first, clock = run(DECK)
    length = clock.now()
    for deal in itertools.islice(itertools.permutations(DECK), 0, 5000, 500):
        other, d, c = run(list(deal))
        assert other == shown and d.plan == first.plan and c.now() == length


def next_line(d, clock):
    index = d.cue_index()
    while d.cue_index() == index:
        clock.advance(d.next_due())
        d.tick()


def test_pause_freezes_and_replay_says_the_instruction_again():
    clock = FakeClock()
    shown = []
    d = TextNight(DECK, clock, Translator("fr").t, settings(),
                  on_say=lambda title, line: shown.append(line))
    words = load_lines("fr")
    d.start()
    while d.title() != "Sentinelle":
        next_line(d, clock)
    assert d.line() == words["sentinel.wake"]
    next_line(d, clock)
    assert d.line() == words["sentinel.act"]
    d.pause()
    clock.advance(100)
    d.tick()
    assert d.paused and d.line() == words["sentinel.act"] and d.next_due() is None
    d.resume()
    clock.advance(3)
    d.tick()
    left = d.next_due()
    d.replay_last()
    assert shown[-2:] == [words["sentinel.act"]] * 2
    # the line starts over, and the players' time after it
    assert d.next_due() > left
    next_line(d, clock)
    assert d.line() == words["sentinel.close"]


def test_a_resumed_night_starts_at_its_line():
    clock = FakeClock()
    d = TextNight(DECK, clock, Translator("en").t, settings("en"))
    d.start(at=5)
    assert d.cue_index() == 5 and d.line() == d.plan.cues[5].text


def test_it_plays_no_sound_and_reads_no_clip(tmp_path, monkeypatch):
    monkeypatch.setenv("ONENIGHT_ASSETS", str(tmp_path))  # no clip, no ambience anywhere
    with pytest.raises(ValueError):
        build_night_plan(DECK, settings())
    shown, d, _ = run(DECK)
    assert [line for _, line in shown] == spoken(DECK, "fr")
