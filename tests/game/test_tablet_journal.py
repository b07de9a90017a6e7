"""A game with the cards on the tablet survives the app being killed at any moment: the deal,
each player's look, each step's window and picks, the vote and the verdict come back from
the journal exactly as they were."""

from __future__ import annotations

import json
import random

import pytest

from onenight.game.journal import open_game
from onenight.rules.night import table_to_json
from onenight.rules.record import adjudicate

from .tablet_play import WHEN, night, private_deal, setup, step, vote
from .test_journal import Wall, _running, restarted, stop
from onenight.game.clock import FakeClock


def journaled(folder, seed=4):
    """The app starts on ``folder`` (the one running there before is killed first)."""
    stop(folder)
    c, problem = open_game(folder, clock=FakeClock(), rng=random.Random(seed),
                           wallclock=lambda: WHEN, wall=Wall())
    assert problem is None
    _running[str(folder)] = c
    return c


def snapshot(c) -> dict:
    """Everything a screen or the record may read of the game."""
    snap: dict = {"phase": c.phase, "log": json.dumps(c.log)}
    tg = c.tablet
    if tg is not None:
        snap["table"] = table_to_json(tg.table)
        snap["at"], snap["looked"] = tg.at, sorted(tg.looked)
        snap["picks"] = tg.turn.picks if tg.turn is not None else None
        snap["night"] = dict(tg.night)
    views = {"deal": ("private_round", "private_view"), "night": ("step_view",),
             "day": ("day_view", "private_round", "private_view"), "vote": ("vote_view",),
             "end": ()}
    for name in views.get(c.phase, ()):
        view = getattr(c, name)
        snap[name] = [view(s) for s in range(len(c.state.players))] \
            if name == "private_view" else view()
    if c.phase == "end":
        snap["record"] = c.state.record
        snap["saved"] = c.state.record_path
        snap["replay"] = c.state.replay
    return snap


class Recorder:
    """Plays a game on a journaled controller, and after every event opens the journal again
    as a restarted app would, checking that it finds the very same game."""

    def __init__(self, folder):
        self.folder = folder
        self.c = journaled(folder)
        self.phases: set[str] = set()
        self.checked = 0

    def apply(self, event: dict) -> dict:
        done = self.c.apply(event)
        # the generator does not matter: it is logged
        again = restarted(self.folder, clock=FakeClock(), rng=random.Random(999),
                          wallclock=lambda: WHEN)
        assert snapshot(again) == snapshot(self.c), (event, self.c.phase)
        self.phases.add(self.c.phase)
        self.checked += 1
        return done

    def __getattr__(self, name):
        return getattr(self.c, name)


def test_the_game_comes_back_after_every_event(tmp_path):
    r = Recorder(tmp_path)
    rng = random.Random(6)
    deal = {"seats": ["curator", "villager", "mystic_wolf", "alpha_wolf", "sentinel",
                      "apprentice_seer", "revealer", "witch", "aura_seer"],
            "center": ["bodyguard", "paranormal_investigator", "dream_wolf"],
            "artifacts": ["shroud", "claw", "void", "brand", "cudgel", "mute"]}
    setup(r, 9, {"type": "scenario", "id": "nuit-du-loup-garou"}, deal=deal)
    r.apply({"type": "looked", "seat": 0})
    r.apply({"type": "looked", "seat": 3})
    private_deal(r)
    while not r.tablet.over:
        if r.step_view().step == "curator":
            r.apply({"type": "step_open", "step": "curator"})
            r.apply({"type": "pick", "step": "curator", "pick": {"artifact": 5}})
            r.apply({"type": "step_end", "step": "curator"})
        else:
            step(r, rng, acts=0.9, cut=0.5)
    r.apply({"type": "night_done"})
    assert r.private_round().seats == (5,)
    r.apply({"type": "looked", "seat": 5})  # the artifact seen in private, in the day
    vote(r, rng)
    r.apply({"type": "replay", "frame": 4})  # the dawn replay, at its fifth frame
    r.apply({"type": "replay", "frame": 5})
    assert r.state.replay == 5
    r.apply({"type": "replay", "frame": None})  # left
    assert r.phases == {"setup", "deal", "night", "day", "vote", "end"}
    assert r.checked > 40
    entries, bad = r.c.history.entries()
    assert len(entries) == 1 and bad == 0  # resuming at the end saved nothing twice


def events_of_a_game(tmp_path) -> list[dict]:
    c = journaled(tmp_path / "first", seed=12)
    rng = random.Random(12)
    setup(c, 7, {"type": "scenario", "id": "metamorphoses-malefiques"})
    private_deal(c)
    night(c, rng, acts=0.9, cut=0.5)
    vote(c, rng)
    return list(c.log), c.state.record


@pytest.mark.parametrize("phase", ["deal", "night_open", "night_picked", "night_between",
                                   "day", "vote", "end"])
def test_killed_in_each_phase_the_game_ends_the_same(tmp_path, phase):
    events, record = events_of_a_game(tmp_path)

    def where(i: int, e: dict) -> bool:
        before = events[i - 1]["type"] if i else ""
        return {"deal": e["type"] == "looked" and before == "looked",
                "night_open": e["type"] == "pick" and before == "step_open",
                "night_picked": e["type"] == "step_end" and before == "pick",
                "night_between": e["type"] == "step_open" and before == "step_end",
                "day": e["type"] == "start_vote",
                "vote": e["type"] == "vote" and before == "vote",
                "end": e["type"] == "new_game"}.get(phase, False) or \
            (phase == "end" and i == len(events))

    cut = next(i for i in range(len(events) + 1)
               if where(i, events[i] if i < len(events) else {"type": ""}))
    folder = tmp_path / "killed"
    c = journaled(folder)
    for e in events[:cut]:
        c.apply(dict(e))
    del c  # killed: no goodbye, the journal is all that is left
    c = journaled(folder, seed=77)
    assert c.resumed is not None and c.resumed.events == cut
    for e in events[cut:]:
        c.apply(dict(e))
    assert c.phase == "end"
    assert c.state.record["night"] == record["night"]
    assert c.state.record["outcome"] == record["outcome"]
    assert adjudicate(c.state.record)["dead"] == record["outcome"]["dead"]


def test_a_window_resumed_without_its_logged_draw_draws_again_within_the_rules(tmp_path):
    """After a restart the screens send plain events again; what the tablet draws then is new,
    and still a legal night the adjudicator accepts."""
    events, _ = events_of_a_game(tmp_path)
    cut = next(i for i, e in enumerate(events) if e["type"] == "step_open") + 1
    c = journaled(tmp_path / "again")
    for e in events[:cut]:
        c.apply(dict(e))
    c = journaled(tmp_path / "again", seed=5)
    rng = random.Random(5)
    sid = c.step_view().step
    c.apply({"type": "step_end", "step": sid})
    night(c, rng, acts=0)
    vote(c, rng)
    assert adjudicate(c.state.record)["winners"] == c.state.record["outcome"]["winners"]
