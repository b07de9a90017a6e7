"""Properties of whole random games: random decks (presets and custom mixes of the whole cast),
random options, random legal choices at every stop, played to the end."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from onenight.classic import (CAST, Kind, Options, Seat, Votes, apply, ballot_options, deal,
                              legal_choices, new_game, outcome, replay, to_record, view_for)
from onenight.classic import camps, states, village
from onenight.classic.autoplay import random_choice
from onenight.classic.cast import CHARACTER, STEP
from onenight.classic.decks import PRESETS, check_deck
from onenight.classic.model import OUT_OF_PLAY, Use
from onenight.classic.roles.table_cards import TRAITS, spy_joins, spy_refusal
from onenight.classic.sides import (ally_of, counted, enemies_left, loses_dead, side,
                                    wolf, wolfish)
from onenight.classic.walk import is_called, use_power
from onenight.common.errors import IllegalChoice

from .helpers import random_buildings, random_notes

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SPECIALS = [c.id for c in CAST if c.id not in ("villager", "werewolf", "sister")]


def random_deck(rng: random.Random) -> tuple[list[str], int]:
    """A preset, or a custom mix: some werewolves, some special characters, villagers."""
    players = rng.randint(6, 18)
    if rng.random() < 0.4:
        preset = rng.choice([p for p in PRESETS if players in p.players()])
        return list(preset.deck(players)), players
    while True:
        deck = ["werewolf"] * rng.randint(1, max(1, players // 4))
        deck += rng.sample(SPECIALS, rng.randint(0, min(len(SPECIALS), players - len(deck))))
        if rng.random() < 0.3 and len(deck) + 2 <= players:
            deck += ["sister", "sister"]
        deck += ["villager"] * (players - len(deck))
        if "thief" in deck:
            deck += ["villager", "villager"]
        if check_deck(deck, players).ok:
            return deck, players


@st.composite
def games(draw):
    """A whole random game, and every stop it went through (game before, choice)."""
    rng = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    deck, players = random_deck(rng)
    seats, left = deal(deck, players, rng)
    options = Options(rng.choice(["first_morning", "before_first_night", "never"]),
                      rng.random() < 0.5)
    g = new_game(seats, left, options, random_buildings(rng, players), random_notes(seats, left))
    history = []
    while g.stop is not None:
        assert len(history) < 5000, "the game does not end"
        powers = village.day_powers(g)
        if powers and rng.random() < 0.3:  # Le Village: a day power, while the village debates
            p = rng.choice(powers)
            history.append((g, p))
            g = use_power(g, p)
            continue
        c = random_choice(g, rng)
        history.append((g, c))
        g = apply(g, c)
    return g, history



@SETTINGS
@given(games())
def test_the_dead_never_act_or_vote(gh):
    g, history = gh
    for before, c in history:
        stop = before.stop
        last_breath = stop.step in ("hunter", "successor", "fanatic")
        # the dead players who choose at night: the first devoured names the werewolf the
        # trapper's trap caught ("le premier joueur qui a été dévoré … choisit le Loup-Garou"),
        # and seed 000's crow lays his card the night after his death
        first_devoured = stop.step in ("trapped", "crow")
        for s in stop.deciders:
            assert before.alive(s) or (last_breath and s in stop.among) or first_devoured, \
                (stop, s)
        if isinstance(c, Votes):
            assert all(b is None for s, b in enumerate(c.ballots) if not before.alive(s))
        if stop.phase.is_night and stop.kind is not Kind.NONE and not first_devoured:
            assert all(before.alive(s) for s in stop.woken)


@SETTINGS
@given(games())
def test_the_living_count_only_goes_down(gh):
    g, history = gh
    counts = [len(before.living()) for before, _ in history] + [len(g.living())]
    assert all(a >= b for a, b in zip(counts, counts[1:]))


@SETTINGS
@given(games())
def test_the_game_ends_within_players_plus_one_rounds_of_deaths(gh):
    g, history = gh
    assert g.verdict is not None
    # (the deaths that eliminated: seed 000's Immortel, killed, may live on)
    rounds_with_deaths = {g.death_of(s).day for s in g.dead}
    assert len(rounds_with_deaths) <= g.players + 1
    # the game never goes on past a win check (after the dawn, after the vote) with one
    # player or none alive
    for before, _ in history:
        if before.stop.step in ("debate", "dusk") and before.phase.number > 0:
            assert len(before.living()) >= 2, before.stop


@SETTINGS
@given(games())
def test_replaying_a_games_own_record_gives_the_same_outcome(gh):
    g, _ = gh
    record = json.loads(json.dumps(to_record(g)))
    again = replay(record)
    assert outcome(again) == outcome(g)
    assert to_record(again) == record


@SETTINGS
@given(games())
def test_every_winner_set_is_consistent_with_section_7(gh):
    g, _ = gh
    v = g.verdict
    living = g.living()
    # the evil spirit's enemies, both alive at the end, are eliminated: they win nothing
    hated = set(enemies_left(g))
    # the Québec booklet's Guenilloux wins only alive: dead, he is left out as they are
    hated |= {s for s in range(g.players) if loses_dead(g, s)}
    # the Québec couple (the Entremetteuse's) wins only both in play: a lover who died, and
    # the one left, win nothing, even with a side that wins without living (the assassin's)
    pair = states.amants(g)
    if pair and not all(g.alive(s) for s in pair):
        hated |= set(pair)
    winners = set(v.winners)
    assert not winners & hated
    sides = [side(g, s) for s in range(g.players)]
    if v.side == "nobody":
        assert not living and not winners
    elif v.side in ("angel", "pied_piper", "white_werewolf", "assassin",
                    "cassandra", "wendigo", "lone_wolf", "bonhomme",
                    "were_squirrel"):
        (w,) = winners | (set(v.seats) & hated)
        assert sides[w] == v.side
    elif v.side == "fanatic":  # seed 000's, voted out naming every werewolf: his lover too
        (hero,) = v.seats
        assert hero in winners | hated and winners - {hero} <= set(g.lovers or ())
    elif v.side == "lovers":  # cupid's couple, or the Québec one (the Entremetteuse's)
        pair = g.lovers if g.lovers and set(g.lovers) == set(living) else states.amants(g)
        assert winners | hated >= set(pair) == set(living)
        assert wolfish(g, pair[0]) != wolfish(g, pair[1])
    elif v.side == "village":
        assert not any(wolfish(g, s) for s in living)
        assert winners == set(states.couple_wins(
            g, (s for s in range(g.players) if sides[s] == "village"))) - hated
    else:
        # the werewolves' side and their allies (the traitor) are the only ones alive, and
        # no legendary enemy who forbids their win (the Wendigo)
        assert not any(sides[s] == "wendigo" for s in living)
        # (the Québec lone wolf stands aside while a wolf of the pack lives, and loses; the
        # Québec Flanc-Mou who took no card is counted on no side)
        assert v.side == "werewolves" and all(wolfish(g, s) or ally_of(g, s) == "werewolves"
                                              or camps.aside(g, s) or not counted(g, s)
                                              for s in living)
        assert winners == set(states.couple_wins(
            g, (s for s in range(g.players) if sides[s] == "werewolves"))) - hated
    # lovers of different sides never win with their old sides
    if g.lovers and sides[g.lovers[0]] == "lovers":
        assert v.side == "lovers" or not winners & set(g.lovers)


@SETTINGS
@given(games())
def test_every_legal_choice_is_taken_and_every_stop_is_a_called_step(gh):
    _, history = gh
    for before, _ in history[:80]:
        stop = before.stop
        if stop.kind is Kind.VOTES:
            for s in range(before.players):
                assert ballot_options(before, s)[0] is None
            continue
        for p in village.day_powers(before):
            use_power(before, p)  # never raises
        legal = legal_choices(before)
        for c in legal:
            apply(before, c)  # never raises
        if stop.kind is Kind.NONE:
            continue
        if stop.kind is Kind.SEAT and not stop.for_show:  # and what is not listed is refused
            for s in range(before.players):
                try:
                    apply(before, Seat(s))
                except IllegalChoice:
                    assert Seat(s) not in legal, (stop, s)
                else:
                    assert Seat(s) in legal, (stop, s)
        if not stop.for_show and not stop.required:
            assert legal_choices(before)[0] is None


@SETTINGS
@given(games())
def test_a_seat_only_knows_what_it_was_told(gh):
    g, history = gh
    for before, _ in history[::7]:
        for seat in range(before.players):
            v = view_for(before, seat)
            assert all(e.to is None or seat in e.to for e in v.known)
            if v.stop is not None:
                assert seat in before.stop.woken


@SETTINGS
@given(games())
def test_the_walk_calls_only_steps_whose_players_live(gh):
    _, history = gh
    for before, _ in history:
        step = STEP[before.stop.step]
        if step.role and step.when.id != "on_demand" and step.called is None:
            assert is_called(before, step)
            # or his card was taken out of play (the priest's blessing): called for show
            assert before.holder(step.role) is not None or (
                before.stop.for_show and step.role in before.memo.get(OUT_OF_PLAY, ()))


def moves(g, rng: random.Random):
    """A game played at random to its end: (the game before, the choice, the game after) at
    each of its stops."""
    while g.stop is not None:
        c = random_choice(g, rng)
        before, g = g, apply(g, c)
        yield before, c, g


def game_holding(card: str, rng: random.Random):
    """A new random game whose deal gives ``card`` to a seat (a villager's card turned into it
    when the deck has none; never among the thief's two cards left over)."""
    while True:
        deck, players = random_deck(rng)
        if card not in deck and "villager" in deck:
            deck[deck.index("villager")] = card
        if card in deck and check_deck(deck, players).ok:
            break
    seats, left = deal(deck, players, rng)
    while card not in seats:
        seats, left = deal(deck, players, rng)
    return new_game(seats, left, Options(rng.choice(["first_morning", "never"])),
                    random_buildings(rng, players), random_notes(seats, left))


@SETTINGS
@given(st.integers(0, 2 ** 32 - 1))
def test_a_flanc_mou_takes_the_card_his_target_left_with_once_and_the_village_hears_it(seed):
    """Whole random games with the Québec Flanc-Mou in the deck: his card changes at most
    once, at a dusk, to the card shown at his target's death the day before, while the whole
    table hears that night (and only then) that he has chosen his side; each game's record
    replays to the same outcome."""
    rng = random.Random(seed)
    g = game_holding("flanc_mou", rng)
    me = g.dealt.index("flanc_mou")
    changes = []
    for before, _, g in moves(g, rng):
        bitten = any(e.kind == "bitten_becomes" and e.seat == me for e in g.log[len(before.log):])
        if g.cards[me] != before.cards[me] and before.stop.step != "priest" and not bitten:
            # (the priest's blessing turns a card into a villager's: seed 000's rule; a bite
            # that turns him makes his card a werewolf's: the Québec infection)
            changes.append((before.stop.step, g.phase.label, g.cards[me]))
    heard = [e.phase for e in g.log if e.kind == "flanc_mou_enters"]
    assert len(changes) <= 1 and heard == [p for _, p, _ in changes]
    for step, phase, card in changes:
        target = g.death_of(g.memo.get("flanc_mou.target"))
        assert step == "dusk" and phase == f"night {target.day + 1}" and card == target.card
    assert outcome(replay(json.loads(json.dumps(to_record(g))))) == outcome(g)


@SETTINGS
@given(st.integers(0, 2 ** 32 - 1))
def test_the_entremetteuses_couple_lives_leaves_and_wins_together(seed):
    """Whole random games with the Québec Entremetteuse in the deck: her couple forms unless
    the philtre is refused; its call is made every night from her pick, for show exactly
    when no couple is in play; a lover's death takes the other in the same phase (unless he
    escapes it); only a lover's escapade infects, and only a wolf's or an infected host's
    partner; alive at the end, both win or neither; each game's record replays."""
    rng = random.Random(seed)
    g = game_holding("entremetteuse", rng)
    for before, c, g in moves(g, rng):
        if before.stop.step == "amants":
            pair = states.amants(before)
            assert before.stop.for_show == (
                pair is None or not all(before.alive(s) for s in pair))
            for e in g.log[len(before.log):]:
                if e.kind == "infected" and e.step == "amants":
                    other = states.amant_of(g, e.seat)
                    assert isinstance(c, Seat) and other is not None and (
                        wolfish(before, other) or c.seat == other)
    pair = states.amants(g)
    if pair is not None:
        a, b = (g.death_of(s) for s in pair)
        if a is not None and b is not None:
            # the first to leave took the other the same day (seed 000's Immortel killed by
            # grief lives on: one of his deaths is that day)
            days = {s: {d.day for d in g.deaths if d.seat == s} for s in pair}
            assert a.day in days[b.seat] or b.day in days[a.seat] \
                or any(e.kind == "escaped" for e in g.log)
        if g.verdict is not None and all(g.alive(s) for s in pair) \
                and not any(s in enemies_left(g) for s in pair):
            assert len(set(pair) & set(g.verdict.winners)) in (0, 2)
    assert outcome(replay(json.loads(json.dumps(to_record(g))))) == outcome(g)


@SETTINGS
@given(st.integers(0, 2 ** 32 - 1))
def test_the_belle_creature_stays_out_of_the_pack_and_learns_only_from_last_nights_seduction(seed):
    """Whole random games with the Québec Belle Créatûre in the deck: she never wakes with the
    pack while her card is hers and she is no werewolf, never loves; what her seduction tells
    her comes the night after one, about that night's target (a wolf, or nothing) when it
    names him; a jilted lover dies only the night after his partner was seduced; each game's
    record replays to the same outcome."""
    rng = random.Random(seed)
    g = game_holding("belle_creature", rng)
    me = g.dealt.index("belle_creature")
    for before, _, g in moves(g, rng):
        if before.stop.step == "werewolves" and before.cards[me] == "belle_creature" \
                and not wolfish(before, me):
            assert me not in before.stop.woken
        pair = states.amants(g)
        assert not (pair and me in pair and g.cards[me] == "belle_creature")
    seduced = {e.phase: e.value["seduce"] for e in g.log
               if e.kind == "chose" and e.step == "belle_creature"}

    def last_night(phase: str) -> str:
        return f"night {int(phase.split()[1]) - 1}"

    for e in g.log:
        if e.step == "belle_creature" and e.to == (me,) and e.kind not in ("chose", "memere_asked"):
            target = seduced.get(last_night(e.phase))
            assert target is not None, e
            if e.kind in ("seduced_wolf", "seduced_nothing"):
                assert e.seat == target
    for d in g.deaths:
        if d.cause == "abandoned":
            assert d.moment == "dawn" and f"night {d.day - 1}" in seduced
    assert outcome(replay(json.loads(json.dumps(to_record(g))))) == outcome(g)


@SETTINGS
@given(st.integers(0, 2 ** 32 - 1))
def test_the_mayors_character_cards_go_one_each_to_as_many_players_as_werewolf_cards(seed):
    """Whole random games with seed 000's Maire in the deck: before the preparation round the
    table draws as many different character cards as the deck holds werewolf cards (one per
    living player at most), shown to the Maire alone; he gives each to a different player;
    the whole table is told them at the first dawn and nowhere else, and they stay as given,
    whatever becomes of the cards; each game's record replays to the same outcome."""
    rng = random.Random(seed)
    g = game_holding("mayor", rng)
    me = g.dealt.index("mayor")
    for before, c, g in moves(g, rng):
        if before.stop.step == "mayor_cards" and not before.stop.for_show:
            wolves = sum(CHARACTER[card].camp == "werewolves" for card in before.dealt)
            assert before.stop.woken == () and set(c.powers) <= set(TRAITS)
            assert len(c.powers) == min(wolves, len(before.living()))
    drawn, gave = g.memo.get("mayor.drawn", ()), g.memo.get("mayor.given", ())
    assert [t for _, t in gave] == list(drawn) and len(set(drawn)) == len(drawn)
    assert len({s for s, _ in gave}) == len(gave)
    assert all(e.to == (me,) for e in g.log if e.kind == "mayor_cards")
    told_ = [e for e in g.log if e.kind == "trait"]
    assert all(e.to is None and e.phase == told_[0].phase for e in told_)
    assert [(e.seat, e.value) for e in told_] == list(gave)
    assert outcome(replay(json.loads(json.dumps(to_record(g))))) == outcome(g)


@SETTINGS
@given(st.integers(0, 2 ** 32 - 1))
def test_the_spy_wakes_with_others_calls_at_most_three_times_once_a_night(seed):
    """Whole random games with seed 000's Espion in the deck, who tries to wake with a random
    call now and then: he is taken only with a character's call that is not the pack's nor
    the crow's, at most once a night and three times a game, while he lives; nothing of it
    is told to any player; each game's record replays to the same outcome."""
    rng = random.Random(seed)
    g = game_holding("spy", rng)
    while g.stop is not None:
        if g.phase.is_night and rng.random() < 0.3:
            why = spy_refusal(g, g.stop.step)
            if why is None:
                g = spy_joins(g, g.stop.step)
            else:
                with pytest.raises(IllegalChoice):
                    spy_joins(g, g.stop.step)
        g = apply(g, random_choice(g, rng))
    uses = g.memo.get("spy.uses", ())
    assert len(uses) <= 3 and len({n for n, _ in uses}) == len(uses)
    for _, step in uses:
        role = STEP[step].role
        assert role and CHARACTER[role].camp != "werewolves" and step not in ("crow", "crow_die")
    assert all(e.to == () for e in g.log if e.kind == "spy_joined")
    record = json.loads(json.dumps(to_record(g)))
    assert outcome(replay(record)) == outcome(g) and to_record(replay(record)) == record


def test_an_illegal_choice_leaves_the_game_as_it_was():
    g = new_game("seer werewolf witch villager hunter villager werewolf villager".split())
    while g.stop.step != "werewolves":
        g = apply(g)
    before = g
    try:
        apply(g, Seat(6))
    except IllegalChoice:
        pass
    assert g == before and Counter(g.cards) == Counter(before.cards)


@SETTINGS
@given(st.integers(0, 2 ** 32 - 1))
def test_the_coureur_des_bois_power_fires_at_most_once_and_his_canoe_keeps_him_out_of_play(seed):
    """Whole random games with the Québec Coureur des Bois in the deck: he holds at most the
    one power he picked; his trap or his gun kills at most one wolf, of the pack's side or the
    Loup Solitaire, and the whole village hears his gun's one shot when it fired; his canoe keeps him from
    every call, ballot and choice of the first two nights and the first day; each game's
    record replays to the same outcome."""
    rng = random.Random(seed)
    g = game_holding("coureur", rng)
    me = g.dealt.index("coureur")
    for before, _, g in moves(g, rng):
        canoe = before.memo.get("coureur.canoe") == me and before.cards[me] == "coureur"
        if canoe and (before.phase.number == 1 or before.phase.label == "night 2"):
            if before.phase.is_night:
                assert me not in before.stop.deciders
                assert me not in {o.seat for o in legal_choices(before)
                                  if isinstance(o, (Seat, Use))}
            elif before.stop.kind is Kind.VOTES:
                assert ballot_options(before, me) == (None,)
                assert all(me not in ballot_options(before, s) for s in before.living())
    picked = g.memo.get("coureur.powers", ())
    assert len(picked) <= 1
    struck = [d for d in g.deaths if d.cause in ("wolf_trap", "blunderbuss")]
    assert len(struck) <= 1
    assert all(wolf(g, d.seat) for d in struck)
    shots = [e for e in g.log if e.kind == "blunderbuss"]
    assert len(shots) == ("blunderbuss" in g.memo.get("coureur.spent", ())) <= (
        "blunderbuss_right" in picked or "blunderbuss_left" in picked)
    assert all(e.to is None for e in shots)
    assert outcome(replay(json.loads(json.dumps(to_record(g))))) == outcome(g)


@SETTINGS
@given(st.integers(0, 2 ** 32 - 1))
def test_in_a_quebec_game_of_13_or_more_each_habitant_alone_receives_one_true_ragot(seed):
    """Whole random games of 13 players or more with a card of the Québec booklet: every seat
    dealt the plain villager's card (its Habitant) is told exactly one ragot, true of the
    deal and about another player, drawn before any call (a Habitant voted out on the
    angel's day before receives none); nobody else is told one by that draw; each game's
    record replays to the same outcome."""
    from onenight.classic.roles import ragots

    rng = random.Random(seed)
    quebec = [c.id for c in CAST if c.booklet == "002"]
    while True:
        deck, players = random_deck(rng)
        if players < 13 or "villager" not in deck:
            continue
        if not any(c in quebec for c in deck):
            deck[deck.index("villager")] = rng.choice(quebec)
        if "villager" in deck and check_deck(deck, players).ok:
            break
    seats, left = deal(deck, players, rng)
    g = new_game(seats, left, Options(rng.choice(["first_morning", "never"])),
                 notes=random_notes(seats, left))
    start = g
    for _, _, g in moves(start, rng):
        pass
    before = [d for d in g.deaths if d.day == 0]  # the angel's day before the first night
    habitants = [s for s, c in enumerate(seats) if c == "villager"
                 and s not in {d.seat for d in before}]
    if any(d.cause in CHARACTER[d.card].takes_powers for d in before) \
            or "night 1" not in g.phases:
        habitants = []  # the elder voted out took the villagers' powers, the ragots with
        # them; or the angel won on his day, before any night
    drawn = [e for e in g.log if e.step == "habitant_ragots" and e.kind.startswith("ragot_")]
    assert [e.to for e in drawn] == [(s,) for s in habitants]
    for seat in habitants:
        r = ragots.received(g, seat)[0]  # his first: the Habitant's (in seat order)
        assert seat not in r.seats and ragots.is_true(start, r)
    calls = {s.id for s in STEP.values() if "night" in s.phases and s.role and not s.chance}
    first_call = next((i for i, e in enumerate(g.log) if e.step in calls), len(g.log))
    assert all(g.log.index(e) < first_call for e in drawn)
    assert outcome(replay(json.loads(json.dumps(to_record(g))))) == outcome(g)


@SETTINGS
@given(st.integers(0, 2 ** 32 - 1))
def test_an_immortal_lives_on_till_he_draws_the_werewolf_card_and_the_table_hears_the_same(seed):
    """Whole random games with seed 000's Immortel in the deck: each time he is killed while
    his card keeps its power, his card is shown, he draws one of the two face-down cards and
    lives on, and the table hears the same whatever he drew; once he holds the werewolf card
    (or his power is lost), his next death is final. Each game's record replays."""
    rng = random.Random(seed)
    g = game_holding("immortal", rng)
    me = g.dealt.index("immortal")
    for before, c, g in moves(g, rng):
        if before.stop.step == "immortal":
            assert before.stop.among == (me,) and before.alive(me)
            assert g.cards[me] == ("immortal", "werewolf")[c.card]
            new = g.log[len(before.log):]
            assert [(e.kind, e.to) for e in new] == [("drew", (me,)), ("lives_on", None)]
        killed = [d for d in g.deaths[len(before.deaths):] if d.seat == me]
        for d in killed:
            if d.card != "immortal":
                assert not g.alive(me)
    shown = [e.role for e in g.log if e.kind == "died" and e.seat == me and e.to is None]
    back = [e for e in g.log if e.kind == "lives_on"]
    assert len(shown) - len(back) == (0 if g.alive(me) else 1)
    assert all(r == "immortal" for r in shown[:len(back)])
    assert outcome(replay(json.loads(json.dumps(to_record(g))))) == outcome(g)


@SETTINGS
@given(st.integers(0, 2 ** 32 - 1))
def test_an_impostor_takes_one_living_card_once_and_its_holder_leaves_unshown(seed):
    """Whole random games with seed 000's Imposteur in the deck: killed holding his card
    (its power kept), he is shown and names another living player in the room, whose card
    he takes (told to him alone) and who leaves at once with no card shown; at most once a
    game, and his next death is final. Each game's record replays."""
    rng = random.Random(seed)
    g = game_holding("impostor", rng)
    me = g.dealt.index("impostor")
    took = 0
    for before, c, g in moves(g, rng):
        if before.stop.step == "impostor":
            took += 1
            assert before.stop.among == (me,) and before.alive(me) and c.seat != me
            assert g.cards[me] == before.cards[c.seat] and not g.alive(c.seat)
            assert g.death_of(c.seat).cause == "impostor"
            new = g.log[len(before.log):]
            assert [(e.kind, e.to) for e in new[:2]] == [("took_card", (me,)), ("usurped", None)]
            assert all(e.role is None for e in new if e.kind == "died" and e.seat == c.seat)
    assert took <= 1
    mine = [d for d in g.deaths if d.seat == me]
    assert len(mine) <= 2 and (len(mine) < 2 or not g.alive(me))
    if took == 0 and mine:
        assert not g.alive(me)  # killed without taking a card: nobody left, or no power
    assert outcome(replay(json.loads(json.dumps(to_record(g))))) == outcome(g)
