"""The real app in its own process, driven by a scripted game: the other half of the
kill-and-resume test (test_kill_resume.py).

``python -m tests.reliability.app_driver play DATA WALL`` starts the app on the data folder
DATA and taps through a whole game, printing ``done N EVENTS`` after each step (EVENTS: how
many events the controller had accepted). The test kills it with SIGKILL at a chosen step.

With ``DRIVER_KILL_ON_SAVE=before`` the app kills itself (SIGKILL) when the confirmed game's
record is about to be saved in the history (the confirmation is journaled by then); with
``after``, as soon as the record is saved.

``python -m tests.reliability.app_driver resume DATA WALL`` starts the app again on DATA,
taps the home screen's resume button, and prints one JSON line: what the screens show and
the controller's state.

``python -m tests.reliability.app_driver second DATA WALL`` starts the app on DATA while
another holds it, prints one JSON line (what it shows, whether it opened a game), then taps
its close button. Time: a hand-moved monotonic clock from 0, and wall-clock seconds
``WALL + clock``, so the test knows exactly how long the app was "down".
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", "1280")
Config.set("graphics", "height", "800")
Config.set("graphics", "resizable", "0")
Config.set("graphics", "maxfps", "0")  # pump frames as fast as they come

NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma"]
VOTES = [1, 0, 1, 0, 1]
FINAL = ["Sorcière", "Loup-Garou", "Villageois", "Sentinelle", "Divinateur"]


#: ``box``: the vote is taken on a vote box (the app's real BoxLink on the UI tests' fake
#: client, whose pads the script presses); otherwise the host enters pointed fingers
VOTE_MODE = os.environ.get("DRIVER_VOTE", "fingers")


def make_app(data: str, wall0: float):
    from onenight.game.clock import FakeClock
    from onenight.narration import FakeAudio
    from onenight.ui.app import OneNightApp
    from onenight.ui.driving import start

    clock = FakeClock()
    audio = FakeAudio()
    boxes = []
    box_factory = None
    if VOTE_MODE == "box":
        from onenight.ui.box_link import BoxLink
        from tests.ui.conftest import FakeClient

        settings = os.path.join(data, "settings.json")
        if not os.path.exists(settings):
            with open(settings, "w") as f:
                json.dump({"box_address": "socket://box.local:7777"}, f)

        def box_factory(address, app):
            link = BoxLink(address, app, client_factory=FakeClient)
            boxes.append(link.client)
            return link

    app = OneNightApp(data_dir=data, clock=clock, rng=random.Random(5), box_factory=box_factory,
                      audio=audio, wall=lambda: wall0 + clock.now())
    app.test_clock, app.test_audio, app.test_boxes = clock, audio, boxes
    # every message the host was shown: the app clears one after a few seconds of real time,
    # which a loaded machine can spend before the driver looks
    app.test_messages = []
    app.bind(message=lambda _app, text: text and app.test_messages.append(text))
    start(app)
    return app


def screen(app):
    return app.sm.current_screen


def steps(app):
    """The scripted game, one step at a time (each a generator step)."""
    from onenight.ui.driving import find, pump, settle, tap, tap_text

    clock = app.test_clock

    def advance(seconds, every=1.0):
        """Move the clock on, ticking the screen as the app's clock would; one frame drawn at
        the end (the frames between are what a software renderer spends most on, and what
        is under test here is what the app writes down, not its pixels)."""
        while seconds > 0:
            dt = min(every, seconds)
            clock.advance(dt)
            seconds -= dt
            app.tick()
            settle(1)
        pump(1)

    tap(find(screen(app), "new"))
    s = screen(app)
    while len(s.names) < len(NAMES):
        tap(find(s, "more"))
    for row, name in zip(reversed(find(s, "rows").children), NAMES):
        row.ids.name.text = name
    tap(find(s, "next"))
    yield "players"
    tap_text(find(screen(app), "scenario_list"), "Sombre réveil")
    yield "scenario"
    tap(find(screen(app), "start"))
    yield "start_night"
    tap(find(screen(app), "looked"))  # everyone has looked at their card: the voice starts
    yield "looked"
    for i in range(4):  # the opening lines, then the first steps
        advance(6)
        yield f"night {i}"
    tap(find(screen(app), "pause"))
    yield "night paused"
    advance(30)
    yield "night still paused"
    tap(find(screen(app), "pause"))
    advance(8)
    yield "night resumed"
    for i in range(200):
        if screen(app).name != "night":
            break
        advance(4, every=4)
        if i % 5 == 0:
            yield f"night late {i}"
    assert screen(app).name == "day"
    yield "day"
    advance(30, every=10)
    tap(find(screen(app), "plus"))
    yield "day plus"
    advance(20, every=10)
    tap(find(screen(app), "pause"))
    yield "day paused"
    advance(15, every=5)
    tap(find(screen(app), "pause"))
    yield "day resumed"
    tap(find(screen(app), "speaker_btn"))
    advance(40, every=10)
    yield "first speaker"
    if VOTE_MODE == "box":
        screen(app).start_vote("box")
        yield "vote"
        tap(find(screen(app), "skip"))
        box = app.test_boxes[-1]
        for seat, target in enumerate(VOTES[:2]):
            box.press(seat, target)
            pump(2)
            app.tick()
            yield f"box vote {seat}"
        return
    screen(app).start_vote("fingers")
    yield "vote"
    tap(find(screen(app), "skip"))
    for seat, target in enumerate(VOTES):
        tap_text(find(screen(app), "targets"), NAMES[target])
        advance(1)  # the names ignore taps for a moment after each entry
        yield f"vote {seat}"
    tap(find(screen(app), "reveal"))
    yield "reveal"
    for seat, card in enumerate(FINAL):
        tap_text(find(screen(app), "cards"), card)
        yield f"card {seat}"
    tap(find(screen(app), "confirm"))
    assert screen(app).name == "result"
    yield "result"


def tablet_steps(app):
    """A scripted game with the cards on the tablet: the private deal (two players look, then
    the others), the night on the tablet (the first step with something to pick gets its
    first pick, by a tap on the ring), the vote, the verdict, then its dawn replay stepped to
    its fourth frame."""
    from onenight.ui.driving import find, pump, tap
    from tests.ui import tablet_walk as walk

    walk.to_the_deal(app, NAMES, "sombre-reveil")
    yield "tablet deal"
    for seat in range(len(NAMES)):
        walk.look(app, seat)
        yield f"looked {seat}"
    tap(find(screen(app), "go_on"))
    yield "deal done"
    picked = False
    for _sid, picks in walk.night_by_taps(app, random.Random(4), acts=1.0):
        if picks and not picked:  # a choice tapped, its step's window still open
            picked = True
            pump(1)
            yield "night pick"
    assert picked
    walk.vote_by_fingers(app, random.Random(3))
    yield "verdict"
    tap(find(screen(app), "replay"))
    for i in range(3):
        tap(find(screen(app), "next"))
        yield f"replay {i + 1}"


CLASSIC_NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
CLASSIC_DECK = "werewolf werewolf seer cupid witch hunter wolf_hound thief villager villager"


def classic_steps(app):
    """A scripted game of Thiercelieux through every kind of phase: the deal, each kind of
    night call (the thief's card, cupid's two, the wolf-hound's side, the seer's and the
    pack's seat, the witch's potions), the dawn and the hunter's shot, the election, the
    debate, a vote that ties and the captain's pick. Whom the woken and the voters name is
    read from the game (the script is the table, which knows its cards)."""
    from onenight.ui.driving import find, pump, settle, tap

    from tests.ui.classic_play import go_on, night_act, seats_holding, tap_seat_twice
    from tests.ui.tablet_walk import look

    clock = app.test_clock
    ctl = app.classic

    def advance(seconds):
        clock.advance(seconds)
        app.tick()
        settle(1)

    tap(find(screen(app), "classic"))
    s = screen(app)
    while len(s.names) < len(CLASSIC_NAMES):
        tap(find(s, "more"))
    for row, name in zip(s.rows(), CLASSIC_NAMES):
        row.ids.name.text = name
    tap(find(s, "next"))
    yield "players"
    screen(app).send({"type": "custom", "cards": CLASSIC_DECK.split()})
    tap(find(screen(app), "deal"))
    for seat in range(len(CLASSIC_NAMES)):
        look(app, seat)
        if seat == 3:
            yield "deal"
    tap(find(screen(app), "night"))
    yield "night falls"
    cards = ctl.game.cards
    hunter = seats_holding(app, "hunter")[0]
    wolves = seats_holding(app, "werewolf")
    acts = {"thief": ("a",), "cupid": ("seats", [6, 7]), "wolf_hound": ("a",),
            "seer": ("seat", wolves[0]), "werewolves": ("seat", hunter),
            "witch": ("potions", False, None)}
    for _ in range(400):
        if ctl.phase != "night":
            break
        w = ctl.state.window
        if w.stop is not None and not w.chosen and w.step in acts:
            screen(app).refresh()
            night_act(app, acts[w.step])
            yield "night " + w.step
        d = screen(app).driver
        due = d.next_due() if d is not None else None
        advance(1 if due is None else max(0.05, due + 0.01))
    pump(1)
    go_on(app)  # the village wakes: the hunter is dead
    yield "dawn"
    go_on(app)
    assert ctl.phase == "chain", ctl.phase
    yield "chain"
    village = [i for i in ctl.game.living() if cards[i] not in ("werewolf",)]
    tap_seat_twice(app, wolves[0])  # the hunter's last shot
    yield "shot"
    while ctl.phase == "dawn":
        go_on(app)
    captain = village[0]
    voters = list(ctl.game.living())
    for k, voter in enumerate(voters):
        s = screen(app)
        tap(find(s, "action"))  # the tablet passed round: "it's me"
        tap_seat_twice(app, captain if voter != captain else voters[-1])
        if k == 2:
            yield "election"
    tap(find(screen(app), "action"))  # the votes shown
    tap(find(screen(app), "action"))  # on to the debate
    advance(20)
    tap(find(screen(app), "plus"))
    yield "debate"
    tap(find(screen(app), "vote_fingers"))
    voters = list(ctl.game.living())
    a, b = [v for v in voters if v != captain][:2]
    plan, counts = {a: b, b: a}, {a: 1, b: 1}
    plan[captain] = a  # the captain's vote counts twice
    counts[a] += 2
    for voter in voters:  # the others even it out: a tie between a and b
        if voter not in plan:
            low = a if counts[a] < counts[b] else b
            plan[voter] = low if counts[a] != counts[b] else captain
            if counts[a] != counts[b]:
                counts[low] += 1
    for k, voter in enumerate(voters):
        tap_seat_twice(app, plan[voter])
        if k == 2:
            yield "vote"
    tap(find(screen(app), "action"))
    tap(find(screen(app), "action"))
    assert ctl.phase == "tie", ctl.phase
    yield "tie"


def die_on_save(app, when: str) -> None:
    """SIGKILL this process right before (``before``) or right after (``after``) the
    history takes the confirmed game's record: the narrowest windows there are."""
    history = app.ctl.history
    save = history.save

    def save_and_die(record, stem):
        if when == "after":
            save(record, stem)
        os.kill(os.getpid(), signal.SIGKILL)

    history.save = save_and_die


