"""The Kivy app: builds the screens from the registry and holds the services they share
(the controller, settings, translations, sounds, the box link). No game logic here."""

from __future__ import annotations

import importlib
import os
import random
from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.logger import Logger
from kivy.properties import (AliasProperty, BooleanProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.screenmanager import NoTransition, ScreenManager
from kivy.utils import platform

from onenight import paths
from onenight.game.controller import Refused
from onenight.game.journal import open_game
from onenight.game.settings import Settings, load_settings, save_settings

from . import android, fonts, pacing, theme, trace
from .data_lock import LOCKNAME, AlreadyOpen, lock_data_dir
from .i18n import Translator
from .screens import SCREENS
from .sounds import Sounds
from .voice import SafeAudio, Speaker, voice_packs
from .widgets import common as _common  # noqa: F401  (registers the kv classes)

HERE = Path(__file__).parent
TICK = 0.2  # seconds between ticks of a screen that does not say when it needs the next
AWAKE = {"night", "day", "vote", "reveal"}  # the screens that keep the screen on


class Root(FloatLayout):
    pass


class Screens(ScreenManager):
    """Kivy's screen manager without its stencil (root.kv): the screens change without a
    transition and fill the window, so there is nothing to clip, and the stencil cost two
    full-screen fills on every redraw with a software renderer (docs/performance.md).

    Each screen is built the first time it is asked for (shown, or ``get_screen``), with its
    kv rules: the first frame waits for the home screen alone, and a screen never shown
    costs no memory (docs/performance.md)."""

    def __init__(self, **kw):
        self._unbuilt: dict[str, tuple[str, str]] = {}  # name -> (module, class)
        super().__init__(**kw)

    def register(self, name: str, module: str, cls: str) -> None:
        """A screen to build when it is first asked for: ``cls`` of
        ``onenight.ui.screens.<module>``, whose rules are ``screens/<module>.kv``."""
        self._unbuilt[name] = (module, cls)

    def _build(self, name: str) -> None:
        module, cls = self._unbuilt.pop(name)
        rules = str(HERE / "screens" / f"{module}.kv")
        if rules not in Builder.files:  # a module may hold more than one screen
            Builder.load_file(rules)
        mod = importlib.import_module(f"onenight.ui.screens.{module}")
        self.add_widget(getattr(mod, cls)(name=name))

    def get_screen(self, name):
        if name in self._unbuilt:
            self._build(name)
        return super().get_screen(name)

    def has_screen(self, name):
        return name in self._unbuilt or super().has_screen(name)

    screen_names = AliasProperty(
        lambda self: [s.name for s in self.screens] + list(self._unbuilt), bind=("screens",))


class OneNightApp(App):
    title = "onenight"
    lang = StringProperty("fr")
    """Current language; kv rules read it so every text follows a change."""
    scale = NumericProperty(1.0)
    """Window size relative to 1280x800; kv rules multiply sizes by it."""
    text_scale = NumericProperty(1.0)
    """The scale for small text (26 px and under at 1280x800): never below 0.75, so that
    names, card names and hints stay readable at arm's length on the 800x480 screen."""
    muted = BooleanProperty(False)
    """Every sound off (the mute button of the game screens); the night keeps its timing."""
    message = StringProperty("")
    """The message bar's text (an error and what to do, or a confirmation)."""
    message_kind = StringProperty("info")
    ctl = ObjectProperty(None)
    """The game controller (onenight.game)."""
    settings = ObjectProperty(None)

    def __init__(self, data_dir: str | os.PathLike | None = None, clock=None,
                 rng: random.Random | None = None, box_factory=None, night_factory=None,
                 audio=None, wall=None, demo: str | None = None, audio_focus=None, **kw):
        super().__init__(**kw)
        self.audio_focus = audio_focus  # the system's audio focus (onenight.ui.android)
        self._wall = wall  # wall-clock seconds for the journal (time.time by default)
        self.demo = demo  # a demo game to start in (onenight.ui.demo), or None
        self._data_dir = Path(data_dir) if data_dir else None
        self._clock = clock
        self._rng = rng or random.Random()
        self.box_factory = box_factory if box_factory is not None else _default_box_factory()
        self.night_factory = night_factory
        self.box = None
        self.translator = Translator("fr")
        self.sounds = Sounds()
        self._audio = audio
        self.audio = None
        self.speaker = None
        self._tick_event = None
        self._lock = None  # the data folder's lock, held while the app runs
        self._sound_problems: set[str] = set()  # those already said
        self.already_open = False
        """True when another app holds the data folder: this one opens nothing."""

    # ---- paths and services -------------------------------------------------------------
    @property
    def _xdg(self) -> bool:
        """True when the folders follow the XDG specification (onenight.paths): a Linux
        computer, no folder given. Elsewhere (Android) everything is in Kivy's own folder."""
        return not self._data_dir and platform == "linux"

    @property
    def data_dir(self) -> Path:
        """The games' folder: the journal, the history, the box's keys."""
        if self._data_dir:
            return self._data_dir
        return paths.data_dir() if self._xdg else Path(self.user_data_dir)

    @property
    def settings_path(self) -> Path:
        return (paths.config_dir() if self._xdg else self.data_dir) / paths.SETTINGS

    def _move_old_games(self) -> None:
        """Earlier versions kept the games with the settings: move them to the games' folder,
        unless an app of such a version still runs on them."""
        old = paths.config_dir()
        lock = None
        if (old / LOCKNAME).exists():  # an app of such a version took it: is it running?
            try:
                lock = lock_data_dir(old)
            except AlreadyOpen:
                return
        try:
            moved = paths.move_games(old, self.data_dir, keep=(paths.SETTINGS, LOCKNAME))
        except OSError as e:
            Logger.error("onenight: cannot move the games from %s to %s: %s", old,
                         self.data_dir, e)
            moved = []
        finally:
            if lock is not None:
                lock.release()
        if moved:
            Logger.info("onenight: moved %s from %s to %s", ", ".join(moved), old,
                        self.data_dir)

    def build(self):
        if self._xdg:
            self._move_old_games()
        # every character drawn: emoji and symbols from the fallback fonts, whose character
        # maps are kept between runs
        fonts.use_cache(paths.cache_dir() if platform == "linux" else Path(self.user_data_dir))
        fonts.install()
        # one app per data folder: a second one would write its game over the first one's
        try:
            self._lock = lock_data_dir(self.data_dir)
        except AlreadyOpen:
            Logger.warning("onenight: %s is in use by another app; this one opens nothing",
                           self.data_dir)
            return self._build_already_open()
        self.settings, problem = load_settings(self.settings_path)
        self.lang = self.settings.language
        self.translator.lang = self.lang
        if self._audio is None:
            from onenight.narration.kivy_audio import KivyAudio

            self._audio = KivyAudio()
        self.audio = SafeAudio(self._audio, on_fail=self._audio_failed)
        if self.audio_focus is None:
            self.audio_focus = android.audio_focus(
                platform, self._sound_taken, lambda f: Clock.schedule_once(lambda *_: f()))
        self.speaker = Speaker(self.audio)
        self.sounds.volume = self.settings.voice_volume
        # the game in progress, rebuilt from the journal if the app was stopped mid-game
        self.ctl, journal_problem = open_game(
            self.data_dir, clock=self._clock, rng=self._rng,
            debate_minutes=self.settings.debate_minutes,
            **({"wall": self._wall} if self._wall else {}))
        load_widget_rules()
        root = Builder.load_file(str(HERE / "root.kv"))
        sm: Screens = root.ids.sm
        sm.transition = NoTransition()
        for name, module, cls in SCREENS:
            sm.register(name, module, cls)
        sm.current = SCREENS[0][0]  # built now; the others when first shown
        self.sm = sm
        Window.bind(size=self._on_size)
        self._on_size(Window, Window.size)
        Window.clearcolor = theme.BG
        pacing.tune(Clock)
        self._tick_event = Clock.schedule_once(self._tick, TICK)
        sm.bind(current=lambda *_: self.retick())
        sm.bind(current=self.keep_awake)
        if problem:
            self.notify(problem, kind="error")
        if journal_problem:
            self.notify("journal.set_aside", kind="error", **journal_problem)
        self.connect_box()
        self._resume_box_vote()
        if trace.path():
            Window.bind(on_flip=self._first_flip)
        if self.demo:
            from . import demo

            demo.setup(self, self.demo)
        return root

    def _build_already_open(self):
        """The screen of a second app on a data folder in use: it says so, in the host's
        language, and offers to close. No journal, history, box or settings write: only the
        settings are read, for the language."""
        self.already_open = True
        settings, _problem = load_settings(self.settings_path)
        self.translator.lang = settings.language
        self.lang = self.translator.lang
        load_widget_rules()
        root = Builder.load_file(str(HERE / "already_open.kv"))
        Window.bind(size=self._on_size)
        self._on_size(Window, Window.size)
        Window.clearcolor = theme.BG
        return root

    def on_muted(self, _app, on):
        self.sounds.muted = on
        if self.audio is not None:
            self.audio.muted = on

    def _first_flip(self, *_):
        Window.unbind(on_flip=self._first_flip)
        trace.mark("first_frame", size=list(Window.size))
        Window.bind(on_touch_down=self._first_touch)

    def _first_touch(self, *_):
        """(Traced) the first touch: the frame drawn after it is the app's answer."""
        Window.unbind(on_touch_down=self._first_touch)
        Window.bind(on_flip=self._first_answer)

    def _first_answer(self, *_):
        Window.unbind(on_flip=self._first_answer)
        trace.mark("tap_answered")

    def _on_size(self, _w, size):
        self.scale = max(0.55, min(size[0] / 1280.0, size[1] / 800.0))
        self.text_scale = max(self.scale, 0.75)

    # ---- language -------------------------------------------------------------------------
    def tr(self, key: str, *_lang, **facts) -> str:
        """Translate ``key``; kv rules pass ``app.lang`` after it so the text follows it."""
        return self.translator.t(key, **facts)

    def set_language(self, lang: str) -> None:
        self.translator.lang = lang
        self.settings.language = self.translator.lang
        self.lang = self.translator.lang
        self.save_settings()
        self.sm.current_screen.refresh()

    def save_settings(self) -> None:
        try:
            save_settings(self.settings_path, self.settings)
        except OSError:
            self.notify("settings_not_saved", kind="error")

    # ---- the one door into the game -------------------------------------------------------
    def send(self, event: dict) -> bool:
        """Apply an event; on refusal show why and what to do. Returns whether it applied."""
        try:
            self.ctl.apply(event)
            if self._tick_event is not None:
                self.retick()  # the game changed: the screen's next tick may be sooner
        except Refused as r:
            self.notify("refused." + r.code, kind="error", **_facts(self, r.facts))
            return False
        except Exception:  # a bug must not end the game: say so, keep the table going
            Logger.exception("onenight: event %r failed", event.get("type"))
            self.notify("refused.other", kind="error")
            return False
        self.check_journal()
        return True

    def check_journal(self) -> None:
        """Say once when the journal cannot be written (the game goes on without it)."""
        err = getattr(self.ctl, "journal_error", None)
        if err and err != getattr(self, "_journal_told", None):
            self._journal_told = err
            self.notify("journal.not_written", kind="error")

    def notify(self, key: str, kind: str = "info", **facts) -> None:
        text = self.tr(key, **facts)
        if text == key and key.startswith("refused."):
            text = self.tr("refused.other")
        self.message_kind = kind
        self.message = text
        Clock.unschedule(self._clear_message)
        Clock.schedule_once(self._clear_message, from_now(8 if kind == "error" else 4))

    def _clear_message(self, *_):
        self.message = ""

    def go(self, name: str) -> None:
        self.message = ""
        self.sm.current = name

    def keep_awake(self, *_) -> None:
        """The screen stays on from the night to the reveal: the night's lines, the debate's
        countdown and the vote are for the whole table (SDL also keeps an Android tablet's
        screen on, and a desktop's screen saver off)."""
        try:
            Window.allow_screensaver = self.sm.current not in AWAKE
        except Exception:  # a window that cannot say: it may sleep, the game goes on
            pass

    def _sound_taken(self) -> None:
        """Another app took the sound (a call on an Android tablet): pause the night."""
        screen = self.sm.current_screen
        if screen is not None and screen.name == "night":
            screen.sound_taken()

    def tick(self) -> None:
        screen = self.sm.current_screen
        if screen is not None:
            screen.tick()

    def _tick(self, *_):
        self.tick()
        self.retick()

    def retick(self) -> None:
        """Schedule the next tick when the current screen next needs one (its
        ``next_tick()``): the countdown's next second, the night's next line; never later
        than a second. Called after each tick, and whenever the screen or the game changes."""
        screen = self.sm.current_screen
        delay = min(1.0, max(0.001, screen.next_tick() if screen is not None else TICK))
        self._tick_event.cancel()
        self._tick_event = Clock.schedule_once(self._tick, from_now(delay))

    # ---- the vote box -----------------------------------------------------------------------
    def connect_box(self) -> None:
        """(Re)connect to the box at the address in the settings, if any."""
        if self.box is not None:
            self.box.close()
            self.box = None
        problem = android.box_address_problem(platform, self.settings.box_address)
        if problem:
            self.notify(problem, kind="error")
            return
        if self.box_factory and self.settings.box_address:
            try:
                self.box = self.box_factory(self.settings.box_address, self)
            except Exception:  # a bad address must not stop the app
                self.box = None
                self.notify("box.cannot_connect", kind="error")

    def _resume_box_vote(self) -> None:
        """A box vote was under way when the app stopped: take the same vote over on the box
        (its round was written down), so the votes already cast stay in; if the round is lost,
        the vote opens again and players whose vote was in vote again."""
        ctl = self.ctl
        if getattr(ctl, "resumed", None) is None or self.box is None:
            return
        if ctl.phase == "vote" and ctl.state.vote_mode == "box" and not ctl.vote_view().revealed:
            players = len(ctl.state.players)
            saved = self.box.saved_round(players)
            self.box.start_vote(players, round=saved)
            self.notify("journal.box_vote_resumed" if saved is not None
                        else "journal.box_vote_reopened")

    def voice_packs(self) -> list[str]:
        return voice_packs()

    def sound_failed(self, problem: str, key: str | None = None) -> None:
        """A sound that cannot be played: ``problem`` (which file and why) goes to the log,
        and ``key``'s message to the screen, the first time only."""
        if problem in self._sound_problems:
            return
        self._sound_problems.add(problem)
        Logger.error("onenight: %s", problem)
        if key:
            self.notify(key, kind="error")

    def _audio_failed(self, path: str, reason: str, looped: bool) -> None:
        if looped:
            self.sound_failed(f"the night's ambience cannot be played ({reason}); the voice "
                              "goes on without it", "night.ambience_unavailable")
        else:
            self.sound_failed(f"a line of the voice cannot be played ({reason})")

    def say(self, line: str) -> float:
        """Say one line of the day aloud; returns its length in seconds (0 if silent)."""
        return self.speaker.say(line, self.settings) if self.speaker else 0.0

    def sync_box_debate(self) -> None:
        """Tell the box how long the debate has left (its LED bar and buzzer follow it)."""
        if self.box_ready() and self.ctl.phase == "day":
            v = self.ctl.day_view()
            if v.running:
                self.box.start_debate(v.seconds_left, self.ctl.state.day.length)

    def box_ready(self) -> bool:
        return self.box is not None and self.box.connected()

    def on_stop(self):
        if self.box is not None:
            self.box.close()
        if self._lock is not None:  # (the system drops it anyway when the process ends)
            self._lock.release()
            self._lock = None


def from_now(seconds: float) -> float:
    """A delay for Kivy's clock that counts from now: Kivy counts from the start of its current
    frame, which may be long past (a message shown while a slow start builds the screens would
    vanish at once)."""
    return seconds + Clock.time() - Clock.get_time()


def load_widget_rules() -> None:
    """Every widget of widgets/ (its module, which registers its classes) and its look: common
    first (the others use its rules)."""
    rules = sorted((HERE / "widgets").glob("*.kv"), key=lambda p: p.name != "common.kv")
    for path in rules:
        if path.with_suffix(".py").exists():
            importlib.import_module(f"onenight.ui.widgets.{path.stem}")
        if str(path) not in Builder.files:
            Builder.load_file(str(path))


def _facts(app: OneNightApp, facts: dict) -> dict:
    """Facts of a refusal made readable: seats become names, card ids card names."""
    out = dict(facts)
    players = app.ctl.state.players if app.ctl else []
    for k, v in facts.items():
        if k == "seat" and isinstance(v, int):
            out["seat1"] = v + 1
            if 0 <= v < len(players):
                out["name"] = players[v]
        if k == "seats" and isinstance(v, list):
            out["names"] = ", ".join(players[s] for s in v if 0 <= s < len(players))
        if k == "card" and isinstance(v, str):
            out["card_name"] = app.translator.role(v)
    return out


def _default_box_factory():
    """The real box link, or None when this install has no box support (no pyserial)."""
    try:
        import onenight.box  # noqa: F401  (needs pyserial)
    except ImportError:
        return None
    from .box_link import BoxLink

    return BoxLink


def run_app() -> int:
    """Run the app until its window closes (or SIGTERM: SDL turns it into a request to
    close). Ctrl-C in the terminal ends it without a traceback."""
    spec = os.environ.get("ONENIGHT_DEMO")
    try:
        if spec:
            import tempfile

            from . import demo

            demo.parse(spec)  # the command line checked it before importing Kivy
            with tempfile.TemporaryDirectory(prefix="onenight-demo-") as data:
                OneNightApp(data_dir=data, demo=spec).run()
            return 0
        OneNightApp().run()
    except KeyboardInterrupt:
        return 130
    return 0
