"""The Québec booklet's characters with *special powers* (seed 002: "Pouvoirs spéciaux"),
played by :mod:`..powers`: each is one entry, with its rules from the booklet; its Québec
categories are :mod:`..categories`'. docs/characters.md lists the booklet's other characters,
and why each waits."""

from __future__ import annotations

from .. import cast, powers, states
from ..model import Game
from ..order import order
from ..powers import Power, Specials
from ..table import EVERY_NIGHT
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

CHARACTERS = (APOTHECARY,)
