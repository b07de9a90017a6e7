"""The wider cast's characters (Le Village's raven, seed 000's), one test per rule, named
after it; the booklet's own examples where it gives them. Records as in test_night.py."""

from __future__ import annotations

from onenight.classic import (Options, Seat, Seats, apply, ballot_options, legal_choices,
                              new_game, to_record)
from onenight.classic.model import Roll
from onenight.common.errors import IllegalChoice
from onenight.classic.roles.compendium import apprentice_group, contract_size, werewolf_distance
from onenight.classic import use_power, village
from onenight.classic.sides import side

from .helpers import V, deaths, err, out, play, public, told


def _game(seats: str):
    return new_game(seats.split(), options=Options(captain="never"))


def until(g, step: str):
    """Walk on, choosing nothing, to the next stop at ``step``."""
    while g.stop.step != step:
        g = apply(g)
    return g


# ---- the raven (Le Village) ---------------------------------------------------------------------

RAVEN = "raven werewolf seer villager villager villager villager werewolf"


def test_raven_puts_two_votes_more_against_a_player_at_the_next_count():
    g = play(RAVEN, {"night": 1, "raven": {"mark": 3}},
             {"day": 1, "votes": V("4 5 - 4 3 - 3 -")})
    assert public(g, "marked")[0].seat == 3
    # 2 ballots against seat 3 and 2 against seat 4: the poster's two make seat 3 the one
    assert out(RAVEN, {"night": 1, "raven": {"mark": 3}},
               {"day": 1, "votes": V("4 5 - 4 3 - 3 -")})["phases"][1]["eliminated"] == 3


def test_ravens_poster_is_seen_by_all_but_not_who_put_it():
    g = play(RAVEN, {"night": 1, "raven": {"mark": 3}}, {"day": 1})
    (e,) = public(g, "marked")
    assert e.seat == 3 and e.by is None


# ---- the pyromaniac (Le Village) -----------------------------------------------------------------

# seats 1 and 3 are werewolves; the first werewolf to seat 5's right is seat 3 (seats 4, then 3)
PYRO = "pyromaniac werewolf villager werewolf villager villager raven witch"


def test_pyromaniac_burning_the_victims_home_burns_the_werewolf_to_his_right_and_nobody_is_eaten():
    o = out(PYRO, {"night": 1, "werewolves": {"victim": 5}, "pyromaniac": {"burn": 5}},
            {"day": 1})
    assert o["phases"][1]["dead"] == [{"seat": 3, "cause": "fire"}]


def test_pyromaniac_burning_another_home_kills_nobody():
    g = play(PYRO, {"night": 1, "werewolves": {"victim": 5}, "pyromaniac": {"burn": 4}},
             {"day": 1})
    assert [(d.seat, d.cause) for d in g.deaths] == [(5, "werewolves")]
    assert g.alive(4)  # "son ex-occupant n'est pas éliminé du jeu"


def test_pyromaniacs_fire_is_seen_by_all_at_dawn_but_not_who_set_it():
    g = play(PYRO, {"night": 1, "werewolves": {"victim": 5}, "pyromaniac": {"burn": 4}},
             {"day": 1})
    (e,) = public(g, "burned")
    assert e.seat == 4 and e.by is None and e.phase == "day 1"


def test_pyromaniac_sets_fire_once_a_game():
    g = play(PYRO, {"night": 1, "werewolves": {"victim": 5}, "pyromaniac": {"burn": 4}},
             {"day": 1, "votes": V("- - - - - - - -")})
    assert until(g, "pyromaniac").stop.for_show
    assert until(play(PYRO, {"night": 1, "werewolves": {"victim": 5}},
                      {"day": 1, "votes": V("- - - - - - - -")}), "pyromaniac").stop.for_show \
        is False


def test_pyromaniacs_vagabond_cannot_be_marked_by_the_raven():
    g = until(apply(until(_game(PYRO), "pyromaniac"), Seat(4)), "raven")
    assert Seat(4) not in legal_choices(g) and Seat(2) in legal_choices(g)
    assert "vagabond" in err(PYRO, {"night": 1, "pyromaniac": {"burn": 4},
                                    "raven": {"mark": 4}})


def test_pyromaniacs_fire_leaves_the_witch_no_victim_to_see_and_the_big_bad_wolf_no_meal():
    seats = "pyromaniac werewolf villager big_bad_wolf villager villager witch villager"
    g = apply(until(apply(until(_game(seats), "werewolves"), Seat(5)), "pyromaniac"), Seat(5))
    assert g.stop.step == "big_bad_wolf" and g.stop.for_show  # they fled the flames
    g = until(g, "witch")
    (e,) = told(g, 6, "victim")
    assert e.seat is None
    # the big bad wolf (seat 3) is the first werewolf to seat 5's right: he burns
    assert deaths(until(g, "votes")) == [(3, "fire")]


def test_pyromaniac_may_burn_any_home_his_own_included_but_not_a_dead_players():
    # to seat 0's right round the table: seats 7, 6, 5, 4, then the werewolf in seat 3
    assert out(PYRO, {"night": 1, "werewolves": {"victim": 0}, "pyromaniac": {"burn": 0}},
               {"day": 1})["phases"][1]["dead"] == [{"seat": 3, "cause": "fire"}]
    assert "dead" in err(PYRO, {"night": 1, "werewolves": {"victim": 5}},
                         {"day": 1, "votes": V("- - - - - - - -")},
                         {"night": 2, "pyromaniac": {"burn": 5}})


# ---- seed 000 -----------------------------------------------------------------------------------

def test_apprentice_seer_sees_the_three_neighbours_cards_shuffled():
    seats = "apprentice_seer werewolf seer villager villager witch villager werewolf"
    g = play(seats, {"night": 1, "apprentice_seer": {"view": 4}})
    (e,) = told(g, 0, "glimpsed")
    assert e.seats == (3, 4, 5) and e.value == ["villager", "villager", "witch"]


def test_apprentice_seer_beside_her_target_sees_her_other_neighbour_instead_of_herself():
    g = _game("apprentice_seer werewolf seer villager villager witch villager werewolf")
    # "les cartes de ses deux voisins ainsi que celle de l'autre voisin du joueur"
    assert apprentice_group(g, 0, 1) == (1, 2, 7)


def test_apprentice_seer_cannot_look_with_three_players_or_fewer_besides_her():
    g = until(play("apprentice_seer werewolf villager villager villager villager",
                   {"night": 1, "werewolves": {"victim": 2}},
                   {"day": 1, "votes": V("3 3 - 0 3 3")}), "apprentice_seer")
    assert g.phase.label == "night 2"
    assert g.stop.for_show  # four living: she and three others


def test_mathematician_is_shown_the_distance_to_the_nearest_werewolf():
    # the booklet's example 1: x x L x L x X x x L: the nearest werewolf is two seats away
    seats = ("villager villager werewolf villager werewolf mathematician villager villager "
             "villager werewolf").split()
    g = new_game(seats, options=Options(captain="never"))
    assert werewolf_distance(g, 6) == 2
    # example 2: L x x X x x L L: three seats on each side
    g = new_game("werewolf villager villager villager mathematician villager werewolf "
                 "werewolf".split(), options=Options(captain="never"))
    assert werewolf_distance(g, 3) == 3


