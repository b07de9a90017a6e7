"""The Québec booklet's characters (seed 002) that the engine plays: each is one entry, with
its rules from the booklet and its categories (:data:`..categories.QUEBEC`); the camps' wins
are :mod:`..camps`'. docs/characters.md lists the rest of that booklet, and why each waits."""

from __future__ import annotations

from ..table import Character

#: The Québec booklet's cards: one of each, printed by the table.
QUEBEC = "quebec"
_ONE = ((QUEBEC, 1),)


def _card(id: str, fr: str, en: str, family: str, camp: str = "village", **kw) -> Character:
    return Character(id, fr, en, family, camp, _ONE, booklet="002", **kw)


# ---- the Wendigo: a legendary enemy the pack cannot kill ----------------------------------------

#: "Tente de remporter la partie, seul": alive when the village's conditions hold, he wins
#: alone, and the werewolves cannot win while he lives (:mod:`..camps`). The pack's attack
#: is repelled, and a pack of one dies of it (:func:`..deaths.attacks`); the accursed
#: wolf-father's infection fails on him as on the elder.
WENDIGO = _card("wendigo", "Wendigo", "Wendigo", "loners", goal="wendigo", repels=True,
                infectable=False)

CHARACTERS = (WENDIGO,)
