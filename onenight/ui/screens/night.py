"""The night: a dark screen that shows only what is being said, with pause, resume and
replay for the host. The narration holds the system's audio focus while it is shown."""

from kivy.core.window import Window
from kivy.properties import BooleanProperty, StringProperty

from onenight.narration import NarrationError

from .. import theme, trace
from ..pacing import AFTER
from ..night_driver import TextNight
from ..voice import VoicedNight, narration_settings
from .base import BaseScreen


class NightScreen(BaseScreen):
    title = StringProperty("")
    """The step being called, as the voice names it."""
    line = StringProperty("")
    """The instruction being said."""
    paused = BooleanProperty(False)

    driver = None
    failures: list = []
    """What went wrong while the night played (it played on)."""
    _voiced = False

    def on_pre_enter(self, *_):
        # the dark background is the window's clear colour: a rectangle over the whole screen
        # would cost a software renderer a full fill on every redraw
        Window.clearcolor = theme.NIGHT_BG
        if self.driver is None or self.driver.done:
            self._start()
        self.refresh()

    def on_leave(self, *_):
        Window.clearcolor = theme.BG
        self.app.audio_focus.abandon()

    def _start(self):
        self.failures = []
        app = self.app
        deck = app.ctl.state.deck
        self._voiced = False  # the voice says the night (else a factory's or the text)
        if app.night_factory is not None:
            self.driver = app.night_factory(app, deck)
        else:
            try:
                self.driver = VoicedNight(deck, app.ctl.clock, app.tr, app.settings, app.audio,
                                          app._rng)
                self._voiced = True
            except (NarrationError, OSError, ValueError) as e:
                app.sound_failed(f"the voice cannot be loaded ({e}); the night is shown as "
                                 "text")
                app.notify("night.voice_unavailable", kind="error")
                self.driver = self._text_night()
        # a night resumed after the app stopped goes on at the cue it was saying
        ctl = app.ctl
        resumed = getattr(ctl, "resumed", None)
        at = resumed.night_cue if resumed is not None else None
        paused = resumed is not None and resumed.night_paused
        if resumed is not None:
            ctl.resumed = None
        self._silent_lines = self._lines_failed()
        self._run(at, paused)

    def _text_night(self):
        """The same lines, shown for the host to read aloud."""
        app = self.app
        return TextNight(app.ctl.state.deck, app.ctl.clock, app.tr,
                         narration_settings(app.settings, app._rng))

    def _run(self, at, paused):
        if not paused:
            self.app.audio_focus.request()
        self.driver.start(at=at) if at is not None else self.driver.start()
        if paused:
            self.driver.pause()
        self._journal()
        self._check_voice()

    def _lines_failed(self) -> int:
        return len(getattr(self.app.audio, "lines_failed", ()))

    def _check_voice(self):
        """A line the voice could not play: the text night takes over from that line (said
        again, shown for the host to read), and the screen says so."""
        if not self._voiced or self._lines_failed() == self._silent_lines:
            return
        voiced = self.driver
        at, paused = voiced.cue_index(), voiced.paused
        voiced.close()
        self._voiced = False
        self.driver = self._text_night()
        self.app.notify("night.voice_unavailable", kind="error")
        self._run(at, paused)

    def _journal(self):
        """Write down where the night is (the journal keeps it if the app stops)."""
        d = self.driver
        progress = getattr(self.app.ctl, "night_progress", None)
        if d is not None and progress is not None and hasattr(d, "cue_index"):
            progress(d.cue_index(), d.paused)

    def refresh(self):
        if self.driver is not None:
            self.title = self.driver.title()
            self.line = self.driver.line()
            self.paused = self.driver.paused

    def tick(self):
        d = self.driver
        if d is None:
            return
        try:
            d.tick()
        except Exception as e:  # noqa: BLE001 - no sound may stop the night
            self.failures.append(repr(e))
            trace.mark("night_error", error=repr(e))
            if len(self.failures) == 1:
                self.app.notify("voice.sound_failed", kind="error")
        self._check_voice()
        d = self.driver
        if not d.done:
            self._journal()
        self.refresh()
        if d.done:
            trace.mark("night_end", clips_failed=len(getattr(self.app.audio, "failed", ())))
            self.driver = None
            if self.app.send({"type": "night_done", "minutes": self.app.settings.debate_minutes}):
                self.app.say("day.start")
                self.app.sync_box_debate()
                self.app.go("day")

    def next_tick(self):
        """When the driver next has something to do (the next line, the end of the one being
        said), if it can tell."""
        due = getattr(self.driver, "next_due", None)
        seconds = due() if due is not None else None
        return 0.2 if seconds is None else seconds + AFTER

    def toggle_pause(self):
        if self.driver is None:
            return
        if self.driver.paused:
            self.app.audio_focus.request()
            self.driver.resume()
        else:
            self.driver.pause()
        self._journal()
        self._check_voice()
        self.refresh()
        self.app.retick()  # the driver's next moment moved

    def sound_taken(self):
        """Another app took the sound: the night pauses until the host resumes it."""
        if self.driver is not None and not self.driver.paused:
            self.toggle_pause()
            self.app.notify("night.sound_taken", kind="error")

    def replay(self):
        if self.driver is not None:
            self.app.audio_focus.request()
            self.driver.replay_last()
            self._check_voice()
            self.refresh()
            self.app.retick()

    def stop_night(self):
        """The host leaves the night (to the home screen); coming back starts it over."""
        if self.driver is not None:
            self.driver.close()
            self.driver = None
        progress = getattr(self.app.ctl, "night_progress", None)
        if progress is not None:
            progress(None, False)  # coming back starts the night over
        self.app.go("home")