def test_mathematician_a_werewolf_is_measured_to_another_and_zero_when_none():
    g = new_game("werewolf mathematician villager villager werewolf villager".split(),
                 options=Options(captain="never"))
    assert werewolf_distance(g, 0) == 2  # seat 4, two seats to the right round the table
    alone = new_game("werewolf mathematician villager villager villager villager".split(),
                     options=Options(captain="never"))
    assert werewolf_distance(alone, 0) == 0


def test_mathematician_learns_it_at_his_call():
    seats = "mathematician werewolf villager villager villager villager villager werewolf"
    g = play(seats, {"night": 1, "mathematician": {"view": 4}})
    (e,) = told(g, 0, "distance")
    assert (e.seat, e.value) == (4, 3)


def test_night_owl_wakes_another_player_who_sees_him_and_nothing_more():
    g = _game("night_owl werewolf seer villager villager villager villager werewolf")
    g = apply(until(g, "night_owl"), Seat(3))
    assert g.stop.step == "night_owl_seen" and g.stop.woken == (3,)
    g = apply(g)
    (e,) = told(g, 3, "night_owl")
    assert e.seat == 0
    assert not told(g, 0, "night_owl")  # the woken player's card is not shown


def test_magistrate_immunity_is_announced_and_nobody_may_vote_against_him():
    seats = "magistrate werewolf seer villager villager villager villager werewolf"
    g = play(seats, {"night": 1, "magistrate": {"immune": 3}}, {"day": 1})
    assert public(g, "immune")[0].seat == 3 and g.stop.step == "votes"
    assert "seat 3 is immune" in err(
        seats, {"night": 1, "magistrate": {"immune": 3}},
        {"day": 1, "votes": V("3 3 - - - - - -")})


def test_magistrate_cannot_choose_himself_nor_the_same_player_twice():
    seats = "magistrate werewolf seer villager villager villager villager werewolf"
    assert "himself" in err(seats, {"night": 1, "magistrate": {"immune": 0}})
    assert "only once a game" in err(
        seats, {"night": 1, "magistrate": {"immune": 3}}, {"day": 1, "votes": V("4 - - - - - - -")},
        {"night": 2, "magistrate": {"immune": 3}})


def test_diviner_foretells_the_victim_the_werewolves_must_take_even_one_of_theirs():
    seats = "diviner werewolf seer villager villager villager villager werewolf"
    g = apply(until(_game(seats), "diviner"), Seat(7))  # he names a werewolf
    g = until(g, "werewolves")
    assert g.stop.required
    assert legal_choices(g) == [Seat(7)]
    g = apply(until(apply(g, Seat(7)), "dawn"))
    assert (7, "werewolves") in [(d.seat, d.cause) for d in g.deaths]
    assert "must take that player" in err(seats, {"night": 1, "diviner": {"victim": 3},
                                                  "werewolves": {"victim": 4}})


def test_diviner_who_foretells_the_last_werewolf_leaves_the_night_without_a_victim():
    g = apply(until(_game("diviner werewolf seer villager villager villager villager "
                          "villager"), "diviner"), Seat(1))
    g = until(g, "werewolves")
    assert legal_choices(g) == [None] and not g.stop.required
    assert not public(until(g, "votes"), "died")


def test_diviners_power_is_once_a_game():
    g = play("diviner werewolf seer villager villager villager villager werewolf",
             {"night": 1, "diviner": {"victim": 3}, "werewolves": {"victim": 3}},
             {"day": 1, "votes": V("4 - - - - - - -")})
    assert until(g, "diviner").stop.for_show


def test_vigilante_kills_after_a_night_without_death():
    seats = "vigilante werewolf seer villager villager villager villager werewolf"
    assert out(seats, {"night": 1, "vigilante_after": {"kill": 5}}, {"day": 1})[
        "phases"][1]["dead"] == [{"seat": 5, "cause": "vigilante"}]


def test_vigilante_after_a_night_with_a_death_is_called_for_show():
    g = until(_game("vigilante werewolf seer villager villager villager villager werewolf"),
              "werewolves")
    assert until(apply(g, Seat(3)), "vigilante_after").stop.for_show


def test_vigilante_wakes_first_after_a_day_without_death():
    seats = "vigilante werewolf seer villager villager villager villager werewolf"
    g = play(seats, {"night": 1, "werewolves": {"victim": 3}}, {"day": 1, "votes": V(
        "- - - - - - - -")})
    assert until(g, "vigilante_before").stop.for_show is False
    g = play(seats, {"night": 1, "werewolves": {"victim": 3}}, {"day": 1, "votes": V(
        "4 4 4 - - - - -")})
    assert until(g, "vigilante_before").stop.for_show


def test_traitor_wins_with_the_werewolves_when_he_is_the_last_villager():
    seats = "traitor werewolf villager villager villager villager"
    o = out(seats, {"night": 1, "werewolves": {"victim": 2}},
            {"day": 1, "votes": V("3 3 - 1 3 3")},
            {"night": 2, "werewolves": {"victim": 4}},
            {"day": 2, "votes": V("5 5 - - - 1")})
    assert o["winning_side"] == "werewolves" and o["winners"] == [0, 1]


def test_traitor_is_a_villager_for_the_powers_and_loses_with_the_village():
    g = _game("traitor werewolf villager villager villager villager")
    assert side(g, 0) == "werewolves"
    o = out("traitor werewolf villager villager villager villager",
            {"night": 1}, {"day": 1, "votes": V("1 0 1 1 1 1")})
    assert o["winning_side"] == "village" and 0 not in o["winners"]


def test_traitor_who_loses_his_power_with_the_elder_wins_with_the_village():
    o = out("traitor werewolf elder villager villager villager villager",
            {"night": 1}, {"day": 1, "votes": V("2 2 - 2 2 2 -")},
            {"night": 2}, {"day": 2, "votes": V("1 0 - 1 1 1 1")})
    assert o["winning_side"] == "village" and 0 in o["winners"]


def test_woodsman_bitten_is_not_killed_and_wakes_with_the_pack_from_the_next_night():
    seats = "woodsman werewolf seer villager villager villager villager werewolf"
    g = play(seats, {"night": 1, "werewolves": {"victim": 0}}, {"day": 1})
    assert g.alive(0) and g.cards[0] == "werewolf" and g.dealt[0] == "woodsman"
    (e,) = told(g, 0, "bitten_becomes")
    assert e.role == "werewolf"
    g = play(seats, {"night": 1, "werewolves": {"victim": 0}},
             {"day": 1, "votes": V("- - - - - - - -")})
    assert 0 in until(g, "werewolves").stop.woken


