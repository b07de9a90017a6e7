"""The Québec booklet's Robineux (seed 002), one test per rule (docs/rules-decisions-classic.md,
"The Robineux"): the role drawn behind his card, his first night asleep, his second night's
choice, and his role for good after it."""

from __future__ import annotations

from onenight.classic import legal_choices, to_record
from onenight.classic.calls import night_calls
from onenight.classic.model import Draw, Seat, Side, Use
from onenight.classic.record import replay
from onenight.classic.roles import robineux
from onenight.classic.sides import lupin, side, wolf
from onenight.classic.walk import apply, is_called
from onenight.classic.cast import STEP

from .helpers import V, deaths, err, out, play, public, record, told, until

#: Seat 0 is the Robineux; 1 and 7 the werewolves; a seer in the deck (never drawn for him).
DECK = "robineux werewolf seer witch villager villager hunter werewolf"
#: No seer in the deck: he may be drawn her.
NO_SEER = "robineux werewolf villager witch villager villager hunter werewolf"
BLANK = V("- - - - - - - -")


def drawn(side_: str, card: str) -> dict:
    return {"robineux_side": {"side": side_}, "robineux_role": {"card": card}}


def night1(side_: str = "werewolves", card: str = "werewolf", **choices) -> dict:
    return {"night": 1, **drawn(side_, card), **choices}


def chose(seats: str, side_: str, card: str, power: str):
    """The game right after his choice on the second night (the first day: nobody out)."""
    g = until(play(seats, night1(side_, card), {"day": 1, "votes": BLANK}), "robineux")
    return apply(g, Use(power))


def drawn_at(seats: str, side_: str, card: str):
    """The game right after his draws, at the first night's next stop."""
    return apply(apply(play(seats), Side(side_)), Draw(card))


def test_robineux_side_is_drawn_first_one_chance_in_two_by_nobody():
    """"A toujours 1 chance sur 2 d'appartenir au camp des lupins": a chance stop as the first
    night opens, before its dusk, that wakes nobody, between the two sides."""
    g = play(DECK)
    assert g.stop.step == "robineux_side" and g.stop.chance and g.stop.woken == ()
    assert legal_choices(g) == [Side("village"), Side("werewolves")]


def test_robineux_role_is_drawn_among_the_buveur_roles_of_his_side():
    """"Tous les rôles qui indiquent "Buveur" dans leur descriptif sont éligibles": the
    lupins' Loup-Garou and Loup Gris; the village's Voyante, Memére, Fille de Chamane and
    Violoneux."""
    g = apply(play(NO_SEER), Side("werewolves"))
    assert g.stop.step == "robineux_role" and g.stop.chance
    assert legal_choices(g) == [Draw("werewolf"), Draw("grey_wolf")]
    g = apply(play(NO_SEER), Side("village"))
    assert legal_choices(g) == [Draw("seer"), Draw("memere"), Draw("shamans_daughter"),
                                Draw("violoneux")]


def test_robineux_is_never_drawn_a_card_of_one_copy_already_in_the_deck():
    """No second Voyante: a unique card of the deck is not drawn; a side with nothing left to
    draw is not drawn either."""
    g = apply(play(DECK), Side("village"))
    assert legal_choices(g) == [Draw("memere"), Draw("shamans_daughter"), Draw("violoneux")]
    both = "robineux werewolf seer violoneux shamans_daughter memere hunter werewolf"
    assert legal_choices(play(both)) == [Side("werewolves")]
    assert "drawn" in err(both, night1("village", "violoneux"))
    assert "drawn" in err(DECK, night1("village", "seer"))


def test_robineux_draws_are_kept_in_the_record_so_a_replay_draws_nothing():
    g = play(DECK, night1("werewolves", "grey_wolf"), {"day": 1, "votes": BLANK})
    assert g.memo.get(robineux.ROLE) == "grey_wolf" and g.memo.get(robineux.SIDE) == "werewolves"
    rec = to_record(g)
    assert rec["phases"][0]["robineux_side"] == {"side": "werewolves"}
    assert rec["phases"][0]["robineux_role"] == {"card": "grey_wolf"}
    again = replay(rec)
    assert again.memo.get(robineux.ROLE) == "grey_wolf" and to_record(again) == rec


