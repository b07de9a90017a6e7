"""The cast as one table (RULES-CLASSIC.md §1): one entry per character, each declaring its own
steps; the night and the day read in the table's order (the merged call order of every
booklet is tests/classic/test_order.py's)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from onenight.classic.cast import CAST, CHARACTER, DAY, NIGHT, STEP
from onenight.classic.day import STAGES
from onenight.classic.model import Kind
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


def test_the_cast_opens_with_section_1s_twenty_characters():
    assert [(c.id, c.fr, c.en, c.camp) for c in CAST[:20]] == SECTION_1


def test_best_ofs_box_holds_section_2s_cards():
    best_of = {c.id: c.copies("best_of") for c in CAST if c.copies("best_of")}
    assert best_of == {"werewolf": 3, "accursed_wolf_father": 1, "big_bad_wolf": 1,
                       "villager": 7, "cupid": 1, "seer": 1, "sister": 2, "little_girl": 1,
                       "fox": 1, "rusty_sword_knight": 1, "elder": 1, "witch": 1,
                       "bear_tamer": 1, "hunter": 1, "wild_child": 1, "wolf_hound": 1,
                       "white_werewolf": 1, "pied_piper": 1, "angel": 1}
    assert CHARACTER["thief"].copies("base_game") == 1


def test_the_wider_cast_says_which_booklet_describes_each_character():
    assert {c.id: c.booklet for c in CAST[20:]} == {
        "raven": "001", "pack_leader": "000", "detective": "000", "traitor": "000",
        "woodsman": "000", "apprentice_seer": "000", "mathematician": "000", "night_owl": "000",
        "magistrate": "000", "diviner": "000", "vigilante": "000", "pyromaniac": "001",
        "dream_reader": "000", "evil_spirit": "000", "hypnotist": "000", "priest": "000", "assassin": "000",
        "sandman": "000", "trapper": "000", "mage": "000", "cassandra": "000",
        "jekyll_hyde": "000", "crow": "000", "tavern_keeper": "000",
        "lost_soul": "000", "fanatic": "000", "immortal": "000", "impostor": "000",
        "wendigo": "002",
        "lone_wolf": "002", "dog_wolf": "002", "memere": "002",
        "survenant": "002", "bonhomme": "002",
        "braggart": "002", "chronic_infected": "002", "eavesdropper": "002", "grey_wolf": "002",
        "ragpicker": "002", "shamans_daughter": "002", "were_squirrel": "002",
        "ramancheux": "002", "flanc_mou": "002", "tete_de_cochon": "002",
        "grand_talent": "002", "apothecary": "002", "violoneux": "002", "entremetteuse": "002",
        "belle_creature": "002", "coureur": "002", "robineux": "002",
        "astrologer": "000", "shapeshifter": "000", "mayor": "000", "spy": "000",
        "graphologist": "000"}
    assert CHARACTER["raven"].copies("base_game") == 1  # the Village edition's square cards
    assert CHARACTER["pyromaniac"].copies("base_game") == 1


def test_the_loners_have_goals_of_their_own():
    assert {c.id: c.goal for c in CAST if c.goal} == {
        "white_werewolf": "white_werewolf", "pied_piper": "pied_piper", "angel": "angel",
        "assassin": "assassin", "cassandra": "cassandra", "fanatic": "fanatic",
        "wendigo": "wendigo",
        "lone_wolf": "lone_wolf", "bonhomme": "bonhomme", "were_squirrel": "were_squirrel"}


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
    # with Le Village's stages: the bailiff's housing in the morning, the schoolteacher's ban
    # just before the vote (called only when the buildings are played); one vote of the
    # last three, by options.vote
    assert [s.id for s in DAY] == ["dawn", "bear", "bailiff", "captain_votes", "debate",
                                   "teacher", "votes", "nominations", "panic_votes"]


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
