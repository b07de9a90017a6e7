"""The dawn replay: a finished one-night game told again, frame by frame, from
:mod:`onenight.game.dawn`: the deal, each step of the night (who had their eyes open, what
they looked at, the cards moving between the seats and the centre, shields, artifacts, a card
turned face up), the cards at dawn, the votes as arrows, the deaths and the verdict with the
rule that decided each.

The host steps back and forth; each frame's animation (its cards moving, the votes' arrows one
by one) plays when it is stepped to, on the app's clock, and again on "Again". The seats and
the centre are the shared :class:`~onenight.ui.widgets.seat_ring.SeatRing`, the votes the
verdict's :class:`~onenight.ui.widgets.vote_circle.VoteCircle`. A game played with physical
cards has only what its record holds (the cards entered at the end, the votes, the verdict):
the screen says what is not known.

Opened from the verdict ("Replay the night") and from the history."""

from __future__ import annotations

from kivy.animation import AnimationTransition
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from onenight.common.errors import RulesError
from onenight.game.dawn import SEAT, Dawn, Frame, dawn, read_dawn
from onenight.game.history import deaths_json, verdicts_json

from ..widgets.emblem import Emblem
from .base import BaseScreen
from .result import headline, outcome_sentences

MOVE_SECONDS = 1.4
"""How long the cards of a step take to move to their new places."""
ARROW_SECONDS = 0.35
"""The votes' arrows appear one after the other, this far apart."""
FRAME_RATE = 1 / 20
"""How often the screen is drawn again while something moves (the app's frame cap)."""

#: what a seat carries beside its name
SHIELD, ARTIFACT, FACE_UP, DEAD = "🛡", "✦", "👁", "✝"


def spot_name(tr, players, spot) -> str:
    """A seat's player, or a centre card ("centre card 2", the alpha centre card "α")."""
    if spot.kind == SEAT:
        return players[spot.index]
    return tr("replay.center", center=str(spot.index + 1) if spot.index < 3 else "α")


def names(players, seats) -> str:
    return ", ".join(players[s] for s in seats)


def frame_title(tr, d: Dawn, i: int) -> str:
    f = d.frames[i]
    if f.kind == "step":
        return tr(f"night.step.{f.step}.title")
    if f.kind == "verdict":  # the news, as the verdict screen says it
        return headline(tr, winning_teams(f))
    return tr(f"replay.{f.kind}.title")


def winning_teams(f: Frame) -> list[str]:
    return sorted({v.team.value for v in f.verdicts if v.won},
                  key=["village", "werewolf", "tanner"].index)


def frame_progress(tr, d: Dawn, i: int) -> str:
    """Where a step is in the night ("Night · step 3 of 9"), for a step's frame."""
    steps = [k for k, f in enumerate(d.frames) if f.kind == "step"]
    if i not in steps:
        return ""
    return tr("replay.step_progress", k=steps.index(i) + 1, n=len(steps))


def step_lines(tr, players, f: Frame) -> list[str]:
    """What happened at a step of the night, in sentences: who had their eyes open, what each
    learned, the cards that moved, the tokens laid."""
    out = [tr("replay.awake", names=names(players, f.actors)) if f.actors
           else tr("replay.nobody_awake")]
    became = {m.seat for m in f.marks if m.kind == "became"}
    shared = []  # the wolves', masons' and thumbs' names: the same for everyone awake
    for look in f.looks:
        who = players[look.seat]
        card = tr("role." + look.card) if look.card else ""
        if look.kind in ("wolves", "thumbs") or (look.kind == "masons" and look.seats):
            key = f"tablet.learn.{look.kind}" if look.seats else f"tablet.learn.{look.kind}_none"
            line = tr(key, names=names(players, look.seats))
            if line not in shared:
                shared.append(line)
            continue
        if look.kind == "masons":
            out.append(tr("replay.look.masons_none", who=who))
            continue
        if look.kind == "became" and look.seat in became:
            continue  # said with the table's change below
        spot = spot_name(tr, players, look.spot) if look.spot is not None else ""
        center = str(look.spot.index + 1) if look.spot is not None and look.spot.index < 3 \
            else "α"
        out.append(tr("replay.look." + look.kind, who=who, name=spot, card_name=card,
                      center=center))
    out += shared
    out += move_lines(tr, players, f)
    for m in f.marks:
        name = players[m.seat]
        if m.kind == "artifact":
            out.append(tr("replay.mark.artifact", name=name, artifact=tr("artifact." + m.what)))
        elif m.kind in ("face_up", "became"):
            out.append(tr("replay.mark." + m.kind, name=name, card_name=tr("role." + m.what)))
        else:
            out.append(tr("replay.mark." + m.kind, name=name))
    if len(out) == 1 and f.actors:
        out.append(tr("replay.nothing"))
    return out


