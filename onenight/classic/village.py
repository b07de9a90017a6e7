"""*Le Village* (seed 001, pp. 6-9): the buildings, a setup option of the classic game.

Each player lives in a building (a farm, the church, the school…) or is a Vagabond, who has
none. The buildings are public: everybody sees who lives where and which single power is still
unused (its token lies in view on the building). They are a second layer over the cards: a
werewolf may live in the school. This module keeps that layer in the game's memory and declares
its steps and stages:

- the night: the baker opens his eyes after the werewolves (``baker``);
- the morning: the bailiff offers each building freed since the last morning to a Vagabond
  (``bailiff``, once per free building);
- the day: the single powers "n'importe quand durant la journée" (the barber's razor, the
  confessor's look, the bonesetter's cure), taken while the village debates
  (:func:`day_powers`, :func:`use_power`); the schoolteacher's ban just before the vote
  (``teacher``); the lord's pardon after a vote (``lord``);
- the rules that change the base game's: the farmers elect the captain among themselves, the
  innkeeper is neither devoured nor voted against while he keeps his token.

State, in ``Game.memo`` (nothing here when the buildings are not played): ``village.buildings``
the building of each setup slot (slot i: the building seat i was given, None: a Vagabond);
``village.lives`` each seat's slot now (None: a Vagabond); ``village.spent`` the slots whose
token is handed back (a single power used, the innkeeper's immunity lost); ``village.burned``
the slots the pyromaniac burned down.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from onenight.common.errors import DeckError, IllegalChoice
from onenight.common.values import seat_number

from . import deaths, sides, states
from .model import ASLEEP, Choice, Game, Kind, Seat, Seats, Stop, Yes
from .order import order
from .table import EVERY_DAY, EVERY_NIGHT, MORNINGS, ON_DEMAND, Step


@dataclass(frozen=True)
class Building:
    """One kind of building: its names, how many the box holds, its power's kind."""

    id: str
    fr: str
    en: str
    copies: int
    power: str  # "permanent" or "single"


#: The box's buildings (seed 001, "14 silhouettes de bâtiments"), in the booklet's order.
BUILDINGS: tuple[Building, ...] = (
    Building("farm", "Fermier", "Farmer", 6, "permanent"),
    Building("confessor", "Confesseur", "Confessor", 1, "single"),
    Building("bonesetter", "Rebouteux", "Bonesetter", 1, "single"),
    Building("teacher", "Institutrice", "Schoolteacher", 1, "permanent"),
    Building("baker", "Boulanger", "Baker", 1, "permanent"),
    Building("barber", "Barbier", "Barber", 1, "single"),
    Building("bailiff", "Bailli", "Bailiff", 1, "permanent"),
    Building("innkeeper", "Tavernier", "Innkeeper", 1, "permanent"),
    Building("lord", "Châtelain", "Lord of the manor", 1, "single"),
)
BUILDING: dict[str, Building] = {b.id: b for b in BUILDINGS}
#: The Vagabonds' bundles in the box ("15 baluchons").
VAGABONDS = 15
#: The single powers taken "n'importe quand durant la journée", while the village debates:
#: the buildings', and seed 000's lost soul's answer ("A n'importe quel moment du jeu, mais
#: toujours pendant une journée"), which is a card's, buildings or not.
DAY_POWERS = ("barber", "confessor", "bonesetter", "lost_soul")
SOUL = "lost_soul"

_BUILDINGS, _LIVES, _SPENT, _BURNED = ("village.buildings", "village.lives", "village.spent",
                                       "village.burned")


# ---- the setup ----------------------------------------------------------------------------------

