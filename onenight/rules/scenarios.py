"""Decks: the Crépuscule presets, Anarchie's random draw, custom decks, and their validation.

A deck is the list of cards dealt (players + 3), plus the Alpha Wolf's extra centre card when
the Alpha Wolf is in it. Validation returns problems (the deck cannot be played) and warnings
(the rule's advice), each with a code for translations and the facts that go in its message.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import ALPHA_CENTER_CARDS, ROLE, ROLES, WEREWOLF_CARDS
from onenight.common.notices import DeckCheck, Notice

from .errors import DeckError

MIN_PLAYERS = 3
MAX_PLAYERS = 10
CENTER_CARDS = 3
ANARCHY_MAX_WEREWOLVES = 3


@dataclass(frozen=True)
class Scenario:
    id: str
    fr: str
    en: str
    level: str  # "initiation", "moyen", "difficile"
    min_players: int
    max_players: int
    base: tuple[str, ...]  # the cards for min_players
    additions: tuple[tuple[str, ...], ...] = ()  # what each larger count adds to ``base``
    random_draw: bool = False  # Anarchie

    def players(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def deck(self, players: int) -> tuple[str, ...]:
        """The preset's cards for that many players (Anarchie has no fixed deck)."""
        if self.random_draw:
            raise DeckError("scenario", f"{self.id} draws its cards at random: use anarchy_deck()")
        if players not in self.players():
            raise DeckError(
                "players",
                f"{self.id} is for {self.min_players} to {self.max_players} players, not {players}",
            )
        extra = self.additions[players - self.min_players - 1] if players > self.min_players else ()
        return self.base + extra


def _grow(*rows: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(r.split()) for r in rows)


SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        "sombre-reveil", "Sombre réveil", "Dark Awakening", "initiation", 3, 6,
        ("werewolf", "mystic_wolf", "revealer", "witch", "apprentice_seer", "villager"),
        _grow("sentinel", "sentinel villager", "sentinel villager dream_wolf"),
    ),
    Scenario(
        "nuit-du-loup-garou", "La nuit du Loup-Garou", "Night of the Werewolf", "moyen", 5, 10,
        ("villager", "mystic_wolf", "alpha_wolf", "sentinel", "apprentice_seer", "revealer",
         "witch", "aura_seer"),
        _grow("bodyguard", "bodyguard paranormal_investigator",
              "bodyguard paranormal_investigator curator",
              "bodyguard paranormal_investigator curator dream_wolf",
              "bodyguard paranormal_investigator curator dream_wolf prince"),
    ),
    Scenario(
        "terrible-ennemi", "Un terrible ennemi", "A Fearsome Foe", "difficile", 3, 4,
        ("alpha_wolf", "witch", "village_idiot", "apprentice_seer", "sentinel", "bodyguard"),
        _grow("revealer"),
    ),
    Scenario(
        "alliances-fragiles", "Alliances fragiles", "Fragile Alliances", "difficile", 3, 7,
        ("alpha_wolf", "witch", "curator", "paranormal_investigator", "revealer", "village_idiot"),
        _grow("aura_seer", "aura_seer sentinel", "aura_seer sentinel apprentice_seer",
              "aura_seer sentinel apprentice_seer mystic_wolf"),
    ),
    Scenario("anarchie", "Anarchie", "Anarchy", "difficile", 3, 10, (), random_draw=True),
    Scenario(
        "metamorphoses-malefiques", "Métamorphoses maléfiques", "Wicked Transformations",
        "difficile", 3, 10,
        ("alpha_wolf", "mystic_wolf", "doppelganger", "minion", "robber", "witch"),
        _grow("insomniac", "insomniac werewolf", "insomniac werewolf troublemaker",
              "insomniac werewolf troublemaker seer",
              "insomniac werewolf troublemaker seer curator",
              "insomniac werewolf troublemaker seer curator paranormal_investigator",
              "insomniac werewolf troublemaker seer curator paranormal_investigator "
              "apprentice_seer"),
    ),
    Scenario(
        "ne-te-fie-a-personne", "Ne te fie à personne !", "Trust No One", "difficile", 3, 7,
        ("alpha_wolf", "dream_wolf", "doppelganger", "tanner", "robber", "witch"),
        _grow("insomniac", "insomniac werewolf", "insomniac werewolf troublemaker",
              "insomniac werewolf troublemaker seer"),
    ),
    Scenario(
        "les-sages", "Les sages", "The Wise Ones", "moyen", 5, 10,
        ("werewolf", "mystic_wolf", "seer", "apprentice_seer", "paranormal_investigator",
         "insomniac", "witch", "revealer"),
        _grow("troublemaker", "mason mason", "mason mason troublemaker",
              "mason mason troublemaker minion", "mason mason troublemaker minion robber"),
    ),
)
SCENARIO: dict[str, Scenario] = {s.id: s for s in SCENARIOS}
SCENARIO_IDS: tuple[str, ...] = tuple(SCENARIO)


def box_limit(role_id: str) -> int:
    return ROLE[role_id].box_copies


