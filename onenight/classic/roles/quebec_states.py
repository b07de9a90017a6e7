"""The Québec booklet's characters (seed 002) built on its states (:mod:`..states`): each is
one entry, with its rules from the booklet; its Québec categories are
:mod:`..categories`'. Cards of that booklet are the ``quebec`` box's (one of each, printed by
the table). docs/characters.md lists the booklet's other characters, and why each waits."""

from __future__ import annotations

from onenight.common.errors import IllegalChoice

from .. import cast, sides, states
from ..model import Choice, Game, Kind, Roll, Seat, Stop, Yes
from ..order import order
from ..table import EVERY_NIGHT, FROM_NIGHT_2, FROM_NIGHT_3, Step
from . import common, wolves
from .common import actor
from .quebec import quebec_card


#: "Au début de la partie, reçoit le statut fait fort": a villager who survives one attack.
BRAGGART = quebec_card("braggart", "Fier-à-Bras", "Braggart", starts=("strong",))
#: "L'Infecté Chronique commence la partie en étant déjà infecté": a villager's card on the
#: lupins' side from the start, who wakes with the pack from the first night. He is no wolf
#: (the booklet's *Loup*): infected, not a werewolf.
CHRONIC_INFECTED = quebec_card("chronic_infected", "Infecté Chronique", "Chronic Infected",
                           "werewolves", "werewolves", starts=("infected",))
#: "peut entrouvrir discrètement les yeux durant la phase où la meute s'éveille" (his eyes':
#: nothing to decide); "Si choisi comme victime, ne bénéficie d'aucune échappatoire (absent,
#: fait fort, protégé, etc.) et mourra" (:data:`..states.NO_ESCAPE`).
EAVESDROPPER = quebec_card("eavesdropper", "Écornifleux", "Eavesdropper")



# ---- the loup gris: his strength spent to infect the pack's victim ------------------------------

LONG_TOOTH = "grey_wolf.used"


def _long_tooth_target(g: Game, me: int) -> int | None:
    """The victim Dent Longue may infect tonight: the pack reached one, nobody infected him
    already, and the grey wolf is still strong and has not used it."""
    victim = wolves.reached_victim(g)
    if victim is None or g.tonight.get("infected") or g.memo.get(LONG_TOOTH, False):
        return None
    return victim if states.strong(g, me) else None


