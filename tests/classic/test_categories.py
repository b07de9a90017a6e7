"""The characters' labels and the deck builder's filters over the whole cast."""

from __future__ import annotations

import pytest

from onenight.classic.cast import CAST
from onenight.classic.categories import QUEBEC_CATEGORIES, CastFilter, labels, offered


def test_every_character_of_the_cast_has_its_booklet_and_side():
    for ch in CAST:
        lab = labels(ch.id)
        assert lab.booklets and lab.side == ch.family, ch.id


def test_the_booklet_comes_from_the_box_the_card_is_in():
    assert labels("thief").booklets == ("001",)  # the base game's box
    assert labels("fox").booklets == ("003",)  # Best Of's
    assert labels("witch").booklets == ("001", "003")
    assert labels("raven").booklets == ("001",)  # Le Village
    assert labels("priest").booklets == ("000",)


def test_the_cards_the_quebec_booklet_lists_carry_its_categories():
    assert labels("werewolf").categories == ("meute", "buveur", "standard")
    assert labels("seer").categories == ("villageois", "buveur", "standard")
    assert "002" in labels("werewolf").booklets
    # its Sorcière is a lupine of its own: the classic witch has no Québec category
    assert labels("witch").categories == () and "002" not in labels("witch").booklets


def test_nothing_chosen_keeps_the_whole_cast():
    assert CastFilter().cards() == tuple(ch.id for ch in CAST)


def test_a_filter_keeps_any_chosen_value_within_a_dimension_and_every_dimension_at_once():
    f = CastFilter().toggle("booklet", "000")
    assert f.cards() and all("000" in labels(c).booklets for c in f.cards())
    both = f.toggle("booklet", "003")
    assert set(both.cards()) > set(f.cards())  # one booklet or the other
    wolves = both.toggle("side", "werewolves")
    assert set(wolves.cards()) == {"werewolf", "accursed_wolf_father", "big_bad_wolf",
                                   "pack_leader"}
    assert wolves.toggle("side", "werewolves") == both  # a second tap takes the chip back


def test_the_quebec_categories_filter():
    assert CastFilter().toggle("category", "buveur").cards() == (
        "werewolf", "seer", "memere", "grey_wolf", "shamans_daughter", "apothecary",
        "coureur", "violoneux")
    assert CastFilter().toggle("category", "meute").cards() == ("werewolf", "chronic_infected",
                                                               "grey_wolf")
    assert CastFilter().toggle("category", "ennemi_legendaire").cards() == (
        "wendigo", "lone_wolf", "bonhomme", "were_squirrel")
    assert CastFilter().toggle("category", "chaotique").cards() == (
        "wendigo", "lone_wolf", "dog_wolf", "bonhomme", "grey_wolf", "ragpicker", "were_squirrel",
        "flanc_mou", "tete_de_cochon", "grand_talent", "entremetteuse", "belle_creature")
    assert CastFilter().toggle("category", "sobre").cards() == (
        "villager", "wendigo", "lone_wolf", "dog_wolf", "survenant", "bonhomme", "braggart",
        "chronic_infected", "eavesdropper", "ragpicker", "were_squirrel", "ramancheux",
        "flanc_mou", "tete_de_cochon", "grand_talent", "entremetteuse", "belle_creature")
    # "Lupin": those who want the wolves' win, the pack's infected and the Belle Créatûre
    assert CastFilter().toggle("category", "lupin").cards() == ("chronic_infected",
                                                               "belle_creature")


def test_the_quebec_booklets_own_characters_carry_its_categories_and_booklet():
    assert labels("braggart") == labels("eavesdropper")
    assert labels("braggart").booklets == ("002",)
    assert labels("braggart").categories == ("villageois", "sobre", "standard")
    # "Infecté Chronique — Meute/Lupin, Débutant, Sobre, Standard"
    assert labels("chronic_infected").categories == ("lupin", "meute", "sobre", "standard")
    assert labels("chronic_infected").side == "werewolves"


def test_the_chips_offered_are_those_some_card_carries():
    assert offered("booklet") == ("001", "003", "000", "002")
    assert offered("side") == ("villagers", "werewolves", "ambiguous", "loners")
    assert offered("category") == ("villageois", "lupin", "ambivalent", "ennemi_legendaire",
                                   "meute", "buveur", "sobre", "standard", "chaotique")
    assert offered("category") == QUEBEC_CATEGORIES  # each carried by some card now
    with pytest.raises(ValueError):
        CastFilter().toggle("category", "debutant")  # a chip no card carries is refused
