"""The traps a real table falls into, replayed as a host's fingers would: a double tap that
votes for the next player, a vote closed in front of the last voters, a night that starts
over when the host steps out of it, a window that closes under the second tap."""

from kivy.core.window import Window

from onenight.ui.driving import centre, find, pump, settle, tap, tap_at, tap_text, texts
from tests.ui.test_game import NAMES, back_home, screen, shown


def straight_to_the_debate(app, names):
    """A new game of ``names`` (Sombre réveil) brought to its debate through the controller:
    the night itself is not what these tests are about."""
    back_home(app)
    for event in ({"type": "abandon"}, {"type": "players", "names": list(names)},
                  {"type": "scenario", "id": "sombre-reveil"}, {"type": "start_night"},
                  {"type": "night_done", "minutes": 5}):
        assert app.send(event), app.message
    app.go("day")
    settle()


def dialogs():
    """The modal windows open now."""
    return [w for w in Window.children if getattr(w, "_is_open", False)]


def close_dialogs():
    for d in dialogs():
        d.dismiss(animation=False)
    settle()


def test_a_double_tap_in_the_fingers_vote_does_not_vote_for_the_next_player(app):
    straight_to_the_debate(app, NAMES)
    screen(app).start_vote("fingers")
    vote = screen(app)
    tap(find(vote, "skip"))
    chloe = [b for b in find(vote, "targets").children if b.text == "Chloé"][0]
    x, y = centre(chloe)
    tap_at(x, y)  # Alice points at Chloé...
    app.test_clock.advance(0.12)
    tap_at(x, y)  # ...and the finger lands again, 120 ms later
    assert app.ctl.state.votes == [2, None, None, None, None]
    # the entry is confirmed where the host looks, and the undo says what it undoes
    assert "Alice → Chloé" in shown(app)
    undo = find(vote, "undo")
    assert not undo.disabled and "Alice" in undo.text and "Chloé" in undo.text
    # once the guard is over, the next finger is taken for the next player
    app.test_clock.advance(1)
    app.tick()
    settle()
    tap_at(x, y)
    assert app.ctl.state.votes[:2] == [2, 2]
    tap(find(vote, "undo"))
    assert app.ctl.state.votes[:2] == [2, None]
    back_home(app)


def test_closing_the_box_vote_asks_first_and_shows_nothing_until_every_vote_is_in(app):
    app.settings.box_address = "socket://box.local:7777"
    app.connect_box()
    box = app.test_boxes[-1]
    try:
        straight_to_the_debate(app, NAMES[:4])
        screen(app).start_vote("box")
        vote = screen(app)
        tap(find(vote, "skip"))
        box.press(0, 1)
        box.press(2, 1)
        pump(2)
        app.tick()
        tap(find(vote, "close"))
        # nothing closed yet: the host is asked first
        assert ("close",) not in box.calls
        assert dialogs(), "closing early asks for confirmation"
        tap_text(dialogs()[0], app.tr("dialog.cancel"))
        assert not dialogs() and ("close",) not in box.calls
        tap(find(vote, "close"))
        tap_text(dialogs()[0], app.tr("vote.close_confirm_yes"))
        assert ("close",) in box.calls
        pump(2)
        app.tick()
        settle()
        # the missing votes are asked first, in private: no vote and no count is shown
        circle = find(vote, "circle")
        assert circle.votes is None and circle.counts is None
        assert not app.ctl.vote_view().revealed
        assert "Ben" not in find(vote, "summary").text
        assert "Passez la tablette à Bruno" in shown(app)
        tap(find(vote, "ready_btn"))
        # the private voter's screen offers their own vote and nothing else
        buttons = {t for t in texts(vote)}
        assert app.tr("vote.close") not in buttons and app.tr("nav.home") not in buttons
        tap_text(find(vote, "targets"), "Alice")
        app.test_clock.advance(2)  # the tablet goes to the next player
        app.tick()
        tap(find(vote, "ready_btn"))
        tap_text(find(vote, "targets"), "Alice")
        v = app.ctl.vote_view()
        assert v.revealed and v.votes == (1, 0, 1, 0)
        assert circle.votes == [1, 0, 1, 0]
    finally:
        close_dialogs()
        app.settings.box_address = ""
        app.connect_box()
        back_home(app)


def test_a_private_voter_sees_only_their_own_vote(app):
    straight_to_the_debate(app, NAMES[:3])
    screen(app).start_vote("tablet")
    vote = screen(app)
    tap(find(vote, "skip"))
    tap(find(vote, "ready_btn"))
    # their own name (greyed, in its place), the others, and a way back if it is not them
    assert set(texts(vote)) == {vote.prompt, "Alice", "Bruno", "Chloé", app.tr("vote.not_me")}
    assert vote.prompt == "Alice, contre qui votes-tu ?"
    back_home(app)


def step_to(app, night, title):
    for _ in range(200):
        if night.title == title:
            return
        app.test_clock.advance(1)
        app.tick()
    raise AssertionError(f"no step {title!r}")


def test_leaving_the_night_asks_first_and_coming_back_goes_on_where_it_stopped(app):
    back_home(app)
    tap(find(screen(app), "new"))
    from tests.ui.test_game import type_players
    type_players(app, NAMES[:3])
    tap_text(find(screen(app), "scenario_list"), "Sombre réveil")
    tap(find(screen(app), "start"))
    night = screen(app)
    if find(night, "looked").opacity:  # the "look at your card" moment
        tap(find(night, "looked"))
    step_to(app, night, "Loups-garous")
    app.test_clock.advance(3)
    app.tick()
    at = night.driver.cue_index()
    line = night.line
    tap(find(night, "leave"))
    assert screen(app).name == "night" and dialogs()  # asked first
    tap_text(dialogs()[0], app.tr("dialog.cancel"))
    assert screen(app).name == "night" and night.driver is not None
    tap(find(night, "leave"))
    tap_text(dialogs()[0], app.tr("night.leave_confirm_yes"))
    assert screen(app).name == "home"
    app.test_clock.advance(30)
    tap(find(screen(app), "resume"))
    assert screen(app).name == "night"
    # the night goes on: the line it stopped at is said again, not the night's first line
    assert night.driver.cue_index() == at and night.line == line
    assert app.tr("night.goes_on") in shown(app)
    # the language changes without leaving the night
    tap(find(night, "lang"))
    assert app.lang == "en" and screen(app).name == "night"
    assert night.driver.cue_index() == at
    tap(find(night, "lang"))
    assert app.lang == "fr"
    back_home(app)


def test_a_double_tap_on_vote_leaves_the_vote_window_open(app):
    straight_to_the_debate(app, NAMES[:3])
    day = screen(app)
    x, y = centre(find(day, "vote"))
    tap_at(x, y)
    app.test_clock.advance(0.12)
    tap_at(x, y)  # the second tap of a double tap lands outside the window
    pump(1)
    modes = [d for d in dialogs() if d.__class__.__name__ == "VoteModes"]
    assert modes, "the vote window closed under the second tap"
    m = modes[0]
    # a disabled choice says why, and the window has a way out
    box = find(m, "box")
    assert box.disabled and app.tr("vote.mode.box_why_none") in shown_in(m)
    tap(find(m, "cancel"))
    assert not dialogs() and screen(app).name == "day"
    back_home(app)


def shown_in(widget):
    return "\n".join(texts(widget))
