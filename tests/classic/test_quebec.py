"""The Québec booklet's characters (seed 002): its legendary enemies and lone players, one test
per rule, named after it (the booklet's words in the docstrings). Records as in test_night.py."""

from __future__ import annotations

import pytest

from onenight.classic import (Options, apply, ballot_options, check_deck, legal_choices,
                              new_game, states)
from onenight.classic.categories import labels
from onenight.classic.model import Pick, Seat, Use
from onenight.classic.sides import side

from .helpers import V, deaths, err, out, play, public, told, until

#: Each character's side and its Québec categories, as its row of the booklet prints them
#: ("Wendigo — Ennemi Légendaire, Avancé, Sobre, Chaotique": the level is not a category).
BOOKLET_ROWS = [
    ("wendigo", "loners", ("ennemi_legendaire", "sobre", "chaotique")),
    ("ramancheux", "villagers", ("villageois", "sobre", "standard")),
    ("flanc_mou", "ambiguous", ("ambivalent", "sobre", "chaotique")),
    ("tete_de_cochon", "villagers", ("villageois", "sobre", "chaotique")),
    ("grand_talent", "villagers", ("villageois", "sobre", "chaotique")),
    ("apothecary", "villagers", ("villageois", "buveur", "standard")),
    ("violoneux", "villagers", ("villageois", "buveur", "standard")),
    ("entremetteuse", "villagers", ("villageois", "sobre", "chaotique")),
    ("belle_creature", "werewolves", ("lupin", "sobre", "chaotique")),
    ("coureur", "villagers", ("villageois", "buveur", "standard")),
]
#: The cards of the classic cast that the Québec booklet lists under its own names.
SHARED_ROWS = [
    ("villager", "villagers", ("villageois", "sobre", "standard")),  # "Habitant"
    ("werewolf", "werewolves", ("meute", "buveur", "standard")),
    ("seer", "villagers", ("villageois", "buveur", "standard")),
]


@pytest.mark.parametrize("card, side_, categories", SHARED_ROWS)
def test_each_shared_card_has_its_quebec_booklet_row_beside_its_own_booklets(card, side_,
                                                                             categories):
    lab = labels(card)
    assert "002" in lab.booklets and len(lab.booklets) > 1 and lab.side == side_
    assert lab.categories == categories


@pytest.mark.parametrize("card, side_, categories", BOOKLET_ROWS)
def test_each_character_has_its_quebec_booklet_row(card, side_, categories):
    lab = labels(card)
    assert lab.booklets == ("002",) and lab.side == side_
    assert lab.categories == categories


# ---- the Wendigo ---------------------------------------------------------------------------------

# seats 1 and 6 are werewolves; seat 0 the Wendigo
WENDIGO = "wendigo werewolf seer villager villager villager werewolf villager"
# one werewolf (seat 1)
WENDIGO_ONE = "wendigo werewolf seer villager villager villager villager villager"


def test_wendigo_repels_the_packs_attack_and_both_camps_are_told_not_who():
    g = play(WENDIGO, {"night": 1, "werewolves": {"victim": 0}}, {"day": 1})
    assert g.alive(0) and deaths(g) == []
    (e,) = public(g, "repelled")
    assert e.seat is None  # "Les deux camps sont mis au courant de la situation"


def test_wendigo_repelling_a_pack_of_one_eliminates_that_werewolf():
    o = out(WENDIGO_ONE, {"night": 1, "werewolves": {"victim": 0}}, {"day": 1})
    assert o["phases"][1]["dead"] == [{"seat": 1, "cause": "wendigo"}]


def test_wendigo_repelling_a_pack_of_two_kills_nobody():
    g = play(WENDIGO, {"night": 1, "werewolves": {"victim": 0}}, {"day": 1})
    assert g.alive(1) and g.alive(6)


def test_wendigo_cannot_be_infected_by_the_accursed_wolf_father():
    seats = "wendigo accursed_wolf_father seer villager villager villager werewolf villager"
    g = play(seats, {"night": 1, "werewolves": {"victim": 0},
                     "accursed_wolf_father": {"infect": True}}, {"day": 1})
    assert g.infected is None and g.alive(0)
    assert public(g, "repelled")


def test_wendigo_alive_when_the_village_wins_wins_alone():
    """"Si les conditions de victoires des villageois sont remplies, mais qu'on est encore en
    jeu, on gagne seul.\""""
    o = out(WENDIGO_ONE, {"night": 1}, {"day": 1, "votes": V("1 0 1 1 1 1 1 1")})
    assert (o["winning_side"], o["reason"]) == ("wendigo", "wendigo_outlived_the_wolves")
    assert o["winners"] == [0]


def test_village_wins_when_the_wendigo_is_dead():
    o = out(WENDIGO_ONE, {"night": 1, "werewolves": {"victim": 3}},
            {"day": 1, "votes": V("- 0 0 - 0 0 0 0")},
            {"night": 2}, {"day": 2, "votes": V("- 2 1 - 1 1 1 1")})
    assert o["winning_side"] == "village" and 0 not in o["winners"]


def test_werewolves_cannot_win_while_the_wendigo_lives():
    """"Les lupins, en revanche, ne peuvent PAS gagner si le Wendigo est toujours en jeu!\""""
    seats = "wendigo werewolf werewolf villager"
    # left: the Wendigo and two werewolves: no verdict for the werewolves
    g = play(seats + " villager villager", {"night": 1, "werewolves": {"victim": 3}},
             {"day": 1, "votes": V("4 4 4 - 5 4")},
             {"night": 2, "werewolves": {"victim": 5}}, {"day": 2})
    assert g.verdict is None and g.living() == (0, 1, 2)


def test_wendigo_plays_for_himself():
    g = play(WENDIGO, {"night": 1})
    assert side(g, 0) == "wendigo"


# ---- the Loup Solitaire --------------------------------------------------------------------------

# seat 0 the lone wolf; seats 1 and 6 the pack's werewolves; seat 2 the seer
LONE = "lone_wolf werewolf seer villager villager villager werewolf villager"
LONE_TEN = LONE + " villager villager"
BLANK8 = V("- - - - - - - -")


def test_lone_wolf_learns_the_packs_members_on_the_first_night_not_their_cards():
    g = play(LONE, {"night": 1})
    (e,) = told(g, 0, "pack")
    assert e.seats == (1, 6) and e.role is None
    # the pack is not told of him: he is no member of it
    assert all(0 not in e.seats for s in (1, 6) for e in told(g, s, "pack"))


def test_lone_wolf_may_be_devoured_by_the_pack():
    g = play(LONE, {"night": 1, "werewolves": {"victim": 0}}, {"day": 1})
    assert deaths(g) == [(0, "werewolves")]


def test_lone_wolf_attacks_a_member_of_the_pack_on_even_nights():
    g = play(LONE, {"night": 1}, {"day": 1, "votes": BLANK8},
             {"night": 2, "lone_wolf": {"attack": 6}}, {"day": 2})
    assert deaths(g) == [(6, "lone_wolf")]
    (e,) = [e for e in public(g, "died") if e.seat == 6]
    assert e.value == "night"  # the night's killers stay secret
    (seen,) = [e for e in told(g, 0, "pack") if e.phase == "night 2"]
    assert seen.seats == (1, 6)


def test_lone_wolf_attacks_only_the_pack_and_not_on_odd_nights():
    assert "not in the pack" in err(LONE, {"night": 1}, {"day": 1, "votes": BLANK8},
                                    {"night": 2, "lone_wolf": {"attack": 3}})
    assert "lone_wolf" in err(LONE, {"night": 1, "lone_wolf": {"attack": 1}})


def test_lone_wolf_is_seen_as_a_wolf_by_the_fox():
    """"La plupart des effets affectant les loups … affectent le Loup Solitaire.\""""
    seats = "villager lone_wolf fox villager villager werewolf villager villager"
    g = play(seats, {"night": 1, "fox": {"sniff": 1}})
    (e,) = told(g, 2, "sniffed")
    assert e.value is True


def test_lone_wolf_resists_the_witchs_poison():
    """"ce dernier résiste au Parfum de Mort et aux empoisonnements\""""
    seats = "lone_wolf werewolf witch villager villager villager werewolf villager"
    g = play(seats, {"night": 1, "witch": {"poison": 0}}, {"day": 1})
    assert g.alive(0) and deaths(g) == []


def test_village_does_not_win_while_the_lone_wolf_lives():
    """He "est considéré comme un loup": the village must be rid of him too."""
    g = play(LONE, {"night": 1, "werewolves": {"victim": 3}},
             {"day": 1, "votes": V("1 6 1 - 1 1 1 1")},
             {"night": 2, "lone_wolf": {"attack": 6}}, {"day": 2})
    assert g.verdict is None and not g.alive(1) and not g.alive(6) and g.alive(0)
    o = out(LONE, {"night": 1, "werewolves": {"victim": 3}},
            {"day": 1, "votes": V("1 6 1 - 1 1 1 1")},
            {"night": 2, "lone_wolf": {"attack": 6}},
            {"day": 2, "votes": V("2 - 0 - 0 0 - 0")})
    assert o["winning_side"] == "village" and 0 not in o["winners"]


def test_lone_wolf_loses_when_the_werewolves_win():
    """"Tant qu'il reste un autre loup en jeu, le Loup Solitaire n'affecte pas les conditions
    de victoire. Si les lupins gagnent, il perd.\""""
    seats = "lone_wolf werewolf werewolf villager villager villager"
    o = out(seats, {"night": 1, "werewolves": {"victim": 3}},
            {"day": 1, "votes": V("4 4 4 - 5 4")},
            {"night": 2, "werewolves": {"victim": 5}}, {"day": 2})
    assert o["winning_side"] == "werewolves" and o["winners"] == [1, 2]


def test_lone_wolf_wakes_with_the_pack_once_no_wolf_is_left_in_it():
    """"S'il n'y a plus de loups dans la meute, … devient un loup régulier\""""
    g = play(LONE, {"night": 1, "werewolves": {"victim": 3}},
             {"day": 1, "votes": V("1 6 1 - 1 1 1 1")},
             {"night": 2, "lone_wolf": {"attack": 6}}, {"day": 2, "votes": BLANK8},
             {"night": 3, "werewolves": {"victim": 4}})
    assert told(g, 0, "lone_wolf_turned")
    assert [e.seats for e in told(g, 0, "pack") if e.phase == "night 3"] == [(0,)]
    assert side(g, 0) == "lone_wolf"


def test_lone_wolf_devours_the_infected_when_the_pack_has_no_wolf_left():
    """"S'il n'y a plus de loups dans la meute, dévore tous les infectés restants\""""
    seats = "lone_wolf accursed_wolf_father seer villager villager villager villager villager"
    o = out(seats, {"night": 1, "werewolves": {"victim": 3},
                    "accursed_wolf_father": {"infect": True}},
            {"day": 1, "votes": V("1 0 1 1 1 1 1 1")}, {"night": 2}, {"day": 2})
    assert o["phases"][3]["dead"] == [{"seat": 3, "cause": "lone_wolf"}]


def test_lone_wolf_wins_when_he_and_the_wolves_he_devoured_match_the_village():
    """The booklet's example: "s'il a dévoré 2 autres loups dans le passé, et qu'il reste
    encore 3 villageois en jeu, on est à 3 contre 3, et le loup gagne.\""""
    o = out(LONE_TEN, {"night": 1, "werewolves": {"victim": 3}},
            {"day": 1, "votes": V("4 4 4 - 0 4 4 4 4 4")},
            {"night": 2, "lone_wolf": {"attack": 1}, "werewolves": {"victim": 5}},
            {"day": 2, "votes": V("- - - - - - - - - -")},
            {"night": 3, "werewolves": {"victim": 7}},
            {"day": 3, "votes": V("- - - - - - - - - -")},
            {"night": 4, "lone_wolf": {"attack": 6}}, {"day": 4})
    assert (o["winning_side"], o["reason"]) == ("lone_wolf", "lone_wolf_outnumbers")
    assert o["winners"] == [0]


def test_a_deck_holds_one_legendary_enemy_at_most():
    """"Il ne peut y avoir qu'un seul ennemi légendaire par partie.\""""
    assert check_deck(["wendigo", "werewolf"] + ["villager"] * 6, 8).ok
    check = check_deck(["wendigo", "lone_wolf", "werewolf"] + ["villager"] * 5, 8)
    assert [p.code for p in check.problems] == ["legendary"]


# ---- the Chien-Garou -----------------------------------------------------------------------------

# seat 0 the Chien-Garou; seats 1 and 6 the werewolves
DOG = "dog_wolf werewolf seer villager villager villager werewolf villager"


def test_chien_garou_chooses_his_master_on_the_first_night_and_is_a_villager_meanwhile():
    g = play(DOG, {"night": 1, "dog_wolf": {"master": 1}}, {"day": 1})
    assert side(g, 0) == "village"
    assert "another player" in err(DOG, {"night": 1, "dog_wolf": {"master": 0}})


def test_chien_garou_cannot_vote_to_put_his_master_out():
    """"On ne peut pas voter pour l'expulsion de notre maître.\""""
    g = play(DOG, {"night": 1, "dog_wolf": {"master": 3}}, {"day": 1})
    assert 3 not in ballot_options(g, 0) and 3 in ballot_options(g, 2)
    assert "their master" in err(DOG, {"night": 1, "dog_wolf": {"master": 3}},
                                 {"day": 1, "votes": V("3 - - - - - - -")})


def test_chien_garou_hypnotized_against_his_master_votes_blank():
    """Bound to his master by the hypnotist (seed 000: "il ne peut voter que contre sa
    victime"), he still may not name him: his ballot is blank, the one ballot both rules
    allow. (A random whole game dealt both found the two rules refusing each other.)"""
    dog = "dog_wolf hypnotist werewolf seer villager villager werewolf villager"
    night = {"night": 1, "dog_wolf": {"master": 7}, "hypnotist": {"hypnotize": [0, 7]}}
    g = play(dog, night, {"day": 1})
    assert ballot_options(g, 0) == (None,)
    assert "their master" in err(dog, night, {"day": 1, "votes": V("7 - - - - - - -")})
    assert out(dog, night, {"day": 1, "votes": V("- 5 5 5 5 - - -")})["phases"][1][
        "eliminated"] == 5