def test_robineux_sleeps_the_first_night_and_the_pack_may_devour_him():
    """"Avant d'être révélé, un loup Robineux peut être dévoré par la meute": he does not wake
    with the pack, which is not shown him."""
    g = until(drawn_at(DECK, "werewolves", "werewolf"), "werewolves")
    assert set(g.stop.woken) == {1, 7}
    assert all(e.seat != 0 and 0 not in e.seats for s in (1, 7) for e in told(g, s))
    g = play(DECK, night1(werewolves={"victim": 0}), {"day": 1})
    assert deaths(g) == [(0, "werewolves")] and g.deaths[0].card == "robineux"


def test_robineux_none_of_his_roles_calls_wakes_him_on_the_first_night():
    g = play(NO_SEER, night1("village", "seer"))
    assert "seer" not in [e.step for e in g.log] and not told(g, 0)


def test_robineux_counts_with_his_drawn_side_from_the_start():
    """A lupin Robineux is a lupin (he wins with the werewolves' side) but no wolf yet."""
    g = play(DECK, night1())
    assert side(g, 0) == "werewolves" and lupin(g, 0) and not wolf(g, 0)
    g = play(DECK, night1("village", "violoneux"))
    assert side(g, 0) == "village" and not lupin(g, 0)
    # both werewolves gone (the witch's poison, then the vote): a lupin Robineux still asleep
    # loses with them
    o = out(DECK, night1(werewolves={"victim": 4}, witch={"poison": 7}),
            {"day": 1, "votes": V("1 - 1 1 - 1 1 -")})
    assert o["winning_side"] == "village" and 0 not in o["winners"] and o["ended"] == "day 1"


def test_robineux_lupin_counts_with_the_lupins_for_their_win():
    seats = "robineux werewolf werewolf villager villager witch"
    o = out(seats, night1(werewolves={"victim": 3}, witch={"poison": 4}),
            {"day": 1, "votes": V("5 5 5 - - 0")})
    assert o["winning_side"] == "werewolves" and 0 in o["winners"] and o["ended"] == "day 1"


def test_robineux_is_called_on_the_second_night_first_and_shown_his_role_alone():
    """"Durant la deuxième nuit, le joueur doit faire un choix": his call opens the usual
    round, before any call of the roles he may hold; he alone is shown his role."""
    g = until(play(DECK, night1("village", "violoneux"), {"day": 1, "votes": BLANK}),
              "robineux")
    assert g.stop.woken == (0,) and g.stop.required
    assert legal_choices(g) == [Use("hangover"), Use("sleep")]
    assert [(e.kind, e.role) for e in told(g, 0)] == [("robineux_role", "violoneux")]
    assert STEP["robineux"].order < min(STEP[s].order for s in ("seer", "werewolves",
                                                                  "violoneux", "grey_wolf"))
    assert "robineux" not in [e.step for e in play(DECK, night1()).log if e.kind == "chose"]


def test_robineux_must_choose_hangover_or_sleep():
    assert "hangover" in err(DECK, night1(), {"day": 1, "votes": BLANK},
                             {"night": 2, "robineux": {"power": "nap"}})
    assert "missing" in err(DECK, night1(), {"day": 1, "votes": BLANK}, {"night": 2},
                            {"day": 2})


def test_robineux_hangover_tells_the_village_his_role_at_once_and_exhausts_him():
    """"Gueule de Bois: Tout le village apprend immédiatement le rôle du Robineux, mais ce
    dernier devient épuisé pour la nuit": told at his call, to everyone (his role, not his
    seat); a wolf does not wake with the pack that night."""
    g = chose(DECK, "werewolves", "werewolf", "hangover")
    [e] = public(g, "robineux_hangover")
    g = until(g, "werewolves")
    assert e.phase == "night 2" and e.role == "werewolf" and e.seat is None
    assert g.cards[0] == "werewolf" and set(g.stop.woken) == {1, 7}


