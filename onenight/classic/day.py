"""The stages that belong to the table rather than to a character (RULES-CLASSIC.md §4, §6,
§8): the dusk and the dawn, the captain's election with its revote and lots, the debate, the vote with the
captain's double vote, his pick on a tie or the second vote. The bear's growl is the bear
tamer's own stage (:mod:`.roles.villagers`)."""

from __future__ import annotations

from collections.abc import Callable

from onenight.common.errors import IllegalChoice
from onenight.common.values import seat_number

from . import cast, deaths, sides, states, village, win
from .model import NO_NIGHT, Choice, Game, Kind, Seat, Stop, Votes
from .table import EVERY_DAY, EVERY_NIGHT, MORNINGS, ON_DEMAND, Step, When, ask

# ---- dusk and dawn ------------------------------------------------------------------------------
# Each phase opens with a stop that changes nothing by itself (the village falls asleep, the
# village wakes): a game saved between two phases is replayed to exactly that point.


def _fall_asleep(g: Game, stop: Stop, c: Choice | None) -> Game:
    for ch in cast.CAST:
        if ch.at_dusk:
            g = ch.at_dusk(g)
    return g


DUSK = Step("dusk", ("night",), 50, EVERY_NIGHT, Kind.NONE, called=lambda g: True,
            wakes=lambda g: g.living(), act=_fall_asleep)


def _wake_up(g: Game, stop: Stop, c: Choice | None) -> Game:
    """The night's deaths are announced together, then their chains run in that order. A day
    with no night before it (seed 000's Astrologue's Éclipse de lune) has nothing to resolve:
    its morning tells the table that the night did not happen."""
    if g.memo.get(NO_NIGHT) == g.phase.number:
        return g._with(today=g.today.put("dawn", ())).tell(None, "astrologer", "lunar_eclipse")
    g = deaths.resolve_night(g)
    return deaths.start_chains(g, g.today.get("dawn", ()))


DAWN = Step("dawn", ("day",), 10, MORNINGS, Kind.NONE, called=lambda g: True,
            wakes=lambda g: g.living(), act=_wake_up, finish=win.settle)


# ---- ballots ------------------------------------------------------------------------------------

def ballots(g: Game, c: Choice | None, allowed: Callable[[int, int], str | None],
            step: str = "votes") -> tuple:
    """The checked ballots of the vote ``step``: one per seat, None for blank; the dead cast
    none. ``allowed(voter, target)`` gives the reason a ballot is refused, or None; the
    buildings (Le Village) may keep a voter or a target out (:func:`village.no_ballot`)."""
    if not isinstance(c, Votes):
        raise IllegalChoice("", "expected every seat's ballot (a list, one per seat)")
    if len(c.ballots) != g.players:
        raise IllegalChoice("", f"{len(c.ballots)} ballots for {g.players} players: one per "
                                "seat (null: blank, or dead)")
    for voter, target in enumerate(c.ballots):
        if target is None:
            continue
        f = f"[{voter}]"
        if not g.alive(voter):
            raise IllegalChoice(f, f"seat {voter} is dead: the dead do not vote")
        if sides.absent(g, voter):
            raise IllegalChoice(f, f"seat {voter} {sides.why_absent(g, voter)}: "
                                   "they do not vote")
        why = village.no_ballot(g, step, voter)
        if why:
            raise IllegalChoice(f, why)
        seat_number(target, g.players, f, IllegalChoice)
        if not g.alive(target):
            raise IllegalChoice(f, f"seat {target} is dead: vote for a living player")
        if sides.absent(g, target):
            raise IllegalChoice(f, f"seat {target} {sides.why_absent(g, target)}: "
                                   "nobody may vote against them")
        why = allowed(voter, target) or village.no_target(g, step, target)
        if why:
            raise IllegalChoice(f, why)
    return c.ballots


def tally(g: Game, ballots: tuple, double: int | None = None) -> list[int]:
    """Votes received per seat; ``double``'s ballot counts twice (the captain's)."""
    counts = [0] * g.players
    for voter, target in enumerate(ballots):
        if target is not None:
            counts[target] += 2 if voter == double else 1
    return counts


