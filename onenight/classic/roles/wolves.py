"""The werewolves (Best Of, pp. 7-8): the werewolf, the accursed wolf-father, the big bad
wolf. Their shared step is the werewolves' (every werewolf-side player wakes for it)."""

from __future__ import annotations

from onenight.common.errors import IllegalChoice

from .. import cast, sides, states, village
from ..model import Choice, Game, Kind, Seat, Stop, Yes
from ..order import order
from ..table import EVERY_NIGHT, Character, Step
from . import common, villagers
from .common import BASE_GAME, BEST_OF


# ---- the werewolves' step -----------------------------------------------------------------------

def _brief_pack(g: Game, stop: Stop) -> Game:
    pack = stop.woken
    g = common.tonight(g, "pack", pack).tell(pack, "werewolves", "pack", seats=pack)
    for s in pack:  # an infected player's first night with the pack
        if states.pack_from(g, s) == g.phase.number:
            g = g.tell((s,), "werewolves", "infected", seat=s)
    if states.pack_sick(g):  # the Québec booklet's sickness: no attack tonight
        g = g.tell(pack, "werewolves", "pack_sick")
    if g.tonight.get(FORETOLD) is not None:
        g = g.tell(pack, "werewolves", "foretold", seat=foretold(g))
    return g


FORETOLD = "foretold"  # tonight: the diviner's seat the werewolves must take


def foretold(g: Game) -> int | None:
    """The victim the diviner foretold tonight, when the pack can take it: any living player,
    one of theirs too, but not the last werewolf ("il n'y a aucun mort cette nuit-là")."""
    s = g.tonight.get(FORETOLD)
    if s is None or not g.alive(s):
        return None
    if sides.wolfish(g, s) and not any(sides.wolfish(g, o) for o in g.living() if o != s):
        return None
    return s


def _victims(g: Game, stop: Stop) -> list:
    if states.pack_sick(g):
        return []
    if g.tonight.get(FORETOLD) is not None:
        s = foretold(g)
        return [] if s is None else [Seat(s)]
    return [Seat(s) for s in g.living() if not sides.wolfish(g, s)
            and not village.innkeeper_immune(g, s)]


def _devour(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g  # no agreement: nobody
    s = common.living_target(g, c, "victim", "werewolves")
    if states.pack_sick(g):
        raise IllegalChoice("victim", "the pack is sick tonight (it ate the serum or the "
                                      "ragpicker): it attacks nobody")
    if g.tonight.get(FORETOLD) is not None:
        if s != foretold(g):
            raise IllegalChoice("victim", "the diviner foretold tonight's victim: the werewolves "
                                          "must take that player" if foretold(g) is not None
                                else "the diviner foretold the last werewolf: nobody dies")
        return common.tonight(g, "victim", s)
    if sides.wolfish(g, s):
        raise IllegalChoice("victim", f"seat {s} is on the werewolves' side: the werewolves "
                                      "choose a victim who is not one of theirs")
    if village.innkeeper_immune(g, s):
        raise IllegalChoice("victim", f"seat {s} is the innkeeper: the werewolves do not devour "
                                      "him while he keeps his token")
    return common.tonight(g, "victim", s)


WEREWOLVES = Step("werewolves", ("night",), order("werewolves"), EVERY_NIGHT, Kind.SEAT, role="werewolf",
                  key="victim", called=lambda g: bool(sides.pack(g)), wakes=sides.pack,
                  brief=_brief_pack, options=_victims, act=_devour,
                  required=lambda g: foretold(g) is not None and not states.pack_sick(g))

WEREWOLF = Character("werewolf", "Loup-Garou", "Werewolf", "werewolves", "werewolves",
                     ((BEST_OF, 3), (BASE_GAME, 6)), per_game=0, steps=(WEREWOLVES,))


# ---- the accursed wolf-father -----------------------------------------------------------------

USED = "accursed_wolf_father.used"


def reached_victim(g: Game) -> int | None:
    """Tonight's victim when the pack reached him (not protected, not away from home)."""
    victim = g.tonight.get("victim")
    if victim is None or states.out_of_reach(g, victim, "werewolves"):
        return None
    return victim


def _infect_options(g: Game, stop: Stop) -> list:
    return [Yes()] if reached_victim(g) is not None else []


def _infect(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    if not isinstance(c, Yes):
        raise IllegalChoice("infect", "expected true (infect tonight's victim) or nothing")
    if g.tonight.get("victim") is None:
        raise IllegalChoice("infect", "the werewolves chose no victim tonight: nobody to infect")
    victim = reached_victim(g)
    if victim is None:
        raise IllegalChoice("infect", "tonight's victim was out of the pack's reach (protected, "
                                      "or away from home): nobody to infect")
    g = common.remember(g, USED, True)
    if not cast.CHARACTER[g.cards[victim]].infectable:  # the elder: the bite counts, the power is spent
        return g.tell((), "accursed_wolf_father", "infection_failed", seat=victim)
    g = g._with(infected=victim, infected_night=g.phase.number)
    return common.tonight(g, "infected", True).tell((), "accursed_wolf_father", "infected",
                                                    seat=victim)


ACCURSED_WOLF_FATHER = Character(
    "accursed_wolf_father", "Infect Père des Loups", "Accursed Wolf-Father", "werewolves",
    "werewolves", ((BEST_OF, 1),),
    steps=(Step("accursed_wolf_father", ("night",), order("accursed_wolf_father"), EVERY_NIGHT, Kind.YES,
                role="accursed_wolf_father", key="infect", spent=lambda g: g.memo.get(USED, False),
                options=_infect_options, act=_infect),))


# ---- the big bad wolf ---------------------------------------------------------------------------

def _no_second_meal(g: Game) -> bool:
    """"Tant qu'aucun autre Loup-Garou n'est éliminé"; and not on a night the pyromaniac's fire
    chased the pack from its meal ("n'ont pas le temps de passer à table"), nor when the pack
    is sick (the Québec booklet's: it "n'attaquera personne")."""
    return sides.a_wolf_died(g) or villagers.fire_struck(g) or states.pack_sick(g)


def _second_victims(g: Game, stop: Stop) -> list:
    first = g.tonight.get("victim")
    return [Seat(s) for s in g.living() if not sides.wolfish(g, s) and s != first]


def _devour_again(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    s = common.living_target(g, c, "victim", "big bad wolf")
    if sides.wolfish(g, s):
        raise IllegalChoice("victim", f"seat {s} is on the werewolves' side: the big bad wolf "
                                      "cannot devour one of his own")
    if s == g.tonight.get("victim"):
        raise IllegalChoice("victim", f"seat {s} is already the werewolves' victim tonight: the "
                                      "big bad wolf takes a second one")
    return common.tonight(g, "big_bad_wolf", s)


BIG_BAD_WOLF = Character(
    "big_bad_wolf", "Grand Méchant Loup", "Big Bad Wolf", "werewolves", "werewolves",
    ((BEST_OF, 1),),
    steps=(Step("big_bad_wolf", ("night",), order("big_bad_wolf"), EVERY_NIGHT, Kind.SEAT, role="big_bad_wolf",
                key="victim", spent=_no_second_meal, options=_second_victims,
                act=_devour_again),))

CHARACTERS = (WEREWOLF, ACCURSED_WOLF_FATHER, BIG_BAD_WOLF)
