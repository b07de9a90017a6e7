"""Seed 000's deaths that are not the end: L'Immortel (killed, he is shown, lives on and
draws one of two face-down cards) and L'Imposteur. One test per rule, named after it."""

from __future__ import annotations

import pytest

from onenight.classic import Options, Seat, apply, new_game, to_record, view_for
from onenight.classic.model import Take
from onenight.common.errors import IllegalChoice

from .helpers import V, deaths, err, out, play, public, told

# ---- the immortal ------------------------------------------------------------------------------

# seats 1 and 6 are the werewolves; seat 0 the immortal
IMMORTAL = "immortal werewolf seer villager villager villager werewolf villager"
EATEN = {"night": 1, "werewolves": {"victim": 0}}
NOBODY = V("- - - - - - - -")
#: the village votes the immortal out (his own ballot blank)
AGAINST_HIM = V("- 0 0 0 0 0 - 0")


def test_immortal_killed_is_shown_then_lives_on_and_draws_a_card():
    # "le Meneur de Jeu révèle comme de coutume sa carte … [l'Immortel] en choisit une"
    g = play(IMMORTAL, EATEN, {"day": 1, "immortal": [{"draw": 0}], "votes": NOBODY})
    (died,) = public(g, "died")
    assert (died.seat, died.role) == (0, "immortal")
    assert g.alive(0) and deaths(g) == [(0, "werewolves")]
    (back,) = public(g, "lives_on")
    assert back.seat == 0
    assert view_for(g, 3).alive[0]  # the table sees him alive again



def test_immortal_killed_with_others_draws_before_their_deaths_play_out():
    # "Lorsque l'Immortel est tué, le Meneur de Jeu révèle … sa carte … Il la prend ensuite en
    # mains": he draws at once, before the hunter killed the same night takes his shot; drawn
    # the werewolf card, the hunter's shot at him is his final death
    # (the hunter's seat comes first, as the dawn tells the dead)
    seats = "hunter werewolf seer villager immortal villager werewolf witch"
    night = {"night": 1, "werewolves": {"victim": 4}, "witch": {"heal": False, "poison": 0}}
    g = play(seats, night, {"day": 1, "immortal": [{"draw": 1}], "hunter": {"shoot": 4},
                            "votes": NOBODY})
    assert [e.kind for e in g.log if e.kind in ("drew", "shot")] == ["drew", "shot"]
    assert not g.alive(4) and g.death_of(4).card == "werewolf"

def test_immortal_drawing_his_own_card_stays_a_villager():
    g = play(IMMORTAL, EATEN, {"day": 1, "immortal": [{"draw": 0}]})
    assert g.cards[0] == "immortal"
    (drew,) = told(g, 0, "drew")
    assert drew.role == "immortal" and drew.to == (0,)


def test_immortal_drawing_the_werewolf_card_plays_with_the_werewolves_from_now_on():
    g = play(IMMORTAL, EATEN, {"day": 1, "immortal": [{"draw": 1}], "votes": NOBODY})
    assert g.cards[0] == "werewolf"
    while not (g.stop.phase.is_night and g.stop.step == "werewolves"):
        g = apply(g)
    assert 0 in g.stop.woken  # he wakes with the pack the next night


def test_what_the_immortal_drew_is_told_to_him_alone():
    for k in (0, 1):
        g = play(IMMORTAL, EATEN, {"day": 1, "immortal": [{"draw": k}]})
        assert all(e.to == (0,) for e in g.log if e.kind == "drew")
        # the table hears the same whatever he drew
        shown = [(e.kind, e.seat) for e in g.log if e.to is None and e.phase == "day 1"]
        assert shown == [("died", 0), ("lives_on", 0)]


def test_immortal_turned_werewolf_killed_again_is_eliminated_for_good():
    # "S'il est tué au cours de la suite de la partie, il sera définitivement éliminé"
    g = play(IMMORTAL, EATEN, {"day": 1, "immortal": [{"draw": 1}],
                               "votes": AGAINST_HIM})
    assert not g.alive(0)
    died = public(g, "died")
    assert [(e.seat, e.role) for e in died] == [(0, "immortal"), (0, "werewolf")]
    assert not view_for(g, 3).alive[0]


