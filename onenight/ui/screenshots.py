"""``onenight screenshots DIR``: every screen, at 1280x800 and 800x480, as PNG files.

Each size runs in its own process (Kivy opens one window per process). The game, ten players
round the table, is played by code on a hand-moved clock, with fixed names and a fixed random
seed, so the pictures are the same every time.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

SIZES = ((1280, 800), (800, 480))
NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès",
         "Maximilien"]


def configure(width: int, height: int) -> None:
    """Kivy's settings for a window of this size driven by code; before anything imports
    Kivy's clock or window."""
    from kivy.config import Config

    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("graphics", "resizable", "0")
    Config.set("kivy", "exit_on_escape", "0")
    # No frame cap: the tour draws its frames itself, and with Kivy's (60 a second) every
    # tick of its clock slept to the next sixtieth of a second, a settle() 133 ms: over half
    # of the command's wall time was spent asleep.
    Config.set("graphics", "maxfps", "0")


def render(out_dir: Path, width: int, height: int, lang: str = "fr") -> list[Path]:
    configure(width, height)
    import random

    from onenight.game.clock import FakeClock
    from onenight.narration import FakeAudio

    from .app import OneNightApp

    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="onenight-shots-") as data:
        app = OneNightApp(data_dir=data, clock=FakeClock(), rng=random.Random(11),
                          audio=FakeAudio())
        try:
            return _play(app, out_dir, f"{width}x{height}", lang)
        finally:
            app.stop()


def _play(app, out_dir: Path, suffix: str, lang: str) -> list[Path]:
    """Play a game on ``app`` by code, a picture of each screen on the way."""
    from .driving import pump, start

    clock = app._clock
    start(app)
    if app.lang != lang:
        app.set_language(lang)
    shots: list[Path] = []

    from kivy.core.window import Window

    from .driving import settle

    for number, name in enumerate(chain(tour(app, clock), classic_tour(app, clock)), 1):
        settle(12)  # every label fitted to its box
        pump(3)
        p = out_dir / f"{number:02d}-{name}-{suffix}.png"
        picture(Window, p)
        shots.append(p)
    return shots


def chain(*tours):
    for t in tours:
        yield from t


#: eighteen players for the classic game's pictures: the largest table
CLASSIC_NAMES = NAMES + ["Jules", "Karim", "Léa", "Manon", "Nathan", "Océane", "Paul",
                         "Romane"]


