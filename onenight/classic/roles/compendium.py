"""Seed 000's characters (*Recueil des nouveaux personnages*) that the engine plays: each is
one entry, with its rules from the booklet; its place in the night is the merged call order's
(:mod:`..order`). docs/characters.md lists the rest of that booklet, and why each waits."""

from __future__ import annotations

import dataclasses
import itertools

from onenight.common.errors import IllegalChoice
from onenight.common.values import left_of, right_of

from .. import cast, conditions, deaths, sides
from ..model import ASLEEP, OUT_OF_PLAY, Choice, Game, Groups, Kind, Roll, Seat, Seats, Stop, Take
from ..order import order
from ..table import EVERY_NIGHT, FIRST_NIGHT, FROM_NIGHT_2, ON_DEMAND, Character, Step, ask
from . import common, wolves
from .common import actor

#: The compendium's cards: one of each (printed by the table; the pack leader replaces one of
#: the werewolf cards: "retirez une carte Loup-Garou de la partie").
NEW_CHARACTERS = "new_characters"
_ONE = ((NEW_CHARACTERS, 1),)


def _plain(id: str, fr: str, en: str, family: str = "villagers", camp: str = "village",
           **kw) -> Character:
    return Character(id, fr, en, family, camp, _ONE, booklet="000", **kw)


# ---- no step of their own: their rules are the table's, or a side -------------------------------

#: A werewolf in every way; he may peek during the other characters' calls on the nights after
#: a day that killed a werewolf (a rule of the players' eyes: nothing for the engine to decide).
PACK_LEADER = _plain("pack_leader", "Chef de Meute", "Pack Leader", "werewolves", "werewolves")
#: May peek during the other characters' calls on the nights after a day that killed a
#: villager and no werewolf: his skill is his eyes', the engine has nothing to decide.
DETECTIVE = _plain("detective", "Détective", "Detective")
#: "Le traître est un Simple Villageois qui gagne avec les Loups-Garous": a villager for every
#: power and every look, on the werewolves' side for the win, while he keeps his power.
TRAITOR = _plain("traitor", "Traître", "Traitor", wins_with="werewolves")
#: A villager whom the werewolves' bite does not kill: his card becomes a werewolf's, and he
#: wakes with the pack from the next night (:func:`..deaths.resolve_night`).
WOODSMAN = _plain("woodsman", "Homme des Bois", "Woodsman", bitten_becomes="werewolf")


# ---- the apprentice seer: the cards of three neighbours, shuffled -------------------------------

def apprentice_group(g: Game, me: int, target: int) -> tuple[int, ...]:
    """The target and its nearest living neighbour on each side, the apprentice seer left out
    (beside her target, she sees her other neighbour instead: "les cartes de ses deux voisins
    ainsi que celle de l'autre voisin du joueur qu'elle a désigné")."""
    others = [s for s in g.living() if s != me]
    around = {left_of(target, g.players, others), right_of(target, g.players, others)}
    return tuple(sorted({target} | (around - {None})))


def _apprentice_blind(g: Game) -> bool:
    """"S'il reste seulement trois joueurs ou moins autour de la table en plus de l'Apprentie
    Voyante, [elle] ne peut pas utiliser son pouvoir.\""""
    return len(g.living()) - 1 <= 3


