"""The Québec booklet's characters with *special powers* (seed 002: "Pouvoirs spéciaux"),
played by :mod:`..powers`: each is one entry, with its rules from the booklet; its Québec
categories are :mod:`..categories`'. docs/characters.md lists the booklet's other characters,
and why each waits."""

from __future__ import annotations

from onenight.common.errors import IllegalChoice

from .. import cast, deaths, powers, sides, states
from ..model import DAYBREAK, NIGHTFALL, Choice, Game, Kind, Seat, Stop
from ..order import order
from ..powers import Power, Specials
from ..table import EVERY_NIGHT, FROM_NIGHT_3, Step
from . import common, wolves
from .quebec import quebec_card

# ---- the Apothicaire: two of her four remedies, one a night --------------------------------------

#: ``memo``: (the seat the Parfum de Mort names, the night it was used) until the pack attacks.
PERFUME = "apothecary.perfume"


def _herb(g: Game, me: int, seat: int | None) -> Game:
    """Extrait d'Herbe-aux-Loups: "On choisit un joueur qui sera protégé pour cette nuit"."""
    return states.protect(g, seat)


def _perfume(g: Game, me: int, seat: int | None) -> Game:
    """Parfum de Mort: "On choisit un joueur que la meute sera obligée d'attaquer": tonight's
    victim is foretold, as the diviner's (:func:`.wolves.foretold`: "un loup seul ne se
    dévorera pas lui-même"). The Loup Solitaire "résiste au Parfum de Mort": on him it does
    nothing (the pack chooses freely)."""
    if cast.CHARACTER[g.cards[seat]].lone_wolf:
        return g
    return common.tonight(common.remember(g, PERFUME, seat), wolves.FORETOLD, seat)


def _elixir(g: Game, me: int, seat: int | None) -> Game:
    """Élixir de Vitalité du Dr Lambert: "un joueur qui devient fait fort, s'il ne l'était pas
    déjà … La cible n'est pas informée de ce bienfait"."""
    return states.make_strong(g, seat)


def _serum(g: Game, me: int) -> Game:
    """Sérum Indigeste (automatique): "Si on se fait dévorer par les loups, la meute tombe
    malade" (:mod:`..states`, the pack's sickness)."""
    return states.carry_serum(g, me)


APOTHECARY_POWERS = Specials("apothecary", (
    Power("herb", not_twice=True, act=_herb),
    Power("perfume", uses="single", itself=False, act=_perfume),
    Power("elixir", uses="single", act=_elixir),
    Power("serum", uses="automatic", names=False, kept=_serum),
), pick=2)


def _perfume_lingers(g: Game) -> Game:
    """"Si la meute n'attaque pas cette nuit, le Parfum dure jusqu'à la nuit suivante": at
    dusk, a perfume the pack has not answered yet names tonight's victim again."""
    s = g.memo.get(PERFUME)
    if s is None or not g.alive(s):
        return g
    return common.tonight(g, wolves.FORETOLD, s)


def _perfume_answered(g: Game) -> Game:
    """At dawn: the pack attacked (its victim chosen, reached or not), or the perfumed player
    is gone: the perfume is over."""
    s = g.memo.get(PERFUME)
    if s is None or (g.tonight.get("victim") is None and g.alive(s)):
        return g
    return common.remember(g, PERFUME, None)


#: "Durant la première nuit, choisit en secret 2 pouvoirs spéciaux parmi un choix de 4. À
#: chaque nuit, peut utiliser un (et un seul) des pouvoirs choisis." Her call comes before the
#: pack's, whose night her remedies change.
APOTHECARY = quebec_card(
    "apothecary", "Apothicaire", "Apothecary", at_dusk=_perfume_lingers,
    at_dawn=_perfume_answered,
    steps=powers.steps(APOTHECARY_POWERS, order("apothecary"), EVERY_NIGHT,
                       pick_order=order("apothecary_powers")))