def classic_tour(app, clock):
    """Every screen of a Thiercelieux game of eighteen players (Best Of), played by code:
    the names, the cards, the deal (a card held), a night call with a choice and one
    without, the dawn, the election, the debate, the vote (collecting, then shown), a tie
    settled by the captain, the end and its story; then the dawn of a game of the wider cast,
    with its news. Yields each state's name once shown."""
    from .driving import settle

    ctl = app.classic

    def screen():
        return app.sm.current_screen

    def later(seconds=1.0):
        _later(app, clock, seconds)

    app.go("home")
    if ctl.phase != "setup":
        app.send({"type": "abandon"}, ctl)
    app.go("classic_players")
    players = screen()
    players.names = CLASSIC_NAMES[:]
    players._rebuild()
    settle()
    yield "classic-players"
    players.confirm()
    setup = screen()
    setup.use_preset("best_of")
    setup.set_deal_mode("tablet")  # (the last game's way is remembered)
    yield "classic-setup"
    app.go("classic_deck")
    yield "classic-deck"
    deck = screen()  # the whole cast filtered: the compendium's villagers
    deck.toggle("booklet", "000")
    deck.toggle("side", "villagers")
    yield "classic-deck-filtered"
    deck.toggle("booklet", "000")
    deck.toggle("side", "villagers")
    app.go("classic_setup")
    setup.set_deal_mode("tablet")
    setup.deal()
    deal = screen()
    yield from _private_deal(deal.ids.deal, len(CLASSIC_NAMES), 5, "classic")
    deal.night_falls()
    night = screen()
    cards = ctl.game.cards
    wolves = [i for i, c in enumerate(cards) if "wolf" in c]
    quiet = acted = False
    for _ in range(2000):
        if ctl.phase != "night":
            break
        w = ctl.state.window
        if not quiet and w.kind.value == "none" and w.step != "dusk":
            later(3)
            quiet = True
            yield "classic-night-no-action"
        if w.step == "werewolves" and not w.chosen:
            victim = next(i for i in range(len(cards)) if i not in wolves)
            night.tap_seat(victim)
            if not acted:
                acted = True
                yield "classic-night"
            night.tap_seat(victim)
            yield "classic-night-chosen"
        elif w.stop is not None and w.stop.required and not w.chosen:
            night.refresh()
            if w.kind.value == "seats":
                night.tap_seat(0)
                night.tap_seat(1)
                night.tap_seat(1)
            elif w.kind.value == "seat":
                night.tap_seat(0)
                night.tap_seat(0)
            else:
                night.tap_value({"side": "side", "card": "take"}.get(w.kind.value, "take"), 0)
                night.tap_value({"side": "side", "card": "take"}.get(w.kind.value, "take"), 0)
        d = night.driver
        due = d.next_due() if d is not None else None
        later(1 if due is None else max(0.05, due + 0.01))
    dawn = screen()
    dawn.go_on()
    for _ in range(30):
        later(1)
    yield "classic-dawn"
    while ctl.phase in ("dawn", "chain"):
        if ctl.phase == "chain":
            target = next(i for i in ctl.game.living() if i not in ctl.game.stop.among)
            dawn.tap_seat(target)
            dawn.tap_seat(target)
        else:
            dawn.go_on()
    vote = screen()
    living = list(ctl.game.living())
    captain = living[0]
    for k, voter in enumerate(living):
        vote.i_am()
        target = captain if voter != captain else living[1]
        vote.tap_seat(target)
        if k == 3:
            yield "classic-election"
        vote.tap_seat(target)
    vote.count()
    yield "classic-election-shown"
    vote.go_on()
    debate = screen()
    later(70)
    yield "classic-debate"
    debate.start_vote("fingers")
    vote = screen()
    living = list(ctl.game.living())
    a, b = [v for v in living if v != captain][:2]
    plan, counts = {a: b, b: a, captain: a}, {a: 3, b: 1}
    for voter in living:  # the others even it out: a tie between a and b
        if voter not in plan:
            low = a if counts[a] < counts[b] else b
            plan[voter] = low if counts[a] != counts[b] else captain
            counts[low] += counts[a] != counts[b]
    for k, voter in enumerate(living):
        vote.tap_seat(plan[voter])
        if k == 4:
            yield "classic-vote"
        vote.tap_seat(plan[voter])
    vote.count()
    yield "classic-vote-shown"
    vote.go_on()
    vote.tap_seat(a)
    yield "classic-tie"
    vote.tap_seat(a)
    vote.go_on()
    if ctl.phase != "end":
        app.send({"type": "abandon"}, ctl)
    end = _finished_classic(app)
    yield "classic-end"
    end.tab = "story"
    yield "classic-story"
    yield from _wider_cast_dawn(app, clock)
    yield from _every_booklet_night(app, clock)
    app.go("home")


def _wider_cast_dawn(app, clock):
    """The dawn of a game of the wider cast (played through the controller): the dead, then
    the raven's poster, the magistrate's immune and the mage's vanished player."""
    from onenight.classic.model import Seat, Seats
    from onenight.game.classic_flow import choice_json

    from .screens.classic_base import PHASE_SCREEN

    ctl = app.classic
    _dealt(ctl, ["werewolf", "raven", "magistrate", "hypnotist", "mage", "werewolf", "seer",
                 "villager", "villager", "villager"])
    plan = {"raven": Seat(3), "magistrate": Seat(6), "hypnotist": Seats((7, 5)),
            "mage": Seat(8), "werewolves": Seat(9)}
    for _ in range(500):
        w = ctl.state.window
        if ctl.phase != "night" or w is None:
            break
        if not w.chosen and w.stop is not None and w.step in plan:
            ctl.apply({"type": "choose", **choice_json(plan[w.step])})
        ctl.apply({"type": "step_end", "step": w.step})
    app.go(PHASE_SCREEN[ctl.phase])
    dawn = app.sm.current_screen
    dawn.go_on()
    for _ in range(30):
        _later(app, clock)
    yield "classic-dawn-news"


def _dealt(ctl, cards: list[str], left_over: list[str] = ()) -> None:
    """A new classic game of ``cards`` (and the thief's ``left_over``), dealt in their order
    and seen: its first night begins."""
    if ctl.phase != "setup":
        ctl.apply({"type": "new_game"} if ctl.phase == "end" else {"type": "abandon"})
    ctl.apply({"type": "players", "names": CLASSIC_NAMES[:len(cards)]})
    ctl.apply({"type": "custom", "cards": list(cards) + list(left_over)})
    ctl.apply({"type": "deal", "mode": "tablet", "seats": cards, "left_over": list(left_over)})
    for seat in range(len(cards)):
        ctl.apply({"type": "seen", "seat": seat})
    ctl.apply({"type": "deal_done"})


