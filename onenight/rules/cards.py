"""The card catalogue: every role of both boxes, in one table.

Each role is one :class:`Role` row. Everything else in the engine (wake order, teams, box
limits, the Doppelgänger's behaviour, the advice for first games) is read from this table, so
a fact about a card lives in exactly one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Team(str, Enum):
    VILLAGE = "village"
    WEREWOLF = "werewolf"
    TANNER = "tanner"


class Copy(str, Enum):
    """What the Doppelgänger does after copying a role (RULES.md §4)."""

    AT_ONCE = "at_once"  # acts during her own step, never again
    WOLF = "wolf"  # extra action at once (alpha, mystic), then wakes with the werewolves
    LATER = "later"  # wakes again at her own later step (aura seer, insomniac, revealer, curator)
    PASSIVE = "passive"  # no night action of her own (villager, tanner, mason, minion, ...)


@dataclass(frozen=True)
class Role:
    id: str
    fr: str
    en: str
    team: Team
    difficulty: int  # 1 to 3 stars
    base_copies: int  # cards of this role in the base box
    daybreak_copies: int  # cards of this role in the Crépuscule box
    wake: str | None  # the rule's wake label ("2-B"), None if the card never wakes
    copy: Copy  # how the Doppelgänger plays this role
    werewolf: bool = False  # one of the werewolves (not the Minion)

    @property
    def box_copies(self) -> int:
        return self.base_copies + self.daybreak_copies


_W, _V, _T = Team.WEREWOLF, Team.VILLAGE, Team.TANNER

ROLES: tuple[Role, ...] = (
    Role("sentinel", "Sentinelle", "Sentinel", _V, 1, 0, 1, "0", Copy.AT_ONCE),
    Role("doppelganger", "Doppelgänger", "Doppelgänger", _V, 3, 1, 0, "1", Copy.PASSIVE),
    Role("werewolf", "Loup-Garou", "Werewolf", _W, 1, 2, 1, "2", Copy.WOLF, werewolf=True),
    Role("alpha_wolf", "Loup alpha", "Alpha Wolf", _W, 2, 0, 1, "2-B", Copy.WOLF, werewolf=True),
    Role("mystic_wolf", "Loup shaman", "Mystic Wolf", _W, 1, 0, 1, "2-C", Copy.WOLF, werewolf=True),
    Role("dream_wolf", "Loup rêveur", "Dream Wolf", _W, 2, 0, 1, None, Copy.PASSIVE, werewolf=True),
    Role("minion", "Sbire", "Minion", _W, 2, 1, 0, "3", Copy.PASSIVE),
    Role("mason", "Franc-maçon", "Mason", _V, 1, 2, 0, "4", Copy.PASSIVE),
    Role("seer", "Voyante", "Seer", _V, 1, 1, 0, "5", Copy.AT_ONCE),
    Role("apprentice_seer", "Apprentie voyante", "Apprentice Seer", _V, 1, 0, 1, "5-B", Copy.AT_ONCE),
    Role("paranormal_investigator", "Chasseur de fantômes", "Paranormal Investigator", _V, 2, 0, 1,
         "5-C", Copy.AT_ONCE),
    Role("robber", "Voleur", "Robber", _V, 1, 1, 0, "6", Copy.AT_ONCE),
    Role("witch", "Sorcière", "Witch", _V, 1, 0, 1, "6-B", Copy.AT_ONCE),
    Role("troublemaker", "Noiseuse", "Troublemaker", _V, 2, 1, 0, "7", Copy.AT_ONCE),
    Role("village_idiot", "Idiot du village", "Village Idiot", _V, 3, 0, 1, "7-B", Copy.AT_ONCE),
    Role("aura_seer", "Diseuse de bonne aventure", "Aura Seer", _V, 1, 0, 1, "7-C", Copy.LATER),
    Role("drunk", "Soûlard", "Drunk", _V, 2, 1, 0, "8", Copy.AT_ONCE),
    Role("insomniac", "Insomniaque", "Insomniac", _V, 1, 1, 0, "9", Copy.LATER),
    Role("revealer", "Divinateur", "Revealer", _V, 1, 0, 1, "10", Copy.LATER),
    Role("curator", "Conservateur", "Curator", _V, 2, 0, 1, "11", Copy.LATER),
    Role("villager", "Villageois", "Villager", _V, 1, 3, 2, None, Copy.PASSIVE),
    Role("hunter", "Chasseur", "Hunter", _V, 2, 1, 0, None, Copy.PASSIVE),
    Role("tanner", "Tanneur", "Tanner", _T, 2, 1, 0, None, Copy.PASSIVE),
    Role("bodyguard", "Garde du corps", "Bodyguard", _V, 2, 0, 1, None, Copy.PASSIVE),
    Role("prince", "Prince", "Prince", _V, 1, 0, 1, None, Copy.PASSIVE),
)

ROLE: dict[str, Role] = {r.id: r for r in ROLES}
ROLE_IDS: tuple[str, ...] = tuple(ROLE)

WEREWOLF_CARDS: frozenset[str] = frozenset(r.id for r in ROLES if r.werewolf)
#: Cards that may be the Alpha Wolf's extra centre card (RULES.md §2).
ALPHA_CENTER_CARDS: tuple[str, ...] = ("werewolf", "mystic_wolf", "dream_wolf")
#: Cards that make a Paranormal Investigator or a Revealer stop (printed card).
STOP_CARDS: frozenset[str] = WEREWOLF_CARDS | {"tanner"}


@dataclass(frozen=True)
class Artifact:
    id: str
    fr: str
    en: str
    becomes: str | None  # the role it turns its holder into, if any


ARTIFACTS: tuple[Artifact, ...] = (
    Artifact("claw", "Griffe du Loup-Garou", "Claw of the Werewolf", "werewolf"),
    Artifact("brand", "Marque du Villageois", "Brand of the Villager", "villager"),
    Artifact("cudgel", "Gourdin du Tanneur", "Cudgel of the Tanner", "tanner"),
    Artifact("void", "Brouillard du Néant", "Void of Nothingness", None),
    Artifact("mute", "Masque du Silence", "Mask of Muting", None),
    Artifact("shroud", "Linceul de la Honte", "Shroud of Shame", None),
)
ARTIFACT: dict[str, Artifact] = {a.id: a for a in ARTIFACTS}
ARTIFACT_IDS: tuple[str, ...] = tuple(ARTIFACT)


def day_identity(card: str, copied: str | None = None, change: str | None = None,
                 artifact: str | None = None) -> str:
    """A player's identity for the day (RULES.md §7): the card in front of them (a copied
    Doppelgänger card is the copied role), then the Paranormal Investigator's change, then a
    role-changing artifact, each overriding the one before."""
    role = copied if card == "doppelganger" and copied else card
    role = change or role
    if artifact and ARTIFACT[artifact].becomes:
        role = ARTIFACT[artifact].becomes
    return role


def team_of(role_id: str) -> Team:
    return ROLE[role_id].team


def is_werewolf(role_id: str) -> bool:
    return role_id in WEREWOLF_CARDS