def test_chien_garou_goes_wild_when_his_master_voted_out_is_shown_a_wolf():
    g = play(DOG, {"night": 1, "dog_wolf": {"master": 1}},
             {"day": 1, "votes": V("- 6 1 1 1 1 1 1")}, {"night": 2})
    assert side(g, 0) == "werewolves"
    assert 0 in next(e for e in g.log if e.kind == "pack" and e.phase == "night 2").seats


def test_chien_garou_stays_loyal_when_his_master_voted_out_was_no_wolf():
    g = play(DOG, {"night": 1, "dog_wolf": {"master": 3}},
             {"day": 1, "votes": V("- 3 3 1 3 3 3 3")}, {"night": 2})
    assert side(g, 0) == "village"
    # and for good: a master voted out loyal stays so


def test_chien_garou_goes_wild_when_his_master_leaves_without_a_word():
    """"…quitte le village sans explication, on devient 'sauvage'.\""""
    g = play(DOG, {"night": 1, "dog_wolf": {"master": 3}, "werewolves": {"victim": 3}},
             {"day": 1, "votes": V("- - - - - - - -")}, {"night": 2})
    assert side(g, 0) == "werewolves"
    assert told(g, 0, "dog_wild")


def test_chien_garou_attacked_by_his_masters_pack_joins_it_alive():
    """"…nous attaque parce qu'il fait partie de la meute, on devient 'sauvage' et joint la
    meute.\""""
    g = play(DOG, {"night": 1, "dog_wolf": {"master": 6}, "werewolves": {"victim": 0}},
             {"day": 1, "votes": V("- - - - - - - -")}, {"night": 2})
    assert g.alive(0) and deaths(g) == [] and side(g, 0) == "werewolves"
    assert 0 in next(e for e in g.log if e.kind == "pack" and e.phase == "night 2").seats


def test_chien_garou_attacked_by_a_pack_without_his_master_dies():
    g = play(DOG, {"night": 1, "dog_wolf": {"master": 3}, "werewolves": {"victim": 0}},
             {"day": 1})
    assert deaths(g) == [(0, "werewolves")]


def test_chien_garou_is_an_ambivalent_of_the_quebec_booklet():
    assert labels("dog_wolf").categories == ("ambivalent", "sobre", "chaotique")


# ---- the Memére ----------------------------------------------------------------------------------

# seat 0 the Memére; seats 3, 4, 5 Habitants (the plain villagers); seats 1 and 6 werewolves
MEMERE = "memere werewolf seer villager villager villager werewolf hunter"


def test_memere_soup_tells_her_a_habitant_drawn_at_random():
    """"On apprend, au hasard, le rôle d'un Habitant toujours en jeu.\""""
    g = play(MEMERE, {"night": 1, "memere_soup": {"habitant": 4}})
    (e,) = told(g, 0, "soup")
    assert (e.seat, e.role) == (4, "villager")


def test_memere_soup_is_drawn_among_the_living_habitants_she_does_not_know():
    g = play(MEMERE, {"night": 1, "memere_soup": {"habitant": 4}},
             {"day": 1, "votes": V("- - - - - - - -")}, {"night": 2})
    assert g.stop.step == "memere_soup" and g.stop.chance
    assert sorted(c.seat for c in legal_choices(g)) == [3, 5]
    assert "does not know yet" in err(MEMERE, {"night": 1, "memere_soup": {"habitant": 4}},
                                      {"day": 1, "votes": V("- - - - - - - -")},
                                      {"night": 2, "memere_soup": {"habitant": 4}})


def test_memere_serves_only_the_soup_on_the_first_night():
    assert "only serves the soup" in err(MEMERE, {"night": 1, "memere_soup": {"habitant": 3},
                                                  "memere": {"tea": 1}})


def test_memere_tea_tells_her_whether_a_player_is_a_lupin_and_tells_the_lupin_who_asked():
    """"On apprend immédiatement si un joueur de notre choix est un lupin … le lupin sera lui
    aussi informé de l'identité de la Memére, et ce dès son prochain réveil.\""""
    g = play(MEMERE, {"night": 1, "memere_soup": {"habitant": 3}},
             {"day": 1, "votes": V("- - - - - - - -")},
             {"night": 2, "memere_soup": {"habitant": 4}, "memere": {"tea": 6}})
    (e,) = told(g, 0, "tea")
    assert (e.seat, e.value) == (6, True)
    (w,) = told(g, 6, "memere_asked")
    assert (w.seat, w.step) == (0, "werewolves")
    assert not told(g, 0, "soup")[1:]  # the tea, not the soup, that night
    g = play(MEMERE, {"night": 1, "memere_soup": {"habitant": 3}},
             {"day": 1, "votes": V("- - - - - - - -")},
             {"night": 2, "memere_soup": {"habitant": 4}, "memere": {"tea": 2}})
    assert told(g, 0, "tea")[0].value is False and not told(g, 2, "memere_asked")


def test_memere_soup_has_no_effect_once_she_knows_every_habitant():
    seats = "memere werewolf seer villager werewolf hunter"
    g = play(seats, {"night": 1, "memere_soup": {"habitant": 3}},
             {"day": 1, "votes": V("- - - - - -")}, {"night": 2})
    assert g.stop.step != "memere_soup"


# ---- the Survenant -------------------------------------------------------------------------------

SURVENANT = "survenant werewolf seer survenant villager villager werewolf villager"


def test_every_player_learns_who_the_survenants_are():
    """"Au début de la partie, tous les joueurs apprennent l'identité du/des Survenant(s) en
    jeu.\""""
    g = play(SURVENANT, {"night": 1, "werewolves": {"victim": 4}}, {"day": 1})
    assert [e.seat for e in public(g, "survenant")] == [0, 3]
    assert [e.phase for e in public(g, "survenant")] == ["day 1", "day 1"]


def test_a_survenant_is_a_villager_who_may_be_infected():
    """"Un survenant peut quand même devenir infecté.\""""
    seats = "survenant accursed_wolf_father seer villager villager villager werewolf villager"
    g = play(seats, {"night": 1, "werewolves": {"victim": 0},
                     "accursed_wolf_father": {"infect": True}}, {"day": 1})
    assert g.infected == 0 and side(g, 0) == "werewolves"


def test_a_deck_may_hold_several_survenants():
    assert check_deck(["survenant"] * 3 + ["werewolf", "werewolf", "seer", "villager",
                                           "villager"], 8).ok


# ---- the Bonhomme Sept-Heures --------------------------------------------------------------------

# seat 0 the Bonhomme; seats 1 and 5 werewolves; seat 2 the seer
BONHOMME = "bonhomme werewolf seer villager villager werewolf"
QUIET = V("- - - - - -")


def test_bonhomme_puts_two_players_to_sleep_from_the_second_night():
    g = play(BONHOMME, {"night": 1}, {"day": 1, "votes": QUIET},
             {"night": 2, "bonhomme": {"targets": [2, 3]}})
    assert states.somnolent(g) == {2, 3}
    assert "bonhomme" in err(BONHOMME, {"night": 1, "bonhomme": {"targets": [2, 3]}})


def test_bonhommes_sleepers_miss_their_calls_until_the_morning():
    """"n'aura pas droit à sa phase habituelle\""""
    g = play(BONHOMME, {"night": 1}, {"day": 1, "votes": QUIET},
             {"night": 2, "bonhomme": {"targets": [2, 1]}})
    assert not [e for e in told(g, 2, "saw") if e.phase == "night 2"]
    g = play(BONHOMME, {"night": 1}, {"day": 1, "votes": QUIET},
             {"night": 2, "bonhomme": {"targets": [2, 1]}, "seer": {"view": 0}})
    assert not [e for e in told(g, 2, "saw") if e.phase == "night 2"]


def test_bonhommes_sleeping_werewolf_does_not_wake_with_the_pack():
    """"Les membres de la meute réagissent à cet effet comme s'ils étaient épuisés.\""""
    g = play(BONHOMME, {"night": 1}, {"day": 1, "votes": QUIET},
             {"night": 2, "bonhomme": {"targets": [1, 3]}, "seer": {"view": 4}})
    assert [e.to for e in g.log if e.kind == "pack" and e.phase == "night 2"] == [(5,)]


def test_bonhomme_is_seen_as_a_habitant_by_the_seer():
    g = play(BONHOMME, {"night": 1, "seer": {"view": 0}})
    (e,) = told(g, 2, "saw")
    assert e.role == "villager"


def test_bonhomme_wins_alone_the_morning_everyone_else_is_somnolent():
    """"Si, un matin, tous les joueurs dans le village somnolent, on gagne la partie.\""""
    seats = "bonhomme werewolf seer villager villager villager villager villager"
    o = out(seats, {"night": 1, "werewolves": {"victim": 7}},
            {"day": 1, "votes": V("- 6 6 6 6 6 5 -")},
            {"night": 2, "bonhomme": {"targets": [2, 3]}, "werewolves": {"victim": 4}},
            {"day": 2, "votes": V("- - - - - - - -")},
            {"night": 3, "bonhomme": {"targets": [1, 5]}}, {"day": 3})
    assert (o["winning_side"], o["reason"]) == ("bonhomme", "all_somnolent")
    assert o["winners"] == [0]


def test_bonhomme_attacked_by_the_pack_makes_it_somnolent_and_may_win_after_his_death():
    """"Si la meute nous attaque, … toute la meute devient somnolente"; "Une victoire
    posthume est possible si ces conditions sont remplies au lendemain de notre départ.\""""
    seats = "bonhomme werewolf seer villager villager villager"
    g = play(seats, {"night": 1}, {"day": 1, "votes": V("- - - - - -")},
             {"night": 2, "bonhomme": {"targets": [2, 3]}, "werewolves": {"victim": 0}},
             {"day": 2})
    assert not g.alive(0) and states.somnolent(g) == {1, 2, 3}
    assert told(g, 1, "bonhomme_found")[0].seat == 0
    assert g.verdict is None  # seats 4 and 5 are awake
    o = out(seats, {"night": 1}, {"day": 1, "votes": V("- - - - - -")},
            {"night": 2, "bonhomme": {"targets": [2, 3]}, "werewolves": {"victim": 0}},
            {"day": 2, "votes": V("- 4 4 4 - 4")}, {"night": 3, "werewolves": {"victim": 5}},
            {"day": 3})
    assert (o["winning_side"], o["winners"]) == ("bonhomme", [0])


# ---- the Ramancheux ------------------------------------------------------------------------------

# seat 3 the Ramancheux; seats 1 and 6 the werewolves; seat 0 the intendant elected on day 1
RAMANCHEUX = "seer werewolf witch ramancheux hunter villager werewolf villager"


def _nominations_day(*rounds, **day) -> dict:
    """Day 1 by nominations: (candidate, hands) per round; seat 0 elected intendant."""
    d: dict = {"day": 1, "captain_votes": V("0 0 0 0 0 0 0 0"), **day}
    named = [c for c, _ in rounds if c is not None]
    if named:
        d["nominations"] = named
    d["nomination_votes"] = [V(h) for _, h in rounds]
    return d


def _ramancheux(*phases):
    return play(RAMANCHEUX, {"night": 1}, *phases, captain="first_morning",
                vote="nominations")


# 6 (a werewolf) and 7 named by the intendant, both spared; then the vote against him fails
# and the draw takes seat 5
SPARED = _nominations_day((6, "6 6 6 - - - - -"), (7, "7 - - - - - - -"),
                          (None, "- - - - - - - -"), village_draw=5)


NOT_CALLED_ON_NIGHT_2 = "phases[2].ramancheux: this step is not called on night 2"


def test_ramancheux_eye_learns_whether_a_spared_nominee_is_a_wolf():
    """"Après un vote par nomination, on peut choisir un joueur qui a été nommé par
    l'intendant mais dont le vote a échoué. On peut alors obtenir la même information ("est /
    n'est pas un loup") que si ce joueur avait été éliminé.\""""
    g = _ramancheux(SPARED, {"night": 2, "ramancheux": {"look": 6}})
    (e,) = told(g, 3, "physiognomy")
    assert (e.seat, e.value, e.phase) == (6, True, "night 2")
    g = _ramancheux(SPARED, {"night": 2, "ramancheux": {"look": 7}})
    assert [(e.seat, e.value) for e in told(g, 3, "physiognomy")] == [(7, False)]


def test_ramancheux_eye_looks_only_at_the_intendants_failed_nominees():
    # the vote against the intendant himself is no nomination of his; the drawn seat is gone;
    # the seer was never named
    for seat in (0, 5, 2):
        assert err(RAMANCHEUX, {"night": 1}, SPARED, {"night": 2, "ramancheux": {"look": seat}},
                   captain="first_morning", vote="nominations") == (
            "phases[2].ramancheux.look: the Ramancheux looks at a player the intendant named "
            "yesterday whose vote failed")


def test_ramancheux_eye_is_not_for_candidates_the_table_named_without_an_intendant():
    day = {"day": 1, "nominations": [6, 7], "nomination_votes": [V("6 6 6 - - - - -"),
                                                                    V("7 - - - - - - -")],
           "village_draw": 5}
    assert err(RAMANCHEUX, {"night": 1}, day, {"night": 2, "ramancheux": {"look": 6}},
               vote="nominations") == NOT_CALLED_ON_NIGHT_2


def test_ramancheux_is_not_called_without_a_failed_nomination():
    day = _nominations_day((6, "6 6 6 6 - - - -"))  # the first candidate goes
    assert err(RAMANCHEUX, {"night": 1}, day, {"night": 2, "ramancheux": {"look": 6}},
               captain="first_morning", vote="nominations") == NOT_CALLED_ON_NIGHT_2


def test_ramancheux_eye_is_only_for_the_day_before():
    """The eye looks after a vote by nominations: the next night, not later."""
    day2 = _nominations_day((7, "7 7 7 7 - - - -"))
    day2["day"] = 2
    del day2["captain_votes"]
    assert err(RAMANCHEUX, {"night": 1}, SPARED, {"night": 2}, day2,
               {"night": 3, "ramancheux": {"look": 6}}, captain="first_morning",
               vote="nominations") == "phases[4].ramancheux: this step is not called on night 3"


