"""The Québec booklet's characters (seed 002) that the engine plays: each is one entry, with
its rules from the booklet and its categories (:data:`..categories.QUEBEC`); the camps' wins
are :mod:`..camps`'. docs/characters.md lists the rest of that booklet, and why each waits."""

from __future__ import annotations

import itertools

from onenight.common.errors import IllegalChoice

from .. import cast, deaths, sides, states
from ..model import Choice, Game, Kind, Phase, Seat, Seats, Stop
from ..order import order
from ..table import (ENTRY, EVEN_NIGHTS, EVERY_NIGHT, FIRST_NIGHT, FLANC_MOU_ENTERS, FROM_NIGHT_2,
                     THIRD_NIGHT, Character, Step)
from . import common, ragots
from .common import actor
from .ragots import HABITANT

#: The Québec booklet's cards: one of each (the Survenant: several), printed by the table.
QUEBEC = "quebec"
_ONE = ((QUEBEC, 1),)


def quebec_card(id: str, fr: str, en: str, family: str = "villagers", camp: str = "village",
                **kw) -> Character:
    """A card of the Québec booklet's box (one of each), of its booklet (seed 002)."""
    return Character(id, fr, en, family, camp, _ONE, booklet="002", **kw)


# ---- the Wendigo: a legendary enemy the pack cannot kill ----------------------------------------

#: "Tente de remporter la partie, seul": alive when the village's conditions hold, he wins
#: alone, and the werewolves cannot win while he lives (:mod:`..camps`). The pack's attack
#: is repelled, and a pack of one dies of it (:func:`..deaths.attacks`); the accursed
#: wolf-father's infection fails on him as on the elder.
WENDIGO = quebec_card("wendigo", "Wendigo", "Wendigo", "loners", goal="wendigo", repels=True,
                infectable=False)


# ---- the Loup Solitaire: a wolf outside the pack, with a win of his own -------------------------

#: ``memo`` keys: he has taken the pack's place (the pack gone); the wolves he devoured.
TURNED = "lone_wolf.turned"
DEVOURED = "lone_wolf.devoured"


def _wolf_card(g: Game, seat: int) -> bool:
    """A wolf by his card (the pack's wolves, not an infected player nor the lone wolf)."""
    return cast.CHARACTER[g.cards[seat]].camp == "werewolves" and g.infected != seat


def turned(g: Game) -> bool:
    return bool(g.memo.get(TURNED))


def _camp(g: Game, seat: int) -> str:
    """Outside both camps until the pack is gone; then a werewolf like the others ("devient
    un loup régulier")."""
    return "werewolves" if turned(g) else "village"


def pack_gone(g: Game, me: int) -> bool:
    """No wolf left in the pack ("S'il n'y a plus de loups dans la meute"): no living player
    but him holds a wolf's card (the infected are no wolves by their card)."""
    return not any(_wolf_card(g, s) for s in g.living() if s != me)


def _take_the_packs_place(g: Game) -> Game:
    """At dusk, once the pack has no wolf left: he devours the infected left that night, and
    wakes with the pack from now on."""
    me = g.holder("lone_wolf")
    if me is None or not g.alive(me) or turned(g) or not pack_gone(g, me) \
            or sides.lone_goal(g, me) != "lone_wolf":
        return g
    g = common.remember(g, TURNED, True).tell((me,), "lone_wolf", "lone_wolf_turned", seat=me)
    g = g.tell((), "lone_wolf", "lone_wolf_turned", seat=me)  # for the story
    feast = tuple(s for s in g.living() if s != me and sides.wolfish(g, s))
    return common.tonight(g, deaths.FEAST, feast) if feast else g


def _others_in_pack(g: Game, me: int) -> tuple[int, ...]:
    return tuple(s for s in sides.pack(g) if s != me)


def _sees_the_pack(g: Game, stop: Stop) -> Game:
    """"apprend l'identité des membres de la meute (mais sans savoir qui sont des loups ou
    des infectés)": the seats, not their cards."""
    me = actor(stop)
    return g.tell((me,), stop.step, "pack", seats=_others_in_pack(g, me))


def _prey(g: Game, stop: Stop) -> list:
    return [Seat(s) for s in _others_in_pack(g, actor(stop)) if not sides.absent(g, s)]