def default_alpha_center(deck: Iterable[str]) -> str | None:
    """The Alpha Wolf's extra centre card by default, or None if no werewolf card is left."""
    used = Counter(deck)
    for card in ALPHA_CENTER_CARDS:
        if used[card] < box_limit(card):
            return card
    return None


def check_deck(cards: Sequence[str], players: int, alpha_center: str | None = None) -> DeckCheck:
    """Everything that makes ``cards`` unplayable for ``players``, and the rule's advice."""
    problems: list[Notice] = []
    warnings: list[Notice] = []
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        problems.append(Notice("players", {"players": players},
                               f"{players} players: the game is for 3 to 10 players"))
    unknown = sorted({c for c in cards if c not in ROLE})
    for c in unknown:
        problems.append(Notice("unknown_card", {"card": c}, f"unknown card {c!r}"))
    if len(cards) != players + CENTER_CARDS:
        problems.append(Notice(
            "card_count", {"cards": len(cards), "expected": players + CENTER_CARDS},
            f"{len(cards)} cards for {players} players: deal exactly players + 3 = "
            f"{players + CENTER_CARDS}"))
    known = [c for c in cards if c in ROLE]
    has_alpha = "alpha_wolf" in known
    if has_alpha and alpha_center is None:
        problems.append(Notice("alpha_center_missing", {},
                               "the Alpha Wolf needs an extra werewolf card beside the centre"))
    if alpha_center is not None:
        if not has_alpha:
            problems.append(Notice("alpha_center_unused", {"card": alpha_center},
                                   "an alpha centre card is set but no Alpha Wolf is in the deck"))
        elif alpha_center not in ALPHA_CENTER_CARDS:
            problems.append(Notice(
                "alpha_center_card", {"card": alpha_center},
                f"the alpha centre card must be werewolf, mystic_wolf or dream_wolf, "
                f"not {alpha_center}"))
    counts = Counter(known + ([alpha_center] if alpha_center in ROLE else []))
    for card, n in sorted(counts.items()):
        if n > box_limit(card):
            problems.append(Notice(
                "too_many", {"card": card, "count": n, "limit": box_limit(card)},
                f"{n} {card} cards, but the two boxes hold only {box_limit(card)}"))
    if not problems:
        if "bodyguard" not in known and players >= 5:
            warnings.append(Notice("bodyguard_advice", {},
                                   "from 5 players the rule advises adding the Bodyguard"))
        hard = sorted({c for c in known if ROLE[c].difficulty >= 3})
        if hard:
            warnings.append(Notice("hard_roles", {"cards": hard},
                                   "for first games, play only * and ** roles: "
                                   + ", ".join(hard) + " are ***"))
        if not any(c in WEREWOLF_CARDS for c in known):
            warnings.append(Notice("no_werewolf", {},
                                   "no werewolf card in the deck: the werewolves cannot win"))
    return DeckCheck(tuple(problems), tuple(warnings))


def validate_deck(cards: Sequence[str], players: int, alpha_center: str | None = None) -> None:
    """Raise :class:`DeckError` naming the first problem, if any."""
    check = check_deck(cards, players, alpha_center)
    if check.problems:
        raise DeckError("deck", check.problems[0].message)


def daybreak_cards() -> tuple[str, ...]:
    """Every card of the Crépuscule box, one entry per physical card."""
    out: list[str] = []
    for r in ROLES:
        out.extend([r.id] * r.daybreak_copies)
    return tuple(out)


def anarchy_deck(players: int, rng: random.Random) -> tuple[str, ...]:
    """Anarchie: shuffle all Crépuscule cards and draw players + 3; at most 3 werewolves."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise DeckError("players", f"{players} players: the game is for 3 to 10 players")
    pool = list(daybreak_cards())
    while True:
        rng.shuffle(pool)
        drawn = tuple(pool[: players + CENTER_CARDS])
        if sum(c in WEREWOLF_CARDS for c in drawn) <= ANARCHY_MAX_WEREWOLVES:
            return drawn


@dataclass(frozen=True)
class Setup:
    """What to lay on the table for a deck."""

    players: int
    cards: tuple[str, ...]
    alpha_center: str | None
    shields: int
    artifacts: int

    @property
    def center(self) -> int:
        return CENTER_CARDS


def table_setup(cards: Sequence[str], players: int, alpha_center: str | None = None,
                artifacts: int = 6) -> Setup:
    deck = tuple(cards)
    if "alpha_wolf" in deck and alpha_center is None:
        alpha_center = default_alpha_center(deck)
    shields = 0
    if "sentinel" in deck:
        shields = 2 if "doppelganger" in deck else 1  # a Doppelgänger-Sentinel has her own
    return Setup(players, deck, alpha_center if "alpha_wolf" in deck else None, shields,
                 artifacts if "curator" in deck else 0)


__all__ = [
    "Scenario", "SCENARIOS", "SCENARIO", "SCENARIO_IDS", "check_deck", "validate_deck",
    "anarchy_deck", "default_alpha_center", "table_setup", "Setup", "DeckCheck", "Notice",
]