def play(data: str, wall0: float) -> None:
    t0 = time.monotonic()
    app = make_app(data, wall0)
    if os.environ.get("DRIVER_KILL_ON_SAVE"):
        die_on_save(app, os.environ["DRIVER_KILL_ON_SAVE"])
    game = os.environ.get("DRIVER_GAME")
    ctl = app.classic if game == "thiercelieux" else app.ctl
    script = {"thiercelieux": classic_steps, "tablet": tablet_steps}.get(game, steps)
    for n, name in enumerate(script(app), 1):
        print(f"done {n} {len(ctl.log)} {name} {time.monotonic() - t0:.2f}", flush=True)
    print("finished", flush=True)
    sys.stdin.read()  # wait to be killed


def resume_classic(data: str, wall0: float) -> None:
    """The app started again on a Thiercelieux game: resumed from the home screen."""
    from onenight.ui.driving import find, pump, tap, texts

    app = make_app(data, wall0)
    ctl = app.classic
    home = screen(app)
    out = {"message": "\n".join(app.test_messages), "can_resume": bool(home.can_resume),
           "phase": ctl.phase, "log": ctl.log}
    if home.can_resume:
        tap(find(home, "resume"))
        pump(2)
    app.tick()
    pump(1)
    s = screen(app)
    out["screen"] = s.name
    out["texts"] = sorted(set(texts(s)))
    w = ctl.state.window
    out["window"] = None if w is None else {"night": w.night, "step": w.step,
                                            "index": w.index, "chosen": w.chosen}
    out["night_running"] = s.name == "classic_night" and s.driver is not None
    out["ballots"] = None if ctl.state.ballots is None else list(ctl.state.ballots.is_in())
    out["debate_left"] = ctl.debate_view().seconds_left if ctl.phase == "debate" else None
    out["stop"] = None if ctl.game is None or ctl.game.stop is None else ctl.game.stop.step
    print(json.dumps(out, ensure_ascii=False), flush=True)
    app.stop()


