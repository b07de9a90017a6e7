"""The translation tables: the same keys in both languages, and a sentence for everything
the rules and the flow can say."""

import json
import re
from pathlib import Path

from onenight.game.phases import PHASES
from onenight.rules.cards import ARTIFACT_IDS, ROLE_IDS
from onenight.rules.outcome import Reason
from onenight.rules.scenarios import SCENARIO_IDS
from onenight.rules.steps import STEP_IDS

HERE = Path(__file__).resolve().parents[2] / "onenight" / "ui"
FR = json.loads((HERE / "i18n" / "fr.json").read_text(encoding="utf-8"))
EN = json.loads((HERE / "i18n" / "en.json").read_text(encoding="utf-8"))


def test_same_keys_and_same_placeholders():
    assert FR.keys() == EN.keys()
    for k in FR:
        assert set(re.findall(r"{(\w+)}", FR[k])) == set(re.findall(r"{(\w+)}", EN[k])), k
        assert FR[k].strip() and EN[k].strip(), k


def test_every_card_step_and_scenario_has_its_text():
    for r in ROLE_IDS:
        assert f"role.{r}" in FR and f"explain.{r}" in FR
    for a in ARTIFACT_IDS:
        assert f"artifact.{a}" in FR and f"explain.artifact.{a}" in FR
    for s in STEP_IDS:
        assert f"night.step.{s}.title" in FR
    for sid in SCENARIO_IDS:
        assert f"scenario.{sid}.desc" in FR


def test_the_night_words_are_the_narrators_not_the_tables():
    """The night screen shows the narrator's own lines (onenight/narration/lines/), with or
    without the voice: the tables only name the step being called and label the controls."""
    from onenight.ui.night_driver import NIGHT_TITLES

    titles = {f"night.step.{s}.title" for s in STEP_IDS} | {k for k in NIGHT_TITLES.values() if k}
    controls = {"night.leave", "night.pause", "night.replay", "night.resume",
                "night.voice_unavailable", "night.ambience_unavailable", "night.sound_taken",
                "night.goes_on", "night.leave_confirm_title",
                "night.leave_confirm_text", "night.leave_confirm_yes", "night.look_title",
                "night.look_text", "night.look_done", "night.progress",
                "night.progress_start", "night.progress_end", "night.skip", "night.paused"}
    for table in (FR, EN):
        assert {k for k in table if k.startswith("night.")} == titles | controls


def test_every_verdict_reason_has_a_sentence():
    reasons = {r.value for r in Reason}
    used = {k.split(".")[3] for k in FR if k.startswith("verdict.")}
    assert used <= reasons
    for team, won, reason in (("village", "won", "werewolf_died"), ("tanner", "won", "tanner_died"),
                              ("werewolf", "won", "minion_other_died")):
        assert f"verdict.{team}.{won}.{reason}" in FR


def test_every_refusal_the_code_raises_has_a_message():
    src = "".join(p.read_text() for p in (HERE.parent / "game").glob("*.py"))
    codes = {c for c in re.findall(r'Refused\("(\w+)"', src) if not c.endswith("_")}
    deck_codes = set(re.findall(r'Notice\("(\w+)"', (HERE.parent / "rules" / "scenarios.py").read_text()))
    for code in codes:
        assert f"refused.{code}" in FR, code
    for code in deck_codes:
        assert f"deck.{code}" in FR, code
    for code in deck_codes - {"bodyguard_advice", "hard_roles", "no_werewolf"}:
        assert f"refused.deck_{code}" in FR, code


def test_phase_table_is_a_chain():
    ids = [p.id for p in PHASES]
    assert ids == ["setup", "night", "day", "vote", "reveal", "end"]
    for p, nxt in zip(PHASES, PHASES[1:] + PHASES[:1]):
        assert p.next == nxt.id and p.advance in p.accepts


def test_every_storage_problem_and_damage_has_a_sentence():
    """What the storage or a damaged journal can do is said in the host's language (never
    SQLite's or the system's English inside a French sentence)."""
    from onenight.game import journal, storage

    for table in (FR, EN):
        for code in storage.CODES:
            assert f"storage.{code}" in table, code
        for code in journal.DAMAGE:
            assert f"journal.damage.{code}" in table, code
        for code in ("set_aside", "damaged", "not_saved", "held"):  # open_journal's problems
            assert "{reason}" in table[f"journal.{code}"], code
        for code in ("set_aside", "damaged", "held"):  # said at start-up: which game's
            assert "{game}" in table[f"journal.{code}"], code
        for game in journal.GAMES:
            assert f"journal.game.{game}" in table, game


def test_a_translator_holds_the_table_of_its_language_only():
    """Each table is about 0.23 MB of Python objects: the one of the language not in use is
    not kept (docs/performance.md, section 16)."""
    import gc

    from onenight.ui.i18n import Translator

    def tables_held(tr):
        seen, found, todo = set(), [], [tr]
        for _depth in range(3):
            nxt = []
            for obj in todo:
                for ref in gc.get_referents(obj):
                    if id(ref) in seen or not isinstance(ref, dict):
                        continue
                    seen.add(id(ref))
                    (found if len(ref) > 100 else nxt).append(ref)
            todo = nxt
        return found

    key = "role.werewolf"
    tr = Translator("fr")
    assert tr.t(key) == FR[key] and [len(t) for t in tables_held(tr)] == [len(FR)]
    tr.lang = "en"
    assert tr.t(key) == EN[key] and tables_held(tr) == [EN]
    tr.lang = "xx"  # not a language of the app: French
    assert tr.lang == "fr" and tr.t(key) == FR[key] and tables_held(tr) == [FR]
