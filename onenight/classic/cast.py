"""The cast (RULES-CLASSIC.md §1): one entry per character, in one table, and the table of
every step and stage they declare, in the order the game master calls them.

Adding a character means adding its entry (and its functions) to a family module and to
:data:`CAST`; the walk, the narrator and the screens read the table.
"""

from __future__ import annotations

from .roles import (ambiguous, astrologer, compendium, loners, quebec, quebec_powers,
                    quebec_states, robineux, shapeshifter, table_cards, villagers, wolves)
from .table import ON_DEMAND, Character, Step

_BY_ID = {c.id: c for family in (wolves, villagers, ambiguous, loners, compendium, quebec,
                                 quebec_states, quebec_powers, astrologer, shapeshifter,
                                 table_cards, robineux)
          for c in family.CHARACTERS}

#: Every character: RULES-CLASSIC.md §1's, in its order, then the wider cast (Le Village's
#: raven, seed 000's characters: docs/characters.md).
CAST: tuple[Character, ...] = tuple(_BY_ID[i] for i in (
    "villager", "werewolf", "accursed_wolf_father", "big_bad_wolf", "seer", "cupid", "sister",
    "little_girl", "fox", "rusty_sword_knight", "elder", "witch", "bear_tamer", "hunter", "thief",
    "wild_child", "wolf_hound", "white_werewolf", "pied_piper", "angel",
    "raven", "pack_leader", "detective", "traitor", "woodsman", "apprentice_seer",
    "mathematician", "night_owl", "magistrate", "diviner", "vigilante",
    "pyromaniac", "dream_reader", "evil_spirit", "hypnotist",
    "priest", "assassin", "sandman", "trapper", "mage",
    # seed 000's night killers beside the pack
    "cassandra", "jekyll_hyde", "crow",
    # seed 000's: the last characters of the compendium
    "tavern_keeper", "lost_soul", "fanatic",
    # seed 000's deaths that are not the end
    "immortal", "impostor",
    # the Québec booklet's (seed 002) camps and lone players
    "wendigo", "lone_wolf", "dog_wolf", "memere", "survenant", "bonhomme",
    # seed 002's characters built on its states (the Québec booklet)
    "braggart", "chronic_infected", "eavesdropper", "grey_wolf", "ragpicker",
    "shamans_daughter", "were_squirrel",
    # seed 002's: its nominations vote's Ramancheux
    "ramancheux",
    # seed 002's Flanc-Mou, who takes a character in play
    "flanc_mou",
    # seed 002's characters dealt ragots (onenight.classic.roles.ragots)
    "tete_de_cochon", "grand_talent",
    # seed 002's characters with special powers (:mod:`.powers`)
    "apothecary", "coureur", "violoneux",
    # seed 002's Entremetteuse, whose couple follows its glossary's Amant(e)
    "entremetteuse",
    # seed 002's Belle Créatûre, a lupine outside the pack
    "belle_creature",
    # seed 000's Astrologue, whose eclipses change the shape of the phases
    "astrologer",
    # seed 000's Transformiste, who holds a dead character's card until his next call
    "shapeshifter",
    # seed 000's characters who play on the table itself (:mod:`.roles.table_cards`)
    "mayor", "spy", "graphologist",
    # seed 002's Robineux, who plays a Buveur role drawn for him, hidden behind his card
    "robineux"))
#: RULES-CLASSIC.md §1's cast: Best Of and the base game.
SECTION_1: tuple[str, ...] = tuple(c.id for c in CAST[:20])
CHARACTER: dict[str, Character] = {c.id: c for c in CAST}
CHARACTER_IDS: tuple[str, ...] = tuple(CHARACTER)
assert len(CAST) == len(_BY_ID), "a family module holds a character the cast does not list"


def build_steps(characters: tuple[Character, ...], stages: tuple[Step, ...]) -> dict[str, Step]:
    """Every step by id: each character's, then the table's own stages. Ids are unique."""
    out: dict[str, Step] = {}
    for step in [s for c in characters for s in c.steps] + list(stages):
        if step.id in out:
            raise ValueError(f"two steps share the id {step.id!r}")
        out[step.id] = step
    return out


def phase_order(steps: dict[str, Step], kind: str) -> tuple[Step, ...]:
    """The steps the walk calls in a ``kind`` ("night" or "day") phase, in their order."""
    return tuple(sorted((s for s in steps.values() if kind in s.phases and s.when is not ON_DEMAND),
                        key=lambda s: s.order))


def _table() -> dict[str, Step]:
    from .day import STAGES

    return build_steps(CAST, STAGES)


STEP: dict[str, Step] = _table()
NIGHT: tuple[Step, ...] = phase_order(STEP, "night")
DAY: tuple[Step, ...] = phase_order(STEP, "day")
STEP_IDS: tuple[str, ...] = tuple(STEP)
#: The keys a record's phase object may hold (CLASSIC-RECORD.md), each with its step.
RECORD_KEYS: dict[str, Step] = {s.record_key: s for s in STEP.values() if s.kind.value != "none"}
