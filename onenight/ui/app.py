"""The Kivy app: builds the screens from the registry and holds the services they share
(the controller, settings, translations, sounds, the box link). No game logic here."""

from __future__ import annotations

import importlib
import importlib.util
import os
import random
import time
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
from kivy.weakproxy import WeakProxy

from onenight import paths
from onenight.game import journal, storage
from onenight.game.controller import Refused
from onenight.game.journal import JournalInUse, open_game
from onenight.game.settings import Settings, load_settings, open_settings, save_settings

from . import android, fonts, memory, pacing, partial_redraw, theme, trace
from .data_lock import LOCKNAME, AlreadyOpen, lock_data_dir
from .i18n import Translator
from .screens import SCREENS
from .sounds import Sounds
from .widgets import common as _common  # noqa: F401  (registers the kv classes)
from .widgets import still

HERE = Path(__file__).parent
TICK = 0.2  # seconds between ticks of a screen that does not say when it needs the next
RETRY = 10.0  # seconds between two tries at writing what the storage refused
AWAKE = {"deal", "night", "day", "vote", "reveal",  # the screens that keep the screen on
         "classic_night", "classic_dawn", "classic_debate", "classic_vote", "classic_village"}


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
        if name != SCREENS[0][0]:  # the home screen needs only HOME_RULES, loaded before it
            load_widget_rules()
            App.get_running_app().finish_start()  # nor the classic game, nor the voice
        module, cls = self._unbuilt.pop(name)
        screen_cls = getattr(importlib.import_module(f"onenight.ui.screens.{module}"), cls)
        # a screen built on another screen's class takes that screen's rules too (the
        # classic players screen is the players screen's): its rules first, then its own
        for base in reversed(screen_cls.__mro__):
            home, _, own = base.__module__.rpartition(".")
            rules = HERE / "screens" / f"{own}.kv"
            if home == "onenight.ui.screens" and rules.exists() \
                    and str(rules) not in Builder.files:  # a module may hold more than one
                Builder.load_file(str(rules))
        screen = screen_cls(name=name)
        # a screen's still pictures are held only while it is shown (docs/performance.md)
        screen.fbind("on_leave", still.let_go, screen)
        screen.fbind("on_pre_enter", still.take_back, screen)
        self.add_widget(screen)

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
    message_sticky = BooleanProperty(False)
    """The message stays until tapped: one the host must not miss (a problem found at
    start-up, a game no longer saved)."""
    ctl = ObjectProperty(None)
    """The one-night game's controller (onenight.game)."""
    @property
    def classic(self):
        """The classic game's controller (Thiercelieux, onenight.game.classic_flow): each game
        has its own game in progress and its own journal. None before the first frame; a
        journal holding no game under way waits, open, until the classic game is first asked
        for, and it is rebuilt then, with the classic game's modules (docs/performance.md)."""
        if self._classic is None and self._classic_waiting is not None:
            opened, self._classic_waiting = self._classic_waiting, None
            self._take_classic(opened)
        return self._classic

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
        self._classic = None  # the classic game's controller, once rebuilt (``classic``)
        self._classic_waiting = None  # its journal, open, until the game is asked for
        self.translator = Translator("fr")
        self.sounds = Sounds()
        self._audio = audio
        self.audio = None
        self.speaker = None
        self._tick_event = None
        self._lock = None  # the data folder's lock, held while the app runs
        self._message = None  # what the message bar says: (key, kind, sticky, facts)
        self._waiting: list[tuple] = []  # messages that stay, waiting for the one shown
        self._storage_told: dict = {}  # the storage problems the host was told of, per game
        self._retry_at = 0.0  # when to try again writing what the storage refused
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
        # the game in progress, rebuilt from the journal if the app was stopped mid-game;
        # the journal is locked itself: if another app holds it, this one touches nothing
        try:
            self.ctl, journal_problem = self._open_game()
        except JournalInUse:
            Logger.warning("onenight: the journal in %s is in use by another app", self.data_dir)
            return self._build_already_open()
        self.settings, problem = open_settings(self.settings_path)
        self.ctl.debate_minutes = self.settings.debate_minutes
        for ctl in self.controllers():
            ctl.records.keep = self.settings.history_keep
        self._set_followed("lang", self.settings.language)
        self.translator.lang = self.lang
        self.sounds.volume = self.settings.voice_volume
        load_widget_rules(HOME_RULES)  # the others after the first frame
        Window.bind(on_flip=self._load_other_rules)
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
        partial_redraw.install(Window, still.live_widgets)  # a countdown's second: its box
        pacing.tune(Clock)
        self._tick_event = Clock.schedule_once(self._tick, TICK)
        sm.bind(current=lambda *_: self.retick())
        sm.bind(current=self.keep_awake)
        memory.after_each_screen(sm, Clock)  # the heap's free pages back (docs/performance.md)
        # what went wrong before this start stays on screen until the host has read it
        self._journal_problem(journal_problem, "onenight")
        if problem:
            self.notify(problem, kind="error", sticky=True)
        self._storage_told = {id(c): c.storage_problems() for c in self.controllers()}
        Window.bind(on_flip=self._after_first_frame)
        if trace.path():
            Window.bind(on_flip=self._first_flip)
        if self.demo:
            from . import demo

            self.finish_start()
            demo.setup(self, self.demo)
        return root

    # ---- after the first frame: what the home screen does not show at once ---------------
    def _after_first_frame(self, *_):
        Window.unbind(on_flip=self._after_first_frame)
        Clock.schedule_once(lambda *_: self.finish_start())

    def finish_start(self) -> None:
        """What the first frame does not wait for (docs/performance.md), done in the loop's
        turn after it, or before anything else needs it (a screen other than the home screen
        built first): the voice and its audio, the classic game's journal, then the box.
        Once only."""
        if self.audio is not None or self.already_open or self.ctl is None:
            return
        self._start_sound()
        self._open_classic()

    def _start_sound(self) -> None:
        from .voice import SafeAudio, Speaker  # the narration's modules

        if self._audio is None:
            from onenight.narration.kivy_audio import KivyAudio

            self._audio = KivyAudio()
        self.audio = SafeAudio(self._audio, on_fail=self._audio_failed)
        self.audio.muted = self.muted
        if self.audio_focus is None:
            self.audio_focus = android.audio_focus(
                platform, self._sound_taken, lambda f: Clock.schedule_once(lambda *_: f()))
        self.speaker = Speaker(self.audio)

    def _open_classic(self) -> None:
        """The classic game's journal, then the box (which may be holding its pads). A
        journal with a game under way (or anything to say) is rebuilt now; one that holds
        only the table's setup waits until the classic game is asked for (``classic``)."""
        try:
            opened = journal.open_journal(self.data_dir / journal.GAMES["thiercelieux"][1])
        except JournalInUse:  # another app holds it: this one touches nothing, as at start
            Logger.warning("onenight: the journal in %s is in use by another app", self.data_dir)
            for ctl in self.controllers():
                if ctl.journal is not None:
                    ctl.journal.close()
            Window.remove_widget(self.root)
            self.root = self._build_already_open()
            Window.add_widget(self.root)
            return
        if journal.between_games(opened, "thiercelieux"):
            self._classic_waiting = opened
        else:
            self._take_classic(opened)
        self.connect_box()
        self._resume_box_vote()
        if self.sm.current == SCREENS[0][0]:
            self.sm.current_screen.refresh()  # a classic game in progress: offered back

    def _take_classic(self, opened) -> None:
        """The classic game's controller rebuilt from its journal, opened before."""
        classic, problem = self._open_game("thiercelieux", opened)
        classic.records.keep = self.settings.history_keep
        self._classic = classic
        self._storage_told[id(classic)] = classic.storage_problems()
        self._journal_problem(problem, "thiercelieux")

    def classic_phase(self) -> str | None:
        """The classic game's phase, without rebuilding a journal that waits (it holds no
        game under way: ``setup``); None before the first frame."""
        if self._classic is None:
            return "setup" if self._classic_waiting is not None else None
        return self._classic.phase

    def _journal_problem(self, found: dict | None, game: str) -> None:
        if found:
            self.notify("journal." + found["code"], kind="error", sticky=True,
                        reason=found["reason"], name=found["name"], game=game)

    def _open_game(self, game: str = "onenight", opened=None):
        """``game``'s controller from its journal (``opened``: as read before)."""
        kw = dict(game=game, clock=self._clock, rng=self._rng,
                  **({"wall": self._wall} if self._wall else {}))
        if opened is not None:
            return journal.rebuild(self.data_dir, opened, **kw)
        return open_game(self.data_dir, **kw)

    def controllers(self) -> list:
        """The games in progress: the one-night game's, then the classic game's (once
        rebuilt: a classic journal waiting holds nothing to write)."""
        return [c for c in (self.ctl, self._classic) if c is not None]

    def _build_already_open(self):
        """The screen of a second app on a data folder in use: it says so, in the host's
        language, and offers to close. No journal, history, box or settings write: only the
        settings are read, for the language."""
        self.already_open = True
        settings, _problem = load_settings(self.settings_path)
        self.translator.lang = settings.language
        self._set_followed("lang", self.translator.lang)
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

    def _load_other_rules(self, *_):
        """Once the first frame is drawn: the widgets' rules it did not need."""
        Window.unbind(on_flip=self._load_other_rules)
        Clock.schedule_once(lambda *_: load_widget_rules())

    def _first_flip(self, *_):
        Window.unbind(on_flip=self._first_flip)
        trace.mark("first_frame", size=list(Window.size), cpu=time.process_time())
        Window.bind(on_touch_down=self._first_touch)

    def _first_touch(self, *_):
        """(Traced) the first touch: the frame drawn after it is the app's answer."""
        Window.unbind(on_touch_down=self._first_touch)
        Window.bind(on_flip=self._first_answer)

    def _first_answer(self, *_):
        Window.unbind(on_flip=self._first_answer)
        trace.mark("tap_answered")

    def _on_size(self, _w, size):
        self._set_followed("scale", max(0.55, min(size[0] / 1280.0, size[1] / 800.0)))
        self._set_followed("text_scale", max(self.scale, 0.75))

    def _set_followed(self, name: str, value) -> None:
        """Set one of the app's properties that the widgets' rules follow (``scale``,
        ``text_scale``, ``lang``). Kivy may leave the rule of a widget already freed bound to
        it (a widget collected while another change was being told is not always unbound):
        telling that rule raises ReferenceError, and the widgets after it are not told. Such
        a rule is let go and every rule told again, so a resize or a change of language never
        stops the app nor leaves a widget at the old size."""
        try:
            setattr(self, name, value)
            return
        except ReferenceError as e:
            error = e
        for _ in range(100):  # a rule let go is never called again: each pass gets further
            if not drop_freed_listeners(self, name):
                raise error  # not a freed widget's rule: a real fault, never hidden
            try:
                self.property(name).dispatch(self)
                return
            except ReferenceError as e:
                error = e
        raise error

    # ---- language -------------------------------------------------------------------------
    def tr(self, key: str, *_lang, **facts) -> str:
        """Translate ``key``; kv rules pass ``app.lang`` after it so the text follows it."""
        return self.translator.t(key, **facts)

    def set_language(self, lang: str) -> None:
        self.translator.lang = lang
        self.settings.language = self.translator.lang
        self._set_followed("lang", self.translator.lang)
        self.save_settings()
        if self._message is not None:  # the message shown, in the new language
            key, kind, sticky, facts = self._message
            self.message = self._render(key, facts)
        self.sm.current_screen.refresh()

    def save_settings(self) -> None:
        try:
            save_settings(self.settings_path, self.settings)
        except OSError:
            self.notify("settings_not_saved", kind="error")

    # ---- the one door into the game -------------------------------------------------------
    def send(self, event: dict, ctl=None) -> bool:
        """Apply an event to ``ctl`` (the one-night game's controller unless another is
        given); on refusal show why and what to do. Returns whether it applied."""
        ctl = ctl if ctl is not None else self.ctl
        try:
            ctl.apply(event)
            if ctl is self._classic:
                self.box_sync()
            if self._tick_event is not None:
                self.retick()  # the game changed: the screen's next tick may be sooner
        except Refused as r:
            self.notify("refused." + r.code, kind="error", **_facts(self, r.facts, ctl))
            return False
        except Exception:  # a bug must not end the game: say so, keep the table going
            Logger.exception("onenight: event %r failed", event.get("type"))
            self.notify("refused.other", kind="error")
            return False
        self.check_storage(ctl)
        return True

    # ---- storage ----------------------------------------------------------------------------
    def check_storage(self, ctl=None) -> None:
        """Say when a game (the one-night game's unless ``ctl`` is given) stops being saved
        (why, and what to do), and when it is saved again: once each."""
        ctl = ctl if ctl is not None else self.ctl
        now = ctl.storage_problems()
        before = self._storage_told.get(id(ctl), (None, None))
        self._storage_told[id(ctl)] = now
        if now == before:
            return
        if now[0] and now[0] != before[0]:
            self.notify("journal.not_written", kind="error", sticky=True, reason=now[0])
        elif now[1] and now[1] != before[1]:
            self.notify("result.not_saved", kind="error", sticky=True, reason=now[1])
        elif not any(now):
            self.notify("journal.saved_again")

    def _retry_storage(self) -> None:
        """Every few seconds while something waits for the storage, try to write it."""
        waiting = [c for c in self.controllers() if c.pending()]
        if not waiting or waiting[0].now() < self._retry_at:
            return
        self._retry_at = waiting[0].now() + RETRY
        for ctl in waiting:
            ctl.retry()
            self.check_storage(ctl)
        if not self.ctl.pending() and self.sm.current == "result":
            self.sm.current_screen.refresh()  # "saved in the history" now

    def reason_text(self, code: str) -> str:
        """A storage or damage code as a sentence in the host's language (any other text
        as it is)."""
        for key in ("storage." + code, "journal.damage." + code):
            if self.translator.has(key):
                return self.tr(key)
        return code

    def set_aside_games(self) -> list:
        """The games whose journal could not be read, of both games (each says whose:
        ``game``), the most recent first."""
        return journal.set_aside_games(self.data_dir)

    def held_game(self) -> str | None:
        """The game (a key of ``journal.GAMES``) whose journal could not be read and is kept
        as it is, waiting to be tried again: the one-night game's first."""
        return next((game for game, ctl in (("onenight", self.ctl),
                                            ("thiercelieux", self._classic))
                     if getattr(getattr(ctl, "writer", None), "held", False)), None)

    def reopen_game(self, aside: Path | None = None, game: str = "onenight") -> bool:
        """Open ``game``'s journal again (once the storage is fixed), or, with ``aside``, a
        journal of that game that was set aside in its place. Only between games: the
        table's setup is what the journal held, and a game under way would be lost."""
        classic = game == "thiercelieux"
        self.finish_start()
        old = self.classic if classic else self.ctl
        if old.phase != "setup":
            self.notify("journal.finish_first_classic" if classic else "journal.finish_first",
                        kind="error")
            return False
        if old.journal is not None:
            old.journal.close()
        try:
            if aside is not None:
                journal.restore_set_aside(aside, self.data_dir / journal.GAMES[game][1])
            ctl, problem = self._open_game(game)
        except (OSError, JournalInUse) as e:
            ctl, problem = old, {"code": "held", "name": "",
                                 "reason": storage.problem(e) or storage.BUSY}
            if old.journal is not None and not old.writer.held:
                old.writer.retry()
        if not classic:
            ctl.debate_minutes = self.settings.debate_minutes
        ctl.records.keep = self.settings.history_keep
        if classic:
            self._classic = ctl
        else:
            self.ctl = ctl
        self._storage_told[id(ctl)] = ctl.storage_problems()
        if problem:
            self.notify("journal." + problem["code"], kind="error", sticky=True,
                        reason=problem["reason"], name=problem["name"], game=game)
        elif ctl.phase != "setup":
            self.notify("journal.reopened")
        else:
            self.notify("journal.reopened_empty")
        self.sm.current_screen.refresh()
        return ctl is not old and problem is None

    def export_set_aside(self, aside: Path) -> None:
        folder = self.export_folder()
        try:
            journal.export_set_aside(aside, folder)
        except OSError as e:
            self.notify("history.export_failed", kind="error",
                        reason=storage.problem(e, folder) or storage.IO)
            return
        self.notify("journal.exported", folder=str(folder))

    def delete_set_aside(self, aside: Path) -> None:
        try:
            journal.delete_set_aside(aside)
        except OSError as e:
            self.notify("journal.not_deleted", kind="error",
                        reason=storage.problem(e, aside.parent) or storage.IO)
        self.sm.current_screen.refresh()

    @staticmethod
    def export_folder() -> Path:
        """Where exported games go unless the host chooses another folder."""
        return Path.home() / "onenight-games"

    # ---- messages ---------------------------------------------------------------------------
    def _render(self, key: str, facts: dict) -> str:
        facts = dict(facts)
        if isinstance(facts.get("reason"), str):
            facts["reason"] = self.reason_text(facts["reason"])
        if "game" in facts:  # a game's key, named in the host's language
            facts["game"] = self.tr("journal.game." + facts["game"])
        text = self.tr(key, **facts)
        if text == key and key.startswith("refused."):
            text = self.tr("refused.other")
        return text

    def notify(self, key: str, kind: str = "info", sticky: bool = False, **facts) -> None:
        """Show a message: one that goes by itself, or a ``sticky`` one that stays until
        tapped (another sticky one waits for it)."""
        if self.message_sticky and self._message is not None:
            if sticky:
                if (key, kind, sticky, facts) != self._message:
                    self._waiting.append((key, kind, sticky, facts))
                return
            self._waiting.insert(0, self._message)  # back when this one has gone
        self._message = (key, kind, sticky, facts)
        self.message_kind = kind
        self.message_sticky = sticky
        self.message = self._render(key, facts)
        Clock.unschedule(self._clear_message)
        if not sticky:
            Clock.schedule_once(self._clear_message, from_now(8 if kind == "error" else 4))

    def dismiss_message(self) -> None:
        """The host tapped the message: it goes, and the next one waiting shows."""
        self._message = None
        self.message_sticky = False
        self.message = ""
        if self._waiting:
            key, kind, sticky, facts = self._waiting.pop(0)
            self.notify(key, kind, sticky, **facts)

    def _clear_message(self, *_):
        if not self.message_sticky:
            self._message = None
            self.message = ""
            if self._waiting:
                key, kind, sticky, facts = self._waiting.pop(0)
                self.notify(key, kind, sticky, **facts)

    def go(self, name: str) -> None:
        if not self.message_sticky:
            self._clear_message()
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
        if screen is not None and screen.name in ("night", "classic_night"):
            screen.sound_taken()

    def tick(self) -> None:
        screen = self.sm.current_screen
        if screen is not None:
            screen.tick()
        self._retry_storage()

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
                return
            self.box_sync()  # a classic game under way (or resumed): its round on the box

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
                        else "journal.box_vote_reopened", sticky=True)  # found at start-up

    def voice_packs(self) -> list[str]:
        from .voice import voice_packs

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
            self.box.start_debate(v.seconds_left, self.ctl.state.day.length,
                                  paused=not v.running)

    def box_sync(self) -> None:
        """Have the box hold what the classic game's moment needs (a night's pick, its
        debate, a vote or a decision on the pads; see ``game/classic_pads.py``)."""
        pads = self.classic_pads()
        if pads is not None and self._classic is not None:  # (none under way: nothing to hold)
            try:
                pads.sync()
            except Exception:  # noqa: BLE001 - the box must never stop the game
                Logger.exception("onenight: the box could not follow the classic game")

    def classic_pads(self):
        """The classic game's use of the box (None without a box)."""
        return getattr(self.box, "classic", None)

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


