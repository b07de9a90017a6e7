"""A demo game the app can start in, for the benchmark and for trying the app: straight into
the night or into the debate countdown, with five players and no question asked.

``ONENIGHT_DEMO`` (read by ``run_app``) holds a spec:

* ``night``: the night of *Sombre réveil* for five players, at the standard pace;
* ``night:short``: a short night (two werewolves and villagers, three players, the quickest
  pace), for a quick run;
* ``day`` or ``day:SECONDS``: the debate countdown, ``SECONDS`` long (10 minutes by default);
* ``classic-night``: the first night of a Thiercelieux game of eight (the first-game deck),
  nobody choosing, each call lasting its time;
* ``classic-day``: the same game's first debate, its night and dawn played by events;
* ``classic-game``: the same game played on and on, for a long run: each night in the app
  as ``classic-night`` plays it, each day from dawn to the next night played by events (the
  debate, the votes, every decision), and when a game ends, the next one dealt.

The demo plays in a fresh temporary data folder, so it never touches the host's settings,
history or box keys, and it has no random extra time at night (``jitter_seconds = 0``).
"""

from __future__ import annotations

import math
import random

from . import trace

DEMO_ENV = "ONENIGHT_DEMO"
PLAYERS = ["Ana", "Ben", "Cyd", "Dan", "Eli"]
CLASSIC_PLAYERS = PLAYERS + ["Fay", "Gus", "Hal"]
SHORT_DECK = ["werewolf", "werewolf", "villager", "villager", "villager", "villager"]


class DemoError(ValueError):
    pass


def parse(spec: str) -> tuple[str, str | float | None]:
    """``(kind, arg)`` for a spec; DemoError naming what is accepted otherwise."""
    kind, _, arg = (spec or "").strip().partition(":")
    if kind in ("classic-night", "classic-day", "classic-game") and not arg:
        return kind, None
    if kind == "night" and arg in ("", "short"):
        return "night", arg or None
    if kind == "day":
        if not arg:
            return "day", 600.0
        try:
            seconds = float(arg)
        except ValueError:
            seconds = -1.0
        if 1 <= seconds <= 900:
            return "day", seconds
    raise DemoError(f"{DEMO_ENV}={spec!r}: expected night, night:short, day or day:SECONDS "
                    "(1 to 900), classic-night, classic-day or classic-game")


def setup(app, spec: str) -> "ClassicGames | None":
    """Put the running app's game in the state ``spec`` asks for and show its screen; for
    ``classic-game``, what keeps it playing (its ``stop()`` ends that)."""
    kind, arg = parse(spec)
    s = app.settings
    s.jitter_seconds = 0
    if kind.startswith("classic-"):
        return _classic(app, kind)
    if kind == "night" and arg == "short":
        players, deck = PLAYERS[:3], SHORT_DECK
        s.night_pace = 10
    else:
        players, deck = PLAYERS, None
    _send(app, {"type": "players", "names": players})
    if deck is None:
        _send(app, {"type": "scenario", "id": "sombre-reveil"})
    else:
        _send(app, {"type": "custom", "cards": deck})
    _send(app, {"type": "start_night"})
    if kind == "night":
        app.go("night")
        app.sm.get_screen("night").begin_night()  # no moment to look at cards: a demo
        return
    # the day: the debate is at least a minute long, then shortened to the seconds asked for
    minutes = max(1, math.ceil(arg / 60))
    _send(app, {"type": "night_done", "minutes": minutes})
    if minutes * 60 > arg:
        _send(app, {"type": "day_add", "seconds": arg - minutes * 60})
    day = app.ctl.state.day
    trace.mark("day_start", deadline=day.mark + day.left_at_mark, seconds=arg)
    app.go("day")


def _classic(app, kind: str) -> "ClassicGames | None":
    from onenight.game.classic_flow import play_by_events

    from .screens.classic_base import PHASE_SCREEN

    ctl = app.classic
    _classic_deal(app, ctl)
    if kind == "classic-day":
        play_by_events(ctl, random.Random(1), lambda c: c.phase == "debate")
        trace.mark("day_start")
    app.go(PHASE_SCREEN[ctl.phase])
    if kind == "classic-game":
        global playing
        playing = ClassicGames(app)  # Kivy's clock holds its callbacks weakly
        return playing


def _classic_deal(app, ctl) -> None:
    """A new classic game of eight (the first-game deck), dealt and seen: its first night."""
    if ctl.phase != "setup":
        _send(app, {"type": "abandon"}, ctl)
    _send(app, {"type": "players", "names": CLASSIC_PLAYERS}, ctl)
    _send(app, {"type": "preset", "id": "first_game"}, ctl)
    _send(app, {"type": "deal"}, ctl)
    for seat in range(len(CLASSIC_PLAYERS)):
        _send(app, {"type": "seen", "seat": seat}, ctl)
    _send(app, {"type": "deal_done"}, ctl)


playing: "ClassicGames | None" = None
"""The ``classic-game`` demo running, if any."""


class ClassicGames:
    """``classic-game``: once the night screen has played its night and moved on, the day is
    played by events to the next night (or, once the game has ended, the next game dealt) and
    that night shown; each night marked ``classic_night`` (its game and its number), for the
    benchmark's long run. Looks every ``every`` seconds until stopped."""

    def __init__(self, app, every: float = 1.0):
        from kivy.clock import Clock

        self.app = app
        self.rng = random.Random(1)
        self.game = 1
        trace.mark("classic_night", game=self.game, night=app.classic.night_view().night)
        self.event = Clock.schedule_interval(self.step, every)

    def step(self, *_):
        from onenight.game.classic_flow import play_by_events

        from .screens.classic_base import PHASE_SCREEN

        app, ctl = self.app, self.app.classic
        if ctl.phase == "night":
            return
        play_by_events(ctl, self.rng, lambda c: c.phase in ("night", "end"))
        if ctl.phase == "end":
            _classic_deal(app, ctl)
            self.game += 1
        trace.mark("classic_night", game=self.game, night=ctl.night_view().night)
        app.go(PHASE_SCREEN[ctl.phase])

    def stop(self) -> None:
        global playing
        self.event.cancel()
        if playing is self:
            playing = None


def _send(app, event: dict, ctl=None) -> None:
    if not app.send(event, ctl):
        raise DemoError(f"the demo's {event['type']!r} was refused: {app.message}")
