"""Thiercelieux's night: the voice calls each step (:class:`ClassicNight`, the classic night
driver), and the woken act on the tablet in the middle of the table, on the widgets both
games' nights share: the call's frame (:class:`..widgets.night_step.StepFrame`: a dim
screen, the call, where the night is, the time left), the seats round the table as large
targets (:class:`..widgets.seat_ring.SeatRing`: the dead greyed, a choice confirmed by a
second tap), and what they learn shown large during their call only, then cleared
(:class:`..widgets.night_step.SecretPanel`).

A call looks and lasts the same whether somebody acts, the power is spent, or nobody holds
the card: the screen is built from the night's view (:func:`onenight.game.classic_views.
night_view`), whose shape and offers do not depend on the deal, and the call ends when the
plan says, never sooner. Leaving the night (or the app stopping) takes it up again at the
start of the call it was in; a choice made in it stands.

With the vote box, every call is a pick on the pads (``game/classic_pads.py``): a woken
player's pad choice reaches the controller as a tap would, and this screen shows what it
shows after a tap; nothing else on it changes, nor when the call ends."""

from __future__ import annotations

import time

from kivy.core.window import Window
from kivy.factory import Factory
from kivy.logger import Logger
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from onenight.game.classic_night import ClassicNight
from onenight.narration import NarrationError
from onenight.narration.audio import SilentAudio
from onenight.narration.lines import CLASSIC
from onenight.narration.voice import TextVoice

from .. import theme, trace
from ..pacing import AFTER
from ..voice import narration_settings
from ..widgets.dialog import confirm
from ..widgets.night_step import Secret
from ..widgets.seat_ring import SEAT
from .classic_base import ClassicScreen
from .night import mmss


#: The calls whose "nothing" has a meaning of its own, and the button's words for it.
NOTHING = {"amants": "classic.night.nothing.amants"}