def _show_ballots(g: Game, step: str, ballots: tuple, counts: list[int]) -> Game:
    if step not in ("captain_votes", "captain_revote"):  # an expulsion's: binds a Tête-de-Co'hon
        g = sides.stubborn_ballot(g, ballots)
    return g.tell(None, step, "ballots", value={"ballots": list(ballots), "counts": counts,
                                                "captain": g.captain})


def _top(counts: list[int], among: tuple[int, ...]) -> tuple[int, ...]:
    """The seats among ``among`` with the most votes (none when nobody has a vote)."""
    top = max((counts[s] for s in among), default=0)
    return tuple(s for s in among if counts[s] == top) if top else ()


# ---- the captain's election ---------------------------------------------------------------------

def _election_due(g: Game) -> bool:
    when = g.options.captain
    if village.farmers_elect(g):
        if not any(village.home(g, s) == "farm" for s in sides.present(g)):
            return False  # the farmers elect the captain: no farmer in the room, no captain
        if when == "before_first_night":
            when = "first_morning"  # "dès le deuxième tour": the first night is the first
    return g.phase.number == 1 and (
        (when == "first_morning" and not g.phase.is_night)
        or (when == "before_first_night" and g.phase.is_night))


def _elect(g: Game, seat: int, how: str) -> Game:
    return g._with(captain=seat).tell(None, "captain_votes", "elected", seat=seat, value=how)


def _first_election(g: Game, stop: Stop, c: Choice | None) -> Game:
    b = ballots(g, c, lambda v, t: None, "captain_votes")
    counts = tally(g, b)
    g = _show_ballots(g, "captain_votes", b, counts)
    present = tuple(s for s in sides.present(g) if not village.no_target(g, "captain_votes", s))
    tied = _top(counts, present) or present
    if len(tied) == 1:
        return _elect(g, tied[0], "vote")
    return ask(g, CAPTAIN_REVOTE, g.living(), among=tied)


def _election_revote(g: Game, stop: Stop, c: Choice | None) -> Game:
    b = ballots(g, c, lambda v, t: None if t in stop.among else
                f"seat {t} was not tied: the second vote is among seats "
                f"{', '.join(map(str, stop.among))}", "captain_revote")
    counts = tally(g, b)
    g = _show_ballots(g, "captain_revote", b, counts)
    tied = _top(counts, stop.among) or stop.among
    if len(tied) == 1:
        return _elect(g, tied[0], "revote")
    return ask(g, CAPTAIN_LOTS, (), among=tied, chance=True)


def _draw_lots(g: Game, stop: Stop, c: Choice | None) -> Game:
    if not isinstance(c, Seat) or c.seat not in stop.among:
        raise IllegalChoice("", f"the lots draw one of the tied seats "
                                f"({', '.join(map(str, stop.among))})")
    return _elect(g, c.seat, "lots")


def _seats_among(g: Game, stop: Stop) -> list:
    return [Seat(s) for s in stop.among]


ELECTION = Step("captain_votes", ("night", "day"), 30, When("captain_election", _election_due),
                Kind.VOTES, called=_election_due, wakes=lambda g: g.living(),
                deciders=lambda g, woken: woken, required=lambda g: True, act=_first_election)
CAPTAIN_REVOTE = Step("captain_revote", ("night", "day"), 0, ON_DEMAND, Kind.VOTES,
                      act=_election_revote)
CAPTAIN_LOTS = Step("captain_lots", ("night", "day"), 0, ON_DEMAND, Kind.SEAT,
                    options=_seats_among, act=_draw_lots)


# ---- the debate and the vote ------------------------------------------------------------------

DEBATE = Step("debate", ("day",), 40, EVERY_DAY, Kind.NONE, called=lambda g: True,
              wakes=lambda g: g.living())


def eliminate(g: Game, seat: int | None) -> Game:
    g = g.tell(None, "votes", "eliminated", seat=seat)
    if seat is None:
        return g
    return village.eliminated(g, seat) if village.played(g) else deaths.kill(g, seat, "vote")


def _no_self_vote(voter: int, target: int) -> str | None:
    return f"seat {voter} votes for themselves: vote for another player" if voter == target \
        else None


# What the night leaves on the day's vote (the cast's entries put it in ``today`` at dawn):
# ``immune``, a seat nobody may vote against today (the magistrate's); ``marked``, a seat with
# two votes more against it at the vote's first count (Le Village's raven's poster);
# ``bound``, (a voter, the only seat his ballot may name) (the hypnotist's spell).
MARK_VOTES = 2


