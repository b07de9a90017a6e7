"""The dawn replay in a real window: a saved game with the cards on the tablet stepped through
frame by frame, forward then back, each frame's cards, arrows and sentences read against the
frames of ``game/dawn.py``; the animation of a step on the app's clock; the replay opened from
the verdict and from the history, for a tablet game and for a game of physical cards."""

from __future__ import annotations

import json
import random

import pytest

from onenight.common.errors import RulesError
from onenight.game.dawn import SEAT, dawn
from onenight.ui.driving import find, settle, tap, texts
from onenight.ui.screens.replay import ARROW_SECONDS, MOVE_SECONDS
from tests.game import tablet_play as play
from tests.ui.test_tablet_game import table_cards_again


def fresh(app):
    app.go("home")
    settle()
    if app.ctl.phase != "setup":
        app.ctl.apply({"type": "abandon"})


@pytest.fixture(autouse=True)
def physical_cards_after(app):
    """The session's other tests play with physical cards: the table goes back to them."""
    yield
    table_cards_again(app)


def tablet_game(app, players=6, scenario="metamorphoses-malefiques", seed=2) -> dict:
    """A whole game with the cards on the tablet, by events (the screens' own walk is
    test_tablet_game's); every woken player acts. Returns the saved record."""
    fresh(app)
    rng = random.Random(seed)
    play.setup(app.ctl, players, {"type": "scenario", "id": scenario})
    play.private_deal(app.ctl)
    play.night(app.ctl, rng, acts=1.0, cut=0)
    play.vote(app.ctl, rng)
    return json.loads(app.ctl.state.record_path.read_text(encoding="utf-8"))


def physical_game(app) -> dict:
    fresh(app)
    assert app.send({"type": "cards", "on": "table"})
    return play.table_cards_game(app.ctl)


def later(app, seconds):
    app.test_clock.advance(seconds)
    app.tick()
    settle(2)


def shown(screen) -> str:
    return "\n".join(texts(screen))


def check_frame(app, screen, d, i):
    """Frame ``i`` once its animation is over: the cards, tokens, arrows and sentences are
    the frame's."""
    f = d.frames[i]
    tr = app.tr
    names = d.players
    assert screen.index == i and not screen.moving and not screen._flyers
    text = shown(screen)
    assert screen.title in text
    ring, circle = find(screen, "ring"), find(screen, "circle")
    if f.kind == "votes":
        assert circle.votes == list(f.votes) and circle.counts == list(f.counts)
        top = max(f.counts)
        for s, c in enumerate(f.counts):
            if c == top:
                assert names[s] in text
        return
    if f.kind in ("deaths", "verdict"):
        assert ring.seat_cards == dict(enumerate(d.roles))
    else:
        assert ring.seat_cards == {s: c for s, c in enumerate(f.board.seats) if c is not None}
        assert ring.center_cards == dict(enumerate(f.board.center))
    for s in f.board.shields:
        assert "🛡" in ring.marks[s]
    if f.kind == "step":
        assert tr(f"night.step.{f.step}.title") == screen.title
        assert sorted(ring.lit) == sorted(f.actors)
        for s in f.actors:
            assert names[s] in text
        for look in f.looks:
            if look.card:
                assert tr("role." + look.card) in text, (f.step, look)
            if look.spot is not None and look.spot.kind == SEAT:
                assert names[look.spot.index] in text
        for m in f.moves:
            for spot in (m.source, m.target):
                if spot.kind == SEAT and (f.choice or {}).get("shift") is None:
                    assert names[spot.index] in text, (f.step, m)
        for mark in f.marks:
            assert names[mark.seat] in text
    if f.kind == "deaths":
        for death in f.deaths:
            assert names[death.seat] in text and "✝" in ring.marks[death.seat]
    if f.kind == "verdict":
        won = {v.team.value for v in f.verdicts if v.won}
        if len(won) == 1:  # the news in the title
            assert screen.title == tr("result.headline." + won.pop())
        assert sorted(ring.lit) == sorted(f.winners)
        for s in f.winners:
            assert names[s] in text


def test_a_saved_tablet_game_replays_frame_by_frame_forward_and_back(app):
    record = tablet_game(app)
    d = dawn(record)
    assert d.has_night and any(f.moves for f in d.frames)
    app.go("result")
    settle()
    tap(find(app.sm.current_screen, "replay"))
    screen = app.sm.current_screen
    assert screen.name == "replay" and screen.count == len(d.frames)
    check_frame(app, screen, d, 0)
    # forward: each frame's animation plays, on the app's clock, then the frame stands
    for i in range(1, len(d.frames)):
        tap(find(screen, "next"))
        f = d.frames[i]
        if f.moves:
            assert screen.moving and len(screen._flyers) == len(f.moves)
            ring = find(screen, "ring")
            # the table before the step, the moving cards in flight between their places
            for m in f.moves:
                where = ring.seat_cards if m.source.kind == SEAT else ring.center_cards
                assert m.source.index not in where
            assert [e.card for e, _a, _b in screen._flyers] == [m.card for m in f.moves]
            later(app, MOVE_SECONDS / 2)
            for emblem, a, b in screen._flyers:
                start = ring.seats[a.index] if a.kind == SEAT else ring.center_targets[a.index]
                assert emblem.center != start.center  # on its way
            later(app, MOVE_SECONDS / 2 + 0.01)
        elif f.kind == "votes":
            assert screen.moving
            assert sum(v is not None for v in find(screen, "circle").votes) == 1
            later(app, ARROW_SECONDS * len(f.votes))
        check_frame(app, screen, d, i)
    assert find(screen, "next").disabled
    # and back: each frame again, its animation replayed when stepped to
    for i in reversed(range(len(d.frames) - 1)):
        tap(find(screen, "prev"))
        assert screen.moving == bool(d.frames[i].moves or d.frames[i].kind == "votes")
        screen.finish()
        check_frame(app, screen, d, i)
    assert find(screen, "prev").disabled
    # "Again" plays a step's animation once more; "Back" returns to the verdict
    swap = next(i for i, f in enumerate(d.frames) if f.moves)
    screen.index = swap
    tap(find(screen, "again"))
    assert screen.moving and screen._flyers
    tap(find(screen, "back"))
    assert app.sm.current_screen.name == "result" and not screen._flyers


