"""Le Village at the table, tapped through in the real window: the option and who lives
where on the setup, the buildings on the seat ring, the day powers from the debate (the
confessor's look shown to him alone, the barber's razor), the schoolteacher's ban before the
vote and the lord's decision before the vote's end is shown, to the end of the game. Each new
screen is also read in English at 800x480 (no text cut, clipped or overlapping), not walked a
second time."""

import random

import pytest
from kivy.core.window import Window

from onenight.ui.driving import find, settle, tap
from tests.game.classic_helpers import to_the_morning

from .classic_play import home_after  # noqa: F401 (the shared app left as found)
from .classic_play import (day_to_vote, deal_by_tablet, go_on, night_until, play_to_end,
                           screen, seat_button, seats_holding, shown, tap_seat_twice,
                           to_setup, vote_all)
from .test_layout import problems_on_screen

EIGHT = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
#: the kinds of buildings a tap on a name goes through (then a Vagabond)
TAPS = ("farm", "confessor", "bonesetter", "teacher", "baker", "barber", "bailiff", "innkeeper",
        "lord")


def reads_whole_in_english_small(app, name: str) -> None:
    """The screen on show, read in English at 800x480, then back as it was."""
    size, lang = tuple(Window.size), app.lang
    try:
        Window.size = (800, 480)
        app.set_language("en")
        settle(12)
        problems = problems_on_screen(app, name)
        assert not problems, f"{name}: " + "\n".join(problems)
    finally:
        Window.size = size
        app.set_language(lang)
        settle(4)


def dealt_by_events(app, houses):
    """A village game set up and dealt by events (seats 1 and 5 the werewolves, no
    captain), at its first night: the app's classic controller."""
    ctl = app.classic
    seats = "villager werewolf villager villager villager werewolf villager villager".split()
    for ev in ({"type": "players", "names": EIGHT}, {"type": "custom", "cards": seats},
               {"type": "options", "buildings": True, "captain": "never"},
               {"type": "houses", "buildings": houses},
               {"type": "deal", "mode": "tablet", "seats": seats, "left_over": []},
               *({"type": "seen", "seat": i} for i in range(8)), {"type": "deal_done"}):
        assert app.send(ev, ctl), app.message
    return ctl


@pytest.fixture
def same_draws(app):
    """The app's generator (the houses the tablet shares out, the deal) seeded for this walk,
    then put back: it is the session's, and what the tests before this one drew from it changes
    from run to run; the walk needs a deal with a player in a building left to ban."""
    kept = app._rng, app.classic.rng
    app._rng = app.classic.rng = random.Random(SEED)  # (a game made anew takes the app's)
    yield
    app._rng, app.classic.rng = kept


SEED = 5


