"""Playing Thiercelieux by taps in the real window: one helper per screen, as a finger would.
The test knows the deal (the game master's knowledge, ``app.classic.game``) only to choose
whom the woken and the voters point at."""

from __future__ import annotations

import pytest

from onenight.ui.driving import find, settle, tap, texts


@pytest.fixture(autouse=True)
def home_after(app):
    """(Autouse where imported.) The app shared by the session is left as it was found: on
    its home screen, in French, at 1280x800, with no classic game in progress, the classic
    table's options as they were, and no classic game in its history (the one-night game's
    tests count theirs)."""
    from kivy.core.window import Window

    folder = app.classic.history.folder
    before = set(folder.glob("*.json")) if folder.is_dir() else set()
    options = app.classic.state.options.as_json()  # the table's options are remembered
    yield
    if app.classic.phase != "setup":
        app.send({"type": "abandon"}, app.classic)
    if app.classic.state.options.as_json() != options:
        app.classic.apply({"type": "options", **options})
    for path in set(folder.glob("*.json")) - before if folder.is_dir() else ():
        path.unlink()
    Window.size = (1280, 800)
    app.go("home")
    if app.lang != "fr":
        app.set_language("fr")
    settle()


def screen(app):
    return app.sm.current_screen


def shown(app) -> str:
    return "\n".join(texts(screen(app)))


def seat_button(grid, seat: int):
    """A seat's button: of a grid of names (the day), or a target of the ring (the night)."""
    from onenight.ui.widgets.seat_ring import SeatRing

    if isinstance(grid, SeatRing):
        return grid.seats[seat]
    return next(b for b in grid.buttons() if b.seat == seat)


def secrets_shown(app) -> str:
    """What the woken of the night's call are shown (its secret panel), one line each."""
    return "\n".join(row.ids.text.text for row in reversed(find(screen(app), "secrets").children))


def tap_seat_twice(app, seat: int, grid_id: str | None = None):
    """A seat tapped, then tapped again to confirm (on the night's ring of seats, or on the
    day's grid of names)."""
    if grid_id is None:
        grid_id = "ring" if screen(app).name == "classic_night" else "seats"
    tap(seat_button(find(screen(app), grid_id), seat))
    tap(seat_button(find(screen(app), grid_id), seat))


def later(app, seconds: float = 1.0):
    app.test_clock.advance(seconds)
    app.tick()


def to_setup(app, names, preset: str):
    """Home → Thiercelieux → the names → the preset."""
    app.go("home")
    settle()
    tap(find(screen(app), "classic"))
    s = screen(app)
    assert s.name == "classic_players"
    while len(s.names) < len(names):
        tap(find(s, "more"))
    while len(s.names) > len(names):
        tap(s.rows()[-1].ids.drop)
    for row, name in zip(s.rows(), names):
        row.ids.name.text = name
    tap(find(s, "next"))
    s = screen(app)
    assert s.name == "classic_setup"
    if preset:
        tap(find(s, "preset_" + preset))
    return s


def start_classic(app, names, preset: str, deal: str = "tablet", cards=None):
    """Home → Thiercelieux → the names → the preset (or ``cards``: a deck of one's own, each
    card put in with its +) → the deal."""
    s = to_setup(app, names, preset if cards is None else "")
    if cards is not None:
        tap(find(s, "custom"))
        d = screen(app)
        assert d.name == "classic_deck"
        tap(find(d, "clear"))
        for card in cards:
            tap(d._rows[card].ids.plus)
        tap(find(d, "use"))
        s = screen(app)
        assert s.name == "classic_setup" and sorted(app.classic.state.deck) == sorted(cards)
    tap(find(s, "deal_" + deal))
    tap(find(s, "deal"))
    assert screen(app).name == "classic_deal"


def deal_by_tablet(app) -> dict[int, str]:
    """Each player in turn takes the tablet, holds the button to see their card, lets go and
    passes the tablet on (the shared private deal, as the one-night game's); returns the
    card's name each one saw."""
    from .tablet_walk import look

    seen = {seat: look(app, seat) for seat in range(len(app.classic.state.players))}
    tap(find(screen(app), "night"))
    return seen


def ragots_round(app) -> list[str]:
    """The Québec Habitants' round: each player in turn takes the tablet, holds the button
    and reads his card's text (his ragot, or that he has none); then the night falls."""
    from .tablet_walk import look

    seen = [look(app, seat, "secret_text") for seat in range(len(app.classic.state.players))]
    tap(find(screen(app), "night"))
    return seen


def deal_by_own_cards(app, cards: list[str]) -> None:
    """The table's own cards: each player in turn takes the tablet, taps the card in front of
    them, then taps it again to enter it; then the night falls."""
    for seat, card in enumerate(cards):
        deal = find(screen(app), "deal")
        assert deal.mode == "enter"
        tap(seat_button(find(deal, "names"), seat))
        assert deal.stage == "enter" and deal.seat == seat
        tile = next(t for t in find(deal, "cards").children if t.card == card)
        tap(tile)
        tap(next(t for t in find(deal, "cards").children if t.card == card))
        assert deal.stage == "pass", app.message
    tap(find(screen(app), "night"))