def _long_tooth(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    if not isinstance(c, Yes):
        raise IllegalChoice("infect", "expected true (infect tonight's victim) or nothing")
    victim = _long_tooth_target(g, actor(stop))
    if victim is None:
        raise IllegalChoice("infect", "the grey wolf infects the victim the pack reached "
                                      "tonight, once, by spending his strength: not now")
    g = common.remember(states.spend_strong(g, actor(stop)), LONG_TOOTH, True)
    if not cast.CHARACTER[g.cards[victim]].infectable:  # the elder: the bite counts
        return g.tell((), "grey_wolf", "infection_failed", seat=victim)
    g = states.infect(g, victim, g.phase.number + 1)
    return common.tonight(g, "infected", True).tell((), "grey_wolf", "infected", seat=victim)


#: "Est un loup pour la plupart des points de règles": a werewolf of the pack. His Couenne
#: Épaisse has no rules in the seed; his Dent Longue spends "son statut fait fort", so he
#: starts strong (docs/rules-decisions-classic.md).
GREY_WOLF = quebec_card(
    "grey_wolf", "Loup Gris", "Grey Wolf", "werewolves", "werewolves", starts=("strong",),
    steps=(Step("grey_wolf", ("night",), order("grey_wolf"), EVERY_NIGHT, Kind.YES,
                role="grey_wolf", key="infect",
                spent=lambda g: g.memo.get(LONG_TOOTH, False)
                or not any(states.strong(g, s) for s in g.holders("grey_wolf")),
                options=lambda g, stop: [Yes()] if _long_tooth_target(g, actor(stop)) is not None
                else [], act=_long_tooth),))



# ---- the guenilloux: a curse on the village that votes him out, a sickness on the pack ---------

CURSE = "ragpicker.curse"  # memo: the night the lot infects a villager (after his vote)


def _cursed(g: Game, seat: int) -> Game:
    """As he dies: voted out, the village is punished at the next dusk."""
    d = g.death_of(seat)
    if g.cards[seat] != "ragpicker" or d is None or d.cause != "vote":
        return g
    return common.remember(g, CURSE, g.phase.number + 1)


def _infect_drawn(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    if not isinstance(c, Seat) or c not in common.villagers_but_the_seer(g):
        raise IllegalChoice("draw", "the lot draws a living villager's card, not the seer's")
    return states.infect(g, c.seat, g.phase.number).tell((), "ragpicker_curse", "cursed",
                                                          seat=c.seat)


#: "Doit absolument demeurer en jeu jusqu'à la fin pour pouvoir gagner" (:func:`..sides.
#: wins_dead`); "Si éliminé suite à un vote, les villageois sont punis et l'un d'entre eux se
#: fait infecter": the lot draws him at the next dusk, and he wakes with the pack that night;
#: "Si dévoré par les loups, la meute va tomber malade" (:mod:`..states`, the serum).
RAGPICKER = quebec_card(
    "ragpicker", "Guenilloux", "Ragpicker", starts=("serum",), on_death=_cursed,
    steps=(Step("ragpicker_curse", ("night",), order("werewolves") - 5, EVERY_NIGHT, Kind.SEAT,
                role="ragpicker", key="draw", wakes=lambda g: (),
                called=lambda g: g.memo.get(CURSE) == g.phase.number,
                options=lambda g, stop: common.villagers_but_the_seer(g), act=_infect_drawn,
                required=lambda g: bool(common.villagers_but_the_seer(g)), chance=True),))



# ---- the fille de chamane: the wolf's paw over a home -------------------------------------------

PAW = "shamans_daughter.last"  # memo: (the seat she protected, the night)
#: memo: (the second home, the night) of a night her Patte was doubled (the Québec Robineux
#: who slept it off as her: :mod:`.robineux`).
PAW_AGAIN = "shamans_daughter.again"


def paw_options(g: Game, stop: Stop | None = None) -> list:
    """Any living player, herself too, but not one she protected last night ("Ne peut
    être utilisé deux nuits de suite sur la même personne")."""
    barred = {last[0] for last in (g.memo.get(PAW), g.memo.get(PAW_AGAIN))
              if last is not None and last[1] == g.phase.number - 1}
    return [Seat(s) for s in g.living() if s not in barred]


def _paw(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    s = common.offered_target(g, c, paw_options(g, stop), "protect", "shaman's daughter",
                              "seat {seat} was protected last night: the shaman's daughter "
                              "protects another player tonight")
    return states.protect(common.remember(g, PAW, (s, g.phase.number)), s)


#: "obtient en secret 2 pouvoirs spéciaux parmi 4 possibles. (La Patte, plus un autre.)":
#: her Patte de Loup only (docs/rules-decisions-classic.md: the second power is left out).
SHAMANS_DAUGHTER = quebec_card(
    "shamans_daughter", "Fille de Chamane", "Shaman's Daughter",
    steps=(Step("shamans_daughter", ("night",), order("shamans_daughter"), EVERY_NIGHT,
                Kind.SEAT, role="shamans_daughter", key="protect", options=paw_options,
                act=_paw),))



# ---- the écureuil-garou: a legendary enemy who wins the village's win --------------------------

NAMED = "were_squirrel.named"  # memo: the players he has named, in order
#: ``tonight``: the were-squirrel who named a wolf, eliminated at dawn.
SQUIRREL_FAULT = "were_squirrel"
#: The die's lowest face that keeps him away from home, by night ("on a 50% d'être absent. Ce
#: pourcentage augmente chaque nuit"): 4 on the second (3 faces in 6), one face more each
#: night after, never every face.
LUCK_FROM = {2: 4, 3: 3}
LUCK_AT_LAST = 2


def lucky_face(night: int) -> int:
    return LUCK_FROM.get(night, LUCK_AT_LAST)


def _squirrel_options(g: Game, stop: Stop) -> list:
    return common.not_yet_named(g, stop, NAMED)


def _name(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    g, s = common.name_once(g, c, stop, "choose", "were-squirrel",
                            "the were-squirrel names another player", NAMED,
                            "was named already: the were-squirrel names each player once")
    return common.tonight(g, SQUIRREL_FAULT, actor(stop)) if sides.wolfish(g, s) else g


def _hunted(g: Game) -> bool:
    """The pack named him tonight: the die says whether he was home."""
    return g.tonight.get("victim") in g.holders("were_squirrel")


def _luck(g: Game, stop: Stop, c: Choice | None) -> Game:
    if not isinstance(c, Roll) or not 1 <= c.value <= 6:
        raise IllegalChoice("roll", "the die shows 1 to 6")
    me = g.tonight.get("victim")
    g = g.tell((), "were_squirrel_luck", "rolled", seat=me, value=c.value)
    return states.send_away(g, me) if c.value >= lucky_face(g.phase.number) else g


#: "Tente de remporter la partie, seul. Si encore en jeu alors que les conditions de victoires
#: des villageois sont remplies, ils perdent et on gagne" (:mod:`..win`); "Vu comme un
#: Habitant par la Voyante" (``seen_as``).
WERE_SQUIRREL = quebec_card(
    "were_squirrel", "Écureuil-Garou", "Were-Squirrel", "loners", goal="were_squirrel",
    seen_as="villager",
    steps=(Step("were_squirrel_luck", ("night",), order("werewolves") + 7, FROM_NIGHT_2,
                Kind.DIE, role="were_squirrel", key="roll", wakes=lambda g: (),
                called=lambda g: _hunted(g),
                options=lambda g, stop: [Roll(v) for v in range(1, 7)], act=_luck,
                required=lambda g: True, chance=True),
           Step("were_squirrel", ("night",), order("were_squirrel"), FROM_NIGHT_3, Kind.SEAT,
                role="were_squirrel", key="choose", options=_squirrel_options, act=_name,
                required=lambda g: len(g.living()) > 1 + len(g.memo.get(NAMED, ()))),))

CHARACTERS = (BRAGGART, CHRONIC_INFECTED, EAVESDROPPER, GREY_WOLF, RAGPICKER, SHAMANS_DAUGHTER,
              WERE_SQUIRREL)