def test_woodsman_poisoned_dies_as_anybody():
    o = out("woodsman werewolf witch villager villager villager villager werewolf",
            {"night": 1, "witch": {"heal": False, "poison": 0}}, {"day": 1})
    assert o["phases"][1]["dead"] == [{"seat": 0, "cause": "witch"}]


def test_pack_leader_is_a_werewolf_in_every_way():
    g = _game("pack_leader werewolf seer villager villager villager villager villager")
    assert until(g, "werewolves").stop.woken == (0, 1)


DREAMS = "dream_reader werewolf seer villager villager villager villager werewolf"


def test_dream_reader_has_the_chosen_player_mime_his_card_to_her_eyes_closed():
    g = apply(until(_game(DREAMS), "dream_reader"), Seat(3))
    assert g.stop.step == "dream_reader_mime" and g.stop.woken == (0,)  # he keeps his eyes shut
    g = apply(g)
    (e,) = told(g, 3, "dreamed")
    assert e.seat is None  # touched, he does not learn who reads his dreams
    assert not told(g, 0, "dreamed")  # she learns only what he mimes: nothing from the app


def test_dream_reader_may_read_the_same_players_dreams_again():
    g = play(DREAMS, {"night": 1, "dream_reader": {"dream": 3}, "werewolves": {"victim": 4}},
             {"day": 1, "votes": V("- - - - - - - -")}, {"night": 2, "dream_reader": {"dream": 3}})
    assert len(told(g, 3, "dreamed")) == 2


def test_dream_reader_reads_another_player_and_may_read_nobody():
    assert "another player" in err(DREAMS, {"night": 1, "dream_reader": {"dream": 0}})
    g = until(_game(DREAMS), "dream_reader")
    assert apply(g).stop.for_show  # nobody mimes: the call lasts the same


EVIL = "evil_spirit werewolf seer villager villager villager villager werewolf"


def test_evil_spirit_names_two_enemies_who_recognize_each_other():
    g = apply(until(_game(EVIL), "evil_spirit"), Seats((3, 4)))
    assert g.stop.step == "enemies" and g.stop.woken == (3, 4)
    g = apply(g)
    assert [e.seat for e in told(g, 3, "enemy")] == [4]
    assert [e.seat for e in told(g, 4, "enemy")] == [3]


def test_evil_spirit_must_name_two_players_and_may_name_himself():
    g = until(_game(EVIL), "evil_spirit")
    assert g.stop.required and None not in legal_choices(g)
    assert "missing" in err(EVIL, {"night": 1}, {"day": 1})
    g = play(EVIL, {"night": 1, "evil_spirit": {"enemies": [0, 4]}})
    assert [e.seat for e in told(g, 0, "enemy")] == [4]


def test_evil_spirits_enemies_both_alive_at_the_end_are_eliminated_and_win_nothing():
    seats = "evil_spirit werewolf villager villager villager villager"
    g = play(seats, {"night": 1, "evil_spirit": {"enemies": [2, 3]}},
             {"day": 1, "votes": V("1 0 1 1 1 1")})
    assert g.verdict.side == "village"
    assert g.verdict.winners == (0, 4, 5)  # seats 2 and 3 are both alive: both eliminated
    (e,) = public(g, "enemies_eliminated")
    assert e.seats == (2, 3)
    # one of them dead before the end: the other wins with his side
    g = play(seats, {"night": 1, "evil_spirit": {"enemies": [2, 3]},
                     "werewolves": {"victim": 2}}, {"day": 1, "votes": V("1 0 - 1 1 1")})
    assert 3 in g.verdict.winners and not public(g, "enemies_eliminated")


def test_evil_spirits_enemies_who_are_the_lovers_cancel_both_spells():
    g = apply(until(_game(EVIL.replace("seer", "cupid")), "cupid"), Seats((3, 4)))
    g = apply(until(g, "evil_spirit"), Seats((4, 3)))
    assert g.lovers is None
    assert g.stop.step == "enemies" and g.stop.for_show  # nobody to wake: the call lasts the same


HYPNO = "hypnotist werewolf seer villager villager villager villager werewolf"


def test_hypnotist_shows_the_hypnotized_player_his_victim_but_not_who_hypnotized_him():
    g = apply(until(_game(HYPNO), "hypnotist"), Seats((3, 5)))
    assert g.stop.step == "hypnotized" and g.stop.woken == (3,)
    g = apply(g)
    (e,) = told(g, 3, "hypnotized")
    assert e.seat == 5 and e.by is None


def test_hypnotized_player_votes_against_his_victim_and_nobody_else():
    night = {"night": 1, "hypnotist": {"hypnotize": [3, 5]}}
    assert "hypnotized" in err(HYPNO, night, {"day": 1, "votes": V("- - - 4 - - - -")})
    g = play(HYPNO, night, {"day": 1})
    assert ballot_options(g, 3) == (None, 5)
    assert out(HYPNO, night, {"day": 1, "votes": V("- - - 5 - - - -")})[
        "phases"][1]["eliminated"] == 5


def test_hypnotized_werewolf_votes_against_the_werewolf_named_as_his_victim():
    # "ceci est vrai même si le joueur hypnotisé et « sa victime » sont … deux Loups-Garous"
    g = play(HYPNO, {"night": 1, "hypnotist": {"hypnotize": [1, 7]}}, {"day": 1})
    assert ballot_options(g, 1) == (None, 7)


def test_hypnotist_may_name_himself_as_the_victim_but_hypnotizes_another():
    assert ballot_options(play(HYPNO, {"night": 1, "hypnotist": {"hypnotize": [3, 0]}},
                               {"day": 1}), 3) == (None, 0)
    assert "another player" in err(HYPNO, {"night": 1, "hypnotist": {"hypnotize": [0, 3]}})


def test_hypnotized_player_is_hypnotized_for_one_day_only():
    g = play(HYPNO, {"night": 1, "hypnotist": {"hypnotize": [3, 5]}},
             {"day": 1, "votes": V("- - - 5 - - - -")}, {"night": 2}, {"day": 2})
    assert len(ballot_options(g, 3)) > 2


def test_hypnotist_uses_his_power_twice_a_game():
    g = play(HYPNO, {"night": 1, "hypnotist": {"hypnotize": [3, 5]}},
             {"day": 1, "votes": V("- - - 5 - - - -")},
             {"night": 2, "hypnotist": {"hypnotize": [4, 6]}},
             {"day": 2, "votes": V("- - - - 6 - - -")})
    assert until(g, "hypnotist").stop.for_show


def test_hypnotized_player_whose_victim_is_immune_names_nobody():
    seats = "hypnotist werewolf magistrate villager villager villager villager werewolf"
    night = {"night": 1, "hypnotist": {"hypnotize": [3, 5]}, "magistrate": {"immune": 5}}
    assert ballot_options(play(seats, night, {"day": 1}), 3) == (None,)
    assert "names nobody" in err(seats, night, {"day": 1, "votes": V("- - - 4 - - - -")})


PRIEST = "priest werewolf seer villager villager witch villager werewolf"