def own_cards_game(app, names, table: list[str], english_small: bool = False,
                   drawn: dict | None = None) -> None:
    """A game of the table's own cards (``table``, seat by seat), in French at the window's
    size, or in English at 800x480: the night falls on the night screen.

    The opening (the names, the deck, each player's card entered) is played through the
    controller, as the app's screens send it, not by taps: the walks that use this check
    what comes after it, and the opening by taps is the walks' of test_classic_cast.py and
    test_classic_games.py (``start_classic`` with ``deal="cards"``, ``deal_by_own_cards``).
    By taps it was a sixth of each of these walks' time. ``drawn``: what the app draws as the
    first night opens, held by the event that opens it (as a replayed event holds it: the
    Québec Robineux's side and role)."""
    if english_small:
        from kivy.core.window import Window

        app.set_language("en")
        Window.size = (800, 480)
    ctl = app.classic
    app.go("home")
    settle()
    if ctl.phase != "setup":
        app.send({"type": "abandon"}, ctl)
    opening = [{"type": "players", "names": list(names)},
               {"type": "custom", "cards": list(table)},
               {"type": "deal", "mode": "cards"},
               *({"type": "card", "seat": seat, "card": card} for seat, card in enumerate(table)),
               {"type": "deal_done", **(drawn or {})}]
    for event in opening:
        assert app.send(event, ctl), (event, app.message)
    assert ctl.phase == "night" and list(ctl.game.cards) == list(table)
    app.go("classic_night")
    settle()


def night_until(app, step: str | None = None, limit: int = 600):
    """Let the night run until the call ``step`` is open (None: until the night is over)."""
    ctl = app.classic
    for _ in range(limit):
        w = ctl.state.window
        if ctl.phase != "night":
            assert step is None, f"the night ended before {step}"
            settle()
            return
        if step is not None and w is not None and w.step == step:
            screen(app).refresh()
            return
        d = screen(app).driver
        due = d.next_due() if d is not None else None
        later(app, 1 if due is None else max(0.05, due + 0.01))  # on to the next line
    raise AssertionError(f"the night never reached {step}")


def cards_of(app) -> list[str]:
    return list(app.classic.game.cards)


def seats_holding(app, card: str) -> list[int]:
    return [i for i, c in enumerate(cards_of(app)) if c == card]


def go_on(app):
    tap(find(screen(app), "go"))


def vote_all(app, target_of, mode: str = "tablet", then: str = "classic_vote"):
    """Every living player votes (``target_of(seat)``), on the tablet passed round or by
    fingers; then the votes are shown (``then``: the screen the count leads to instead, the
    lord's pardon of Le Village)."""
    s = screen(app)
    assert s.name == "classic_vote"
    for _ in range(40):
        s = screen(app)
        if s.stage == "cover":
            voter = s.voter
            assert app.classic.state.players[voter] in shown(app)
            tap(find(s, "action"))
            continue
        if s.stage == "collect":
            tap_seat_twice(app, target_of(s.voter))
            continue
        break
    assert screen(app).stage == "counted"
    tap(find(screen(app), "action"))
    assert screen(app).name == then
    if then == "classic_vote":
        assert screen(app).stage == "shown"