def test_ramancheux_does_not_look_at_himself():
    """The eye looks at another: the Ramancheux the hands spared alone is not called."""
    day = _nominations_day((3, "3 3 3 - - - - -"), (6, "6 6 6 6 - - - -"))
    assert err(RAMANCHEUX, {"night": 1}, day, {"night": 2, "ramancheux": {"look": 3}},
               captain="first_morning", vote="nominations") == NOT_CALLED_ON_NIGHT_2


# ---- the Flanc-Mou ---------------------------------------------------------------------------------

# seat 0 the Flanc-Mou; seats 1 and 6 the werewolves; seat 7 the Chien-Garou
FLANC = "flanc_mou werewolf seer villager villager villager werewolf dog_wolf"
FM_BLANK = V("- - - - - - - -")
#: Two quiet nights and days, then the third night.
FM_QUIET = ({"night": 1, "dog_wolf": {"master": 3}}, {"day": 1, "votes": FM_BLANK},
         {"night": 2}, {"day": 2, "votes": FM_BLANK})


def test_flanc_mou_picks_a_player_on_the_third_night_and_learns_his_character_at_once():
    """"Durant la troisième nuit, choisit un joueur dont on apprend immédiatement le rôle.\""""
    g = play(FLANC, *FM_QUIET, {"night": 3, "flanc_mou": {"target": 7}})
    (e,) = [e for e in told(g, 0, "saw") if e.step == "flanc_mou"]
    assert (e.phase, e.seat, e.role) == ("night 3", 7, "dog_wolf")
    assert g.cards[0] == "flanc_mou"  # he stays a Flanc-Mou meanwhile
    # called on the third night only
    g = play(FLANC, *FM_QUIET)
    assert "flanc_mou" not in [e.step for e in g.log if e.kind == "chose"]
    assert "picks another player" in err(FLANC, *FM_QUIET, {"night": 3, "flanc_mou": {"target": 0}})
    assert "called on the third night only" in err(
        FLANC, *FM_QUIET, {"night": 3, "flanc_mou": {"target": 7}},
        {"day": 3, "votes": FM_BLANK}, {"night": 4, "flanc_mou": {"target": 3}})


def test_flanc_mou_must_pick_on_the_third_night():
    assert "missing" in err(FLANC, *FM_QUIET, {"night": 3}, {"day": 3, "votes": FM_BLANK})


def test_flanc_mou_takes_his_targets_character_the_night_after_the_vote_puts_him_out():
    """"…et dont on prendra le rôle s'il quitte le jeu"; "le changement de rôle du
    Flanc-Mou" is a step "jouée en secret durant la phase nocturne": the next night's."""
    voted = ({"night": 3, "flanc_mou": {"target": 7}}, {"day": 3, "votes": V("7 7 7 7 7 7 7 -")})
    g = play(FLANC, *FM_QUIET, *voted)
    assert g.cards[0] == "flanc_mou" and not told(g, 0, "flanc_mou_took")
    g = play(FLANC, *FM_QUIET, *voted, {"night": 4, "dog_wolf": {"master": 2}})
    assert g.cards[0] == "dog_wolf"
    (e,) = told(g, 0, "flanc_mou_took")
    assert (e.phase, e.seat, e.role) == ("night 4", 7, "dog_wolf")


def test_flanc_mou_stays_a_flanc_mou_until_the_dawn_announces_his_targets_death():
    """"Reste un 'Flanc-Mou' tant que le départ de la cible n'a pas été officialisé": a
    player the pack devours leaves at the dawn that announces it (here the same night he was
    picked)."""
    night3 = {"night": 3, "flanc_mou": {"target": 3}, "werewolves": {"victim": 3}}
    g = play(FLANC, *FM_QUIET, night3)
    assert g.stop.step == "dawn" and g.cards[0] == "flanc_mou"
    g = play(FLANC, *FM_QUIET, night3, {"day": 3, "votes": FM_BLANK}, {"night": 4})
    assert g.cards[0] == "villager" and deaths(g) == [(3, "werewolves")]
    assert told(g, 0, "flanc_mou_took")[0].phase == "night 4"


def test_flanc_mou_who_took_a_werewolf_wakes_with_the_pack_the_next_night():
    g = play(FLANC, *FM_QUIET, {"night": 3, "flanc_mou": {"target": 6}},
             {"day": 3, "votes": V("6 - 6 6 6 6 1 6")}, {"night": 4})
    assert g.cards[0] == "werewolf" and side(g, 0) == "werewolves"
    assert 0 in next(e for e in g.log if e.kind == "pack" and e.phase == "night 4").seats


def test_the_village_is_told_the_night_after_that_the_flanc_mou_has_chosen_his_side():
    """"La nuit suivant le départ confirmé de la cible, le village est mis au courant":
    that he has chosen his side, nothing more (not who he is, nor what he took)."""
    g = play(FLANC, *FM_QUIET, {"night": 3, "flanc_mou": {"target": 4}},
             {"day": 3, "votes": V("4 4 4 4 - 4 4 4")}, {"night": 4})
    (e,) = public(g, "flanc_mou_enters")
    assert e.phase == "night 4" and (e.seat, e.seats, e.role) == (None, (), None)
    assert not public(g, "flanc_mou_took") and not public(g, "saw")
    # told once: not on the following nights
    g = play(FLANC, *FM_QUIET, {"night": 3, "flanc_mou": {"target": 4}},
             {"day": 3, "votes": V("4 4 4 4 - 4 4 4")}, {"night": 4}, {"day": 4, "votes": FM_BLANK},
             {"night": 5})
    assert len(public(g, "flanc_mou_enters")) == 1


def test_flanc_mou_does_the_first_night_steps_of_the_character_he_took():
    """"…on fait, en secret, toutes les étapes pour notre 'entrée en jeu': … Choisir un
    maître spirituel (Chien-Garou)": the Chien-Garou's first-night call, his master his own."""
    took_dog = ({"night": 3, "flanc_mou": {"target": 7}},
                {"day": 3, "votes": V("7 7 7 7 7 7 7 -")})
    g = play(FLANC, *FM_QUIET, *took_dog, {"night": 4, "dog_wolf": {"master": 2}})
    assert g.memo.get("dog_wolf.master") == 2
    assert "missing" in err(FLANC, *FM_QUIET, *took_dog, {"night": 4}, {"day": 4})
    assert "another player" in err(FLANC, *FM_QUIET, *took_dog,
                                   {"night": 4, "dog_wolf": {"master": 0}})
    # only that night: the next one, his first-night call is over
    assert "called on the first night only" in err(
        FLANC, *FM_QUIET, *took_dog, {"night": 4, "dog_wolf": {"master": 2}},
        {"day": 4, "votes": FM_BLANK}, {"night": 5, "dog_wolf": {"master": 3}})


def test_flanc_mou_learns_what_his_new_character_learns_on_its_first_night():
    """Whatever the card does on its first night, from its own steps: the Loup Solitaire's
    look at the pack's members."""
    seats = "flanc_mou werewolf seer villager villager villager werewolf lone_wolf"
    g = play(seats, {"night": 1}, {"day": 1, "votes": FM_BLANK}, {"night": 2},
             {"day": 2, "votes": FM_BLANK}, {"night": 3, "flanc_mou": {"target": 7}},
             {"day": 3, "votes": V("7 7 7 7 7 7 7 -")}, {"night": 4})
    assert g.cards[0] == "lone_wolf"
    (e,) = [e for e in told(g, 0, "pack") if e.step == "lone_wolf_pack"]
    assert e.phase == "night 4"
    assert e.seats == (1, 6)


def test_flanc_mou_who_takes_a_spent_one_use_power_finds_it_spent():
    """A host's reading: he takes the character as its holder left it; the witch's heal she
    drank is gone, her poison is still his."""
    seats = "flanc_mou werewolf seer villager villager villager werewolf witch"
    g = play(seats, {"night": 1, "werewolves": {"victim": 3}, "witch": {"heal": True}},
             {"day": 1, "votes": FM_BLANK}, {"night": 2}, {"day": 2, "votes": FM_BLANK},
             {"night": 3, "flanc_mou": {"target": 7}},
             {"day": 3, "votes": V("7 7 7 7 7 7 7 -")},
             {"night": 4, "werewolves": {"victim": 4}})
    assert g.cards[0] == "witch"
    assert "heal" in err(seats, {"night": 1, "werewolves": {"victim": 3}, "witch": {"heal": True}},
                         {"day": 1, "votes": FM_BLANK}, {"night": 2}, {"day": 2, "votes": FM_BLANK},
                         {"night": 3, "flanc_mou": {"target": 7}},
                         {"day": 3, "votes": V("7 7 7 7 7 7 7 -")},
                         {"night": 4, "werewolves": {"victim": 4}, "witch": {"heal": True}})
    o = out(seats, {"night": 1, "werewolves": {"victim": 3}, "witch": {"heal": True}},
            {"day": 1, "votes": FM_BLANK}, {"night": 2}, {"day": 2, "votes": FM_BLANK},
            {"night": 3, "flanc_mou": {"target": 7}},
            {"day": 3, "votes": V("7 7 7 7 7 7 7 -")},
            {"night": 4, "werewolves": {"victim": 4}, "witch": {"poison": 1}}, {"day": 4})
    assert {"seat": 1, "cause": "witch"} in o["phases"][-1]["dead"]


def test_flanc_mou_who_takes_cupids_card_finds_his_arrows_shot():
    """Cupid's first-night call is made for him, for show: the couple stays the couple."""
    seats = "flanc_mou werewolf seer villager villager villager werewolf cupid"
    g = play(seats, {"night": 1, "cupid": {"lovers": [3, 4]}}, {"day": 1, "votes": FM_BLANK},
             {"night": 2}, {"day": 2, "votes": FM_BLANK}, {"night": 3, "flanc_mou": {"target": 7}},
             {"day": 3, "votes": V("7 7 7 7 7 7 7 -")},
             {"night": 4, "cupid": {"lovers": [2, 5]}})
    assert g.cards[0] == "cupid" and g.lovers == (3, 4)


def test_flanc_mou_who_takes_a_fier_a_bras_starts_fait_fort_as_the_deal_would_give():
    """His entry gives him the states the card starts with ("Au début de la partie, reçoit
    le statut fait fort")."""
    seats = "flanc_mou werewolf seer villager villager villager werewolf braggart"
    g = play(seats, {"night": 1}, {"day": 1, "votes": FM_BLANK}, {"night": 2},
             {"day": 2, "votes": FM_BLANK}, {"night": 3, "flanc_mou": {"target": 7}},
             {"day": 3, "votes": V("7 7 7 7 7 7 7 -")}, {"night": 4})
    assert g.cards[0] == "braggart" and states.strong(g, 0)


def test_flanc_mou_who_leaves_before_the_night_he_would_enter_takes_nothing():
    """The hunter his target was shoots him as he dies: he leaves a Flanc-Mou, and the
    village hears nothing of a side chosen."""
    seats = "flanc_mou werewolf seer villager villager villager werewolf hunter"
    g = play(seats, {"night": 1}, {"day": 1, "votes": FM_BLANK}, {"night": 2},
             {"day": 2, "votes": FM_BLANK}, {"night": 3, "flanc_mou": {"target": 7}},
             {"day": 3, "votes": V("7 7 7 7 7 7 7 -"), "hunter": {"shoot": 0}}, {"night": 4})
    assert g.death_of(0).card == "flanc_mou"
    assert not told(g, 0, "flanc_mou_took") and not public(g, "flanc_mou_enters")


def test_flanc_mou_who_dies_before_his_target_takes_nothing():
    g = play(FLANC, *FM_QUIET, {"night": 3, "flanc_mou": {"target": 7}},
             {"day": 3, "votes": V("- 0 0 0 0 0 0 0")}, {"night": 4, "werewolves": {"victim": 7}},
             {"day": 4, "votes": FM_BLANK})
    assert g.death_of(0).card == "flanc_mou" and g.cards[0] == "flanc_mou"
    assert not told(g, 0, "flanc_mou_took") and not public(g, "flanc_mou_enters")


def test_flanc_mou_dying_at_the_same_dawn_as_his_target_dies_a_flanc_mou():
    """Both departures are made official together: he never took the card (his card shown
    is the Flanc-Mou's, whatever the seats' order)."""
    seats = "villager werewolf seer villager villager witch werewolf flanc_mou"
    g = play(seats, {"night": 1}, {"day": 1, "votes": FM_BLANK}, {"night": 2},
             {"day": 2, "votes": FM_BLANK}, {"night": 3, "flanc_mou": {"target": 0},
                                          "werewolves": {"victim": 0},
                                          "witch": {"poison": 7}},
             {"day": 3, "votes": FM_BLANK})
    assert g.death_of(7).card == "flanc_mou" and not told(g, 7, "flanc_mou_took")


def test_flanc_mou_is_ignored_in_the_villagers_against_lupins_count():
    """"Ignoré lors des calculs villageois vs lupins": a werewolf alone with him has won."""
    seats = "flanc_mou werewolf villager villager villager villager"
    o = out(seats, {"night": 1, "werewolves": {"victim": 2}},
            {"day": 1, "votes": V("- - - 5 5 3")}, {"night": 2, "werewolves": {"victim": 3}},
            {"day": 2, "votes": V("- 4 - - - -")})
    assert (o["winning_side"], o["reason"]) == ("werewolves", "only_werewolves_left")
    assert o["winners"] == [1]  # and he, who chose no side, wins nothing


def test_flanc_mou_who_chose_no_side_does_not_win_with_the_village():
    seats = "flanc_mou werewolf villager villager villager villager"
    o = out(seats, {"night": 1}, {"day": 1, "votes": V("1 - 1 1 1 1")})
    assert (o["winning_side"], o["reason"]) == ("village", "no_werewolf_left")
    assert o["winners"] == [2, 3, 4, 5]


def test_the_night_he_enters_the_table_hears_the_first_night_calls_of_the_cards_shown_lately():
    """A secret kept: the table hears the first-night calls of every card shown dead the
    day before (the card he took is one of them), each called for show but his."""
    from onenight.classic import Options
    from onenight.classic.calls import night_calls

    deck = FLANC.split()
    assert night_calls(deck, 4) == ("dusk", "seer", "werewolves")
    assert night_calls(deck, 4, Options(), ["dog_wolf"], shown_lately=["dog_wolf"], taken=["dog_wolf"],
                       entering=True) == (
        "dusk", "flanc_mou_enters", "dog_wolf", "seer", "werewolves")
    # from then on, the card he took is one more copy in the game: its calls go on
    mem = "flanc_mou werewolf seer villager villager villager werewolf memere".split()
    assert "memere" in night_calls(mem, 5, Options(), ["memere"], taken=["memere", "seer"])
    assert "memere" not in night_calls(mem, 5, Options(), ["memere"])
    assert night_calls(deck, 3) == ("dusk", "seer", "flanc_mou", "werewolves")