def test_immortal_who_kept_his_card_lives_on_again_at_his_next_death():
    # "on recommence la procédure indiquée ci-dessus"
    g = play(IMMORTAL, EATEN, {"day": 1, "immortal": [{"draw": 0}, {"draw": 0}],
                               "votes": AGAINST_HIM})
    assert g.alive(0) and len(public(g, "lives_on")) == 2
    assert deaths(g) == [(0, "werewolves"), (0, "vote")]


def test_immortal_draws_at_each_death_of_a_day_as_a_list():
    rec = to_record(play(IMMORTAL, EATEN, {"day": 1, "immortal": [{"draw": 0}, {"draw": 1}],
                                           "votes": AGAINST_HIM}))
    assert rec["phases"][1]["immortal"] == [{"draw": 0}, {"draw": 1}]


def test_immortal_must_draw_a_card():
    g = play(IMMORTAL, EATEN, {"day": 1})
    assert g.stop.step == "immortal" and g.stop.required
    with pytest.raises(IllegalChoice, match="must draw one of the two face-down cards"):
        apply(g)


def test_immortal_draw_is_zero_or_one():
    assert "expected 0 or 1" in err(IMMORTAL, EATEN, {"day": 1, "immortal": [{"draw": 2}],
                                               "votes": NOBODY})


def test_immortal_not_killed_draws_nothing():
    assert "no immortal was killed here" in err(
        IMMORTAL, {"night": 1, "werewolves": {"victim": 3}},
        {"day": 1, "immortal": [{"draw": 0}], "votes": NOBODY})


def test_immortal_s_lover_does_not_die_of_grief_as_he_lives_on():
    deck = "immortal werewolf cupid villager villager villager werewolf villager"
    g = play(deck, {"night": 1, "cupid": {"lovers": [0, 3]}, "werewolves": {"victim": 0}},
             {"day": 1, "immortal": [{"draw": 0}]})
    assert g.alive(0) and g.alive(3)


def test_immortal_s_lover_killed_takes_him_by_grief_and_he_lives_on_again():
    deck = "immortal werewolf cupid villager villager villager werewolf villager"
    g = play(deck, {"night": 1, "cupid": {"lovers": [0, 3]}, "werewolves": {"victim": 3}},
             {"day": 1, "immortal": [{"draw": 0}]})
    assert not g.alive(3) and g.alive(0)
    assert deaths(g) == [(3, "werewolves"), (0, "grief")]


def test_immortal_captain_keeps_the_captaincy_as_he_lives_on():
    g = play(IMMORTAL, {"night": 1, "werewolves": {"victim": 3}},
             {"day": 1, "captain_votes": V("0 0 0 - 0 0 0 0"), "votes": V("- 0 0 - 0 0 - 0"),
              "immortal": [{"draw": 0}]}, captain="first_morning")
    assert g.captain == 0


def test_immortal_as_the_wild_child_s_model_living_on_does_not_turn_him():
    deck = "immortal werewolf wild_child villager villager villager werewolf villager"
    g = play(deck, {"night": 1, "wild_child": {"model": 0}, "werewolves": {"victim": 0}},
             {"day": 1, "immortal": [{"draw": 0}]})
    from onenight.classic.sides import side
    assert side(g, 2) == "village"


def test_immortal_who_lost_his_power_to_the_elder_s_death_dies_for_good():
    # the village that kills the elder takes the villagers' powers (RULES-CLASSIC §1)
    deck = "immortal werewolf elder villager villager villager werewolf villager"
    g = play(deck, {"night": 1, "werewolves": {"victim": 3}},
             {"day": 1, "votes": V("2 2 - - 2 2 2 2")},
             {"night": 2, "werewolves": {"victim": 0}}, {"day": 2})
    assert not g.alive(0) and public(g, "lives_on") == []