def test_robineux_restful_sleep_is_told_at_the_next_dawn():
    """"Sommeil Réparateur: On n'apprendra le rôle du Robineux que le lendemain.\""""
    g = play(DECK, night1("village", "violoneux"), {"day": 1, "votes": BLANK},
             {"night": 2, "robineux": {"power": "sleep"}}, {"day": 2})
    [e] = public(g, "robineux_revealed")
    assert e.phase == "day 2" and e.role == "violoneux" and g.cards[0] == "violoneux"
    assert not public(until(chose(DECK, "village", "violoneux", "sleep"), "werewolves"),
                      "robineux_revealed")


def test_robineux_wolf_restful_sleep_gives_the_pack_one_victim_more():
    """"Si c'est un loup, la meute pourra faire une victime additionelle cette nuit-là": he
    wakes with the pack, which names a second victim after its first."""
    head = (night1(), {"day": 1, "votes": BLANK}, {"night": 2, "robineux": {"power": "sleep"},
                                                    "werewolves": {"victim": 4}})
    g = until(apply(until(chose(DECK, "werewolves", "werewolf", "sleep"), "werewolves"),
                    Seat(4)), "robineux_pack")
    assert set(g.stop.woken) == {0, 1, 7}
    assert 4 not in [c.seat for c in legal_choices(g) if c is not None]
    g = play(DECK, *head[:2], {**head[2], "robineux_pack": {"victim": 5}}, {"day": 2})
    assert sorted(deaths(g)) == [(4, "werewolves"), (5, "werewolves")]


def test_robineux_second_victim_may_be_healed_by_the_witch():
    head = (night1(), {"day": 1, "votes": BLANK})
    g = play(DECK, *head, {"night": 2, "robineux": {"power": "sleep"}, "werewolves":
                           {"victim": 4}, "robineux_pack": {"victim": 5},
                           "witch": {"heal": 5}}, {"day": 2})
    assert deaths(g) == [(4, "werewolves")]


def test_robineux_seer_restful_sleep_looks_twice():
    """"il pourra exercer ses pouvoirs nocturnes en double": the Voyante looks twice."""
    g = play(NO_SEER, night1("village", "seer"), {"day": 1, "votes": BLANK},
             {"night": 2, "robineux": {"power": "sleep"}, "seer": {"view": 1},
              "robineux_seer": {"view": 7}})
    assert [(e.step, e.seat, e.role) for e in told(g, 0, "saw")] == [
        ("seer", 1, "werewolf"), ("robineux_seer", 7, "werewolf")]


def test_robineux_shamans_daughter_restful_sleep_protects_two_homes():
    """The Fille de Chamane's Patte de Loup doubled: a second home, not the first; the pack
    reaches neither, and the next night neither may be protected again ("Ne peut être
    utilisé deux nuits de suite sur la même personne")."""
    head = (night1("village", "shamans_daughter"), {"day": 1, "votes": BLANK})
    g = until(apply(until(chose(NO_SEER, "village", "shamans_daughter", "sleep"),
                          "shamans_daughter"), Seat(4)), "robineux_paw")
    assert g.stop.woken == (0,) and Seat(4) not in legal_choices(g)
    assert "another home" in err(NO_SEER, *head, {"night": 2, "robineux": {"power": "sleep"},
                                                  "shamans_daughter": {"protect": 4},
                                                  "robineux_paw": {"protect": 4}})
    night2 = {"night": 2, "robineux": {"power": "sleep"}, "shamans_daughter": {"protect": 4},
              "robineux_paw": {"protect": 5}, "werewolves": {"victim": 5}}
    g = play(NO_SEER, *head, night2, {"day": 2, "votes": BLANK})
    assert not g.deaths
    g = until(g, "shamans_daughter")
    assert {4, 5}.isdisjoint(c.seat for c in legal_choices(g) if c is not None)