def test_a_village_game_with_its_day_powers_from_the_setup_to_the_end(app, same_draws):
    # the setup: the option, then who lives where (the host taps, then the tablet deals)
    s = to_setup(app, EIGHT, "first_game")
    tap(find(s, "village"))
    assert app.classic.state.options.buildings and find(s, "deal").disabled
    assert app.tr("classic.setup.houses_first") in shown(app)
    reads_whole_in_english_small(app, "classic-setup-village")
    tap(find(s, "houses"))
    h = screen(app)
    assert h.name == "classic_houses"
    wanted = {0: "barber", 1: "confessor", 2: "teacher", 3: "lord"}
    for seat, building in wanted.items():  # each tap: the next building the box still has
        for _ in range(len(TAPS)):
            tap(seat_button(find(h, "seats"), seat))
            if h.houses[seat] == building:
                break
    assert h.houses[:4] == ["barber", "confessor", "teacher", "lord"] and h.houses[4:] == [None] * 4
    assert "Barbier" in shown(app) and "Vagabond" in shown(app)
    reads_whole_in_english_small(app, "classic-houses")
    tap(find(h, "deal"))  # the tablet shares them out at random
    houses = list(app.classic.state.houses)
    assert sorted(houses, key=str) == sorted(list(wanted.values()) + [None] * 4, key=str)
    tap(find(h, "done"))
    s = screen(app)
    assert s.name == "classic_setup" and not find(s, "deal").disabled
    tap(find(s, "deal_tablet"))
    tap(find(s, "deal"))
    assert screen(app).name == "classic_deal"
    deal_by_tablet(app)

    home = {b: houses.index(b) for b in wanted.values()}
    wolves = seats_holding(app, "werewolf")
    victim = next(i for i, h in enumerate(houses) if h is None and i not in wolves)
    night_until(app, "werewolves")
    tap_seat_twice(app, victim)
    night_until(app)
    day_to_vote(app)
    go_on(app)
    # the election: everyone names the schoolteacher (she never votes, but may be elected)
    teacher = home["teacher"]
    other = next(i for i in range(8) if i not in (teacher, victim))
    vote_all(app, lambda v: teacher if v != teacher else other)
    tap(find(screen(app), "action"))

    # the debate: the buildings on the ring, a button per day power
    d = screen(app)
    assert d.name == "classic_debate"
    chips = {c.seat: c.tag for c in find(d, "circle").chips}
    assert chips[home["barber"]] == "Barbier" and chips[home["lord"]] == "Châtelain"
    assert not find(d, "power_barber").disabled and not find(d, "power_confessor").disabled
    assert find(d, "power_bonesetter").disabled  # nobody lives there
    reads_whole_in_english_small(app, "classic-debate-village")

    # the confessor looks at a werewolf's card, alone with the tablet
    confessor = home["confessor"]
    wolf = next(w for w in wolves if w != confessor)
    tap(find(d, "power_confessor"))
    v = screen(app)
    assert v.name == "classic_village" and v.stage == "pick"
    reads_whole_in_english_small(app, "classic-power-pick")
    tap_seat_twice(app, wolf)
    assert v.stage == "cover" and v.card == "" and "Loup-Garou" not in shown(app)
    assert EIGHT[confessor] in shown(app)
    tap(find(v, "action"))  # "I am the confessor"
    assert v.stage == "look" and v.card == "werewolf" and "Loup-Garou" in shown(app)
    reads_whole_in_english_small(app, "classic-confession")
    tap(find(v, "action"))  # hidden
    assert v.stage == "shown" and v.card == "" and "Loup-Garou" not in shown(app)
    assert v.saying.lines == ("village.confessor",)  # the table hears nothing of the card
    assert app.tr("classic.village.confessed", name=EIGHT[confessor],
                  target=EIGHT[wolf]) in shown(app)
    tap(find(v, "action"))
    d = screen(app)
    assert d.name == "classic_debate" and find(d, "power_confessor").disabled

    # the barber shaves a werewolf who lives in a building (he cannot touch a Vagabond; the
    # schoolteacher and the lord are kept for the vote), and lives; with none, the
    # confessor, and dies with him unless the confessor is one
    barber = home["barber"]
    housed_wolves = [w for w in wolves if houses[w] is not None
                     and w not in (barber, teacher, home["lord"])]
    shaved = housed_wolves[0] if housed_wolves else confessor
    tap(find(d, "power_barber"))
    vagabond = next(i for i in app.classic.game.living() if houses[i] is None)
    tap_seat_twice(app, vagabond)
    assert screen(app).stage == "pick"  # not a seat the barber may name
    tap_seat_twice(app, shaved)
    v = screen(app)
    assert v.stage == "shown"
    cards = app.classic.game.cards
    dead = [shaved] + ([] if cards[shaved] == "werewolf" else [barber])
    for seat in dead:
        assert app.tr("classic.village.died", name=EIGHT[seat],
                      card_name=app.translator.classic_card(cards[seat])) in shown(app)
    assert v.saying.lines == ("village.barber", *(f"reveal.{cards[s]}" for s in dead))
    reads_whole_in_english_small(app, "classic-barber")
    tap(find(v, "action"))
    assert screen(app).name == "classic_debate"
    last = next(w for w in wolves if app.classic.game.alive(w))

    # the vote: first the schoolteacher's ban
    tap(find(screen(app), "vote_tablet"))
    v = screen(app)
    assert v.name == "classic_village" and v.stage == "ban"
    assert v.saying.lines == ("village.teacher",)
    reads_whole_in_english_small(app, "classic-teacher")
    living = app.classic.game.living()
    banned = next(i for i in living if houses[i] is not None and i not in (teacher, last))
    tap(seat_button(find(v, "seats"), vagabond))  # a Vagabond cannot be kept from it
    assert v.banned == []
    tap(seat_button(find(v, "seats"), banned))
    assert v.banned == [banned]
    tap(find(v, "action"))
    assert screen(app).name == "classic_vote"
    assert banned not in app.classic.ballots_view().voters
    vote_all(app, lambda s: last if s != last else teacher, then="classic_village")

    # the lord decides before anything of the vote's end is shown
    v = screen(app)
    assert v.name == "classic_village" and v.stage == "lord"
    assert "Loup-Garou" not in shown(app) and v.saying.lines == ("village.lord",)
    assert app.tr("classic.village.lord", name=EIGHT[home["lord"]],
                  condemned=EIGHT[last]) in shown(app)
    reads_whole_in_english_small(app, "classic-lord")
    tap(find(v, "action"))  # no pardon
    s = screen(app)
    assert s.name == "classic_vote"
    assert app.tr("classic.vote.eliminated", name=EIGHT[last], card_name="Loup-Garou") \
        in shown(app)
    tap(find(s, "action"))
    play_to_end(app, lambda app, w: None,
                lambda app, voter: next((w for w in wolves if app.classic.game.alive(w)
                                         and w != voter), teacher if voter != teacher
                                        else other),
                lambda app, stop: next(i for i in app.classic.game.living()
                                       if i not in stop.deciders))
    assert screen(app).name == "classic_end"
    assert app.tr("classic.verdict.no_werewolf_left") in shown(app)