def test_flanc_mou_kept_asleep_on_the_third_night_never_picks():
    """"Durant la troisième nuit" only: endormi dur that night (the Bonhomme Sept-Heures), his
    call is made for show, and he stays a Flanc-Mou for good."""
    seats = "flanc_mou werewolf seer villager villager villager werewolf bonhomme"
    g = play(seats, {"night": 1}, {"day": 1, "votes": FM_BLANK}, {"night": 2},
             {"day": 2, "votes": FM_BLANK}, {"night": 3, "bonhomme": {"targets": [0, 3]}},
             {"day": 3, "votes": V("7 7 7 7 7 7 7 -")}, {"night": 4}, {"day": 4})
    assert g.memo.get("flanc_mou.target") is None and g.cards[0] == "flanc_mou"
    assert "called on the third night only" in err(
        seats, {"night": 1}, {"day": 1, "votes": FM_BLANK}, {"night": 2},
        {"day": 2, "votes": FM_BLANK}, {"night": 3, "bonhomme": {"targets": [0, 3]}},
        {"day": 3, "votes": FM_BLANK}, {"night": 4, "flanc_mou": {"target": 3}})


# ---- the ragots and the Tête-de-Co'hon -----------------------------------------------------------

# seat 0 the Tête-de-Co'hon; seats 1 and 6 the werewolves; seat 2 the seer; the rest Habitants
TETE = "tete_de_cochon werewolf seer villager villager villager werewolf villager"


def _ragots(*rs: tuple) -> dict:
    return {"ragots": [{"kind": k, "seats": list(s)} for k, s in rs]}


#: A Habitant cleared, and a werewolf among two.
TWO = _ragots(("habitant", (3,)), ("enemy", (1, 2)))


def test_tete_de_cochon_receives_two_ragots_drawn_at_random_on_the_first_night():
    """"Durant la première nuit, reçoit deux ragots déterminés au hasard.\""""
    g = until(play(TETE), "tete_de_cochon_ragots")
    assert g.stop.chance and g.stop.woken == () and g.stop.required
    g = play(TETE, {"night": 1, "tete_de_cochon_ragots": TWO})
    assert [(e.kind, e.seat, e.seats) for e in told(g, 0) if e.kind.startswith("ragot")] == [
        ("ragot_habitant", 3, ()), ("ragot_enemy", None, (1, 2))]
    assert not any(e.kind.startswith("ragot") for s in range(1, 8) for e in told(g, s))


def test_tete_de_cochon_ragots_are_of_different_kinds():
    """"Les deux ragots devraient être de types différents.\""""
    g = until(play(TETE), "tete_de_cochon_ragots")
    assert all(len({r.kind for r in c.ragots}) == 2 for c in legal_choices(g))
    assert "different kinds" in err(TETE, {"night": 1, "tete_de_cochon_ragots": _ragots(
        ("habitant", (3,)), ("habitant", (4,)))})


def test_a_ragot_is_always_true_and_never_about_its_receiver():
    """The glossary: "Un indice pouvant innocenter un Habitant, ou permettant d'orienter ses
    soupçons vers un rôle ami ou ennemi": a werewolf is no Habitant nor a friend; two
    villagers hide no enemy."""
    g = until(play(TETE), "tete_de_cochon_ragots")
    named = {s for c in legal_choices(g) for r in c.ragots for s in r.seats}
    assert 0 not in named and named == set(range(1, 8))
    for false in [("habitant", (1,)), ("ally", (6,)), ("ally", (3,)), ("enemy", (3, 4)),
                  ("habitant", (0,))]:
        assert "true clues" in err(TETE, {"night": 1, "tete_de_cochon_ragots": _ragots(
            false, ("enemy", (2, 6)))})


def test_two_ragots_never_name_the_same_player():
    """A Habitant cleared among an enemy pair would name the enemy: more than either says."""
    assert "true clues" in err(TETE, {"night": 1, "tete_de_cochon_ragots": _ragots(
        ("habitant", (3,)), ("enemy", (1, 3)))})


def test_a_ragot_in_the_record_names_its_kind_and_its_seats():
    assert "phases[0].tete_de_cochon_ragots.ragots[0].kind" in err(TETE, {
        "night": 1, "tete_de_cochon_ragots": _ragots(("rumour", (3,)))})
    assert "seats" in err(TETE, {"night": 1, "tete_de_cochon_ragots": _ragots(
        ("enemy", (3,)), ("habitant", (4,)))})


#: Day 1: the Tête-de-Co'hon votes against seat 4; seat 5 is voted out.
FIRST_CHOICE = ({"night": 1, "tete_de_cochon_ragots": TWO},
                {"day": 1, "votes": V("4 5 5 5 - - - -")}, {"night": 2})


def test_tete_de_cochon_votes_only_for_his_first_choice_or_blank():
    """"Si on décide de voter pour un joueur, on ne peut plus voter pour quelqu'un d'autre …
    Nos seules options sont de voter pour notre choix initial, ou de s'abstenir.\""""
    g = play(TETE, *FIRST_CHOICE, {"day": 2})
    assert ballot_options(g, 0) == (None, 4)
    assert "first voted against" in err(TETE, *FIRST_CHOICE,
                                        {"day": 2, "votes": V("7 - - - - - - -")})
    assert out(TETE, *FIRST_CHOICE, {"day": 2, "votes": V("4 4 4 4 - - - -")})[
        "phases"][3]["eliminated"] == 4


def test_tete_de_cochon_is_free_again_once_his_first_choice_leaves_the_game():
    """"…tant que le premier joueur demeure en jeu.\""""
    g = play(TETE, {"night": 1, "tete_de_cochon_ragots": TWO},
             {"day": 1, "votes": V("4 4 4 - - - - -")}, {"night": 2}, {"day": 2})
    assert not g.alive(4) and ballot_options(g, 0) == (None,) + tuple(
        s for s in g.living() if s != 0)


def test_tete_de_cochon_is_not_bound_by_the_captains_election():
    g = play(TETE, {"night": 1, "tete_de_cochon_ragots": TWO},
             {"day": 1, "captain_votes": V("7 7 7 - - - - -")}, captain="first_morning")
    assert 3 in ballot_options(g, 0) and 7 in ballot_options(g, 0)


def test_tete_de_cochon_in_a_second_vote_without_his_first_choice_votes_blank():
    g = play(TETE, *FIRST_CHOICE, {"day": 2, "votes": V("- 3 3 7 7 - - -")})
    assert g.stop.step == "revote" and ballot_options(g, 0) == (None,)


def test_tete_de_cochon_raises_his_hand_only_for_his_first_choice():
    """Under the vote by nominations a raised hand is a vote against the candidate."""
    night = {"night": 1, "tete_de_cochon_ragots": TWO}
    g = play(TETE, night, {"day": 1, "nominations": [4, 3],
                           "nomination_votes": [V("4 - - - - - - -")]}, vote="nominations")
    assert g.stop.step == "nomination_votes" and g.stop.among == (3,)
    assert ballot_options(g, 0) == (None,) and ballot_options(g, 2) == (None, 3)
    assert "first voted against" in err(TETE, night, {
        "day": 1, "nominations": [4, 3],
        "nomination_votes": [V("4 - - - - - - -"), V("3 - - - - - - -")]}, vote="nominations")


#: The Tête-de-Co'hon's ragots at the hypnotist's table: a Habitant, and a werewolf among two.
TWO_HYPNOTIST = _ragots(("habitant", (4,)), ("enemy", (2, 3)))


def test_tete_de_cochon_hypnotized_against_another_than_his_first_choice_votes_blank():
    """Bound by the hypnotist (seed 000: "il ne peut voter que contre sa victime") to another
    player than his first choice, his ballot is blank, the one ballot both rules allow."""
    seats = "tete_de_cochon hypnotist werewolf seer villager villager werewolf villager"
    phases = ({"night": 1, "tete_de_cochon_ragots": TWO_HYPNOTIST},
              {"day": 1, "votes": V("4 5 5 5 - - - -")},
              {"night": 2, "hypnotist": {"hypnotize": [0, 7]}})
    g = play(seats, *phases, {"day": 2})
    assert ballot_options(g, 0) == (None,)
    assert "first voted against" in err(seats, *phases, {"day": 2, "votes": V(
        "7 - - - - - - -")})


# ---- the Grand-Talent-Pas-d'Adon -----------------------------------------------------------------

# seat 0 the Grand-Talent; seats 1 and 6 the werewolves; seat 2 the seer; seat 7 the hunter
TALENT = "grand_talent werewolf seer villager villager villager werewolf hunter"
DRAWN = {"night": 1, "grand_talent_ragots": _ragots(("enemy", (1, 3))),
         "grand_talent_antagonist": {"antagonist": 4}}


def test_grand_talent_receives_a_ragot_and_an_antagonist_on_the_first_night():
    """"Durant la première nuit, reçoit un ragot déterminé au hasard … se voit aussi attribuer
    un 'antagoniste'.\""""
    g = until(play(TALENT), "grand_talent_ragots")
    assert g.stop.chance and all(len(c.ragots) == 1 for c in legal_choices(g))
    g = play(TALENT, DRAWN)
    assert [(e.kind, e.seat, e.seats) for e in told(g, 0)
            if e.kind in ("ragot_enemy", "antagonist")] == [
        ("ragot_enemy", None, (1, 3)), ("antagonist", 4, ())]


def test_grand_talent_antagonist_is_drawn_among_the_villagers_never_the_seer():
    """"L'antagoniste est choisi au hasard parmi les villageois, mais ne peut pas être la
    Voyante.\""""
    g = until(play(TALENT, {"night": 1, "grand_talent_ragots": _ragots(("enemy", (1, 3)))}),
              "grand_talent_antagonist")
    assert g.stop.chance and sorted(c.seat for c in legal_choices(g)) == [3, 4, 5, 7]
    for wrong in (0, 1, 2):
        assert "not the seer's" in err(TALENT, {**DRAWN, "grand_talent_antagonist": {
            "antagonist": wrong}})


def test_grand_talent_who_leaves_before_his_antagonist_loses():
    """"On perd la partie s'il quitte le jeu avant son antagoniste.\""""
    o = out(TALENT, {**DRAWN, "werewolves": {"victim": 0}},
            {"day": 1, "votes": V("- 6 1 1 1 1 1 1")}, {"night": 2},
            {"day": 2, "votes": V("- - 6 6 6 6 - 6")})
    assert o["phases"][1]["dead"] == [{"seat": 0, "cause": "werewolves"}]
    assert o["winning_side"] == "village" and 0 not in o["winners"] and 4 in o["winners"]


def test_grand_talent_has_no_posthumous_win_even_after_his_antagonist():
    """"(Pas de victoire posthume.)\""""
    o = out(TALENT, {**DRAWN, "werewolves": {"victim": 4}},
            {"day": 1, "votes": V("5 0 0 0 - 0 0 0")}, {"night": 2},
            {"day": 2, "votes": V("- 6 1 1 - 1 1 1")}, {"night": 3},
            {"day": 3, "votes": V("- - 6 6 - 6 - 6")})
    assert o["phases"][1]["dead"] == [{"seat": 4, "cause": "werewolves"}]
    assert o["phases"][1]["eliminated"] == 0  # after his antagonist
    assert o["winning_side"] == "village" and 0 not in o["winners"] and 2 in o["winners"]


def test_grand_talent_alive_at_the_end_wins_with_the_village():
    o = out(TALENT, DRAWN, {"day": 1, "votes": V("1 - 1 1 1 1 1 1")}, {"night": 2},
            {"day": 2, "votes": V("6 - 6 6 6 6 - 6")})
    assert o["winning_side"] == "village" and 0 in o["winners"]


# ---- the Apothicaire: two of four remedies, picked in secret, one a night ------------------------

# seat 0 the Apothicaire; seats 1 and 6 the werewolves
APOTHECARY = "apothecary werewolf seer villager villager villager werewolf villager"
BLANK = {"votes": V("- - - - - - - -")}


def _night1(pick, use=None, **more):
    n = {"night": 1, "apothecary_powers": {"powers": pick}, **more}
    if use is not None:
        n["apothecary"] = use
    return n


def _walk_to(g, to: str, **chosen):
    """The game walked on to the call ``to``, with a choice at some calls (by step)."""
    while g.stop.step != to:
        g = apply(g, chosen.get(g.stop.step))
    return g


def _first_night(seats: str, to: str, **chosen):
    """The first night walked to the call ``to``, with a choice at some calls (by step)."""
    return _walk_to(new_game(seats.split(), options=Options(captain="never")), to, **chosen)


def test_apothecary_picks_two_of_her_four_powers_in_secret_on_the_first_night():
    """"Durant la première nuit, choisit en secret 2 pouvoirs spéciaux parmi un choix de 4.\""""
    g = until(play(APOTHECARY), "apothecary_powers")
    assert len(legal_choices(g)) == 6 and None not in legal_choices(g)  # 4 choose 2, required
    g = play(APOTHECARY, _night1(["perfume", "herb"]))
    (e,) = [e for e in g.log if e.step == "apothecary_powers" and e.kind == "chose"]
    assert e.value == {"powers": ["perfume", "herb"]} and e.to == (0,)  # nobody else knows
    assert g.memo.get("apothecary.powers") == ("herb", "perfume")
    assert "picks 2 different powers" in err(APOTHECARY, _night1(["herb"]))
    assert "picks 2 different powers" in err(APOTHECARY, _night1(["herb", "herb"]))
    assert "expected a list of powers" in err(APOTHECARY, _night1(["herb", "broom"]))


def test_apothecary_uses_only_the_powers_she_picked():
    assert "was not picked" in err(APOTHECARY, _night1(["herb", "serum"],
                                                      {"power": "elixir", "target": 3}))