def test_priest_sees_the_blessed_card_which_becomes_a_villagers():
    g = play(PRIEST, {"night": 1, "priest": {"bless": 2}})
    (e,) = told(g, 0, "saw")
    assert (e.seat, e.role) == (2, "seer")
    assert g.cards[2] == "villager" and g.dealt[2] == "seer"
    (e,) = told(g, 2, "blessed")
    assert e.role == "villager"


def test_priest_blesses_another_player_on_the_first_night():
    g = until(_game(PRIEST), "priest")
    assert g.stop.required
    assert "n'a pas le droit" in err(PRIEST, {"night": 1, "priest": {"bless": 0}})


def test_priests_blessed_card_is_still_called_for_show_all_game():
    # "continuer d'appeler ces personnages (dans le vide) lors de l'ensemble de la partie"
    g = until(apply(until(_game(PRIEST), "priest"), Seat(2)), "seer")
    assert g.stop.for_show and g.stop.woken == () and legal_choices(g) == [None]
    g = play(PRIEST, {"night": 1, "priest": {"bless": 2}, "werewolves": {"victim": 3}},
             {"day": 1, "votes": V("- - - - - - - -")})
    assert until(g, "seer").stop.for_show


def test_priests_blessed_player_escapes_the_werewolves_and_nobody_dies_that_night():
    g = play(PRIEST, {"night": 1, "priest": {"bless": 3}, "werewolves": {"victim": 3}},
             {"day": 1})
    assert g.alive(3) and not public(g, "died") and not public(g, "escaped")
    # the second time, he dies
    g = play(PRIEST, {"night": 1, "priest": {"bless": 3}, "werewolves": {"victim": 3}},
             {"day": 1, "votes": V("- - - - - - - -")},
             {"night": 2, "werewolves": {"victim": 3}}, {"day": 2})
    assert deaths(g) == [(3, "werewolves")]


def test_priests_blessed_player_escapes_the_pyre_and_the_table_sees_it():
    g = play(PRIEST, {"night": 1, "priest": {"bless": 3}},
             {"day": 1, "votes": V("3 3 3 - 3 3 3 3")})
    assert g.alive(3) and public(g, "escaped")[0].seat == 3
    assert not public(g, "died")


def test_priests_blessing_of_a_werewolf_removes_his_card_but_gives_no_escape():
    g = play(PRIEST, {"night": 1, "priest": {"bless": 1}},
             {"day": 1, "votes": V("1 - - 1 1 1 1 -")})
    assert deaths(g) == [(1, "vote")] and g.dealt[1] == "werewolf"
    g = until(apply(until(_game(PRIEST), "priest"), Seat(1)), "werewolves")
    assert g.stop.woken == (7,)  # a plain villager now


def test_priests_blessed_lover_escapes_the_grief():
    seats = PRIEST.replace("seer", "cupid")
    g = play(seats, {"night": 1, "priest": {"bless": 3}, "cupid": {"lovers": [3, 4]},
                     "werewolves": {"victim": 4}}, {"day": 1})
    assert deaths(g) == [(4, "werewolves")] and g.alive(3)
    assert public(g, "escaped")[0].seat == 3


ASSASSIN = "assassin werewolf seer villager villager witch villager werewolf"


def test_assassin_names_as_many_players_as_werewolf_cards_plus_one_on_the_first_night():
    g = until(_game(ASSASSIN), "assassin")
    assert g.stop.required and contract_size(g) == 3  # two werewolves, plus one
    assert "3 players, not 2" in err(ASSASSIN, {"night": 1, "assassin": {"targets": [2, 3]}})
    assert "not himself" in err(ASSASSIN, {"night": 1, "assassin": {"targets": [0, 2, 3]}})
    # the pack leader counts as a werewolf, the woodsman does not
    g = _game("assassin pack_leader woodsman villager villager witch villager werewolf")
    assert contract_size(g) == 3


def test_assassin_wins_alone_as_soon_as_his_last_target_dies_however():
    o = out(ASSASSIN, {"night": 1, "assassin": {"targets": [2, 3, 4]},
                       "werewolves": {"victim": 2}, "witch": {"poison": 3}},
            {"day": 1, "votes": V("4 4 - - 5 4 4 4")})
    assert o["winning_side"] == "assassin" and o["winners"] == [0]
    assert o["phases"][1]["eliminated"] == 4


def test_assassin_loses_with_the_village_when_his_targets_live():
    o = out(ASSASSIN, {"night": 1, "assassin": {"targets": [2, 3, 4]}},
            {"day": 1, "votes": V("1 0 1 1 1 1 1 -")},
            {"night": 2, "werewolves": {"victim": 2}},
            {"day": 2, "votes": V("7 - - 7 7 7 7 -")})
    assert o["winning_side"] == "village" and 0 not in o["winners"]


SAND = "sandman werewolf seer villager villager witch villager werewolf"


def test_sandmans_sleeper_is_called_but_does_not_wake_tonight():
    g = apply(until(_game(SAND), "sandman"), Seat(2))
    (e,) = told(g, 2, "asleep")
    g = until(g, "seer")
    # "le Meneur de Jeu appellera tout de même comme d'habitude tous les personnages"
    assert g.stop.for_show and g.stop.woken == () and legal_choices(g) == [None]


def test_sandmans_sleeping_werewolf_does_not_wake_with_the_pack():
    g = until(apply(until(_game(SAND), "sandman"), Seat(1)), "werewolves")
    assert g.stop.woken == (7,) and not g.stop.for_show
    # the only werewolf asleep: nobody is devoured tonight
    g = until(apply(until(_game(SAND.replace("werewolf", "villager", 1)), "sandman"), Seat(7)),
              "werewolves")
    assert g.stop.for_show and legal_choices(g) == [None]


def test_sandman_never_chooses_himself_nor_the_same_player_two_nights_in_a_row():
    assert "lui-même" in err(SAND, {"night": 1, "sandman": {"sleep": 0}})
    first = {"night": 1, "sandman": {"sleep": 3}, "werewolves": {"victim": 4}}
    day = {"day": 1, "votes": V("- - - - - - - -")}
    assert "two nights in a row" in err(SAND, first, day, {"night": 2, "sandman": {"sleep": 3}})
    g = until(play(SAND, first, day), "sandman")
    assert Seat(3) not in legal_choices(g) and Seat(2) in legal_choices(g)


TRAPPER = "trapper werewolf seer villager villager witch villager werewolf villager"
FIRST_BITE = ({"night": 1, "werewolves": {"victim": 3}},
              {"day": 1, "votes": V("- - - - - - - - -")})


def test_trapper_is_called_for_show_until_the_werewolves_have_devoured_somebody():
    g = until(_game(TRAPPER), "trapper")
    assert g.stop.for_show
    assert until(play(TRAPPER, *FIRST_BITE), "trapper").stop.for_show is False


