"""The night: a moment to look at your card, then a dark screen that shows what is being
said, where the night is (step k of n, time left in the step), with pause, resume, replay and
skip for the host. The narration holds the system's audio focus while it is shown.

Leaving the night asks first; coming back goes on at the line where it stopped ("the night
goes on"), as after a restart of the app. The language changes without leaving: the night
goes on at the same line, in the other language. What the screen shows depends on the deck
and the settings only, never on the deal: every role is called, and each step lasts as long
whoever holds its card."""

from kivy.core.window import Window
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from onenight.narration import NarrationError
from onenight.narration.plan import NIGHT

from .. import theme, trace
from ..night_driver import TextNight
from ..pacing import AFTER
from ..voice import VoicedNight, narration_settings
from ..widgets.dialog import confirm
from .base import BaseScreen

LOOK_SECONDS = 10.0
"""How long the "look at your card now" moment lasts before the voice starts (a tap starts
the night sooner)."""
GOES_ON_SECONDS = 4.0
"""How long "the night goes on" stays on screen after the night is taken up again."""


def mmss(seconds: float) -> str:
    s = max(0, int(seconds + 0.999))
    return f"{s // 60}:{s % 60:02d}"


class NightScreen(BaseScreen):
    stage = StringProperty("look")
    """``look`` (everyone looks at their card, before the first line), then ``night``."""
    title = StringProperty("")
    """The step being called, as the voice names it."""
    line = StringProperty("")
    """The instruction being said."""
    paused = BooleanProperty(False)
    progress = StringProperty("")
    """Where the night is: "Step 3 of 9 · 0:12" (the same for every deal)."""
    notice = StringProperty("")
    """A short word on top of the night ("the night goes on")."""
    look_left = NumericProperty(0)
    """Seconds left of the look-at-your-card moment."""

    driver = None
    failures: list = []
    """What went wrong while the night played (it played on)."""
    _voiced = False
    _game = None  # the game whose night the driver plays
    _left = None  # (game, cue, paused) where the host left the night, to go on from there
    _look_until = 0.0
    _notice_until = 0.0

    def on_pre_enter(self, *_):
        # the dark background is the window's clear colour: a rectangle over the whole screen
        # would cost a software renderer a full fill on every redraw
        Window.clearcolor = theme.NIGHT_BG
        if self.driver is not None and self._game != self.app.ctl.state.game:
            self.driver.close()  # another game's night, left running: not this one
            self.driver = None
        if self.driver is None or self.driver.done:
            self._begin()
        self.refresh()

    def on_leave(self, *_):
        Window.clearcolor = theme.BG
        self.app.audio_focus.abandon()

    # ---- starting ---------------------------------------------------------------------------
    def _begin(self):
        """A night to take up (after a restart, or where the host left it), or a new one,
        which first gives everyone a moment to look at their card."""
        ctl = self.app.ctl
        resumed = getattr(ctl, "resumed", None)
        at, paused = None, False
        if resumed is not None:
            at, paused = resumed.night_cue, resumed.night_paused
            ctl.resumed = None
        elif self._left is not None and self._left[0] == ctl.state.game:
            at, paused = self._left[1], self._left[2]
        self._left = None
        self.driver = None
        if at is not None:
            self.stage = "night"
            self._start(at=at, paused=paused)
            self._say_notice("night.goes_on")
        else:
            self.stage = "look"
            self._look_until = ctl.now() + LOOK_SECONDS

    def begin_night(self):
        """Everyone has looked at their card: the voice starts."""
        if self.stage == "look":
            self.stage = "night"
            self._start()
            self.refresh()
            self.app.retick()

    def _start(self, at=None, paused=False):
        app = self.app
        self._game = app.ctl.state.game
        self.failures = []
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

    def _say_notice(self, key):
        self.notice = self.tr(key)
        self._notice_until = self.app.ctl.now() + GOES_ON_SECONDS

    def _journal(self):
        """Write down where the night is (the journal keeps it if the app stops)."""
        d = self.driver
        progress = getattr(self.app.ctl, "night_progress", None)
        if d is not None and progress is not None and hasattr(d, "cue_index"):
            progress(d.cue_index(), d.paused)

    # ---- view -------------------------------------------------------------------------------
    def refresh(self):
        now = self.app.ctl.now()
        if self.notice and now >= self._notice_until:
            self.notice = ""
        if self.stage == "look":
            self.look_left = max(0.0, self._look_until - now)
            self.title = self.line = self.progress = ""
            self.paused = False
            return
        d = self.driver
        if d is not None:
            self.title = d.title()
            self.line = d.line()
            self.paused = d.paused
            self.progress = self._progress(d)

    def _progress(self, d) -> str:
        """"Step k of n · time left in the step", from the plan (the deck's, not the deal's)."""
        runner = getattr(d, "runner", None)
        if runner is None:
            return ""
        plan = runner.plan
        steps = [s for s in plan.steps if s.step != NIGHT]
        pos = runner.position
        for k, slot in enumerate(steps, 1):
            if slot.start <= pos < slot.end:
                return self.tr("night.progress", k=k, n=len(steps), left=mmss(slot.end - pos))
        if steps and pos >= steps[-1].end:
            return self.tr("night.progress_end")
        return self.tr("night.progress_start", n=len(steps))

    def tick(self):
        if self.stage == "look":
            if self.app.ctl.now() >= self._look_until:
                self.begin_night()
            else:
                self.refresh()
            return
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
        said), if it can tell; at least every second, for the time left in the step."""
        if self.stage == "look":
            return min(1.0, max(0.001, self._look_until - self.app.ctl.now()))
        due = getattr(self.driver, "next_due", None)
        seconds = due() if due is not None else None
        return 0.2 if seconds is None else min(1.0, seconds + AFTER)

    # ---- the host's controls -----------------------------------------------------------------
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

    def skip(self):
        """The host cuts the current step short: its closing line is said now (eyes close
        before the next role is called)."""
        if self.driver is not None and self.driver.skip_step():
            self._journal()
            self.refresh()
            self.app.retick()

    def toggle_language(self):
        """Switch the language without leaving: the line being said is said again in the
        other language, and the night goes on from there."""
        d = self.driver
        at, paused = (d.cue_index(), d.paused) if d is not None else (None, False)
        if d is not None:
            d.close()
            self.driver = None
        self.app.set_language("en" if self.app.lang == "fr" else "fr")
        if self.stage == "night":
            self._start(at=at, paused=paused)
        self.refresh()
        self.app.retick()

    def stop_night(self):
        """The host leaves the night, once they said so; the night waits for them."""
        confirm(self.tr("night.leave_confirm_title"), self.tr("night.leave_confirm_text"),
                self.tr("night.leave_confirm_yes"), self._leave)

    def _leave(self):
        d = self.driver
        if d is not None:
            at = d.cue_index()
            self._left = (self.app.ctl.state.game, at, d.paused)
            d.close()
            self.driver = None
            progress = getattr(self.app.ctl, "night_progress", None)
            if progress is not None:
                progress(at, False)  # a restart of the app goes on from there too
        self.app.go("home")
