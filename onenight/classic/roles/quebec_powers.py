"""The Québec booklet's characters with *special powers* (seed 002: "Pouvoirs spéciaux"),
played by :mod:`..powers`: each is one entry, with its rules from the booklet; its Québec
categories are :mod:`..categories`'. docs/characters.md lists the booklet's other characters,
and why each waits."""

from __future__ import annotations

from .. import cast, powers, sides, states
from ..model import DAYBREAK, NIGHTFALL, Game
from ..order import order
from ..powers import Power, Specials
from ..table import EVERY_NIGHT, FROM_NIGHT_3
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

CHARACTERS = (APOTHECARY, VIOLONEUX)