def test_trappers_trap_saves_the_victim_and_the_first_devoured_names_the_werewolf_caught():
    g = play(TRAPPER, *FIRST_BITE, {"night": 2, "trapper": {"protect": 4},
                                    "werewolves": {"victim": 4}})
    assert g.stop.step == "trapped" and g.stop.woken == (3,) and g.stop.required
    assert legal_choices(g) == [Seat(1), Seat(7)]
    (e,) = told(g, 3, "pack")
    assert e.seats == (1, 7)
    o = out(TRAPPER, *FIRST_BITE, {"night": 2, "trapper": {"protect": 4},
                                   "werewolves": {"victim": 4}, "trapped": {"catch": 7}},
            {"day": 2})
    assert o["phases"][3]["dead"] == [{"seat": 7, "cause": "trap"}]


def test_trappers_caught_werewolf_is_shown_to_the_witch_who_may_heal_him():
    night = {"night": 2, "trapper": {"protect": 4}, "werewolves": {"victim": 4},
             "trapped": {"catch": 1}}
    g = play(TRAPPER, *FIRST_BITE, night)
    (e,) = [e for e in told(g, 5, "victim") if e.phase == "night 2"]
    assert e.seat == 1
    o = out(TRAPPER, *FIRST_BITE, dict(night, witch={"heal": True}), {"day": 2})
    assert o["phases"][3]["dead"] == []


def test_trapped_call_is_for_show_when_the_werewolves_pass_the_trap_by():
    g = apply(until(apply(until(play(TRAPPER, *FIRST_BITE), "trapper"), Seat(4)),
                    "werewolves"), Seat(6))
    assert g.stop.step == "trapped" and g.stop.for_show and legal_choices(g) == [None]
    assert deaths(until(apply(g), "votes"))[-1] == (6, "werewolves")


def test_trapper_never_protects_himself_nor_the_same_player_two_nights_in_a_row():
    assert "lui-même" in err(TRAPPER, *FIRST_BITE, {"night": 2, "trapper": {"protect": 0}})
    two = (*FIRST_BITE, {"night": 2, "trapper": {"protect": 4}},
           {"day": 2, "votes": V("- - - - - - - - -")})
    assert "two nights in a row" in err(TRAPPER, *two, {"night": 3, "trapper": {"protect": 4}})
    assert "protect" not in err(TRAPPER, *two, {"night": 3, "trapper": {"protect": 6}},
                                {"day": 3, "votes": V("9 - - - - - - - -")})


MAGE = "mage werewolf seer villager villager witch villager werewolf"


def test_mages_vanished_player_is_touched_and_leaves_for_a_night_and_a_day():
    g = apply(until(_game(MAGE), "mage"), Seat(2))
    assert g.stop.step == "banished" and g.stop.woken == (0,)  # the mage touches him
    g = apply(g)
    assert told(g, 2, "banished")
    assert until(g, "seer").stop.for_show  # "aucun effet": the seer is out of the room


def test_mages_vanished_player_cannot_be_chosen_by_anyone_nor_vote():
    night = {"night": 1, "mage": {"banish": 3}}
    assert "disappeared" in err(MAGE, dict(night, werewolves={"victim": 3}))
    assert "disappeared" in err(MAGE, dict(night, witch={"poison": 3}))
    g = until(apply(until(_game(MAGE), "mage"), Seat(3)), "werewolves")
    assert Seat(3) not in legal_choices(g) and Seat(4) in legal_choices(g)
    g = play(MAGE, night, {"day": 1})
    assert ballot_options(g, 3) == (None,) and 3 not in ballot_options(g, 4)
    assert "do not vote" in err(MAGE, night, {"day": 1, "votes": V("- - - 4 - - - -")})
    assert "nobody may vote" in err(MAGE, night, {"day": 1, "votes": V("3 - - - - - - -")})


def test_mages_vanished_player_is_back_at_the_next_dusk_and_the_power_is_once_a_game():
    g = play(MAGE, {"night": 1, "mage": {"banish": 3}},
             {"day": 1, "votes": V("1 - - - - - - -")})
    g = until(g, "mage")
    assert g.phase.label == "night 2" and g.stop.for_show
    g = until(g, "werewolves")
    assert Seat(3) in legal_choices(g)


def test_mage_may_make_himself_vanish():
    g = play(MAGE, {"night": 1, "mage": {"banish": 0}}, {"day": 1})
    assert ballot_options(g, 0) == (None,)


# ---- Cassandra, the werewolf slayer (seed 000) --------------------------------------------------

# seats 1 and 6 are werewolves; seat 2 is the witch
CASSANDRA = "cassandra werewolf witch villager villager villager werewolf villager seer"


def test_cassandras_bullet_kills_and_the_dawn_says_it_was_a_silver_bullet():
    g = play(CASSANDRA, {"night": 1, "cassandra": {"shoot": 3}}, {"day": 1})
    assert deaths(g) == [(3, "silver_bullet")]
    (e,) = public(g, "died")
    assert e.seat == 3 and e.value == "silver_bullet"  # "mort d'une balle en argent"


def test_cassandra_may_keep_her_gun_and_never_shoots_herself():
    g = until(_game(CASSANDRA), "cassandra")
    assert None in legal_choices(g) and Seat(0) not in legal_choices(g)
    assert "another player" in err(CASSANDRA, {"night": 1, "cassandra": {"shoot": 0}})


def test_cassandras_victim_is_shown_to_the_witch_beside_the_werewolves_without_saying_whose():
    g = play(CASSANDRA, {"night": 1, "werewolves": {"victim": 7}, "cassandra": {"shoot": 3}})
    (e,) = told(g, 2, "victim")
    assert e.seat is None and e.seats == (3, 7)  # in seat order, whoever struck whom


def test_witchs_heal_names_one_of_two_victims_and_the_other_dies():
    night = {"night": 1, "werewolves": {"victim": 7}, "cassandra": {"shoot": 3}}
    o = out(CASSANDRA, dict(night, witch={"heal": 3}), {"day": 1})
    assert o["phases"][1]["dead"] == [{"seat": 7, "cause": "werewolves"}]
    o = out(CASSANDRA, dict(night, witch={"heal": 7}), {"day": 1})
    assert o["phases"][1]["dead"] == [{"seat": 3, "cause": "silver_bullet"}]


def test_witchs_heal_true_is_refused_when_two_victims_are_shown_and_a_stranger_is_refused():
    night = {"night": 1, "werewolves": {"victim": 7}, "cassandra": {"shoot": 3}}
    assert "names the one she saves" in err(CASSANDRA, dict(night, witch={"heal": True}))
    assert "not among tonight's victims" in err(CASSANDRA, dict(night, witch={"heal": 4}))


def test_witchs_heal_true_still_saves_the_only_victim_and_a_seat_does_too():
    for heal in (True, 7):
        o = out(CASSANDRA, {"night": 1, "werewolves": {"victim": 7}, "witch": {"heal": heal}},
                {"day": 1})
        assert o["phases"][1]["dead"] == []


def test_witch_is_shown_cassandras_victim_alone_when_the_werewolves_took_nobody():
    g = play(CASSANDRA, {"night": 1, "cassandra": {"shoot": 4}})
    (e,) = told(g, 2, "victim")
    assert e.seat == 4
    assert out(CASSANDRA, {"night": 1, "cassandra": {"shoot": 4}, "witch": {"heal": True}},
               {"day": 1})["phases"][1]["dead"] == []