HOME_RULES = ("common", "fit_label", "dialog")
"""The widgets the home screen and the message bar draw (and the dialog a tap on home opens):
the only ones loaded before the first frame; the others once it is drawn, or before a
screen is first built, whichever comes first (docs/performance.md)."""


def load_widget_rules(only: tuple[str, ...] | None = None) -> None:
    """Every widget of widgets/ (its module, which registers its classes) and its look, or
    those named in ``only``: common first (the others use its rules). Each is loaded once."""
    rules = sorted((HERE / "widgets").glob("*.kv"), key=lambda p: p.name != "common.kv")
    for path in rules:
        if only is not None and path.stem not in only:
            continue
        if path.with_suffix(".py").exists():
            importlib.import_module(f"onenight.ui.widgets.{path.stem}")
        if str(path) not in Builder.files:
            Builder.load_file(str(path))


def _facts(app: OneNightApp, facts: dict, ctl=None) -> dict:
    """Facts of a refusal made readable: seats become names, card ids card names (the
    classic game's from its cast)."""
    out = dict(facts)
    ctl = ctl if ctl is not None else app.ctl
    players = ctl.state.players if ctl else []
    classic = ctl is not None and ctl is app._classic
    for k, v in facts.items():
        if k == "seat" and isinstance(v, int):
            out["seat1"] = v + 1
            if 0 <= v < len(players):
                out["name"] = players[v]
        if k == "seats" and isinstance(v, list):
            out["names"] = ", ".join(players[s] for s in v if 0 <= s < len(players))
        if k == "card" and isinstance(v, str):
            out["card_name"] = app.translator.classic_card(v) if classic \
                else app.translator.role(v)
    return out


def _default_box_factory():
    """The real box link, or None when this install has no box support (no pyserial). Its
    modules (the box's client, the classic game's pads) are imported when a box is first
    connected, after the first frame (docs/performance.md)."""
    if importlib.util.find_spec("serial") is None:
        return None

    def box_link(address, app):
        from .box_link import BoxLink

        return BoxLink(address, app)

    return box_link


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


def drop_freed_listeners(owner, name: str) -> int:
    """Unbind from ``owner``'s property ``name`` the listeners whose widget is gone: a kv
    rule's call is bound with its widget's weak proxy first in its arguments, a bound method
    through a weak method. Returns how many were let go."""
    dropped = 0
    for callback, args, _kwargs, is_ref, uid in owner.get_property_observers(name, args=True):
        if is_ref:
            gone = callback.is_dead()
        else:
            rule = args[0] if args and isinstance(args[0], (tuple, list)) else ()
            gone = bool(rule) and isinstance(rule[0], WeakProxy) and _freed(rule[0])
        if gone:
            owner.unbind_uid(name, uid)
            dropped += 1
    return dropped


def _freed(proxy: WeakProxy) -> bool:
    try:
        bool(proxy)
    except ReferenceError:
        return True
    return False
