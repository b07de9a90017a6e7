"""The vote and the end of the game (RULES.md §6 and §7).

Input: each seat's identity for the day (see :meth:`Table.role_of`) and where each seat
points. Output: an :class:`Outcome` that names each death with its cause and each winning or
losing team with the rule that decided it, as codes the app turns into sentences.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from onenight.common.values import seat_number

from .cards import WEREWOLF_CARDS, Team, team_of
from .errors import IllegalVote


class Cause(str, Enum):
    VOTE = "vote"  # had the most votes (2 or more)
    HUNTER = "hunter"  # taken along by a dying Hunter


class Reason(str, Enum):
    """Why a team won or lost; the app has a sentence for each."""

    WEREWOLF_DIED = "werewolf_died"  # village wins: a werewolf died
    NO_WEREWOLF_DIED = "no_werewolf_died"  # werewolves win: no werewolf and no tanner died
    TANNER_DIED = "tanner_died"  # a tanner died: the werewolf team loses; that tanner wins
    TANNER_ALIVE = "tanner_alive"  # a tanner lived, so lost
    NO_WEREWOLF_DIED_VILLAGE_LOSES = "werewolves_survived"  # village loses: no werewolf died
    NO_WEREWOLF_AT_TABLE_NOBODY_VILLAGE_DIED = "no_werewolf_village_safe"  # village wins
    NO_WEREWOLF_AT_TABLE_VILLAGER_DIED = "no_werewolf_villager_died"  # village loses
    MINION_OTHER_DIED = "minion_other_died"  # no werewolf at the table: the Minion wins
    MINION_NOBODY_ELSE_DIED = "minion_nobody_else_died"  # ...or loses


@dataclass(frozen=True)
class Death:
    seat: int
    cause: Cause
    votes: int  # votes this seat received
    by: int | None = None  # the Hunter who took them along


@dataclass(frozen=True)
class Verdict:
    """Whether one team (or one tanner seat) won, and the rule that decided it."""

    team: Team
    won: bool
    reason: Reason
    seat: int | None = None  # for a tanner: which one


@dataclass(frozen=True)
class Outcome:
    votes: tuple[int, ...]
    counts: tuple[int, ...]  # votes received, per seat
    deaths: tuple[Death, ...]  # in the order they happen
    protected: tuple[int, ...]  # seats a Bodyguard pointed at
    spared: tuple[int, ...]  # seats that would have died but were protected or a Prince
    roles: tuple[str, ...]
    teams: tuple[Team, ...]
    verdicts: tuple[Verdict, ...]
    werewolf_at_table: bool

    @property
    def dead(self) -> tuple[int, ...]:
        return tuple(sorted(d.seat for d in self.deaths))

    @property
    def winners(self) -> tuple[int, ...]:
        out: set[int] = set()
        for v in self.verdicts:
            if not v.won:
                continue
            if v.team is Team.TANNER:
                out.add(v.seat)
            else:
                out.update(i for i, t in enumerate(self.teams) if t is v.team)
        return tuple(sorted(out))

    @property
    def winning_teams(self) -> tuple[str, ...]:
        return tuple(sorted({v.team.value for v in self.verdicts if v.won}))


def check_votes(votes: Sequence[object], players: int, field: str = "votes") -> tuple[int, ...]:
    """The votes as seats, or :class:`IllegalVote` naming the first bad one."""
    if len(votes) != players:
        raise IllegalVote(field, f"{len(votes)} votes for {players} players: one vote per seat")
    out = []
    for i, v in enumerate(votes):
        f = f"{field}[{i}]"
        seat_number(v, players, f, IllegalVote)
        if v == i:
            raise IllegalVote(f, f"seat {i} votes for themselves: point at another player")
        out.append(v)
    return tuple(out)


def resolve(roles: Sequence[str], votes: Sequence[int]) -> Outcome:
    """Who dies and who wins, from the day's identities and the votes."""
    roles = tuple(roles)
    n = len(roles)
    votes = check_votes(votes, n)
    counts = Counter(votes)
    per_seat = tuple(counts[s] for s in range(n))

    protected = {votes[i] for i in range(n) if roles[i] == "bodyguard"}
    princes = {i for i in range(n) if roles[i] == "prince"}

    # The vote: leave out protected players, the most votes among the rest die if 2 or more.
    rest = [s for s in range(n) if s not in protected]
    top = max((per_seat[s] for s in rest), default=0)
    spared: set[int] = set()
    most = max(per_seat, default=0)
    if most >= 2:
        spared |= {s for s in protected if per_seat[s] == most}
    deaths: list[Death] = []
    if top >= 2:
        for s in rest:
            if per_seat[s] == top:
                if s in princes:
                    spared.add(s)
                else:
                    deaths.append(Death(s, Cause.VOTE, per_seat[s]))

    # Hunters take their target along, in turn.
    dead = {d.seat for d in deaths}
    queue = [d.seat for d in deaths if roles[d.seat] == "hunter"]
    while queue:
        h = queue.pop(0)
        target = votes[h]
        if target in dead:
            continue
        if target in protected or target in princes:
            spared.add(target)
            continue
        deaths.append(Death(target, Cause.HUNTER, per_seat[target], by=h))
        dead.add(target)
        if roles[target] == "hunter":
            queue.append(target)

    teams = tuple(team_of(r) for r in roles)
    verdicts = _verdicts(roles, teams, dead)
    return Outcome(votes=votes, counts=per_seat, deaths=tuple(deaths),
                   protected=tuple(sorted(protected)), spared=tuple(sorted(spared - dead)),
                   roles=roles, teams=teams, verdicts=verdicts,
                   werewolf_at_table=any(r in WEREWOLF_CARDS for r in roles))