def _not_immune(g: Game, target: int) -> str | None:
    if target == g.today.get("immune"):
        return f"seat {target} is immune today: nobody may vote against them"
    return None


def _votable(g: Game, voter: int, target: int) -> bool:
    return (g.alive(target) and target != voter and target != g.today.get("immune")
            and not sides.absent(g, target))


def bound_ballot(g: Game, voter: int) -> tuple[bool, int | None]:
    """Whether ``voter``'s ballot at the day's vote is bound, and to whom: his victim, or
    nobody when he may not vote against the victim (dead, immune, his master). A blank ballot stays
    possible, as for everybody: nobody can be made to raise a hand."""
    bound = g.today.get("bound")
    if bound is None or bound[0] != voter:
        return False, None
    # nobody, too, when his own card forbids that ballot (the Chien-Garou bound to his master)
    ok = _votable(g, voter, bound[1]) and not village.no_target(g, "votes", bound[1]) \
        and not sides.barred_ballot(g, voter, bound[1])
    return True, bound[1] if ok else None


def _barred(g: Game, b: tuple) -> None:
    for voter, target in enumerate(b):
        if target is not None and sides.barred_ballot(g, voter, target):
            if g.cards[voter] == "tete_de_cochon":
                raise IllegalChoice(f"[{voter}]", f"seat {voter} is the Tête-de-Co'hon: their "
                                                  "ballot names only the player they first "
                                                  "voted against, while that player lives")
            raise IllegalChoice(f"[{voter}]", f"seat {voter} is the Chien-Garou: their ballot "
                                              f"may not name seat {target}, their master")


def _bound(g: Game, b: tuple) -> None:
    _barred(g, b)
    for voter, target in enumerate(b):
        bound, to = bound_ballot(g, voter)
        if bound and target is not None and target != to:
            raise IllegalChoice(f"[{voter}]", f"seat {voter} is hypnotized: their ballot names "
                                              + ("nobody today" if to is None else
                                                 f"seat {to}, and nobody else"))


def intendant(g: Game) -> int | None:
    """The living captain (the Québec booklet's *intendant*), or None."""
    return g.captain if g.captain is not None and g.alive(g.captain) else None


def _marked(g: Game, counts: list[int]) -> list[int]:
    """The counts with the raven's two votes against the marked seat."""
    marked = g.today.get("marked")
    if marked is not None and g.alive(marked) and marked != g.today.get("immune"):
        counts[marked] += MARK_VOTES
    return counts


def _vote(g: Game, stop: Stop, c: Choice | None) -> Game:
    g = g._with(today=g.today.put("moment", "vote"))
    b = ballots(g, c, lambda v, t: _no_self_vote(v, t) or _not_immune(g, t))
    _bound(g, b)
    g = village.after_vote(g, b, "votes")
    captain = intendant(g)
    # the Québec booklet's Vote unique gives the intendant no second voice
    counts = _marked(g, tally(g, b, captain if g.options.vote == "classic" else None))
    g = _show_ballots(g, "votes", b, counts)
    tied = _top(counts, g.living())
    if len(tied) <= 1:
        return eliminate(g, tied[0] if tied else None)
    g = g.tell(None, "votes", "tie", seats=tied)
    if captain is not None:
        return ask(g, CAPTAIN_PICK, (captain,), among=tied)
    return ask(g, REVOTE, g.living(), among=tied)


def _captain_pick(g: Game, stop: Stop, c: Choice | None) -> Game:
    if not isinstance(c, Seat) or c.seat not in stop.among:
        raise IllegalChoice("", f"the captain names one of the tied seats "
                                f"({', '.join(map(str, stop.among))})")
    return eliminate(g, c.seat)


def _revote(g: Game, stop: Stop, c: Choice | None) -> Game:
    def allowed(v: int, t: int) -> str | None:
        if t not in stop.among:
            return (f"seat {t} was not tied: the second vote is among seats "
                    f"{', '.join(map(str, stop.among))}")
        return _no_self_vote(v, t)

    b = ballots(g, c, allowed, "revote")
    _barred(g, b)
    g = village.after_vote(g, b, "revote")
    counts = tally(g, b)
    g = _show_ballots(g, "revote", b, counts)
    tied = _top(counts, stop.among)
    return eliminate(g, tied[0] if len(tied) == 1 else None)