def test_cassandra_wins_alone_as_soon_as_her_bullets_have_killed_two_werewolves():
    o = out(CASSANDRA, {"night": 1, "cassandra": {"shoot": 1}},
            {"day": 1, "votes": V("- - - - - - - - -")},
            {"night": 2, "cassandra": {"shoot": 6}}, {"day": 2})
    assert (o["winning_side"], o["reason"]) == ("cassandra", "cassandra_two_werewolves")
    assert o["winners"] == [0]


def test_cassandra_dies_at_the_dawn_of_her_second_mistake_after_its_card_is_shown():
    g = play(CASSANDRA, {"night": 1, "cassandra": {"shoot": 3}},
             {"day": 1, "votes": V("- - - - - - - - -")},
             {"night": 2, "cassandra": {"shoot": 4}}, {"day": 2})
    assert deaths(g) == [(3, "silver_bullet"), (4, "silver_bullet"), (0, "misfire")]
    died = [e for e in public(g, "died") if e.phase == "day 2"]
    assert [(e.seat, e.value) for e in died] == [(4, "silver_bullet"), (0, "misfire")]


def test_cassandras_healed_victim_is_no_mistake():
    g = play(CASSANDRA, {"night": 1, "cassandra": {"shoot": 3}, "witch": {"heal": True}},
             {"day": 1, "votes": V("- - - - - - - - -")},
             {"night": 2, "cassandra": {"shoot": 4}}, {"day": 2})
    assert g.alive(0) and deaths(g) == [(4, "silver_bullet")]


def test_cassandra_alive_at_the_villages_win_does_not_win_with_it():
    o = out(CASSANDRA, {"night": 1, "cassandra": {"shoot": 1}},
            {"day": 1, "votes": V("6 - 6 6 6 6 0 6 6")})
    assert o["winning_side"] == "village" and 0 not in o["winners"]


# ---- Dr Jekyll and Mr Hyde (seed 000) -----------------------------------------------------------

# seats 1 and 6 are werewolves; seat 2 is the witch
JEKYLL = "jekyll_hyde werewolf witch villager villager villager werewolf villager seer"


def test_jekylls_die_is_rolled_every_night_by_the_app_nobody_awake():
    g = until(_game(JEKYLL), "jekyll_die")
    assert g.stop.chance and g.stop.woken == () and g.stop.required
    assert [c.value for c in legal_choices(g)] == [1, 2, 3, 4, 5, 6]
    assert "missing" in err(JEKYLL, {"night": 1}, {"day": 1})
    assert "1 to 6" in err(JEKYLL, {"night": 1, "jekyll_die": {"roll": 7}})


def test_jekyll_on_2_to_5_nothing_happens_and_he_is_told_so():
    g = play(JEKYLL, {"night": 1, "jekyll_die": {"roll": 3}, "werewolves": {"victim": 4}},
             {"day": 1})
    assert deaths(g) == [(4, "werewolves")]
    (e,) = told(g, 0, "rolled")
    assert e.value == 3 and e.step == "jekyll_hyde"
    # his call is made all the same, for show: what he points at does nothing
    g = play(JEKYLL, {"night": 1, "jekyll_die": {"roll": 3}, "jekyll_hyde": {"target": 5}},
             {"day": 1})
    assert deaths(g) == []


def test_mr_hyde_on_a_1_murders_a_player_found_dead_without_saying_by_whom():
    o = out(JEKYLL, {"night": 1, "jekyll_die": {"roll": 1}, "werewolves": {"victim": 4},
                     "jekyll_hyde": {"target": 7}}, {"day": 1})
    assert o["phases"][1]["dead"] == [{"seat": 4, "cause": "werewolves"},
                                      {"seat": 7, "cause": "hyde"}]
    g = play(JEKYLL, {"night": 1, "jekyll_die": {"roll": 1}, "jekyll_hyde": {"target": 7}},
             {"day": 1})
    (e,) = public(g, "died")
    assert e.value == "night"  # "ne précisera toutefois pas quel joueur a été tué par … Mr. Hyde"
    assert "another player" in err(JEKYLL, {"night": 1, "jekyll_die": {"roll": 1},
                                            "jekyll_hyde": {"target": 0}})


def test_mr_hydes_victim_is_shown_to_the_witch_who_may_heal_one_of_the_two():
    night = {"night": 1, "jekyll_die": {"roll": 1}, "werewolves": {"victim": 4},
             "jekyll_hyde": {"target": 7}}
    (e,) = told(play(JEKYLL, night), 2, "victim")
    assert e.seats == (4, 7)
    o = out(JEKYLL, dict(night, witch={"heal": 7}), {"day": 1})
    assert o["phases"][1]["dead"] == [{"seat": 4, "cause": "werewolves"}]


def test_dr_jekyll_on_a_6_is_shown_every_player_killed_tonight_and_saves_one():
    night = {"night": 1, "werewolves": {"victim": 4}, "jekyll_die": {"roll": 6}}
    g = play(JEKYLL, night)
    (e,) = told(g, 0, "rolled")
    assert e.value == 6 and e.seats == (4,)
    o = out(JEKYLL, dict(night, jekyll_hyde={"target": 4}), {"day": 1})
    assert o["phases"][1]["dead"] == []
    assert "has not died tonight" in err(JEKYLL, dict(night, jekyll_hyde={"target": 5}))


def test_dr_jekyll_must_save_one_and_is_called_for_show_when_nobody_died():
    g = until(apply(until(_game(JEKYLL), "jekyll_die"), Roll(6)), "jekyll_hyde")
    assert g.stop.for_show  # nobody killed yet tonight
    assert "missing" in err(JEKYLL, {"night": 1, "werewolves": {"victim": 4},
                                     "jekyll_die": {"roll": 6}}, {"day": 1})


def test_mr_hyde_alone_alive_has_nobody_to_murder_and_is_called_for_show():
    # the rusty sword's sick werewolf, the last, dies at the second dusk: Dr Jekyll is the
    # only one left that night, and the die shows 1 (found by random whole games)
    g = play("jekyll_hyde werewolf rusty_sword_knight hunter villager villager",
             {"night": 1, "jekyll_die": {"roll": 1}, "jekyll_hyde": {"target": 3},
              "werewolves": {"victim": 2}},
             {"day": 1, "hunter": {"shoot": 4}, "votes": V("5 5 - - - -")},
             {"night": 2, "jekyll_die": {"roll": 1}}, {"day": 2})
    assert g.living() == (0,) and g.verdict is not None and g.verdict.side == "village"


def test_dr_jekylls_saved_player_still_dies_of_the_witchs_poison_that_comes_after():
    o = out(JEKYLL, {"night": 1, "werewolves": {"victim": 4}, "jekyll_die": {"roll": 6},
                     "jekyll_hyde": {"target": 4}, "witch": {"poison": 4}}, {"day": 1})
    assert o["phases"][1]["dead"] == [{"seat": 4, "cause": "witch"}]


