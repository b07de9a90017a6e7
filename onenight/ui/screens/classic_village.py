"""Le Village's screens (the buildings, seed 001), two of them:

- ``classic_houses``: who lives where, before the deal. Each tap on a player's name moves
  them to the next building the box still has (a Vagabond after the last); or the host picks
  the buildings in play that way and lets the tablet deal them at random. The buildings are
  public: everyone may watch.
- ``classic_village``: the decisions the buildings ask for, each on its own page: a day power
  the debate's button opened (the barber's razor, the confessor's look, the bonesetter's cure:
  the seat tapped twice), what it did (the barber's dead and their cards; the confessor's look
  shown to him alone, the tablet handed to him as at the deal), the bailiff housing a Vagabond
  in the building freed in the night, the schoolteacher keeping one or two players from the
  vote, the lord pardoning the condemned before his card is shown.

Each seat's building shows under its name (a spent token in brackets)."""

from __future__ import annotations

from kivy.properties import ListProperty, NumericProperty, StringProperty

from onenight.classic.village import BUILDING, BUILDINGS

from onenight.narration.classic import village_lines

from .classic_base import ClassicScreen, Speaking, building_name, home_line
from .classic_day import SeatsMixin

#: what a tap on a name moves through: every building, then a Vagabond
CYCLE: tuple[str | None, ...] = tuple(b.id for b in BUILDINGS) + (None,)


class ClassicHousesScreen(ClassicScreen):
    """Who lives where (see the module's docstring)."""

    houses = ListProperty([])

    def on_pre_enter(self, *_):
        v = self.ctl.setup_view()
        self.houses = list(v.houses) if v.houses is not None else [None] * len(v.players)
        super().on_pre_enter()

    def refresh(self):
        if self.ctl.phase != "setup":
            return
        grid = self.ids.seats
        if grid.button_factory is None:
            from .classic_day import seat_button
            grid.button_factory = seat_button
        names = list(self.ctl.state.players)
        if len(self.houses) != len(names):
            self.houses = [None] * len(names)
        if list(grid.names) != names:
            grid.names = names
            grid.rebuild_now()
        for b in grid.buttons():
            b.status = building_name(self.tr, self.houses[b.seat])
            b.selected = self.houses[b.seat] is not None

    def tap_seat(self, seat: int):
        """The next building the box still has for this seat (then a Vagabond)."""
        now = self.houses[seat]
        i = CYCLE.index(now)
        for step in range(1, len(CYCLE) + 1):
            b = CYCLE[(i + step) % len(CYCLE)]
            if b is None or sum(1 for x in self.houses if x == b) < BUILDING[b].copies:
                break
        houses = list(self.houses)
        houses[seat] = b
        self.houses = houses
        self.refresh()

    def deal(self):
        """The tablet deals the chosen buildings among all the seats, at random."""
        if self.app.send({"type": "houses", "deal": [b for b in self.houses if b is not None]},
                         self.ctl):  # (this screen stays: the host sees where they went)
            self.houses = list(self.ctl.setup_view().houses)
            self.refresh()

    def done(self):
        if self.app.send({"type": "houses", "buildings": list(self.houses)}, self.ctl):
            self.app.go("classic_setup")


