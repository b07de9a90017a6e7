"""Seed 000's Transformiste, as the booklet's variant plays him: a plain villager until a
character's death feeds his pile; then, each night, the card drawn from it is the one he
holds until his next call (docs/rules-decisions-classic.md, "The Transformiste")."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from onenight.classic import (Kind, Options, Potions, Seat, Votes, apply, new_game, outcome,
                              replay, to_record)
from onenight.classic.calls import night_calls, shown_dead
from onenight.classic.model import Draw
from onenight.classic.roles.shapeshifter import EXCLUDED, feeds_the_pile, pile
from onenight.classic.sides import side
from onenight.classic.walk import legal_choices

from .helpers import public, told
from .test_properties import SETTINGS, game_holding, moves

#: The shapeshifter at seat 0; the werewolves at seats 1 and 4; a seer, a witch at seat 7.
SEATS = "shapeshifter werewolf seer villager werewolf villager villager witch"


def walk(picks: dict, until: str, seats: str = SEATS):
    """Play from the deal, choosing nothing but ``picks`` ((phase, step): choice; every vote
    blank), to the first stop of phase ``until``: the game, and every stop gone through."""
    g = new_game(seats.split(), options=Options(captain="never"))
    stops = []
    while g.stop is not None and g.phase.label != until:
        key = (g.phase.label, g.stop.step)
        stops.append((key, g.stop))
        g = apply(g, _choice(g, picks))
    return g, stops


def _choice(g, picks: dict):
    """The pick for the stop, else every vote blank, the first card of his pile, nothing."""
    choice = picks.get((g.phase.label, g.stop.step))
    if choice is None and g.stop.kind is Kind.VOTES:
        return Votes((None,) * g.players)
    if choice is None and g.stop.step == "shapeshifter_draw":
        return legal_choices(g)[0]
    return choice


def test_shapeshifter_is_a_plain_villager_not_called_before_a_death_feeds_his_pile():
    g, stops = walk({}, "day 2")
    assert not any(step.startswith("shapeshifter") for (_, step), _ in stops)
    assert g.cards[0] == "shapeshifter" and side(g, 0) == "village"
    assert "shapeshifter" not in night_calls(SEATS.split(), 2)


def test_shapeshifter_is_shown_a_dead_characters_card_and_plays_it_at_its_call():
    picks = {("night 1", "werewolves"): Seat(2), ("night 2", "seer"): Seat(1)}
    g, stops = walk(picks, "day 2")
    night2 = [(step, stop) for (p, step), stop in stops if p == "night 2"]
    steps = [s for s, _ in night2]
    assert steps.index("shapeshifter_draw") < steps.index("shapeshifter") < steps.index("seer")
    draw = dict(night2)["shapeshifter_draw"]
    assert draw.chance and draw.woken == ()
    assert dict(night2)["shapeshifter"].woken == (0,) and dict(night2)["seer"].woken == (0,)
    assert [(e.kind, e.role) for e in told(g, 0) if e.kind in ("shape", "saw")] == [
        ("shape", "seer"), ("saw", "werewolf")]
    assert g.cards[0] == "seer" and g.dealt[0] == "shapeshifter"
    # the calls the table hears: his, and the seer's while her card lies in his pile
    calls = night_calls(SEATS.split(), 2, shown_dead=["seer"])
    assert "shapeshifter" in calls and "seer" in calls


def test_shapeshifters_pile_leaves_out_the_werewolves_and_the_booklets_list():
    assert pile(["werewolf", "elder", "priest", "cupid", "seer", "witch", "seer"]) == (
        "seer", "seer", "witch")
    assert {"elder", "assassin", "astrologer", "cassandra", "pack_leader", "crow", "cupid",
            "detective", "woodsman", "pied_piper", "evil_spirit", "priest", "thief",
            "mayor"} <= EXCLUDED
    # left out as the booklet allows: the Espion's wakings end with his holder's death
    assert not feeds_the_pile("spy")
    # and the two whose power is their own death, which would be his again each night
    assert not feeds_the_pile("immortal") and not feeds_the_pile("impostor")
    assert not feeds_the_pile("big_bad_wolf") and not feeds_the_pile("white_werewolf")
    # a card of the first night only, or dealt in pairs, would give him nothing to play
    assert not feeds_the_pile("wild_child") and not feeds_the_pile("sister")


def test_shapeshifter_holding_the_witch_has_her_potions_whatever_she_spent():
    picks = {("night 1", "werewolves"): Seat(3), ("night 1", "witch"): Potions(heal=True),
             ("night 2", "werewolves"): Seat(7)}
    g, _ = walk(picks, "night 3")
    assert not g.alive(7) and g.alive(3)  # she healed, then was devoured
    g, stops = walk({**picks, ("night 3", "werewolves"): Seat(5)}, "day 3")
    witch = next(stop for (p, s), stop in stops if (p, s) == ("night 3", "witch"))
    assert witch.woken == (0,) and not witch.for_show
    assert Potions(heal=True) in legal_choices(_at(picks, "night 3", "witch"))


def _at(picks, phase, step):
    g = new_game(SEATS.split(), options=Options(captain="never"))
    picks = {**picks, ("night 3", "werewolves"): Seat(5)}
    while (g.phase.label, g.stop.step) != (phase, step):
        g = apply(g, _choice(g, picks))
    return g


def test_shapeshifter_killed_shows_the_card_he_held():
    picks = {("night 1", "werewolves"): Seat(2), ("night 2", "werewolves"): Seat(0)}
    g, _ = walk(picks, "night 3")
    assert [(e.seat, e.role) for e in public(g, "died")] == [(2, "seer"), (0, "seer")]


def test_shapeshifter_wins_by_the_held_cards_rule():
    seats = "shapeshifter werewolf traitor villager werewolf villager villager witch"
    g, _ = walk({("night 1", "werewolves"): Seat(2)}, "day 2", seats)
    assert g.cards[0] == "traitor" and side(g, 0) == "werewolves"


def test_a_draw_outside_the_pile_is_refused():
    g = _at({("night 1", "werewolves"): Seat(2)}, "night 2", "shapeshifter_draw")
    assert legal_choices(g) == [Draw("seer")]
    try:
        apply(g, Draw("witch"))
    except Exception as e:
        assert "pile" in str(e)
    else:
        raise AssertionError("a card outside his pile was drawn")


@SETTINGS
@given(st.integers(0, 2 ** 32 - 1))
def test_random_games_with_the_shapeshifter_hold_a_pile_card_and_replay(seed):
    """Whole random games with the Transformiste in the deck: each card he holds came from
    his pile (a dead character's card he may play), drawn at his call; at his death the
    card shown is the one he held; each game's record replays to the same outcome."""
    rng = random.Random(seed)
    g = game_holding("shapeshifter", rng)
    me = g.dealt.index("shapeshifter")
    for before, c, g in moves(g, rng):
        if g.cards[me] != before.cards[me] and before.stop.step != "priest":
            assert before.stop.step == "shapeshifter_draw" and c == Draw(g.cards[me])
            shown = [e.role for e in before.log if e.kind == "died" and e.to is None]
            assert g.cards[me] in shown and feeds_the_pile(g.cards[me])
    d = g.death_of(me)
    if d is not None:
        assert d.card == g.cards[me]
    assert outcome(replay(json.loads(json.dumps(to_record(g))))) == outcome(g)


def test_only_the_cards_of_players_out_of_the_game_feed_his_pile():
    # "Lors de la mort d'un personnage …, ajoutez immédiatement sa carte à ce tas": the
    # Imposteur killed is shown but plays on with the seer's card he took, and the seer's
    # holder leaves with no card shown; neither gives the Transformiste a card
    seats = "shapeshifter werewolf seer villager werewolf villager impostor witch"
    picks = {("night 1", "werewolves"): Seat(6), ("day 1", "impostor"): Seat(2)}
    g, stops = walk(picks, "day 2", seats)
    assert g.cards[6] == "seer" and g.alive(6) and not g.alive(2)
    assert not any(step.startswith("shapeshifter") for (_, step), _ in stops)
    assert pile(shown_dead(g)) == ()