VOTES = Step("votes", ("day",), 50, EVERY_DAY, Kind.VOTES,
             called=lambda g: g.options.vote in ("classic", "single"),
             wakes=lambda g: g.living(), deciders=lambda g, woken: woken,
             required=lambda g: True, act=_vote, finish=win.settle)
CAPTAIN_PICK = Step("captain_pick", ("day",), 0, ON_DEMAND, Kind.SEAT, options=_seats_among,
                    act=_captain_pick)
REVOTE = Step("revote", ("day",), 0, ON_DEMAND, Kind.VOTES, act=_revote)


# ---- the Québec booklet's other two votes -------------------------------------------------------
# Vote par nominations: the intendant names a candidate, the table raises hands (a ballot names
# the candidate or is blank); at least half the voices of the players present eliminate him.
# Two candidates fail: the vote against the intendant himself; it fails too: a player of the
# village drawn by lot is out. Panique démocratique: the table points at whom it likes; when the
# host freezes it and counts, more than half the voices eliminate; a day that drags ends with
# the draw. Without an intendant the table names its candidates and the draw follows two
# failures. (docs/rules-decisions-classic.md, "The Québec votes".)

#: The failed nominations after which the intendant himself is the candidate.
NOMINATIONS_BEFORE_INTENDANT = 2


def _nominators(g: Game, woken: tuple[int, ...] = ()) -> tuple[int, ...]:
    i = intendant(g)
    return (i,) if i is not None and not sides.absent(g, i) else sides.present(g)


def _nominees(g: Game, stop: Stop | None = None) -> list:
    return [Seat(s) for s in sides.present(g) if s != g.today.get("immune")]


def _ask_nomination(g: Game) -> Game:
    return ask(g, NOMINATE, _nominators(g))


def _nominate(g: Game, stop: Stop, c: Choice | None) -> Game:
    if not isinstance(c, Seat) or c not in _nominees(g):
        raise IllegalChoice("", "the candidate is a player present in the village whom the "
                                "table may vote against")
    g = g._with(today=g.today.put("moment", "vote"))
    # ``by``: the intendant who named him (the Ramancheux's eye looks at these only), or None
    g = g.tell(None, "nominations", "nominated", seat=c.seat, by=stop.deciders[0]
               if stop.deciders == (intendant(g),) else None)
    return ask(g, NOMINATION_VOTES, g.living(), among=(c.seat,))


def _hands(g: Game, c: Choice | None, among: tuple[int, ...]) -> tuple:
    def allowed(v: int, t: int) -> str | None:
        if t not in among:
            return f"seat {t} is not the candidate: a raised hand names seat {among[0]}"
        return _no_self_vote(v, t)

    b = ballots(g, c, allowed)
    _bound(g, b)
    return b


def _village_draw(g: Game) -> Game:
    """A player drawn by lot among the village's (the booklet: "ce joueur appartiendra
    toujours au camp des villageois"); nobody when the village has nobody left present."""
    pool = tuple(s for s in sides.present(g) if sides.side(g, s) == "village")
    g = g.tell(None, "village_draw", "drags")
    if not pool:
        return eliminate(g, None)
    return ask(g, VILLAGE_DRAW, (), among=pool, chance=True)


def _nomination_count(g: Game, stop: Stop, c: Choice | None) -> Game:
    candidate = stop.among[0]
    b = _hands(g, c, stop.among)
    counts = _marked(g, tally(g, b))  # here the intendant has one voice only
    g = _show_ballots(g, "nomination_votes", b, counts)
    if 2 * counts[candidate] >= len(sides.present(g)):
        return eliminate(g, candidate)
    failed = g.today.get("failed_nominations", 0) + 1
    g = g._with(today=g.today.put("failed_nominations", failed))
    g = g.tell(None, "nomination_votes", "failed", seat=candidate, value=failed)
    chief = intendant(g)
    if candidate == chief or (failed >= NOMINATIONS_BEFORE_INTENDANT and chief is None):
        return _village_draw(g)
    if failed >= NOMINATIONS_BEFORE_INTENDANT:
        if chief == g.today.get("immune") or sides.absent(g, chief):
            return _village_draw(g)
        g = g.tell(None, "nomination_votes", "against_intendant", seat=chief)
        return ask(g, NOMINATION_VOTES, g.living(), among=(chief,))
    return _ask_nomination(g)