# ---- the Violoneux: a reel, a gigue or a rigodon, one a night from the third ------------------

#: ``tonight``: whether the reel's group held a wolf (the howls), once he played it.
REEL = "violoneux.reel"
#: ``tonight``: the player his gigue exhausted.
JIGGED = "violoneux.jigged"


def reel_group(g: Game, seat: int) -> tuple[int, ...]:
    """"Cible un groupe de 3 joueurs (le joueur désigné et ses deux voisins)": his living
    neighbours round the table, the dead left out of the circle."""
    ring = [s for s in g.living() if not sides.absent(g, s)]
    i = ring.index(seat)
    return tuple(sorted({ring[i - 1], seat, ring[(i + 1) % len(ring)]}))


def _howls(g: Game, group: tuple[int, ...]) -> bool:
    """"Si le groupe comprend un loup ou un Chien-Garou": a wolf as the village's looks find
    one (the pack's side, the Loup Solitaire), or the Chien-Garou's card."""
    return any(sides.wolf(g, s) or g.cards[s] == "dog_wolf" for s in group)


def _reel(g: Game, me: int, seat: int | None) -> Game:
    """The whole village hears it, at dawn (:func:`_morning`): music, with howls or not."""
    group = reel_group(g, seat)
    g = common.tonight(g, REEL, _howls(g, group))
    return g.tell((), "violoneux", "reel", seats=group, value=g.tonight.get(REEL))


def _gigue(g: Game, me: int, seat: int | None) -> Game:
    """"Le joueur ciblé devient épuisé pour la nuit" (:mod:`..states`)."""
    return common.tonight(states.exhaust(g, seat), JIGGED, seat)


def _rigodon_night(g: Game, me: int, seat: int | None) -> Game:
    """"Nuit: le village passe immédiatement au matin du jour suivant": no call after his."""
    g = common.tonight(g, DAYBREAK, order("violoneux"))
    return g.tell(None, "violoneux", "rigodon_night")


def _rigodon_day(g: Game, me: int, seat: int | None) -> Game:
    """"Jour: si on est toujours en jeu au matin, le village passe immédiatement à la nuit
    suivante": told at dawn when he is still there (:func:`_morning`)."""
    return common.remember(g, NIGHTFALL, (me, g.phase.number))


VIOLONEUX_POWERS = Specials("violoneux", (
    Power("reel", act=_reel),
    Power("gigue", itself=False, act=_gigue),
    Power("rigodon_night", uses="single", names=False, spends="rigodon", act=_rigodon_night),
    Power("rigodon_day", uses="single", names=False, spends="rigodon", act=_rigodon_day),
))


def _morning(g: Game) -> Game:
    """The dawn after his night: the reel heard by all ("le village entend une musique
    accompagnée de hurlements" or "que de la musique"); the gigue's player named ("Son
    identité est dévoilée au matin, et il n'aura pas le droit de vote pour la journée"); a
    rigodon de jour said while he is still in play."""
    howls = g.tonight.get(REEL)
    if howls is not None:
        g = g.tell(None, "violoneux", "reel_howls" if howls else "reel_music")
    jigged = g.tonight.get(JIGGED)
    if jigged is not None and g.alive(jigged):
        g = common.remember(g, states.NO_VOTE, (jigged, g.phase.number))
        g = g.tell(None, "violoneux", "jigged", seat=jigged)
    nightfall = g.memo.get(NIGHTFALL)
    if nightfall is not None and nightfall[1] == g.phase.number and g.alive(nightfall[0]):
        g = g.tell(None, "violoneux", "rigodon_day")
    return g


#: "Chaque nuit (après la 2ième), peut utiliser un de 3 pouvoirs spéciaux": he holds the three
#: (no pick). His call opens the usual round, so that his gigue tires a player before that
#: player's call, and his rigodon de nuit skips the whole night after it.
VIOLONEUX = quebec_card(
    "violoneux", "Violoneux", "Fiddler", at_dawn=_morning,
    steps=powers.steps(VIOLONEUX_POWERS, order("violoneux"), FROM_NIGHT_3))