def test_apothecary_uses_one_power_a_night():
    """"À chaque nuit, peut utiliser un (et un seul) des pouvoirs choisis.\""""
    g = _first_night(APOTHECARY, "apothecary", apothecary_powers=Pick(("herb", "elixir")))
    assert {c.power for c in legal_choices(g) if c is not None} == {"herb", "elixir"}
    assert None in legal_choices(g)  # or none


def test_apothecary_herb_protects_a_player_for_the_night():
    """Extrait d'Herbe-aux-Loups: "On choisit un joueur qui sera protégé pour cette nuit.\""""
    g = play(APOTHECARY, _night1(["herb", "serum"], {"power": "herb", "target": 3},
                                 werewolves={"victim": 3}), {"day": 1})
    assert g.alive(3) and not g.deaths


def test_apothecary_herb_may_protect_herself():
    g = play(APOTHECARY, _night1(["herb", "serum"], {"power": "herb", "target": 0},
                                 werewolves={"victim": 0}), {"day": 1})
    assert g.alive(0)


def test_apothecary_herb_never_protects_the_same_player_two_nights_running():
    """"On ne peut pas protéger la même cible deux nuits consécutives.\""""
    n1 = _night1(["herb", "elixir"], {"power": "herb", "target": 3}, werewolves={"victim": 4})
    assert "two nights running" in err(APOTHECARY, n1, {"day": 1, **BLANK},
                                       {"night": 2, "apothecary": {"power": "herb",
                                                                   "target": 3}})
    # the elixir in between: the herb may name him again the night after
    g = play(APOTHECARY, n1, {"day": 1, **BLANK},
             {"night": 2, "apothecary": {"power": "elixir", "target": 5}},
             {"day": 2, **BLANK},
             {"night": 3, "apothecary": {"power": "herb", "target": 3},
              "werewolves": {"victim": 3}}, {"day": 3})
    assert g.alive(3)


def test_apothecary_perfume_forces_the_packs_victim_even_a_wolf():
    """Parfum de Mort: "On choisit un joueur que la meute sera obligée d'attaquer … La victime
    peut même être un loup.\""""
    n1 = _night1(["perfume", "serum"], {"power": "perfume", "target": 6})
    g = _first_night(APOTHECARY, "werewolves", apothecary_powers=Pick(("perfume", "serum")),
                     apothecary=Use("perfume", 6))
    assert legal_choices(g) == [Seat(6)]  # required: the pack must attack him
    assert "must take that player" in err(APOTHECARY, {**n1, "werewolves": {"victim": 3}})
    g = play(APOTHECARY, {**n1, "werewolves": {"victim": 6}}, {"day": 1})
    assert deaths(g) == [(6, "werewolves")]


def test_apothecary_perfume_is_used_once_and_not_on_herself():
    n1 = _night1(["perfume", "serum"], {"power": "perfume", "target": 3},
                 werewolves={"victim": 3})
    assert "another player" in err(APOTHECARY, _night1(["perfume", "serum"],
                                                       {"power": "perfume", "target": 0}))
    # her only usable power spent: her call is made for show from then on
    g = until(play(APOTHECARY, n1, {"day": 1, **BLANK}), "apothecary")
    assert g.stop.for_show
    # with a power left, the spent one is refused
    n1 = _night1(["perfume", "herb"], {"power": "perfume", "target": 3},
                 werewolves={"victim": 3})
    assert "used already" in err(APOTHECARY, n1, {"day": 1, **BLANK},
                                 {"night": 2, "apothecary": {"power": "perfume", "target": 4}})


def test_apothecary_perfume_lasts_until_the_pack_attacks():
    """"Si la meute n'attaque pas cette nuit, le Parfum dure jusqu'à la nuit suivante": a pack
    all protected (here, its lone wolf under the Fille de Chamane's paw) does not attack."""
    seats = "apothecary werewolf seer villager villager villager shamans_daughter villager"
    n1 = _night1(["perfume", "serum"], {"power": "perfume", "target": 3},
                 shamans_daughter={"protect": 1})
    g = play(seats, n1, {"day": 1, "votes": V("- - - - - - - -")})
    assert g.alive(3)
    g = until(g, "werewolves")
    assert legal_choices(g) == [Seat(3)]  # the next night, still perfumed
    g = play(seats, n1, {"day": 1, "votes": V("- - - - - - - -")},
             {"night": 2, "werewolves": {"victim": 3}}, {"day": 2, "votes": V("- - - - - - - -")})
    assert deaths(g) == [(3, "werewolves")]
    g = until(g, "werewolves")
    assert Seat(4) in legal_choices(g) and None in legal_choices(g)  # the perfume is over


def test_apothecary_perfume_never_makes_a_lone_werewolf_devour_himself():
    """"Exception: un loup seul ne se dévorera pas lui-même.\""""
    seats = "apothecary werewolf seer villager villager villager villager villager"
    g = _first_night(seats, "werewolves", apothecary_powers=Pick(("perfume", "serum")),
                     apothecary=Use("perfume", 1))
    assert Seat(1) not in legal_choices(g)


def test_apothecary_perfume_does_nothing_on_the_lone_wolf():
    """The Loup Solitaire: "ce dernier résiste au Parfum de Mort".\""""
    seats = "apothecary werewolf seer villager villager villager lone_wolf villager"
    g = _first_night(seats, "werewolves", apothecary_powers=Pick(("perfume", "serum")),
                     apothecary=Use("perfume", 6))
    assert Seat(3) in legal_choices(g)


def test_apothecary_elixir_makes_a_player_strong_without_telling_him():
    """Élixir de Vitalité: "un joueur qui devient fait fort … On peut se choisir soi-même. La
    cible n'est pas informée de ce bienfait.\""""
    g = play(APOTHECARY, _night1(["elixir", "herb"], {"power": "elixir", "target": 3}))
    assert states.strong(g, 3)
    assert not told(g, 3)
    g = play(APOTHECARY, _night1(["elixir", "herb"], {"power": "elixir", "target": 3}),
             {"day": 1, **BLANK}, {"night": 2, "werewolves": {"victim": 3}}, {"day": 2})
    assert g.alive(3) and not states.strong(g, 3)  # one attack survived, then spent
    g = play(APOTHECARY, _night1(["elixir", "herb"], {"power": "elixir", "target": 0}))
    assert states.strong(g, 0)


def test_apothecary_serum_sickens_the_pack_that_devours_her():
    """Sérum Indigeste (automatique): "Si on se fait dévorer par les loups, la meute tombe
    malade et n'attaquera personne la nuit suivante.\""""
    g = _first_night(APOTHECARY, "apothecary", apothecary_powers=Pick(("serum", "herb")))
    assert {c.power for c in legal_choices(g) if c is not None} == {"herb"}  # never used
    g = play(APOTHECARY, _night1(["serum", "herb"], werewolves={"victim": 0}),
             {"day": 1, **BLANK})
    assert legal_choices(until(g, "werewolves")) == [None]
    # not picked: the pack that eats her is not sick
    g = play(APOTHECARY, _night1(["herb", "elixir"], werewolves={"victim": 0}),
             {"day": 1, **BLANK})
    assert Seat(3) in legal_choices(until(g, "werewolves"))


def test_apothecary_serum_kills_the_last_wolf_who_ate_her():
    """"S'il ne restait qu'un seul loup en jeu, celui-ci meurt.\""""
    seats = "apothecary werewolf seer villager villager villager villager villager"
    g = play(seats, _night1(["serum", "herb"], werewolves={"victim": 0}), {"day": 1})
    assert deaths(g) == [(0, "werewolves"), (1, "sickness")]


# ---- the Violoneux: a reel, a gigue or a rigodon, one a night from the third -----------------

# seat 0 the Violoneux; seats 1 and 6 the werewolves; 2 the seer, 3 the witch
FIDDLER = "violoneux werewolf seer witch villager villager werewolf villager"
QUIET_2 = ({"night": 1}, {"day": 1, **BLANK}, {"night": 2}, {"day": 2, **BLANK})


def test_violoneux_plays_from_the_third_night_one_of_his_three_powers():
    """"Chaque nuit (après la 2ième), peut utiliser un de 3 pouvoirs spéciaux.\""""
    g = play(FIDDLER, {"night": 1}, {"day": 1, **BLANK})
    assert not any(e.step == "violoneux" for e in g.log)
    g = until(play(FIDDLER, *QUIET_2), "violoneux")
    powers = {c.power for c in legal_choices(g) if c is not None}
    assert powers == {"reel", "gigue", "rigodon_night", "rigodon_day"}
    assert Use("rigodon_night") in legal_choices(g) and Use("gigue", 0) not in legal_choices(g)


def test_violoneux_reel_howls_when_the_group_holds_a_wolf():
    """Reel: "Si le groupe comprend un loup ou un Chien-Garou, le village entend une musique
    accompagnée de hurlements": seat 7's group is seats 6, 7 and 0 (round the table)."""
    g = play(FIDDLER, *QUIET_2, {"night": 3, "violoneux": {"power": "reel", "target": 7}},
             {"day": 3})
    assert public(g, "reel_howls") and not public(g, "reel_music")
    (e,) = [e for e in g.log if e.kind == "reel"]
    assert e.seats == (0, 6, 7) and e.to == ()  # the group is not told


def test_violoneux_reel_is_only_music_without_a_wolf_and_names_nobody():
    """"Sinon, le village n'entend que de la musique\""""
    g = play(FIDDLER, *QUIET_2, {"night": 3, "violoneux": {"power": "reel", "target": 3}},
             {"day": 3})
    (e,) = public(g, "reel_music")
    assert e.seat is None and not e.seats and not public(g, "reel_howls")


def test_violoneux_reel_hears_the_chien_garou_as_a_wolf():
    seats = "violoneux werewolf seer villager dog_wolf villager werewolf villager"
    g = play(seats, {"night": 1, "dog_wolf": {"master": 2}}, {"day": 1, **BLANK},
             {"night": 2}, {"day": 2, **BLANK},
             {"night": 3, "violoneux": {"power": "reel", "target": 4}}, {"day": 3})
    assert public(g, "reel_howls")


def test_violoneux_reel_skips_the_dead_round_the_table():
    seats = "violoneux werewolf seer witch villager villager werewolf villager"
    g = play(seats, {"night": 1, "werewolves": {"victim": 4}}, {"day": 1, **BLANK},
             {"night": 2}, {"day": 2, **BLANK},
             {"night": 3, "violoneux": {"power": "reel", "target": 3}}, {"day": 3})
    (e,) = [e for e in g.log if e.kind == "reel"]
    assert e.seats == (2, 3, 5)


def test_violoneux_gigue_exhausts_a_player_whose_call_is_then_made_for_show():
    """Gigue: "Le joueur ciblé devient épuisé pour la nuit"; Épuisé: "si réveillé pour sa
    phase nocturne, va immédiatement retourner se coucher, sans pouvoir utiliser son
    pouvoir": the seer's call wakes nobody and takes nothing."""
    g = _walk_to(play(FIDDLER, *QUIET_2), "seer", violoneux=Use("gigue", 2))
    assert g.stop.for_show and g.stop.woken == ()
    assert states.exhausted(g, 2)


def test_violoneux_gigue_keeps_a_werewolf_from_the_pack_that_night():
    g = _walk_to(play(FIDDLER, *QUIET_2), "werewolves", violoneux=Use("gigue", 6))
    assert g.stop.woken == (1,)


def test_violoneux_gigue_on_a_lone_werewolf_leaves_the_pack_without_a_victim():
    seats = "violoneux werewolf seer witch villager villager villager villager"
    g = _walk_to(play(seats, *QUIET_2), "werewolves", violoneux=Use("gigue", 1))
    assert g.stop.for_show and legal_choices(g) == [None]


def test_violoneux_gigue_voids_the_witchs_potions_that_night():
    g = _walk_to(play(FIDDLER, *QUIET_2), "witch", violoneux=Use("gigue", 3))
    assert g.stop.for_show and g.stop.woken == ()


def test_violoneux_gigue_voids_the_apothecarys_remedy_that_night():
    seats = "violoneux werewolf seer apothecary villager villager werewolf villager"
    g = play(seats, {"night": 1, "apothecary_powers": {"powers": ["herb", "elixir"]}},
             {"day": 1, **BLANK}, {"night": 2}, {"day": 2, **BLANK})
    g = _walk_to(g, "apothecary", violoneux=Use("gigue", 3))
    assert g.stop.for_show and g.stop.woken == ()


def test_violoneux_gigue_names_the_player_at_dawn_who_may_not_vote_that_day():
    """"Son identité est dévoilée au matin, et il n'aura pas le droit de vote pour la
    journée.\""""
    night3 = {"night": 3, "violoneux": {"power": "gigue", "target": 5}}
    g = play(FIDDLER, *QUIET_2, night3, {"day": 3})
    (e,) = public(g, "jigged")
    assert e.seat == 5
    assert ballot_options(g, 5) == (None,) and len(ballot_options(g, 4)) > 1
    assert "gigue" in err(FIDDLER, *QUIET_2, night3,
                          {"day": 3, "votes": V("- - - - - 1 - -")})
    # the next day he votes again
    g = play(FIDDLER, *QUIET_2, night3, {"day": 3, **BLANK}, {"night": 4}, {"day": 4})
    assert len(ballot_options(g, 5)) > 1


def test_violoneux_gigue_is_not_danced_by_himself():
    assert "another player" in err(FIDDLER, *QUIET_2,
                                   {"night": 3, "violoneux": {"power": "gigue", "target": 0}})


def test_violoneux_rigodon_de_nuit_sends_the_village_straight_to_the_morning():
    """Rigodon, nuit: "le village passe immédiatement au matin du jour suivant": no call after
    his, the pack attacks nobody."""
    g = play(FIDDLER, *QUIET_2, {"night": 3, "violoneux": {"power": "rigodon_night"}})
    calls = [e.step for e in g.log if e.phase == "night 3" and e.kind == "chose"]
    assert calls == ["violoneux"] and not g.deaths
    assert g.phase.label == "day 3" and public(g, "rigodon_night")
    # a record that still names a victim for the pack is refused: that call was not made
    err(FIDDLER, *QUIET_2, {"night": 3, "violoneux": {"power": "rigodon_night"},
                            "werewolves": {"victim": 4}})


