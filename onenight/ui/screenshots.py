"""``onenight screenshots DIR``: every screen, at 1280x800 and 800x480, as PNG files.

Each size runs in its own process (Kivy opens one window per process). The game, ten players
round the table, is played by code on a hand-moved clock, with fixed names and a fixed random
seed, so the pictures are the same every time.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

SIZES = ((1280, 800), (800, 480))
NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès",
         "Maximilien"]


def render(out_dir: Path, width: int, height: int, lang: str = "fr") -> list[Path]:
    from kivy.config import Config

    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("graphics", "resizable", "0")
    Config.set("kivy", "exit_on_escape", "0")
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

    for number, name in enumerate(tour(app, clock), 1):
        settle(12)  # every label fitted to its box
        pump(3)
        p = out_dir / f"{number:02d}-{name}-{suffix}.png"
        picture(Window, p)
        shots.append(p)
    return shots


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
        """Let the game clock run (the vote's names ignore taps just after an entry)."""
        clock.advance(seconds)
        app.tick()
        settle()

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
    app.go("history")
    yield "history"
    app.go("settings")
    yield "settings"
    app.go("home")


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
