"""``onenight screenshots DIR``: every screen, at 1280x800 and 800x480, as PNG files.

Each size runs in its own process (Kivy opens one window per process). The game is played
by code on a hand-moved clock, with fixed names and a fixed random seed, so the pictures are
the same every time.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

SIZES = ((1280, 800), (800, 480))
NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid"]


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
    from .driving import find, pump, start, tap

    clock = app._clock
    start(app)
    if app.lang != lang:
        app.set_language(lang)
    shots: list[Path] = []

    # the window's clear colour is the screen's background; a picture of the root widget alone
    # would have none, so paint it under the root for the pictures only
    from kivy.graphics import Color, Rectangle

    from . import theme

    from kivy.core.window import Window

    with app.root.canvas.before:
        backdrop_colour = Color(*theme.BG)
        backdrop = Rectangle(pos=app.root.pos, size=app.root.size)

    def shot(name: str):
        pump(3)
        backdrop_colour.rgba = Window.clearcolor  # the night's is darker
        backdrop.pos, backdrop.size = app.root.pos, app.root.size
        p = out_dir / f"{name}-{suffix}.png"
        app.root.export_to_png(str(p))
        shots.append(p)

    def screen():
        return app.sm.current_screen

    shot("01-home")
    tap(find(screen(), "new"))
    names = NAMES[:]
    players = screen()
    players.names = names
    players._rebuild()
    shot("02-players")
    tap(find(players, "next"))
    app.sm.current_screen.choose("nuit-du-loup-garou")
    shot("03-scenario")
    app.go("deck")
    shot("04-deck")
    app.go("cards")
    shot("05-cards")
    app.go("scenario")
    tap(find(screen(), "start"))
    night = screen()
    for _ in range(60):  # on to the first role called
        clock.advance(1)
        app.tick()
        if night.title not in ("", app.tr("night.intro.title")):  # a role is called
            break
    clock.advance(3)
    app.tick()
    shot("06-night")
    for _ in range(200):
        if app.ctl.phase != "night":
            break
        clock.advance(5)
        app.tick()
    pump(2)
    day = screen()
    day.first_speaker()
    clock.advance(75)
    app.tick()
    shot("07-day")
    day.start_vote("fingers")
    vote = screen()
    clock.advance(1.2)
    app.tick()
    shot("08-vote-countdown")
    vote.skip_countdown()
    for target in (1, 0, 1):
        vote.pick(target)
    shot("09-vote-in")
    for target in (1, 1, 3):
        vote.pick(target)
    shot("10-vote-revealed")
    vote.to_reveal()
    reveal = screen()
    for seat, card in enumerate(["villager", "werewolf", "sentinel", "witch", "alpha_wolf",
                                 "aura_seer"]):
        reveal.select(seat)
        reveal.set_card(card)
    reveal.select(1)
    shot("11-reveal")
    reveal.confirm()
    shot("12-result")
    app.go("history")
    shot("13-history")
    app.go("settings")
    shot("14-settings")
    return shots


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