def test_violoneux_rigodon_is_played_once_day_or_night():
    """Rigodon "(usage unique)": one use, of the night or of the day."""
    g = until(play(FIDDLER, *QUIET_2, {"night": 3, "violoneux": {"power": "rigodon_day"}},
                   {"day": 3}, {"night": 4}, {"day": 4, **BLANK}), "violoneux")
    powers = {c.power for c in legal_choices(g) if c is not None}
    assert powers == {"reel", "gigue"}


def test_violoneux_rigodon_de_jour_skips_the_debate_and_vote_while_he_is_in_play():
    """Rigodon, jour: "si on est toujours en jeu au matin, le village passe immédiatement à la
    nuit suivante.\""""
    g = play(FIDDLER, *QUIET_2, {"night": 3, "violoneux": {"power": "rigodon_day"}},
             {"day": 3})
    assert g.phase.label == "night 4" and public(g, "rigodon_day")
    assert not [e for e in g.log if e.phase == "day 3" and e.kind == "ballots"]


def test_violoneux_rigodon_de_jour_is_lost_when_he_dies_in_the_night():
    g = play(FIDDLER, *QUIET_2, {"night": 3, "violoneux": {"power": "rigodon_day"},
                                 "werewolves": {"victim": 0}}, {"day": 3})
    assert not g.alive(0) and g.stop.step == "votes" and not public(g, "rigodon_day")


# ---- the Entremetteuse and her couple (the glossary's Amant(e)) -----------------------------------

# seat 0 the Entremetteuse; seats 1 and 6 the werewolves
MATCH = "entremetteuse werewolf seer villager villager villager werewolf villager"
ALL_BLANK = V("- - - - - - - -")


def test_entremetteuse_names_two_players_on_the_first_night_who_become_lovers():
    g = play(MATCH, {"night": 1, "entremetteuse": {"lovers": [3, 5]}})
    assert states.amants(g) == (3, 5)
    assert g.lovers is None  # not cupid's couple: the glossary's rules


def test_entremetteuse_must_name_two_players_on_the_first_night():
    assert "Entremetteuse must name the two lovers" in err(MATCH, {"night": 1}, {"day": 1})
    assert "2 players" in err(MATCH, {"night": 1, "entremetteuse": {"lovers": [3]}})


def test_entremetteuse_is_never_told_whether_the_couple_formed():
    """"On ignore si le couple s'est vraiment formé": she is told nothing either way."""
    took = play(MATCH, {"night": 1, "entremetteuse": {"lovers": [3, 5]}})
    seats = "entremetteuse werewolf seer villager villager wendigo werewolf villager"
    refused = play(seats, {"night": 1, "entremetteuse": {"lovers": [3, 5]}})
    assert states.amants(refused) is None
    mine = [[e.kind for e in told(g, 0)] for g in (took, refused)]
    assert mine[0] == mine[1] == ["chose"]


def test_the_philtre_does_not_take_on_a_legendary_enemy():
    """"Ne fonctionne pas avec certains rôles": the legendary enemies play alone."""
    for enemy in ("wendigo", "bonhomme", "lone_wolf", "were_squirrel"):
        seats = f"entremetteuse werewolf seer villager villager {enemy} werewolf villager"
        g = play(seats, {"night": 1, "entremetteuse": {"lovers": [3, 5]}})
        assert states.amants(g) is None, enemy


def test_grand_talent_never_draws_his_lover_as_his_antagonist():
    """"On ne peut pas devenir l'amant de son antagoniste": the Entremetteuse's couple is made
    before his antagonist is drawn, so his lover is left out of the draw."""
    seats = "grand_talent werewolf seer villager villager villager werewolf entremetteuse"
    first = {"night": 1, "entremetteuse": {"lovers": [0, 4]},
             "grand_talent_ragots": _ragots(("enemy", (1, 3)))}
    g = until(play(seats, first), "grand_talent_antagonist")
    assert states.amants(g) == (0, 4)
    assert sorted(c.seat for c in legal_choices(g)) == [3, 5, 7]
    assert "not the seer's" in err(seats, {**first, "grand_talent_antagonist": {"antagonist": 4}})


def test_a_philtre_poured_after_the_draw_does_not_take_on_grand_talent_and_his_antagonist():
    """A Flanc-Mou who took the Entremetteuse's card pours his philtre on a later night, the
    antagonist already drawn."""
    from onenight.classic.roles import quebec

    seats = "grand_talent werewolf seer villager villager villager werewolf entremetteuse"
    g = play(seats, {"night": 1, "entremetteuse": {"lovers": [3, 5]},
                     "grand_talent_ragots": _ragots(("enemy", (1, 3))),
                     "grand_talent_antagonist": {"antagonist": 4}})
    assert quebec._rivals(g, (0, 4)) and quebec._rivals(g, (4, 0))
    assert not quebec._rivals(g, (0, 3)) and not quebec._rivals(g, (3, 4))


def test_the_philtre_does_not_take_on_a_lover_of_cupid():
    seats = "entremetteuse werewolf seer villager villager cupid werewolf villager"
    g = play(seats, {"night": 1, "cupid": {"lovers": [3, 4]},
                     "entremetteuse": {"lovers": [4, 7]}})
    assert g.lovers == (3, 4) and states.amants(g) is None


def test_the_philtre_takes_on_a_werewolf():
    g = play(MATCH, {"night": 1, "entremetteuse": {"lovers": [1, 3]}})
    assert states.amants(g) == (1, 3)


def test_entremetteuse_becomes_an_habitant_seen_as_such_by_the_seer():
    """"Une fois le choix complété, devient un Habitant": the seer is shown a villager."""
    g = play(MATCH, {"night": 1, "entremetteuse": {"lovers": [3, 5]}, "seer": {"view": 0}})
    assert [e.role for e in told(g, 2, "saw")] == ["villager"]


def test_entremetteuse_has_no_call_after_the_first_night():
    g = play(MATCH, {"night": 1, "entremetteuse": {"lovers": [3, 5]}},
             {"day": 1, "votes": ALL_BLANK})
    seen = []
    while g.phase.label == "night 2":
        seen.append(g.stop.step)
        g = apply(g)
    assert "entremetteuse" not in seen and "amants" in seen


def test_lovers_know_each_other_not_their_roles():
    """"Deux amants connaissent leurs identités respectives, mais pas leurs rôles\""""
    g = play(MATCH, {"night": 1, "entremetteuse": {"lovers": [1, 3]}})
    assert [(e.seat, e.role) for e in told(g, 1, "lover")] == [(3, None)]
    assert [(e.seat, e.role) for e in told(g, 3, "lover")] == [(1, None)]


def test_lovers_wake_every_night_and_choose_where_they_sleep():
    g = until(play(MATCH, {"night": 1, "entremetteuse": {"lovers": [3, 5]}},
                   {"day": 1, "votes": ALL_BLANK}), "amants")
    assert g.phase.label == "night 2" and g.stop.woken == (3, 5) and not g.stop.for_show
    assert legal_choices(g) == [None, Seat(3), Seat(5)]


def test_lovers_sleeping_at_one_home_leave_the_other_absent_and_the_pack_finds_it_empty():
    """"la possibilité de dormir chez l'un ou chez l'autre, les rendant absents de chez eux";
    "Les loups se retrouvent avec une maison vide\""""
    g = play(MATCH, {"night": 1, "entremetteuse": {"lovers": [3, 5]}, "amants": {"host": 5},
                     "werewolves": {"victim": 3}}, {"day": 1})
    assert g.alive(3) and deaths(g) == []


def test_lovers_each_at_home_are_attacked_as_anyone():
    g = play(MATCH, {"night": 1, "entremetteuse": {"lovers": [3, 5]},
                     "werewolves": {"victim": 3}}, {"day": 1})
    assert deaths(g) == [(3, "werewolves"), (5, "grief")]


def test_the_abandoned_lover_leaves_at_dawn_after_a_night_disappearance():
    """"Le départ de l'Amant abandonné se fait … à l'aube après une disparition nocturne\""""
    o = out(MATCH, {"night": 1, "entremetteuse": {"lovers": [3, 5]},
                    "werewolves": {"victim": 5}}, {"day": 1})
    assert o["phases"][1]["dead"] == [{"seat": 5, "cause": "werewolves"},
                                      {"seat": 3, "cause": "grief", "by": 5}]


def test_the_abandoned_lover_leaves_at_dusk_after_a_vote():
    """"au crépuscule dans le cas d'un vote\""""
    g = play(MATCH, {"night": 1, "entremetteuse": {"lovers": [3, 5]}},
             {"day": 1, "votes": V("3 3 3 - 3 3 3 3")})
    assert [(d.seat, d.cause, d.moment) for d in g.deaths] == [
        (3, "vote", g.death_of(3).moment), (5, "grief", g.death_of(5).moment)]
    assert g.death_of(5).day == g.death_of(3).day == 1


def test_a_wolf_lover_sleeping_with_the_other_infects_him_wherever_they_sleep():
    """"Si un amant est un loup et que les amants dorment ensemble, l'autre amant devient
    infecté.\""""
    for host in (1, 3):
        g = play(MATCH, {"night": 1, "entremetteuse": {"lovers": [1, 3]}, "amants": {"host": host}},
                 {"day": 1})
        assert states.infected(g, 3) and states.pack_from(g, 3) == 2, host
        assert side(g, 3) == "werewolves"


def test_a_wolf_lover_sleeping_at_home_alone_infects_nobody():
    g = play(MATCH, {"night": 1, "entremetteuse": {"lovers": [1, 3]}}, {"day": 1})
    assert not states.infected(g, 3)


def test_an_infected_lover_hosting_infects_his_partner():
    """"Si un amant est infecté et que les amants dorment chez l'infecté (et non l'inverse),
    les deux partenaires sont maintenant infectés.\""""
    seats = "entremetteuse werewolf seer chronic_infected villager villager werewolf villager"
    g = play(seats, {"night": 1, "entremetteuse": {"lovers": [3, 5]}, "amants": {"host": 3}},
             {"day": 1})
    assert states.infected(g, 5)


def test_an_infected_lover_visiting_infects_nobody():
    seats = "entremetteuse werewolf seer chronic_infected villager villager werewolf villager"
    g = play(seats, {"night": 1, "entremetteuse": {"lovers": [3, 5]}, "amants": {"host": 5}},
             {"day": 1})
    assert not states.infected(g, 5)


def test_lovers_alive_at_the_end_win_when_one_of_them_is_on_the_winning_side():
    """"Si les amants sont en vie à la fin de la partie, et qu'au moins un des deux amants
    appartient au camp victorieux, les deux amants gagnent": the Flanc-Mou who has not chosen
    a side wins with the village through his lover."""
    seats = "entremetteuse werewolf villager villager flanc_mou villager"
    o = out(seats, {"night": 1, "entremetteuse": {"lovers": [3, 4]}},
            {"day": 1, "votes": V("1 - 1 1 1 1")})
    assert (o["winning_side"], o["winners"]) == ("village", [0, 2, 3, 4, 5])
    alone = out(seats, {"night": 1, "entremetteuse": {"lovers": [2, 3]}},
                {"day": 1, "votes": V("1 - 1 1 1 1")})
    assert 4 not in alone["winners"]


def test_a_dead_couple_wins_nothing_with_its_side():
    """"ils doivent demeurer tous les deux en jeu pour gagner la partie\""""
    o = out(MATCH, {"night": 1, "entremetteuse": {"lovers": [3, 5]},
                    "werewolves": {"victim": 5}},
            {"day": 1, "votes": V("1 - 1 - 1 - 1 1")}, {"night": 2, "werewolves": {"victim": 7}},
            {"day": 2, "votes": V("6 - 6 - 6 - - -")})
    assert o["winning_side"] == "village"
    assert 3 not in o["winners"] and 5 not in o["winners"] and 0 in o["winners"]


def test_a_couple_of_two_camps_left_alone_wins_together():
    seats = "entremetteuse werewolf villager villager villager villager"
    o = out(seats, {"night": 1, "entremetteuse": {"lovers": [1, 3]}, "werewolves": {"victim": 0}},
            {"day": 1, "votes": V("- 2 - 2 2 2")}, {"night": 2, "werewolves": {"victim": 4}},
            {"day": 2, "votes": V("- 5 - 5 - -")})
    assert (o["reason"], o["winners"]) == ("lovers_alone", [1, 3])


def test_the_couples_call_goes_on_for_show_once_the_couple_is_gone():
    """A secret kept: the table hears the couple's call every night while her card is in the
    deck, whoever died, so that its end tells nobody who the lovers were."""
    from onenight.classic.calls import night_calls

    g = until(play(MATCH, {"night": 1, "entremetteuse": {"lovers": [3, 5]},
                           "werewolves": {"victim": 5}}, {"day": 1, "votes": V("- 0 0 - 0 - 0 0")}),
              "amants")
    assert g.phase.label == "night 2" and g.stop.step == "amants" and g.stop.for_show and g.stop.woken == ()
    deck = MATCH.split()
    assert night_calls(deck, 1) == ("dusk", "entremetteuse", "amants", "seer", "werewolves")
    assert night_calls(deck, 2, shown_dead=["entremetteuse", "villager"]) == (
        "dusk", "amants", "seer", "werewolves")


def test_a_host_who_is_not_a_lover_is_refused():
    assert "host" in err(MATCH, {"night": 1, "entremetteuse": {"lovers": [3, 5]},
                                 "amants": {"host": 4}})


def test_the_couples_escapade_is_no_villagers_power_the_elders_death_takes():
    """The elder voted out takes the villagers' powers; the lovers still choose where they
    sleep (the couple is a state, not the Entremetteuse's power)."""
    seats = "entremetteuse werewolf seer elder villager villager werewolf villager"
    g = until(play(seats, {"night": 1, "entremetteuse": {"lovers": [4, 5]}},
                   {"day": 1, "votes": V("3 3 3 - 3 3 3 3")}), "amants")
    assert g.phase.label == "night 2" and not g.stop.for_show and g.stop.woken == (4, 5)


# ---- the Belle Créatûre ----------------------------------------------------------------------------

# seat 0 the Belle Créatûre; seats 1 and 6 werewolves; seat 2 the seer; 3, 4, 5 Habitants
BELLE = "belle_creature werewolf seer villager villager villager werewolf hunter"
BB = V("- - - - - - - -")


