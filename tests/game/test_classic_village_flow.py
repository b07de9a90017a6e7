"""Le Village at the classic table's controller: the buildings set up before the deal, the
day powers used during the debate, the bailiff's housing, the schoolteacher's ban and the
lord's pardon as phases of their own; journaled and resumed like every other event."""

import random

import pytest

from onenight.game.classic_flow import Refused, play_by_events

from .classic_helpers import controller, deal, set_up, to_the_morning
from .test_classic_journal import Wall, assert_same, reopen
from .test_classic_journal import start as journaled

# seats 1 and 5 are the werewolves
SEATS = "villager werewolf villager villager villager werewolf villager villager"
HOUSES = ["farm", "farm", "confessor", "bonesetter", "barber", "teacher", None, "lord"]


def refused(c, event) -> Refused:
    with pytest.raises(Refused) as r:
        c.apply(event)
    return r.value


def village(tmp_path, houses=HOUSES, captain="never", seed=1, c=None):
    """At the first stop of a game with these buildings and this deal."""
    c = c or controller(tmp_path, seed)
    set_up(c, 8, SEATS.split(), captain=captain, buildings=True)
    c.apply({"type": "houses", "buildings": list(houses)})
    deal(c, SEATS)
    return c


def quiet_night(c):
    """The night's calls closed with nothing chosen (the pack agrees on nobody)."""
    while c.phase == "night":
        c.apply({"type": "step_end", "step": c.state.window.step})


def to_debate(c):
    quiet_night(c)
    while c.phase != "debate":
        assert c.phase in ("dawn", "bailiff"), c.phase
        if c.phase == "dawn":
            c.apply({"type": "go"})
        else:
            c.apply({"type": "choose", "target": None})


def test_the_buildings_are_set_before_the_deal_assigned_or_dealt_by_the_tablet(tmp_path):
    c = controller(tmp_path)
    set_up(c, 8, SEATS.split(), buildings=True)
    assert not c.setup_view().ready
    assert refused(c, {"type": "deal", "mode": "tablet"}).code == "houses_first"
    r = refused(c, {"type": "houses", "buildings": ["farm"] * 8})
    assert r.code == "houses_bad" and r.facts["field"] == "buildings[6]"
    assert "the box holds 6" in r.facts["reason"]
    assert refused(c, {"type": "houses", "deal": "farm"}).code == "houses_bad"
    chosen = ["farm", "farm", "baker", "lord"]
    c.apply({"type": "houses", "deal": chosen})
    dealt = c.state.houses
    assert sorted(dealt, key=str) == sorted(chosen + [None] * 4, key=str)
    assert c.setup_view().houses == tuple(dealt) and c.setup_view().ready
    # the draw is written into the event: its replay deals the same, whatever the generator
    again = controller(tmp_path / "again", seed=99)
    set_up(again, 8, SEATS.split(), buildings=True)
    again.apply({"type": "houses", "deal": chosen, "buildings": dealt})
    assert again.state.houses == dealt
    # new players: the village is set again
    c.apply({"type": "players", "names": ["A", "B", "C", "D", "E", "F", "G"]})
    assert c.state.houses is None


def test_without_the_option_the_buildings_are_not_played(tmp_path):
    c = controller(tmp_path)
    set_up(c, 8, SEATS.split())
    c.apply({"type": "houses", "buildings": HOUSES})
    deal(c, SEATS)
    assert c.table_view().homes == ()
    assert c.record().get("buildings") is None


def test_the_seat_ring_shows_each_home_and_its_token(tmp_path):
    c = village(tmp_path)
    assert c.table_view().homes == tuple(HOUSES)
    assert c.table_view().tokens == tuple(h is not None for h in HOUSES)
    assert c.record()["buildings"] == HOUSES and c.record()["table"]["buildings"] is True


def test_the_baker_is_called_after_the_werewolves_for_show_like_any_call(tmp_path):
    c = village(tmp_path, houses=["baker", *HOUSES[1:]])
    calls = c.state.calls
    assert "baker" in calls and calls.index("baker") > calls.index("werewolves")


def test_a_day_power_is_used_during_the_debate_and_held_on_screen(tmp_path):
    c = village(tmp_path)
    assert refused(c, {"type": "power", "power": "barber", "target": 1}).code == "wrong_phase"
    to_debate(c)
    powers = {p: (user, targets) for p, user, targets in c.debate_view().powers}
    assert set(powers) == {"barber", "confessor"}  # nothing yet for the bonesetter to give back
    assert powers["barber"][0] == 4 and 6 not in powers["barber"][1]  # not a Vagabond
    r = refused(c, {"type": "power", "power": "barber", "target": 6})
    assert r.code == "power_illegal" and "Vagabond" in r.facts["reason"]
    assert refused(c, {"type": "power", "power": "lord", "target": 0}).code == "power_illegal"
    # the barber shaves a werewolf: the werewolf dies, the barber lives
    c.apply({"type": "power", "power": "barber", "target": 5})
    assert c.phase == "power"
    v = c.power_view()
    assert (v.power, v.user, v.seat) == ("barber", 4, 5)
    assert [(s, cv.card) for s, cv in v.dead] == [(5, "werewolf")]
    with pytest.raises(ValueError):
        c.confession_view()  # nothing the confessor saw
    c.apply({"type": "go"})
    assert c.phase == "debate"
    assert [p for p, _, _ in c.debate_view().powers] == ["confessor", "bonesetter"]
    assert c.table_view().tokens[4] is False
    assert c.record()["phases"][-1]["powers"] == [{"barber": 5}]


