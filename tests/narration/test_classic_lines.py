"""The classic narration covers the whole cast: every night step has its players' time and
its lines in both languages, every card its reveal, and every line its clip."""

from pathlib import Path

from onenight.classic.cast import CHARACTER, NIGHT
from onenight.narration.classic import CALL_SECONDS, all_line_ids, call_script
from onenight.narration.lines import load_lines

ROOT = Path(__file__).resolve().parents[2]


def test_every_night_step_of_the_whole_cast_is_said_in_both_languages():
    deck = list(CHARACTER)
    for step in NIGHT:
        if step.kind.value == "votes" or step.chance:
            continue  # the election before the first night is a stage of the day's lines; a
            # die (Dr Jekyll's) is rolled in silence, within the night, no call of its own
        assert step.id in CALL_SECONDS, step.id
        for lang in ("fr", "en"):
            lines = load_lines(lang, "thiercelieux")
            for say in call_script(step.id, deck, 2):
                assert lines.get(say.line), (lang, say.line)
            assert f"reveal.{step.role or 'villager'}" in lines


def test_every_classic_line_has_its_clip():
    for lang in ("fr", "en"):
        folder = ROOT / "onenight" / "assets" / "audio" / "thiercelieux" / lang
        missing = sorted(i for i in all_line_ids() if not (folder / f"{i}.ogg").is_file())
        assert not missing, (lang, missing)


def test_the_quebec_votes_moments_are_said_in_both_languages_with_their_clips():
    from onenight.narration.classic import QUEBEC_VOTE_LINES, vote_lines

    assert vote_lines("nominate") == ("vote.nominate",)
    assert vote_lines("drawn", "seer") == ("vote.village_draw", "reveal.seer")
    for lang in ("fr", "en"):
        lines = load_lines(lang, "thiercelieux")
        folder = ROOT / "onenight" / "assets" / "audio" / "thiercelieux" / lang
        for line in QUEBEC_VOTE_LINES:
            assert lines.get(line) and (folder / f"{line}.ogg").is_file(), (lang, line)
    assert set(QUEBEC_VOTE_LINES) <= all_line_ids()
