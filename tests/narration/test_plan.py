import random

import pytest
from hypothesis import given, settings, strategies as st

from onenight.narration import (NarrationError, NarrationSettings, SettingsError, TextVoice,
                                Voice, build_night_plan, build_text_plan)
from onenight.narration.voice import reading_seconds
from onenight.narration.script import all_line_ids
from onenight.narration.settings import ACTION_SECONDS
from onenight.rules.night import deal
from onenight.rules.scenarios import SCENARIOS, anarchy_deck, table_setup
from onenight.rules.steps import STEP_IDS, night_steps

VOICES = {}


def voice(lang="fr"):
    if lang not in VOICES:
        VOICES[lang] = Voice(lang)
    return VOICES[lang]


def random_deal(cards, players, rng):
    """A shuffled deal of ``cards``; the plan is built from the table as dealt."""
    setup = table_setup(cards, players)
    shuffled = list(setup.cards)
    rng.shuffle(shuffled)
    table = deal(shuffled[:players], shuffled[players:], setup.alpha_center)
    return table


def signature(plan):
    return [(c.step, c.line, c.audio, round(c.start, 9), round(c.duration, 9))
            for c in plan.cues], plan.total


def test_the_plan_is_the_same_for_every_deal_of_every_preset(preset_decks):
    for name, players, cards in preset_decks:
        reference = signature(build_night_plan(cards, voice=voice()))
        rng = random.Random(name)
        for _ in range(40):
            table = random_deal(cards, players, rng)
            plan = build_night_plan(table.deck, voice=voice())
            assert signature(plan) == reference, name


def test_the_text_plan_says_the_voiced_lines_and_is_the_same_for_every_deal(preset_decks):
    """Without the voice, the night is the voiced one shown as text: the same cues (step,
    line, kind, words) and the same timing rules, each line lasting its reading time; and, like
    the voiced one, it never changes with the deal."""
    for lang in ("fr", "en"):
        s = NarrationSettings(lang=lang, jitter=3, jitter_seed=11)
        for name, players, cards in preset_decks:
            voiced = build_night_plan(cards, s, voice=voice(lang))
            text = build_text_plan(cards, s)
            assert [(c.step, c.line, c.kind, c.text) for c in text.cues] == \
                   [(c.step, c.line, c.kind, c.text) for c in voiced.cues], name
            assert [c.duration for c in text.cues] == [reading_seconds(c.text)
                                                       for c in text.cues]
            assert [round(v.action_end - v.action_start, 9) for v in voiced.steps] == \
                   [round(t.action_end - t.action_start, 9) for t in text.steps]
            assert all(c.audio == "" for c in text.cues) and text.ambience is None
            reference = signature(text)
            rng = random.Random(name)
            for _ in range(10):
                table = random_deal(cards, players, rng)
                assert signature(build_text_plan(table.deck, s)) == reference, name


def test_a_text_voice_has_every_line_and_reads_no_clip(tmp_path, monkeypatch):
    monkeypatch.setenv("ONENIGHT_ASSETS", str(tmp_path))
    for lang in ("fr", "en"):
        tv = TextVoice(lang)
        for line in all_line_ids():
            clip = tv.clip(line)
            assert clip.path is None and clip.duration == reading_seconds(tv.text(line)) > 1
    with pytest.raises(NarrationError):
        TextVoice("fr").clip("no.such.line")
    with pytest.raises(NarrationError):
        TextVoice("de")


@pytest.mark.parametrize("role", ["seer", "witch", "robber", "alpha_wolf", "insomniac",
                                  "doppelganger", "curator", "dream_wolf", "minion"])
def test_a_role_whose_card_lies_in_the_centre_is_called_all_the_same(role):
    sc = next(s for s in SCENARIOS if not s.random_draw and any(
        role in s.deck(n) for n in s.players()))
    n = next(n for n in sc.players() if role in sc.deck(n))
    cards = sc.deck(n)
    reference = signature(build_night_plan(cards, voice=voice()))
    rng = random.Random(role)
    in_centre = in_hand = 0
    for _ in range(300):
        table = random_deal(cards, n, rng)
        if role in table.center:
            in_centre += 1
        elif role in table.seats:
            in_hand += 1
        else:
            continue
        assert signature(build_night_plan(table.deck, voice=voice())) == reference
    assert in_centre and in_hand
    steps = build_night_plan(cards, voice=voice()).step_ids()
    assert {s.id for s in night_steps([role])} <= set(steps)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(3, 10), draw=st.integers(0, 10**6), deals=st.lists(
    st.integers(0, 10**6), min_size=2, max_size=4), jitter_seed=st.integers(0, 99))
def test_anarchy_any_deal_same_plan_even_with_jitter(players, draw, deals, jitter_seed):
    cards = anarchy_deck(players, random.Random(draw))
    s = NarrationSettings(jitter=5, jitter_seed=jitter_seed)
    plans = [build_night_plan(random_deal(cards, players, random.Random(d)).deck, s,
                              voice=voice()) for d in deals]
    assert all(signature(p) == signature(plans[0]) for p in plans)


