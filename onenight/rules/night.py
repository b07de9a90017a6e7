"""The table during the night: where every card lies, what each seat has learned, and every
role's action (RULES.md §3, §4 and §9).

:class:`Table` is plain immutable data. :func:`apply_step` takes a table, a step and a choice
and returns a new table, or raises :class:`IllegalChoice` naming what was wrong; it never
half-applies a choice. :func:`legal_choices` lists every legal choice of a step.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import ALPHA_CENTER_CARDS, ARTIFACT, ROLE, STOP_CARDS, WEREWOLF_CARDS
from .cards import Copy as CopyKind
from .cards import day_identity
from .choices import (Action, Choice, Copy, Exchange, PlaceArtifact, Reveal, Shield, Shift, Swap,
                      SwapCenter, View, ViewCenter, WitchSwap)
from onenight.common.frozen import replace
from onenight.common.values import seat_number, show

from .errors import IllegalChoice
from .steps import STEP, Step, night_steps

ALPHA_CENTER = 3  # the index of the Alpha Wolf's extra centre card
WAKING_WOLVES = frozenset({"werewolf", "alpha_wolf", "mystic_wolf"})


@dataclass(frozen=True)
class Seen:
    """One thing a seat learned during the night.

    ``kind`` is one of: ``card`` (a player's card: ``seat``, ``card``), ``center`` (a centre
    card: ``center``, ``card``), ``copied`` (the Doppelgänger's copy: ``seat``, ``card``),
    ``robbed`` (the Robber's new card: ``seat`` robbed, ``card``), ``own`` (own card now:
    ``card``), ``wolves`` (the werewolves, dream wolves included: ``seats``), ``masons``
    (``seats``), ``thumbs`` (Aura Seer: ``seats``), ``became`` (the Investigator's change:
    ``card`` is the new role), ``revealed`` (a card turned up for everyone: ``seat``, ``card``).
    """

    step: str
    kind: str
    seat: int | None = None
    center: int | None = None
    card: str | None = None
    seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class Table:
    dealt: tuple[str, ...]  # each seat's card as dealt
    seats: tuple[str, ...]  # each seat's card now
    center: tuple[str, ...]  # the three centre cards now
    alpha_center: str | None = None  # the Alpha Wolf's extra centre card now
    copied: str | None = None  # the role the Doppelgänger card became
    shields: frozenset[int] = frozenset()
    artifacts: tuple[tuple[int, str], ...] = ()  # (seat, artifact) in the order placed
    artifact_pool: tuple[str, ...] = ()  # artifacts still to draw, in draw order
    revealed: frozenset[int] = frozenset()  # seats whose card lies face up
    changed: tuple[tuple[int, str], ...] = ()  # the Investigator's change (seat, role)
    acted: frozenset[int] = frozenset()  # seats that viewed or moved a card (Aura Seer)
    seen: tuple[tuple[Seen, ...], ...] = ()  # per seat
    public: tuple[Seen, ...] = ()  # what everyone learns (the Revealer's card)
    done: tuple[str, ...] = ()  # steps already played

    # ---- reading the table -------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.seats)

    center_dealt: tuple[str, ...] = ()  # the three centre cards as dealt

    @property
    def deck(self) -> tuple[str, ...]:
        """The cards dealt to players and to the centre (the alpha centre card apart)."""
        return self.dealt + self.center_dealt

    def identity(self, card: str) -> str:
        """The role a card stands for: a copied Doppelgänger card is the copied role."""
        if card == "doppelganger" and self.copied:
            return self.copied
        return card

    def seat_of(self, role_id: str) -> tuple[int, ...]:
        return tuple(i for i, c in enumerate(self.dealt) if c == role_id)

    @property
    def doppelganger_seat(self) -> int | None:
        seats = self.seat_of("doppelganger")
        return seats[0] if seats else None

    def center_card(self, index: int) -> str:
        return self.alpha_center if index == ALPHA_CENTER else self.center[index]

    @property
    def center_count(self) -> int:
        return len(self.center) + (1 if self.alpha_center is not None else 0)

    def artifact_on(self, seat: int) -> str | None:
        return dict(self.artifacts).get(seat)

    def change_of(self, seat: int) -> str | None:
        return dict(self.changed).get(seat)

    def role_of(self, seat: int) -> str:
        """The seat's identity for the day: card, Investigator's change, then artifact."""
        return day_identity(self.seats[seat], self.copied, self.change_of(seat),
                            self.artifact_on(seat))

    def roles(self) -> tuple[str, ...]:
        return tuple(self.role_of(i) for i in range(self.players))

    # ---- building new tables ------------------------------------------------------------
    def _with(self, **changes) -> "Table":
        """A copy with some fields changed (the night's hot path)."""
        return replace(self, changes)

    def _learn(self, seat: int, *facts: Seen) -> "Table":
        seen = list(self.seen)
        seen[seat] = seen[seat] + facts
        return self._with(seen=tuple(seen))

    def _put(self, seat: int, card: str) -> "Table":
        seats = list(self.seats)
        seats[seat] = card
        return self._with(seats=tuple(seats))

    def _put_center(self, index: int, card: str) -> "Table":
        if index == ALPHA_CENTER:
            return self._with(alpha_center=card)
        center = list(self.center)
        center[index] = card
        return self._with(center=tuple(center))

    def _acted(self, seat: int) -> "Table":
        return self._with(acted=self.acted | {seat})


def table_to_json(t: Table) -> dict:
    """The table as plain JSON data (sets as sorted lists, facts as objects)."""
    def fact(f: Seen) -> dict:
        out = {"step": f.step, "kind": f.kind}
        for k in ("seat", "center", "card"):
            v = getattr(f, k)
            if v is not None:
                out[k] = v
        if f.seats:
            out["seats"] = list(f.seats)
        return out

    return {
        "dealt": list(t.dealt), "seats": list(t.seats), "center": list(t.center),
        "center_dealt": list(t.center_dealt), "alpha_center": t.alpha_center,
        "copied": t.copied, "shields": sorted(t.shields),
        "artifacts": [[s, a] for s, a in t.artifacts], "artifact_pool": list(t.artifact_pool),
        "revealed": sorted(t.revealed), "changed": [[s, r] for s, r in t.changed],
        "acted": sorted(t.acted), "seen": [[fact(f) for f in facts] for facts in t.seen],
        "public": [fact(f) for f in t.public], "done": list(t.done),
    }


def table_from_json(d: dict) -> Table:
    """The inverse of :func:`table_to_json`."""
    def fact(x: dict) -> Seen:
        return Seen(x["step"], x["kind"], x.get("seat"), x.get("center"), x.get("card"),
                    tuple(x.get("seats", ())))

    return Table(
        dealt=tuple(d["dealt"]), seats=tuple(d["seats"]), center=tuple(d["center"]),
        center_dealt=tuple(d["center_dealt"]), alpha_center=d["alpha_center"],
        copied=d["copied"], shields=frozenset(d["shields"]),
        artifacts=tuple((s, a) for s, a in d["artifacts"]),
        artifact_pool=tuple(d["artifact_pool"]), revealed=frozenset(d["revealed"]),
        changed=tuple((s, r) for s, r in d["changed"]), acted=frozenset(d["acted"]),
        seen=tuple(tuple(fact(x) for x in facts) for facts in d["seen"]),
        public=tuple(fact(x) for x in d["public"]), done=tuple(d["done"]))


def shuffle_deal(cards: Sequence[str], players: int, rng) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Shuffle the deck with ``rng`` (a seeded random.Random) and deal: (seats, centre)."""
    deck = list(cards)
    rng.shuffle(deck)
    return tuple(deck[:players]), tuple(deck[players:])


def shuffle_artifacts(rng, artifacts: Sequence[str] | None = None) -> tuple[str, ...]:
    """The Curator's artifacts, shuffled face down with ``rng``: their draw order."""
    pool = list(artifacts if artifacts is not None else ARTIFACT)
    rng.shuffle(pool)
    return tuple(pool)


def deal(seats: Sequence[str], center: Sequence[str], alpha_center: str | None = None,
         artifacts: Sequence[str] = ()) -> Table:
    """The table as dealt, before anyone wakes."""
    seats = tuple(seats)
    return Table(dealt=seats, seats=seats, center=tuple(center), alpha_center=alpha_center,
                 artifact_pool=tuple(artifacts), seen=tuple(() for _ in seats),
                 center_dealt=tuple(center))


# ---- who acts -------------------------------------------------------------------------------

def wolf_pack(t: Table) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(werewolves who open their eyes, dream wolves who raise a thumb) by the cards dealt."""
    awake, thumbs = [], []
    for i, card in enumerate(t.dealt):
        role = t.copied if card == "doppelganger" else card
        if role in WAKING_WOLVES:
            awake.append(i)
        elif role == "dream_wolf":
            thumbs.append(i)
    return tuple(awake), tuple(thumbs)


def actors(t: Table, step: Step) -> tuple[int, ...]:
    """The seats that wake at ``step``: by the card dealt, or the Doppelgänger who copied it."""
    dg = t.doppelganger_seat
    if step.id == "doppelganger":
        return () if dg is None else (dg,)
    if step.doppelganger:
        return (dg,) if dg is not None and t.copied == step.role else ()
    if step.id == "werewolves":
        return wolf_pack(t)[0]
    own = t.seat_of(step.role)
    if step.id in ("minion", "masons") and dg is not None and t.copied == step.role:
        own = tuple(sorted(own + (dg,)))
    return own


# ---- checks shared by every role -------------------------------------------------------------

def _seat(t: Table, s: object, field: str) -> int:
    return seat_number(s, t.players, field, IllegalChoice)


def _other(t: Table, s: object, actor: int, field: str, role: str) -> int:
    s = _seat(t, s, field)
    if s == actor:
        raise IllegalChoice(field, f"the {role} cannot choose their own seat ({s})")
    return s


def _unshielded(t: Table, s: int, field: str) -> int:
    if s in t.shields:
        raise IllegalChoice(field, f"seat {s} is shielded: its card cannot be viewed or moved")
    return s


def _center(t: Table, c: object, field: str) -> int:
    if isinstance(c, bool) or not isinstance(c, int):
        raise IllegalChoice(field, f"expected a centre card number, got {show(c)}")
    top = t.center_count
    if not 0 <= c < top:
        extra = "" if t.alpha_center is not None else ", no alpha centre card"
        raise IllegalChoice(field, f"centre card {show(c)} does not exist (0 to {top - 1}{extra})")
    return c


def _expect(choice: object, kind: type, field: str, role: str) -> None:
    if not isinstance(choice, kind):
        raise IllegalChoice(field, f"the {role} cannot make this choice ({type(choice).__name__})")


# ---- the roles' actions -----------------------------------------------------------------------
# Each takes (table, actor seat, choice, step id) and returns the new table. ``choice`` is
# never None here: doing nothing is handled by apply_step.

def _sentinel(t: Table, me: int, c: Action, step: str) -> Table:
    _expect(c, Shield, "shield", "sentinel")
    s = _other(t, c.seat, me, "shield", "sentinel")
    if s in t.shields:
        raise IllegalChoice("shield", f"seat {s} already has a shield")
    return t._with(shields=t.shields | {s})


def _lone_wolf(t: Table, me: int, c: Action, step: str) -> Table:
    _expect(c, ViewCenter, "view_center", "werewolf")
    if len(c.centers) != 1:
        raise IllegalChoice("view_center", "a lone werewolf looks at exactly one centre card")
    i = _center(t, c.centers[0], "view_center")
    return t._learn(me, Seen(step, "center", center=i, card=t.center_card(i)))._acted(me)


def _alpha_targets(t: Table, me: int) -> tuple[int, ...]:
    return tuple(s for s in range(t.players)
                 if s != me and s not in t.shields and t.identity(t.seats[s]) not in WEREWOLF_CARDS)


def _alpha(t: Table, me: int, c: Action, step: str) -> Table:
    _expect(c, Swap, "swap", "alpha_wolf")
    s = _other(t, c.seat, me, "swap", "alpha_wolf")
    _unshielded(t, s, "swap")
    if t.identity(t.seats[s]) in WEREWOLF_CARDS:
        raise IllegalChoice("swap", f"seat {s} holds a werewolf card: the Alpha Wolf must choose "
                                    "a player who is not a werewolf")
    if t.alpha_center is None:
        raise IllegalChoice("swap", "there is no alpha centre card")
    card = t.seats[s]
    return t._put(s, t.alpha_center)._put_center(ALPHA_CENTER, card)._acted(me)


def _view_one(t: Table, me: int, c: Action, step: str, role: str) -> Table:
    _expect(c, View, "view", role)
    if len(c.seats) != 1:
        raise IllegalChoice("view", f"the {role} looks at exactly one player's card")
    s = _unshielded(t, _other(t, c.seats[0], me, "view", role), "view")
    return t._learn(me, Seen(step, "card", seat=s, card=t.seats[s]))._acted(me)


def _mystic(t: Table, me: int, c: Action, step: str) -> Table:
    return _view_one(t, me, c, step, "mystic_wolf")


def _view_centers(t: Table, me: int, c: ViewCenter, step: str, n: int, role: str) -> Table:
    if len(c.centers) != n or len(set(c.centers)) != n:
        what = "one centre card" if n == 1 else f"{n} different centre cards"
        raise IllegalChoice("view_center", f"the {role} looks at {what}")
    facts = [Seen(step, "center", center=i, card=t.center_card(i))
             for i in (_center(t, x, "view_center") for x in c.centers)]
    return t._learn(me, *facts)._acted(me)


def _seer(t: Table, me: int, c: Action, step: str) -> Table:
    if isinstance(c, ViewCenter):
        return _view_centers(t, me, c, step, 2, "seer")
    if isinstance(c, View):
        return _view_one(t, me, c, step, "seer")
    raise IllegalChoice("view", "the seer looks at one player's card or two centre cards")


def _apprentice(t: Table, me: int, c: Action, step: str) -> Table:
    _expect(c, ViewCenter, "view_center", "apprentice_seer")
    return _view_centers(t, me, c, step, 1, "apprentice_seer")


def _investigator(t: Table, me: int, c: Action, step: str) -> Table:
    role = "paranormal_investigator"
    _expect(c, View, "view", role)
    if not 1 <= len(c.seats) <= 2:
        raise IllegalChoice("view", "the paranormal_investigator looks at one or two cards")
    if len(set(c.seats)) != len(c.seats):
        raise IllegalChoice("view", "the paranormal_investigator looks at two different cards")
    for k, raw in enumerate(c.seats):
        field = f"view[{k}]"
        s = _unshielded(t, _other(t, raw, me, field, role), field)
        card = t.seats[s]
        t = t._learn(me, Seen(step, "card", seat=s, card=card))
        if card in STOP_CARDS:
            became = "tanner" if card == "tanner" else "werewolf"
            t = t._learn(me, Seen(step, "became", card=became))
            t = t._with(changed=tuple(x for x in t.changed if x[0] != me) + ((me, became),))
            if k + 1 < len(c.seats):
                raise IllegalChoice("view[1]", f"seat {s} held a {card} card: the "
                                               f"paranormal_investigator had to stop and "
                                               f"became a {became}")
            break
    return t._acted(me)


def _robber(t: Table, me: int, c: Action, step: str) -> Table:
    _expect(c, Swap, "swap", "robber")
    s = _unshielded(t, _other(t, c.seat, me, "swap", "robber"), "swap")
    if me in t.shields:
        raise IllegalChoice("swap", f"the robber's own card (seat {me}) is shielded and "
                                    "cannot move")
    mine, theirs = t.seats[me], t.seats[s]
    t = t._put(me, theirs)._put(s, mine)
    return t._learn(me, Seen(step, "robbed", seat=s, card=theirs))._acted(me)


def _witch(t: Table, me: int, c: Action, step: str) -> Table:
    _expect(c, WitchSwap, "swap", "witch")
    i = _center(t, c.center, "view_center")
    s = _unshielded(t, _seat(t, c.seat, "swap"), "swap")
    card = t.center_card(i)
    t = t._learn(me, Seen(step, "center", center=i, card=card))
    t = t._put_center(i, t.seats[s])._put(s, card)
    return t._acted(me)


def _troublemaker(t: Table, me: int, c: Action, step: str) -> Table:
    _expect(c, Exchange, "swap", "troublemaker")
    if len(c.seats) != 2:
        raise IllegalChoice("swap", "the troublemaker exchanges exactly two players' cards")
    a = _unshielded(t, _other(t, c.seats[0], me, "swap[0]", "troublemaker"), "swap[0]")
    b = _unshielded(t, _other(t, c.seats[1], me, "swap[1]", "troublemaker"), "swap[1]")
    if a == b:
        raise IllegalChoice("swap", f"the troublemaker needs two different players, not seat {a} "
                                    "twice")
    ca, cb = t.seats[a], t.seats[b]
    return t._put(a, cb)._put(b, ca)._acted(me)


def shift_cards(seats: tuple[str, ...], moving: Sequence[int], direction: str) -> tuple[str, ...]:
    """Move the cards at ``moving`` seats one place among themselves ("left" is +1)."""
    out = list(seats)
    n = len(moving)
    step = 1 if direction == "left" else -1
    for k, s in enumerate(moving):
        out[moving[(k + step) % n]] = seats[s]
    return tuple(out)


def idiot_moving(t: Table, me: int) -> list[int]:
    """The seats whose cards the Village Idiot at ``me`` shifts: every other unshielded one."""
    return [s for s in range(t.players) if s != me and s not in t.shields]


def _village_idiot(t: Table, me: int, c: Action, step: str) -> Table:
    _expect(c, Shift, "shift", "village_idiot")
    if c.direction not in ("left", "right"):
        raise IllegalChoice("shift", f"expected \"left\" or \"right\", got {c.direction!r}")
    t = t._with(seats=shift_cards(t.seats, idiot_moving(t, me), c.direction))
    return t._acted(me)


def _drunk(t: Table, me: int, c: Action, step: str) -> Table:
    _expect(c, SwapCenter, "swap_center", "drunk")
    if me in t.shields:
        raise IllegalChoice("swap_center", f"the drunk's own card (seat {me}) is shielded and "
                                           "cannot move")
    i = _center(t, c.center, "swap_center")
    mine = t.seats[me]
    return t._put(me, t.center_card(i))._put_center(i, mine)._acted(me)


def _revealer(t: Table, me: int, c: Action, step: str) -> Table:
    _expect(c, Reveal, "reveal", "revealer")
    s = _unshielded(t, _other(t, c.seat, me, "reveal", "revealer"), "reveal")
    card = t.seats[s]
    t = t._learn(me, Seen(step, "card", seat=s, card=card))._acted(me)
    if card in STOP_CARDS:
        return t  # turned back face down: only the Revealer saw it
    fact = Seen(step, "revealed", seat=s, card=card)
    return t._with(revealed=t.revealed | {s}, public=t.public + (fact,))


def _curator(t: Table, me: int, c: Action, step: str) -> Table:
    _expect(c, PlaceArtifact, "artifact", "curator")
    s = _unshielded(t, _seat(t, c.seat, "artifact"), "artifact")
    if t.artifact_on(s) is not None:
        raise IllegalChoice("artifact", f"seat {s} already has an artifact")
    if not t.artifact_pool:
        raise IllegalChoice("artifact", "no artifact is left to draw")
    drawn, rest = t.artifact_pool[0], t.artifact_pool[1:]
    return t._with(artifacts=t.artifacts + ((s, drawn),), artifact_pool=rest)


def _no_action(role: str):
    def act(t: Table, me: int, c: Action, step: str) -> Table:
        raise IllegalChoice("", f"the {role} makes no choice at this step")
    return act


ACTIONS = {
    "sentinel": _sentinel,
    "alpha_wolf": _alpha,
    "mystic_wolf": _mystic,
    "seer": _seer,
    "apprentice_seer": _apprentice,
    "paranormal_investigator": _investigator,
    "robber": _robber,
    "witch": _witch,
    "troublemaker": _troublemaker,
    "village_idiot": _village_idiot,
    "drunk": _drunk,
    "revealer": _revealer,
    "curator": _curator,
}
#: Roles whose choice is mandatory when a legal one exists (GAME-RECORD.md, RULES.md §3-§4, §9):
#: the Doppelgänger's copy, the Alpha Wolf's exchange and the Drunk's.
MANDATORY = frozenset({"doppelganger", "alpha_wolf", "drunk"})


def _mandatory_possible(t: Table, role: str, me: int) -> bool:
    if role == "doppelganger":
        return any(s != me and s not in t.shields for s in range(t.players))
    if role == "alpha_wolf":
        return bool(_alpha_targets(t, me)) and t.alpha_center is not None
    if role == "drunk":
        return me not in t.shields
    return False


# ---- the Doppelgänger ---------------------------------------------------------------------------

def _doppelganger(t: Table, me: int, c: Choice, step: str) -> Table:
    _expect(c, Copy, "copy", "doppelganger")
    s = _unshielded(t, _other(t, c.seat, me, "copy", "doppelganger"), "copy")
    copied = t.seats[s]
    t = t._with(copied=copied)
    t = t._learn(me, Seen(step, "copied", seat=s, card=copied))._acted(me)
    kind = ROLE[copied].copy
    acts_now = copied in ACTIONS and kind in (CopyKind.AT_ONCE, CopyKind.WOLF)
    if not acts_now:
        if c.then is not None:
            raise IllegalChoice("then", f"the Doppelgänger who copies the {copied} has no action "
                                        "to do at once")
        return t
    if c.then is None:
        if copied in MANDATORY and _mandatory_possible(t, copied, me):
            raise IllegalChoice("then", f"the Doppelgänger who copies the {copied} must act at "
                                        "once (missing choice)")
        return t
    try:
        return ACTIONS[copied](t, me, c.then, step)
    except IllegalChoice as e:
        raise e.within("then") from None


# ---- playing a step -----------------------------------------------------------------------------

def _werewolves(t: Table, choice: Choice | None, step: Step) -> Table:
    awake, dreamers = wolf_pack(t)
    pack = tuple(sorted(awake + dreamers))
    t = _see_wolves(t, awake, step)
    if choice is None:
        return t
    if not awake:
        why = ("the only werewolf among the players is a dream wolf, who never opens their eyes"
               if dreamers else "no werewolf is among the players")
        raise IllegalChoice("view_center", why)
    if len(pack) > 1:
        raise IllegalChoice("view_center", f"only a lone werewolf may look at a centre card "
                                           f"({len(pack)} werewolves are players)")
    return _lone_wolf(t, awake[0], choice, step.id)


def _see_wolves(t: Table, seats: Sequence[int], step: Step) -> Table:
    awake, dreamers = wolf_pack(t)
    pack = tuple(sorted(awake + dreamers))
    for s in seats:
        t = t._learn(s, Seen(step.id, "wolves", seats=pack))
    return t


def apply_step(t: Table, step: Step | str, choice: Choice | None = None) -> Table:
    """Play one step of the night. ``choice`` None means nobody did anything there."""
    step = STEP[step] if isinstance(step, str) else step
    who = actors(t, step)
    t2 = _play(t, step, who, choice)
    return t2._with(done=t2.done + (step.id,))


def _play(t: Table, step: Step, who: tuple[int, ...], choice: Choice | None) -> Table:
    if step.id == "werewolves":
        return _werewolves(t, choice, step)
    if not step.takes_choice:
        if step.role == "minion":
            return _see_wolves(t, who, step)
        if step.role == "mason":
            for s in who:
                t = t._learn(s, Seen(step.id, "masons", seats=who))
            return t
        if step.role == "aura_seer":
            for s in who:
                t = t._learn(s, Seen(step.id, "thumbs", seats=tuple(sorted(t.acted))))
            return t
        if step.role == "insomniac":
            for s in who:
                if s not in t.shields:
                    t = t._learn(s, Seen(step.id, "own", seat=s, card=t.seats[s]))
            return t
        return t
    if not who:
        if choice is not None:
            where = ("the Doppelgänger did not copy the " + step.role if step.doppelganger
                     else f"the {step.role} card is not with a player")
            raise IllegalChoice("", f"nobody acts at this step ({where})")
        return t
    me = who[0]
    if choice is None:
        if step.role in MANDATORY and _mandatory_possible(t, step.role, me):
            raise IllegalChoice("", f"the {step.role} must {_MUST[step.role]} (missing choice)")
        return t
    if step.id == "doppelganger":
        return _doppelganger(t, me, choice, step.id)
    return ACTIONS[step.role](t, me, choice, step.id)


_MUST = {"doppelganger": "copy another player's card",
         "alpha_wolf": "exchange the alpha centre card with a player's card",
         "drunk": "exchange their card with a centre card"}


# ---- listing legal choices ------------------------------------------------------------------------

def _candidates(t: Table, role: str, me: int) -> list[Choice]:
    n, cc = t.players, t.center_count
    seats = range(n)
    if role == "sentinel":
        return [Shield(s) for s in seats]
    if role == "alpha_wolf":
        return [Swap(s) for s in seats]
    if role == "mystic_wolf":
        return [View((s,)) for s in seats]
    if role == "seer":
        return [View((s,)) for s in seats] + [ViewCenter(p) for p in
                                              itertools.combinations(range(cc), 2)]
    if role == "apprentice_seer":
        return [ViewCenter((i,)) for i in range(cc)]
    if role == "paranormal_investigator":
        return [View((s,)) for s in seats] + [View(p) for p in itertools.permutations(seats, 2)]
    if role == "robber":
        return [Swap(s) for s in seats]
    if role == "witch":
        return [WitchSwap(i, s) for i in range(cc) for s in seats]
    if role == "troublemaker":
        return [Exchange(p) for p in itertools.combinations(seats, 2)]
    if role == "village_idiot":
        return [Shift("left"), Shift("right")]
    if role == "drunk":
        return [SwapCenter(i) for i in range(cc)]
    if role == "revealer":
        return [Reveal(s) for s in seats]
    if role == "curator":
        return [PlaceArtifact(s) for s in seats]
    return []


def _legal(t: Table, step: Step, choices: list[Choice | None]) -> list[Choice | None]:
    out = []
    for c in choices:
        try:
            _play(t, step, actors(t, step), c)
        except IllegalChoice:
            continue
        out.append(c)
    return out


def legal_choices(t: Table, step: Step | str) -> list[Choice | None]:
    """Every legal choice at ``step`` (None, doing nothing, included when it is legal)."""
    step = STEP[step] if isinstance(step, str) else step
    who = actors(t, step)
    if not step.takes_choice or not who:
        return [None]
    me = who[0]
    if step.id == "werewolves":
        return _legal(t, step, [None] + [ViewCenter((i,)) for i in range(t.center_count)])
    if step.id == "doppelganger":
        out: list[Choice | None] = _legal(t, step, [None])
        for s in range(t.players):
            if s == me or s in t.shields:
                continue
            copied = t.seats[s]
            after = t._with(copied=copied)
            thens: list[Action | None] = [None]
            if copied in ACTIONS and ROLE[copied].copy in (CopyKind.AT_ONCE, CopyKind.WOLF):
                thens += _candidates(after, copied, me)
            out += _legal(t, step, [Copy(s, th) for th in thens])
        return out
    return _legal(t, step, [None] + _candidates(t, step.role, me))


def play_night(t: Table, choices: dict[str, Choice | None]) -> Table:
    """Play every step of the deck's night in order, with the given choices."""
    for step in night_steps(t.deck):
        try:
            t = apply_step(t, step, choices.get(step.id))
        except IllegalChoice as e:
            raise e.within(step.id) from None
    return t


__all__ = ["Table", "Seen", "deal", "table_to_json", "table_from_json", "shuffle_deal",
           "shuffle_artifacts", "actors", "apply_step", "legal_choices", "play_night",
           "wolf_pack", "shift_cards", "idiot_moving", "ALPHA_CENTER", "ALPHA_CENTER_CARDS"]