#: A deck with characters of every booklet: the base game and Le Village (001: the raven,
#: the pyromaniac, the thief), Best Of (003: the fox, the bear tamer), the new characters
#: (000: the mage, Cassandra, the apprentice seer), and the Québec booklet's (002: the
#: Memére at the table, the Chien-Garou left over with the fox for the thief).
EVERY_BOOKLET = ["werewolf", "raven", "thief", "mage", "werewolf", "seer", "cassandra",
                 "pyromaniac", "bear_tamer", "apprentice_seer", "memere", "villager"]
EVERY_BOOKLET_LEFT_OVER = ["dog_wolf", "fox"]


def _every_booklet_night(app, clock):
    """The first night of a game whose deck has characters of every booklet, at the call
    of seed 001's thief, shown the Québec booklet's Chien-Garou and Best Of's fox (the calls
    before it played through the controller)."""
    ctl = app.classic
    _dealt(ctl, EVERY_BOOKLET, EVERY_BOOKLET_LEFT_OVER)
    for _ in range(500):
        w = ctl.state.window
        if ctl.phase != "night" or w is None or w.step == "thief":
            break
        ctl.apply({"type": "step_end", "step": w.step})
    app.go("classic_night")
    _later(app, clock, 3)
    yield "classic-night-every-booklet"
    app.sm.current_screen._leave()  # (the night's voice stopped, as the host leaving it)


def _finished_classic(app):
    """The end screen of a short finished game of eighteen (played through the controller:
    the pictures of its end and its story)."""
    import random as _random

    from onenight.game.classic_flow import play_by_events

    from .screens.classic_base import PHASE_SCREEN

    ctl = app.classic
    ctl.apply({"type": "players", "names": CLASSIC_NAMES})
    ctl.apply({"type": "preset", "id": "best_of"})
    ctl.apply({"type": "deal"})
    for seat in range(len(CLASSIC_NAMES)):
        ctl.apply({"type": "seen", "seat": seat})
    ctl.apply({"type": "deal_done"})
    play_by_events(ctl, _random.Random(4), lambda c: c.phase == "end")
    app.go(PHASE_SCREEN[ctl.phase])
    return app.sm.current_screen


def _private_deal(private, players: int, before: int, prefix: str):
    """The private deal ``private`` (a :class:`.widgets.private_deal.PrivateDeal`) of
    ``players``, each taking the tablet, holding the button to see their card, letting go and
    handing it on: yields ``<prefix>-deal`` once ``before`` have, ``<prefix>-deal-card`` while
    the next one holds the button; then the others look."""

    def look(seat, hold=False):
        private.take(seat)
        private.hold()
        if not hold:
            private.let_go()
            private.hand_on()

    for seat in range(before):
        look(seat)
    yield f"{prefix}-deal"
    look(before, hold=True)
    yield f"{prefix}-deal-card"
    private.let_go()
    private.hand_on()
    for seat in range(before + 1, players):
        look(seat)


def _later(app, clock, seconds: float = 1.0) -> None:
    """Let the game clock run (the vote's names ignore taps just after an entry)."""
    from .driving import settle

    clock.advance(seconds)
    app.tick()
    settle()


def close_windows() -> None:
    from kivy.core.window import Window

    for w in list(Window.children):
        if getattr(w, "_is_open", False):
            w.dismiss()