# ---- the Coureur des Bois: a trap, a blunderbuss or a canoe -----------------------------------

#: ``tonight``: the player his Piège à Loup guards tonight.
TRAPPED = "coureur.trapped"
#: ``memo``: the night his trap caught a wolf of the pack (he is told at his next call).
FIRED = "coureur.fired"


def _fire(g: Game, me: int, awake: bool) -> Game:
    """"Après s'être activé une fois, on en est averti, et ce pouvoir ne pourra plus être
    utilisé": the trap is spent. Fired at his call, he is told there; fired at the pack's
    (nobody awake), at his next call, which wakes him for it (:func:`_told_next_night`)."""
    g = powers.spend(g, COUREUR_POWERS, "trap")
    if awake:
        return g.tell((me,), "coureur", "trap_fired")
    return common.remember(g, FIRED, g.phase.number)


def _fired_last_night(g: Game) -> bool:
    return g.memo.get(FIRED) == g.phase.number - 1


def _told_next_night(g: Game, stop: Stop) -> Game:
    return g.tell(stop.woken, "coureur", "trap_fired") if _fired_last_night(g) else g


def _trap(g: Game, me: int, seat: int | None) -> Game:
    """Piège à Loup: "On choisit un joueur (autre que nous-même)". "Si le joueur est lui-même
    un loup, il mourra au moment du réveil de la meute": his call is the last before the
    pack's, so the wolf dies now, announced at dawn with the night's dead (a *fait fort* wolf
    survives it, his strength spent; the priest's blessed escapes it). Otherwise the trap
    waits for the pack (:func:`_struck`)."""
    if not sides.wolf(g, seat):
        return common.tonight(g, TRAPPED, seat)
    g = _fire(g, me, awake=True)
    if deaths.spared(g, seat):
        return deaths.spare(g, seat, public=False)
    if states.shrugs_off(g, seat, "wolf_trap"):
        return states.spend_strong(g, seat)
    g = deaths.die(g, seat, "wolf_trap", me)
    return common.tonight(g, "dusk_dead", g.tonight.get("dusk_dead", ()) + (seat,))


def _canoe(g: Game, me: int) -> Game:
    """Canoë (automatique): "Durant les deux premières nuits, on est considéré hors-jeu"
    (:func:`..sides.out_of_play`), from this pick on."""
    return common.remember(g, sides.CANOE, me)


#: "Tromblon … On choisit entre "droitier" ou "gaucher"": the hand is chosen with the power,
#: so the pick offers it twice, one per hand; both spend the one shot.
COUREUR_POWERS = Specials("coureur", (
    Power("trap", itself=False, act=_trap),
    Power("blunderbuss_right", uses="automatic", names=False, spends="blunderbuss"),
    Power("blunderbuss_left", uses="automatic", names=False, spends="blunderbuss"),
    Power("canoe", uses="automatic", names=False, kept=_canoe),
), pick=1)


def first_wolf(g: Game, seat: int, hand: str) -> int | None:
    """"Le premier loup assis dans la direction indiquée (droite ou gauche)": the first living
    wolf round the table from ``seat``, to his right (seat − 1, − 2, …, as the pyromaniac's
    fire) or to his left (seat + 1, + 2, …); a wolf away from his seat tonight (the mage's
    banished) is not seated there."""
    step = -1 if hand == "right" else 1
    for k in range(1, g.players):
        s = (seat + step * k) % g.players
        if g.alive(s) and not sides.absent(g, s) and sides.wolf(g, s):
            return s
    return None


def _gun(g: Game, me: int) -> str | None:
    """The hand of his blunderbuss, while its shot is not fired."""
    if "blunderbuss" in powers.spent(g, COUREUR_POWERS):
        return None
    for p in powers.held(g, COUREUR_POWERS):
        if p.startswith("blunderbuss_"):
            return p.removeprefix("blunderbuss_")
    return None