def check_buildings(buildings: Sequence, players: int, field: str = "buildings",
                    error: type = DeckError) -> tuple[str | None, ...]:
    """The buildings of a setup, one per seat (None: a Vagabond), checked against the box;
    ``error`` (naming ``field``) on the first thing wrong."""
    if isinstance(buildings, (str, bytes)) or not isinstance(buildings, Sequence):
        raise error(field, "expected a list with one building per seat (null: a Vagabond)")
    if len(buildings) != players:
        raise error(field, f"{len(buildings)} buildings for {players} players: one per seat "
                           "(null: a Vagabond)")
    used: Counter = Counter()
    for i, b in enumerate(buildings):
        if b is not None and (not isinstance(b, str) or b not in BUILDING):
            raise error(f"{field}[{i}]", f"unknown building {b!r} (one of "
                                         f"{', '.join(BUILDING)}, or null for a Vagabond)")
        used[b] += 1
        if b is None:
            if used[None] > VAGABONDS:
                raise error(f"{field}[{i}]", f"one Vagabond too many: the box holds "
                                             f"{VAGABONDS} bundles")
            continue
        if used[b] > BUILDING[b].copies:
            raise error(f"{field}[{i}]", f"one {b} too many: the box holds "
                                         f"{BUILDING[b].copies}")
    return tuple(buildings)


def deal_buildings(chosen: Sequence[str | None], players: int, rng) -> tuple[str | None, ...]:
    """The tablet deals the chosen tokens face down (seed 001: "une distribution aléatoire en
    piochant parmi une sélection de jetons"): one per seat, the missing ones Vagabonds."""
    tokens = list(chosen) + [None] * (players - len(chosen))
    if len(tokens) != players:
        raise DeckError("buildings", f"{len(chosen)} tokens for {players} players: at most one "
                                     "per seat")
    check_buildings(tokens, players)
    rng.shuffle(tokens)
    return tuple(tokens)


def settle_in(g: Game, buildings: Sequence | None) -> Game:
    """The game with its village set up (``buildings``: one per seat; None: not played)."""
    if buildings is None:
        return g
    b = check_buildings(buildings, g.players)
    lives = tuple(i if x is not None else None for i, x in enumerate(b))
    memo = g.memo.put(_BUILDINGS, b).put(_LIVES, lives).put(_SPENT, ()).put(_BURNED, ())
    return g._with(memo=memo).tell(None, "village", "settled", value=list(b))


def played(g: Game) -> bool:
    return g.memo.get(_BUILDINGS) is not None


def buildings(g: Game) -> tuple[str | None, ...] | None:
    """The setup's buildings, one per seat as dealt (None when the village is not played)."""
    return g.memo.get(_BUILDINGS)


def home(g: Game, seat: int) -> str | None:
    """The building ``seat`` lives in now (None: a Vagabond, or no village)."""
    if not played(g):
        return None
    slot = g.memo.get(_LIVES)[seat]
    return None if slot is None else g.memo.get(_BUILDINGS)[slot]


def homes(g: Game) -> tuple[str | None, ...]:
    """Each seat's building now (for the screens: the seat ring)."""
    return tuple(home(g, s) for s in range(g.players))


def vagabond(g: Game, seat: int) -> bool:
    """The seat has no building (the village is played): the teacher, the barber, the raven
    and the pyromaniac's powers do not touch him."""
    return played(g) and g.memo.get(_LIVES)[seat] is None


def holder(g: Game, building: str) -> int | None:
    """The living seat that lives in ``building`` (a building of one copy)."""
    for s in g.living():
        if home(g, s) == building:
            return s
    return None


def unspent(g: Game, seat: int) -> bool:
    """The seat's building token is still his (his single power unused; the innkeeper's
    immunity kept)."""
    slot = g.memo.get(_LIVES)[seat]
    return slot is not None and slot not in g.memo.get(_SPENT)


def ready(g: Game, building: str) -> int | None:
    """The living seat that may use ``building``'s power now: he lives there and keeps its
    token; None otherwise. The lost soul's: her dead holder, until she has answered."""
    if building == SOUL:
        from .roles.compendium import soul_ready

        return soul_ready(g)
    s = holder(g, building) if played(g) else None
    return s if s is not None and unspent(g, s) else None


def acting(g: Game, building: str) -> int | None:
    """As :func:`ready`, and in the room (not sent away by the mage): who may act now."""
    s = ready(g, building)
    return None if s is None or sides.absent(g, s) else s