def tour(app, clock):
    """Put the app, one after the other, in every state worth a look: ten players round
    the table, a whole game from the home screen to the verdict. Yields each state's name
    once the app shows it (for a picture, or for a test that reads every screen)."""
    from .driving import find, settle, tap

    def screen():
        return app.sm.current_screen

    def later(seconds=1.0):
        _later(app, clock, seconds)

    app.go("home")
    yield "home"
    app.go("tutorial")
    yield "tutorial"
    app.go("home")
    tap(find(screen(), "new"))
    players = screen()
    players.names = NAMES[:]
    players._rebuild()
    settle()
    yield "players"
    tap(find(players, "next"))
    screen().choose("nuit-du-loup-garou")
    yield "scenario"
    app.go("deck")
    yield "deck"
    app.go("cards")
    yield "cards"
    app.go("scenario")
    tap(find(screen(), "start"))
    night = screen()
    later(2)
    yield "night-look"
    night.begin_night()
    for _ in range(80):  # on to the first role called
        later(1)
        if night.title not in ("", app.tr("night.intro.title")):  # a role is called
            break
    later(3)
    yield "night"
    night.toggle_pause()
    yield "night-paused"
    night.stop_night()
    yield "night-leave"
    close_windows()
    night.toggle_pause()
    for _ in range(400):
        if app.ctl.phase != "night":
            break
        later(5)
    day = screen()
    day.first_speaker()
    later(75)
    yield "day"
    day.toggle()
    yield "day-paused"
    day.toggle()
    day.ask_vote()
    yield "vote-modes"
    close_windows()
    day.start_vote("fingers")
    vote = screen()
    later(1.2)
    yield "vote-countdown"
    vote.skip_countdown()
    for target in (1, 0, 1, 1):
        vote.pick(target)
        later()
    yield "vote-fingers"
    for target in (1, 1, 3, 1, 4, 1):
        vote.pick(target)
        later()
    yield "vote-revealed"
    vote.to_reveal()
    reveal = screen()
    cards = ["villager", "mystic_wolf", "sentinel", "bodyguard", "alpha_wolf", "aura_seer",
             "witch", "revealer", "prince", "curator"]
    for seat, card in enumerate(cards):
        reveal.select(seat)
        reveal.set_card(card)
    reveal.select(4)
    reveal.show_card()
    yield "reveal"
    reveal.select(9)
    reveal.set_artifact("shroud")
    yield "reveal-extras"
    reveal.confirm()
    yield "result"
    # the games on the tablet are dealt from seeds of their own: the same pictures whatever the
    # app drew before (the replay's swap needs two players' cards dealt, not left in the centre)
    original = app.ctl.rng
    try:
        app.ctl.rng = random.Random(7)
        yield from replay_tour(app, clock)
        app.ctl.rng = random.Random(11)
        yield from tablet_tour(app, clock)
    finally:
        app.ctl.rng = original
    app.go("history")
    yield "history"
    app.go("settings")
    yield "settings"
    app.go("home")


def tablet_tour(app, clock):
    """A game with the cards on the tablet (ten players, Les sages): the private deal (the
    tablet going round, then a player holding the button to see their card), and the night
    on the tablet: the first step whose player chooses a card to look at, the card tapped once
    (a second tap confirms); then a step whose player learns two things at once, what they
    learn shown. The game is left after, unfinished."""
    from onenight.rules.turns import Turn

    from .driving import settle, tap

    def send(event):
        assert app.send(event), (event, app.message)

    if app.ctl.phase != "setup":
        send({"type": "new_game"})
    send({"type": "players", "names": NAMES[:]})
    send({"type": "cards", "on": "tablet"})
    send({"type": "scenario", "id": "les-sages"})
    send({"type": "start_night"})
    app.go("deal")
    deal = app.sm.current_screen
    yield from _private_deal(deal.ids.deal, len(NAMES), 4, "tablet")
    deal.go_on()
    night = app.sm.current_screen
    ring = night.ids.ring
    for _ in range(400):  # on to the first step whose player looks at a card
        _later(app, clock, 1.5)
        v, turn = app.ctl.step_view(), app.ctl.tablet.turn
        if not v.open or turn is None or turn.picks:
            continue
        look_at = next(((key, value) for _, picks in turn.legal if len(picks) == 1
                        for key, value in picks if key in ("view", "view_center")
                        and isinstance(value, int)), None)
        if look_at is not None:
            break
    else:
        raise AssertionError("no step of the night lets a player look at a card")
    settle()
    key, value = look_at
    target = (ring.seats if key == "view" else ring.center_targets)[value]
    tap(target)  # (a second tap would confirm)
    yield "tablet-night-choice"
    tap(target)  # confirmed
    # on to a step whose player learns two things at once (the Seer's two centre cards, a
    # lone wolf's pack and a centre card), chosen with the same taps
    for _ in range(400):
        _later(app, clock, 1.5)
        v, turn = app.ctl.step_view(), app.ctl.tablet.turn
        if not v.open or turn is None or turn.picks:
            continue
        two = next((picks for _, picks in turn.legal if len(picks) == 1
                    and len(Turn(turn.table, turn.step, picks).learned()) == 2), None)
        if two is not None:
            break
    else:
        raise AssertionError("no step of the night teaches a player two things at once")
    settle()
    (key, value), = two
    targets = ring.center_targets if "center" in key else ring.seats
    for i in value if isinstance(value, (list, tuple)) else (value,):
        tap(targets[i])
    tap(ring.ids.confirm)
    settle()
    assert len(night.ids.secrets.items) == 2, night.ids.secrets.items
    yield "tablet-night-learned"
    app.go("home")
    send({"type": "abandon"})
    send({"type": "cards", "on": "table"})


