"""One app, one window for the whole UI test session (Kivy cannot reopen a window cleanly),
at the tablet's 1280x800, on a hand-moved clock."""

import os
import random

import pytest

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", "1280")
Config.set("graphics", "height", "800")
Config.set("graphics", "resizable", "0")


class FakeBox:
    """Stands in for the vote box link: what its pads would report, through the Kivy clock
    like the real link's thread does."""

    def __init__(self, address, app):
        self.address, self.app = address, app
        self.paired = False
        self.tested = False

    # what the app asks of a box link
    def connected(self):
        return True

    def status(self):
        return "connected"

    def status_facts(self):
        return {"address": self.address}

    def pair(self):
        self.paired = True

    def pad_test(self):
        self.tested = True

    def close(self):
        pass

    # what the pads do
    def _post(self, event):
        from kivy.clock import Clock

        Clock.schedule_once(lambda dt: self.app.send(event), 0)

    def start_vote(self, players):
        self.pressed = [None] * players

    def press(self, seat, target):
        """A player presses a pad: the app hears "in", and all votes once all are in."""
        self.pressed[seat] = target
        self._post({"type": "vote_in", "seat": seat})
        if all(t is not None for t in self.pressed):
            self._post({"type": "votes", "votes": list(self.pressed)})

    def close_vote(self):
        self._post({"type": "votes", "votes": list(self.pressed)})

    def ready(self, count):
        self._post({"type": "ready", "count": count})


@pytest.fixture(scope="session")
def app(tmp_path_factory):
    from onenight.game.timer import ManualClock
    from onenight.ui.app import OneNightApp
    from onenight.ui.driving import start

    clock = ManualClock()
    boxes = []

    def box_factory(address, app):
        b = FakeBox(address, app)
        boxes.append(b)
        return b

    from onenight.narration import FakeAudio

    audio = FakeAudio()
    a = OneNightApp(data_dir=tmp_path_factory.mktemp("data"), clock=clock,
                    rng=random.Random(3), box_factory=box_factory, audio=audio)
    a.test_audio = audio
    a.test_clock = clock
    a.test_boxes = boxes
    start(a)
    yield a
    a.stop()
