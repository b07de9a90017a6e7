"""Seed 000's Astrologue: his three eclipses, in their order, change the shape of the phases
(docs/rules-decisions-classic.md, "The Astrologue")."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from onenight.classic import (Kind, Options, Potions, Seat, Votes, Yes, apply, new_game, outcome, replay,
                              to_record)
from onenight.classic.calls import eclipses, night_calls
from onenight.classic.roles.astrologer import POWERS

from .helpers import V, err, play, public, told
from .test_properties import SETTINGS, game_holding, moves

#: The astrologer at seat 0; the werewolves at seats 1 and 6; a seer, a witch, a hypnotist.
SEATS = "astrologer werewolf seer villager villager witch werewolf hypnotist"
EYES = {"astrologer": {"eclipse": True}}
NOBODY = V("- - - - - - - -")


def walk(picks: dict, until: str, seats: str = SEATS):
    """Play from the deal, choosing nothing but ``picks`` ((phase, step): choice; every vote
    blank), to the first stop of phase ``until``; the game, and every stop gone through."""
    g = new_game(seats.split(), options=Options(captain="never"))
    stops = []
    while g.stop is not None and g.phase.label != until:
        key = (g.phase.label, g.stop.step)
        stops.append(key)
        choice = picks.get(key)
        if choice is None and g.stop.kind is Kind.VOTES:
            choice = Votes((None,) * g.players)
        g = apply(g, choice)
    return g, stops


def test_astrologers_three_powers_come_in_their_fixed_order_one_a_night():
    assert POWERS == ("lunar_eclipse", "solar_eclipse", "moonless_night")
    g, _ = walk({("night 1", "astrologer"): Yes(), ("night 3", "astrologer"): Yes(),
                 ("night 4", "astrologer"): Yes()}, "night 5")
    assert [e.kind for e in told(g, 0) if e.kind in POWERS] == list(POWERS)


def test_lunar_eclipse_the_next_night_does_not_happen_two_days_two_votes_in_a_row():
    g = play(SEATS, {"night": 1, **EYES, "werewolves": {"victim": 3}},
             {"day": 1, "votes": V("4 4 4 - - 4 4 4")},
             {"day": 2, "votes": V("7 7 7 - - 7 7 -")})
    assert list(g.phases) == ["night 1", "day 1", "day 2", "night 3"]
    assert [d.seat for d in g.deaths] == [3, 4, 7]
    # the second day's morning resolves nothing: it tells the table the night did not happen
    assert [e.phase for e in public(g, "lunar_eclipse")] == ["day 2"]
    assert [e.seat for e in public(g, "died") if e.phase == "day 2"] == [7]


def test_lunar_eclipse_is_public_only_when_it_takes_effect():
    g = play(SEATS, {"night": 1, **EYES}, {"day": 1})
    assert public(g, "lunar_eclipse") == [] and g.stop.step == "votes"
    # nobody but him is told what he chose
    assert {e.to for e in g.log if e.step == "astrologer"} == {(0,)}


def test_solar_eclipse_cuts_the_rest_of_the_night_and_the_day_then_a_new_night_begins():
    picks = {("night 1", "astrologer"): Yes(), ("night 3", "astrologer"): Yes(),
             ("night 3", "werewolves"): Seat(3), ("night 4", "werewolves"): Seat(4)}
    g, stops = walk(picks, "day 4")
    assert list(g.phases) == ["night 1", "day 1", "day 2", "night 3", "night 4", "day 4"]
    # "le tour de l'Hypnotiseur … [est] donc supprimé pour cette première nuit"
    assert ("night 3", "hypnotist") not in stops and ("night 4", "hypnotist") in stops
    # the table is told as the new night begins
    assert stops[stops.index(("night 4", "dusk")) + 1] == ("night 4", "solar_eclipse")
    assert [e.phase for e in public(g, "solar_eclipse")] == ["night 4"]


def test_solar_eclipse_the_dead_of_both_nights_are_announced_together_at_the_second_dawn():
    picks = {("night 1", "astrologer"): Yes(), ("night 3", "astrologer"): Yes(),
             ("night 3", "werewolves"): Seat(3), ("night 4", "werewolves"): Seat(4)}
    g, _ = walk(picks, "night 4")
    # the first night's dead took effect, and nobody was told
    assert 3 in g.dead and public(g, "died") == []
    g, _ = walk(picks, "night 5")
    assert [(e.phase, e.step, e.seat) for e in public(g, "died")] == [
        ("day 4", "dawn", 3), ("day 4", "dawn", 4)]


def test_solar_eclipse_the_first_nights_dead_are_called_no_more():
    picks = {("night 1", "astrologer"): Yes(), ("night 3", "astrologer"): Yes(),
             ("night 3", "werewolves"): Seat(2)}
    g, stops = walk(picks, "day 4")
    assert ("night 4", "seer") not in stops  # the dead seer's call is not opened


def test_solar_eclipse_whose_dead_end_the_game_lets_the_dawn_come():
    seats = "astrologer werewolf witch villager"
    picks = {("night 1", "astrologer"): Yes(), ("night 3", "astrologer"): Yes(),
             ("night 3", "witch"): Potions(poison=1)}
    g, _ = walk(picks, "night 9", seats)
    assert g.verdict is not None and g.verdict.side == "village"
    assert list(g.phases)[-2:] == ["night 3", "day 3"]
    assert [e.seat for e in public(g, "died") if e.phase == "day 3"] == [1]


def test_moonless_night_the_pack_is_not_called_the_rest_of_the_night_goes_on():
    picks = {("night 1", "astrologer"): Yes(), ("night 3", "astrologer"): Yes(),
             ("night 4", "astrologer"): Yes()}
    g, stops = walk(picks, "day 5")
    night5 = [s for p, s in stops if p == "night 5"]
    assert night5[:2] == ["dusk", "moonless_night"] and "seer" in night5
    assert "werewolves" not in night5 and "werewolves" in [s for p, s in stops if p == "night 4"]
    assert [e.phase for e in public(g, "moonless_night")] == ["night 5"]
    assert "not called on night 5" in err(
        SEATS, {"night": 1, **EYES}, {"day": 1, "votes": NOBODY}, {"day": 2, "votes": NOBODY},
        {"night": 3, **EYES}, {"night": 4, **EYES}, {"day": 4, "votes": NOBODY},
        {"night": 5, "werewolves": {"victim": 3}})


def test_astrologer_is_no_longer_called_once_his_three_powers_are_used():
    picks = {("night 1", "astrologer"): Yes(), ("night 3", "astrologer"): Yes(),
             ("night 4", "astrologer"): Yes()}
    g, stops = walk(picks, "day 6")
    assert {p for p, s in stops if s == "astrologer"} == {"night 1", "night 3", "night 4"}
    assert ("night 6", "werewolves") in stops  # the moon is back


def test_astrologer_saying_no_uses_nothing():
    g, stops = walk({}, "day 2")
    assert list(g.phases) == ["night 1", "day 1", "night 2", "day 2"]
    assert ("night 2", "astrologer") in stops
    assert [e for e in g.log if e.step == "astrologer"] == []


def test_the_eclipses_calls_come_from_what_the_table_was_told():
    deck = SEATS.split()
    assert night_calls(deck, 4) == ("dusk", "seer", "werewolves", "witch", "astrologer",
                                    "hypnotist", "hypnotized")
    assert night_calls(deck, 4, eclipses=("solar_eclipse",))[:2] == ("dusk", "solar_eclipse")
    assert night_calls(deck, 5, eclipses=("moonless_night", "eclipses_spent")) == (
        "dusk", "moonless_night", "seer", "witch", "hypnotist", "hypnotized")
    g, _ = walk({("night 1", "astrologer"): Yes(), ("night 3", "astrologer"): Yes()},
                "night 4")
    assert eclipses(g) == {"eclipses": ("solar_eclipse",)}


@SETTINGS
@given(st.integers(0, 2 ** 32 - 1))
def test_random_games_with_the_astrologer_keep_the_phases_shape_and_replay(seed):
    """Whole random games with the Astrologue in the deck: his powers come in their order,
    one a night; a night never follows a lunar eclipse's day, a day never a solar eclipse's
    night (unless its dead end the game), a moonless night never calls the pack; each game's
    record replays to the same outcome."""
    rng = random.Random(seed)
    g = game_holding("astrologer", rng)
    for before, _, g in moves(g, rng):
        pass
    used = [(e.phase, e.kind) for e in g.log if e.step == "astrologer" and e.kind in POWERS
            and e.to is not None]
    assert [k for _, k in used] == list(POWERS[:len(used)])
    assert len({p for p, _ in used}) == len(used)
    phases = list(g.phases)
    for phase, kind in used:
        n = int(phase.split()[1])
        later = phases[phases.index(phase) + 1:]
        if kind == "lunar_eclipse" and len(later) > 1:
            assert later[:2] == [f"day {n}", f"day {n + 1}"]
        if kind == "solar_eclipse" and later:
            assert later[0] == f"night {n + 1}" or (
                later == [f"day {n}"] and g.verdict is not None)
        if kind == "moonless_night":
            assert not any(e.phase == f"night {n + 1}" and e.step == "werewolves"
                           and e.kind == "chose" for e in g.log)
    assert outcome(replay(json.loads(json.dumps(to_record(g))))) == outcome(g)


def test_solar_eclipse_a_death_it_keeps_quiet_sets_nothing_off_before_the_dawn_tells_it():
    """The Québec Flanc-Mou's target devoured in the solar eclipse's night: he takes the card
    the night after the dawn that names the dead, not the night the table still knows
    nothing of it (a bug random games found: he entered the game one night early)."""
    seats = "astrologer werewolf flanc_mou villager werewolf villager villager seer"
    picks = {("night 1", "astrologer"): Yes(), ("night 3", "flanc_mou"): Seat(7),
             ("night 3", "werewolves"): Seat(7), ("night 3", "astrologer"): Yes()}
    g, _ = walk(picks, "day 5", seats)
    died = next(i for i, e in enumerate(g.log) if e.kind == "died" and e.seat == 7)
    entered = [i for i, e in enumerate(g.log) if e.kind == "flanc_mou_enters"]
    assert g.log[died].phase == "day 4" and entered and min(entered) > died
    assert {g.log[i].phase for i in entered} == {"night 5"}
    assert g.death_of(7).day == 4  # the dawn that tells it