def replay_tour(app, clock):
    """A game with the cards on the tablet (ten players, Les sages), played by events with a
    fixed generator, then its dawn replay at three moments: two cards changing places in the
    night, the votes, the verdict. The table goes back to physical cards after."""
    import random

    from onenight.game.tablet import play_step

    from .driving import find, settle, tap
    from .screens.replay import MOVE_SECONDS

    def send(event):
        assert app.send(event), (event, app.message)

    rng = random.Random(7)
    send({"type": "new_game"})
    send({"type": "players", "names": NAMES[:]})
    send({"type": "cards", "on": "tablet"})
    send({"type": "scenario", "id": "les-sages"})
    send({"type": "start_night"})
    for seat in range(len(NAMES)):
        send({"type": "looked", "seat": seat})
    send({"type": "deal_done"})
    while not app.ctl.tablet.over:
        play_step(send, app.ctl, rng, acts=1.0)
    send({"type": "night_done"})
    send({"type": "start_vote", "mode": "tablet"})
    for seat, target in enumerate((4, 0, 4, 1, 0, 4, 9, 4, 2, 4)):
        send({"type": "vote", "seat": seat, "target": target})
    send({"type": "to_reveal"})
    app.go("result")
    settle()
    tap(find(app.sm.current_screen, "replay"))
    replay = app.sm.current_screen
    frames = replay.dawn.frames
    # two players' cards changing places, half-way
    replay.index = next(i for i, f in enumerate(frames) if len(f.moves) == 2
                        and all(m.source.kind == "seat" for m in f.moves))
    replay.play()
    _later(app, clock, MOVE_SECONDS * 0.45)
    yield "replay-swap"
    replay.index = replay.dawn.index("votes")
    replay.play()
    replay.finish()
    yield "replay-votes"
    replay.index = replay.dawn.index("verdict")
    replay.play()
    yield "replay-verdict"
    tap(find(replay, "back"))
    send({"type": "new_game"})
    send({"type": "cards", "on": "table"})


def picture(window, path: Path) -> None:
    """What the window shows, modal windows included, on its clear colour (the screen's
    background), as a PNG: the window's widgets drawn once more into an offscreen buffer."""
    from kivy.graphics import ClearBuffers, ClearColor, Fbo

    fbo = Fbo(size=window.size, with_stencilbuffer=True)
    with fbo:
        ClearColor(*window.clearcolor)
        ClearBuffers()
    children = list(reversed(window.children))  # the app's root first, then the windows
    moved = [(window.canvas.indexof(c.canvas), c.canvas) for c in children]
    moved = [(i, c) for i, c in moved if i > -1]
    for child in children:
        if window.canvas.indexof(child.canvas) > -1:
            window.canvas.remove(child.canvas)
        fbo.add(child.canvas)
    try:
        fbo.draw()
        fbo.texture.save(str(path), flipped=True)
    finally:
        for _index, canvas in moved:
            fbo.remove(canvas)
        for index, canvas in sorted(moved, key=lambda m: m[0]):
            window.canvas.insert(index, canvas)


def main(argv: list[str]) -> int:
    """One size, in this process: ``DIR WIDTHxHEIGHT [LANG]``. A failure is said on the
    console (Kivy sends standard error to its log, which this process does not show)."""
    out = Path(argv[0])
    w, h = (int(x) for x in argv[1].split("x"))
    lang = argv[2] if len(argv) > 2 else "fr"
    try:
        shots = render(out, w, h, lang)
    except Exception as e:
        import traceback

        why = f"{e.__class__.__name__}: {e}" if isinstance(e, OSError) else \
            traceback.format_exc().rstrip()
        print(f"onenight screenshots: the pictures at {w}x{h} could not be made: {why}",
              file=sys.__stderr__, flush=True)
        return 1
    for p in shots:
        print(p)
    return 0


def run(out_dir: str, lang: str = "fr") -> int:
    """Render every screen at both sizes, one process per size, both at once."""
    import shutil

    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        if shutil.which("xvfb-run") is None:
            print("onenight screenshots: no screen (DISPLAY is not set) and no xvfb-run to "
                  "make one: install the xvfb package", file=sys.stderr)
            return 2
        # this whole command again on one virtual screen (two xvfb-run started at once
        # may pick the same free display)
        return subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", sys.executable,
                               "-m", "onenight", "screenshots", out_dir, "--lang", lang],
                              env=env).returncode
    children = [subprocess.Popen([sys.executable, "-m", "onenight.ui.screenshots", out_dir,
                                  f"{w}x{h}", lang], env=env)
                for w, h in SIZES]  # side by side: one core each where there are two
    return 1 if any([p.wait() for p in children]) else 0  # (a failing child said why)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