def test_each_step_lasts_its_lines_and_its_action_time():
    cards = SCENARIOS[0].deck(6)
    s = NarrationSettings(action_seconds={"witch": 30}, pace=1.0)
    plan = build_night_plan(cards, s, voice=voice())
    witch = next(x for x in plan.steps if x.step == "witch")
    assert witch.action_end - witch.action_start == pytest.approx(30)
    faster = build_night_plan(cards, s.with_(pace=0.5), voice=voice())
    assert faster.total < plan.total
    fw = next(x for x in faster.steps if x.step == "witch")
    assert fw.action_end - fw.action_start == pytest.approx(15)


def test_cues_follow_each_other_without_overlap_and_the_action_comes_before_the_close():
    for lang in ("fr", "en"):
        plan = build_night_plan(SCENARIOS[5].deck(10), NarrationSettings(lang=lang),
                                voice=voice(lang))
        for a, b in zip(plan.cues, plan.cues[1:]):
            assert b.start >= a.end + 0.5
        for slot in plan.steps:
            lines = [c for c in plan.cues if c.step == slot.step]
            assert lines[0].start == slot.start and lines[-1].end == pytest.approx(slot.end)
            before = [c for c in lines if c.end <= slot.action_start]
            after = [c for c in lines if c.start >= slot.action_end]
            assert before[0].kind == "wake" and all(c.kind == "close" for c in after)
            assert len(before) + len(after) == len(lines)
        assert plan.cues[0].line == "night.intro"
        # A Curator in the deck: after daybreak, look at your artifact.
        assert [c.line for c in plan.cues[-2:]] == ["night.end", "day.artifacts"]
        assert plan.total == pytest.approx(plan.cues[-1].end)
        assert plan.ambience and plan.ambience.endswith("night.ogg")


def test_first_game_action_times_give_more_to_harder_roles():
    assert set(ACTION_SECONDS) == set(STEP_IDS)
    assert ACTION_SECONDS["seer"] >= 10
    assert ACTION_SECONDS["witch"] > ACTION_SECONDS["apprentice_seer"]
    assert ACTION_SECONDS["paranormal_investigator"] > ACTION_SECONDS["mystic_wolf"]


def test_jitter_comes_from_its_own_generator_and_never_shortens_a_step():
    cards = SCENARIOS[1].deck(8)
    base = build_night_plan(cards, voice=voice())
    a = build_night_plan(cards, NarrationSettings(jitter=4, jitter_seed=1), voice=voice())
    b = build_night_plan(cards, NarrationSettings(jitter=4, jitter_seed=1), voice=voice())
    c = build_night_plan(cards, NarrationSettings(jitter=4), voice=voice(),
                         rng=random.Random(99))
    assert signature(a) == signature(b) and signature(a) != signature(c)
    for x, y in zip(base.steps, a.steps):
        extra = (y.action_end - y.action_start) - (x.action_end - x.action_start)
        assert 0 <= extra <= 4
    # The deal's generator is never touched.
    deal_rng = random.Random(5)
    state = deal_rng.getstate()
    build_night_plan(cards, NarrationSettings(jitter=4, jitter_seed=3), voice=voice())
    assert deal_rng.getstate() == state


def test_a_dream_wolf_or_an_alpha_in_the_deck_changes_the_words_for_every_deal():
    plan = build_night_plan(SCENARIOS[6].deck(3), voice=voice())  # alpha + dream wolf
    lines = [c.line for c in plan.cues]
    assert "werewolves.dream_wolf" in lines and "werewolves.act_alpha" in lines
    assert "werewolves.close_dream" in lines and "witch.act_alpha" in lines
    dream = next(c for c in plan.cues if c.line == "werewolves.dream_wolf")
    assert "Loup rêveur" in dream.text


@pytest.mark.parametrize("bad, field", [
    (dict(lang="de"), "lang"), (dict(pace=0), "pace"), (dict(voice_volume=1.5), "voice_volume"),
    (dict(ambience_volume=-0.1), "ambience_volume"), (dict(jitter=float("nan")), "jitter"),
    (dict(action_seconds={"sorcerer": 3}), "action_seconds.sorcerer"),
    (dict(action_seconds={"seer": "long"}), "action_seconds.seer"),
    (dict(jitter_seed="x"), "jitter_seed"), (dict(gap=True), "gap"),
])
def test_bad_settings_name_what_was_wrong(bad, field):
    with pytest.raises(NarrationError) as e:
        NarrationSettings(**bad)
    assert e.value.field == field


def test_bad_decks_name_what_was_wrong():
    with pytest.raises(NarrationError, match="unknown card"):
        build_night_plan(["seer", "vampire"], voice=voice())
    with pytest.raises(NarrationError, match="string"):
        build_night_plan("seer", voice=voice())
    with pytest.raises(NarrationError, match="empty"):
        build_night_plan([], voice=voice())
    with pytest.raises(NarrationError, match="speaks en"):
        build_night_plan(["seer"], NarrationSettings(lang="fr"), voice=voice("en"))
    with pytest.raises(SettingsError):
        NarrationSettings().action_time("nope")


def test_settings_go_to_a_file_and_back_and_bad_files_are_named():
    import json
    s = NarrationSettings(lang="en", pace=0.7, action_seconds={"seer": 20}, jitter=2)
    again = NarrationSettings.from_dict(json.loads(json.dumps(s.to_dict())))
    assert again == s and again.action_time("seer") == pytest.approx(14)
    with pytest.raises(SettingsError, match="volum.*unknown setting"):
        NarrationSettings.from_dict({"volum": 1})
    with pytest.raises(SettingsError, match="expected an object"):
        NarrationSettings.from_dict([1])
