"""Deaths and what they set off (RULES-CLASSIC.md §4, §9): the night's deaths resolved at
dawn, announced together in seat order, then each death's chain, depth first: the lover's
grief, the dying player's last act (the hunter's shot), the dying captain's successor.

A chain may wait for a choice (the hunter's target, the successor): the chains still to run
are a stack in the game (``Game.chain``), so the walk picks them up where they stopped.
"""

from __future__ import annotations

from onenight.common.errors import IllegalChoice
from onenight.common.values import seat_number

from . import cast, sides, states
from .model import (PACK_AGAIN, PUBLIC_CAUSE, WITHHELD, WITHHOLDING, Choice, Death, Game, Kind,
                    Memo, Seat, Stop)
from .table import ON_DEMAND, Step, ask

#: A seat killed twice in one night keeps the first of these causes.
NIGHT_CAUSES = (("victim", "werewolves"), ("big_bad_wolf", "big_bad_wolf"),
                ("white_werewolf", "white_werewolf"), ("fire", "fire"), ("poison", "witch"),
                ("vigilante_before", "vigilante"), ("vigilante_after", "vigilante"),
                ("caught", "trap"), ("cassandra", "silver_bullet"), ("hyde", "hyde"),
                ("lone_wolf", "lone_wolf"),
                # the Québec booklet's pack sickness: the lone wolf who ate its cause (no
                # choice sets it: :func:`_weighed` adds it)
                ("sickness", "sickness"),
                # the Québec booklet's Écureuil-Garou who named a wolf
                ("were_squirrel", "were_squirrel"),
                # the Québec Coureur des Bois's trap that caught a wolf of the pack, and the
                # wolf his blunderbuss shot
                ("wolf_trap", "wolf_trap"), ("blunderbuss", "blunderbuss"))
#: ``tonight`` key: the infected the Québec lone wolf devours the night he takes the pack's place.
FEAST = "lone_wolf_feast"
#: The causes whose victim the witch is shown, and may heal (``tonight["healed"]``).
SHOWN_TO_WITCH = frozenset({"werewolves", "trap", "silver_bullet", "hyde"})
#: ``tonight`` key: (the seat Dr Jekyll saves, the causes it escapes: those of his call).
JEKYLL_SAVES = "jekyll_saves"
#: The causes of a death whose card the table is not shown (seed 000's Imposteur took it).
UNSHOWN = frozenset({"impostor"})
#: The reactions to a death, in their order (depth first).
REACTIONS = ("grief", "last_act", "successor")


def _moment(g: Game) -> str:
    return "dawn" if g.phase.is_night else g.today.get("moment", "dawn")


def die(g: Game, seat: int, cause: str, by: int | None = None, final: bool = False) -> Game:
    """The death itself, without its chain (see :func:`start_chains`). A holder who lives on
    (seed 000's Immortel, Imposteur) is killed all the same (the death is recorded, its card
    will be shown, whatever counts killings counts it) but stays in play, unless the death is
    ``final`` (the player whose card the Imposteur took)."""
    day = g.phase.number + (1 if g.today.get(WITHHOLDING) else 0)  # heard at the next dawn
    d = Death(seat, cause, by, day, _moment(g), g.cards[seat])
    lives_on = None if final else cast.CHARACTER[g.cards[seat]].lives_on
    dead = g.dead if lives_on is not None and lives_on(g, seat) else g.dead | {seat}
    g = g._with(dead=dead, deaths=g.deaths + (d,))
    for ch in cast.CAST:
        if ch.on_death:
            g = ch.on_death(g, seat)
    return g


def announce(g: Game, seat: int) -> Game:
    """Tell the table of a death: the card is shown; how the night killed stays secret. A
    death of a night whose day does not happen (seed 000's Astrologue's Éclipse de soleil) is
    kept for the next dawn (:func:`withhold_night`)."""
    if g.today.get(WITHHOLDING):
        return g._with(memo=g.memo.put(WITHHELD, g.memo.get(WITHHELD, ()) + (seat,)))
    d = g.death_of(seat)
    step = {"vote": "votes", "day": "powers"}.get(d.moment, "dawn")
    public = PUBLIC_CAUSE[d.cause]
    # (the player whose card seed 000's Imposteur took leaves with no card shown)
    g = g.tell(None, step, "died", seat=seat, role=None if d.cause in UNSHOWN else d.card,
               value=public,
               by=d.by if d.cause in ("hunter", "grief") else None)
    if public != d.cause:
        g = g.tell((), step, "killed", seat=seat, value=d.cause, by=d.by)
    return g


