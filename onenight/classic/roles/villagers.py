"""The villagers (Best Of, pp. 9-16, and the base game's thief): the villager, cupid, the
seer, the two sisters, the little girl, the fox, the knight with the rusty sword, the elder,
the witch, the bear tamer, the hunter and the thief."""

from __future__ import annotations

import itertools

from onenight.common.errors import IllegalChoice
from onenight.common.values import left_of, right_of, seat_number

from .. import cast, deaths, sides, states, village
from ..model import Choice, Game, Kind, Potions, Seat, Seats, Stop, Take
from ..order import order
from ..table import EVERY_NIGHT, FIRST_NIGHT, MORNINGS, ON_DEMAND, Character, Step, When, ask
from . import common, quebec
from .common import BASE_GAME, BEST_OF, actor

#: In a Québec game of 13 players or more, the plain villager is that booklet's Habitant and
#: receives a ragot at the head of the first night (:data:`.quebec.HABITANT_RAGOTS`).
VILLAGER = Character("villager", "Simple Villageois", "Villager", "villagers", "village",
                     ((BEST_OF, 7), (BASE_GAME, 14)), per_game=0,
                     steps=(quebec.HABITANT_RAGOTS,))


# ---- the thief (base game): first night, the two cards left over ----------------------------

def _both_werewolf_cards(g: Game) -> bool:
    return len(g.leftover) == 2 and all(cast.CHARACTER[c].camp == "werewolves"
                                        for c in g.leftover)


def _show_cards(g: Game, stop: Stop) -> Game:
    return g.tell(stop.woken, "thief", "cards", value=list(g.leftover))


