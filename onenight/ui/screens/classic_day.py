"""Thiercelieux's day, three screens:

- ``classic_dawn``: the rooster, the village wakes, the dead named one by one with a pause
  and each one's card shown, the bear's growl when due, the morning's other news (the
  raven's poster, the magistrate's immune, a burned home, the priest's blessed spared); a dying player's last decision (the
  hunter's shot, the captain's successor), taken on the tablet with a second tap.
- ``classic_debate``: the debate's countdown (+1/−1 minute, pause, the chime and the voice at
  one minute and at the end), then the vote, on the tablet passed round or by fingers; above
  the countdown, seed 000's Maire's character cards, who keeps up which behaviour (living
  players only, every day from the first dawn that told them).
- ``classic_vote``: the captain's election and the day's vote (the same screen), ties (the
  captain's pick, or a second vote among the tied), the lots; whose vote is in (never whom
  for) until every living player's is, then every ballot as an arrow round the table, the
  counts (the captain's twice) and what they decided: the eliminated player's card. Under
  the Québec booklet's votes (the table's ``vote`` option) the same screen takes the
  intendant's nomination (a pick), each round's raised hands or pointed fingers (a vote whose
  missing ballots the host may close as blank), the panic's next count or the host's draw,
  and the lot's villager (the pool never shown).

Dead players stay in the circle, greyed: they never vote or act."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from onenight.game.classic_views import TOLD_CAUSES
from onenight.narration.classic import dawn_lines, village_lines

from .. import trace
from .classic_base import ClassicScreen, Speaking, home_line
from .day import mmss, next_second


#: The rounds of the Québec booklet's votes whose missing ballots the host may close as blank
#: (and the day's vote under its Vote unique).
QUEBEC_ROUNDS = ("nomination_votes", "panic_votes")


def seat_button(seat: int, name: str):
    return Factory.SeatButton(seat=seat, name=name)


class SeatsMixin:
    """A screen with a ``seats`` SeatGrid: the table's players, the dead greyed with their
    card, the offered seats chosen by a second tap."""

    def on_pad(self, seat: int) -> str:
        """A line saying this player may also choose on their pad (when the box takes it)."""
        pads = self.app.classic_pads()
        if pads is None or not self.app.box_ready() or not pads.with_pads([seat]):
            return ""
        return "\n" + self.tr("classic.pads.decide", name=self.ctl.state.players[seat])

    def second_tap(self, seat: int) -> bool:
        """A seat tapped once is picked (lit); tapped again, confirmed: True then."""
        if self.picked != seat:
            self.picked = seat
            self.refresh()
            return False
        self.picked = -1
        return True

    def show_seats(self, table, offered, picked=-1, status=None):
        grid = self.ids.seats
        if grid.button_factory is None:
            grid.button_factory = seat_button
        names = list(table.players)
        if list(grid.names) != names:
            grid.names = names
            grid.rebuild_now()
        grid.blocked = [i for i in range(len(names)) if i not in offered]
        for b in grid.buttons():
            b.selected = b.seat == picked
            dead = not table.alive[b.seat]
            b.card = table.shown[b.seat] or "" if dead else ""
            b.status = (self.tr("classic.dead") if dead else
                        (status(b.seat) if status else
                         (self.tr("classic.captain") if table.captain == b.seat else "")))


class ClassicDawnScreen(Speaking, SeatsMixin, ClassicScreen):
    title = StringProperty("")
    text = StringProperty("")
    stage = StringProperty("dawn")
    """``wake`` (the dawn to call), ``dead`` (the dead, one by one), ``bear``, ``chain``."""
    picked = NumericProperty(-1)
    group = BooleanProperty(False)
    """The chain's decision names any group (seed 000's fanatic): taps choose and let go,
    the button confirms."""
    chosen = ListProperty([])
    """The group tapped so far."""
    face_down = NumericProperty(0)
    """Seed 000's Immortel draws: the face-down cards offered (2), which is which unknown
    here (the controller keeps it)."""
    drew = StringProperty("")
    """The card the Immortel drew, shown to him alone (the tablet is his)."""

    def refresh(self):
        ctl = self.ctl
        if ctl.phase not in ("dawn", "chain"):
            return
        g = ctl.game
        if ctl.phase == "chain":
            v = ctl.chain_view()
            self.stage = "chain"
            self.group = v.group
            self.face_down = v.face_down
            self.drew = v.drew.card if v.drew else ""
            if not v.group:
                self.chosen = []
            self.title = self.tr("classic.step." + v.step)
            self.text = self.tr("classic.chain." + v.step, name=v.name,
                                card_name=self.card_name(v.drew.card if v.drew else v.card.card)
                                ) + ("" if v.face_down or v.drew else self.on_pad(v.seat))
            self.show_seats(v.table, [t for t in v.targets if t != v.seat], self.picked)
            for b in self.ids.seats.buttons():
                b.selected = b.selected or b.seat in self.chosen
            return
        self.picked = -1
        self.group, self.chosen = False, []
        self.face_down, self.drew = 0, ""
        v = ctl.dawn_view()
        if ctl.state.hold == "dawn" or (g.stop is not None and g.stop.step != "dawn"):
            self.stage = "dead"
            self.speak((v.day, tuple(f.seat for f in v.dead), v.growl),
                       dawn_lines([f.card.card for f in v.dead if f.card], v.growl, v.reel, v.eclipse))
            shown = self._named(len(v.dead))
            self.title = self.tr("classic.dawn.title", day=v.day)
            lines = [self.tr("classic.dawn.died" + (f".{f.cause}" if f.cause in TOLD_CAUSES
                                                    else ""), name=f.name,
                             card_name=f.card.names[self.app.lang] if f.card else "")
                     for f in v.dead[:shown]]
            if not v.dead and not v.eclipse:  # (no night, nobody to say died in it)
                lines = [self.tr("classic.dawn.nobody")]
            if self.saying is None or self.saying.done:
                if v.growl:
                    lines.append(self.tr("classic.dawn.growl"))
                lines += [self.say(t) for t in v.news]
            self.text = "\n".join(lines)
            self.show_seats(v.table, [])
        else:
            self.stage = "wake"
            self.title = self.tr("classic.step.dawn")
            self.text = self.tr("classic.dawn.wake_eclipse" if v.eclipse else "classic.dawn.wake")
            self.show_seats(v.table, [])

    def _named(self, dead: int) -> int:
        """How many of the dead the voice has named so far (all once it is done)."""
        s = self.saying
        if s is None or s.done:
            return dead
        return sum(1 for line in s.said if line.startswith("reveal."))

    def tick(self):
        super().tick()
        self.refresh()

    def go_on(self):
        self.hush()
        if self.stage == "chain" and self.group:  # the group tapped, or nobody
            chosen, self.chosen = sorted(self.chosen), []
            self.send({"type": "choose", "targets": chosen or None})
            return
        self.send({"type": "go"})

    def turn_over(self, position: int):
        """The Immortel taps one of the two face-down cards."""
        if self.stage == "chain" and self.face_down:
            self.send({"type": "choose", "face_down": position})

    def tap_seat(self, seat: int):
        if self.stage != "chain" or self.face_down or self.drew:
            return
        if self.group:
            offered = [b.seat for b in self.ids.seats.buttons()
                       if b.seat not in self.ids.seats.blocked]
            if seat in offered:
                self.chosen = [s for s in self.chosen if s != seat] + (
                    [] if seat in self.chosen else [seat])
                self.refresh()
            return
        if self.picked == seat:
            self.picked = -1
            self.send({"type": "choose", "target": seat})
        else:
            self.picked = seat
            self.refresh()


class ClassicDebateScreen(ClassicScreen):
    title = StringProperty("")
    time_text = StringProperty("")
    running = BooleanProperty(False)
    warning = BooleanProperty(False)
    box_ok = BooleanProperty(False)
    powers = ListProperty([])
    """Le Village's day powers that may be used now (barber, confessor, bonesetter)."""
    tavern = StringProperty("")
    """Seed 000's tavern: who is there, while they are (the countdown shows their time)."""
    traits = StringProperty("")
    """Seed 000's Maire's character cards: who keeps up which behaviour (public all game)."""

    def refresh(self):
        if self.ctl.phase != "debate":
            return
        v = self.ctl.debate_view()
        self.title = self.tr("classic.debate.title", day=v.day)
        at_tavern = v.tavern_left > 0
        if self.tavern and not at_tavern:  # the two minutes are over: the guests come back
            self.app.sounds.play("warning")
        self.tavern = self.tr("classic.debate.tavern", names=", ".join(
            v.table.players[s] for s in v.tavern)) if at_tavern else ""
        self.traits = self.tr("classic.debate.traits", traits=", ".join(
            self.tr("classic.debate.trait", name=v.table.players[s],
                    trait_name=self.tr("classic.trait." + t)) for s, t in v.traits)) \
            if v.traits else ""
        self.time_text = mmss(v.tavern_left if at_tavern else v.seconds_left)
        self.running = v.running
        self.warning = v.seconds_left <= 60 and not at_tavern
        self.box_ok = self.app.box_ready()
        circle = self.ids.circle
        circle.names = list(v.table.players)
        circle.greyed = [i for i, a in enumerate(v.table.alive) if not a]
        circle.marks = False
        circle.tags = [home_line(self.tr, v.table, i) for i in range(len(v.table.players))]
        self.powers = [p for p, _, _ in v.powers]

    def use_power(self, power: str):
        """A day power's button: its seat choice opens (the village's screen)."""
        self.app.sm.get_screen("classic_village").start_power(power)

    def tick(self):
        for alert in self.ctl.day_alerts():
            trace.mark("day_" + alert)
            self.app.sounds.play("warning" if alert == "one_minute" else "end")
            self.app.notify("day.alert." + alert)
        self.refresh()

    def next_tick(self):
        ctl = self.ctl
        return next_second(ctl.state.day if ctl.phase == "debate" else None, ctl.now())

    def toggle(self):
        self.send({"type": "day_resume" if not self.running else "day_pause"})

    def add_minute(self, sign: int = 1):
        self.send({"type": "day_add", "seconds": 60 * sign})

    def start_vote(self, mode: str):
        self.send({"type": "start_vote", "mode": mode})