def _spend(g: Game, seat: int) -> Game:
    slot = g.memo.get(_LIVES)[seat]
    return g._with(memo=g.memo.put(_SPENT, tuple(sorted(set(g.memo.get(_SPENT)) | {slot}))))


def _restore(g: Game, slot: int) -> Game:
    return g._with(memo=g.memo.put(_SPENT, tuple(x for x in g.memo.get(_SPENT) if x != slot)))


def farmers_elect(g: Game) -> bool:
    """The captain is the farmers' (a village with farms): they elect him among themselves,
    and his successor is one of them."""
    return played(g) and "farm" in g.memo.get(_BUILDINGS)


def innkeeper_immune(g: Game, seat: int) -> bool:
    """The innkeeper still has his token: the werewolves do not devour him and nobody votes
    against him."""
    return ready(g, "innkeeper") == seat


# ---- what the village changes in the base game's votes -----------------------------------------

def no_ballot(g: Game, step: str, voter: int) -> str | None:
    """Why ``voter`` may not cast a ballot at the vote ``step`` (None: he may): the buildings'
    reasons, and the Québec Violoneux's gigue (:func:`.states.kept_from_voting`)."""
    if states.kept_from_voting(g, voter):
        return f"seat {voter} danced the Violoneux's gigue last night: no vote today"
    if not played(g):
        return None
    if step in ("captain_votes", "captain_revote") and farmers_elect(g):
        if home(g, voter) != "farm":
            return f"seat {voter} is no farmer: the farmers elect the captain among themselves"
    if home(g, voter) == "teacher":
        return f"seat {voter} is the schoolteacher: she never votes"
    if step in ("votes", "revote") and voter in g.today.get(BANNED, ()):
        return f"seat {voter} is kept from voting today by the schoolteacher"
    return None


def no_target(g: Game, step: str, target: int) -> str | None:
    """Why no ballot may name ``target`` at the vote ``step`` (None: it may)."""
    if not played(g):
        return None
    if step in ("captain_votes", "captain_revote") and farmers_elect(g) \
            and home(g, target) != "farm":
        return f"seat {target} is no farmer: the captain is one of the farmers"
    if step == "votes" and innkeeper_immune(g, target):
        return f"seat {target} is the innkeeper: nobody votes against him while he keeps his token"
    return None


def after_vote(g: Game, ballots: tuple, step: str) -> Game:
    """Keep the innkeeper's ballots of the day: if the player they name is eliminated (pardoned
    or not), he loses his immunity."""
    inn = ready(g, "innkeeper")
    if inn is None or step not in ("votes", "revote"):
        return g
    named = g.today.get(INN_BALLOTS, ()) + ((ballots[inn],) if ballots[inn] is not None else ())
    return g._with(today=g.today.put(INN_BALLOTS, named))


def _innkeeper_pays(g: Game, eliminated: int) -> Game:
    inn = ready(g, "innkeeper")
    if inn is None or eliminated not in g.today.get(INN_BALLOTS, ()):
        return g
    return _spend(g, inn).tell(None, "innkeeper", "token_lost", seat=inn)


BANNED = "village.banned"  # today: the seats the schoolteacher keeps from voting
INN_BALLOTS = "village.inn_ballots"  # today: the seats the innkeeper's ballots named


# ---- the lord's pardon, after the vote ----------------------------------------------------------

def eliminated(g: Game, seat: int) -> Game:
    """The vote names ``seat``: the innkeeper pays for his ballot; the lord may pardon him
    (asked before the card is shown); else the player dies."""
    g = _innkeeper_pays(g, seat)
    lord = acting(g, "lord")
    if lord is None:
        return deaths.kill(g, seat, "vote")
    return g._with(stop=Stop(g.phase, "lord", Kind.YES, (lord,), (lord,), among=(seat,)))