def test_the_barber_who_shaves_a_villager_dies_with_him(tmp_path):
    c = village(tmp_path)
    to_debate(c)
    c.apply({"type": "power", "power": "barber", "target": 0})
    assert sorted(s for s, _ in c.power_view().dead) == [0, 4]


def test_the_confessor_s_look_is_shown_to_him_alone(tmp_path):
    c = village(tmp_path)
    to_debate(c)
    c.apply({"type": "power", "power": "confessor", "target": 1})
    v = c.power_view()
    assert (v.power, v.user, v.seat, v.dead) == ("confessor", 2, 1, ())
    assert c.confession_view().card == "werewolf"
    c.apply({"type": "go"})
    with pytest.raises(ValueError):
        c.confession_view()  # gone once the host goes on


def test_the_schoolteacher_bans_before_the_vote_and_the_ballots_leave_them_out(tmp_path):
    c = village(tmp_path)
    to_debate(c)
    c.apply({"type": "start_vote", "mode": "tablet"})
    assert c.phase == "teacher"
    v = c.village_view()
    assert v.seat == 5 and 5 not in v.targets and 6 not in v.targets  # not a Vagabond
    assert refused(c, {"type": "choose", "targets": [6]}).code == "choice_illegal"
    c.apply({"type": "choose", "targets": [0, 1]})
    assert c.phase == "vote"
    b = c.ballots_view()
    assert b.voters == (2, 3, 4, 6, 7)  # not the schoolteacher, nor whom she banned
    assert refused(c, {"type": "vote", "seat": 0, "target": 2}).code == "vote_village"
    assert refused(c, {"type": "vote", "seat": 5, "target": 2}).code == "vote_village"


def test_the_lord_decides_before_the_vote_s_end_is_shown(tmp_path):
    c = village(tmp_path)
    to_debate(c)
    c.apply({"type": "start_vote", "mode": "tablet"})
    c.apply({"type": "choose", "targets": None})  # the schoolteacher bans nobody
    for seat in c.ballots_view().voters:
        c.apply({"type": "vote", "seat": seat, "target": 1 if seat != 1 else 0})
    c.apply({"type": "count"})
    assert c.phase == "lord" and c.state.hold is None
    v = c.village_view()
    assert (v.seat, v.condemned) == (7, 1)
    assert c.table_view().shown[1] is None  # his card is not shown yet
    c.apply({"type": "choose", "yes": True})
    assert c.phase == "vote"
    r = c.ballots_view().result
    assert (r.kind, r.seat, r.card) == ("pardoned", 1, None)
    assert c.table_view().tokens[7] is False


def test_the_lord_who_lets_the_vote_stand_shows_the_card(tmp_path):
    c = village(tmp_path)
    to_debate(c)
    c.apply({"type": "start_vote", "mode": "tablet"})
    c.apply({"type": "choose", "targets": None})
    for seat in c.ballots_view().voters:
        c.apply({"type": "vote", "seat": seat, "target": 1 if seat != 1 else 0})
    c.apply({"type": "count"})
    c.apply({"type": "choose", "yes": False})
    r = c.ballots_view().result
    assert (r.kind, r.seat, r.card.card) == ("eliminated", 1, "werewolf")


def test_the_bailiff_houses_a_vagabond_in_a_building_freed_in_the_night(tmp_path):
    houses = ["bailiff", "farm", "confessor", None, "barber", "teacher", None, "lord"]
    c = village(tmp_path, houses=houses)
    to_the_morning(c, 2)  # the pack takes the confessor
    assert c.phase == "bailiff"
    v = c.village_view()
    assert (v.seat, v.building, v.targets) == (0, "confessor", (3, 6))
    c.apply({"type": "choose", "target": 6})
    assert c.phase == "debate"
    assert c.table_view().homes[6] == "confessor" and c.table_view().tokens[6]


def test_a_village_game_played_by_events_resumes_from_its_journal_at_every_event(tmp_path):
    wall = Wall()
    c = journaled(tmp_path, wall)
    village(tmp_path, houses=["bailiff", "farm", "confessor", "bonesetter", "barber",
                              "teacher", None, "lord"], captain="first_morning", c=c)
    rng = random.Random(5)
    phases = set()

    def check(ctl):
        phases.add(ctl.phase)
        if ctl.phase in ("bailiff", "teacher", "lord", "power"):
            b = reopen(tmp_path, wall)
            assert b.phase == ctl.phase and b.game == ctl.game
            assert b.state.houses == ctl.state.houses and b.state.power == ctl.state.power
        return ctl.phase == "end"

    play_by_events(c, rng, check)
    assert_same(c, reopen(tmp_path, wall))
    assert {"teacher", "power"} <= phases


@pytest.mark.parametrize("seed", range(6))
def test_whole_village_games_by_events_reach_their_end(tmp_path, seed):
    c = controller(tmp_path, seed)
    set_up(c, 10, "seer werewolf witch villager hunter cupid werewolf villager villager "
                  "villager".split(), captain="first_morning", buildings=True)
    c.apply({"type": "houses", "deal": ["farm", "farm", "confessor", "bonesetter", "barber",
                                        "teacher", "bailiff", "innkeeper", "lord"]})
    deal(c)
    play_by_events(c, random.Random(seed), lambda ctl: ctl.phase == "end")
    assert c.end_view() is not None and c.record()["buildings"] == c.state.houses