def test_immortal_turned_werewolf_counts_for_the_werewolves_win():
    # 6 players: the immortal draws the wolf card; the villagers fall one by one
    deck = "immortal werewolf villager villager villager villager"
    g = play(deck, {"night": 1, "werewolves": {"victim": 0}},
             {"day": 1, "immortal": [{"draw": 1}], "votes": V("2 2 3 2 2 2")},
             {"night": 2, "werewolves": {"victim": 3}},
             {"day": 2, "votes": V("4 4 - - 5 4")}, {"night": 3, "werewolves": {"victim": 5}},
             {"day": 3})
    assert g.verdict is not None and g.verdict.side == "werewolves"
    assert set(g.verdict.winners) == {0, 1}


def test_immortal_draw_is_refused_in_another_shape():
    g = new_game("immortal werewolf seer villager villager villager werewolf villager".split(),
                 options=Options(captain="never"))
    while not (g.stop.phase.is_night and g.stop.step == "werewolves"):
        g = apply(g)
    from onenight.classic import Seat
    g = apply(g, Seat(0))
    while g.stop.step != "immortal":
        g = apply(g)
    with pytest.raises(IllegalChoice, match="expected 0"):
        apply(g, Seat(3))
    g = apply(g, Take(1))
    assert g.stop.step == "immortal_card" and g.stop.woken == (0,)
    assert to_record(apply(g))["phases"][1]["immortal"] == [{"draw": 1}]


def test_immortal_killed_twice_each_death_keeps_its_own_cause_in_the_outcome():
    o = out(IMMORTAL, EATEN, {"day": 1, "immortal": [{"draw": 1}], "votes": AGAINST_HIM})
    day = o["phases"][1]
    assert day["dead"] == [{"seat": 0, "cause": "werewolves"}]
    assert day["dead_after_vote"] == [{"seat": 0, "cause": "vote"}]


# ---- the impostor ------------------------------------------------------------------------------

# seats 1 and 6 are the werewolves; seat 0 the impostor, seat 2 the seer, seat 4 the hunter
IMPOSTOR = "impostor werewolf seer villager hunter villager werewolf villager"
IMPOSTOR_EATEN = {"night": 1, "werewolves": {"victim": 0}}


def test_impostor_killed_is_shown_names_a_living_player_and_takes_his_card():
    # "au moment où le Meneur de Jeu retourne sa carte …, l'Imposteur désigne un joueur encore
    # en vie … Il continuera la partie sous cette nouvelle identité"
    g = play(IMPOSTOR, IMPOSTOR_EATEN, {"day": 1, "impostor": {"take": 2}, "votes": NOBODY})
    assert g.alive(0) and g.cards[0] == "seer"
    shown = [(e.seat, e.role) for e in public(g, "died")]
    assert shown == [(0, "impostor"), (2, None)]  # the card he took is not shown
    (took,) = told(g, 0, "took_card")
    assert (took.seat, took.role, took.to) == (2, "seer", (0,))
    (u,) = public(g, "usurped")
    assert (u.seat, u.by) == (2, 0)
    v = view_for(g, 3)
    assert v.alive[0] and not v.alive[2]


def test_the_player_whose_card_the_impostor_took_is_eliminated_at_once():
    g = play(IMPOSTOR, IMPOSTOR_EATEN, {"day": 1, "impostor": {"take": 2}, "votes": NOBODY})
    assert not g.alive(2) and deaths(g) == [(0, "werewolves"), (2, "impostor")]


def test_impostor_plays_the_card_he_took_from_the_next_night():
    g = play(IMPOSTOR, IMPOSTOR_EATEN, {"day": 1, "impostor": {"take": 2}, "votes": NOBODY})
    while not (g.stop.phase.is_night and g.stop.step == "seer"):
        g = apply(g)
    assert g.stop.woken == (0,)  # the seer's call wakes him now


def test_impostor_taking_a_werewolf_card_plays_and_wins_with_the_pack():
    g = play(IMPOSTOR, IMPOSTOR_EATEN, {"day": 1, "impostor": {"take": 6}, "votes": NOBODY})
    from onenight.classic.sides import side
    assert side(g, 0) == "werewolves" and side(g, 6) == "werewolves"


def test_impostor_killed_again_is_eliminated_for_good():
    # "Lorsque le joueur qui jouait l'Imposteur est tué à nouveau, il est définitivement éliminé"
    g = play(IMPOSTOR, IMPOSTOR_EATEN, {"day": 1, "impostor": {"take": 3},
                                        "votes": V("- 0 0 - 0 0 - 0")})
    assert not g.alive(0)
    assert [(e.seat, e.role) for e in public(g, "died")] == [
        (0, "impostor"), (3, None), (0, "villager")]