def kill(g: Game, seat: int, cause: str, by: int | None = None) -> Game:
    """A death in the day: it takes effect, is announced, and its chain runs next (unless the
    player escapes it: the priest's blessing, the Québec booklet's *fait fort*, whom the
    table sees live on)."""
    if spared(g, seat):
        return spare(g, seat, public=True)
    if states.shrugs_off(g, seat, cause):
        return states.spend_strong(g, seat).tell(None, "quebec", "strong_survived", seat=seat)
    return start_chains(announce(die(g, seat, cause, by), seat), (seat,))


# ---- the priest's blessing: one escape from the first death, whatever its cause -----------------

#: ``memo`` key: the seat whose first death is still to be escaped (set by the priest's step).
SPARED = "priest.spared"


def spared(g: Game, seat: int) -> bool:
    """The seat escapes the death that would take it now (its first one)."""
    return g.memo.get(SPARED) == seat


def spare(g: Game, seat: int, public: bool) -> Game:
    """The escape is used. By day the table sees the player live on; at night it hears
    only that nobody died ("il n'y a pas eu de mort cette nuit-là")."""
    g = g._with(memo=g.memo.put(SPARED, None))
    return g.tell(None if public else (), "priest", "escaped", seat=seat)


def shown_dead(g: Game) -> tuple[str, ...]:
    """The cards the table has seen at the deaths announced so far, of players now out of the
    game: not the Immortel's or the Imposteur's, shown as they live on (their card stays with
    them), and nothing for the player whose card the Imposteur took (none is shown)."""
    return tuple(e.role for e in g.log if e.kind == "died" and e.to is None
                 and e.role is not None and not g.alive(e.seat))


def start_chains(g: Game, seats: tuple[int, ...]) -> Game:
    """Run the chains of these deaths next, in this order, before any older chain goes on;
    a killed player still in play (seed 000's Immortel, Imposteur) first: his card is shown
    and "il la prend ensuite en mains" at once, before another death's act can reach him."""
    seats = tuple(sorted(seats, key=lambda s: not g.alive(s)))
    return g._with(chain=g.chain + tuple((s, 0) for s in reversed(seats)))


def resume(g: Game) -> Game:
    """Play the next reaction of the chain on top; it may stop at a choice."""
    seat, k = g.chain[-1]
    rest = g.chain[:-1]
    if k >= len(REACTIONS):
        return g._with(chain=rest)
    g = g._with(chain=rest + ((seat, k + 1),))
    reaction = REACTIONS[k]
    if g.alive(seat) and reaction != "last_act":
        return g  # killed, he lives on (seed 000's Immortel): nobody grieves, no successor
    if reaction == "grief":
        return _grief(g, seat)
    if reaction == "last_act":
        if g.death_of(seat).cause in UNSHOWN:
            return g  # his card went to the Imposteur, and its last act with it
        last = cast.CHARACTER[g.cards[seat]].last_act
        return last(g, seat) if last else g
    return _successor(g, seat)


def _grief(g: Game, seat: int) -> Game:
    """Cupid's lover dies of grief; the Québec couple's abandoned lover leaves the village
    ("si l'un d'entre eux quitte le village, l'autre suivra"), in the same chain: at dusk
    after a vote, at dawn after a death of the night, as the glossary times it."""
    for other in (_cupids_other(g, seat), states.amant_of(g, seat)):
        if other is not None and g.alive(other):
            g = kill(g, other, "grief", seat)
    return g


def _cupids_other(g: Game, seat: int) -> int | None:
    if g.lovers is None or seat not in g.lovers:
        return None
    return g.lovers[0] if g.lovers[1] == seat else g.lovers[1]


# ---- the dying captain's successor ------------------------------------------------------------

def _candidates(g: Game) -> tuple[int, ...]:
    """Who may succeed the captain: a player in the room; a farmer, when the farmers elect the
    captain (Le Village: "uniquement parmi les Fermiers survivants")."""
    from . import village

    if village.farmers_elect(g):
        return tuple(s for s in sides.present(g) if village.home(g, s) == "farm")
    return sides.present(g)


def _successor(g: Game, seat: int) -> Game:
    if g.captain != seat:
        return g
    if not _candidates(g):  # nobody left in the room to name (or no farmer left)
        return g._with(captain=None)
    return ask(g, SUCCESSOR, (seat,), among=(seat,))


