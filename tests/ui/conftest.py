"""One app, one window for the whole UI test session (Kivy cannot reopen a window cleanly),
at the tablet's 1280x800, on a hand-moved clock."""

import gc
import os
import random

import pytest

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

# the window's size (1280x800) and Kivy's frame cap (none) are set in tests/conftest.py,
# before anything imports Kivy's clock


class FakeClient:
    """Stands in for onenight.box.BoxClient behind the app's real BoxLink: same methods, and
    pads that the test presses. Events come from another thread, as the real client's do."""

    pads = 10

    def __init__(self, url, keys, clock, on_event):
        self.url, self.clock, self.on_event = url, clock, on_event
        self.status = "connected"
        self.tablets = []
        self.pair_code = None
        self._ready = set()
        self.pressed = {}
        self.seats = []
        self.calls = []
        self.rounds = []  # the round asked for at each open_vote (None: a new vote)

    @property
    def ready_seats(self):
        return frozenset(self._ready)

    def _emit(self, **kw):
        import threading

        from onenight.box import BoxEvent

        t = threading.Thread(target=self.on_event, args=(BoxEvent(**kw),))
        t.start()
        t.join()

    # the client's commands
    def start(self):
        self.calls.append(("start",))

    def stop(self):
        self.calls.append(("stop",))

    def pair(self):
        self.calls.append(("pair",))

    def forget(self, app_id):
        self.calls.append(("forget", app_id))
        self.tablets = [t for t in self.tablets if t["id"] != app_id]

    def start_debate(self, deadline, total=None, paused=False):
        self.calls.append(("debate", round(deadline - self.clock()), total)
                          + (("paused",) if paused else ()))
        self._ready.clear()

    def open_vote(self, seats, players, round=None):
        self.seats, self.pressed = sorted(seats), {}
        self.calls.append(("open", players))
        self.rounds.append(round)
        return 1 if round is None else round

    def close_vote(self):
        self.calls.append(("close",))
        self._emit(kind="votes", votes=dict(self.pressed))

    def cue(self, name):
        self.calls.append(("cue", name))

    def reset(self):
        self.calls.append(("reset",))

    # the pads
    def ready(self, seat):
        on = seat not in self._ready
        (self._ready.add if on else self._ready.discard)(seat)
        self._emit(kind="ready", seat=seat, on=on)

    def press(self, seat, target):
        self.pressed[seat] = target
        self._emit(kind="vote_in", seat=seat)
        if set(self.pressed) >= set(self.seats):
            self._emit(kind="votes", votes=dict(self.pressed))


@pytest.fixture(scope="session")
def app(tmp_path_factory):
    from onenight.game.clock import FakeClock
    from onenight.ui.app import OneNightApp
    from onenight.ui.driving import start

    clock = FakeClock()
    boxes = []

    def box_factory(address, app):
        from onenight.ui.box_link import BoxLink

        link = BoxLink(address, app, client_factory=FakeClient)
        boxes.append(link.client)
        return link

    from onenight.narration import FakeAudio

    audio = FakeAudio()
    a = OneNightApp(data_dir=tmp_path_factory.mktemp("data"), clock=clock,
                    rng=random.Random(3), box_factory=box_factory, audio=audio)
    a.test_audio = audio
    a.test_clock = clock
    a.test_boxes = boxes
    start(a)
    from kivy.clock import Clock

    # Kivy's clock sleeps at each tick to honour its frame cap, read when it was made: every
    # settle() of every walk would wait for real time
    assert Clock._max_fps == 0, (
        "Kivy's clock was made with a frame cap: something imported kivy.clock before "
        "tests/conftest.py set graphics.maxfps to 0")
    # The app lives as long as the session: out of the garbage collector's full passes, which
    # the UI tests' widget churn triggers often and which would otherwise scan it every time.
    gc.collect()
    gc.freeze()
    yield a
    a.stop()


class _LayoutLoops:
    """Counts Kivy's "too much iteration done before the next frame": a layout that never
    settles (a size read from what the size itself changes), redone up to Kivy's limit at
    every frame for as long as its widget lives, on screen or not. The undo button of the
    players screen did so for a whole game once, and every walk after it paid."""

    def __init__(self):
        import logging

        class Handler(logging.Handler):
            def emit(handler, record):
                if "too much iteration" in record.getMessage():
                    self.count += 1

        self.count = 0
        self.handler = Handler()


@pytest.fixture(scope="session")
def _layout_loops():
    from kivy.logger import Logger

    loops = _LayoutLoops()
    Logger.addHandler(loops.handler)
    yield loops
    Logger.removeHandler(loops.handler)


@pytest.fixture(autouse=True)
def no_layout_loop(_layout_loops):
    """(Every UI test.) The test fails if a layout went round in circles while it ran."""
    before = _layout_loops.count
    yield
    assert _layout_loops.count == before, (
        "Kivy's layouts went round in circles during this test ('too much iteration done "
        "before the next frame'): a size computed from what it changes, see tests/README.md")
