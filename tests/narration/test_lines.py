import json

import pytest

from onenight.narration import LinesError, all_line_ids, languages, load_lines
from onenight.narration.lines import LINES_DIR, line_text
from onenight.narration.script import step_script
from onenight.rules.steps import STEPS


def test_french_and_english_are_there_french_first():
    assert languages()[0] == "fr"
    assert set(languages()) >= {"fr", "en"}


def test_every_language_file_has_exactly_the_same_line_ids():
    ids = {lang: set(json.loads((LINES_DIR / f"{lang}.json").read_text("utf-8")))
           for lang in languages()}
    reference = ids["fr"]
    for lang, these in ids.items():
        assert these == reference, (lang, sorted(these ^ reference))


def test_the_files_say_every_line_the_narrator_needs_and_nothing_else():
    for lang in languages():
        assert set(load_lines(lang)) == all_line_ids(), lang


def test_no_line_is_empty_and_no_text_is_a_leftover_id():
    for lang in languages():
        for line, text in load_lines(lang).items():
            assert text.strip() and text != line and "{" not in text, (lang, line)


def test_each_step_has_a_wake_line_and_a_close_line_and_an_instruction_if_it_has_a_choice():
    deck = {s.role for s in STEPS} | {"doppelganger", "dream_wolf"}
    for step in STEPS:
        kinds = [say.kind for say in step_script(step, deck)]
        assert kinds[0] == "wake" and kinds[-1] == "close", step.id
        assert ("instruction" in kinds) == step.takes_choice, step.id


def test_unknown_language_names_the_ones_we_have():
    with pytest.raises(LinesError, match="fr, en"):
        load_lines("de")
    with pytest.raises(LinesError, match="no line 'nope'"):
        line_text("nope", "fr")


def test_the_result_is_announced_with_the_reveal_the_deaths_and_every_winner():
    from types import SimpleNamespace as O

    from onenight.narration import result_lines

    assert result_lines(O(deaths=(), winning_teams=("village",))) == (
        "reveal", "result.nobody_died", "result.village")
    assert result_lines(O(deaths=(1, 2), winning_teams=("tanner", "village"))) == (
        "reveal", "result.village", "result.tanner")
    assert result_lines(O(deaths=(1,), winning_teams=())) == ("reveal", "result.nobody")
    assert result_lines(O(deaths=(3,), winning_teams=("werewolf",)))[-1] == "result.werewolves"


# French as a game master says it -----------------------------------------------------------

FRENCH = load_lines("fr")


def test_french_puts_a_no_break_space_before_colons_exclamation_and_question_marks():
    import re

    for line, text in FRENCH.items():
        for m in re.finditer(r"[:!?]", text):
            assert text[m.start() - 1] == "\u00a0", (line, text)


def test_french_has_no_english_comma_before_et_or_ou():
    for line, text in FRENCH.items():
        assert ", et " not in text and ", ou " not in text, (line, text)


def test_french_commands_are_all_vous_commands():
    """Everyone is told what to do as every role is: "fermez", never "ferme"."""
    for line, text in FRENCH.items():
        for statement in ("ferme les yeux", "ouvre les yeux", "Tout le monde"):
            assert statement not in text, (line, text)


def test_the_doppelganger_lines_agree_with_any_player_and_any_role():
    """No feminine forced on every player ("Devenue ... Divinateur"): neutral wording."""
    import re

    for line, text in FRENCH.items():
        if line.startswith("doppelganger"):
            assert not re.search(r"\b[Dd]evenue?s?\b", text), (line, text)


def test_french_role_names_keep_their_capital_everywhere():
    """A role is named as its card is, capital first: "le Sbire", "un Franc-maçon"."""
    import re

    from onenight.rules.cards import ROLES

    generic = {"werewolf", "villager"}  # "un loup-garou" is also the common noun
    names = sorted((r.fr for r in ROLES if r.id not in generic), key=len, reverse=True)
    for line, text in FRENCH.items():
        for name in names:  # the longest first: "Apprentie voyante" before "Voyante"
            for m in re.finditer(rf"\b{re.escape(name)}\b", text, re.IGNORECASE):
                assert m.group() == name[0].upper() + name[1:], (line, name, text)
            text = re.sub(rf"\b{re.escape(name)}\b", "#", text, flags=re.IGNORECASE)


def test_no_calque_of_english_stays():
    for line, text in FRENCH.items():
        assert "qui dirait" not in text, (line, text)
