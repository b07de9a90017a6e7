"""Any sequence of events, however wrong, is either applied or refused with a code: the
controller never raises anything else and never leaves its phase table."""

import datetime as dt
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from onenight.game.controller import Controller, Refused
from onenight.game.phases import PHASE
from onenight.game.timer import ManualClock
from onenight.rules.cards import ARTIFACT_IDS, ROLE_IDS
from onenight.rules.scenarios import SCENARIO_IDS

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
    c = Controller(tmp_path_factory.mktemp("h"), clock=ManualClock(), rng=random.Random(1),
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
