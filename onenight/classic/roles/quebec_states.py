"""The Québec booklet's characters (seed 002) built on its states (:mod:`..states`): each is
one entry, with its rules from the booklet; its Québec categories are
:mod:`..categories`'. Cards of that booklet are the ``quebec`` box's (one of each, printed by
the table). docs/characters.md lists the booklet's other characters, and why each waits."""

from __future__ import annotations

from ..table import Character

#: The Québec booklet's cards: one of each (printed by the table).
QUEBEC = "quebec"
_ONE = ((QUEBEC, 1),)


def _quebec(id: str, fr: str, en: str, family: str = "villagers", camp: str = "village",
            **kw) -> Character:
    return Character(id, fr, en, family, camp, _ONE, booklet="002", **kw)


#: "Au début de la partie, reçoit le statut fait fort": a villager who survives one attack.
BRAGGART = _quebec("braggart", "Fier-à-Bras", "Braggart", starts=("strong",))
#: "L'Infecté Chronique commence la partie en étant déjà infecté": a villager's card on the
#: lupins' side from the start, who wakes with the pack from the first night. He is no wolf
#: (the booklet's *Loup*): infected, not a werewolf.
CHRONIC_INFECTED = _quebec("chronic_infected", "Infecté Chronique", "Chronic Infected",
                           "werewolves", "werewolves", starts=("infected",))
#: "peut entrouvrir discrètement les yeux durant la phase où la meute s'éveille" (his eyes':
#: nothing to decide); "Si choisi comme victime, ne bénéficie d'aucune échappatoire (absent,
#: fait fort, protégé, etc.) et mourra" (:data:`..states.NO_ESCAPE`).
EAVESDROPPER = _quebec("eavesdropper", "Écornifleux", "Eavesdropper")

CHARACTERS = (BRAGGART, CHRONIC_INFECTED, EAVESDROPPER)
