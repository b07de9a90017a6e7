"""Any sequence of events, however wrong, is either applied or refused with a code: the
controller never raises anything else and never leaves its phase table."""

import datetime as dt
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from onenight.game.controller import Controller, Refused
from onenight.game.phases import FLOWS, PHASE, TABLET_PHASE
from onenight.game.clock import FakeClock
from onenight.rules.cards import ARTIFACT_IDS, ROLE_IDS
from onenight.rules.scenarios import SCENARIO_IDS
from onenight.rules.steps import STEP_IDS
from onenight.rules.turns import KEYS

TYPES = sorted({e for p in PHASE.values() for e in p.accepts} | {"abandon", "bogus"})
values = st.one_of(st.none(), st.integers(-2, 12), st.booleans(), st.text(max_size=3),
                   st.sampled_from(ROLE_IDS + ARTIFACT_IDS + SCENARIO_IDS + ("werewolf", "tanner")),
                   st.lists(st.integers(-1, 11), max_size=12),
                   st.lists(st.sampled_from(ROLE_IDS), max_size=13))
events = st.fixed_dictionaries({"type": st.sampled_from(TYPES)}, optional={
    k: values for k in ("names", "id", "cards", "card", "seat", "target", "votes", "mode",
                        "minutes", "seconds", "count", "artifact", "role", "to")})

PLAY = [{"type": "players", "names": ["A", "B", "C", "D"]},
        {"type": "scenario", "id": "terrible-ennemi"}, {"type": "start_night"},
        {"type": "night_done"}, {"type": "start_vote", "mode": "fingers"}] + [
    {"type": "vote", "seat": s, "target": (s + 1) % 4} for s in range(4)] + [
    {"type": "to_reveal"}] + [{"type": "final_card", "seat": s, "card": c}
                              for s, c in enumerate(["witch", "alpha_wolf", "sentinel", "bodyguard"])]


@settings(max_examples=150, deadline=None)
@given(st.lists(events, max_size=25), st.sampled_from([0, 1, 2, 4, 5, 9, 10, 14]))
def test_random_events_are_applied_or_refused(tmp_path_factory, evs, lead):
    c = Controller(tmp_path_factory.mktemp("h"), clock=FakeClock(), rng=random.Random(1),
                   wallclock=lambda: dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc))
    for e in PLAY[:lead] + evs:
        try:
            c.apply(e)
        except Refused as r:
            assert isinstance(r.code, str) and r.code
        assert c.phase in PHASE
        c.vote_view() if c.phase == "vote" else None
        c.setup_view()
    json.dumps(c.log)


# ---- the cards on the tablet --------------------------------------------------------------------

TABLET_TYPES = sorted({e for p in TABLET_PHASE.values() for e in p.accepts} | {"abandon"})
picks = st.dictionaries(st.sampled_from(KEYS + ("peek",)),
                        st.one_of(st.integers(-1, 5), st.lists(st.integers(-1, 5), max_size=3),
                                  st.sampled_from(["left", "right", "up"])), max_size=2)
tablet_events = st.fixed_dictionaries({"type": st.sampled_from(TABLET_TYPES)}, optional={
    "seat": values, "target": values, "mode": values, "on": values,
    "step": st.sampled_from(STEP_IDS + ("nope",)), "pick": st.one_of(picks, values),
    "drawn": st.one_of(st.lists(picks, max_size=2), values),
    "deal": st.one_of(values, st.fixed_dictionaries({"seats": values, "center": values}))})
TABLET_PLAY = [{"type": "players", "names": ["A", "B", "C", "D"]},
               {"type": "cards", "on": "tablet"},
               {"type": "scenario", "id": "terrible-ennemi"}, {"type": "start_night"}] + [
    {"type": "looked", "seat": s} for s in range(4)] + [
    {"type": "deal_done"}, {"type": "step_open", "step": "sentinel"},
    {"type": "pick", "step": "sentinel", "pick": {"shield": 2}},
    {"type": "step_end", "step": "sentinel"}, {"type": "step_open", "step": "werewolves"}]


@settings(max_examples=150, deadline=None)
@given(st.lists(tablet_events, max_size=25), st.integers(0, len(TABLET_PLAY)))
def test_random_events_on_the_tablet_are_applied_or_refused(tmp_path_factory, evs, lead):
    c = Controller(tmp_path_factory.mktemp("h"), clock=FakeClock(), rng=random.Random(1),
                   wallclock=lambda: dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc))
    for e in TABLET_PLAY[:lead] + evs:
        try:
            c.apply(e)
        except Refused as r:
            assert isinstance(r.code, str) and r.code
        assert c.phase in FLOWS[c.state.cards]
        if c.tablet is not None:
            c.step_view(), c.private_round(), c.table_view()
            for seat in range(4):
                c.private_view(seat)
    json.dumps(c.log)
