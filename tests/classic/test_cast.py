"""The cast as one table (RULES-CLASSIC.md §1): one entry per character, each declaring its own
steps; the night and the day read in the table's order; and a wider call order (seed 000's
p. 24) written in the same table."""

from __future__ import annotations

import json
import re
from pathlib import Path

from onenight.classic.cast import CAST, CHARACTER, DAY, NIGHT, STEP, build_steps, phase_order
from onenight.classic.day import STAGES
from onenight.classic.model import Death, Game, Kind, Options, Phase
from onenight.classic.table import EVERY_NIGHT, FIRST_NIGHT, Character, Step, When
from onenight.classic.walk import is_called
from onenight.classic.win import RULES

ROOT = Path(__file__).resolve().parents[2]

SECTION_1 = [  # id, français, English, the side its card starts on
    ("villager", "Simple Villageois", "Villager", "village"),
    ("werewolf", "Loup-Garou", "Werewolf", "werewolves"),
    ("accursed_wolf_father", "Infect Père des Loups", "Accursed Wolf-Father", "werewolves"),
    ("big_bad_wolf", "Grand Méchant Loup", "Big Bad Wolf", "werewolves"),
    ("seer", "Voyante", "Seer", "village"),
    ("cupid", "Cupidon", "Cupid", "village"),
    ("sister", "Sœur", "Sister", "village"),
    ("little_girl", "Petite Fille", "Little Girl", "village"),
    ("fox", "Renard", "Fox", "village"),
    ("rusty_sword_knight", "Chevalier à l'Épée Rouillée", "Knight with the Rusty Sword",
     "village"),
    ("elder", "Ancien", "Elder", "village"),
    ("witch", "Sorcière", "Witch", "village"),
    ("bear_tamer", "Montreur d'Ours", "Bear Tamer", "village"),
    ("hunter", "Chasseur", "Hunter", "village"),
    ("thief", "Voleur", "Thief", "village"),
    ("wild_child", "Enfant Sauvage", "Wild Child", "village"),
    ("wolf_hound", "Chien-Loup", "Wolf-Hound", "village"),
    ("white_werewolf", "Loup-Garou Blanc", "White Werewolf", "werewolves"),
    ("pied_piper", "Joueur de Flûte", "Pied Piper", "village"),
    ("angel", "Ange", "Angel", "village"),
]


def test_the_cast_is_section_1s_twenty_characters():
    assert [(c.id, c.fr, c.en, c.camp) for c in CAST] == SECTION_1


def test_best_ofs_box_holds_section_2s_cards():
    best_of = {c.id: c.copies("best_of") for c in CAST if c.copies("best_of")}
    assert best_of == {"werewolf": 3, "accursed_wolf_father": 1, "big_bad_wolf": 1,
                       "villager": 7, "cupid": 1, "seer": 1, "sister": 2, "little_girl": 1,
                       "fox": 1, "rusty_sword_knight": 1, "elder": 1, "witch": 1,
                       "bear_tamer": 1, "hunter": 1, "wild_child": 1, "wolf_hound": 1,
                       "white_werewolf": 1, "pied_piper": 1, "angel": 1}
    assert CHARACTER["thief"].copies("base_game") == 1


def test_the_loners_have_goals_of_their_own():
    assert {c.id: c.goal for c in CAST if c.goal} == {
        "white_werewolf": "white_werewolf", "pied_piper": "pied_piper", "angel": "angel"}


def test_each_step_is_declared_once_by_its_characters_entry_or_by_the_table():
    declared = [s.id for c in CAST for s in c.steps] + [s.id for s in STAGES]
    assert sorted(declared) == sorted(STEP) and len(set(declared)) == len(declared)
    for c in CAST:
        for s in c.steps:
            assert s.role == c.id, (c.id, s.id)


def test_the_step_table_is_data_the_narrator_and_the_screens_can_read():
    for s in STEP.values():
        assert s.id and isinstance(s.order, int) and s.when.id and isinstance(s.kind, Kind)
    assert [(s.id, s.when.id) for s in NIGHT if s.role == "sister"] == [
        ("sisters", "first_night_and_even_nights_if_asked")]
    assert [s.id for s in DAY] == ["dawn", "bear", "captain_votes", "debate", "votes"]


def test_every_verdict_and_deck_notice_has_a_sentence_in_both_languages():
    i18n = ROOT / "onenight" / "ui" / "i18n"
    src = (ROOT / "onenight" / "classic" / "decks.py").read_text(encoding="utf-8")
    notices = set(re.findall(r'Notice\("(\w+)"', src))
    for lang in ("fr", "en"):
        table = json.loads((i18n / f"{lang}.json").read_text(encoding="utf-8"))
        for reason, _ in RULES:
            assert f"classic.verdict.{reason}" in table, (lang, reason)
        for code in notices:
            assert f"classic.deck.{code}" in table, (lang, code)


# ---- seed 000's call order (p. 24), written in the same table ----------------------------------
# Its characters are not played yet; each is written here as the entry it would add: a step
# id, an order that slots it among ours, when it is called, and the conditions p. 24 gives.
# The characters of our cast keep their own steps (thief, cupid, lovers, seer, werewolves,
# witch, pied piper, charmed), so one merged table holds both lists.