def _name_successor(g: Game, stop: Stop, c: Choice | None) -> Game:
    if not isinstance(c, Seat):
        raise IllegalChoice("", "the dying captain names a successor: expected a seat number")
    s = seat_number(c.seat, g.players, "", IllegalChoice)
    if not g.alive(s):
        raise IllegalChoice("", f"seat {s} is dead: the captain names a living successor")
    if sides.absent(g, s):
        raise IllegalChoice("", f"seat {s} {sides.why_absent(g, s)}: the "
                                "captain names a player in the room")
    if s not in _candidates(g):
        raise IllegalChoice("", f"seat {s} is no farmer: the farmers' captain names a "
                                "surviving farmer")
    return g._with(captain=s).tell(None, "successor", "successor", seat=s, by=stop.among[0])


def _successor_options(g: Game, stop: Stop) -> list:
    return [Seat(s) for s in g.living() if s in _candidates(g)]


SUCCESSOR = Step("successor", ("day",), 0, ON_DEMAND, Kind.SEAT, record="successors",
                 options=_successor_options, act=_name_successor)


# ---- the night's deaths, at dawn ----------------------------------------------------------------

def night_kills(g: Game) -> dict[int, str]:
    """Who tonight's choices so far kill, and by which cause (each seat its first cause): the
    werewolves' victim unless healed, infected or able to take one more bite; then the big
    bad wolf's, the white werewolf's and the poisoned player (:data:`NIGHT_CAUSES`); a
    blessed player escapes them all."""
    return {s: c for s, c in _attacks(g).items() if not spared(g, s)}


def attacks(g: Game) -> dict[int, tuple[str, ...]]:
    """Every attack of tonight's choices so far, by seat, in :data:`NIGHT_CAUSES`' order: the
    werewolves' victim when the bite would kill (not infected, not one more bite to take),
    then the others. Neither the heal, Dr Jekyll's rescue nor the blessing is taken off."""
    t = g.tonight
    causes: dict[int, list[str]] = {}
    for victim in pack_bites(g):
        ch = cast.CHARACTER[g.cards[victim]]
        if ch.repels:
            pack = t.get("pack", ())
            if len(pack) == 1 and g.alive(pack[0]):  # "un seul loup, celui-ci est éliminé"
                causes[pack[0]] = ["wendigo"]
        elif ch.bite_turns is not None and ch.bite_turns(g, victim):
            pass  # the Chien-Garou bitten by his master's pack joins it
        elif _bite_kills(g, victim):
            causes[victim] = ["werewolves"]
    for key, cause in NIGHT_CAUSES[1:]:
        s = t.get(key)
        if s is not None and g.alive(s) and cause not in cast.CHARACTER[g.cards[s]].resists \
                and not states.out_of_reach(g, s, cause):
            causes.setdefault(s, []).append(cause)
    for s in t.get(FEAST, ()):  # the Québec lone wolf, the pack gone, devours the infected
        if g.alive(s):
            causes.setdefault(s, []).append("lone_wolf")
    return {s: tuple(cs) for s, cs in causes.items()}


def pack_bites(g: Game) -> tuple[int, ...]:
    """The players the pack bites tonight: its victim (unless infected instead), then the
    second victim of a night the Québec Robineux, a wolf, slept off (:data:`PACK_AGAIN`)."""
    t = g.tonight
    out = []
    victim = t.get("victim")
    if victim is not None and not t.get("infected"):
        out.append(victim)
    again = t.get(PACK_AGAIN)
    if again is not None and again != victim and g.alive(again):
        out.append(again)
    return tuple(out)


def _bite_kills(g: Game, victim: int) -> bool:
    """The pack's bite would kill its victim: he is at home and unprotected (the Québec
    booklet's *Absent*, *Protégé*), and has no more bites to take nor a card it turns."""
    if states.out_of_reach(g, victim, "werewolves"):
        return False
    ch = cast.CHARACTER[g.cards[victim]]
    return ch.bitten_becomes is None and _bites(g).get(victim, 0) + 1 >= ch.bites


def _attacks(g: Game) -> dict[int, str]:
    """As :func:`night_kills`, before the blessed player's escape."""
    return _weighed(g)[0]


def _weighed(g: Game) -> tuple[dict[int, str], frozenset[int]]:
    """Each attacked seat with the first cause that still kills it once the witch's heal
    (the causes she is shown), Dr Jekyll's rescue (the attacks made before his call) and a
    *fait fort* player's one escape (the first attack left) are taken off; and the seats whose
    *fait fort* is spent. A pack that devours a player who sickens it loses its lone wolf."""
    healed = g.tonight.get("healed")
    kills: dict[int, str] = {}
    strong_spent: set[int] = set()
    for s, cs in attacks(g).items():
        left = [c for c in cs if not (s == healed and c in SHOWN_TO_WITCH)
                and c not in _rescued(g, s)]
        if left and states.shrugs_off(g, s, left[0]):
            strong_spent.add(s)
            left = left[1:]
        if left:
            kills[s] = left[0]
    victim = g.tonight.get("victim")
    if victim is not None and kills.get(victim) == "werewolves" and states.sickens(g, victim):
        wolves = [s for s in g.living() if s not in kills and sides.wolfish(g, s)
                  and not states.infected(g, s)]
        if len(wolves) == 1:  # "S'il ne restait qu'un seul loup en jeu, celui-ci meurt."
            if states.shrugs_off(g, wolves[0], "sickness"):
                strong_spent.add(wolves[0])
            else:
                kills[wolves[0]] = "sickness"
    return kills, frozenset(strong_spent)