def test_the_bailiff_and_the_bonesetter_on_their_screens(app):
    """The morning after the pack devoured the confessor: the bailiff houses a Vagabond in
    the church (read in English on the small screen too); later the bonesetter gives the
    barber's razor back. Set up by events (the walk above taps the setup)."""
    ctl = dealt_by_events(app, ["bailiff", "bonesetter", "confessor", None, "barber",
                                "teacher", None, "lord"])
    to_the_morning(ctl, 2)  # the pack takes the confessor
    assert ctl.phase == "bailiff"
    app.sm.get_screen("classic_debate").follow()
    v = screen(app)
    assert v.name == "classic_village" and v.stage == "pick"
    assert app.tr("classic.village.bailiff", name="Ana", building="Confesseur") in shown(app)
    reads_whole_in_english_small(app, "classic-bailiff")
    tap_seat_twice(app, 6)
    d = screen(app)
    assert d.name == "classic_debate" and ctl.table_view().homes[6] == "confessor"
    # the barber shaves the werewolf in the school; the bonesetter gives his razor back
    tap(find(d, "power_barber"))
    tap_seat_twice(app, 5)
    tap(find(screen(app), "action"))
    d = screen(app)
    assert find(d, "power_barber").disabled and not find(d, "power_bonesetter").disabled
    tap(find(d, "power_bonesetter"))
    reads_whole_in_english_small(app, "classic-bonesetter")
    tap_seat_twice(app, 4)
    assert app.tr("classic.village.restored", name="Bob", target="Eve") in shown(app)
    tap(find(screen(app), "action"))
    assert not find(screen(app), "power_barber").disabled


def test_the_lord_s_pardon_is_shown_and_heard_on_the_vote_screen(app):
    """The lord pardons the condemned: the vote's result says so, and the table hears it."""
    ctl = dealt_by_events(app, ["farm", "farm", "confessor", "bonesetter", "barber",
                                "teacher", None, "lord"])
    while ctl.phase in ("night", "dawn"):
        ctl.apply({"type": "step_end", "step": ctl.state.window.step} if ctl.phase == "night"
                  else {"type": "go"})
    ctl.apply({"type": "start_vote", "mode": "fingers"})
    ctl.apply({"type": "choose", "targets": None})
    for seat in ctl.ballots_view().voters:
        ctl.apply({"type": "vote", "seat": seat, "target": 1 if seat != 1 else 0})
    ctl.apply({"type": "count"})
    app.sm.get_screen("classic_debate").follow()
    v = screen(app)
    assert v.name == "classic_village" and v.stage == "lord"
    tap(find(v, "pardon"))
    s = screen(app)
    assert s.name == "classic_vote" and s.stage == "shown"
    assert app.tr("classic.vote.pardoned", name="Bob") in shown(app) and s.result_card == ""
    assert s.saying.lines == ("village.pardoned",)
    reads_whole_in_english_small(app, "classic-pardoned")