def test_the_replay_opens_from_the_history_for_tablet_and_physical_games(app):
    tablet = tablet_game(app, players=4, scenario="terrible-ennemi", seed=5)
    physical = physical_game(app)
    app.go("history")
    settle()
    history = app.sm.current_screen
    games = [e.path for e in history.entries]
    for record, kinds in ((tablet, None), (physical, ["dawn", "votes", "deaths", "verdict"])):
        d = dawn(record)
        if kinds is not None:
            assert [f.kind for f in d.frames] == kinds
        history.select(games.index(next(p for p in games
                                         if json.loads(p.read_text())["game"] == record["game"])))
        settle()
        tap(find(history, "replay"))
        screen = app.sm.current_screen
        assert screen.name == "replay" and screen.count == len(d.frames)
        screen.finish()
        check_frame(app, screen, d, 0)
        if not d.has_night:  # said plainly: what the record does not hold
            text = shown(screen)
            assert app.tr("replay.unknown.night") in text
            assert app.tr("replay.unknown.center") in text
            assert find(screen, "ring").centers == 0
        for i in range(1, len(d.frames)):
            tap(find(screen, "next"))
            screen.finish()
            check_frame(app, screen, d, i)
        tap(find(screen, "back"))
        assert app.sm.current_screen.name == "history"
    # a record changed since the history was read: said, never a crash
    path = next(p for p in games if json.loads(p.read_text())["game"] == tablet["game"])
    broken = dict(tablet, night={"sentinel": {"shield": 9}})
    with pytest.raises(RulesError) as why:
        dawn(broken)
    assert why.value.field.startswith("night.sentinel")
    path.write_text(json.dumps(broken), encoding="utf-8")
    history.select(games.index(path))
    tap(find(history, "replay"))
    assert app.sm.current_screen.name == "history"
    assert app.message == app.tr("replay.unreadable", field=why.value.field)
    path.write_text(json.dumps(tablet), encoding="utf-8")
    # the verdict reopened from the history replays its game too, and goes back to it
    history.select(games.index(next(p for p in games
                                    if json.loads(p.read_text())["game"] == tablet["game"])))
    tap(find(history, "open_verdict"))
    result = app.sm.current_screen
    assert result.name == "result" and result.review
    tap(find(result, "replay"))
    assert app.sm.current_screen.name == "replay"
    tap(find(app.sm.current_screen, "back"))
    assert app.sm.current_screen.name == "result" and app.sm.current_screen.review


@pytest.mark.parametrize("players,scenario,lang", [(3, "sombre-reveil", "en"),
                                                   (10, "les-sages", "fr")])
def test_every_frame_reads_whole_at_800x480(app, players, scenario, lang):
    """Three players in English and ten in French on the small screen: every frame of the
    replay (the text, the seats, the arrows) shows whole, as test_layout reads a screen."""
    from kivy.core.window import Window

    from onenight.ui.driving import pump
    from tests.ui.test_layout import problems_on_screen

    app.go("home")
    pump(1)
    Window.size = (800, 480)
    try:
        app.set_language(lang)
        tablet_game(app, players=players, scenario=scenario, seed=players)
        app.go("result")
        settle()
        tap(find(app.sm.current_screen, "replay"))
        screen = app.sm.current_screen
        problems = {}
        for i in range(screen.count):
            screen.index = i
            screen.play()
            screen.finish()
            settle(12)
            found = problems_on_screen(app, "replay")
            if found:
                problems[screen.dawn.frames[i].kind + str(i)] = found
        assert not problems, problems
    finally:
        Window.size = (1280, 800)
        app.set_language("fr")
        pump(2)


def test_every_frame_of_every_preset_is_told_in_both_languages(tmp_path):
    """Pure logic, no window: games of every preset (every woken player acting, or only part
    of the time) told frame by frame in French and in English: every sentence has its words
    (no key missing, no fact left out), each step names who had their eyes open."""
    from onenight.rules.scenarios import SCENARIOS
    from onenight.ui.screens.replay import frame_lines, frame_title
    from tests.ui.test_i18n import EN, FR

    texts_of = {"fr": FR, "en": EN}

    def translator(lang):
        def tr(key, **facts):
            return texts_of[lang][key].format(**facts)  # KeyError: a missing sentence
        return tr

    for k, sc in enumerate(SCENARIOS):
        for seed, acts in ((k, 1.0), (k + 50, 0.5)):
            n = max(sc.min_players, min(sc.max_players, 3 + (seed % 8)))
            c = play.controller(tmp_path / f"{sc.id}-{seed}", seed=seed)
            d = dawn(play.whole_game(c, n, {"type": "scenario", "id": sc.id}, seed=seed,
                                     acts=acts, cut=0.3))
            for lang in ("fr", "en"):
                tr = translator(lang)
                for i, f in enumerate(d.frames):
                    title, lines = frame_title(tr, d, i), frame_lines(tr, d, i)
                    assert title and lines and all(lines), (sc.id, f.kind)
                    assert not any("{" in line for line in lines)
                    if f.kind == "step" and f.actors:
                        assert all(d.players[s] in lines[0] for s in f.actors)
