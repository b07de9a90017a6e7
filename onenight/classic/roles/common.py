"""Checks and small moves every character's steps share."""

from __future__ import annotations

from onenight.common.errors import IllegalChoice
from onenight.common.values import seat_number

from .. import cast, sides
from ..model import PACK_AGAIN, Choice, Game, Seat, Seats, Stop

BEST_OF, BASE_GAME = "best_of", "base_game"
#: ``tonight`` key: the werewolf the trapper's trap caught, shown to the witch as the victim.
CAUGHT = "caught"


#: ``tonight`` keys of the night killers whose victim is shown to the witch beside the
#: werewolves' (seed 000: Cassandra's silver bullet, Mr Hyde's murder), and the pack's second
#: victim of a night the Québec Robineux, a wolf, slept off.
SHOWN_TO_WITCH = ("cassandra", "hyde", PACK_AGAIN)


def shown_victim(g: Game) -> int | None:
    """The werewolves' victim as the witch is shown it: theirs, or the werewolf the trap
    caught instead ("c'est lui qui sera montré par le meneur de jeu à la Sorcière")."""
    victim = g.tonight.get("victim")
    return victim if victim is not None else g.tonight.get(CAUGHT)


def shown_victims(g: Game) -> tuple[int, ...]:
    """Every player the witch is shown as tonight's victims, in seat order: the werewolves'
    (:func:`shown_victim`), Cassandra's and Mr Hyde's ("Le Meneur de Jeu ne précisera pas à
    la Sorcière qui a été mangé par les Loups-Garous ou tué par Cassandra")."""
    out = {shown_victim(g)} | {g.tonight.get(k) for k in SHOWN_TO_WITCH}
    return tuple(sorted(s for s in out if s is not None and g.alive(s)))


def heal_forms(victims: tuple[int, ...]) -> tuple[bool | int, ...]:
    """How the heal names each victim it may save: ``True`` for the only one, else the seat
    (the record's ``"heal": true`` and ``"heal": 4``)."""
    return (True,) if len(victims) == 1 else victims


def living_target(g: Game, c: Choice | None, key: str, who: str) -> int:
    """The living seat a :class:`Seat` choice names, or :class:`IllegalChoice` on ``key``."""
    if not isinstance(c, Seat):
        raise IllegalChoice(key, f"the {who} chooses one player: expected a seat number")
    s = seat_number(c.seat, g.players, key, IllegalChoice)
    if not g.alive(s):
        raise IllegalChoice(key, f"seat {s} is dead: the {who} chooses a living player")
    if sides.absent(g, s):
        raise IllegalChoice(key, f"seat {s} {sides.why_absent(g, s)}: the "
                                 f"{who} cannot choose them")
    return s


def offered_target(g: Game, c: Choice | None, offered: list, key: str, who: str,
                   why: str) -> int:
    """As :func:`living_target`, and one of the seats ``offered`` (``why`` says why not; its
    ``{seat}`` is the seat named)."""
    s = living_target(g, c, key, who)
    if Seat(s) not in offered:
        raise IllegalChoice(key, why.format(seat=s))
    return s


def another_target(g: Game, c: Choice | None, stop: Stop, key: str, who: str,
                   why: str) -> int:
    """As :func:`living_target`, and not the seat that chooses (``why`` says so)."""
    s = living_target(g, c, key, who)
    if s == actor(stop):
        raise IllegalChoice(key, why)
    return s


def living_targets(g: Game, c: Choice | None, key: str, who: str,
                   count: int | None) -> tuple[int, ...]:
    """The ``count`` different living seats a :class:`Seats` choice names (None: one or
    more)."""
    if not isinstance(c, Seats):
        raise IllegalChoice(key, f"the {who} chooses {count or 'one or more'} players: expected "
                                 "a list of seat numbers")
    if count is None and not c.seats:
        raise IllegalChoice(key, f"the {who} chooses one player or more, not none")
    if count is not None and len(c.seats) != count:
        raise IllegalChoice(key, f"the {who} chooses {count} player{'s' * (count > 1)}, "
                                 f"not {len(c.seats)}")
    out = []
    for i, raw in enumerate(c.seats):
        s = living_target(g, Seat(raw), f"{key}[{i}]", who)
        if s in out:
            raise IllegalChoice(key, f"seat {s} is named twice: the {who} chooses different "
                                     "players")
        out.append(s)
    return tuple(out)


def not_yet_named(g: Game, stop: Stop, memo_key: str) -> list[Seat]:
    """The other living players the chooser has not named yet (kept in ``memo[memo_key]``)."""
    done = g.memo.get(memo_key, ())
    return [Seat(s) for s in g.living() if s != actor(stop) and s not in done]


def name_once(g: Game, c: Choice | None, stop: Stop, key: str, who: str, why: str,
              memo_key: str, twice: str) -> tuple[Game, int]:
    """Another living player, named once a game (the magistrate's immune, the Écureuil-Garou's
    pick): the game remembering him in ``memo[memo_key]``, and his seat; ``twice`` says why a
    second time is refused."""
    s = another_target(g, c, stop, key, who, why)
    done = g.memo.get(memo_key, ())
    if s in done:
        raise IllegalChoice(key, f"seat {s} {twice}")
    return remember(g, memo_key, done + (s,)), s


def werewolf_cards(cards) -> int:
    """The werewolf cards among ``cards`` (the pack leader's and the white werewolf's too)."""
    return sum(1 for c in cards if c in cast.CHARACTER and cast.CHARACTER[c].camp == "werewolves")


def actor(stop: Stop) -> int:
    """The one seat woken for a step (its card's living holder)."""
    return stop.woken[0]


def others(g: Game, seat: int) -> list[Seat]:
    return [Seat(s) for s in g.living() if s != seat]


def remember(g: Game, key: str, value) -> Game:
    return g._with(memo=g.memo.put(key, value))


def tonight(g: Game, key: str, value) -> Game:
    return g._with(tonight=g.tonight.put(key, value))


def villagers_but_the_seer(g: Game) -> list:
    """"choisi au hasard parmi les rôles de villageois, Voyante exceptée. Le hasard peut
    désigner un joueur déjà infecté": the living holders of a villager's card but the seer's
    (the Guenilloux's curse, the Grand-Talent-Pas-d'Adon's antagonist)."""
    return [Seat(s) for s in g.living() if cast.CHARACTER[g.cards[s]].family == "villagers"
            and g.cards[s] != "seer"]