def test_robineux_memere_restful_sleep_serves_or_pours_twice():
    """Her call made twice: a second soup (a Habitant she does not know yet, drawn before it),
    or a second tea."""
    head = (night1("village", "memere"), {"day": 1, "votes": BLANK})
    night2 = {"night": 2, "robineux": {"power": "sleep"}, "memere_soup": {"habitant": 4},
              "robineux_memere_soup": {"habitant": 5}, "robineux_memere": {"tea": 1}}
    g = play(NO_SEER, *head, night2)
    assert [(e.step, e.kind, e.seat) for e in told(g, 0) if e.kind in ("soup", "tea")] == [
        ("memere", "soup", 4), ("robineux_memere", "tea", 1)]
    g = play(NO_SEER, *head, {**night2, "robineux_memere": {}})
    assert [(e.step, e.seat) for e in told(g, 0, "soup")] == [
        ("memere", 4), ("robineux_memere", 5)]
    assert "does not know yet" in err(NO_SEER, *head, {**night2,
                                                       "robineux_memere_soup": {"habitant": 4}})


def test_robineux_doubled_calls_wake_nobody_without_a_restful_sleep():
    g = until(chose(NO_SEER, "village", "seer", "hangover"), "werewolves")
    assert not any(is_called(g, STEP[s]) for s in robineux.AGAIN)
    assert "is not called" in err(NO_SEER, night1(), {"day": 1, "votes": BLANK},
                                  {"night": 2, "robineux": {"power": "hangover"},
                                   "robineux_pack": {"victim": 4}})


def test_robineux_calls_give_nothing_away():
    """While his role is not told, the narrator makes the calls of every role he may hold, and
    on his second night the calls his doubled night may add."""
    deck = NO_SEER.split()
    first = night_calls(deck, 1)
    assert "seer" in first and "grey_wolf" in first and "robineux" not in first
    second = night_calls(deck, 2)
    assert [c for c in second if c.startswith("robineux") or c in (
        "seer", "memere", "shamans_daughter", "werewolves")] == [
        "robineux", "seer", "robineux_seer", "memere", "robineux_memere", "shamans_daughter",
        "robineux_paw", "werewolves", "robineux_pack"]
    assert "robineux_seer" not in night_calls(DECK.split(), 2)  # the seer is dealt: not his
    assert "grey_wolf" not in night_calls(deck, 3, robineux_role="seer")
    assert "seer" in night_calls(deck, 3, robineux_role="seer")
    assert "robineux_pack" not in night_calls("seer werewolf villager".split(), 2)


def test_robineux_grey_wolf_starts_fait_fort_when_he_sobers_up():
    from onenight.classic import states

    g = play(DECK, night1("werewolves", "grey_wolf"), {"day": 1, "votes": BLANK},
             {"night": 2, "robineux": {"power": "sleep"}})
    assert g.cards[0] == "grey_wolf" and states.strong(g, 0)


def test_robineux_is_his_role_for_good_after_his_choice():
    """A wolf joins the pack and wakes with it; his card is his role, at his death too."""
    g = play(DECK, night1(), {"day": 1, "votes": BLANK},
             {"night": 2, "robineux": {"power": "hangover"}}, {"day": 2, "votes": BLANK})
    g = until(g, "werewolves")
    assert g.phase.number == 3 and set(g.stop.woken) == {0, 1, 7} and side(g, 0) == "werewolves"
    phases = (night1(), {"day": 1, "votes": BLANK},
              {"night": 2, "robineux": {"power": "hangover"}},
              {"day": 2, "votes": V("1 0 0 0 0 0 0 0")})
    assert play(DECK, *phases).deaths[-1].card == "werewolf"
    assert out(DECK, *phases)["cards"][0] == "werewolf"


def test_robineux_dead_before_his_choice_is_never_revealed():
    g = play(DECK, night1(werewolves={"victim": 0}), {"day": 1, "votes": BLANK}, {"night": 2},
             {"day": 2})
    assert "robineux" not in [e.step for e in g.log if e.phase == "night 2"]
    assert not public(g, "robineux_revealed") and not public(g, "robineux_hangover")


def test_robineux_record_without_the_draws_is_refused():
    assert "missing" in err(DECK, {"night": 1, "werewolves": {"victim": 4}}, {"day": 1})
    rec = record(DECK, night1())
    assert replay(rec).memo.get(robineux.ROLE) == "werewolf"