def _verdicts(roles: tuple[str, ...], teams: tuple[Team, ...], dead: set[int]) -> tuple[Verdict, ...]:
    n = len(roles)
    wolves = [i for i in range(n) if roles[i] in WEREWOLF_CARDS]
    tanners = [i for i in range(n) if teams[i] is Team.TANNER]
    tanner_died = any(i in dead for i in tanners)
    out: list[Verdict] = []
    if wolves:
        wolf_died = any(i in dead for i in wolves)
        if wolf_died:
            out.append(Verdict(Team.VILLAGE, True, Reason.WEREWOLF_DIED))
            out.append(Verdict(Team.WEREWOLF, False, Reason.WEREWOLF_DIED))
        elif tanner_died:
            out.append(Verdict(Team.VILLAGE, False, Reason.NO_WEREWOLF_DIED_VILLAGE_LOSES))
            out.append(Verdict(Team.WEREWOLF, False, Reason.TANNER_DIED))
        else:
            out.append(Verdict(Team.VILLAGE, False, Reason.NO_WEREWOLF_DIED_VILLAGE_LOSES))
            out.append(Verdict(Team.WEREWOLF, True, Reason.NO_WEREWOLF_DIED))
    else:
        village_died = any(i in dead for i in range(n) if teams[i] is Team.VILLAGE)
        if village_died:
            out.append(Verdict(Team.VILLAGE, False, Reason.NO_WEREWOLF_AT_TABLE_VILLAGER_DIED))
        elif tanner_died:
            out.append(Verdict(Team.VILLAGE, False, Reason.TANNER_DIED))
        else:
            out.append(Verdict(Team.VILLAGE, True,
                               Reason.NO_WEREWOLF_AT_TABLE_NOBODY_VILLAGE_DIED))
        minions = [i for i in range(n) if teams[i] is Team.WEREWOLF]
        if minions:
            other_died = any(i in dead for i in range(n) if i not in minions)
            if tanner_died:
                out.append(Verdict(Team.WEREWOLF, False, Reason.TANNER_DIED))
            elif other_died:
                out.append(Verdict(Team.WEREWOLF, True, Reason.MINION_OTHER_DIED))
            else:
                out.append(Verdict(Team.WEREWOLF, False, Reason.MINION_NOBODY_ELSE_DIED))
    for i in tanners:
        won = i in dead
        out.append(Verdict(Team.TANNER, won, Reason.TANNER_DIED if won else Reason.TANNER_ALIVE,
                           seat=i))
    return tuple(out)