def move_lines(tr, players, f: Frame) -> list[str]:
    """The cards a step moved: two cards changing places, or the Village Idiot's shift."""
    if not f.moves:
        return []
    shift = (f.choice or {}).get("shift")
    if shift in ("left", "right"):
        return [tr("replay.shift." + shift)]
    out = []
    for m in f.moves:
        pair = (m.target, m.source)
        if any((n.source, n.target) == pair for n in f.moves if n is not m) and \
                (m.source.kind, m.source.index) > (m.target.kind, m.target.index):
            continue  # the second half of a swap: said once
        out.append(tr("replay.swap", a=spot_name(tr, players, m.source),
                      b=spot_name(tr, players, m.target)))
    return out


def outcome_of(f_deaths: Frame, f_verdict: Frame, teams) -> dict:
    """The deaths' and the verdict's frames as a record's ``outcome`` holds them: what the
    verdict screen's sentences read."""
    return {"deaths": deaths_json(f_deaths.deaths), "spared": list(f_deaths.spared),
            "protected": list(f_deaths.protected), "teams": list(teams),
            "verdicts": verdicts_json(f_verdict.verdicts)}


def frame_lines(tr, d: Dawn, i: int) -> list[str]:
    """Every sentence frame ``i`` shows."""
    f = d.frames[i]
    players = d.players
    if f.kind == "deal":
        return [tr("replay.deal.text")]
    if f.kind == "step":
        return step_lines(tr, players, f)
    if f.kind == "dawn":
        if d.has_night:
            return [tr("replay.dawn.text")]
        if all(c is None for c in f.board.seats):
            return [tr("replay.unknown.cards")]
        return [tr("replay.unknown.night"), tr("replay.unknown.center")]
    if f.kind == "votes":
        top = max(f.counts, default=0)
        out = [tr("replay.votes.text")]
        if top:
            out.append(tr("replay.votes.most", votes=top,
                          names=names(players, [s for s, c in enumerate(f.counts) if c == top])))
        return out
    o = outcome_of(d.frames[d.index("deaths")], d.frames[d.index("verdict")], d.teams)
    deaths, verdicts = outcome_sentences(tr, list(players), o)
    if f.kind == "deaths":
        return deaths
    won = tr("result.winners", names=names(players, f.winners)) if f.winners \
        else tr("result.no_winner")
    return [won] + verdicts