class ClassicNightScreen(ClassicScreen):
    title = StringProperty("")
    line = StringProperty("")
    """What the voice is saying."""
    progress = StringProperty("")
    """Where the night is: the night, the call's number among tonight's."""
    time_left = StringProperty("")
    """The time left in the call."""
    kind = StringProperty("none")
    """The shape of the call's choice: none, seat, seats, side, card, yes, potions."""
    chosen = BooleanProperty(False)
    learned_cards = ListProperty([])
    """The cards the woken are shown at their call (the thief's two)."""
    picked = ListProperty([])
    """A side, a card or a yes tapped once: a second tap confirms (seats are the ring's)."""
    heal = BooleanProperty(False)
    """The witch's healing potion, chosen."""
    heal_text = StringProperty("")
    """The healing potion's button: the victim it saves when she is shown several."""
    victims = ListProperty([])
    """The victims the witch is shown (several: her heal names the one it saves)."""
    heal_seat = -1  # among several victims, the one the heal saves
    paused = BooleanProperty(False)
    nothing_text = StringProperty("")
    spy = BooleanProperty(False)
    """Seed 000's Espion may show himself at this call (his button: the deck holds his card
    and the call is one he may wake with; whatever he has used, so that it tells nothing)."""
    """The button that chooses nothing: "do nothing", or what nothing means at this call (the
    Québec lovers: each sleeps at home)."""
    choice_a = StringProperty("")
    choice_b = StringProperty("")
    """The two large choices: village or werewolves, the thief's two cards, infect or not."""
    powers = ListProperty([])
    """A character's special powers (powers, power): the whole list, whatever is held."""
    pick = NumericProperty(0)
    """How many of them the first night's pick keeps."""
    power = StringProperty("")
    """The special power tapped tonight: the ring then names its player."""
    alone = ListProperty([])
    """The powers that name nobody: tapped, then tapped again."""

    driver = None
    _state = None  # the controller's state of the game whose night the driver calls
    _call = None  # (night, index) of the call the screen shows

    def on_pre_enter(self, *_):
        Window.clearcolor = theme.NIGHT_BG
        w = self.ctl.state.window
        # a driver is its game's night: a game abandoned (the controller's state made anew)
        # leaves nothing to the next game's night of the same number
        if self.driver is not None and (w is None or self.driver.night != w.night
                                        or self.driver.ctl is not self.ctl
                                        or self._state is not self.ctl.state):
            self.driver.stop()
            self.driver = None
        if self.driver is None and w is not None:
            self._start()
        super().on_pre_enter()

    def on_leave(self, *_):
        Window.clearcolor = theme.BG
        self.app.audio_focus.abandon()

    def _start(self):
        app = self.app
        self._state = self.ctl.state
        settings = narration_settings(app.settings, app._rng)
        try:
            self.driver = ClassicNight(self.ctl, app.audio, self.ctl.clock, settings,
                                       on_cue=self._cue)
        except (NarrationError, OSError, ValueError) as e:
            app.sound_failed(f"the voice cannot be loaded ({e}); the night is shown as text")
            app.notify("night.voice_unavailable", kind="error")
            self.driver = ClassicNight(self.ctl, SilentAudio(), self.ctl.clock, settings,
                                       voice=TextVoice(settings.lang, CLASSIC),
                                       on_cue=self._cue)
        app.audio_focus.request()
        self.driver.start()
        app.box_sync()

    def _cue(self, cue):
        trace.mark("cue", line=cue.line, start=cue.start, duration=cue.duration)
        self.line = cue.text

    # ---- view -------------------------------------------------------------------------------
    def refresh(self):
        if self.ctl.phase != "night" or self.ctl.state.window is None:
            return
        v = self.ctl.night_view()
        call = (v.night, v.index)
        new_call = call != self._call
        if new_call:  # a new call: nothing tapped yet
            self._call = call
            self.picked = []
            self.power = ""
            self.heal, self.heal_seat = False, -1
        self.victims = [s for x in v.learned if x.kind == "victim" for s in x.seats]
        self._heal_label(v.table.players)
        self.title = self.tr("classic.step." + v.step)
        self.nothing_text = self.tr(NOTHING.get(v.step, "classic.night.nothing"))
        self.kind = v.kind
        self.chosen = v.chosen
        self.spy = v.spy
        learned = [Secret(self.say(x.text), tuple(x.cards), x.note) for x in v.learned]
        panel = self.ids.secrets
        if learned != list(panel.items):
            panel.show(learned)
        self.learned_cards = [c for x in v.learned for c in x.cards]
        self.choice_a, self.choice_b = self._choices(v.kind, v.step)
        self.pick = v.pick
        self.alone = list(v.alone)
        if list(self.powers) != list(v.powers):
            self.powers = list(v.powers)
        self._power_buttons()
        ring = self.ids.ring
        names = list(v.table.players)
        if list(ring.names) != names:
            ring.names = names
            ring.rebuild_now()
        ring.dead = [i for i in range(len(names)) if not v.table.alive[i]]
        if new_call:
            ring.clear()
        if not v.chosen:  # (a choice made: the ring keeps its look, and takes no tap)
            ring.seat_count = {"seat": 1, "seats": v.most, "potions": 1,
                               "power": 1}.get(v.kind, 0)
            # up to two (the piper's last one to charm alone): the rules say if it is enough
            ring.seat_least = 1
        ring.locked = v.chosen or v.kind not in ("seat", "seats", "potions", "power") \
            or (v.kind == "power" and (not self.power or self.power in self.alone))
        # (a power first, then its player; a power that names nobody is tapped again)
        ring.group = v.group
        d = self.driver
        if d is not None:
            self.paused = d.runner.state == "paused"
            self.progress, self.time_left = self._progress(d, v)

    def _choices(self, kind: str, step: str = "") -> tuple[str, str]:
        if kind == "side":
            return (self.tr("classic.night.side_village"),
                    self.tr("classic.night.side_werewolves"))
        if kind == "yes" and step == "astrologer":  # his next power, or not tonight
            return self.tr("classic.night.eclipse"), self.tr("classic.night.no_eclipse")
        if kind == "yes":
            return self.tr("classic.night.infect"), self.tr("classic.night.no_infect")
        if kind == "card":
            cards = self.learned_cards if len(self.learned_cards) == 2 else None
            return tuple(self.tr("classic.night.take", card_name=self.card_name(cards[k]))
                         if cards else self.tr("classic.night.card", n=k + 1)
                         for k in (0, 1))
        return "", ""

    def _progress(self, d, v) -> tuple[str, str]:
        steps = d.plan.steps
        if v.index >= len(steps):
            return "", ""
        left = steps[v.index].end - d.runner.position
        return (self.tr("classic.night.progress", night=v.night, k=v.index + 1, n=v.calls),
                mmss(left))

    def tick(self):
        d = self.driver
        if d is None:
            return
        try:
            d.poll()
        except Exception:  # noqa: BLE001 - nothing may stop the night
            Logger.exception("onenight: the classic night's call could not end")
        self.app.box_sync()  # a new call: a new pick on the pads
        if d.finished:
            self.driver = None
            d.stop()
            # the CPU used so far: the bench's night ends here, not with the next screen's
            # opening that follows in this same tick
            trace.mark("night_end", clips_failed=len(getattr(self.app.audio, "failed", ())),
                       cpu=time.process_time())
            if self.ctl.phase == "night" and self.ctl.state.window is not None:
                self._start()  # a night straight after the last (the Astrologue's solar eclipse)
                self.refresh()
                return
            self.follow()
            return
        self.refresh()

    def next_tick(self):
        d = self.driver
        due = d.next_due() if d is not None else None
        return 0.2 if due is None else min(1.0, due + AFTER)

    # ---- the woken's choice ------------------------------------------------------------------
    def tap_seat(self, seat: int):
        """A seat tapped on the ring: chosen; tapped again, confirmed (two for cupid and the
        piper; the witch's poison with her potions)."""
        self.ids.ring.tap(SEAT, seat)

    def ring_chose(self, seats):
        """The ring's confirmed choice: the woken's choice (the witch: her potions, this
        seat poisoned)."""
        if self.chosen or not seats:
            return
        if self.kind == "potions":
            self.choose({"heal": self._heal(), "poison": seats[0]})
        elif self.kind == "seat":
            self.choose({"target": seats[0]})
        elif self.kind == "seats":
            self.choose({"targets": list(seats)})
        elif self.kind == "power" and self.power:
            self.choose({"power": self.power, "target": seats[0]})

    # ---- special powers (the Québec booklet's Apothicaire) -----------------------------------
    def _power_buttons(self):
        """One button per power of the list, the same whoever holds the card: tapped, a power
        is kept (the pick) or chosen for tonight (then a seat on the ring). Each carries its
        number in the list, the one a woken player dials on his pad (then a seat's)."""
        row = self.ids.power_row
        if len(row.children) != len(self.powers):
            row.clear_widgets()
            for p in self.powers:
                b = Factory.NightChoice(font_size=self.app.text_scale * 20, halign="center")
                b.bind(size=lambda w, sz: setattr(w, "text_size", (sz[0] * 0.9, None)))
                b.power_id = p
                b.bind(on_release=lambda w: self.tap_power(w.power_id))
                row.add_widget(b)
        for b in row.children:
            b.text = self.tr("classic.power.numbered", n=self.powers.index(b.power_id) + 1,
                             power=self.tr(f"classic.power.{b.power_id}"))
            b.primary = b.power_id in self.picked or b.power_id == self.power

    def tap_power(self, power: str):
        """The pick: a power kept, or let go (the keep button confirms); tonight's use: this
        power (the ring then names its player; one that names nobody, tapped again)."""
        if self.chosen:
            return
        if self.kind == "powers":
            if power in self.picked:
                self.picked = [p for p in self.picked if p != power]
            elif len(self.picked) < self.pick:
                self.picked = list(self.picked) + [power]
        elif self.kind == "power" and power in self.alone and self.power == power:
            self.choose({"power": power, "target": None})  # it names nobody: confirmed
            return
        elif self.kind == "power":
            self.power = "" if self.power == power else power
            self.ids.ring.clear()
        self.refresh()

    def keep_powers(self):
        """The powers picked, kept for the game (refused unless as many as the pick keeps)."""
        if self.kind == "powers" and not self.chosen:
            self.choose({"powers": list(self.picked)})

    def tap_value(self, field: str, value):
        """A side, one of the thief's two cards, the infection: tapped, then tapped again."""
        if self.chosen:
            return
        if self.picked == [value]:
            self.choose({field: value})
        else:
            self.picked = [value]
            self.refresh()

    def toggle_heal(self):
        """The healing potion on or off; among several victims, each tap names the next one
        it saves, then none."""
        if self.chosen:
            return
        if len(self.victims) > 1:
            order = [-1] + list(self.victims)
            self.heal_seat = order[(order.index(self.heal_seat) + 1) % len(order)] \
                if self.heal_seat in order else -1
            self.heal = self.heal_seat >= 0
        else:
            self.heal = not self.heal
        self._heal_label(self.ctl.table_view().players)

    def _heal_label(self, players):
        if len(self.victims) > 1:
            self.heal_text = self.tr("classic.night.heal_one", name=players[self.heal_seat]) \
                if self.heal else self.tr("classic.night.heal_which")
        else:
            self.heal_text = self.tr("classic.night.heal_on" if self.heal
                                     else "classic.night.heal")

    def _heal(self):
        """The heal as the rules take it: the seat it saves among several victims."""
        return self.heal_seat if self.heal and len(self.victims) > 1 else self.heal

    def potions(self):
        """The witch's potions as they are: the healing one if chosen, the poison on the
        seat selected on the ring (if any)."""
        chosen = list(self.ids.ring.chosen_seats)
        self.choose({"heal": self._heal(), "poison": chosen[0] if chosen else None})

    def nothing(self):
        """The woken do nothing this time (refused where the rules require a choice)."""
        field = {"seat": "target", "seats": "targets", "side": "side", "card": "take",
                 "yes": "yes", "potions": "poison", "power": "power",
                 "powers": "powers"}.get(self.kind)
        if field is not None and not self.chosen:
            self.choose({field: None} if field != "poison" else {"heal": False, "poison": None})

    def spy_here(self):
        """The Espion, awake with this call, shows himself: counted (or refused past his
        limits, the screen saying why); the call goes on, and nothing is heard."""
        if self.send({"type": "spy"}):
            self.app.notify("classic.night.spy_noted")

    def choose(self, choice: dict):
        self.picked = []
        self.power = ""
        self.ids.ring.clear()
        self.send({"type": "choose", **choice})

    # ---- the host ---------------------------------------------------------------------------
    def toggle_pause(self):
        d = self.driver
        if d is None:
            return
        if d.runner.state == "paused":
            self.app.audio_focus.request()
            d.resume()
        else:
            d.pause()
        self.refresh()
        self.app.retick()

    def sound_taken(self):
        if self.driver is not None and self.driver.runner.state != "paused":
            self.toggle_pause()
            self.app.notify("night.sound_taken", kind="error")

    def stop_night(self):
        confirm(self.tr("night.leave_confirm_title"), self.tr("classic.night.leave_text"),
                self.tr("night.leave_confirm_yes"), self._leave)

    def _leave(self):
        if self.driver is not None:
            self.driver.stop()
            self.driver = None
        self.app.go("home")