def _struck(g: Game) -> tuple[str, int] | None:
    """Whether the pack's target tonight sets off his trap or his blunderbuss: ("trap", the
    guarded player) or (the gun's hand, himself)."""
    victim = g.tonight.get("victim")
    me = next(iter(g.holders("coureur")), None)
    if victim is None or me is None or not g.alive(me):
        return None
    if g.tonight.get(TRAPPED) == victim \
            and COUREUR_POWERS.power("trap") in powers.usable(g, COUREUR_POWERS):
        return ("trap", victim)
    hand = _gun(g, me)
    if victim == me and hand is not None and first_wolf(g, me, hand) is not None:
        return (hand, me)
    return None


def _caught(g: Game, stop: Stop | None) -> list:
    """The wolves the trap or the shot may kill: "un des loups (choisi au hasard)" of the pack
    that attacked; the blunderbuss's one wolf. None (a victim the pack did not choose, its
    wolves all gone): nothing fires."""
    struck = _struck(g)
    if struck is None:
        return []
    if struck[0] == "trap":
        return [Seat(s) for s in g.tonight.get("pack", ()) if g.alive(s)
                and not sides.absent(g, s) and sides.wolf(g, s)]
    return [Seat(first_wolf(g, struck[1], struck[0]))]


def _strike(g: Game, stop: Stop, c: Choice | None) -> Game:
    """"Il sera épargné, et un des loups … mourra"; "on ne meurt pas, et le premier loup …
    meurt": the pack's victim is spared (the witch is shown none), and the wolf dies at dawn
    with the night's dead. The shot "tout le monde entend": the dawn's news."""
    if not isinstance(c, Seat) or c not in _caught(g, stop):
        raise IllegalChoice("wolf", "the Coureur des Bois's trap or blunderbuss kills a wolf "
                                    "of tonight's pack")
    kind, _ = _struck(g)
    me = g.holders("coureur")[0]
    g = common.tonight(g, "victim", None)
    if kind == "trap":
        return common.tonight(_fire(g, me, awake=False), "wolf_trap", c.seat)
    g = powers.spend(g, COUREUR_POWERS, "blunderbuss")
    return common.tonight(g, "blunderbuss", c.seat).tell(None, "coureur", "blunderbuss")


def _back_from_the_woods(g: Game) -> Game:
    """"Au matin du premier jour, notre identité est révélée": told to the whole table at the
    first dawn, with the reason he neither votes nor is voted against that day."""
    s = g.memo.get(sides.CANOE)
    if g.phase.number != 1 or s is None or not g.alive(s):
        return g
    return g.tell(None, "coureur", "canoe", seat=s, role="coureur")


#: "Durant la première nuit, obtient en secret un pouvoir spécial parmi 3 possibles." His call
#: is the last before the pack's; a chance stop right after it (nobody awake) draws the wolf
#: his trap catches, or names the one his blunderbuss shoots.
COUREUR = quebec_card(
    "coureur", "Coureur des Bois", "Coureur des Bois", at_dawn=_back_from_the_woods,
    steps=powers.steps(COUREUR_POWERS, order("coureur"), EVERY_NIGHT,
                       pick_order=order("coureur_powers"), brief=_told_next_night,
                       spent=lambda g: powers.all_spent(g, COUREUR_POWERS)
                       and not _fired_last_night(g))
    + (Step("coureur_strikes", ("night",), order("werewolves") + 3, EVERY_NIGHT, Kind.SEAT,
            role="coureur", key="wolf", wakes=lambda g: (), called=lambda g: bool(_caught(g, None)),
            options=_caught, act=_strike, required=lambda g: True, chance=True),))

CHARACTERS = (APOTHECARY, VIOLONEUX, COUREUR)