def _panic_count(g: Game, stop: Stop, c: Choice | None) -> Game:
    g = g._with(today=g.today.put("moment", "vote"))
    if c is None:  # the host ends a day that drags (only after a count without a majority)
        return _village_draw(g)
    b = ballots(g, c, lambda v, t: _no_self_vote(v, t) or _not_immune(g, t))
    _bound(g, b)
    counts = _marked(g, tally(g, b))
    g = _show_ballots(g, "panic_votes", b, counts)
    voices = len(sides.present(g))
    over = [s for s in g.living() if 2 * counts[s] > voices]
    if over:
        return eliminate(g, over[0])  # more than half: one seat at most
    g = g.tell(None, "panic_votes", "no_majority")
    # the table points on: another count, or (nothing chosen) the host's draw
    return g._with(stop=Stop(g.phase, PANIC.id, Kind.VOTES, g.living(), g.living()))


def _draw(g: Game, stop: Stop, c: Choice | None) -> Game:
    if not isinstance(c, Seat) or c.seat not in stop.among:
        raise IllegalChoice("", "the lot draws a player of the village present in it")
    return eliminate(g, c.seat)


NOMINATE = Step("nominations", ("day",), 50, EVERY_DAY, Kind.SEAT,
                called=lambda g: g.options.vote == "nominations", wakes=lambda g: g.living(),
                deciders=_nominators, required=lambda g: True, options=_nominees,
                act=_nominate, finish=win.settle)
NOMINATION_VOTES = Step("nomination_votes", ("day",), 0, ON_DEMAND, Kind.VOTES,
                        act=_nomination_count)
PANIC = Step("panic_votes", ("day",), 50, EVERY_DAY, Kind.VOTES,
             called=lambda g: g.options.vote == "panic", wakes=lambda g: g.living(),
             deciders=lambda g, woken: woken, required=lambda g: True, act=_panic_count,
             finish=win.settle)
VILLAGE_DRAW = Step("village_draw", ("day",), 0, ON_DEMAND, Kind.SEAT, options=_seats_among,
                    act=_draw)

STAGES = (DUSK, DAWN, ELECTION, CAPTAIN_REVOTE, CAPTAIN_LOTS, DEBATE, VOTES, CAPTAIN_PICK, REVOTE,
          NOMINATE, NOMINATION_VOTES, PANIC, VILLAGE_DRAW, deaths.SUCCESSOR) + village.STEPS
#: The record keys that hold a list, one entry each time the stage is asked in a day.
LIST_KEYS = ("successors", "nominations", "nomination_votes", "panic_votes", "bailiff",
             "habitant_ragots", "immortal")


def ballot_options(g: Game, stop: Stop, seat: int) -> tuple[int | None, ...]:
    """What ``seat`` may put on its ballot at a vote stage: None (blank) first."""
    vill = village.played(g)  # (asked once: the ballot options are asked for every seat)
    # the Québec votes' ballots are checked by the buildings as the day's vote (``ballots``)
    vote = stop.step if stop.step in ("captain_votes", "captain_revote", "revote") else "votes"
    if not g.alive(seat) or sides.absent(g, seat) or states.kept_from_voting(g, seat) or (
            vill and village.no_ballot(g, vote, seat)):
        return (None,)
    if stop.step == "captain_votes":
        targets = sides.present(g)
    elif stop.step == "captain_revote":
        targets = stop.among
    elif stop.step == "revote":
        targets = tuple(s for s in stop.among if s != seat)
    elif stop.step == "nomination_votes":
        bound, to = bound_ballot(g, seat)
        targets = tuple(s for s in stop.among if s != seat and (not bound or s == to))
    else:
        bound, to = bound_ballot(g, seat)
        if bound:
            return (None,) if to is None else (None, to)
        targets = tuple(s for s in g.living() if _votable(g, seat, s))
    if stop.step not in ("captain_votes", "captain_revote"):
        targets = tuple(s for s in targets if not sides.barred_ballot(g, seat, s))
    if vill:
        targets = tuple(s for s in targets if not village.no_target(g, vote, s))
    return (None,) + targets