def _attack(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    me = actor(stop)
    s = common.another_target(g, c, stop, "attack", "lone wolf",
                              "the lone wolf attacks a member of the pack, not himself")
    if s not in _others_in_pack(g, me):
        raise IllegalChoice("attack", f"seat {s} is not in the pack: the lone wolf attacks one "
                                      "of the pack's members he was shown")
    return common.tonight(g, "lone_wolf", s)


def _count_devoured(g: Game, seat: int) -> Game:
    """"chaque loup dévoré s'ajoute à son compte": a wolf by his card he killed."""
    d = g.death_of(seat)
    if d.cause != "lone_wolf" or not _wolf_card(g, seat):
        return g
    return common.remember(g, DEVOURED, g.memo.get(DEVOURED, 0) + 1)


def devoured(g: Game) -> int:
    return g.memo.get(DEVOURED, 0)


LONE_WOLF = quebec_card(
    "lone_wolf", "Loup Solitaire", "Lone Wolf", "loners", goal="lone_wolf", lone_wolf=True,
    resists=frozenset({"witch"}), camp_of=_camp, at_dusk=_take_the_packs_place,
    on_death=_count_devoured,
    steps=(Step("lone_wolf_pack", ("night",), order("lone_wolf_pack"), FIRST_NIGHT, Kind.NONE,
                role="lone_wolf", brief=_sees_the_pack),
           Step("lone_wolf", ("night",), order("lone_wolf"), EVEN_NIGHTS, Kind.SEAT,
                role="lone_wolf", key="attack", spent=turned, brief=_sees_the_pack,
                options=_prey, act=_attack)))


# ---- the Chien-Garou: a master on the first night; his fate decides the dog's camp --------------

def _choose_master(g: Game, stop: Stop, c: Choice | None) -> Game:
    """A master chosen (a Flanc-Mou who took the card chooses his own): the dog's fate
    starts again from him."""
    if c is None:
        return g
    s = common.another_target(g, c, stop, "master", "Chien-Garou",
                              "the Chien-Garou chooses another player as his master")
    return common.remember(common.remember(g, BITTEN_WILD, None), sides.MASTER, s)


#: ``memo`` key: the night the pack his master is in attacked him, and he joined it.
BITTEN_WILD = "dog_wolf.bitten"


def _wolf_shown(d) -> bool:
    """The card shown at a death is a wolf's ("identifié comme un loup")."""
    ch = cast.CHARACTER[d.card]
    return ch.camp == "werewolves" or ch.lone_wolf


def wild_since(g: Game, seat: int) -> int | None:
    """The phase number from which the Chien-Garou at ``seat`` is "sauvage", on the pack's
    side: his master voted out and shown a wolf, or gone any other way ("quitte le village
    sans explication"), before the dog's own death; or the pack his master is in attacked
    him. A master voted out who was no wolf keeps him loyal to the village for good."""
    bitten = g.memo.get(BITTEN_WILD)
    if bitten is not None:
        return bitten
    master = g.memo.get(sides.MASTER)
    # (killed, seed 000's Immortel or Imposteur lives on: he has not left the village)
    theirs = None if master is None or g.alive(master) else g.death_of(master)
    mine = None if g.alive(seat) else g.death_of(seat)
    if theirs is None or (mine is not None and g.deaths.index(mine) < g.deaths.index(theirs)):
        return None
    if theirs.cause == "vote" and not _wolf_shown(theirs):
        return None
    return theirs.day


def _dog_camp(g: Game, seat: int) -> str:
    return "village" if wild_since(g, seat) is None else "werewolves"


def _dog_wakes_from(g: Game, seat: int) -> int:
    day = wild_since(g, seat)
    return 0 if day is None else day + 1  # the night after


def _masters_pack_bites(g: Game, seat: int) -> bool:
    """"…nous attaque parce qu'il fait partie de la meute": the pack that chose him holds his
    master."""
    return g.memo.get(sides.MASTER) in g.tonight.get("pack", ()) \
        and wild_since(g, seat) is None


def _joins_the_pack(g: Game, seat: int) -> Game:
    return _told_wild(common.remember(g, BITTEN_WILD, g.phase.number), seat)


def _told_wild(g: Game, dog: int) -> Game:
    """The dog learns he is wild (and the story tells it)."""
    g = g.tell((dog,), "dog_wolf", "dog_wild", seat=dog)
    return g.tell((), "dog_wolf", "dog_wild", seat=dog)


def _master_gone(g: Game, dead: int) -> Game:
    """For the story: the master's death turns the dog wild (or keeps him loyal)."""
    dog = g.holder("dog_wolf")
    if dog is None or g.memo.get(sides.MASTER) != dead or not g.alive(dog):
        return g
    if wild_since(g, dog) is None:
        return g
    return _told_wild(g, dog)


DOG_WOLF = quebec_card(
    "dog_wolf", "Chien-Garou", "Dog-Wolf", "ambiguous", camp_of=_dog_camp,
    wakes_from=_dog_wakes_from, on_death=_master_gone, bite_turns=_masters_pack_bites,
    on_bite_turns=_joins_the_pack,
    steps=(Step("dog_wolf", ("night",), order("dog_wolf"), FIRST_NIGHT, Kind.SEAT,
                role="dog_wolf", key="master",
                options=lambda g, stop: common.others(g, actor(stop)),
                act=_choose_master, required=lambda g: len(g.living()) >= 2),))


# ---- the Memére: À la Soupe! (a Habitant drawn) or Toute la Véri-Thé (a lupin or not) ----------

#: ``memo`` key: the Habitants the Memére knows; ``tonight`` key: the one the soup would give.
KNOWN = "memere.known"
SOUP = "memere_soup"


def _unknown_habitants(g: Game) -> tuple[int, ...]:
    me = g.holder("memere")
    known = g.memo.get(KNOWN, ())
    return tuple(s for s in sides.present(g) if g.cards[s] == HABITANT and s != me
                 and s not in known)


def _soup_called(g: Game) -> bool:
    """The table draws the soup's Habitant before her call, whenever it could give one ("Si
    on connaît déjà tous les Habitants en jeu, le pouvoir est sans effet")."""
    me = g.holder("memere")
    return me is not None and g.alive(me) and bool(_unknown_habitants(g))


def _draw(g: Game, stop: Stop, c: Choice | None) -> Game:
    if not isinstance(c, Seat) or c.seat not in _unknown_habitants(g):
        raise IllegalChoice("habitant", "the soup's draw names a living Habitant the Memére "
                                        "does not know yet")
    return common.tonight(g, SOUP, c.seat)


def _tea_options(g: Game, stop: Stop) -> list:
    """From the second night she may pour the tea for a player present instead."""
    me = actor(stop)
    return [Seat(s) for s in sides.present(g) if s != me] if g.phase.number >= 2 else []


def _pour(g: Game, stop: Stop, c: Choice | None) -> Game:
    me = actor(stop)
    if c is None:  # À la Soupe!
        s = g.tonight.get(SOUP)
        if s is None:
            return g
        if s in g.memo.get(KNOWN, ()):
            return g  # served already tonight (the Québec Robineux's second call)
        g = common.remember(g, KNOWN, tuple(g.memo.get(KNOWN, ())) + (s,))
        return g.tell((me,), stop.step, "soup", seat=s, role=HABITANT)
    if g.phase.number < 2:
        raise IllegalChoice("tea", "on the first night the Memére only serves the soup")
    s = common.another_target(g, c, stop, "tea", "Memére",
                              "the Memére pours the tea for another player")
    lupin = sides.lupin(g, s)
    g = g.tell((me,), stop.step, "tea", seat=s, value=lupin)
    if lupin:  # "le lupin sera lui aussi informé de l'identité de la Memére … dès son prochain
        # réveil": with the pack, or at his own call for a lupin outside it (the Belle
        # Créatûre's comes after hers; a lupin who never wakes is never told)
        g = g.tell((s,), "werewolves" if sides.wolfish(g, s) else g.cards[s], "memere_asked",
                   seat=me)
    return g


MEMERE = quebec_card(
    "memere", "Memére", "Memére", "villagers",
    steps=(Step(SOUP, ("night",), order("memere") - 5, EVERY_NIGHT, Kind.SEAT, role="memere",
                key="habitant", called=_soup_called, wakes=lambda g: (),
                options=lambda g, stop: [Seat(s) for s in _unknown_habitants(g)], act=_draw,
                required=lambda g: True, chance=True),
           Step("memere", ("night",), order("memere"), EVERY_NIGHT, Kind.SEAT, role="memere",
                key="tea", options=_tea_options, act=_pour)))
#: Her soup's draw and her call (the Québec Robineux's doubled night makes them twice).
MEMERE_SOUP, MEMERE_CALL = MEMERE.steps


# ---- the Survenant: a stranger whom the whole village knows ------------------------------------

#: "Rôle multiple": the booklet gives no count; the printed box holds three.
SURVENANT_COPIES = 3


def _strangers_known(g: Game) -> Game:
    """"Au début de la partie, tous les joueurs apprennent l'identité du/des Survenant(s) en
    jeu": told to the whole table at the first dawn, its first moment with every eye open
    (the night's dead are told first)."""
    if g.phase.number != 1:
        return g
    for s in g.holders("survenant"):
        g = g.tell(None, "dawn", "survenant", seat=s)
    return g


SURVENANT = Character("survenant", "Survenant", "Survenant", "villagers", "village",
                      ((QUEBEC, SURVENANT_COPIES),), per_game=0, booklet="002",
                      at_dawn=_strangers_known)


# ---- the Bonhomme Sept-Heures: endormis dur and somnolent (:mod:`..states`) ---------------------

def _sleepers(g: Game, stop: Stop) -> list:
    others = [s for s in g.living() if s != actor(stop) and not sides.absent(g, s)]
    return [Seats(p) for p in itertools.combinations(others, min(2, len(others)))] \
        if others else []


def _throw(g: Game, stop: Stop, c: Choice | None) -> Game:
    """The ball touches two players ("les deux premiers touchés par la balle"): endormis dur
    until the morning, somnolent while he plays."""
    if c is None:
        return g
    me = actor(stop)
    others = [s for s in g.living() if s != me and not sides.absent(g, s)]
    seats = common.living_targets(g, c, "targets", "Bonhomme Sept-Heures", min(2, len(others)))
    if me in seats:
        raise IllegalChoice("targets", "the Bonhomme Sept-Heures puts others to sleep, not "
                                       "himself")
    return states.put_to_sleep(g, seats)


def _pack_found_him(g: Game, seat: int) -> Game:
    """"Si la meute nous attaque, elle apprend notre identité, mais toute la meute devient
    somnolente, et on en sera informé.\""""
    d = g.death_of(seat)
    if g.cards[seat] != "bonhomme" or d.cause != "werewolves":
        return g
    pack = tuple(g.tonight.get("pack", ()))
    g = states.make_somnolent(g, pack).tell(pack, "werewolves", "bonhomme_found", seat=seat)
    return g.tell((seat,), "bonhomme", "pack_somnolent", seats=pack)


def all_somnolent(g: Game, seat: int) -> bool:
    """A morning when every other player in the village is somnolent; the morning after his
    departure too ("Une victoire posthume est possible si ces conditions sont remplies au
    lendemain de notre départ du jeu")."""
    if g.phase.is_night or g.today.get("moment", "dawn") != "dawn":
        return False
    d = g.death_of(seat)
    if d is not None and g.phase.number != d.day + 1:
        return False
    others = [s for s in sides.present(g) if s != seat]
    return bool(others) and set(others) <= states.somnolent(g)


BONHOMME = quebec_card(
    "bonhomme", "Bonhomme Sept-Heures", "Bonhomme Sept-Heures", "loners", goal="bonhomme",
    seen_as="villager", on_death=_pack_found_him,
    steps=(Step("bonhomme", ("night",), order("bonhomme"), FROM_NIGHT_2, Kind.SEATS,
                role="bonhomme", key="targets", options=_sleepers, act=_throw),))


# ---- the Ramancheux: his Oeil physionomiste on yesterday's failed nominations ------------------

def failed_nominees(g: Game) -> tuple[int, ...]:
    """The living players the intendant named yesterday whose vote failed ("un joueur qui a
    été nommé par l'intendant mais dont le vote a échoué"): not the vote against the intendant
    himself, nor a candidate the table named without an intendant."""
    day = f"day {g.phase.number - 1}"
    named = {e.seat for e in g.log if e.phase == day and e.step == "nominations"
             and e.kind == "nominated" and e.by is not None}
    failed = [e.seat for e in g.log if e.phase == day and e.step == "nomination_votes"
              and e.kind == "failed" and e.seat in named]
    return tuple(s for s in dict.fromkeys(failed) if g.alive(s))


def _eye_called(g: Game) -> bool:
    me = g.holder("ramancheux")
    return me is not None and bool([s for s in failed_nominees(g) if s != me])


def _look(g: Game, stop: Stop, c: Choice | None) -> Game:
    """The same answer the village would have had had the candidate gone: a wolf or not
    ("est / n'est pas un loup")."""
    if c is None:
        return g
    me = actor(stop)
    if not isinstance(c, Seat) or c.seat == me or c.seat not in failed_nominees(g):
        raise IllegalChoice("look", "the Ramancheux looks at a player the intendant named "
                                    "yesterday whose vote failed")
    return g.tell((me,), "ramancheux", "physiognomy", seat=c.seat,
                  value=sides.wolf(g, c.seat))


RAMANCHEUX = quebec_card(
    "ramancheux", "Ramancheux", "Ramancheux", "villagers",
    steps=(Step("ramancheux", ("night",), order("ramancheux"), FROM_NIGHT_2, Kind.SEAT,
                role="ramancheux", key="look", called=_eye_called,
                options=lambda g, stop: [Seat(s) for s in failed_nominees(g)
                                         if s != actor(stop)],
                act=_look),))


# ---- the Flanc-Mou: a player's character, taken when that player leaves ------------------------

FLANC_MOU = "flanc_mou"
#: ``memo`` key: the player he picked on the third night.
TARGET = "flanc_mou.target"
#: The public line of the night he enters the game with the card he took.
ENTERS = "flanc_mou_enters"


def _pick(g: Game, stop: Stop, c: Choice | None) -> Game:
    """"choisit un joueur dont on apprend immédiatement le rôle": the card that player holds
    now (not the one the seer would be shown)."""
    if c is None:
        return g
    me = actor(stop)
    s = common.another_target(g, c, stop, "target", "Flanc-Mou",
                              "the Flanc-Mou picks another player")
    g = common.remember(g, TARGET, s)
    return g.tell((me,), FLANC_MOU, "saw", seat=s, role=g.cards[s])


def _announced(g: Game, dead: int) -> bool:
    """The departure is made official ("officialisé"): a death of the night (a dusk's too)
    when the dawn announces it, once every death of that dawn has taken effect; any other
    death at once (the vote, a shot, a grief, a day power)."""
    d = g.death_of(dead)
    return not g.phase.is_night and not (d.moment == "dawn" and g.today.get("dawn") is None)


def _promise(g: Game) -> Game:
    """His target's departure is official and he still plays: he will take that player's
    card (the one shown) the next night, as he enters the game with it. A Flanc-Mou who left
    first, or at the same dawn, takes nothing."""
    me, target = g.holder(FLANC_MOU), g.memo.get(TARGET)
    if me is None or target is None or g.alive(target) or g.memo.get(ENTRY) is not None:
        return g
    return common.remember(g, ENTRY, (me, g.phase.number + 1, g.death_of(target).card))


def _target_left(g: Game, dead: int) -> Game:
    if dead != g.memo.get(TARGET) or not _announced(g, dead):
        return g
    return _promise(g)


def _change(g: Game) -> Game:
    """"le changement de rôle du Flanc-Mou", a step "jouée en secret durant la phase
    nocturne": at the dusk of the night he enters the game, he holds the card he took, with
    the states it starts with; until then he is still a Flanc-Mou."""
    me = entering(g)
    if me is None or g.cards[me] != FLANC_MOU:
        return g
    card = g.memo.get(ENTRY)[2]
    cards = list(g.cards)
    cards[me] = card
    g = states.enter(g._with(cards=tuple(cards)), me, card, g.phase.number)
    g = g.tell((me,), FLANC_MOU, "flanc_mou_took", seat=g.memo.get(TARGET), role=card)
    return g.tell((), FLANC_MOU, "flanc_mou_took", seat=me, role=card)  # for the story


def entering(g: Game) -> int | None:
    """The seat of the former Flanc-Mou who enters the game tonight, or None."""
    return g.memo.get(ENTRY)[0] if FLANC_MOU_ENTERS(g) else None


_FIRST_NIGHT = Phase("night", 1)


def first_night_call(step: Step, g: Game) -> bool:
    """The step's calendar calls it on a first night (its character's first-night steps)."""
    return step.when(g._with(phase=_FIRST_NIGHT))


def late_call(g: Game, step: Step) -> bool:
    """A first-night step of the card the Flanc-Mou took, called the night he enters the game
    with it ("on fait, en secret, toutes les étapes pour notre entrée en jeu"): whatever that
    character does on its first night (its choices, what it learns), by its own rules."""
    me = entering(g)
    return me is not None and step.role == g.cards[me] and first_night_call(step, g)


def _side_chosen(g: Game, stop: Stop) -> Game:
    """"le village est mis au courant": that he has chosen his side, nothing more."""
    return g.tell(None, ENTERS, ENTERS)


FLANC_MOU_CARD = quebec_card(
    FLANC_MOU, "Flanc-Mou", "Flanc-Mou", "ambiguous", on_death=_target_left,
    at_dawn=_promise, at_dusk=_change,
    steps=(Step(FLANC_MOU, ("night",), order(FLANC_MOU), THIRD_NIGHT, Kind.SEAT, role=FLANC_MOU,
                key="target", options=lambda g, stop: common.others(g, actor(stop)),
                act=_pick, required=lambda g: len(g.living()) >= 2),
           Step(ENTERS, ("night",), order(ENTERS), FLANC_MOU_ENTERS, Kind.NONE, role=FLANC_MOU,
                called=lambda g: True, wakes=lambda g: (), brief=_side_chosen)))

# ---- the Tête-de-Co'hon: two ragots; his vote bound to his first choice ------------------------

def _ragots_drawn(card: str, count: int):
    """The chance stop that draws a character's ragots on the first night, before his call
    (nobody wakes for it), whenever one can be drawn."""
    def called(g: Game) -> bool:
        me = g.holder(card)
        return me is not None and bool(ragots.draws(g, me, count))

    def act(g: Game, stop: Stop, c: Choice | None) -> Game:
        return ragots.take(g, g.holder(card), c, count, cast.CHARACTER[card].en)

    return Step(f"{card}_ragots", ("night",), order(card) - 5, FIRST_NIGHT, Kind.RAGOTS,
                role=card, key="ragots", called=called, wakes=lambda g: (),
                options=lambda g, stop: ragots.draws(g, g.holder(card), count), act=act,
                required=lambda g: True, chance=True)


def _shown_ragots(g: Game, stop: Stop) -> Game:
    return ragots.tell(g, actor(stop), stop.step)


#: "Si on décide de voter pour un joueur, on ne peut plus voter pour quelqu'un d'autre, tant
#: que le premier joueur demeure en jeu": :func:`..sides.barred_ballot` (every vote of the day).
TETE_DE_COCHON = quebec_card(
    "tete_de_cochon", "Tête-de-Co'hon", "Pig-Head", "villagers",
    steps=(_ragots_drawn("tete_de_cochon", 2),
           Step("tete_de_cochon", ("night",), order("tete_de_cochon"), FIRST_NIGHT, Kind.NONE,
                role="tete_de_cochon", brief=_shown_ragots)))


# ---- the Habitant: the plain villager's card of a Québec game, with a ragot ----------------------

#: "Pas de ragots si moins de 13 joueurs."
HABITANT_RAGOTS_FROM = 13
HABITANT_STEP = "habitant_ragots"
#: ``memo`` key: the Habitants whose ragot has been drawn (or who had none to draw), in order.
HABITANTS_SERVED = "habitant.served"


def quebec_deck(cards) -> bool:
    """A Québec game's deck: it holds a card of the Québec booklet's own (seed 002). Its
    plain villagers are that booklet's Habitants. The whole deck, the cards left over too,
    which the table sees as it sees the rest (the game keeps the answer in its options:
    ``Options.habitant_ragots``)."""
    return any(cast.CHARACTER[c].booklet == "002" for c in cards)


def ragots_dealt(g: Game) -> bool:
    """Whether the Habitants receive ragots: a Québec game of 13 players or more (public:
    the deck and the table). The draw's stop is then made whatever the deal."""
    return g.players >= HABITANT_RAGOTS_FROM and bool(g.options.habitant_ragots)


def habitants(g: Game) -> tuple[int, ...]:
    """The seats dealt an Habitant who receive a ragot: in such a game, every seat dealt the
    plain villager's card (the deal's, not a card taken later)."""
    if not ragots_dealt(g):
        return ()
    return tuple(s for s, c in enumerate(g.dealt) if c == HABITANT)


def habitant_waiting(g: Game) -> int | None:
    """The next Habitant (in seat order) whose ragot is still to be drawn, alive, with a true
    ragot to draw; None once every one has his."""
    served = g.memo.get(HABITANTS_SERVED, ())
    for s in habitants(g):
        if s not in served and g.alive(s) and ragots.draws(g, s, 1):
            return s
    return None


def _habitant_ragot(g: Game, stop: Stop, c: Choice | None) -> Game:
    """One Habitant's ragot, drawn by the table; he is told it now, alone (the app shows it
    on the tablet passed round before the night: docs/rules-decisions-classic.md, "The
    Habitant"). While another Habitant waits, the same stop opens again for his."""
    me = habitant_waiting(g)
    g = ragots.take(g, me, c, 1, "Habitant")
    g = common.remember(g, HABITANTS_SERVED, tuple(g.memo.get(HABITANTS_SERVED, ())) + (me,))
    g = ragots.tell(g, me, HABITANT_STEP)
    return g._with(stop=stop) if habitant_waiting(g) is not None else g


#: The chance stop that opens the first night, before its dusk (so before any call can change
#: a card), after a captain's election held before it: one draw per Habitant, in seat order,
#: nobody awake. The app shows them on the tablet passed round before the village sleeps. It
#: is made in every game whose Habitants receive ragots, for show when none has one to draw
#: (no villager dealt: the deck's are the thief's two), so that the round tells nothing.
HABITANT_RAGOTS_ORDER = 40
HABITANT_RAGOTS = Step(HABITANT_STEP, ("night",), HABITANT_RAGOTS_ORDER, FIRST_NIGHT, Kind.RAGOTS,
                       role=HABITANT, key="ragots", called=ragots_dealt, wakes=lambda g: (),
                       spent=lambda g: habitant_waiting(g) is None,
                       options=lambda g, stop: [] if habitant_waiting(g) is None
                       else ragots.draws(g, habitant_waiting(g), 1),
                       act=_habitant_ragot, required=lambda g: True, chance=True)


# ---- the Grand-Talent-Pas-d'Adon: a ragot and an antagonist he must outlive ---------------------

#: ``memo`` key: the antagonist drawn for him.
ANTAGONIST = "grand_talent.antagonist"


def _antagonists(g: Game, stop: Stop | None = None) -> list:
    """"L'antagoniste est choisi au hasard parmi les villageois, mais ne peut pas être la
    Voyante": a living holder of a villager's card (Best Of's family, as the Guenilloux's
    curse draws), not the seer's, not his own."""
    me = g.holder("grand_talent")
    lover = None if me is None else states.amant_of(g, me)  # "On ne peut pas devenir
    # l'amant de son antagoniste": the Entremetteuse's couple is made before the draw
    return [s for s in common.villagers_but_the_seer(g) if s.seat not in (me, lover)]


def _draw_antagonist(g: Game, stop: Stop, c: Choice | None) -> Game:
    if not isinstance(c, Seat) or c not in _antagonists(g):
        raise IllegalChoice("antagonist", "the antagonist is drawn among the other living "
                                          "players holding a villager's card, not the seer's")
    return common.remember(g, ANTAGONIST, c.seat)


def _shown_ragot_and_antagonist(g: Game, stop: Stop) -> Game:
    g = _shown_ragots(g, stop)
    a = g.memo.get(ANTAGONIST)
    return g if a is None else g.tell((actor(stop),), stop.step, "antagonist", seat=a)


#: "On perd la partie s'il quitte le jeu avant son antagoniste. (Pas de victoire
#: posthume.)": dead, he wins nothing (:data:`..sides.ALIVE_TO_WIN`).
GRAND_TALENT = quebec_card(
    "grand_talent", "Grand-Talent-Pas-d'Adon", "Big Talent, No Luck", "villagers",
    steps=(_ragots_drawn("grand_talent", 1),
           Step("grand_talent_antagonist", ("night",), order("grand_talent") - 4, FIRST_NIGHT,
                Kind.SEAT, role="grand_talent", key="antagonist",
                called=lambda g: g.holder("grand_talent") is not None and bool(_antagonists(g)),
                wakes=lambda g: (), options=_antagonists, act=_draw_antagonist,
                required=lambda g: True, chance=True),
           Step("grand_talent", ("night",), order("grand_talent"), FIRST_NIGHT, Kind.NONE,
                role="grand_talent", brief=_shown_ragot_and_antagonist)))


# ---- the Entremetteuse and her couple (the glossary's Amant(e)) ---------------------------------

ENTREMETTEUSE = "entremetteuse"
#: ``memo``: the two players she named (sorted), whether or not the philtre took.
PHILTRE = "entremetteuse.philtre"
#: The couple's nightly call; ``memo``: the couple has been shown to each other.
AMANTS_STEP = "amants"
MET = "amants.met"
#: The calls the table makes every night while their card is in the deck, dead or not: the
#: couple outlives the Entremetteuse, and a call that stops would tell who was in it.
OUTLIVE_THE_CARD = frozenset({AMANTS_STEP})
#: The Québec categories whose cards the philtre does not take on ("Ne fonctionne pas avec
#: certains rôles"): the legendary enemies, who play alone ("le joueur fait cavalier seul").
REFUSING_CATEGORIES = frozenset({"ennemi_legendaire"})


#: The cards that can never love ("Ne peut devenir amante": the Belle Créatûre).
REFUSING_CARDS = frozenset({"belle_creature"})


def refuses(g: Game, seat: int) -> bool:
    """The philtre does not take on ``seat``: a legendary enemy's card, a card that never
    loves, or a player cupid's arrows already made a lover (one love at a time)."""
    from ..categories import QUEBEC as CATEGORIES

    card = g.cards[seat]
    if card in REFUSING_CARDS or REFUSING_CATEGORIES & set(CATEGORIES.get(card, ())):
        return True
    return g.lovers is not None and seat in g.lovers


def _rivals(g: Game, pair: tuple[int, ...]) -> bool:
    """The Grand-Talent-Pas-d'Adon and the antagonist drawn for him ("On ne peut pas devenir
    l'amant de son antagoniste"): a philtre poured after the draw (a Flanc-Mou who took her
    card) does not take on them."""
    me, foe = g.holder("grand_talent"), g.memo.get(ANTAGONIST)
    return me is not None and foe is not None and set(pair) == {me, foe}


def _philtres(g: Game, stop: Stop) -> list:
    return [Seats(p) for p in itertools.combinations(g.living(), 2)]


def _pour(g: Game, stop: Stop, c: Choice | None) -> Game:
    """"choisit en secret deux joueurs, qui deviennent alors amants … On ignore si le couple
    s'est vraiment formé": she is told nothing; the game master's log says whether it took."""
    if c is None:
        return g
    pair = tuple(sorted(common.living_targets(g, c, "lovers", "Entremetteuse", 2)))
    g = common.remember(g, PHILTRE, pair)
    if any(refuses(g, s) for s in pair) or _rivals(g, pair):
        return g.tell((), ENTREMETTEUSE, "philtre_refused", seats=pair)
    return common.remember(g, states.AMANTS, pair).tell((), ENTREMETTEUSE, "philtre_took",
                                                        seats=pair)


def couple_awake(g: Game) -> tuple[int, ...]:
    """The couple, both in play (one gone, the other follows at once: no couple is left)."""
    pair = states.amants(g)
    return pair if pair is not None and all(g.alive(s) for s in pair) else ()


def _lovers_meet(g: Game, stop: Stop) -> Game:
    """"Deux amants connaissent leurs identités respectives, mais pas leurs rôles": each is
    shown the other's seat, the night the couple wakes first."""
    if g.memo.get(MET):
        return g
    a, b = couple_awake(g)
    g = common.remember(g, MET, True)
    return g.tell((a,), AMANTS_STEP, "lover", seat=b).tell((b,), AMANTS_STEP, "lover", seat=a)


def _homes(g: Game, stop: Stop) -> list:
    """Where the couple sleeps: at one's home (the seat named; the other is away), or each
    at home (nothing chosen)."""
    return [Seat(s) for s in stop.woken]


def _escapade(g: Game, stop: Stop, c: Choice | None) -> Game:
    """The night at one's home: the other is away from his own ("les rendant absents de chez
    eux"); a wolf infects his partner whoever's home it is; an infected player infects his
    partner at his own home only ("chez l'infecté (et non l'inverse)"). The infected wakes
    with the pack from the next night."""
    if c is None:
        return g
    a, b = couple_awake(g)
    if not isinstance(c, Seat) or c.seat not in (a, b):
        raise IllegalChoice("host", "the lovers sleep at the home of one of them: expected "
                                    f"seat {a} or {b}")
    host = c.seat
    guest = states.amant_of(g, host)
    g = states.send_away(g, guest)
    for giver, taker in ((host, guest), (guest, host)):
        wolf = sides.wolfish(g, giver) and not states.infected(g, giver)
        carrier = states.infected(g, giver) and giver == host
        if (wolf or carrier) and not sides.wolfish(g, taker) \
                and cast.CHARACTER[g.cards[taker]].infectable:
            g = states.infect(g, taker, g.phase.number + 1)
            g = g.tell((), AMANTS_STEP, "infected", seat=taker)
    return g


#: "Une fois le choix complété, devient un Habitant, mais ne reçoit pas de ragot": a villager
#: with no power left, whom the seer is shown as an Habitant (the plain villager's card). The
#: couple's call is hers in the table (her card dealt, every night from her pick), made for
#: show when no couple is in play, so that nobody learns from it whether the philtre took.
ENTREMETTEUSE_CARD = quebec_card(
    ENTREMETTEUSE, "Entremetteuse", "Matchmaker", seen_as="villager",
    steps=(Step(ENTREMETTEUSE, ("night",), order(ENTREMETTEUSE), FIRST_NIGHT, Kind.SEATS,
                role=ENTREMETTEUSE, key="lovers", spent=lambda g: g.memo.get(PHILTRE) is not None,
                options=_philtres, act=_pour, required=lambda g: len(g.living()) >= 2),
           Step(AMANTS_STEP, ("night",), order(AMANTS_STEP), EVERY_NIGHT, Kind.SEAT,
                role=ENTREMETTEUSE, key="host",
                called=lambda g: g.memo.get(PHILTRE) is not None,
                wakes=couple_awake, spent=lambda g: not couple_awake(g),
                brief=_lovers_meet, options=_homes, act=_escapade)))


# ---- the Belle Créatûre: a lupine outside the pack, who seduces to learn --------------------------

BELLE = "belle_creature"
#: ``memo`` key: (her seat, the seat she seduced, the night she did).
SEDUCED = "belle_creature.seduced"
#: ``tonight`` key: the seat whose seduction bears fruit tonight (in play at dusk).
FRUIT = "belle_creature.fruit"


def _seduce(g: Game, stop: Stop, c: Choice | None) -> Game:
    """"À partir de la deuxième nuit, on choisit un joueur à séduire": another living player."""
    if c is None:
        return g
    s = common.another_target(g, c, stop, "seduce", "Belle Créatûre",
                              "the Belle Créatûre seduces another player")
    return common.remember(g, SEDUCED, (actor(stop), s, g.phase.number))


def _seduction_ripens(g: Game) -> Game:
    """At dusk: last night's seduction bears fruit only if she and her target are still in
    play as this night begins ("seulement si la cible était toujours en jeu lorsque la nuit
    suivante débute"). A lover seduced leaves the couple and stays in play; the lover
    abandoned is eliminated ("C'est l'amant éconduit qui est éliminé"), a death of this night
    announced at dawn."""
    pending = g.memo.get(SEDUCED)
    if pending is None or pending[2] != g.phase.number - 1:
        return g
    g = common.remember(g, SEDUCED, None)
    me, target = pending[:2]  # hers alone: not a Flanc-Mou's who took her card meanwhile
    if not g.alive(me) or g.cards[me] != BELLE or not g.alive(target):
        return g
    g = common.tonight(g, FRUIT, target)
    abandoned = states.amant_of(g, target)
    if abandoned is None or not g.alive(abandoned):
        return g
    g = common.remember(g, states.AMANTS, None).tell((), BELLE, "abandoned", seat=abandoned,
                                                     seats=(target,))
    g = deaths.die(g, abandoned, "abandoned")
    return common.tonight(g, "dusk_dead", g.tonight.get("dusk_dead", ()) + (abandoned,))


def _seers_look(g: Game, night: int) -> tuple[int, str] | None:
    """The player the seer looked at on ``night``, and the card she was shown."""
    label = Phase("night", night).label
    for e in g.log:
        if e.phase == label and e.step == "seer" and e.kind == "saw":
            return e.seat, e.role
    return None


def _fruit(g: Game, stop: Stop) -> Game:
    """What the seduction of last night tells her, the target's card as it is now: a wolf
    ("on l'apprend"); the seer ("on apprend le rôle du joueur examiné, pas celui de la
    cible"); the Flanc-Mou ("le rôle de la cible du Flanc-Mou"); a player dealt ragots at the
    start ("on apprend ce ragot … L'information date du début de la partie"); else nothing."""
    target = g.tonight.get(FRUIT)
    if target is None:
        return g
    me, card = actor(stop), g.cards[target]
    if sides.wolf(g, target):
        return g.tell((me,), BELLE, "seduced_wolf", seat=target)
    if card == "seer":
        look = _seers_look(g, g.phase.number - 1)
        if look is not None:
            return g.tell((me,), BELLE, "seduced_card", seat=look[0], role=g.cards[look[0]])
    if card == FLANC_MOU and g.memo.get(TARGET) is not None:
        chosen = g.memo.get(TARGET)
        return g.tell((me,), BELLE, "seduced_card", seat=chosen, role=g.cards[chosen])
    if ragots.received(g, target):
        return ragots.tell(g, target, BELLE, to=me)
    return g.tell((me,), BELLE, "seduced_nothing", seat=target)


#: "Lupine qui n'appartient pas à la meute. On ignore l'identité des autres lupins": a card of
#: the village's camp for the pack (she does not wake with it, it may devour her) that wins
#: with the werewolves' side, as the traitor; "Ne peut devenir amante": :data:`REFUSING_CARDS`.
BELLE_CREATURE = quebec_card(
    BELLE, "Belle Créatûre", "Fair Creature", "werewolves", wins_with="werewolves",
    at_dusk=_seduction_ripens,
    steps=(Step(BELLE, ("night",), order(BELLE), FROM_NIGHT_2, Kind.SEAT, role=BELLE,
                key="seduce", brief=_fruit, options=lambda g, stop: common.others(g, actor(stop)),
                act=_seduce),))

CHARACTERS = (WENDIGO, LONE_WOLF, DOG_WOLF, MEMERE, SURVENANT, BONHOMME, RAMANCHEUX,
              FLANC_MOU_CARD, TETE_DE_COCHON, GRAND_TALENT, ENTREMETTEUSE_CARD, BELLE_CREATURE)
