"""Who wins, and when the game ends (RULES-CLASSIC.md §7): the rules in their order, each as
a code the app has a sentence for (``classic.verdict.<reason>``), with the seats it names."""

from __future__ import annotations

from . import camps, states
from .model import Game, Verdict
from .sides import DENOUNCED
from .sides import (ally_of, angel_won_by, contract_done, counted, enemies_left, lone_goal,
                    loses_dead, mixed_lovers, side, two_werewolves_shot, wolf, wolfish)

#: The rules of §7 in the order they are checked: (reason code, winning side).
RULES = (
    ("angel_first_round", "angel"),
    ("assassin_contract_done", "assassin"),
    ("cassandra_two_werewolves", "cassandra"),
    ("fanatic_denounced", "fanatic"),
    ("nobody_alive", "nobody"),
    ("all_charmed", "pied_piper"),
    ("lovers_alone", "lovers"),
    ("white_werewolf_alone", "white_werewolf"),
    # the Québec booklet's legendary enemies who take the village's win (:mod:`.camps`)
    *camps.RULES,
    ("no_werewolf_left", "village"),
    ("only_werewolves_left", "werewolves"),
)


def check(g: Game) -> Verdict | None:
    """The verdict if the game is over now, else None."""
    living = g.living()
    label = g.phase.label

    hated = set(enemies_left(g))

    def won(reason: str, winners, seats=()) -> Verdict:
        winners = tuple(s for s in states.couple_wins(g, winners)
                        if s not in hated and not loses_dead(g, s))
        return Verdict(dict(RULES)[reason], reason, winners, tuple(seats), label)

    for d in g.deaths:
        if angel_won_by(d) and not (g.lovers and d.seat in g.lovers):
            return won("angel_first_round", (d.seat,), (d.seat,))
    for s in range(g.players):
        if contract_done(g, s):
            return won("assassin_contract_done", (s,), (s,))
    for s in range(g.players):
        if two_werewolves_shot(g, s):
            return won("cassandra_two_werewolves", (s,), (s,))
    hero = g.memo.get(DENOUNCED)
    if hero is not None:  # his lover wins with him ("l'autre Amoureux est également déclaré
        # vainqueur lorsque le Fanatique meurt sur le bûcher en réussissant")
        return won("fanatic_denounced", (hero,) + tuple(
            s for s in g.lovers or () if hero in g.lovers and s != hero), (hero,))
    if not living:
        return won("nobody_alive", ())
    for s in living:
        if lone_goal(g, s) == "pied_piper" and all(o in g.charmed for o in living if o != s):
            return won("all_charmed", (s,), (s,))
    if g.lovers is not None and set(living) == set(g.lovers) and mixed_lovers(g):
        return won("lovers_alone", g.lovers, g.lovers)
    amants = states.amants(g)  # the Québec couple of two camps, the last two alive
    if amants is not None and set(living) == set(amants) \
            and wolfish(g, amants[0]) != wolfish(g, amants[1]):
        return won("lovers_alone", amants, amants)
    if len(living) == 1 and lone_goal(g, living[0]) == "white_werewolf":
        return won("white_werewolf_alone", living, living)
    everyone = range(g.players)
    own = camps.own_win(g)
    if own is not None:
        return won(own[0].reason, (own[1],), (own[1],))
    if not any(wolf(g, s) for s in living):
        legend = camps.takes_village_win(g)
        if legend is not None:
            return won(legend[0].reason, (legend[1],), (legend[1],))
        return won("no_werewolf_left", [s for s in everyone if side(g, s) == "village"])
    if all(wolfish(g, s) or ally_of(g, s) == "werewolves" or camps.aside(g, s)
           or not counted(g, s) for s in living) and not any(
            lone_goal(g, s) == "white_werewolf" for s in living) \
            and not camps.werewolves_blocked(g):
        return won("only_werewolves_left", [s for s in everyone if side(g, s) == "werewolves"])
    return None


def settle(g: Game) -> Game:
    """The game, ended if a rule of §7 holds (checked after the dawn, and after the vote)."""
    v = check(g)
    if v is None:
        return g
    hated = enemies_left(g)
    if hated:  # the evil spirit's enemies, both alive at the end: both are eliminated
        g = g.tell(None, "end", "enemies_eliminated", seats=hated)
    return g._with(verdict=v, stop=None).tell(None, "end", "end", value=v.reason,
                                              seats=v.winners)