def _glimpse(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    me = actor(stop)
    s = common.another_target(g, c, stop, "view", "apprentice seer",
                              "the apprentice seer looks at another player")
    group = apprentice_group(g, me, s)
    cards = sorted(g.cards[o] for o in group)  # shuffled: which card is whose is not told
    return g.tell((me,), "apprentice_seer", "glimpsed", seat=s, seats=group, value=cards)


APPRENTICE_SEER = _plain(
    "apprentice_seer", "Apprentie Voyante", "Apprentice Seer",
    steps=(Step("apprentice_seer", ("night",), order("apprentice_seer"), EVERY_NIGHT, Kind.SEAT,
                role="apprentice_seer", key="view", spent=_apprentice_blind,
                options=lambda g, stop: common.others(g, actor(stop)), act=_glimpse),))


# ---- the mathematician: how far the nearest werewolf sits ---------------------------------------

def werewolf_distance(g: Game, target: int) -> int:
    """The number of seats, among the living, from ``target`` to the nearest werewolf-side
    player on either side (the target left out); 0 when there is none."""
    ring = list(g.living())
    i, n = ring.index(target), len(ring)
    far = [min(abs(j - i), n - abs(j - i)) for j, s in enumerate(ring)
           if s != target and sides.wolfish(g, s)]
    return min(far, default=0)


def _reckon(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    s = common.living_target(g, c, "view", "mathematician")
    return g.tell((actor(stop),), "mathematician", "distance", seat=s,
                  value=werewolf_distance(g, s))


MATHEMATICIAN = _plain(
    "mathematician", "Mathématicien", "Mathematician",
    steps=(Step("mathematician", ("night",), order("mathematician"), EVERY_NIGHT, Kind.SEAT,
                role="mathematician", key="view",
                options=lambda g, stop: [Seat(s) for s in g.living()], act=_reckon),))


# ---- the night owl: wakes another player, who sees him ------------------------------------------

OWL_SEEN = "night_owl"  # tonight: the seat the night owl woke


def _another_tonight(key: str, who: str, why: str, into: str):
    """The act of a step that names another living player, kept in ``tonight[into]``."""
    def act(g: Game, stop: Stop, c: Choice | None) -> Game:
        if c is None:
            return g
        return common.tonight(g, into, common.another_target(g, c, stop, key, who, why))
    return act


_seen_by = _another_tonight("wake", "night owl", "the night owl wakes another player",
                            OWL_SEEN)


def _owl_meets(g: Game, stop: Stop) -> Game:
    return g.tell(stop.woken, "night_owl_seen", "night_owl", seat=g.holder("night_owl"))


NIGHT_OWL = _plain(
    "night_owl", "Couche-tard", "Night Owl",
    steps=(Step("night_owl", ("night",), order("night_owl"), EVERY_NIGHT, Kind.SEAT,
                role="night_owl", key="wake",
                options=lambda g, stop: common.others(g, actor(stop)), act=_seen_by),
           # the woken player looks at the night owl: part of his call, before the next one
           Step("night_owl_seen", ("night",), order("night_owl") + 5, EVERY_NIGHT, Kind.NONE,
                role="night_owl",
                wakes=lambda g: tuple(s for s in (g.tonight.get(OWL_SEEN),)
                                      if s is not None and g.alive(s)),
                spent=lambda g: g.tonight.get(OWL_SEEN) is None, brief=_owl_meets)))


# ---- the magistrate: a player nobody may vote against tomorrow ----------------------------------

GRANTED = "magistrate.granted"  # every seat he has made immune


def _grant_options(g: Game, stop: Stop) -> list:
    return common.not_yet_named(g, stop, GRANTED)


def _grant(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    g, s = common.name_once(g, c, stop, "immune", "magistrate",
                            "the magistrate cannot make himself immune", GRANTED,
                            "was made immune already: the magistrate chooses a player only "
                            "once a game")
    return common.tonight(g, "immune", s)


def _announce_immunity(g: Game) -> Game:
    """At dawn, after the dead: the player nobody may vote against today."""
    s = g.tonight.get("immune")
    if s is None or not g.alive(s):
        return g
    return g._with(today=g.today.put("immune", s)).tell(None, "magistrate", "immune", seat=s)


MAGISTRATE = _plain(
    "magistrate", "Magistrat", "Magistrate", at_dawn=_announce_immunity,
    steps=(Step("magistrate", ("night",), order("magistrate"), EVERY_NIGHT, Kind.SEAT,
                role="magistrate", key="immune", options=_grant_options, act=_grant),))


# ---- the tavern keeper: twice a game, the players who meet at the tavern this morning -----------

ROUNDS = "tavern_keeper.uses"
ROUNDS_PER_GAME = 2  # "Deux fois par partie"
GUESTS = "tavern"  # tonight: the seats he named (he goes too)
TAVERN_MINUTES = 2  # "discuter librement pendant deux minutes"


def _guest_options(g: Game, stop: Stop) -> Groups:
    """Any group of the other living players ("un nombre quelconque de joueurs", "au moins un
    autre joueur que lui")."""
    return Groups(s for s in g.living() if s != actor(stop))


def _invite(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    me = actor(stop)
    guests = common.living_targets(g, c, "guests", "tavern keeper", None)
    if me in guests:
        raise IllegalChoice(f"guests[{guests.index(me)}]", "the tavern keeper goes to the "
                                                           "tavern anyway: he names the others")
    g = common.remember(g, ROUNDS, g.memo.get(ROUNDS, 0) + 1)
    return common.tonight(g, GUESTS, tuple(sorted(guests + (me,))))


def _open_tavern(g: Game) -> Game:
    """At dawn, after the dead and the magistrate's immune: the players who go to the tavern
    for two minutes, the tavern keeper among them, named in seat order (never him first or
    last on purpose). Those who died in the night stay out; a tavern of one is no talk."""
    named = g.tonight.get(GUESTS)
    if named is None:
        return g
    present = tuple(s for s in named if g.alive(s))
    if len(present) < 2:
        return g
    return g._with(today=g.today.put(GUESTS, present)).tell(None, "tavern_keeper", "tavern",
                                                              seats=present)


TAVERN_KEEPER = _plain(
    "tavern_keeper", "Tavernier", "Tavern Keeper", at_dawn=_open_tavern,
    steps=(Step("tavern_keeper", ("night",), order("tavern_keeper"), EVERY_NIGHT, Kind.SEATS,
                role="tavern_keeper", key="guests", group=True,
                spent=lambda g: g.memo.get(ROUNDS, 0) >= ROUNDS_PER_GAME,
                options=_guest_options, act=_invite),))


# ---- the fanatic: voted out, he names the werewolves; all of them and nobody else, he wins -----

DENOUNCED = sides.DENOUNCED


def _denounce_options(g: Game, stop: Stop) -> Groups:
    return Groups(s for s in g.living())


def _denounce(g: Game, stop: Stop, c: Choice | None) -> Game:
    """"Si le Fanatique parvient à citer le nom de tous les Loups-Garous sans accuser à tort
    un autre joueur", he wins at once; else the table hears he lied, and nothing more
    ("sans préciser ce qui est juste ou faux")."""
    if c is None:
        return g
    me = stop.among[0]
    named = common.living_targets(g, c, "accuse", "fanatic", None)
    werewolves = {s for s in g.living() if sides.wolfish(g, s)}
    if set(named) == werewolves:
        return common.remember(g, DENOUNCED, me).tell(None, "fanatic", "denounced",
                                                      seats=tuple(sorted(named)), by=me)
    return g.tell(None, "fanatic", "lied", seats=tuple(sorted(named)), by=me)


FANATIC_ACCUSES = Step("fanatic", ("day",), 0, ON_DEMAND, Kind.SEATS, role="fanatic",
                       key="accuse", group=True, options=_denounce_options, act=_denounce)


def _at_the_stake(g: Game, seat: int) -> Game:
    """Voted out by the village, he may name the werewolves before he dies; any other death
    silences him. Infected, he keeps the stake (its absence would tell the table)."""
    d = g.death_of(seat)
    if d is None or d.cause != "vote" or not g.living():
        return g
    g = ask(g, FANATIC_ACCUSES, (seat,), among=(seat,))
    return g._with(stop=dataclasses.replace(g.stop, required=False))  # "peut": or nothing


FANATIC = _plain("fanatic", "Fanatique", "Fanatic", "loners", goal="fanatic",
                 last_act=_at_the_stake, steps=(FANATIC_ACCUSES,))


# ---- the lost soul: dead, she answers by day about one living player, then rests -------------

SOUL_CALLED = "lost_soul.called"


def soul_ready(g: Game) -> int | None:
    """The dead holder of the lost soul's card while she has not answered (a living player
    may call her); None otherwise."""
    if g.memo.get(SOUL_CALLED):
        return None
    took = g.memo.get(USURPED)  # (the player the Imposteur took her card from is none)
    return next((s for s in range(g.players) if g.cards[s] == "lost_soul" and not g.alive(s)
                 and (took is None or took[1] != s)), None)


def soul_answers(g: Game, soul: int, about: int) -> Game:
    """A living player has called her about ``about``: she says aloud all she knows of him,
    without lying, then leaves the game for good ("trouver le repos éternel"). What she says
    is hers; the table is told she was called, and about whom."""
    g = common.remember(g, SOUL_CALLED, about)
    return g.tell(None, "lost_soul", "soul_called", seat=about, by=soul)


#: A plain villager while she lives; dead, she stays at the table, eyes open at night, until a
#: living player calls her by day (a day power of the table: :mod:`..village`).
LOST_SOUL = _plain("lost_soul", "Âme en peine", "Lost Soul")


# ---- the diviner: once a game, the victim the werewolves must take tonight ----------------------

FORESEEN = "diviner.used"


def _foretell(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    s = common.another_target(g, c, stop, "victim", "diviner",
                              "the diviner cannot foretell himself as the victim")
    return common.tonight(common.remember(g, FORESEEN, True), wolves.FORETOLD, s)


DIVINER = _plain(
    "diviner", "Devin", "Diviner",
    steps=(Step("diviner", ("night",), order("diviner"), EVERY_NIGHT, Kind.SEAT, role="diviner",
                key="victim", spent=lambda g: g.memo.get(FORESEEN, False),
                options=lambda g, stop: common.others(g, actor(stop)), act=_foretell),))


# ---- the vigilante: kills when a day or a night has killed nobody -------------------------------

def _execute(key: str):
    return _another_tonight("kill", "vigilante", "the vigilante kills another player", key)


VIGILANTE = _plain(
    "vigilante", "Justicier", "Vigilante",
    steps=(Step("vigilante_before", ("night",), order("vigilante_before"), FROM_NIGHT_2,
                Kind.SEAT, role="vigilante", key="kill",
                spent=lambda g: not conditions.no_death_last_day(g),
                options=lambda g, stop: common.others(g, actor(stop)),
                act=_execute("vigilante_before")),
           Step("vigilante_after", ("night",), order("vigilante_after"), EVERY_NIGHT,
                Kind.SEAT, role="vigilante", key="kill",
                spent=lambda g: not conditions.no_death_tonight(g),
                options=lambda g, stop: common.others(g, actor(stop)),
                act=_execute("vigilante_after"))))


# ---- the dream reader: a player mimes his character to her, eyes closed ------------------------

DREAMER = "dream_reader"  # tonight: the seat whose dreams she reads

_probe = _another_tonight("dream", "dream reader",
                          "the dream reader reads another player's dreams", DREAMER)


def _dream(g: Game, stop: Stop) -> Game:
    """The dreamer learns that his dreams are read (the game master's touch), not by whom."""
    s = g.tonight.get(DREAMER)
    return g.tell((s,), "dream_reader_mime", "dreamed")


DREAM_READER = _plain(
    "dream_reader", "Lectrice de rêves", "Dream Reader",
    steps=(Step("dream_reader", ("night",), order("dream_reader"), EVERY_NIGHT, Kind.SEAT,
                role="dream_reader", key="dream",
                options=lambda g, stop: common.others(g, actor(stop)), act=_probe),
           # the chosen player mimes his card, eyes closed, for her: part of her call
           Step("dream_reader_mime", ("night",), order("dream_reader") + 5, EVERY_NIGHT,
                Kind.NONE, role="dream_reader",
                spent=lambda g: g.tonight.get(DREAMER) is None, brief=_dream)))


# ---- the evil spirit: two players who hate each other -------------------------------------------

def _sow_hatred(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    pair = tuple(sorted(common.living_targets(g, c, "enemies", "evil spirit", 2)))
    if g.lovers is not None and pair == tuple(sorted(g.lovers)):
        # "les deux sorts s'annulent et il n'y a ni ennemis ni amoureux"
        return g._with(lovers=None).tell((), "evil_spirit", "spells_cancelled", seats=pair)
    return common.remember(g, sides.ENEMIES, pair)


def _enemies_meet(g: Game, stop: Stop) -> Game:
    a, b = g.memo.get(sides.ENEMIES)
    return g.tell((a,), "enemies", "enemy", seat=b).tell((b,), "enemies", "enemy", seat=a)


EVIL_SPIRIT = _plain(
    "evil_spirit", "Mauvais Esprit", "Evil Spirit",
    steps=(Step("evil_spirit", ("night",), order("evil_spirit"), FIRST_NIGHT, Kind.SEATS,
                role="evil_spirit", key="enemies",
                options=lambda g, stop: [Seats(p) for p in itertools.combinations(g.living(), 2)],
                act=_sow_hatred, required=lambda g: len(g.living()) >= 2),
           Step("enemies", ("night",), order("enemies"), FIRST_NIGHT, Kind.NONE,
                role="evil_spirit",
                wakes=lambda g: tuple(s for s in g.memo.get(sides.ENEMIES) or () if g.alive(s)),
                spent=lambda g: g.memo.get(sides.ENEMIES) is None, brief=_enemies_meet)))


# ---- the hypnotist: twice a game, a player who must vote against the victim he names -----------

SPELLS = "hypnotist.uses"
SPELLS_PER_GAME = 2  # "ne peut utiliser son pouvoir que deux fois par partie"
SPELL = "hypnotized"  # tonight: (the hypnotized seat, his victim)


def _spell_options(g: Game, stop: Stop) -> list:
    me = actor(stop)
    return [Seats((a, b)) for a in g.living() for b in g.living() if a != me and b != a]


def _hypnotize(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    a, b = common.living_targets(g, c, "hypnotize", "hypnotist", 2)
    if a == actor(stop):
        raise IllegalChoice("hypnotize[0]", "the hypnotist hypnotizes another player (he may "
                                            "be the victim)")
    g = common.remember(g, SPELLS, g.memo.get(SPELLS, 0) + 1)
    return common.tonight(g, SPELL, (a, b))


def _spell_cast(g: Game, stop: Stop) -> Game:
    a, b = g.tonight.get(SPELL)
    return g.tell((a,), "hypnotized", "hypnotized", seat=b)


def _spell_holds(g: Game) -> Game:
    """At dawn: the hypnotized player's ballot is bound to his victim for the day's vote."""
    spell = g.tonight.get(SPELL)
    if spell is None or not g.alive(spell[0]) or g.tonight.get(ASLEEP) == spell[0]:
        return g  # (the sandman's sleeper was never shown his victim)
    return g._with(today=g.today.put("bound", spell))


HYPNOTIST = _plain(
    "hypnotist", "Hypnotiseur", "Hypnotist", at_dawn=_spell_holds,
    steps=(Step("hypnotist", ("night",), order("hypnotist"), EVERY_NIGHT, Kind.SEATS,
                role="hypnotist", key="hypnotize",
                spent=lambda g: g.memo.get(SPELLS, 0) >= SPELLS_PER_GAME,
                options=_spell_options, act=_hypnotize),
           # the hypnotized player wakes and is shown his victim: part of the hypnotist's call
           Step("hypnotized", ("night",), order("hypnotist") + 5, EVERY_NIGHT, Kind.NONE,
                role="hypnotist",
                wakes=lambda g: tuple(s for s in (g.tonight.get(SPELL) or (None,))[:1]
                                      if s is not None and g.alive(s)),
                spent=lambda g: g.tonight.get(SPELL) is None, brief=_spell_cast)))


# ---- the priest: a blessed player, his card a villager's, who escapes his first death ------------

def _bless(g: Game, stop: Stop, c: Choice | None) -> Game:
    """The priest sees the card, which becomes a villager's ("la remplace immédiatement par une
    carte de simple Villageois"); the player is told. Unless he held a werewolf's card or the
    woodsman's, he escapes his first death (:func:`..deaths.spared`)."""
    if c is None:
        return g
    me = actor(stop)
    s = common.another_target(g, c, stop, "bless", "priest",
                              "the priest blesses another player (\"n'a pas le droit de se "
                              "désigner lui-même\")")
    card = g.cards[s]
    g = g.tell((me,), "priest", "saw", seat=s, role=card)
    if card != "villager":
        cards = list(g.cards)
        cards[s] = "villager"
        out = g.memo.get(OUT_OF_PLAY, ())
        g = common.remember(g._with(cards=tuple(cards)), OUT_OF_PLAY, out + (card,))
    g = g.tell((s,), "priest", "blessed", seat=s, role="villager")
    ch = cast.CHARACTER[card]
    if ch.camp == "werewolves" or ch.bitten_becomes is not None:
        return g  # "pour autant que le joueur n'était pas un Loup-Garou ou l'Homme des Bois"
    return common.remember(g, deaths.SPARED, s)


PRIEST = _plain(
    "priest", "Prêtre", "Priest",
    steps=(Step("priest", ("night",), order("priest"), FIRST_NIGHT, Kind.SEAT, role="priest",
                key="bless", options=lambda g, stop: common.others(g, actor(stop)),
                act=_bless, required=lambda g: len(g.living()) >= 2),))


# ---- the assassin: names his targets on the first night, and wins alone when all are dead --------

def contract_size(g: Game) -> int:
    """"Un nombre de joueurs identique au nombre de Loups-Garous introduit dans cette partie plus
    un": the werewolf cards dealt (the pack leader's too, not the woodsman's), plus one; at
    most every other player."""
    return min(common.werewolf_cards(g.dealt) + 1, len(g.living()) - 1)


def _contract_options(g: Game, stop: Stop) -> list:
    others = [s for s in g.living() if s != actor(stop)]
    return [Seats(p) for p in itertools.combinations(others, contract_size(g))]


def _sign_contract(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    targets = common.living_targets(g, c, "targets", "assassin", contract_size(g))
    if actor(stop) in targets:
        raise IllegalChoice("targets", "the assassin names other players, not himself")
    return common.remember(g, sides.CONTRACT, tuple(sorted(targets)))


ASSASSIN = _plain(
    "assassin", "Assassin", "Assassin", "loners", goal="assassin",
    steps=(Step("assassin", ("night",), order("assassin"), FIRST_NIGHT, Kind.SEATS,
                role="assassin", key="targets", options=_contract_options,
                act=_sign_contract, required=lambda g: contract_size(g) >= 1),))


# ---- the sandman: a player who wakes for no call tonight -----------------------------------------

def _never_twice_running(memo_key: str, key: str, who: str, self_rule: str, does: str,
                         into: str, then=None):
    """The options and the act of a nightly choice of another player, never the one of the
    night before (the sandman's sleeper, the trapper's trap), kept in ``tonight[into]``;
    ``then(g, seat)`` adds what follows."""
    def last_night(g: Game, seat: int) -> bool:
        return g.memo.get(memo_key) == (seat, g.phase.number - 1)

    def options(g: Game, stop: Stop) -> list:
        return [Seat(s) for s in g.living() if s != actor(stop) and not last_night(g, s)]

    def act(g: Game, stop: Stop, c: Choice | None) -> Game:
        if c is None:
            return g
        s = common.another_target(g, c, stop, key, who, self_rule)
        if last_night(g, s):
            raise IllegalChoice(key, f"seat {s} was chosen last night: the {who} never {does} "
                                     "the same player two nights in a row")
        g = common.tonight(common.remember(g, memo_key, (s, g.phase.number)), into, s)
        return then(g, s) if then else g
    return options, act


_sleep_options, _put_to_sleep = _never_twice_running(
    "sandman.last", "sleep", "sandman", "the sandman \"ne peut en aucun cas se désigner "
    "lui-même\"", "chooses", ASLEEP,
    lambda g, s: g.tell((s,), "sandman", "asleep", seat=s))


SANDMAN = _plain(
    "sandman", "Marchand de Sable", "Sandman",
    steps=(Step("sandman", ("night",), order("sandman"), EVERY_NIGHT, Kind.SEAT, role="sandman",
                key="sleep", options=_sleep_options, act=_put_to_sleep),))


# ---- the trapper: a trap before a home; a werewolf caught, chosen by the first devoured ----------

TRAP = "trap"  # tonight: the seat he protects
CAUGHT = common.CAUGHT  # tonight: the werewolf caught in the trap (the witch may heal him)

_trap_options, _set_trap = _never_twice_running(
    "trapper.last", "protect", "trapper", "the trapper \"n'a pas le droit de se protéger "
    "lui-même\"", "protects", TRAP)


def first_devoured(g: Game) -> int | None:
    """"Le premier joueur qui a été dévoré dans la partie"."""
    return next((d.seat for d in g.deaths if d.cause == "werewolves"), None)


def sprung(g: Game) -> bool:
    """Tonight the werewolves chose the player the trap protects."""
    return g.tonight.get(TRAP) is not None and g.tonight.get(TRAP) == g.tonight.get("victim")


def _spring(g: Game, stop: Stop) -> Game:
    """The victim is not devoured; the first devoured is shown the pack, to choose from."""
    pack = _hunters(g)
    g = common.tonight(common.tonight(g, "victim", None), SPRUNG, True)
    return g.tell(stop.woken, "trapped", "pack", seats=tuple(p.seat for p in pack))


SPRUNG = "trap_sprung"  # tonight: the trap caught a werewolf


def _hunters(g: Game) -> list:
    """Tonight's pack, that the trap may catch."""
    return [Seat(w) for w in g.tonight.get("pack", ()) if g.alive(w) and sides.wolfish(g, w)]


def _caught_options(g: Game, stop: Stop) -> list:
    """The pack, once the trap has sprung (never shown otherwise: the call is for show)."""
    return _hunters(g) if g.tonight.get(SPRUNG) else []


def _catch(g: Game, stop: Stop, c: Choice | None) -> Game:
    s = common.offered_target(g, c, _hunters(g), "catch", "first devoured",
                              "seat {seat} did not hunt with the pack tonight: the trap "
                              "catches one of tonight's werewolves")
    return common.tonight(g, CAUGHT, s)


TRAPPER = _plain(
    "trapper", "Trappeur", "Trapper",
    steps=(Step("trapper", ("night",), order("trapper"), EVERY_NIGHT, Kind.SEAT, role="trapper",
                key="protect", spent=lambda g: not conditions.after_a_werewolves_kill(g),
                options=_trap_options, act=_set_trap),
           # right after the pack: the first devoured names the werewolf the trap caught. It is
           # called every night the trapper lives, for show when the trap did not spring.
           Step("trapped", ("night",), order("werewolves") + 5, EVERY_NIGHT, Kind.SEAT,
                role="trapper", key="catch",
                wakes=lambda g: tuple(s for s in (first_devoured(g),) if s is not None),
                spent=lambda g: not sprung(g) or first_devoured(g) is None or not _hunters(g),
                brief=_spring, options=_caught_options, act=_catch,
                required=lambda g: True)))


# ---- the mage: once a game, a player who disappears until the next night ------------------------

def _vanish(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    s = common.living_target(g, c, "banish", "mage")
    return common.remember(g, sides.BANISHED, (s, g.phase.number))


def _leave(g: Game, stop: Stop) -> Game:
    s, _night = g.memo.get(sides.BANISHED)
    return g.tell((s,), "banished", "banished", seat=s)


def _banished_now(g: Game) -> tuple[int, ...]:
    gone = g.memo.get(sides.BANISHED)
    return (gone[0],) if gone is not None and gone[1] == g.phase.number else ()


MAGE = _plain(
    "mage", "Mage", "Mage",
    steps=(Step("mage", ("night",), order("mage"), EVERY_NIGHT, Kind.SEAT, role="mage",
                key="banish", spent=lambda g: g.memo.get(sides.BANISHED) is not None,
                options=lambda g, stop: [Seat(s) for s in g.living()], act=_vanish),
           # the mage touches the player he chose, who leaves the room (the app cannot touch
           # anybody): part of his call, for show when nobody vanished tonight
           Step("banished", ("night",), order("mage") + 5, EVERY_NIGHT, Kind.NONE, role="mage",
                spent=lambda g: not _banished_now(g), brief=_leave)))


# ---- Cassandra: a silver bullet a night; two werewolves shot and she wins, two villagers and
# she dies ----------------------------------------------------------------------------------------

SHOT = "cassandra"  # tonight: the player she shoots (shown to the witch beside the pack's victim)
MISSES = "cassandra.misses"  # the players not on the werewolves' side her bullets killed
MISSES_ALLOWED = 2  # "Si Cassandra se trompe deux fois ... celle-ci est éliminée"

_shoot = _another_tonight("shoot", "Cassandra", "Cassandra shoots another player", SHOT)


def _count_shot(g: Game, seat: int) -> Game:
    """Each death by her bullet counts: a werewolf killed, or a mistake."""
    d = g.death_of(seat)
    if d is None or d.cause != "silver_bullet":
        return g
    key = sides.SILVER_HITS if sides.wolfish(g, seat) else MISSES
    return common.remember(g, key, g.memo.get(key, 0) + 1)


def _second_mistake(g: Game) -> Game:
    """At dawn, once her second wrong victim's card is shown, she dies ("celle-ci est
    éliminée au réveil du Village dès que l'identité de sa deuxième victime est révélée"):
    her death is announced after the night's, and its chain follows theirs."""
    s = g.holder("cassandra")
    if s is None or g.memo.get(MISSES, 0) < MISSES_ALLOWED:
        return g
    if deaths.spared(g, s):
        return deaths.spare(g, s, public=True)
    g = deaths.announce(deaths.die(g, s, "misfire"), s)
    return g._with(today=g.today.put("dawn", g.today.get("dawn", ()) + (s,)))


CASSANDRA = _plain(
    "cassandra", "Cassandra", "Cassandra", "loners", goal="cassandra",
    on_death=_count_shot, at_dawn=_second_mistake,
    steps=(Step("cassandra", ("night",), order("cassandra"), EVERY_NIGHT, Kind.SEAT,
                role="cassandra", key="shoot",
                options=lambda g, stop: common.others(g, actor(stop)), act=_shoot),))


# ---- Dr Jekyll and Mr Hyde: the game master's die each night -------------------------------------

ROLLED = "jekyll_die"  # tonight: what the die showed
HYDE = "hyde"  # tonight: Mr Hyde's victim (shown to the witch beside the pack's)
HYDE_ROLL, JEKYLL_ROLL = 1, 6  # "Sur un résultat de 1 … Si le résultat du dé est de 6"


def _jekylls_dead(g: Game) -> list[int]:
    """The players tonight's attacks kill so far, that Dr Jekyll is shown on a 6 (not a lone
    wolf dying of the Québec pack's sickness: no attack)."""
    attacked = deaths.attacks(g)
    return sorted(s for s in deaths.night_kills(g) if s in attacked)


def _awake(g: Game, seat: int) -> bool:
    return g.tonight.get(ASLEEP) != seat and not sides.absent(g, seat)


def _roll(g: Game, stop: Stop, c: Choice | None) -> Game:
    """The die, rolled by the app; Dr Jekyll (unless the sandman keeps him asleep) is told at
    his call what it says, and on a 6 who has died tonight so far."""
    if not isinstance(c, Roll) or not 1 <= c.value <= 6:
        raise IllegalChoice("roll", "the die shows 1 to 6")
    g = common.tonight(g, ROLLED, c.value)
    me = g.holder("jekyll_hyde")
    if me is None or not _awake(g, me):
        return g
    dead = _jekylls_dead(g) if c.value == JEKYLL_ROLL else []
    return g.tell((me,), "jekyll_hyde", "rolled", seats=tuple(dead), value=c.value)


def _jekyll_options(g: Game, stop: Stop) -> list:
    roll = g.tonight.get(ROLLED)
    if roll == HYDE_ROLL:
        return common.others(g, actor(stop))
    if roll == JEKYLL_ROLL:
        return [Seat(s) for s in _jekylls_dead(g)]
    return []


def _jekyll_idle(g: Game) -> bool:
    """On 2 to 5 "rien ne se passe"; on a 6 with nobody dead yet, there is nobody to save; on
    a 1 with nobody else alive (the last werewolf dead at dusk), nobody to murder."""
    roll = g.tonight.get(ROLLED)
    return roll not in (HYDE_ROLL, JEKYLL_ROLL) or (roll == JEKYLL_ROLL
                                                    and not _jekylls_dead(g)) \
        or (roll == HYDE_ROLL and len(g.living()) < 2)


def _transform(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    if g.tonight.get(ROLLED) == HYDE_ROLL:
        s = common.another_target(g, c, stop, "target", "Mr Hyde",
                                  "Mr Hyde murders another player")
        return common.tonight(g, HYDE, s)
    s = common.living_target(g, c, "target", "Dr Jekyll")
    dead = _jekylls_dead(g)
    if s not in dead:
        raise IllegalChoice("target", f"seat {s} has not died tonight: Dr Jekyll saves one of "
                                      f"seats {', '.join(map(str, dead))}")
    return common.tonight(g, deaths.JEKYLL_SAVES, (s, deaths.attacks(g)[s]))


JEKYLL_HYDE = _plain(
    "jekyll_hyde", "Dr Jekyll et Mr Hyde", "Dr Jekyll and Mr Hyde",
    steps=(Step("jekyll_die", ("night",), order("jekyll_hyde") - 5, EVERY_NIGHT, Kind.DIE,
                role="jekyll_hyde", key="roll", wakes=lambda g: (),
                options=lambda g, stop: [Roll(v) for v in range(1, 7)], act=_roll,
                required=lambda g: True, chance=True),
           Step("jekyll_hyde", ("night",), order("jekyll_hyde"), EVERY_NIGHT, Kind.SEAT,
                role="jekyll_hyde", key="target", spent=_jekyll_idle,
                options=_jekyll_options, act=_transform, required=lambda g: True)))


# ---- the crow of fate (seed 000's Corbeau): a dead villager's die, his card laid before a player -

CROW_ROLLED = "crow_die"  # tonight: what the crow's die showed
CROW_LAID = "crow.laid"  # memo: (the seat his card lies before, the night)
#: The causes that are the werewolves' ("Si le Corbeau a été tué par les Loups-Garous");
#: every other is the villagers' ("pendant la journée ou par l'effet d'un pouvoir spécial").
BY_THE_WEREWOLVES = frozenset({"werewolves", "big_bad_wolf", "white_werewolf"})


def _crow_calls(g: Game) -> bool:
    """His die and his call come at the end of the night after the night or the day he was
    killed in ("Tout à la fin de la nuit suivant la nuit ou la journée pendant laquelle il a
    été tué")."""
    return conditions.died_last_phase(g, "crow")


def _dead_crow(g: Game) -> tuple[int, ...]:
    last = g.phase.number - 1
    return tuple(d.seat for d in g.deaths if d.card == "crow" and d.day == last)


def _crows_cause(g: Game, seat: int) -> str:
    """His death's cause; dead of grief, his lover's ("il est considéré comme ayant été tué
    par la même cause que son compagnon")."""
    d = g.death_of(seat)
    if d.cause == "grief" and d.by is not None and g.death_of(d.by) is not None:
        return g.death_of(d.by).cause
    return d.cause


def crow_lays_before_werewolves(cause: str, roll: int) -> bool:
    """Killed by the werewolves: 1 or 2, a villager; 3 to 6, a werewolf. Killed by the
    villagers: the other way round."""
    low = roll <= 2
    return not low if cause in BY_THE_WEREWOLVES else low


def _crow_group(g: Game) -> tuple[int, ...]:
    """The living players his card may be laid before tonight."""
    roll, crows = g.tonight.get(CROW_ROLLED), _dead_crow(g)
    if roll is None or not crows:
        return ()
    wolves = crow_lays_before_werewolves(_crows_cause(g, crows[0]), roll)
    return tuple(s for s in g.living() if sides.wolfish(g, s) == wolves)


def _crow_roll(g: Game, stop: Stop, c: Choice | None) -> Game:
    if not isinstance(c, Roll) or not 1 <= c.value <= 6:
        raise IllegalChoice("roll", "the die shows 1 to 6")
    return common.tonight(g, CROW_ROLLED, c.value)


def _crow_shown(g: Game, stop: Stop) -> Game:
    """The dead crow is told what the die shows, and the players his card may go before."""
    group = _crow_group(g)
    wolves = bool(group) and sides.wolfish(g, group[0])
    return g.tell(stop.woken, "crow", "crow_rolled", seats=group,
                  value={"roll": g.tonight.get(CROW_ROLLED), "werewolves": wolves})


def _lay(g: Game, stop: Stop, c: Choice | None) -> Game:
    s = common.living_target(g, c, "lay", "crow")
    group = _crow_group(g)
    if s not in group:
        raise IllegalChoice("lay", f"the die sends the crow's card before one of seats "
                                   f"{', '.join(map(str, group))}, not seat {s}")
    return common.remember(g, CROW_LAID, (s, g.phase.number))


def _crow_at_dawn(g: Game) -> Game:
    """At dawn the village sees his card lying face up before that player."""
    laid = g.memo.get(CROW_LAID)
    if laid is None or laid[1] != g.phase.number:
        return g
    return g.tell(None, "crow", "crow_card", seat=laid[0])


CROW = _plain(
    "crow", "Corbeau du destin", "Crow of Fate", at_dawn=_crow_at_dawn,
    steps=(Step("crow_die", ("night",), order("crow") - 5, FROM_NIGHT_2, Kind.DIE, role="crow",
                key="roll", called=_crow_calls, wakes=lambda g: (),
                options=lambda g, stop: [Roll(v) for v in range(1, 7)], act=_crow_roll,
                required=lambda g: True, chance=True),
           Step("crow", ("night",), order("crow"), FROM_NIGHT_2, Kind.SEAT, role="crow",
                key="lay", called=_crow_calls, wakes=_dead_crow, brief=_crow_shown,
                spent=lambda g: not _crow_group(g),
                options=lambda g, stop: [Seat(s) for s in _crow_group(g)], act=_lay,
                required=lambda g: True)))


# ---- the immortal: killed, he is shown, lives on, and draws one of two face-down cards -------

IMMORTAL_ID = "immortal"
#: What he may draw, by the choice's number: his own card (0) or an unused werewolf card (1).
IMMORTAL_DRAWS = (IMMORTAL_ID, "werewolf")


def _immortal_lives_on(g: Game, seat: int) -> bool:
    """He cannot die while he holds his own card, unless the village took its powers (nor
    the Imposteur who took it: "Lorsque le joueur qui jouait l'Imposteur est tué à nouveau,
    il est définitivement éliminé")."""
    return sides.has_power(g, seat) and not impostor_played(g, seat)


def _immortal_returns(g: Game, seat: int) -> Game:
    """Killed and shown, he lives on: the game master holds out his card and an unused
    werewolf card, face down, and he draws one (the chain's decision)."""
    if not g.alive(seat):
        return g  # his power lost: this death is final
    return ask(g, IMMORTAL_DRAW, (seat,), among=(seat,))


def _draw_card(g: Game, stop: Stop, c: Choice | None) -> Game:
    """"[il] en choisit une dont il prend connaissance en secret": the werewolf card makes
    him a werewolf from now on (his next death is final), his own card keeps him a villager
    (the same happens at his next death). The table hears only that he lives on; he alone
    is shown what he drew (the next stop, his)."""
    if not isinstance(c, Take):
        raise IllegalChoice("draw", "the immortal draws one of the two face-down cards: "
                                    "expected 0 (his own) or 1 (the werewolf's)")
    me = stop.among[0]
    card = IMMORTAL_DRAWS[c.card]
    if g.cards[me] != card:
        g = g._with(cards=g.cards[:me] + (card,) + g.cards[me + 1:])
    g = g.tell((me,), IMMORTAL_ID, "drew", seat=me, role=card)
    g = g.tell(None, IMMORTAL_ID, "lives_on", seat=me)
    g = ask(g, IMMORTAL_SEES, (me,), among=(me,))
    return g._with(stop=dataclasses.replace(g.stop, required=False))


IMMORTAL_DRAW = Step(IMMORTAL_ID, ("day",), 0, ON_DEMAND, Kind.CARD, role=IMMORTAL_ID,
                     key="draw", record="immortal", options=lambda g, stop: [Take(0), Take(1)],
                     act=_draw_card)
#: He looks at the card he drew, alone (nothing to choose: the tablet is his till he goes on).
IMMORTAL_SEES = Step("immortal_card", ("day",), 0, ON_DEMAND, Kind.NONE, role=IMMORTAL_ID)

IMMORTAL = _plain(IMMORTAL_ID, "Immortel", "Immortal", lives_on=_immortal_lives_on,
                  last_act=_immortal_returns, steps=(IMMORTAL_DRAW, IMMORTAL_SEES))


# ---- the impostor: killed, he takes a living player's card and plays on; that player is out ---

IMPOSTOR_ID = "impostor"
#: ``memo`` key: (the Imposteur's seat, the seat whose card he took, that card).
USURPED = "impostor.took"


def impostor_played(g: Game, seat: int) -> bool:
    """The seat is the player who played the Imposteur and took another's card."""
    took = g.memo.get(USURPED)
    return took is not None and took[0] == seat


def _others_present(g: Game, seat: int) -> list[Seat]:
    return [Seat(s) for s in sides.present(g) if s != seat]


def _impostor_lives_on(g: Game, seat: int) -> bool:
    """Killed while he holds his own card (his power kept), he takes another's: there must
    be "un joueur encore en vie" in the room to name."""
    return sides.has_power(g, seat) and bool(_others_present(g, seat))


def _impostor_names(g: Game, seat: int) -> Game:
    """"au moment où le Meneur de Jeu retourne sa carte pour la montrer aux autres joueurs,
    l'Imposteur désigne un joueur encore en vie" (the chain's decision); nobody left to
    name by then (the chains before his took them), his death stands."""
    if not g.alive(seat):
        return g
    if not _others_present(g, seat):
        return g._with(dead=g.dead | {seat})
    return ask(g, IMPOSTOR_TAKES, (seat,), among=(seat,))


def _take_card(g: Game, stop: Stop, c: Choice | None) -> Game:
    """He looks at that player's card in secret and takes it: he plays on as that card, on
    its side, with its powers; the player is eliminated at once, his card not shown (the
    table saw the Imposteur take it). The Imposteur is then shown his new card, alone (the
    next stop, his); the player's own chain (his lover's grief, his successor) follows."""
    me = stop.among[0]
    s = common.another_target(g, c, stop, "take", "impostor",
                              "the impostor names another living player")
    card = g.cards[s]
    g = common.remember(g, USURPED, (me, s, card))
    g = g._with(cards=g.cards[:me] + (card,) + g.cards[me + 1:])
    g = g.tell((me,), IMPOSTOR_ID, "took_card", seat=s, role=card)
    g = g.tell(None, IMPOSTOR_ID, "usurped", seat=s, by=me)
    g = deaths.announce(deaths.die(g, s, "impostor", me, final=True), s)
    g = deaths.start_chains(g, (s,))
    g = ask(g, IMPOSTOR_SEES, (me,), among=(me,))
    return g._with(stop=dataclasses.replace(g.stop, required=False))


IMPOSTOR_TAKES = Step(IMPOSTOR_ID, ("day",), 0, ON_DEMAND, Kind.SEAT, role=IMPOSTOR_ID,
                      key="take", options=lambda g, stop: _others_present(g, stop.among[0]),
                      act=_take_card)
#: He looks at the card he took, alone (nothing to choose: the tablet is his till he goes on).
IMPOSTOR_SEES = Step("impostor_card", ("day",), 0, ON_DEMAND, Kind.NONE, role=IMPOSTOR_ID)

IMPOSTOR = _plain(IMPOSTOR_ID, "Imposteur", "Impostor", lives_on=_impostor_lives_on,
                  last_act=_impostor_names, steps=(IMPOSTOR_TAKES, IMPOSTOR_SEES))

CHARACTERS = (PACK_LEADER, DETECTIVE, TRAITOR, WOODSMAN, APPRENTICE_SEER, MATHEMATICIAN,
              NIGHT_OWL, MAGISTRATE, DIVINER, VIGILANTE, DREAM_READER, EVIL_SPIRIT, HYPNOTIST,
              PRIEST, ASSASSIN, SANDMAN, TRAPPER, MAGE, CASSANDRA, JEKYLL_HYDE,
              CROW, TAVERN_KEEPER, LOST_SOUL, FANATIC, IMMORTAL, IMPOSTOR)