class ClassicVillageScreen(Speaking, SeatsMixin, ClassicScreen):
    """The buildings' decisions (see the module's docstring)."""

    title = StringProperty("")
    text = StringProperty("")
    stage = StringProperty("")
    """``pick`` (a seat for a day power or the bailiff), ``ban`` (up to two seats), ``lord``
    (pardon or not), ``cover`` (the tablet to the confessor), ``look`` (the confessor
    alone), ``shown`` (what a power did: go on)."""
    card = StringProperty("")
    picked = NumericProperty(-1)
    banned = ListProperty([])
    power = StringProperty("")
    """The day power the debate's button opened (while the village still debates)."""
    action = StringProperty("")
    """The bottom button's words: what it does at this stage."""

    def start_power(self, power: str):
        self.power, self.picked, self.stage = power, -1, "pick"
        self.app.go(self.name)

    def on_pre_enter(self, *_):
        self.picked, self.banned, self.card = -1, [], ""
        super().on_pre_enter()

    def refresh(self):
        self._refresh()
        self._action()

    def _refresh(self):
        ctl = self.ctl
        phase = ctl.phase
        if phase == "debate" and self.power:
            return self._power_pick()
        self.power = ""
        if phase == "power":
            return self._power_done()
        if phase not in ("bailiff", "teacher", "lord"):
            return
        v = ctl.village_view()
        name = v.players[v.seat]
        self.speak((ctl.game.phase.label, v.step, v.building, v.condemned),
                   village_lines(v.step))
        self.title = self.tr("classic.step." + v.step)
        self.card = ""
        if v.step == "bailiff":
            self.stage = "pick"
            self.text = self.tr("classic.village.bailiff", name=name,
                                building=building_name(self.tr, v.building))
            self._seats(v.table, v.targets, self.picked)
        elif v.step == "teacher":
            self.stage = "ban"
            self.banned = [s for s in self.banned if s in v.targets]
            self.text = self.tr("classic.village.teacher", name=name)
            self._seats(v.table, v.targets, -1, self.banned)
        else:
            self.stage = "lord"
            self.text = self.tr("classic.village.lord", name=name,
                                condemned=v.players[v.condemned])
            self._seats(v.table, [], -1)

    def on_stage(self, *_):
        self._action()

    def on_banned(self, *_):
        self._action()

    def _action(self):
        key = {"cover": "classic.village.i_am", "look": "classic.village.hide",
               "shown": "classic.go_on", "lord": "classic.village.stand",
               "ban": "classic.village.ban" if self.banned else "classic.village.nobody",
               "pick": "classic.village.cancel" if self.power else "classic.village.nobody"
               }.get(self.stage, "classic.go_on")
        name = ""
        if self.stage == "cover" and self.ctl.state.power is not None:
            name = self.ctl.state.players[self.ctl.state.power[1]]
        self.action = self.tr(key, name=name)

    def _seats(self, table, offered, picked, chosen=()):
        self.show_seats(table, list(offered), picked,
                        status=lambda s: home_line(self.tr, table, s))
        for b in self.ids.seats.buttons():
            b.selected = b.selected or b.seat in chosen

    def _power_pick(self):
        v = self.ctl.debate_view()
        found = {p: (user, targets) for p, user, targets in v.powers}
        if self.power not in found:  # no longer possible: back to the debate
            self.power = ""
            self.app.go("classic_debate")
            return
        user, targets = found[self.power]
        self.stage = "pick"
        self.card = ""
        self.title = self.tr("classic.village.power." + self.power)
        self.text = self.tr("classic.village.pick." + self.power, name=v.table.players[user])
        self._seats(v.table, targets, self.picked)

    def _power_done(self):
        v = self.ctl.power_view()
        self.speak((self.ctl.game.phase.label, v.power, v.seat),
                   village_lines(v.power, [c.card for _, c in v.dead]))
        user, seat = v.players[v.user], v.players[v.seat]
        self.title = self.tr("classic.village.power." + v.power)
        self._seats(v.table, [], -1)
        if v.power == "confessor" and self.stage in ("cover", "look"):
            if self.stage == "look":
                c = self.ctl.confession_view()
                self.card = c.card
                self.text = self.tr("classic.village.confessed_card", name=seat,
                                    card_name=c.names[self.app.lang])
            else:
                self.card = ""
                self.text = self.tr("classic.village.confessor_cover", name=user)
            return
        self.card = ""
        if v.power == "barber":
            lines = [self.tr("classic.village.shaved", name=user, target=seat)]
            lines += [self.tr("classic.village.died", name=v.players[s],
                              card_name=c.names[self.app.lang]) for s, c in v.dead]
            self.text = "\n".join(lines)
        elif v.power == "confessor":
            self.text = self.tr("classic.village.confessed", name=user, target=seat)
        elif v.power == "lost_soul":
            self.text = self.tr("classic.village.soul_called", name=user, target=seat)
        else:
            self.text = self.tr("classic.village.restored", name=user, target=seat)
        self.stage = "shown"

    # ---- taps -------------------------------------------------------------------------------
    def tap_seat(self, seat: int):
        if self.stage == "ban":
            chosen = list(self.banned)
            if seat in chosen:
                chosen.remove(seat)
            elif len(chosen) < 2:
                chosen.append(seat)
            self.banned = chosen
            self.refresh()
            return
        if self.stage != "pick" or not self.second_tap(seat):
            return
        if self.power:
            power = self.power
            self.stage = "cover" if power == "confessor" else "shown"
            if not self.send({"type": "power", "power": power, "target": seat}):
                self.stage = "pick"
        else:
            self.send({"type": "choose", "target": seat})

    def nobody(self):
        """The bailiff houses nobody; the schoolteacher keeps the chosen (or nobody) from the
        vote; the lord lets the vote stand."""
        if self.stage == "ban":
            self.send({"type": "choose", "targets": list(self.banned) or None})
        elif self.stage == "lord":
            self.send({"type": "choose", "yes": False})
        elif self.stage == "pick" and self.power:
            self.power = ""
            self.app.go("classic_debate")
        else:
            self.send({"type": "choose", "target": None})

    def pardon(self):
        self.send({"type": "choose", "yes": True})

    def next_stage(self):
        """The confessor's look: the tablet handed to him, then hidden; else go on."""
        if self.stage == "cover":
            self.stage = "look"
        elif self.stage == "look":
            self.stage = "shown"
        else:
            self.stage = ""
            self.send({"type": "go"})
            return
        self.refresh()