def _no_death_last_day(g: Game) -> bool:
    return not any(d.moment == "vote" and d.day == g.phase.number - 1 for d in g.deaths)


def _a_werewolves_kill_before(g: Game) -> bool:
    return any(d.cause == "werewolves" for d in g.deaths)


def _no_death_tonight(g: Game) -> bool:
    return not any(g.tonight.get(k) is not None for k in ("victim", "poison", "big_bad_wolf"))


def _raven_just_died(g: Game) -> bool:  # a dead player's step, called the night after
    return any(d.card == "raven" and d.day == g.phase.number - 1 for d in g.deaths)


def _step(sid: str, order: int, when: When = EVERY_NIGHT, **kw) -> Step:
    return Step(sid, ("night",), order, when, kw.pop("kind", Kind.SEAT), role=kw.pop("role", sid),
                **kw)


SEED_000 = (
    _step("priest", 110, FIRST_NIGHT),
    _step("little_girl_sign", 120, FIRST_NIGHT, role="little_girl", kind=Kind.NONE),
    _step("woodsman_sign", 130, FIRST_NIGHT, role="woodsman", kind=Kind.NONE),
    _step("pack_leader_sign", 140, FIRST_NIGHT, role="pack_leader", kind=Kind.NONE),
    _step("werewolves_sign", 150, FIRST_NIGHT, role="werewolf", kind=Kind.NONE),
    _step("evil_spirit", 310, FIRST_NIGHT),
    _step("enemies", 320, FIRST_NIGHT, kind=Kind.NONE),
    _step("assassin", 330, FIRST_NIGHT),
    _step("vigilante_before", 610, When("no_death_last_day", _no_death_last_day),
          role="vigilante"),
    _step("shapeshifter", 620), _step("sandman", 630), _step("mage", 640),
    _step("dream_reader", 650), _step("apprentice_seer", 660),
    _step("mathematician", 710), _step("night_owl", 720), _step("rescuer", 730),
    _step("trapper", 740, When("after_a_werewolves_kill", _a_werewolves_kill_before)),
    _step("diviner", 750),
    _step("cassandra", 1150), _step("jekyll_hyde", 1160),
    _step("astrologer", 1510), _step("hypnotist", 1520), _step("fortune_teller", 1530),
    _step("master_of_fate", 1540), _step("magistrate", 1550), _step("tavern_keeper", 1560),
    _step("vigilante_after", 1570, When("no_death_tonight", _no_death_tonight), role="vigilante"),
    _step("raven", 1580, called=_raven_just_died),
)

P24_FIRST_NIGHT = [  # "Tour de préparation", then "Tour normal"
    "thief", "priest", "little_girl_sign", "woodsman_sign", "pack_leader_sign",
    "werewolves_sign", "cupid", "lovers", "evil_spirit", "enemies", "assassin",
    "vigilante_before", "shapeshifter", "sandman", "mage", "dream_reader", "apprentice_seer",
    "seer", "mathematician", "night_owl", "rescuer", "diviner", "werewolves", "cassandra",
    "jekyll_hyde", "witch", "pied_piper", "charmed", "astrologer", "hypnotist",
    "fortune_teller", "master_of_fate", "magistrate", "tavern_keeper", "vigilante_after"]


def test_seed_000s_call_order_can_be_written_in_the_table(monkeypatch):
    # each new character is one entry more (a plain villager here, with its steps)
    for role in {s.role for s in SEED_000} - set(CHARACTER):
        monkeypatch.setitem(CHARACTER, role, Character(
            role, role, role, "villagers", "village", (), steps=tuple(
                s for s in SEED_000 if s.role == role)))
    ours = ("thief", "cupid", "lovers", "seer", "werewolves", "witch", "pied_piper", "charmed")
    table = build_steps((), tuple(STEP[s] for s in ours) + SEED_000)
    deal = tuple(dict.fromkeys(
        ["thief", "cupid", "werewolf", "seer", "witch", "pied_piper", "raven",
         "little_girl"] + [s.role for s in SEED_000])) + ("werewolf",) + ("villager",) * 4
    g = Game(dealt=deal, cards=deal, undealt=("villager", "villager"),
             leftover=("villager", "villager"), options=Options(), phase=Phase("night", 1),
             lovers=(0, 1), charmed=frozenset({2}))

    def plan(g: Game) -> list[str]:
        return [s.id for s in phase_order(table, "night") if is_called(g, s)]

    assert plan(g) == P24_FIRST_NIGHT
    # night 2: somebody died at yesterday's vote (no early vigilante), the werewolves have
    # killed (the trapper comes in), the raven died yesterday (his step calls him, dead)
    raven = deal.index("raven")
    g2 = g._with(phase=Phase("night", 2), dead=frozenset({raven, 12}), deaths=(
        Death(12, "werewolves", None, 1, "dawn", deal[12]),
        Death(raven, "vote", None, 1, "vote", "raven")))
    first_night_only = {"thief", "priest", "little_girl_sign", "woodsman_sign",
                        "pack_leader_sign", "werewolves_sign", "cupid", "lovers",
                        "evil_spirit", "enemies", "assassin"}
    expected = [s for s in P24_FIRST_NIGHT if s not in first_night_only | {"vigilante_before"}]
    expected.insert(expected.index("diviner"), "trapper")
    expected.append("raven")
    assert plan(g2) == expected