def _rescued(g: Game, seat: int) -> tuple[str, ...]:
    """The causes Dr Jekyll saved ``seat`` from tonight."""
    saved, escaped = g.tonight.get(JEKYLL_SAVES) or (None, ())
    return escaped if saved == seat else ()


def _bites(g: Game) -> dict[int, int]:
    return dict(g.memo.get("bites", ()))


def resolve_night(g: Game) -> Game:
    """At daybreak: who the night killed (:func:`night_kills`); a victim who takes one more
    bite (the elder's first) is marked, a bitten woodsman's card becomes a werewolf's. Every death of the night (the rusty sword's too, which
    struck at dusk) is announced, in seat order."""
    t = g.tonight
    weighed, strong_spent = _weighed(g)
    kills = night_kills(g)
    for s in set(weighed) - set(kills):
        g = spare(g, s, public=False)
    for s in sorted(strong_spent):
        g = states.spend_strong(g, s)
    bitten = pack_bites(g)
    for victim in bitten:
        g = _bitten(g, victim, strong_spent)
    for s in sorted(kills):
        g = die(g, s, kills[s])
    if any(kills.get(v) == "werewolves" and states.sickens(g, v) for v in bitten):
        g = states.sicken(g)
    dawn = tuple(sorted(set(kills) | set(t.get("dusk_dead", ()))))
    if not g.today.get(WITHHOLDING):  # with the dead of the night before, if its day was not
        held = g.memo.get(WITHHELD, ())
        if held:
            g = g._with(memo=g.memo.put(WITHHELD, ()))
        dawn = tuple(sorted(set(dawn) | set(held)))
    for s in dawn:
        g = announce(g, s)
    g = g._with(today=g.today.put("dawn", dawn))
    if g.today.get(WITHHOLDING):
        return g  # no morning: the characters' morning comes at the next dawn
    for ch in cast.CAST:
        if ch.at_dawn:
            g = ch.at_dawn(g)
    return g


def _bitten(g: Game, victim: int, strong_spent: frozenset[int]) -> Game:
    """A bite of the pack that did not kill: repelled, or survived (one more bite to take, a
    card it turns, the Chien-Garou's master's pack)."""
    t = g.tonight
    if cast.CHARACTER[g.cards[victim]].repels:
        # the Wendigo: both camps are told the attack was repelled ("Les deux camps sont mis
        # au courant de la situation"), not who repelled it
        return g.tell(None, "werewolves", "repelled")
    if "werewolves" in attacks(g).get(victim, ()) or victim in strong_spent \
            or states.out_of_reach(g, victim, "werewolves") or t.get("healed") == victim \
            or "werewolves" in _rescued(g, victim):
        return g
    ch = cast.CHARACTER[g.cards[victim]]
    became = ch.bitten_becomes
    if ch.bite_turns is not None and ch.bite_turns(g, victim):
        return ch.on_bite_turns(g, victim)
    if became is not None:  # the woodsman: his card is a werewolf's from now on
        cards = list(g.cards)
        cards[victim] = became
        return g._with(cards=tuple(cards)).tell((victim,), "werewolves", "bitten_becomes",
                                                seat=victim, role=became)
    bites = _bites(g)
    bites[victim] = bites.get(victim, 0) + 1
    g = g._with(memo=g.memo.put("bites", tuple(sorted(bites.items()))))
    return g.tell((), "werewolves", "bite_survived", seat=victim)


def withhold_night(g: Game) -> Game:
    """The end of a night whose day does not happen (seed 000's Astrologue's Éclipse de
    soleil: "Le Meneur de Jeu révélera les personnages tués pendant les deux nuits seulement au
    réveil de la deuxième nuit"): its deaths take effect now, so that its dead are called no
    more, and are announced at the next dawn, with that night's, where their chains run (each
    :class:`Death` says that dawn). That night has no morning of its own: the characters'
    morning (``at_dawn``) is the next dawn's."""
    g = resolve_night(g._with(today=Memo(((WITHHOLDING, True),))))
    return g._with(today=Memo())
