"""A whole game with the cards on the tablet, played by taps as the table would: the option
on the setup, the private deal (each player holds the button), the night on the tablet (the
woken player taps seats, centre cards or a direction on the ring), a vote, the verdict.
Shared by the UI tests and the screenshots' tour."""

from __future__ import annotations

import random

from onenight.rules.turns import read_pick
from onenight.ui.driving import Finger, centre, find, settle, tap, tap_text


def screen(app):
    return app.sm.current_screen


def to_the_deal(app, names, scenario_id: str):
    """From home: a new game of ``names``, the cards on the tablet, ``scenario_id``, dealt."""
    app.go("home")
    settle()
    tap(find(screen(app), "new"))
    s = screen(app)
    while len(s.names) < len(names):
        tap(find(s, "more"))
    while len(s.names) > len(names):
        tap(s.rows()[-1].ids.drop)
    for row, name in zip(reversed(find(s, "rows").children), names):
        row.ids.name.text = name
    tap(find(s, "next"))
    s = screen(app)
    assert s.name == "scenario"
    tap(find(s, "on_tablet"))
    s.choose(scenario_id)
    settle()
    tap(find(s, "start"))
    assert screen(app).name == "deal", app.message


def look(app, seat: int, read: str = "secret_title") -> str:
    """Player ``seat`` takes the tablet, holds the button, reads their card, lets go, hands the
    tablet on. Returns the card's name as shown (``read``: another line of it, the text)."""
    s = screen(app)
    deal = find(s, "deal")
    tap([b for b in find(deal, "names").buttons() if b.seat == seat][0])
    finger = Finger(*centre(find(deal, "hold")))
    finger.down()
    settle()
    title = find(deal, read).text
    finger.up()
    settle()
    tap(find(deal, "hand_on"))
    return title


def deal_round(app) -> list[str]:
    seen = [look(app, seat) for seat in range(len(app.ctl.state.players))]
    tap(find(screen(app), "go_on"))
    assert screen(app).name == "night", app.message
    return seen


def tap_pick(app, night, pick: dict) -> None:
    """One pick made by taps on the ring (or the direction buttons)."""
    ring = find(night, "ring")
    key, value = read_pick(pick)
    if isinstance(value, str):
        tap(find(night, "shift_" + value))
        return
    what = "center" if key in ("view_center", "swap_center") else "seat"
    targets = ring.seats if what == "seat" else ring.center_targets
    values = value if isinstance(value, tuple) else (value,)
    for v in values:
        tap(targets[v])
    if len(values) == 1:
        tap(targets[values[0]])  # the second tap confirms
    else:
        tap(find(ring, "confirm"))


def night_by_taps(app, rng: random.Random, acts: float = 0.85, on_step=None):
    """The night by taps: in each step's window, the woken player makes a random legal
    choice on the ring (or nothing, now and then), then waits for the step to end. Yields
    each step's id and the picks tapped, once they are (the step's window still open)."""
    night = screen(app)
    clock = app.test_clock if hasattr(app, "test_clock") else app._clock
    handled = set()
    for _ in range(2000):
        if screen(app).name != "night":
            break
        clock.advance(1.5)
        app.tick()
        settle(2)
        tg = app.ctl.tablet
        if tg is None or tg.turn is None or tg.turn.step.id in handled:
            continue
        sid = tg.turn.step.id
        handled.add(sid)
        if on_step is not None:
            on_step(sid)
        picks = ()
        if rng.random() < acts:
            _, picks = rng.choice(tg.turn.legal)
            from onenight.rules.turns import pick_json

            for part in picks:
                settle(2)
                tap_pick(app, night, pick_json(part))
                turn = app.ctl.tablet.turn
                assert turn is not None and turn.picks and turn.picks[-1] == part, \
                    (sid, part, picks, app.message)
        yield sid, picks
    settle()
    assert screen(app).name == "day", screen(app).name


def play_night(app, rng: random.Random, acts: float = 0.85, on_step=None) -> None:
    """The whole night by taps (:func:`night_by_taps`)."""
    for _ in night_by_taps(app, rng, acts, on_step):
        pass


def vote_by_fingers(app, rng: random.Random) -> list[int]:
    """A vote by fingers, each player pointing at someone else at random."""
    n = len(app.ctl.state.players)
    votes = [rng.choice([t for t in range(n) if t != i]) for i in range(n)]
    screen(app).start_vote("fingers")
    vote = screen(app)
    tap(find(vote, "skip"))
    for target in votes:
        tap_text(find(vote, "targets"), app.ctl.state.players[target])
        app._clock.advance(1)
        app.tick()
        settle(2)
    tap(find(vote, "reveal"))
    assert screen(app).name == "result", app.message
    return votes