def _seduced(seats: str, target: int, night2: dict | None = None, *more: dict):
    """Night 2: she seduces ``target``; night 3 begins (its fruit is told at her call)."""
    return play(seats, {"night": 1}, {"day": 1, "votes": BB},
                {"night": 2, "belle_creature": {"seduce": target}, **(night2 or {})},
                {"day": 2, "votes": BB}, *more, {"night": 3})


def _fruit(g) -> list:
    return [(e.kind, e.seat, e.role) for e in told(g, 0) if e.step == "belle_creature"
            and e.phase == "night 3"]


def test_belle_creature_does_not_belong_to_the_pack_nor_knows_the_lupins():
    """"Lupine qui n'appartient pas à la meute. On ignore l'identité des autres lupins.\""""
    g = until(play(BELLE), "werewolves")
    assert 0 not in g.stop.woken and set(g.stop.woken) == {1, 6}
    g = play(BELLE, {"night": 1})
    assert not [e for e in told(g, 0)]  # nothing learned on the first night
    assert not any(0 in (e.seats or ()) or e.seat == 0 for s in (1, 6) for e in told(g, s))


def test_belle_creature_may_be_devoured_by_the_pack():
    g = play(BELLE, {"night": 1, "werewolves": {"victim": 0}}, {"day": 1})
    assert deaths(g) == [(0, "werewolves")]


def test_belle_creature_wins_with_the_lupins():
    """"Ce terme [Lupin] désigne tous les joueurs qui souhaitent la victoire des loups … Sorcière,
    Belle Créatûre, etc.": she plays on the werewolves' side, and counts with it."""
    g = play(BELLE, {"night": 1})
    assert side(g, 0) == "werewolves"
    seats = "belle_creature werewolf villager villager villager werewolf"
    o = out(seats, {"night": 1, "werewolves": {"victim": 2}},
            {"day": 1, "votes": V("3 3 - 4 3 3")}, {"night": 2, "werewolves": {"victim": 4}},
            {"day": 2})
    assert o["winning_side"] == "werewolves" and 0 in o["winners"]


def test_belle_creature_seduces_from_the_second_night_only():
    """"À partir de la deuxième nuit, on choisit un joueur à séduire.\""""
    assert "belle_creature" not in [e.step for e in play(BELLE, {"night": 1}).log]
    g = until(play(BELLE, {"night": 1}, {"day": 1, "votes": BB}), "belle_creature")
    assert g.stop.woken == (0,) and 0 not in [c.seat for c in legal_choices(g) if c is not None]
    assert "seduces another player" in err(BELLE, {"night": 1}, {"day": 1, "votes": BB},
                                           {"night": 2, "belle_creature": {"seduce": 0}})


def test_belle_creature_learns_nothing_the_night_she_seduces():
    """"Les résultats sont obtenus la nuit suivante.\""""
    g = play(BELLE, {"night": 1}, {"day": 1, "votes": BB},
             {"night": 2, "belle_creature": {"seduce": 1}}, {"day": 2, "votes": BB})
    assert not told(g, 0, "seduced_wolf")


def test_belle_creature_seducing_a_wolf_learns_it_the_next_night():
    """"Si la cible est un loup - on l'apprend. (ex: "Jude est un Loup-Garou")\""""
    assert _fruit(_seduced(BELLE, 1)) == [("seduced_wolf", 1, None)]


def test_belle_creature_seducing_the_seer_learns_the_card_the_seer_looked_at():
    """"la Voyante … - on apprend le rôle du joueur examiné, pas celui de la cible.\""""
    g = _seduced(BELLE, 2, {"seer": {"view": 7}})
    assert _fruit(g) == [("seduced_card", 7, "hunter")]
    # a seer who looked at nobody that night tells nothing
    assert _fruit(_seduced(BELLE, 2)) == [("seduced_nothing", 2, None)]


def test_belle_creature_seducing_the_flanc_mou_learns_his_targets_card():
    """"le Flanc-Mou - on apprend le rôle de la cible du Flanc-Mou\""""
    seats = "belle_creature werewolf seer villager flanc_mou villager werewolf hunter"
    g = play(seats, {"night": 1}, {"day": 1, "votes": BB}, {"night": 2}, {"day": 2, "votes": BB},
             {"night": 3, "flanc_mou": {"target": 7}, "belle_creature": {"seduce": 4}},
             {"day": 3, "votes": BB}, {"night": 4})
    assert [(e.kind, e.seat, e.role) for e in told(g, 0) if e.phase == "night 4"] == [
        ("seduced_card", 7, "hunter")]
    # seduced on the second night, read on the third after his pick (his call comes first)
    g = play(seats, {"night": 1}, {"day": 1, "votes": BB},
             {"night": 2, "belle_creature": {"seduce": 4}}, {"day": 2, "votes": BB},
             {"night": 3, "flanc_mou": {"target": 3}})
    assert _fruit(g) == [("seduced_card", 3, "villager")]


def test_belle_creature_seducing_a_player_dealt_a_ragot_learns_that_ragot():
    """"un joueur qui a reçu un ragot en début de partie - on apprend ce ragot. (ex: "Jude:
    Mathurin est un HABITANT") Attention! L'information date du début de la partie.\""""
    seats = "belle_creature werewolf seer villager tete_de_cochon villager werewolf hunter"
    two = _ragots(("habitant", (3,)), ("enemy", (1, 2)))
    g = play(seats, {"night": 1, "tete_de_cochon_ragots": two},
             {"day": 1, "votes": V("- - - - - - - 3")},  # Mathurin leaves: the ragot stands
             {"night": 2, "belle_creature": {"seduce": 4}}, {"day": 2, "votes": BB}, {"night": 3})
    assert [(e.kind, e.seat, e.seats) for e in told(g, 0) if e.phase == "night 3"] == [
        ("ragot_habitant", 3, ()), ("ragot_enemy", None, (1, 2))]


def test_belle_creature_otherwise_learns_nothing():
    """"Sinon, on n'apprend rien.\""""
    assert _fruit(_seduced(BELLE, 3)) == [("seduced_nothing", 3, None)]


def test_belle_creature_learns_nothing_when_her_target_left_before_the_next_night():
    """"seulement si la cible était toujours en jeu lorsque la nuit suivante débute\""""
    g = play(BELLE, {"night": 1}, {"day": 1, "votes": BB},
             {"night": 2, "belle_creature": {"seduce": 1}},
             {"day": 2, "votes": V("1 6 1 1 1 1 1 1")}, {"night": 3})
    assert not g.alive(1) and _fruit(g) == []


def test_belle_creature_never_becomes_a_lover():
    """"Ne peut devenir amante.\""""
    seats = "entremetteuse werewolf seer villager villager belle_creature werewolf villager"
    g = play(seats, {"night": 1, "entremetteuse": {"lovers": [3, 5]}})
    assert states.amants(g) is None


def test_belle_creature_seducing_a_lover_breaks_the_couple_and_the_abandoned_lover_leaves():
    """"Si un amant est notre victime, ce dernier perd son statut d'amant, mais demeure en jeu.
    C'est l'amant éconduit qui est éliminé.\""""
    seats = "belle_creature werewolf seer villager entremetteuse villager werewolf villager"
    o = out(seats, {"night": 1, "entremetteuse": {"lovers": [3, 5]}}, {"day": 1, "votes": BB},
            {"night": 2, "belle_creature": {"seduce": 3}}, {"day": 2, "votes": BB},
            {"night": 3}, {"day": 3})
    assert o["phases"][5]["dead"] == [{"seat": 5, "cause": "abandoned"}]
    g = play(
        seats, {"night": 1, "entremetteuse": {"lovers": [3, 5]}}, {"day": 1, "votes": BB},
        {"night": 2, "belle_creature": {"seduce": 3}}, {"day": 2, "votes": BB}, {"night": 3},
        {"day": 3})
    assert g.alive(3) and states.amants(g) is None


def test_memere_tea_finds_the_belle_creature_a_lupin_who_learns_it_at_her_own_call():
    """The Memére's tea asks "si un joueur … est un lupin", and the glossary's Lupin "inclut
    donc la meute mais aussi d'autres rôles: Sorcière, Belle Créatûre"; the lupin is told
    "dès son prochain réveil": hers, not the pack's."""
    seats = "belle_creature werewolf seer villager memere villager werewolf hunter"
    g = play(seats, {"night": 1, "memere_soup": {"habitant": 3}}, {"day": 1, "votes": BB},
             {"night": 2, "memere_soup": {"habitant": 5}, "memere": {"tea": 0}})
    assert told(g, 4, "tea")[0].value is True
    (e,) = told(g, 0, "memere_asked")
    assert (e.step, e.seat, e.phase) == ("belle_creature", 4, "night 2")


def test_belle_creature_seduction_dies_with_her_even_when_the_flanc_mou_takes_her_card():
    """The fruit is hers: a Flanc-Mou who takes her card the night after she left is not told
    what she had seduced."""
    seats = "belle_creature werewolf seer villager flanc_mou villager werewolf hunter"
    g = play(seats, {"night": 1}, {"day": 1, "votes": BB}, {"night": 2}, {"day": 2, "votes": BB},
             {"night": 3, "flanc_mou": {"target": 0}, "belle_creature": {"seduce": 1}},
             {"day": 3, "votes": V("2 0 0 0 0 0 0 0")}, {"night": 4})
    assert g.cards[4] == "belle_creature"
    assert not told(g, 4, "seduced_wolf") and not told(g, 0, "seduced_wolf")


# ---- the Coureur des Bois: a trap, a blunderbuss or a canoe, picked in secret ------------------

# seat 0 the Coureur des Bois; seats 1 and 6 the werewolves
COUREUR = "coureur werewolf seer villager villager villager werewolf villager"


def _coureur(pick, use=None, **more):
    n = {"night": 1, "coureur_powers": {"powers": [pick]}, **more}
    if use is not None:
        n["coureur"] = use
    return n


def test_coureur_picks_one_power_of_three_in_secret_on_the_first_night():
    """"Durant la première nuit, obtient en secret un pouvoir spécial parmi 3 possibles": the
    blunderbuss is picked with its hand, right or left."""
    g = until(play(COUREUR), "coureur_powers")
    assert sorted(c.powers for c in legal_choices(g)) == sorted(
        [("trap",), ("blunderbuss_right",), ("blunderbuss_left",), ("canoe",)])
    g = play(COUREUR, _coureur("canoe"))
    (e,) = [e for e in g.log if e.step == "coureur_powers" and e.kind == "chose"]
    assert e.to == (0,)  # nobody else knows
    assert "picks 1 different powers, not 2" in err(
        COUREUR, {"night": 1, "coureur_powers": {"powers": ["trap", "canoe"]}})


def test_coureur_trap_names_another_player_each_night_until_it_fires():
    """Piège à Loup: "On choisit un joueur (autre que nous-même)", "usage multiple"."""
    assert "another player" in err(COUREUR, _coureur("trap", {"power": "trap", "target": 0}))
    g = play(COUREUR, _coureur("trap", {"power": "trap", "target": 3},
                               werewolves={"victim": 4}), {"day": 1, **BLANK})
    g = until(g, "coureur")
    assert not g.stop.for_show and Use("trap", 3) in legal_choices(g)


def test_coureur_trap_spares_the_packs_target_and_a_random_wolf_of_the_pack_dies():
    """"Si le joueur choisi est la cible de la meute cette nuit-là, il sera épargné, et un des
    loups (choisi au hasard) mourra": a chance stop nobody wakes for draws him."""
    g = _first_night(COUREUR, "coureur_strikes", coureur_powers=Pick(("trap",)),
                     coureur=Use("trap", 3), werewolves=Seat(3))
    assert g.stop.chance and g.stop.woken == () and set(legal_choices(g)) == {Seat(1), Seat(6)}
    g = play(COUREUR, _coureur("trap", {"power": "trap", "target": 3},
                               werewolves={"victim": 3}, coureur_strikes={"wolf": 6}),
             {"day": 1})
    assert deaths(g) == [(6, "wolf_trap")] and g.alive(3)
    assert "wolf of tonight's pack" in err(COUREUR, _coureur(
        "trap", {"power": "trap", "target": 3}, werewolves={"victim": 3},
        coureur_strikes={"wolf": 5}))


def test_coureur_trap_kills_a_wolf_it_names_as_the_pack_wakes():
    """"Si le joueur est lui-même un loup, il mourra au moment du réveil de la meute": he does
    not wake with it, and dies with the night's dead."""
    g = _first_night(COUREUR, "werewolves", coureur_powers=Pick(("trap",)),
                     coureur=Use("trap", 6))
    assert g.stop.woken == (1,)
    g = play(COUREUR, _coureur("trap", {"power": "trap", "target": 6},
                               werewolves={"victim": 4}), {"day": 1})
    assert deaths(g) == [(6, "wolf_trap"), (4, "werewolves")]
    assert [d for d in g.log if d.kind == "died" and d.seat == 6][0].phase == "day 1"


def test_coureur_is_told_once_the_trap_fired_and_it_is_spent():
    """"Après s'être activé une fois, on en est averti, et ce pouvoir ne pourra plus être
    utilisé": fired at the pack's call, he is told at his next call."""
    n1 = _coureur("trap", {"power": "trap", "target": 3}, werewolves={"victim": 3},
                  coureur_strikes={"wolf": 6})
    g = until(play(COUREUR, n1, {"day": 1, **BLANK}), "coureur")
    assert not g.stop.for_show and legal_choices(g) == [None]
    assert [e.kind for e in told(g, 0) if e.phase == "night 2"] == ["trap_fired"]
    assert "was used already" in err(COUREUR, n1, {"day": 1, **BLANK},
                                     {"night": 2, "coureur": {"power": "trap", "target": 4}})
    # the night after, his call is for show
    g = until(play(COUREUR, n1, {"day": 1, **BLANK}, {"night": 2}, {"day": 2, **BLANK}),
              "coureur")
    assert g.stop.for_show
    # fired on a wolf at his own call: told there
    g = play(COUREUR, _coureur("trap", {"power": "trap", "target": 1}))
    assert [(e.phase, e.kind) for e in told(g, 0, "trap_fired")] == [("night 1", "trap_fired")]


