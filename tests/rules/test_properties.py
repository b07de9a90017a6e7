"""Property tests over random decks and random legal choices."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from onenight.rules.cards import ARTIFACT_IDS, ROLE, ROLES, WEREWOLF_CARDS, Team
from onenight.rules.night import (apply_step, deal, legal_choices, shuffle_artifacts, shuffle_deal,
                                 table_from_json, table_to_json)
from onenight.rules.outcome import resolve
from onenight.rules.record import adjudicate, step_choice_to_json
from onenight.rules.scenarios import check_deck, default_alpha_center
from onenight.rules.steps import night_steps
from onenight.rules.views import view_for

POOL = [r.id for r in ROLES for _ in range(r.box_copies)]


@st.composite
def games(draw):
    """A random legal deal, a random legal night, random legal votes, as a record and table."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    players = rng.randint(3, 10)
    pool = list(POOL)
    while True:
        rng.shuffle(pool)
        deck = pool[: players + 3]
        alpha = default_alpha_center(deck) if "alpha_wolf" in deck else None
        if check_deck(deck, players, alpha).ok:
            break
    arts = list(ARTIFACT_IDS)
    rng.shuffle(arts)
    t = deal(deck[:players], deck[players:], alpha, arts)
    night = {}
    shields_at = []
    for step in night_steps(t.deck):
        options = legal_choices(t, step)
        choice = rng.choice(options)
        before = t
        t = apply_step(t, step, choice)
        shields_at.append((before, t))
        if choice is not None:
            night[step.id] = step_choice_to_json(step.id, choice, t.copied)
    votes = [rng.choice([s for s in range(players) if s != i]) for i in range(players)]
    rec = {"format": "onenight-game/1", "seats": deck[:players], "center": deck[players:],
           "artifacts": arts, "night": night, "votes": votes}
    if alpha:
        rec["alpha_center"] = alpha
    return rec, t, shields_at


SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(games())
def test_cards_are_never_created_or_lost(g):
    rec, t, _ = g
    before = Counter(rec["seats"] + rec["center"] + ([rec["alpha_center"]] if "alpha_center"
                                                     in rec else []))
    after = Counter(t.seats + t.center + ((t.alpha_center,) if t.alpha_center else ()))
    assert before == after


@SETTINGS
@given(games())
def test_shielded_cards_never_move(g):
    _, _, history = g
    for before, after in history:
        for s in before.shields:
            assert after.seats[s] == before.seats[s]


@SETTINGS
@given(games())
def test_replaying_the_record_gives_the_same_table_and_result(g):
    rec, t, _ = g
    out = adjudicate(rec)
    assert out["final"]["seats"] == list(t.seats)
    assert out["final"]["center"] == list(t.center)
    assert out["roles"] == list(t.roles())
    assert adjudicate(rec) == out


@SETTINGS
@given(games())
def test_the_table_round_trips_through_json(g):
    _, t, _ = g
    data = json.loads(json.dumps(table_to_json(t)))
    assert table_from_json(data) == t


def test_a_seeded_deal_replays_exactly():
    deck = ["werewolf", "seer", "robber", "villager", "troublemaker", "drunk", "insomniac"]
    a = shuffle_deal(deck, 4, random.Random(9)), shuffle_artifacts(random.Random(9))
    b = shuffle_deal(deck, 4, random.Random(9)), shuffle_artifacts(random.Random(9))
    assert a == b
    assert sorted(a[0][0] + a[0][1]) == sorted(deck)


@SETTINGS
@given(games())
def test_winners_are_exactly_the_winning_teams(g):
    rec, _, _ = g
    out = adjudicate(rec)
    expected = set()
    for i, team in enumerate(out["teams"]):
        if team == "tanner":
            if i in out["dead"]:
                expected.add(i)
        elif team in out["winning_teams"]:
            expected.add(i)
    assert set(out["winners"]) == expected
    if any(tm == "tanner" and i in out["dead"] for i, tm in enumerate(out["teams"])):
        assert "tanner" in out["winning_teams"]


@SETTINGS
@given(games())
def test_a_seat_only_learns_about_its_own_steps(g):
    _, t, _ = g
    for seat in range(t.players):
        v = view_for(t, seat)
        assert v.dealt == t.dealt[seat]
        for fact in v.seen:
            # every fact a seat learned comes from a step it woke for
            if fact.step == "doppelganger" or fact.step.startswith("doppelganger_"):
                assert t.dealt[seat] == "doppelganger"


roles_st = st.lists(st.sampled_from([r.id for r in ROLES]), min_size=3, max_size=10)


@st.composite
def votes_for(draw):
    roles = draw(roles_st)
    n = len(roles)
    votes = [draw(st.sampled_from([s for s in range(n) if s != i])) for i in range(n)]
    return roles, votes


@settings(max_examples=500, deadline=None)
@given(votes_for())
def test_nobody_dies_when_nobody_has_more_than_one_vote(rv):
    roles, votes = rv
    o = resolve(roles, votes)
    if max(Counter(votes).values()) <= 1:
        assert o.dead == ()


@settings(max_examples=500, deadline=None)
@given(votes_for())
def test_protected_players_and_princes_never_die(rv):
    roles, votes = rv
    o = resolve(roles, votes)
    protected = {votes[i] for i, r in enumerate(roles) if r == "bodyguard"}
    princes = {i for i, r in enumerate(roles) if r == "prince"}
    assert not (set(o.dead) & (protected | princes))


@settings(max_examples=500, deadline=None)
@given(votes_for())
def test_every_vote_death_had_at_least_two_votes(rv):
    roles, votes = rv
    o = resolve(roles, votes)
    for d in o.deaths:
        if d.cause.value == "vote":
            assert d.votes >= 2
        else:
            assert roles[d.by] == "hunter" and votes[d.by] == d.seat


@settings(max_examples=500, deadline=None)
@given(votes_for())
def test_village_wins_iff_a_werewolf_died_when_there_are_werewolves(rv):
    roles, votes = rv
    o = resolve(roles, votes)
    if any(r in WEREWOLF_CARDS for r in roles):
        wolf_died = any(roles[s] in WEREWOLF_CARDS for s in o.dead)
        assert ("village" in o.winning_teams) == wolf_died
        tanner_died = any(ROLE[roles[s]].team is Team.TANNER for s in o.dead)
        assert ("werewolf" in o.winning_teams) == (not wolf_died and not tanner_died)
