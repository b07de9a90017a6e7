"""The night: a moment to look at your card, then a dark screen that shows what is being
said, where the night is (step k of n, time left in the step), with pause, resume, replay and
skip for the host. The narration holds the system's audio focus while it is shown.

Leaving the night asks first; coming back goes on at the line where it stopped ("the night
goes on"), as after a restart of the app. The language changes without leaving: the night
goes on at the same line, in the other language. What the screen shows depends on the deck
and the settings only, never on the deal: every role is called, and each step lasts as long
whoever holds its card."""

import time

from kivy.core.window import Window
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from onenight.narration import NarrationError
from onenight.narration.plan import NIGHT
from onenight.rules.turns import CENTER, DIRECTION, SEAT

from .. import theme, trace
from ..night_driver import TextNight
from ..pacing import AFTER
from ..voice import VoicedNight, narration_settings
from ..widgets.dialog import confirm
from ..widgets.night_step import Secret
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
    tablet = BooleanProperty(False)
    """The cards are on the tablet: each step is a frame in which the woken act on the
    tablet (the seats round the table, the centre cards, what they learn)."""
    step_title = StringProperty("")
    step_progress = StringProperty("")
    step_left = StringProperty("")
    directions = BooleanProperty(False)
    """The step asks for a direction (the Village Idiot's): left and right are offered."""
    done_text = StringProperty("")
    """Said once the woken player's choice is whole: nothing more to do in this step."""
    names = ListProperty([])

    driver = None
    failures: list = []
    """What went wrong while the night played (it played on)."""
    _voiced = False
    _game = None  # the game whose night the driver plays
    _left = None  # (game, cue, paused) where the host left the night, to go on from there
    _look_until = 0.0
    _notice_until = 0.0

    def on_pre_enter(self, *_):
        self.tablet = self.app.ctl.state.cards == "tablet"
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
        elif ctl.state.cards == "tablet":  # everyone saw their card at the deal
            self.stage = "night"
            self._start()
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
        if self.tablet:
            self._refresh_step()

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

    # ---- the cards on the tablet ------------------------------------------------------------
    def _slot_now(self):
        """(k, n, slot) of the step the plan is in (slot None between steps)."""
        runner = getattr(self.driver, "runner", None)
        if runner is None:
            return 0, 0, None
        steps = [s for s in runner.plan.steps if s.step != NIGHT]
        pos = runner.position
        for k, slot in enumerate(steps, 1):
            if slot.start <= pos < slot.end:
                return k, len(steps), slot
        return 0, len(steps), None

    def follow_steps(self):
        """Open and end the steps' windows where the plan is: a step opens at its first
        line and ends at its "close your eyes", whatever the woken did (so every step lasts
        the same). A night taken up again catches up on the windows it passed."""
        ctl = self.app.ctl
        runner = getattr(self.driver, "runner", None)
        if runner is None or ctl.tablet is None or ctl.phase != "night":
            return
        pos = runner.position
        slots = {s.step: s for s in runner.plan.steps}
        for _ in range(2 * len(ctl.tablet.steps) + 1):
            v = ctl.step_view()
            slot = slots.get(v.step) if v.step is not None else None
            if slot is None:
                return
            if not v.open and pos >= slot.start:
                event = "step_open"
            elif v.open and pos >= slot.action_end:
                event = "step_end"
            else:
                return
            if not self.app.send({"type": event, "step": v.step}):
                return

    def _refresh_step(self):
        """The step's frame: the same for every deal until the woken player picks."""
        ctl = self.app.ctl
        if ctl.tablet is None or ctl.phase != "night":
            return
        v = ctl.step_view()
        k, n, slot = self._slot_now()
        runner = getattr(self.driver, "runner", None)
        self.step_title = self.title
        self.step_progress = self.tr("tablet.progress", k=k, n=n) if slot else ""
        self.step_left = mmss(slot.end - runner.position) if slot and runner else ""
        if list(v.players) != list(self.names):
            self.names = list(v.players)
        ring = self.ids.ring
        ring.names = list(v.players)
        ring.centers = v.centers
        ring.marks = {s: "🛡" for s in v.table.shields}
        ring.seat_cards = dict(v.table.face_up)
        asks = v.asks if v.open and not v.done else ()
        if asks or not v.open:  # (a choice made: the ring keeps its look, and takes no tap)
            ring.seat_count = next((a.count for a in asks if a.what == SEAT), 0)
            ring.center_count = next((a.count for a in asks if a.what == CENTER), 0)
        ring.locked = not asks
        self.directions = any(a.what == DIRECTION for a in asks)
        self.done_text = self.tr("tablet.done") if v.open and v.done else ""
        panel = self.ids.secrets
        secrets = [self._secret(f, v.players) for f in v.learned] if v.open else []
        if secrets != list(panel.items):
            panel.show(secrets)

    def _secret(self, f, players) -> Secret:
        """One thing the woken learned, as a sentence and the cards it shows."""
        tr = self.tr
        name = players[f.seat] if f.seat is not None and 0 <= f.seat < len(players) else ""
        card = tr("role." + f.card) if f.card else ""
        names = ", ".join(players[s] for s in f.seats)
        if f.kind in ("wolves", "masons", "thumbs"):
            key = f"tablet.learn.{f.kind}" if f.seats else f"tablet.learn.{f.kind}_none"
            return Secret(tr(key, names=names))
        centre = str(f.center + 1) if f.center is not None and f.center < 3 else "α"
        return Secret(tr("tablet.learn." + f.kind, name=name, card_name=card, center=centre),
                      (f.card,) if f.card else ())

    def choose(self, _ring, seats, centers):
        """The woken player's choice on the ring: one pick, in the engine's words."""
        v = self.app.ctl.step_view()
        if not v.open:
            return
        what, values = (SEAT, seats) if seats else (CENTER, centers)
        ask = next((a for a in v.asks if a.what == what), None)
        if ask is None:
            return
        value = values[0] if len(values) == 1 else sorted(values)
        if self.app.send({"type": "pick", "step": v.step, "pick": {ask.key: value}}):
            self.refresh()

    def shift(self, direction: str):
        """The Village Idiot moves every other card one seat, to the left or the right."""
        v = self.app.ctl.step_view()
        ask = next((a for a in v.asks if a.what == DIRECTION), None)
        if v.open and ask is not None and \
                self.app.send({"type": "pick", "step": v.step, "pick": {ask.key: direction}}):
            self.refresh()

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
        if self.tablet:
            self.follow_steps()
        self.refresh()
        if d.done:
            # the CPU used so far: the bench's night ends here, not with the next screen's
            # opening that follows in this same tick
            trace.mark("night_end", clips_failed=len(getattr(self.app.audio, "failed", ())),
                       cpu=time.process_time())
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
        before the next role is called). Not with the cards on the tablet: every step lasts
        its whole window there, whatever is seen of the woken player's choice."""
        if self.tablet:
            return
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