def test_dr_jekyll_and_mr_hyde_wins_with_the_village():
    o = out(JEKYLL, {"night": 1, "jekyll_die": {"roll": 1}, "jekyll_hyde": {"target": 1}},
            {"day": 1, "votes": V("6 - 6 6 6 6 0 6 6")})
    assert o["winning_side"] == "village" and 0 in o["winners"]


# ---- the crow of fate (seed 000's Corbeau) ------------------------------------------------------

# seats 1 and 6 are werewolves
CROW = "crow werewolf witch villager villager villager werewolf villager seer"
VOTED_OUT = ({"night": 1}, {"day": 1, "votes": V("1 0 0 0 0 0 0 0 0")})  # the crow is voted out


def test_crow_is_not_called_while_he_lives_nor_on_the_first_night():
    g = play(CROW, {"night": 1}, {"day": 1, "votes": V("3 3 - - - - - - -")},
             {"night": 2})
    assert all(e.step not in ("crow", "crow_die") for e in g.log)


def test_crow_voted_out_rolls_at_the_end_of_the_next_night_and_3_to_6_is_a_villager():
    g = until(play(CROW, *VOTED_OUT), "crow_die")
    assert g.phase.label == "night 2" and g.stop.chance and g.stop.woken == ()
    g = apply(g, Roll(4))
    assert g.stop.step == "crow" and g.stop.woken == (0,)  # dead, he wakes
    (e,) = told(g, 0, "crow_rolled")
    assert e.seats == (2, 3, 4, 5, 7, 8) and e.value == {"roll": 4, "werewolves": False}
    assert "not seat 1" in err(CROW, *VOTED_OUT, {"night": 2, "crow_die": {"roll": 4},
                                                  "crow": {"lay": 1}})


def test_crow_voted_out_on_a_1_or_2_lays_his_card_before_a_werewolf_seen_by_all_at_dawn():
    g = play(CROW, *VOTED_OUT, {"night": 2, "crow_die": {"roll": 2}, "crow": {"lay": 6}},
             {"day": 2})
    (e,) = public(g, "crow_card")
    assert e.seat == 6 and e.phase == "day 2"


def test_crow_devoured_on_a_1_or_2_lays_his_card_before_a_villager():
    night = {"night": 1, "werewolves": {"victim": 0}}
    g = until(apply(until(play(CROW, night, {"day": 1, "votes": V("- - - - - - - - -")}),
                          "crow_die"), Roll(1)), "crow")
    assert Seat(1) not in legal_choices(g) and Seat(3) in legal_choices(g)


def test_crow_dead_of_grief_counts_as_killed_by_his_lovers_killer():
    from onenight.classic.roles.compendium import crow_lays_before_werewolves

    deck = "crow werewolf cupid villager villager villager werewolf villager seer"
    night = {"night": 1, "cupid": {"lovers": [0, 3]}, "werewolves": {"victim": 3}}
    g = until(apply(until(play(deck, night, {"day": 1, "votes": V("- - - - - - - - -")}),
                          "crow_die"), Roll(5)), "crow")
    assert crow_lays_before_werewolves("werewolves", 5)
    assert legal_choices(g) == [Seat(1), Seat(6)]  # 3 to 6, devoured: a werewolf


def test_crow_must_lay_his_card_and_is_called_only_the_night_after():
    assert "missing" in err(CROW, *VOTED_OUT, {"night": 2, "crow_die": {"roll": 4}},
                            {"day": 2})
    g = play(CROW, *VOTED_OUT, {"night": 2, "crow_die": {"roll": 4}, "crow": {"lay": 3}},
             {"day": 2, "votes": V("- - - - - - - - -")}, {"night": 3})
    assert [e.phase for e in g.log if e.step == "crow" and e.kind == "crow_rolled"] == \
        ["night 2"]


# ---- the tavern keeper (seed 000) ---------------------------------------------------------------

TAVERN = "tavern_keeper werewolf seer villager villager villager villager werewolf"


def test_tavern_keeper_names_any_number_of_players_who_go_to_the_tavern_with_him_at_dawn():
    g = play(TAVERN, {"night": 1, "tavern_keeper": {"guests": [3, 5, 7, 2]}}, {"day": 1})
    assert to_record(g)["phases"][0]["tavern_keeper"] == {"guests": [2, 3, 5, 7]}  # no order
    (e,) = public(g, "tavern")
    # named in seat order, the tavern keeper among them: his place tells nothing
    assert e.seats == (0, 2, 3, 5, 7) and e.by is None
    assert g.today.get("tavern") == (0, 2, 3, 5, 7)


def test_tavern_keeper_may_name_every_other_player_or_just_one():
    g = until(_game(TAVERN), "tavern_keeper")
    choices = legal_choices(g)
    assert len(choices) == 2 ** 7  # nothing, or any of the 127 groups of the 7 others
    assert None in choices and Seats((3,)) in choices and Seats(tuple(range(1, 8))) in choices
    assert Seats((0, 3)) not in choices and Seats(()) not in choices


def test_tavern_keeper_must_name_at_least_one_other_player_than_himself():
    assert "goes to the tavern anyway" in err(TAVERN, {"night": 1, "tavern_keeper":
                                                      {"guests": [0, 3]}})
    assert "expected a list of seat numbers" in err(TAVERN, {"night": 1, "tavern_keeper":
                                                            {"guests": []}})
    g = until(_game(TAVERN), "tavern_keeper")
    try:
        apply(g, Seats(()))
    except IllegalChoice as e:
        assert e.field == "guests" and "not none" in str(e)
    else:
        raise AssertionError("nobody named was accepted")
    assert "named twice" in err(TAVERN, {"night": 1, "tavern_keeper": {"guests": [3, 3]}})
    assert "guests" in err(TAVERN, {"night": 1, "tavern_keeper": {"guests": 3}})


def test_tavern_keeper_uses_his_power_twice_a_game_and_is_then_called_for_show():
    used = {"night": 1, "tavern_keeper": {"guests": [3]}}
    silent = {"day": 1, "votes": V("- - - - - - - -")}
    g = play(TAVERN, used, silent, {"night": 2, "tavern_keeper": {"guests": [4, 6]}},
             {"day": 2, "votes": V("- - - - - - - -")})
    g = until(g, "tavern_keeper")
    assert g.phase.label == "night 3" and g.stop.for_show
    g = until(apply(g, Seats((3,))), "dawn")  # a choice at a call for show does nothing
    assert apply(g).today.get("tavern") is None
    # not obliged to name the same players twice: night 2's tavern is its own
    assert [e.seats for e in public(g, "tavern")] == [(0, 3), (0, 4, 6)]


def test_tavern_keeper_naming_nobody_opens_no_tavern():
    g = play(TAVERN, {"night": 1}, {"day": 1})
    assert public(g, "tavern") == [] and g.today.get("tavern") is None