def _take(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g  # he keeps his card
    if not isinstance(c, Take) or isinstance(c.card, bool) or c.card not in (0, 1):
        raise IllegalChoice("take", "the thief takes card 0 or card 1 of the two left over")
    me, new = actor(stop), g.leftover[c.card]
    cards, left = list(g.cards), list(g.leftover)
    cards[me], left[c.card] = new, g.cards[me]
    return g._with(cards=tuple(cards), leftover=tuple(left)).tell((me,), "thief", "took",
                                                                  role=new)


THIEF = Character(
    "thief", "Voleur", "Thief", "villagers", "village", ((BASE_GAME, 1),),
    steps=(Step("thief", ("night",), order("thief"), FIRST_NIGHT, Kind.CARD, role="thief", key="take",
                # called for show when his card is one of the two left over, so that the table
                # does not learn it is out of the game
                called=lambda g: g.holder("thief") is not None or "thief" in g.leftover,
                spent=lambda g: g.holder("thief") is None, brief=_show_cards,
                options=lambda g, stop: [Take(0), Take(1)] if len(g.leftover) == 2 else [],
                act=_take, required=_both_werewolf_cards),))


# ---- cupid and the lovers -------------------------------------------------------------------

def _arrows(g: Game, stop: Stop) -> list:
    return [Seats(p) for p in itertools.combinations(g.living(), 2)]


def _shoot_arrows(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    lovers = common.living_targets(g, c, "lovers", "cupid", 2)
    return g._with(lovers=tuple(sorted(lovers)))


def _lovers_meet(g: Game, stop: Stop) -> Game:
    a, b = g.lovers
    return g.tell((a,), "lovers", "lover", seat=b).tell((b,), "lovers", "lover", seat=a)


CUPID = Character(
    "cupid", "Cupidon", "Cupid", "villagers", "village", ((BEST_OF, 1), (BASE_GAME, 1)),
    steps=(Step("cupid", ("night",), order("cupid"), FIRST_NIGHT, Kind.SEATS, role="cupid", key="lovers",
                # his arrows once shot are spent (the Québec Flanc-Mou who took his card)
                spent=lambda g: g.lovers is not None,
                options=_arrows, act=_shoot_arrows, required=lambda g: len(g.living()) >= 2),
           Step("lovers", ("night",), order("lovers"), FIRST_NIGHT, Kind.NONE, role="cupid",
                wakes=lambda g: tuple(s for s in g.lovers or () if g.alive(s)),
                spent=lambda g: g.lovers is None, brief=_lovers_meet)))


# ---- the two sisters ------------------------------------------------------------------------

def _sisters_night(g: Game) -> bool:
    n = g.phase.number
    return g.phase.is_night and (n == 1 or (g.options.sisters_wake_again and n % 2 == 0))


def _sisters_meet(g: Game, stop: Stop) -> Game:
    sisters = tuple(s for s, c in enumerate(g.cards) if c == "sister")
    return g.tell(stop.woken, "sisters", "sisters", seats=sisters)


SISTER = Character(
    "sister", "Sœur", "Sister", "villagers", "village", ((BEST_OF, 2),), per_game=2, pair=True,
    steps=(Step("sisters", ("night",), order("sisters"), When("first_night_and_even_nights_if_asked",
                                                 _sisters_night), Kind.NONE, role="sister",
                brief=_sisters_meet),))


# ---- the seer -----------------------------------------------------------------------------------

def _look(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    s = common.another_target(g, c, stop, "view", "seer",
                              "the seer looks at another player's card")
    # told at the call that took it (the Québec Robineux's second look too)
    return g.tell((actor(stop),), stop.step, "saw", seat=s, role=states.seen_by_seer(g, s))


SEER = Character(
    "seer", "Voyante", "Seer", "villagers", "village", ((BEST_OF, 1), (BASE_GAME, 1)),
    steps=(Step("seer", ("night",), order("seer"), EVERY_NIGHT, Kind.SEAT, role="seer", key="view",
                options=lambda g, stop: common.others(g, actor(stop)), act=_look),))

LITTLE_GIRL = Character("little_girl", "Petite Fille", "Little Girl", "villagers", "village",
                        ((BEST_OF, 1), (BASE_GAME, 1)))


# ---- the fox ------------------------------------------------------------------------------------

FOX_LOST = "fox.lost"


def fox_group(g: Game, middle: int) -> tuple[int, ...]:
    """The middle player and the nearest living neighbour on each side."""
    living = g.living()
    around = {left_of(middle, g.players, living), right_of(middle, g.players, living)}
    return tuple(sorted({middle} | (around - {None})))


def _sniff(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    middle = common.living_target(g, c, "sniff", "fox")
    group = fox_group(g, middle)
    yes = any(sides.wolf(g, s) for s in group)
    g = g.tell((actor(stop),), "fox", "sniffed", seat=middle, seats=group, value=yes)
    return g if yes else common.remember(g, FOX_LOST, True)


FOX = Character(
    "fox", "Renard", "Fox", "villagers", "village", ((BEST_OF, 1),),
    steps=(Step("fox", ("night",), order("fox"), EVERY_NIGHT, Kind.SEAT, role="fox", key="sniff",
                spent=lambda g: g.memo.get(FOX_LOST, False),
                options=lambda g, stop: [Seat(s) for s in g.living()], act=_sniff),))


# ---- the knight with the rusty sword ------------------------------------------------------------

SICK = "rusty_sword_knight.sick"


def _rusty_sword(g: Game) -> Game:
    """At the dawn after the werewolves killed him: the first living werewolf to his left who
    woke with the pack that night catches the sickness."""
    for d in g.deaths:
        if (d.card == "rusty_sword_knight" and d.cause == "werewolves"
                and d.day == g.phase.number and d.moment == "dawn"
                and sides.has_power(g, d.seat)):
            pack = [s for s in g.tonight.get("pack", ()) if g.alive(s) and sides.wolfish(g, s)]
            sick = left_of(d.seat, g.players, pack)
            if sick is not None:
                return common.remember(g, SICK, sick).tell((), "rusty_sword_knight", "sick",
                                                           seat=sick)
    return g


def _sickness(g: Game) -> Game:
    """At the start of the next night, the sick werewolf dies (announced at the next dawn)."""
    sick = g.memo.get(SICK)
    if sick is None:
        return g
    g = common.remember(g, SICK, None)
    if not g.alive(sick):
        return g
    if deaths.spared(g, sick):  # blessed, then infected: the sickness is his first death
        return deaths.spare(g, sick, public=False)
    if states.shrugs_off(g, sick, "rusty_sword"):  # the Québec booklet's fait fort
        return states.spend_strong(g, sick)
    g = deaths.die(g, sick, "rusty_sword")
    return common.tonight(g, "dusk_dead", g.tonight.get("dusk_dead", ()) + (sick,))


RUSTY_SWORD_KNIGHT = Character(
    "rusty_sword_knight", "Chevalier à l'Épée Rouillée", "Knight with the Rusty Sword",
    "villagers", "village", ((BEST_OF, 1),), at_dawn=_rusty_sword, at_dusk=_sickness)

ELDER = Character("elder", "Ancien", "Elder", "villagers", "village", ((BEST_OF, 1),), bites=2,
                  infectable=False, takes_powers=frozenset({"vote", "witch", "hunter"}))


# ---- the witch ----------------------------------------------------------------------------------

HEAL_USED, POISON_USED = "witch.heal", "witch.poison"


def _potions_left(g: Game) -> tuple[bool, bool]:
    return not g.memo.get(HEAL_USED, False), not g.memo.get(POISON_USED, False)


def _show_victim(g: Game, stop: Stop) -> Game:
    """She is shown tonight's victim, or its victims in seat order when Cassandra or Mr Hyde
    struck too (which is whose is not said)."""
    heal, poison = _potions_left(g)
    victims = common.shown_victims(g)
    one = victims[0] if len(victims) == 1 else None
    return g.tell(stop.woken, "witch", "victim", seat=one,
                  seats=victims if len(victims) > 1 else (),
                  value={"heal": heal, "poison": poison})


def _potions(g: Game, stop: Stop) -> list:
    heal, poison = _potions_left(g)
    heals = (False,) + (common.heal_forms(common.shown_victims(g)) if heal else ())
    poisons = (None,) + (g.living() if poison else ())
    return [Potions(h, p) for h in heals for p in poisons if h is not False or p is not None]


def _healed(g: Game, heal: bool | int) -> int:
    """The seat the heal saves; :class:`IllegalChoice` on ``heal`` if it names none of the
    victims she is shown."""
    victims = common.shown_victims(g)
    if not victims:
        raise IllegalChoice("heal", "the werewolves chose no victim tonight: nobody to heal")
    listed = ", ".join(map(str, victims))
    if heal is True:
        if len(victims) > 1:
            raise IllegalChoice("heal", f"the witch is shown {len(victims)} victims (seats "
                                        f"{listed}): the heal names the one she saves")
        return victims[0]
    s = seat_number(heal, g.players, "heal", IllegalChoice)
    if s not in victims:
        raise IllegalChoice("heal", f"seat {s} is not among tonight's victims shown to the "
                                    f"witch (seats {listed})")
    return s


def _brew(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    if not isinstance(c, Potions) or not isinstance(c.heal, (bool, int)):
        raise IllegalChoice("", "the witch chooses a heal (true, or the seat of the victim she "
                                "saves) and a poison (a seat or null)")
    heal_left, poison_left = _potions_left(g)
    healed = None
    if c.heal is not False:
        if not heal_left:
            raise IllegalChoice("heal", "the healing potion is already used")
        healed = _healed(g, c.heal)
    if c.poison is not None:
        if not poison_left:
            raise IllegalChoice("poison", "the poison is already used")
        common.living_target(g, Seat(c.poison), "poison", "witch")
    if healed is not None:
        g = common.remember(common.tonight(g, "healed", healed), HEAL_USED, True)
    if c.poison is not None:
        g = common.remember(common.tonight(g, "poison", c.poison), POISON_USED, True)
    return g


WITCH = Character(
    "witch", "Sorcière", "Witch", "villagers", "village", ((BEST_OF, 1), (BASE_GAME, 1)),
    steps=(Step("witch", ("night",), order("witch"), EVERY_NIGHT, Kind.POTIONS, role="witch",
                spent=lambda g: _potions_left(g) == (False, False), brief=_show_victim,
                options=_potions, act=_brew),))


# ---- the bear tamer: the bear growls in the morning ---------------------------------------------

def _growl(g: Game, stop: Stop) -> Game:
    tamer = g.holder("bear_tamer")
    living = g.living()
    near = {left_of(tamer, g.players, living), right_of(tamer, g.players, living)} - {None}
    growl = sides.wolf(g, tamer) or any(sides.wolf(g, s) for s in near)
    return g.tell(None, "bear", "growl", value=growl)


BEAR_TAMER = Character(
    "bear_tamer", "Montreur d'Ours", "Bear Tamer", "villagers", "village", ((BEST_OF, 1),),
    steps=(Step("bear", ("day",), 20, MORNINGS, Kind.NONE, role="bear_tamer",
                wakes=lambda g: g.living(), deciders=lambda g, woken: (), brief=_growl),))


# ---- the hunter ---------------------------------------------------------------------------------

def _last_shot(g: Game, seat: int) -> Game:
    if not sides.has_power(g, seat) or not g.living():
        return g
    return ask(g, HUNTER_SHOT, (seat,), among=(seat,))


def _shoot(g: Game, stop: Stop, c: Choice | None) -> Game:
    s = common.living_target(g, c, "shoot", "hunter")
    hunter = stop.among[0]
    return deaths.kill(g.tell(None, "hunter", "shot", seat=s, by=hunter), s, "hunter", hunter)


HUNTER_SHOT = Step("hunter", ("day",), 0, ON_DEMAND, Kind.SEAT, role="hunter", key="shoot",
                   options=lambda g, stop: [Seat(s) for s in g.living()], act=_shoot)

HUNTER = Character("hunter", "Chasseur", "Hunter", "villagers", "village",
                   ((BEST_OF, 1), (BASE_GAME, 1)), steps=(HUNTER_SHOT,), last_act=_last_shot)

# ---- the raven (Le Village): a poster that puts two more votes on a player ---------------------

def _posters(g: Game, stop: Stop) -> list:
    return [Seat(s) for s in g.living() if not homeless(g, s)]


def _post(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    s = common.living_target(g, c, "mark", "raven")
    if homeless(g, s):
        raise IllegalChoice("mark", f"seat {s} has no home (a Vagabond): the raven cannot "
                                    "post on a vagabond")
    return common.tonight(g, "marked", s)


def _poster_seen(g: Game) -> Game:
    """At dawn the village sees the poster on the player's house ("le meneur dépose le
    marqueur"): the player, not who put it there."""
    s = g.tonight.get("marked")
    if s is None or not g.alive(s):
        return g
    return g._with(today=g.today.put("marked", s)).tell(None, "raven", "marked", seat=s)


RAVEN = Character(
    "raven", "Corbeau", "Raven", "villagers", "village", ((BASE_GAME, 1),), booklet="001",
    at_dawn=_poster_seen,
    steps=(Step("raven", ("night",), order("raven"), EVERY_NIGHT, Kind.SEAT, role="raven",
                key="mark", options=_posters, act=_post),))


# ---- the pyromaniac (Le Village): once a game, a home set on fire ------------------------------
# Without the buildings, every player lives in a home of his own: the raven posts on "le logis
# du joueur désigné", and the pyromaniac burns a player's home.

BURNED = "pyromaniac.burned"  # the seat whose home burned: a vagabond from then on
FIRE = "fire"  # tonight: the werewolf the fire kills


def homeless(g: Game, seat: int) -> bool:
    """The seat's home burned: he is a vagabond ("il devient un Vagabond"), whom the raven
    cannot mark; with the buildings (Le Village), every Vagabond, whom neither the raven nor
    the pyromaniac may name."""
    if village.played(g):  # housed again by the bailiff, he is no Vagabond any more
        return village.vagabond(g, seat)
    return g.memo.get(BURNED) == seat


def _set_fire(g: Game, stop: Stop, c: Choice | None) -> Game:
    """The home burns at the next dawn. If it is the werewolves' victim's, the first werewolf
    of tonight's pack to the victim's right dies in the fire, and nobody is eaten."""
    if c is None:
        return g
    s = common.living_target(g, c, "burn", "pyromaniac")
    if village.vagabond(g, s):
        raise IllegalChoice("burn", f"seat {s} is a Vagabond: he has no building to burn")
    g = common.tonight(common.remember(g, BURNED, s), "burned", s)
    if g.tonight.get("victim") != s:
        return g
    pack = [w for w in g.tonight.get("pack", ()) if w != s and g.alive(w)
            and sides.wolfish(g, w)]
    burnt = right_of(s, g.players, pack)
    g = common.tonight(common.tonight(g, "victim", None), "fire_victim", s)
    if burnt is None:
        return g
    return common.tonight(g, FIRE, burnt).tell((), "pyromaniac", "fire_caught", seat=burnt,
                                                value=s)


def _fire_seen(g: Game) -> Game:
    """At dawn every villager sees the home that burned ("tous les habitants ont constaté le
    sinistre")."""
    s = g.tonight.get("burned")
    if s is None:
        return g
    if village.played(g):  # the building is taken off the table for good
        g = village.burn(g, s)
    return g.tell(None, "pyromaniac", "burned", seat=s)


def fire_struck(g: Game) -> bool:
    """Tonight's fire was in the werewolves' victim's home: the surviving werewolves flee
    ("n'ont pas le temps de passer à table")."""
    return g.tonight.get("fire_victim") is not None


PYROMANIAC = Character(
    "pyromaniac", "Pyromane", "Pyromaniac", "villagers", "village", ((BASE_GAME, 1),),
    booklet="001", at_dawn=_fire_seen,
    steps=(Step("pyromaniac", ("night",), order("pyromaniac"), EVERY_NIGHT, Kind.SEAT,
                role="pyromaniac", key="burn", spent=lambda g: g.memo.get(BURNED) is not None,
                options=lambda g, stop: [Seat(s) for s in g.living()
                                         if not village.vagabond(g, s)], act=_set_fire),))

CHARACTERS = (VILLAGER, CUPID, SEER, SISTER, LITTLE_GIRL, FOX, RUSTY_SWORD_KNIGHT, ELDER, WITCH,
              BEAR_TAMER, HUNTER, THIEF, RAVEN, PYROMANIAC)