def test_coureur_blunderbuss_kills_the_first_wolf_on_his_hand_side_and_everyone_hears_it():
    """Tromblon: "Si devient la cible de la meute, tout le monde entend un coup de fusil, on ne
    meurt pas, et le premier loup assis dans la direction indiquée (droite ou gauche) meurt."
    To his right is seat − 1 (7, then 6); to his left seat + 1 (1)."""
    for hand, wolf in (("blunderbuss_right", 6), ("blunderbuss_left", 1)):
        g = _first_night(COUREUR, "coureur_strikes", coureur_powers=Pick((hand,)),
                         werewolves=Seat(0))
        assert legal_choices(g) == [Seat(wolf)]
        g = play(COUREUR, _coureur(hand, werewolves={"victim": 0},
                                   coureur_strikes={"wolf": wolf}), {"day": 1})
        assert deaths(g) == [(wolf, "blunderbuss")] and g.alive(0)
        assert len(public(g, "blunderbuss")) == 1  # the shot, heard by all
        assert not [e for e in g.log if e.kind == "blunderbuss" and e.seat is not None]


def test_coureur_blunderbuss_passes_over_a_wolf_the_mage_sent_away():
    """"Le premier loup assis dans la direction indiquée": a wolf the mage banished tonight is
    not at his seat; the shot takes the next one round the table (a random whole game found
    the shot aimed at the banished wolf, whom no choice may name, and the night stuck)."""
    seats = "coureur werewolf mage villager villager villager werewolf villager"
    g = _first_night(seats, "coureur_strikes", mage=Seat(1),
                     coureur_powers=Pick(("blunderbuss_left",)), werewolves=Seat(0))
    assert legal_choices(g) == [Seat(6)]
    g = play(seats, _coureur("blunderbuss_left", mage={"banish": 1}, werewolves={"victim": 0},
                             coureur_strikes={"wolf": 6}), {"day": 1})
    assert deaths(g) == [(6, "blunderbuss")] and g.alive(0) and g.alive(1)


def test_coureur_blunderbuss_fires_once():
    """"Après s'être activé une fois, ce pouvoir ne pourra plus être utilisé.\""""
    n1 = _coureur("blunderbuss_left", werewolves={"victim": 0}, coureur_strikes={"wolf": 1})
    g = play(COUREUR, n1, {"day": 1, **BLANK}, {"night": 2, "werewolves": {"victim": 0}},
             {"day": 2})
    assert deaths(g) == [(1, "blunderbuss"), (0, "werewolves")]


def test_coureur_blunderbuss_is_silent_when_the_pack_attacks_someone_else():
    g = play(COUREUR, _coureur("blunderbuss_right", werewolves={"victim": 3}), {"day": 1})
    assert deaths(g) == [(3, "werewolves")] and not public(g, "blunderbuss")


def test_coureur_canoe_puts_him_out_of_play_for_the_first_two_nights():
    """Canoë: "Durant les deux premières nuits, on est considéré hors-jeu" ("temporairement
    retiré du village"): the pack cannot choose him, nor any character."""
    assert "out of play" in err(COUREUR, _coureur("canoe", werewolves={"victim": 0}))
    assert "out of play" in err(COUREUR, _coureur("canoe"), {"day": 1, **BLANK},
                                {"night": 2, "werewolves": {"victim": 0}})
    g = play(COUREUR, _coureur("canoe", werewolves={"victim": 3}), {"day": 1, **BLANK},
             {"night": 2, "werewolves": {"victim": 4}}, {"day": 2, **BLANK},
             {"night": 3, "werewolves": {"victim": 0}}, {"day": 3})
    assert (0, "werewolves") in deaths(g)  # back in the village from the third night


def test_coureur_canoe_shows_his_card_on_the_first_morning_and_he_neither_votes_nor_is_voted():
    """"Au matin du premier jour, notre identité est révélée. On peut assister au débat
    quotidien, mais on ne peut pas voter, ni recevoir de vote.\""""
    g = play(COUREUR, _coureur("canoe", werewolves={"victim": 3}), {"day": 1})
    (e,) = public(g, "canoe")
    assert e.seat == 0 and e.role == "coureur" and e.phase == "day 1"
    assert ballot_options(g, 0) == (None,)
    assert 0 not in ballot_options(g, 2)
    assert "out of play" in err(COUREUR, _coureur("canoe", werewolves={"victim": 3}),
                                {"day": 1, "votes": V("- 0 - - - - - -")})
    # the second day he votes again
    g = play(COUREUR, _coureur("canoe", werewolves={"victim": 3}), {"day": 1, **BLANK},
             {"night": 2, "werewolves": {"victim": 4}}, {"day": 2})
    assert 2 in ballot_options(g, 0)


def test_flanc_mou_who_takes_the_coureurs_card_finds_his_power_picked():
    """The Coureur des Bois's pick is his card's: the Flanc-Mou who takes it finds the trap
    he picked, and the pick's call, made again for him, is made for show. (A random whole
    game found the pick refused there.)"""
    seats = "flanc_mou werewolf seer villager villager villager werewolf coureur"
    quiet = ({"night": 1, "coureur_powers": {"powers": ["trap"]}},
             {"day": 1, "votes": FM_BLANK}, {"night": 2}, {"day": 2, "votes": FM_BLANK},
             {"night": 3, "flanc_mou": {"target": 7}},
             {"day": 3, "votes": V("7 7 7 7 7 7 7 -")})
    g = until(play(seats, *quiet), "coureur_powers")
    assert g.cards[0] == "coureur" and g.stop.for_show and g.stop.woken == (0,)
    g = play(seats, *quiet, {"night": 4, "coureur": {"power": "trap", "target": 3}})
    assert g.memo.get("coureur.powers") == ("trap",)


def test_coureur_pick_comes_before_the_diviner_can_foretell_him_as_the_victim():
    """The canoe takes him out of play before any call that may force the pack's victim. (A
    random whole game found the pack made to attack him once he had left.)"""
    seats = "coureur werewolf seer villager villager villager werewolf diviner"
    g = _first_night(seats, "diviner", coureur_powers=Pick(("canoe",)))
    assert Seat(0) not in legal_choices(g)


def test_the_morning_news_says_the_shot_and_the_canoe_and_never_who_fired_or_which_hand():
    """The shot "tout le monde entend" is a line of the dawn's news, naming nobody; the
    canoe's Coureur is named with his card on the first morning (not as the mage's vanished
    player)."""
    from onenight.game.classic_views import morning_news

    players = [f"P{i}" for i in range(8)]
    g = play(COUREUR, _coureur("blunderbuss_right", werewolves={"victim": 0},
                               coureur_strikes={"wolf": 6}), {"day": 1})
    news = morning_news(g, players, 1)
    assert [t.key for t in news] == ["classic.dawn.news.blunderbuss"]
    assert not any(news[0].facts.values())  # no seat, no hand
    g = play(COUREUR, _coureur("canoe", werewolves={"victim": 3}), {"day": 1})
    assert [t.key for t in morning_news(g, players, 1)] == ["classic.dawn.news.canoe"]


# ---- the Habitant: the plain villager of a Québec game, with a ragot ----------------------------

#: A Québec game of 13: the Memére makes it one; seats 0 and 1 are werewolves, seats 3, 4, 6,
#: 9 and 12 Habitants (the plain villager's card).
HABITANTS = ("werewolf werewolf seer villager villager memere villager hunter witch villager "
             "cupid little_girl villager")


def _habitant_ragots(*rs: tuple) -> list:
    return [_ragots(r) for r in rs]


#: One true ragot each, in the Habitants' seat order.
FIVE = _habitant_ragots(("enemy", (0, 2)), ("habitant", (3,)), ("ally", (2,)),
                        ("enemy", (1, 7)), ("habitant", (9,)))


def test_each_habitant_receives_a_ragot_drawn_at_random_on_the_first_night():
    """"Durant la première nuit, l'Habitant reçoit un ragot déterminé au hasard": one draw
    per Habitant, in seat order, by the table's chance (nobody awake), each told to its
    Habitant alone."""
    g = until(play(HABITANTS, habitant_ragots=True), "habitant_ragots")
    assert g.stop.chance and g.stop.woken == () and g.stop.required and g.phase.number == 1
    g = play(HABITANTS, {"night": 1, "habitant_ragots": FIVE}, habitant_ragots=True)
    got = {s: [(e.kind, e.seat, e.seats) for e in told(g, s) if e.kind.startswith("ragot")]
           for s in range(13)}
    assert got == {**{s: [] for s in range(13)},
                   3: [("ragot_enemy", None, (0, 2))], 4: [("ragot_habitant", 3, ())],
                   6: [("ragot_ally", 2, ())], 9: [("ragot_enemy", None, (1, 7))],
                   12: [("ragot_habitant", 9, ())]}


def test_the_habitants_ragots_are_drawn_as_the_first_night_opens_before_any_call():
    """Before the dusk, so before any call that may change a card (the thief's): a ragot is
    about the deal."""
    g = new_game(HABITANTS.split())
    assert g.stop.step == "habitant_ragots" and [e.step for e in g.log] == ["deal"]
    from onenight.classic.cast import NIGHT, STEP
    assert min(s.order for s in NIGHT if s.role and not s.chance) > STEP["dusk"].order \
        > STEP["habitant_ragots"].order


def test_the_habitants_ragots_follow_an_election_held_before_the_first_night():
    g = play(HABITANTS, captain="before_first_night", habitant_ragots=True)
    assert g.stop.step == "captain_votes"
    g = play(HABITANTS, {"night": 1, "captain_votes": V("2 2 2 - - - - - - - - - -")},
             captain="before_first_night", habitant_ragots=True)
    assert g.captain == 2 and g.stop.step == "habitant_ragots"


def test_a_habitants_ragot_is_true_and_never_about_himself():
    g = until(play(HABITANTS, habitant_ragots=True), "habitant_ragots")
    assert all(3 not in r.seats for c in legal_choices(g) for r in c.ragots)
    for false in [("habitant", (0,)), ("ally", (1,)), ("enemy", (2, 4)), ("habitant", (3,))]:
        assert "true clues" in err(HABITANTS, {"night": 1, "habitant_ragots": _habitant_ragots(
            false)}, habitant_ragots=True)


def test_no_ragots_under_13_players():
    """"Pas de ragots si moins de 13 joueurs.\""""
    twelve = " ".join(HABITANTS.split()[:12])
    g = until(play(twelve, habitant_ragots=True), "cupid")
    assert not [e for e in g.log if e.step == "habitant_ragots"]
    assert "habitant_ragots" in err(twelve, {"night": 1, "habitant_ragots": FIVE[:1]},
                                    habitant_ragots=True)


def test_a_game_without_a_card_of_the_quebec_booklet_deals_no_habitant():
    """The plain villager is the Québec booklet's Habitant only in a Québec game: a deck that
    holds one of that booklet's own cards, the thief's two left over too (the table sees the
    whole deck); the game keeps the answer in its options, and its record."""
    base = HABITANTS.replace("memere", "villager")
    g = new_game(base.split())
    assert g.options.habitant_ragots is False and g.stop.step == "dusk"
    assert new_game(HABITANTS.split()).options.habitant_ragots is True
    thief = base.replace("hunter", "thief").split()
    assert new_game(thief, ["memere", "villager"]).options.habitant_ragots is True
    g = until(play(base), "cupid")  # a record without the option: none
    assert not [e for e in g.log if e.step == "habitant_ragots"]


def test_a_ragot_is_dealt_with_the_card_not_taken_with_it():
    """The thief who takes a villager's card after the draw receives no ragot; the thief's
    card dealt to no Habitant is left as it was."""
    seats = HABITANTS.replace("hunter", "thief")
    five = FIVE[:3] + _habitant_ragots(("enemy", (1, 2)), ("habitant", (9,)))
    g = play(seats, {"night": 1, "habitant_ragots": five, "thief": {"take": 0}},
             thief="villager villager", habitant_ragots=True)
    assert g.cards[7] == "villager" and not told(g, 7, "ragot_habitant") \
        and not [e for e in told(g, 7) if e.kind.startswith("ragot")]


def test_the_habitants_ragots_replay_exactly_from_the_record():
    g = play(HABITANTS, {"night": 1, "habitant_ragots": FIVE}, habitant_ragots=True)
    from onenight.classic import to_record
    assert to_record(g)["phases"][0]["habitant_ragots"] == FIVE
    assert to_record(g)["options"]["habitant_ragots"] is True
    assert "habitant_ragots[5]" in err(HABITANTS, {"night": 1,
                                                   "habitant_ragots": FIVE + FIVE[:1]},
                                       habitant_ragots=True)


def test_the_habitants_draw_is_made_for_show_when_no_villager_was_dealt():
    """The deck's villagers both left over for the thief: the draw's stop is made all the
    same (the round before the night with it), for show, nobody told anything."""
    seats = ["werewolf", "werewolf", "seer", "thief", "memere", "hunter", "witch", "cupid",
             "little_girl", "fox", "elder", "bear_tamer", "rusty_sword_knight"]
    g = new_game(seats, ["villager", "villager"])
    assert g.stop.step == "habitant_ragots" and g.stop.for_show and not g.stop.required
    assert legal_choices(g) == [None]
    g = apply(g)
    assert not [e for e in g.log if e.step == "habitant_ragots"] and g.stop.step != \
        "habitant_ragots"


def test_the_ragots_offered_are_every_true_ragot_and_no_other():
    """``ragots.possible`` reads each player's side once; what it offers is exactly the
    ragots :func:`ragots.is_true` holds true, about the living others, for every seat at
    every stop of a game with Habitants up to its first vote (the dead left out)."""
    import itertools

    from onenight.classic.model import Ragot
    from onenight.classic.roles import ragots

    g = play(HABITANTS, habitant_ragots=True)
    seen = 0
    for _ in range(40):
        for me in range(g.players):
            others = [s for s in range(g.players) if s != me and g.alive(s)]
            every = [Ragot("habitant", (s,)) for s in others] + \
                [Ragot("ally", (s,)) for s in others] + \
                [Ragot("enemy", p) for p in itertools.combinations(others, 2)]
            offered = ragots.possible(g, me)
            assert [r for rs in offered.values() for r in rs] == \
                [r for r in every if ragots.is_true(g, r)]
            assert all(rs for rs in offered.values())
            seen += len(offered)
        if g.stop is None or g.stop.step.endswith("votes"):
            break  # the day's vote: the night's draws are behind
        choices = legal_choices(g)
        if not choices:
            break
        g = apply(g, choices[-1])
    assert seen