def test_tavern_keeper_devoured_in_the_night_leaves_his_living_guests_to_meet():
    g = play(TAVERN, {"night": 1, "tavern_keeper": {"guests": [3, 5]},
                      "werewolves": {"victim": 0}}, {"day": 1})
    assert [e.seats for e in public(g, "tavern")] == [(3, 5)]
    # a lone guest left has nobody to talk to: no tavern
    g = play(TAVERN, {"night": 1, "tavern_keeper": {"guests": [3]},
                      "werewolves": {"victim": 0}}, {"day": 1})
    assert public(g, "tavern") == []


# ---- the lost soul (seed 000) -------------------------------------------------------------------

SOUL = "lost_soul werewolf seer villager villager villager villager werewolf"
SOUL_DEVOURED = {"night": 1, "werewolves": {"victim": 0}}


def test_lost_soul_is_a_plain_villager_while_she_lives_and_nobody_may_call_her():
    g = until(play(SOUL, {"night": 1, "werewolves": {"victim": 3}}), "debate")
    assert side(g, 0) == "village" and village.day_powers(g) == ()
    assert "she is not dead" in err(SOUL, {"night": 1, "werewolves": {"victim": 3}},
                                    {"day": 1, "powers": [{"lost_soul": 2}]})


def test_lost_soul_once_dead_is_called_by_day_about_a_living_player_and_then_rests():
    # "un joueur encore en vie peut prononcer la phrase … en précisant le nom d'un joueur
    # encore en vie": any living player may be asked about, a werewolf too
    g = until(play(SOUL, SOUL_DEVOURED), "debate")
    assert {p.seat for p in village.day_powers(g)} == {1, 2, 3, 4, 5, 6, 7}
    g = use_power(g, village.Power("lost_soul", 7))
    assert g.stop.step == "debate"  # the village debates on
    (e,) = public(g, "soul_called")
    assert (e.seat, e.by) == (7, 0)
    assert village.day_powers(g) == ()  # "Une fois qu'elle a parlé, l'Ame en peine quitte
    # définitivement le jeu": she answers the first call only
    assert "answered already" in err(SOUL, SOUL_DEVOURED, {"day": 1, "powers": [
        {"lost_soul": 7}, {"lost_soul": 3}]})


def test_lost_soul_is_never_asked_about_the_dead():
    assert "name a living player" in err(SOUL, SOUL_DEVOURED, {"day": 1, "powers": [
        {"lost_soul": 0}]})


def test_lost_soul_is_called_only_while_the_village_debates():
    # "jamais pendant et après le vote de la fin de la journée": the record's day powers are
    # played during the debate, the vote after them
    o = out(SOUL, SOUL_DEVOURED, {"day": 1, "powers": [{"lost_soul": 1}],
                                  "votes": V("- - - 1 1 1 1 -")})
    assert o["phases"][1]["eliminated"] == 1


def test_lost_soul_called_wins_with_the_village():
    # "Si l'Ame en peine a été appelée en cours de partie et que les Villageois sont
    # victorieux, elle sera elle aussi considérée comme ayant remportée la partie"
    o = out(SOUL, SOUL_DEVOURED, {"day": 1, "powers": [{"lost_soul": 1}],
                                  "votes": V("- - - 1 1 1 1 -")},
            {"night": 2, "werewolves": {"victim": 3}},
            {"day": 2, "votes": V("- - - - 7 7 7 -")})
    assert o["winning_side"] == "village" and 0 in o["winners"]


# ---- the fanatic (seed 000) ---------------------------------------------------------------------

FANATIC = "fanatic werewolf seer villager villager villager villager werewolf"
FANATIC_OUT = ({"night": 1, "werewolves": {"victim": 3}},)
VOTED = V("- 0 0 - 0 0 0 0")  # the village votes the fanatic out


def test_fanatic_voted_out_naming_every_werewolf_and_nobody_else_wins_at_once():
    o = out(FANATIC, *FANATIC_OUT, {"day": 1, "votes": VOTED, "fanatic": {"accuse": [7, 1]}})
    assert (o["winning_side"], o["winners"]) == ("fanatic", [0])
    g = play(FANATIC, *FANATIC_OUT, {"day": 1, "votes": VOTED, "fanatic": {"accuse": [7, 1]}})
    assert g.verdict.reason == "fanatic_denounced"
    (e,) = public(g, "denounced")
    assert (e.seats, e.by) == ((1, 7), 0)


def test_fanatic_naming_a_villager_too_is_called_a_liar_and_the_game_goes_on():
    g = play(FANATIC, *FANATIC_OUT, {"day": 1, "votes": VOTED,
                                     "fanatic": {"accuse": [1, 7, 2]}})
    assert g.verdict is None
    (e,) = public(g, "lied")  # "sans préciser ce qui est juste ou faux"
    assert e.seats == (1, 2, 7) and public(g, "denounced") == []


def test_fanatic_missing_a_werewolf_is_a_liar_too():
    g = play(FANATIC, *FANATIC_OUT, {"day": 1, "votes": VOTED, "fanatic": {"accuse": [1]}})
    assert g.verdict is None and len(public(g, "lied")) == 1


def test_fanatic_killed_any_other_way_accuses_nobody():
    # "Si le Fanatique meurt de n'importe quelle autre manière (dévoré par les Loups-Garous …),
    # il ne peut proférer aucune accusation"
    assert "no fanatic was voted out" in err(FANATIC, {"night": 1, "werewolves": {"victim": 0}},
                                             {"day": 1, "votes": V("- - - - - - - -"),
                                              "fanatic": {"accuse": [1, 7]}})


def test_fanatic_alive_when_the_werewolves_are_all_dead_does_not_win_with_the_village():
    g = play(FANATIC, {"night": 1, "werewolves": {"victim": 3}},
             {"day": 1, "votes": V("1 - 1 - 1 1 1 -")}, {"night": 2, "werewolves": {"victim": 4}},
             {"day": 2, "votes": V("7 - 7 - - 7 7 -")})
    assert g.verdict.side == "village" and 0 not in g.verdict.winners


def test_fanatic_s_lover_wins_with_him_when_he_dies_a_hero():
    deck = "fanatic werewolf cupid villager villager villager villager werewolf"
    o = out(deck, {"night": 1, "cupid": {"lovers": [0, 4]}, "werewolves": {"victim": 3}},
            {"day": 1, "votes": V("- 0 0 - 0 0 0 0"), "fanatic": {"accuse": [1, 7]}})
    assert o["winning_side"] == "fanatic" and o["winners"] == [0, 4]


def test_fanatic_infected_still_goes_to_the_stake_so_the_table_learns_nothing_of_it():
    deck = "fanatic werewolf seer villager villager accursed_wolf_father villager werewolf"
    night = {"night": 1, "werewolves": {"victim": 0}, "accursed_wolf_father": {"infect": True}}
    o = out(deck, night, {"day": 1, "votes": V("- 0 0 0 0 0 0 0"),
                          "fanatic": {"accuse": [1, 5, 7]}})
    assert o["winning_side"] == "fanatic"
