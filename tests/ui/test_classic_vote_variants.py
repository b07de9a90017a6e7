"""The Québec booklet's votes in the real window: the table option on the setup screen, and a
day under each variant tapped through the vote screen from its debate. Each walk starts from a
position reached through the controller's events (the deal and a quiet first night), so that
only the day is tapped."""

from onenight.ui.driving import find, settle, tap

from .classic_play import home_after  # noqa: F401 (the shared app left as found)
from .classic_play import later, screen, shown, tap_seat_twice, untranslated

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
SEATS = ["seer", "werewolf", "witch", "villager", "hunter", "villager", "werewolf", "villager"]


def to_the_debate(app, vote: str, captain: str = "never", seats=SEATS):
    """The table set up (``seats`` its cards), dealt and through a night where nobody dies, by
    events; then the debate's screen, where the walk's taps begin."""
    ctl = app.classic
    send = lambda ev: app.send(ev, ctl)  # noqa: E731
    assert send({"type": "players", "names": NAMES})
    assert send({"type": "custom", "cards": seats})
    assert send({"type": "options", "vote": vote, "captain": captain})
    assert send({"type": "deal", "mode": "tablet", "seats": seats, "left_over": []})
    for seat in range(len(NAMES)):
        send({"type": "seen", "seat": seat})
    send({"type": "deal_done"})
    for _ in range(80):
        if ctl.phase == "night":
            send({"type": "step_end", "step": ctl.state.window.step})
        elif ctl.phase == "election" and ctl.state.hold is None:  # Ana is the intendant
            for seat in range(len(NAMES)):
                send({"type": "vote", "seat": seat, "target": 0})
            send({"type": "count"})
        elif ctl.phase in ("dawn", "election"):
            send({"type": "go"})
        else:
            break
    assert ctl.phase == "debate", ctl.phase
    app.go("classic_debate")
    settle()
    assert screen(app).name == "classic_debate"


def fingers(app):
    """The host enters what the table shows (hands, pointing fingers)."""
    tap(find(screen(app), "vote_fingers"))
    assert screen(app).name == "classic_vote"


def enter(app, ballots: dict):
    """Each voter's hand or finger in turn (the host enters them, or the tablet goes round);
    those not in ``ballots`` abstain; then the round is closed."""
    s = screen(app)
    for _ in range(30):
        s = screen(app)
        if s.stage == "cover":
            tap(find(s, "action"))
        elif s.stage != "collect":
            break
        elif s.voter in ballots:
            tap_seat_twice(app, ballots[s.voter])
        else:
            tap(find(s, "abstain"))
    assert not untranslated(app), untranslated(app)
    if screen(app).stage == "close":
        tap(find(screen(app), "action"))
    elif screen(app).stage != "counted":
        tap(find(screen(app), "close_round"))
    assert screen(app).stage == "counted", screen(app).stage
    tap(find(screen(app), "action"))  # the ballots shown, counted
    assert screen(app).stage == "shown"


def test_the_vote_option_cycles_through_the_four_ways_on_the_setup_screen(app):
    app.send({"type": "players", "names": NAMES}, app.classic)
    app.go("classic_setup")
    settle()
    s = screen(app)
    seen = []
    for _ in range(4):
        seen.append(find(s, "vote").text)
        tap(find(s, "vote"))
    assert seen == ["Vote classique", "Vote unique (Québec)", "Vote par nominations (Québec)",
                    "Panique démocratique (Québec)"]
    assert app.classic.state.options.vote == "classic"


def test_a_day_under_the_single_vote_the_intendant_breaks_the_tie(app):
    to_the_debate(app, "single", captain="before_first_night")
    captain = app.classic.game.captain
    fingers(app)
    a, b = [s for s in (1, 6, 3) if s != captain][:2]
    voters = [s for s in range(8) if s not in (a, b)]
    # one voice each (the intendant too): two against a, two against b
    enter(app, {voters[0]: a, voters[1]: a, voters[2]: b, voters[3]: b})
    assert app.tr("classic.vote.tie", names=", ".join(sorted([NAMES[a], NAMES[b]],
                  key=NAMES.index))) in shown(app)
    tap(find(screen(app), "action"))
    s = screen(app)
    assert s.stage == "pick" and NAMES[captain] in shown(app)
    tap_seat_twice(app, b)
    assert screen(app).result.startswith(f"Le village élimine {NAMES[b]}.")
    assert not app.classic.game.alive(b)


def test_a_day_under_nominations_a_failed_candidate_then_a_hand_count_that_wins(app):
    to_the_debate(app, "nominations", captain="before_first_night")
    chief = app.classic.game.captain
    fingers(app)
    s = screen(app)
    assert s.stage == "pick" and s.title == "Vote par nominations : le candidat"
    assert app.tr("classic.vote.nominate", name=NAMES[chief]) in shown(app)
    first, second = [w for w in (6, 1, 3) if w != chief][:2]
    tap_seat_twice(app, first)
    assert screen(app).title == "Vote par nominations : les mains levées"
    others = [v for v in range(8) if v != first]
    enter(app, {v: first for v in others[:3]})  # 3 hands of 8: not half
    assert app.tr("classic.vote.failed", name=NAMES[first]) in shown(app)
    tap(find(screen(app), "action"))
    assert screen(app).stage == "pick"
    tap_seat_twice(app, second)
    others = [v for v in range(8) if v != second]
    enter(app, {v: second for v in others[:4]})  # 4 hands of 8: half is enough
    assert NAMES[second] in screen(app).result and not app.classic.game.alive(second)


def test_a_day_under_the_democratic_panic_no_majority_then_the_villager_drawn(app):
    from kivy.core.window import Window

    app.set_language("en")
    Window.size = (800, 480)
    to_the_debate(app, "panic")
    fingers(app)
    assert screen(app).title == "Democratic panic"
    enter(app, {0: 1, 2: 1, 3: 1, 4: 1})  # exactly half: not more
    assert app.tr("classic.vote.no_majority") in shown(app)
    tap(find(screen(app), "action"))
    s = screen(app)
    assert s.can_draw and find(s, "village_draw").opacity == 1
    tap(find(s, "village_draw"))
    s = screen(app)
    assert s.stage == "lots"
    # the pool is never shown: only that the lot takes a villager
    assert s.prompt == app.tr("classic.vote.village_draw")
    assert not any(name in s.prompt for name in NAMES)
    tap(find(s, "action"))
    later(app, 1)
    gone = [i for i in range(8) if not app.classic.game.alive(i)]
    assert len(gone) == 1 and gone[0] not in (1, 6)
    assert f"The lot picks {NAMES[gone[0]]}" in screen(app).result
    assert not untranslated(app), untranslated(app)