def _pardon(g: Game, stop: Stop, c: Choice | None) -> Game:
    seat = stop.among[0]
    if c is None:
        return deaths.kill(g, seat, "vote")
    if not isinstance(c, Yes):
        raise IllegalChoice("pardon", "expected true (the lord pardons the condemned) or nothing")
    g = _spend(g, stop.woken[0])
    return g.tell(None, "lord", "pardoned", seat=seat, by=stop.woken[0])


LORD = Step("lord", ("day",), 0, ON_DEMAND, Kind.YES, key="pardon",
            options=lambda g, stop: [Yes()], act=_pardon)


# ---- the schoolteacher's ban, just before the vote ----------------------------------------------

def _bannable(g: Game, teacher: int) -> tuple[int, ...]:
    return tuple(s for s in sides.present(g) if s != teacher and not vagabond(g, s))


def _ban_options(g: Game, stop: Stop) -> list:
    can = _bannable(g, stop.woken[0])
    return [Seats((s,)) for s in can] + [Seats(p) for p in combinations(can, 2)]


def _ban(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    if not isinstance(c, Seats):
        raise IllegalChoice("ban", "the schoolteacher names one or two players: expected a list "
                                   "of seat numbers")
    if not 1 <= len(c.seats) <= 2:
        raise IllegalChoice("ban", f"the schoolteacher keeps at most 2 players from voting, not "
                                   f"{len(c.seats)}")
    teacher = stop.woken[0]
    out: list[int] = []
    for i, raw in enumerate(c.seats):
        f = f"ban[{i}]"
        s = seat_number(raw, g.players, f, IllegalChoice)
        if not g.alive(s) or sides.absent(g, s):
            raise IllegalChoice(f, f"seat {s} is not at the vote: name a living player in the "
                                   "room")
        if s == teacher:
            raise IllegalChoice(f, "the schoolteacher never votes: she names other players")
        if vagabond(g, s):
            raise IllegalChoice(f, f"seat {s} is a Vagabond: the schoolteacher cannot keep a "
                                   "Vagabond from voting")
        if s in out:
            raise IllegalChoice("ban", f"seat {s} is named twice")
        out.append(s)
    g = g._with(today=g.today.put(BANNED, tuple(out)))
    return g.tell(None, "teacher", "banned", seats=tuple(out), by=teacher)


TEACHER = Step("teacher", ("day",), 45, EVERY_DAY, Kind.SEATS, key="ban",
               called=lambda g: acting(g, "teacher") is not None,
               wakes=lambda g: (acting(g, "teacher"),), options=_ban_options, act=_ban)


# ---- the bailiff's housing, in the morning ------------------------------------------------------

def free_slots(g: Game) -> tuple[int, ...]:
    """The buildings nobody lives in any more (their occupant died), not burned down, and not
    the bailiff's own house ("la maison du Bailli restera vide")."""
    if not played(g):
        return ()
    b, lives, burned = g.memo.get(_BUILDINGS), g.memo.get(_LIVES), g.memo.get(_BURNED)
    taken = {lives[s] for s in g.living()}
    return tuple(k for k, x in enumerate(b) if x is not None and x != "bailiff"
                 and k not in taken and k not in burned)


def _vagabonds(g: Game) -> tuple[int, ...]:
    return tuple(s for s in sides.present(g) if vagabond(g, s))


def _to_offer(g: Game) -> tuple[int, ...]:
    offered = g.today.get(OFFERED, ())
    return tuple(k for k in free_slots(g) if k not in offered)


OFFERED = "village.offered"  # today: the free buildings the bailiff was asked about


def _bailiff(g: Game) -> int | None:
    """The bailiff, in the room (the mage may send him away for the day)."""
    s = holder(g, "bailiff")
    return None if s is None or sides.absent(g, s) else s


def _bailiff_called(g: Game) -> bool:
    return _bailiff(g) is not None and bool(_to_offer(g)) and bool(_vagabonds(g))


def _offer(g: Game) -> Game:
    """Ask the bailiff about the next free building (``among``: its slot)."""
    slot = _to_offer(g)[0]
    bailiff = _bailiff(g)
    return g._with(stop=Stop(g.phase, "bailiff", Kind.SEAT, (bailiff,), (bailiff,),
                             among=(slot,)))


def _house_options(g: Game, stop: Stop) -> list:
    return [Seat(s) for s in _vagabonds(g)]


def offered(g: Game, stop: Stop) -> int:
    """The slot of the free building the bailiff is asked about at ``stop``."""
    return stop.among[0] if stop.among else _to_offer(g)[0]


def _house(g: Game, stop: Stop, c: Choice | None) -> Game:
    slot = offered(g, stop)
    g = g._with(today=g.today.put(OFFERED, g.today.get(OFFERED, ()) + (slot,)))
    if c is None:  # nobody, or the Vagabond refused ("peut refuser")
        g = g._with(record=g.record + ((g.phase.label, "bailiff", None),))
    else:
        if not isinstance(c, Seat):
            raise IllegalChoice("", "the bailiff names a Vagabond: expected a seat number")
        s = seat_number(c.seat, g.players, "", IllegalChoice)
        if s not in _vagabonds(g):
            raise IllegalChoice("", f"seat {s} is no living Vagabond in the room: the bailiff "
                                    "houses a Vagabond")
        lives = list(g.memo.get(_LIVES))
        lives[s] = slot
        g = _restore(g._with(memo=g.memo.put(_LIVES, tuple(lives))), slot)
        g = g.tell(None, "bailiff", "housed", seat=s, value=g.memo.get(_BUILDINGS)[slot],
                   by=stop.woken[0])
    if _bailiff_called(g):
        return _offer(g)
    return g


BAILIFF = Step("bailiff", ("day",), 20, MORNINGS, Kind.SEAT, called=_bailiff_called,
               wakes=lambda g: (_bailiff(g),), options=_house_options, act=_house)


def burn(g: Game, seat: int) -> Game:
    """The pyromaniac's fire, seen at dawn: the seat's building is gone for good, and its
    occupant is a Vagabond ("il devient un Vagabond")."""
    slot = g.memo.get(_LIVES)[seat]
    if slot is None:
        return g
    lives = list(g.memo.get(_LIVES))
    lives[seat] = None
    memo = g.memo.put(_LIVES, tuple(lives)).put(_BURNED, g.memo.get(_BURNED) + (slot,))
    return g._with(memo=memo)


# ---- the baker, after the werewolves ------------------------------------------------------------

def _baker_wakes(g: Game) -> tuple[int, ...]:
    """The baker, unless the sandman keeps him asleep or the mage sent him away."""
    s = holder(g, "baker")
    return () if g.tonight.get(ASLEEP) == s or sides.absent(g, s) else (s,)


BAKER = Step("baker", ("night",), order("baker"), EVERY_NIGHT, Kind.NONE,
             called=lambda g: holder(g, "baker") is not None, wakes=_baker_wakes)


# ---- the single powers of the day ---------------------------------------------------------------

@dataclass(frozen=True)
class Power:
    """A day power used now: the building's (``barber``, ``confessor``, ``bonesetter``) or
    the lost soul's (``lost_soul``: the player she is asked about), and the player it
    names."""

    power: str
    seat: int


def day_powers(g: Game) -> tuple[Power, ...]:
    """Every day power that may be used now (while the village debates), each on each seat it
    may name: the screens' buttons and their seat choices."""
    if g.stop is None or g.stop.step != "debate":
        return ()
    out: list[Power] = []
    for power in DAY_POWERS:
        user = acting(g, power)
        if user is None:
            continue
        out += [Power(power, s) for s in sides.present(g) if _target_error(g, power, user, s)
                is None]
    return tuple(out)


def _target_error(g: Game, power: str, user: int, s: int) -> str | None:
    if not g.alive(s) or sides.absent(g, s):
        return f"seat {s} is not in the room: name a living player"
    if s == user:
        return f"the {power} names another player"
    if power == "barber" and vagabond(g, s):
        return f"seat {s} is a Vagabond: the barber cannot touch a Vagabond"
    if power == "bonesetter":
        slot = g.memo.get(_LIVES)[s]
        if slot is None or BUILDING[g.memo.get(_BUILDINGS)[slot]].power != "single":
            return f"seat {s} has no building with a single power to give back"
        if unspent(g, s):
            return f"seat {s} has not used his building's single power: nothing to give back"
    return None


def power_error(g: Game, p: object) -> str | None:
    """Why ``p`` cannot be used now (None: it can)."""
    if not isinstance(p, Power):
        return "expected a day power: a building and a seat"
    if p.power not in DAY_POWERS:
        return f"unknown day power {p.power!r} (one of {', '.join(DAY_POWERS)})"
    if p.power != SOUL and not played(g):
        return "the buildings are not played in this game"
    if g.stop is None or g.stop.step != "debate":
        return "the day powers are used while the village debates"
    user = ready(g, p.power)
    if user is None and p.power == SOUL:
        return ("nobody may call the lost soul: she is not dead, or has answered already, or "
                "nobody holds her card")
    if user is None:
        return (f"nobody may use the {p.power}'s power: nobody lives there, or its token was "
                "handed back")
    if sides.absent(g, user):
        return f"the {p.power} {sides.why_absent(g, user)}"
    if isinstance(p.seat, bool) or not isinstance(p.seat, int) or not 0 <= p.seat < g.players:
        return f"no seat {p.seat!r}: seats are 0 to {g.players - 1}"
    return _target_error(g, p.power, user, p.seat)


#: ``today`` key: a day power killed; the win is checked once its chains are over.
SETTLE = "village.settle"


def use(g: Game, p: Power) -> Game:
    """Play the day power ``p`` (checked first: :func:`power_error`). The game's stop is left
    open to the walk, which comes back to the debate (after any chain of deaths)."""
    why = power_error(g, p)
    if why:
        raise IllegalChoice(p.power if isinstance(p, Power) and p.power in DAY_POWERS else "",
                            why)
    user, s = ready(g, p.power), p.seat
    if p.power == SOUL:
        from .roles.compendium import soul_answers

        g = g._with(stop=None, record=g.record + ((g.phase.label, "powers", {p.power: s}),))
        return soul_answers(g, user, s)
    g = _spend(g._with(stop=None), user)
    g = g._with(record=g.record + ((g.phase.label, "powers", {p.power: s}),))
    if p.power == "confessor":
        # the player shows his card to the confessor alone ("sacrétement"); the table sees that
        # the confession took place
        g = g.tell(None, "confessor", "confessed", seat=s, by=user)
        return g.tell((user,), "confessor", "saw", seat=s, role=g.cards[s], by=user)
    if p.power == "bonesetter":
        g = _restore(g, g.memo.get(_LIVES)[s])
        return g.tell(None, "bonesetter", "restored", seat=s, value=home(g, s), by=user)
    # the barber: he survives if he shaved a werewolf, else he dies at once too
    g = g._with(today=g.today.put("moment", "day").put(SETTLE, True))
    g = g.tell(None, "barber", "shaved", seat=s, by=user)
    wolf = sides.wolfish(g, s)
    dying = [(s, "barber")] + ([] if wolf else [(user, "barber_fault")])
    started: list[int] = []
    for seat, cause in dying:
        if deaths.spared(g, seat):
            g = deaths.spare(g, seat, public=True)
            continue
        g = deaths.announce(deaths.die(g, seat, cause, user), seat)
        started.append(seat)
    return deaths.start_chains(g, tuple(started))


STEPS = (BAKER, BAILIFF, TEACHER, LORD)
#: The night's calls of the buildings (step id = building id).
NIGHT_CALLS = ("baker",)

__all__ = ["Building", "BUILDINGS", "BUILDING", "DAY_POWERS", "Power", "STEPS", "buildings",
           "check_buildings", "day_powers", "deal_buildings", "home", "homes", "played",
           "power_error", "settle_in", "use", "vagabond"]