class ClassicVoteScreen(Speaking, SeatsMixin, ClassicScreen):
    title = StringProperty("")
    prompt = StringProperty("")
    result = StringProperty("")
    result_card = StringProperty("")
    stage = StringProperty("collect")
    """``collect`` (a voter's turn), ``cover`` (the tablet goes to the next voter),
    ``counted`` (every ballot in: count them), ``shown`` (the result), ``pick`` (the captain
    settles a tie), ``lots``, ``pads`` (the vote on the box: whose vote is in, never whom
    for)."""
    mode = StringProperty("tablet")
    voter = NumericProperty(-1)
    picked = NumericProperty(-1)
    shown_voter = BooleanProperty(False)
    """The tablet passed round: the voter said who they are, their choices are on screen."""
    is_in = ListProperty([])
    pads_offered = BooleanProperty(False)
    """No vote is in yet and the box answers: the vote may move to the pads."""
    can_close = BooleanProperty(False)
    """A Québec vote's round: the host may close it, the missing ballots blank (no hand)."""
    can_draw = BooleanProperty(False)
    """A democratic panic without a majority: the host may end the day with the lot's draw."""

    def on_pre_enter(self, *_):
        self.shown_voter = False
        self.picked = -1
        super().on_pre_enter()

    def refresh(self):
        ctl = self.ctl
        if ctl.phase not in ("election", "vote", "tie"):
            return
        g = ctl.game
        stop = g.stop
        table = ctl.table_view()
        circle = self.ids.circle
        circle.names = list(table.players)
        circle.greyed = [i for i, a in enumerate(table.alive) if not a]
        self.can_close = self.can_draw = False
        if ctl.state.hold is None and stop is not None and stop.chance:
            self.stage = "lots"
            self.title = self.tr("classic.step." + stop.step)
            # the village's draw never shows its pool: it would tell who is on which side
            self.prompt = self.tr("classic.vote.village_draw") if stop.step == "village_draw" \
                else self.tr("classic.vote.lots", names=", ".join(
                    table.players[s] for s in stop.among))
            self._circle(None, None, [])
            return
        if ctl.state.hold is None and stop is not None \
                and stop.step in ("captain_pick", "nominations"):
            v = ctl.tie_view()
            self.stage = "pick"
            self.title = self.tr("classic.step." + stop.step)
            if stop.step == "nominations":
                self.prompt = (self.tr("classic.vote.nominate", name=table.players[v.captain])
                               + self.on_pad(v.captain) if v.captain is not None
                               else self.tr("classic.vote.nominate_table"))
            else:
                self.prompt = self.tr("classic.vote.captain_pick",
                                      name=table.players[v.captain],
                                      names=", ".join(table.players[s] for s in v.among)) \
                    + self.on_pad(v.captain)
            self._circle(None, None, [])
            self.show_seats(table, list(v.among), self.picked)
            return
        if ctl.state.hold is None and stop is not None and stop.step == "panic_votes" \
                and not stop.required and ctl.state.ballots is not None \
                and not any(ctl.state.ballots.is_in()):
            self.can_draw = True  # the table points on: another count, or the draw
        v = ctl.ballots_view()
        self.mode = v.mode
        self.title = self.tr("classic.step." + v.round)
        self.is_in = list(v.is_in)
        if v.result is not None:
            self.stage = "shown"
            self.prompt = ""
            self.result = self._result(v)
            self.result_card = v.result.card.card if v.result.card else ""
            self._circle(list(v.ballots), list(v.counts), v.is_in)
            return
        self.result = self.result_card = ""
        self.can_close = not v.revealed and (v.round in QUEBEC_ROUNDS or (
            v.round == "votes" and g.options.vote == "single"))  # "on peut s'abstenir"
        pads = self.app.classic_pads()
        self.pads_offered = v.mode != "box" and pads is not None and self.app.box_ready() \
            and not any(v.is_in)
        if v.revealed:
            self.stage = "counted"
            self.prompt = self.tr("classic.vote.all_in")
            self._circle(list(v.ballots), list(v.counts), v.is_in)
            return
        self._circle(None, None, v.is_in)
        missing = [s for s in v.voters if not v.is_in[s]]
        if v.mode == "box" and pads is not None:
            on_tablet = pads.on_tablet(v.voters)
            missing = [s for s in v.voters if s in on_tablet and s in v.missing]
            if not missing:  # the rest vote on their pads
                self.stage = "pads"
                self.prompt = self.tr("classic.vote.pads" if self.app.box_ready()
                                      else "classic.vote.pads_gone")
                self._circle(None, None, v.is_in)
                return
        if self.can_close:
            # the candidate has no hand to raise against himself; who abstains is passed
            here = (ctl.game.phase.label, v.round, len(ctl.game.log))
            if self._round != here:
                self._round, self._abstained = here, set()
            missing = [s for s in missing if v.options_for(s) and s not in self._abstained]
        if not missing:
            if self.can_close:  # every hand that could go up is entered: the rest abstain
                self.stage = "close"
                self.prompt = self.tr("classic.vote.close_prompt")
            return
        if self.voter not in missing:
            self.voter = missing[0]
            self.picked = -1
            self.shown_voter = False
        name = table.players[self.voter]
        if self.mode in ("tablet", "box") and not self.shown_voter:  # passed round, in private
            self.stage = "cover"
            self.prompt = self.tr("classic.vote.pass_to", name=name)
            return
        self.stage = "collect"
        if v.round == "nomination_votes":
            self.prompt = self.tr("classic.vote.hand", name=name,
                                  candidate=table.players[v.targets[0]])
        else:
            self.prompt = self.tr("classic.vote.who", name=name) + (
                "  " + self.tr("classic.vote.double") if v.double == self.voter else "")
        self.show_seats(table, list(v.options_for(self.voter)), self.picked)

    def _circle(self, votes, counts, is_in):
        circle = self.ids.circle
        circle.is_in = list(is_in)
        circle.votes = votes
        circle.counts = counts
        circle.current = self.voter if self.stage == "collect" else -1

    def _result(self, v) -> str:
        r = v.result
        names = v.players
        if r.kind == "pardoned":  # Le Village: the table hears the lord's pardon
            self.speak(("pardoned", self.ctl.game.phase.label), village_lines("pardoned"))
            return self.tr("classic.vote.pardoned", name=names[r.seat])
        if r.kind == "tie":
            return self.tr("classic.vote.tie", names=", ".join(names[s] for s in r.seats))
        if r.kind in ("eliminated", "drawn"):  # the card shown
            said = self.tr("classic.vote." + r.kind, name=names[r.seat],
                           card_name=r.card.names[self.app.lang])
            # seed 000's fanatic accused wrongly: only that he lied, never what was wrong
            said += ("\n" + self.tr("classic.vote.lied", name=names[r.seat])
                     if r.lied else "")
            # seed 000's Immortel, shown, lives on (whatever he drew: the table hears the same)
            said += ("\n" + self.tr("classic.vote.back", name=names[r.seat])
                     if r.back else "")
            # seed 000's Imposteur, shown, took a living player's card (never which it was)
            return said + ("\n" + self.tr("classic.vote.took", name=names[r.seat],
                                           target=names[r.took])
                           if r.took is not None else "")
        if r.kind in ("elected", "escaped", "failed"):
            return self.tr("classic.vote." + r.kind, name=names[r.seat])
        if r.kind == "no_majority":
            return self.tr("classic.vote.no_majority")
        return self.tr("classic.vote.nobody")

    # ---- taps -------------------------------------------------------------------------------
    def i_am(self):
        """The voter holds the tablet: their choices appear."""
        self.shown_voter = True
        self.refresh()

    def tap_seat(self, seat: int):
        if self.stage not in ("collect", "pick") or not self.second_tap(seat):
            return
        if self.stage == "pick":
            self.send({"type": "choose", "target": seat})
            return
        voter = self.voter
        self.shown_voter = False
        self.send({"type": "vote", "seat": voter, "target": seat})

    def count(self):
        self.send({"type": "count"})

    def use_pads(self):
        """The vote moves to the box (before any vote is in)."""
        self.send({"type": "vote_mode", "mode": "box"})

    def give_up_pads(self):
        """The box's part ends: its votes are kept, the missing vote on the tablet."""
        pads = self.app.classic_pads()
        if pads is not None:
            pads.give_up()
        self.refresh()

    def lots(self):
        self.send({"type": "lots"})

    _round = None
    _abstained: set = set()

    def abstain(self):
        """A Québec vote: this voter raises no hand (points at nobody); the next one's turn."""
        if self.stage == "collect" and self.can_close:
            self._abstained = self._abstained | {self.voter}
            self.shown_voter = False
            self.picked = -1
            self.refresh()

    def close_round(self):
        """A Québec vote's round: who has not raised a hand (or pointed) abstains."""
        self.send({"type": "close_vote", "confirm": True})

    def draw(self):
        """The panic drags on: the host ends the day, the lot draws a villager."""
        self.send({"type": "draw"})

    def go_on(self):
        self.voter = -1
        self.send({"type": "go"})