def resume(data: str, wall0: float) -> None:
    from onenight.ui.driving import find, pump, tap, texts

    if os.environ.get("DRIVER_GAME") == "thiercelieux":
        return resume_classic(data, wall0)
    app = make_app(data, wall0)
    home = screen(app)
    out = {"message": "\n".join(app.test_messages), "sticky": app.message_sticky,
           "screen": home.name,
           "can_resume": bool(home.can_resume), "phase": app.ctl.phase,
           "log": app.ctl.log}
    if home.can_resume:
        tap(find(home, "resume"))
        pump(2)
    app.tick()  # the screen's own tick, as the app's clock would call it (time stands still)
    pump(1)
    s = screen(app)
    out["screen"] = s.name
    out["texts"] = sorted(set(texts(s)))
    ctl = app.ctl
    if s.name == "night":
        d = s.driver
        if d is None:  # no line said yet: the night opens on the look-at-your-card moment
            out["night"] = {"cue": None, "paused": False, "title": s.title, "line": s.line,
                            "said": app.test_audio.played()[-1:], "stage": s.stage}
        else:
            out["night"] = {"cue": d.cue_index(), "paused": d.paused, "title": s.title,
                            "line": s.line, "said": app.test_audio.played()[-1:],
                            "stage": s.stage}
        if d is not None and d.cue_index() is not None:
            out["night"]["cue_audio"] = d.plan.cues[d.cue_index()].audio
    if ctl.phase in ("day", "vote") and ctl.state.day is not None:
        v = ctl.day_view()
        out["day"] = {"left": v.seconds_left, "running": v.running}
    if s.name == "day":
        out["day"]["shown"] = find(s, "countdown").text
    if ctl.phase == "vote":
        v = ctl.vote_view()
        out["vote"] = {"is_in": list(v.is_in), "votes": v.votes and list(v.votes)}
    if VOTE_MODE == "box" and ctl.phase == "vote":
        box = app.test_boxes[-1]
        out["box_calls"] = [list(c) for c in box.calls]
        out["box_rounds"] = list(box.rounds)
        for seat, target in enumerate(VOTES):  # every pad votes (again) on the box
            box.press(seat, target)
            pump(2)
        app.tick()
        pump(1)
        v = ctl.vote_view()
        out["after_box_votes"] = {"revealed": v.revealed, "votes": v.votes and list(v.votes),
                                  "screen": screen(app).name, "stage": s.stage}
    if ctl.phase == "reveal":
        out["reveal"] = {"final": list(ctl.reveal_view().final), "seat": s.seat}
    if ctl.phase == "end":
        out["result"] = {"dead": list(ctl.outcome.dead), "winners": list(ctl.outcome.winners),
                         "record": ctl.state.record_path and ctl.state.record_path.name}
    if ctl.tablet is not None and ctl.phase == "deal":
        out["deal"] = {"looked": sorted(ctl.tablet.looked), "done": list(s.done)}
    if ctl.tablet is not None and ctl.phase == "night":
        v = ctl.step_view()
        out["step"] = {"step": v.step, "open": v.open, "picks": list(v.picks)}
        out["ring_locked"] = find(s, "ring").locked if s.name == "night" else None
    if s.name == "replay":
        out["replay"] = {"index": s.index, "count": s.count, "title": s.title}
    print(json.dumps(out, ensure_ascii=False), flush=True)
    app.stop()


def second(data: str, wall0: float) -> None:
    from kivy.app import App

    from onenight.ui.driving import find, pump, tap, texts

    app = make_app(data, wall0)
    out = {"already_open": app.already_open, "game_opened": app.ctl is not None,
           "box": app.box is not None, "texts": sorted(set(texts(app.root)))}
    tap(find(app.root, "close"))
    pump(1)
    out["closed"] = App.get_running_app() is None  # stopped by its close button
    print(json.dumps(out, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    mode, data, wall = sys.argv[1], sys.argv[2], float(sys.argv[3])
    try:
        {"play": play, "resume": resume, "second": second}[mode](data, wall)
    except Exception:  # Kivy keeps stderr quiet in tests: say it where the test reads
        import traceback

        print(json.dumps({"error": traceback.format_exc()}), flush=True)
        raise