def replays_to_the_same_outcome(app) -> dict:
    """The game's saved record, replayed by ``onenight classic replay`` run as a process,
    gives the outcome the app announced; returns that outcome."""
    import json
    import subprocess
    import sys

    path = app.classic.state.record_path
    assert path is not None and path.exists()
    record = json.loads(path.read_text(encoding="utf-8"))
    out = subprocess.run([sys.executable, "-m", "onenight", "classic", "replay", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    replayed = json.loads(out.stdout)
    assert replayed == record["outcome"]
    return replayed


def day_to_vote(app):
    """From the dawn: the village wakes, its dead are named (the host goes on from there)."""
    s = screen(app)
    assert s.name == "classic_dawn", s.name
    go_on(app)  # the village wakes
    for _ in range(40):  # the dead named one by one
        later(app, 1)
    assert s.stage == "dead"


def debate_to_vote(app, mode: str = "tablet"):
    assert screen(app).name == "classic_debate"
    tap(find(screen(app), "vote_" + mode))
    assert screen(app).name == "classic_vote"


def night_act(app, act):
    """The woken's choice, tapped on the night screen: ``("seat", n)``, ``("seats", [a, b, …])``,
    ``("group", [a, b, …])`` (any group: confirmed by the button),
    ``("a",)`` / ``("b",)`` (the two large choices), ``("potions", heal, poison)`` (``heal``
    True, or the seat it saves among several victims: the button tapped until it names
    him), ``("nothing",)``."""
    s = screen(app)
    kind = act[0]
    if kind == "seat":
        tap_seat_twice(app, act[1])
    elif kind == "seats":  # each seat tapped, the last one twice
        ring = find(s, "ring")
        for seat in act[1]:
            tap(seat_button(ring, seat))
        tap(seat_button(ring, act[1][-1]))
    elif kind == "group":  # any group: each seat tapped, then the ring's confirm button
        ring = find(s, "ring")
        for seat in act[1]:
            tap(seat_button(ring, seat))
        tap(ring.ids.confirm)
    elif kind in ("a", "b"):
        tap(find(s, "choice_" + kind))
        tap(find(s, "choice_" + kind))
    elif kind == "potions":
        if act[1] is True:
            tap(find(s, "heal"))
        elif act[1] is not False and act[1] is not None:
            for _ in range(len(s.victims) + 1):
                if s.heal and s.heal_seat == act[1]:
                    break
                tap(find(s, "heal"))
            assert s.heal_seat == act[1], (s.victims, act[1])
        if act[2] is not None:
            tap(seat_button(find(s, "ring"), act[2]))
        tap(find(s, "potions"))
    else:
        tap(find(s, "nothing"))


def night_tick(app, night, seen: dict | None = None):
    """One beat of the night: the woken of an open call do what ``night(app, window)`` says
    (None: nothing tapped), then the night runs on to its next line. ``seen`` (if given)
    keeps, by step, what the woken of each call were shown."""
    w = app.classic.state.window
    if w is not None and w.stop is not None and not w.chosen:
        screen(app).refresh()
        act = night(app, w)
        if act is not None:
            night_act(app, act)
    if seen is not None and w is not None and screen(app).name == "classic_night":
        screen(app).refresh()
        told = secrets_shown(app)
        if told:
            seen[w.step] = told
    d = screen(app).driver
    due = d.next_due() if d is not None else None
    later(app, 1 if due is None else max(0.05, due + 0.01))  # on to the next line


def night_through(app, night, limit: int = 600) -> dict:
    """Play the night to its end (as :func:`night_tick`); returns what the woken of each call
    were shown, by step."""
    seen: dict = {}
    for _ in range(limit):
        if app.classic.phase != "night":
            settle()
            return seen
        night_tick(app, night, seen)
    raise AssertionError("the night did not end")


def untranslated(app) -> list[str]:
    """The lines of the screen that show a translation key instead of a sentence."""
    import re

    return [line for line in shown(app).splitlines()
            if re.search(r"\bclassic\.[a-z_]+\.", line)]


def play_to_end(app, night, vote, chain, vote_mode: str = "tablet", limit: int = 3000,
                until=None):
    """Play every phase by taps until the end (or until ``until(app)`` holds): ``night(app,
    window)`` says what the woken of a call do (None: nothing tapped), ``vote(app, voter)``
    whom a voter names, ``chain(app, stop)`` whom a dying player (or the captain on a tie)
    names. Le Village's decisions take their screen's main button: nobody housed or banned,
    no pardon."""
    ctl = app.classic
    for _ in range(limit):
        if until is not None and until(app):
            return
        phase = ctl.phase
        s = screen(app)
        assert s.name == {"night": "classic_night", "dawn": "classic_dawn",
                          "chain": "classic_dawn", "debate": "classic_debate",
                          "end": "classic_end", "bailiff": "classic_village",
                          "teacher": "classic_village", "lord": "classic_village",
                          "power": "classic_village", "ragots": "classic_deal"}.get(
            phase, "classic_vote"), (phase, s.name)
        if phase == "end":
            return
        if phase == "ragots":  # the Québec Habitants' round: the tablet goes round again
            ragots_round(app)
        elif phase == "night":
            night_tick(app, night)
        elif phase == "dawn":
            go_on(app)
        elif phase == "chain" and s.group:  # the fanatic's accusation: he accuses nobody
            tap(find(s, "go"))
        elif phase == "chain" and s.face_down:  # the immortal draws the first hidden card
            tap(find(s, "face_down_0"))
        elif phase == "chain" and s.drew:  # and hands the tablet back
            tap(find(s, "go"))
        elif phase == "chain":
            tap_seat_twice(app, chain(app, ctl.game.stop))
        elif phase == "debate":
            tap(find(s, "vote_" + vote_mode))
        elif s.stage == "collect":
            tap_seat_twice(app, vote(app, s.voter))
        elif s.stage == "pick":
            tap_seat_twice(app, chain(app, ctl.game.stop))
        else:
            tap(find(s, "action"))
    raise AssertionError(f"the game did not end: {ctl.phase} {screen(app).name} "
                         f"{getattr(screen(app), 'stage', '')} {ctl.game.stop} {app.message}")


def living(app) -> list[int]:
    return list(app.classic.game.living())