class ReplayScreen(BaseScreen):
    index = NumericProperty(0)
    """The frame shown."""
    count = NumericProperty(0)
    title = StringProperty("")
    progress = StringProperty("")
    """Where the frame is in the night ("Night · step 3 of 9"), and in the replay."""
    text = StringProperty("")
    """What happened in this frame, a sentence a line."""
    votes_shown = BooleanProperty(False)
    """The votes' frame: the circle with its arrows, in place of the ring."""
    moving = BooleanProperty(False)
    """The frame's animation is playing."""

    dawn: Dawn | None = None
    _back = None  # what "Back" does: to the screen the replay was opened from
    _own = False  # the replay of the game in progress (its frame is journaled)
    _start = 0.0  # when the frame's animation started (the app's clock)
    _flyers: list = []  # the cards moving: (emblem, source spot, target spot)

    # ---- opening --------------------------------------------------------------------------
    def open_record(self, record: dict, back, at: int = 0, own: bool = False) -> bool:
        """The replay of ``record`` (a game just played) from frame ``at``; False (and a
        message) when the record cannot be read. ``own``: it is the replay of the game in
        progress, whose frame the controller keeps (the journal with it), so a restart comes
        back to it."""
        try:
            d = dawn(record)
        except RulesError as e:
            return self._unreadable(e)
        return self.open_dawn(d, back, at, own)

    def open_file(self, path, back) -> bool:
        """The replay of a game of the history (its record read again and checked)."""
        try:
            d = read_dawn(path)
        except RulesError as e:
            return self._unreadable(e)
        return self.open_dawn(d, back)

    def _unreadable(self, e) -> bool:
        # (the field in the record's own words; the engine's reason is for `onenight
        # adjudicate`, in English)
        self.app.notify("replay.unreadable", kind="error", field=e.field or "format")
        return False

    def open_dawn(self, d: Dawn, back, at: int = 0, own: bool = False) -> bool:
        """Show ``d`` from frame ``at``; ``back()`` when the host leaves."""
        if not d.players:  # a record without names: the seats are numbered
            d = Dawn(tuple(str(i + 1) for i in range(len(d.roles))), d.roles, d.teams,
                     d.has_night, d.frames)
        self.dawn, self._back, self.count, self._own = d, back, len(d.frames), own
        self.index = max(0, min(at, self.count - 1))
        self.app.go("replay")
        self.play()
        return True

    def back(self):
        self._stop()
        if self._own:
            self.app.send({"type": "replay", "frame": None})
        (self._back or (lambda: self.app.go("home")))()

    def on_leave(self, *_):
        self._stop()

    # ---- stepping -------------------------------------------------------------------------
    def step(self, by: int):
        """The frame ``by`` frames on (or back), its animation played."""
        if self.dawn is None:
            return
        at = max(0, min(self.index + by, self.count - 1))
        if at != self.index:
            self.index = at
            self.play()

    def play(self):
        """The frame's animation from its start: from the table of the frame before."""
        self._stop()
        if self.dawn is None:
            return
        ctl = self.app.ctl
        if self._own and ctl.state.replay != self.index:
            self.app.send({"type": "replay", "frame": self.index})  # (kept for a restart)
        self._start = ctl.now()
        f = self.dawn.frames[self.index]
        self.moving = bool(f.moves) or (f.kind == "votes" and len(f.votes) > 0)
        self.refresh()
        if f.moves:
            self._begin_moves(f)
        self.tick()
        self.app.retick()

    def finish(self):
        """The frame as it ends (its animation cut short)."""
        self._stop()
        self.refresh()

    def _stop(self):
        for emblem, _a, _b in self._flyers:
            if emblem.parent is not None:
                emblem.parent.remove_widget(emblem)
        self._flyers = []
        self.moving = False

    # ---- the view -------------------------------------------------------------------------
    def refresh(self):
        d = self.dawn
        if d is None or not self.count:
            return
        tr, i = self.tr, self.index
        f = d.frames[i]
        self.title = frame_title(tr, d, i)
        where = tr("replay.position", k=i + 1, n=self.count)
        night = frame_progress(tr, d, i)
        self.progress = f"{night}  ·  {where}" if night else where
        self.text = "\n".join(frame_lines(tr, d, i))
        self.votes_shown = f.kind == "votes"
        if self.votes_shown:
            self._show_votes(f, len(f.votes) if not self.moving else self._arrows_due())
        else:
            before = d.frames[i - 1] if i and self.moving else f
            self._show_table(f, before)

    def _show_table(self, f: Frame, board_from: Frame):
        """The ring: the cards where they lie (during the animation: where they lay before,
        those on the move carried by the flyers), who is awake, the tokens."""
        d, ring = self.dawn, self.ids.ring
        ring.names = list(d.players)
        board = board_from.board
        ring.centers = len(board.center)  # (none known: a game of physical cards)
        day = f.kind in ("deaths", "verdict")
        if day:  # every card turned up: each player's identity for the day
            seats = dict(enumerate(d.roles))
        else:
            seats = {s: c for s, c in enumerate(board.seats) if c is not None}
        centers = dict(enumerate(board.center))
        if self.moving:
            for m in f.moves:
                (seats if m.source.kind == SEAT else centers).pop(m.source.index, None)
        ring.seat_cards, ring.center_cards = seats, centers
        marks = {}
        for s in board.shields:
            marks[s] = marks.get(s, "") + SHIELD
        for s, _a in board.artifacts:
            marks[s] = marks.get(s, "") + ARTIFACT
        for s in board.face_up:
            marks[s] = marks.get(s, "") + FACE_UP
        if f.kind == "deaths":
            for death in f.deaths:
                marks[death.seat] = DEAD + marks.get(death.seat, "")
            for s in f.spared:
                marks[s] = SHIELD + marks.get(s, "")
        ring.marks = marks
        ring.lit = list(f.actors) if f.kind == "step" else \
            (list(f.winners) if f.kind == "verdict" else [x.seat for x in f.deaths])
        ring.dead = [x.seat for x in d.frames[d.index("deaths")].deaths] \
            if f.kind == "verdict" else []

    def _show_votes(self, f: Frame, shown: int):
        c, d = self.ids.circle, self.dawn
        c.names = list(d.players)
        c.votes = [t if s < shown else None for s, t in enumerate(f.votes)]
        whole = shown >= len(f.votes)
        c.counts = list(f.counts) if whole else None
        c.marks = whole  # (no "…" on the chips while the arrows come)
        c.dead, c.protected, c.guards = [], [], []

    def _arrows_due(self) -> int:
        return int((self.app.ctl.now() - self._start) / ARROW_SECONDS) + 1

    # ---- the animation --------------------------------------------------------------------
    def _begin_moves(self, f: Frame):
        ring = self.ids.ring
        if len(ring.seats) != len(ring.names) or len(ring.center_targets) != ring.centers:
            ring.rebuild_now()  # (the targets the cards fly between, there at once)
        for m in f.moves:
            emblem = Emblem(card=m.card, size_hint=(None, None))
            ring.add_widget(emblem)
            self._flyers.append((emblem, m.source, m.target))

    def _spot(self, spot) -> tuple[float, float, float]:
        ring = self.ids.ring
        targets = ring.seats if spot.kind == SEAT else ring.center_targets
        t = targets[spot.index] if spot.index < len(targets) else None
        if t is None:
            return ring.center_x, ring.center_y, ring.target_height()
        return t.center_x, t.center_y, t.height * 0.9

    def tick(self):
        if not self.moving:
            return
        elapsed = self.app.ctl.now() - self._start
        f = self.dawn.frames[self.index]
        if f.kind == "votes":
            if self._arrows_due() >= len(f.votes):
                self.finish()
            else:
                self._show_votes(f, self._arrows_due())
            return
        p = min(1.0, elapsed / MOVE_SECONDS)
        if p >= 1.0:
            self.finish()
            return
        e = AnimationTransition.in_out_quad(p)
        for emblem, a, b in self._flyers:
            (x0, y0, s0), (x1, y1, s1) = self._spot(a), self._spot(b)
            side = min(s0, s1) * (1 + 0.35 * (1 - abs(2 * e - 1)))  # lifted in flight
            emblem.size = (side, side)
            emblem.center = (x0 + (x1 - x0) * e, y0 + (y1 - y0) * e)

    def next_tick(self):
        return FRAME_RATE if self.moving else 1.0


__all__ = ["ReplayScreen", "frame_lines", "frame_title", "spot_name"]