def test_impostor_who_took_the_immortal_s_card_dies_for_good_all_the_same():
    deck = "impostor werewolf immortal villager villager villager werewolf villager"
    g = play(deck, IMPOSTOR_EATEN, {"day": 1, "impostor": {"take": 2},
                                    "votes": V("- 0 - 0 0 0 - 0")})
    assert g.cards[0] == "immortal" and not g.alive(0) and public(g, "lives_on") == []


def test_the_immortal_whose_card_the_impostor_took_does_not_live_on():
    deck = "impostor werewolf immortal villager villager villager werewolf villager"
    g = play(deck, IMPOSTOR_EATEN, {"day": 1, "impostor": {"take": 2}, "votes": NOBODY})
    assert not g.alive(2) and public(g, "lives_on") == []


def test_the_hunter_whose_card_the_impostor_took_does_not_shoot_the_impostor_does_at_his_death():
    g = play(IMPOSTOR, IMPOSTOR_EATEN, {"day": 1, "impostor": {"take": 4}, "votes": NOBODY})
    assert not g.alive(4) and public(g, "shot") == []
    g = play(IMPOSTOR, IMPOSTOR_EATEN, {"day": 1, "impostor": {"take": 4},
                                        "votes": V("- 0 0 0 - 0 - 0"), "hunter": {"shoot": 1}})
    (shot,) = public(g, "shot")
    assert (shot.seat, shot.by) == (1, 0)


def test_impostor_who_took_the_lost_soul_s_card_stays_as_her_at_his_second_death():
    # "(sauf s'il s'agit de l'Ame en peine...)"
    from onenight.classic.roles.compendium import soul_ready
    deck = "impostor werewolf lost_soul villager villager villager werewolf villager"
    g = play(deck, IMPOSTOR_EATEN, {"day": 1, "impostor": {"take": 2}, "votes": NOBODY})
    assert soul_ready(g) is None  # the player she was taken from is no lost soul
    g = play(deck, IMPOSTOR_EATEN, {"day": 1, "impostor": {"take": 2},
                                    "votes": V("- 0 - 0 0 0 - 0")})
    assert not g.alive(0) and soul_ready(g) == 0


def test_the_lover_of_the_player_the_impostor_took_from_dies_of_grief():
    deck = "impostor werewolf cupid villager villager villager werewolf villager"
    g = play(deck, {"night": 1, "cupid": {"lovers": [3, 5]}, "werewolves": {"victim": 0}},
             {"day": 1, "impostor": {"take": 3}, "votes": NOBODY})
    assert deaths(g) == [(0, "werewolves"), (3, "impostor"), (5, "grief")]


def test_impostor_names_another_living_player():
    g = play(IMPOSTOR, IMPOSTOR_EATEN, {"day": 1})
    assert g.stop.step == "impostor" and g.stop.required
    with pytest.raises(IllegalChoice, match="another living player"):
        apply(g, Seat(0))
    with pytest.raises(IllegalChoice, match="must name the living player"):
        apply(g)
    g = apply(g, Seat(5))
    assert g.stop.step == "impostor_card" and g.stop.woken == (0,)


def test_impostor_not_killed_takes_nothing():
    assert "no impostor was killed here" in err(
        IMPOSTOR, {"night": 1, "werewolves": {"victim": 3}},
        {"day": 1, "impostor": {"take": 2}, "votes": NOBODY})


def test_impostor_who_took_the_wild_child_s_card_turns_when_the_model_dies():
    from onenight.classic.sides import side
    deck = "impostor werewolf wild_child villager villager villager werewolf villager"
    g = play(deck, {"night": 1, "wild_child": {"model": 3}, "werewolves": {"victim": 0}},
             {"day": 1, "impostor": {"take": 2}, "votes": NOBODY},
             {"night": 2, "werewolves": {"victim": 3}}, {"day": 2})
    assert g.cards[0] == "wild_child" and not g.alive(3)
    assert side(g, 0) == "werewolves"
