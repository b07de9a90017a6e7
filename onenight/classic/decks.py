"""Decks for the classic game (RULES-CLASSIC.md §2): the base game's simple deal by player
count, the presets, a custom deck checked against what the boxes hold, and the deal.

Checks give problems (the deck cannot be played) and warnings (the booklets' advice), each a
code with its facts (the app has a sentence for each: ``classic.deck.<code>``) and an English
message for logs and the command line.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from onenight.common.errors import DeckError
from onenight.common.notices import DeckCheck, Notice

from . import cast, categories
from .roles.common import werewolf_cards

MIN_PLAYERS = 6  # 6 and 7 with a warning: the app is the game master, nobody sits out
ADVISED_MIN = 8  # the base game's table starts at 8
MAX_PLAYERS = 18
THIEF_CARDS = 2  # with a thief, deal players + 2 cards
#: The boxes the cast comes from: Best Of (2017), and the base game (in its edition with
#: Le Village: 14 villagers, 6 werewolves, the seer, cupid, the witch, the hunter, the little
#: girl, the thief and the white werewolf).
#: The compendium of new characters (seed 000) is a box too: one card of each, which the table
#: prints.
#: The Québec booklet's (seed 002) cards are one more: one of each, printed too.
BOXES = ("best_of", "base_game", "new_characters", "quebec")


def box_copies(card: str, boxes: Sequence[str] = BOXES) -> int:
    """How many cards of ``card`` the ``boxes`` hold together."""
    return sum(cast.CHARACTER[card].copies(b) for b in boxes)


# ---- presets ------------------------------------------------------------------------------------

def simple_deal(players: int) -> tuple[str, ...]:
    """The base game's simple deal (seed 001): 8-11 players, 2 werewolves; 12-18, 3; a seer;
    the rest villagers. With 6 or 7 players, one werewolf (at most a quarter, the advice)."""
    wolves = 1 if players < ADVISED_MIN else 2 if players <= 11 else 3
    return ("werewolf",) * wolves + ("seer",) + ("villager",) * (players - wolves - 1)


BASE_GAME_ROLES = ("cupid", "witch", "hunter", "little_girl", "thief")


def base_game(players: int) -> tuple[str, ...]:
    """The simple deal with the base game's characters in place of five villagers; the thief
    brings two more villager cards (seed 001: players + 2 cards)."""
    deck = list(simple_deal(players))
    for role in BASE_GAME_ROLES:
        deck[deck.index("villager")] = role
    return tuple(deck) + ("villager",) * THIEF_CARDS


#: Best Of, a balanced pick per player count: werewolves at most a quarter, the strong seers
#: and potions from the start, then one character more per player. The loners (white werewolf,
#: pied piper, angel) change the game's goal and are left to custom decks.
BEST_OF = {n: tuple(cards.split()) for n, cards in {
    6: "werewolf seer witch hunter villager villager",
    7: "werewolf seer witch hunter cupid villager villager",
    8: "werewolf werewolf seer witch hunter cupid villager villager",
    9: "werewolf werewolf seer witch hunter cupid elder villager villager",
    10: "werewolf werewolf seer witch hunter cupid elder fox villager villager",
    11: "werewolf werewolf seer witch hunter cupid elder fox little_girl villager villager",
    12: "werewolf werewolf accursed_wolf_father seer witch hunter cupid elder fox little_girl "
        "villager villager",
    13: "werewolf werewolf accursed_wolf_father seer witch hunter cupid elder fox little_girl "
        "bear_tamer villager villager",
    14: "werewolf werewolf accursed_wolf_father seer witch hunter cupid elder fox little_girl "
        "bear_tamer wild_child villager villager",
    15: "werewolf werewolf accursed_wolf_father seer witch hunter cupid elder fox little_girl "
        "bear_tamer wild_child villager villager villager",
    16: "werewolf werewolf accursed_wolf_father big_bad_wolf seer witch hunter cupid elder fox "
        "little_girl bear_tamer wild_child villager villager villager",
    17: "werewolf werewolf accursed_wolf_father big_bad_wolf seer witch hunter cupid elder fox "
        "little_girl bear_tamer wild_child rusty_sword_knight villager villager villager",
    18: "werewolf werewolf accursed_wolf_father big_bad_wolf seer witch hunter cupid elder fox "
        "little_girl bear_tamer wild_child rusty_sword_knight sister sister villager villager",
}.items()}


@dataclass(frozen=True)
class Preset:
    id: str
    fr: str
    en: str
    min_players: int
    deck_for: Callable[[int], tuple[str, ...]]

    def players(self) -> range:
        return range(self.min_players, MAX_PLAYERS + 1)

    def deck(self, players: int) -> tuple[str, ...]:
        if players not in self.players():
            raise DeckError("players", f"the {self.id} preset is for {self.min_players} to "
                                       f"{MAX_PLAYERS} players, not {players}")
        return self.deck_for(players)


PRESETS: tuple[Preset, ...] = (
    Preset("first_game", "Première partie", "First game", MIN_PLAYERS, simple_deal),
    # five characters, a werewolf and the seer need seven players
    Preset("base_game", "Jeu de base", "Base game", 7, base_game),
    Preset("best_of", "Best Of", "Best Of", MIN_PLAYERS, BEST_OF.__getitem__),
)
PRESET: dict[str, Preset] = {p.id: p for p in PRESETS}


# ---- checking a deck ----------------------------------------------------------------------------

def check_deck(cards: Sequence[str], players: int, boxes: Sequence[str] = BOXES) -> DeckCheck:
    """Everything that makes ``cards`` unplayable for ``players`` with these ``boxes``, and the
    booklets' advice."""
    problems: list[Notice] = []
    warnings: list[Notice] = []
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        problems.append(Notice("players", {"players": players},
                               f"{players} players: the game is for {MIN_PLAYERS} to "
                               f"{MAX_PLAYERS} players"))
    for c in sorted({c for c in cards if c not in cast.CHARACTER}):
        problems.append(Notice("unknown_card", {"card": c}, f"unknown card {c!r}"))
    known = [c for c in cards if c in cast.CHARACTER]
    thief = "thief" in known
    expected = players + (THIEF_CARDS if thief else 0)
    if len(cards) != expected:
        how = "players + 2 with a thief" if thief else "one per player"
        problems.append(Notice("card_count", {"cards": len(cards), "expected": expected,
                                              "thief": thief},
                               f"{len(cards)} cards for {players} players: deal {how} = "
                               f"{expected}"))
    for card, n in sorted(Counter(known).items()):
        ch = cast.CHARACTER[card]
        held = box_copies(card, boxes)
        if n > held:
            problems.append(Notice("too_many", {"card": card, "count": n, "limit": held},
                                   f"{n} {card} cards, but the boxes hold only {held}"))
        elif ch.pair and n != ch.per_game:
            problems.append(Notice("pair", {"card": card, "count": n},
                                   f"{n} {card} card(s): the {card}s come {ch.per_game} together"
                                   " or not at all"))
        elif ch.per_game and n > ch.per_game:
            problems.append(Notice("once", {"card": card, "count": n},
                                   f"{n} {card} cards: each character is dealt once"))
    legends = sum(1 for c in known if "ennemi_legendaire" in categories.QUEBEC.get(c, ()))
    if legends > 1:  # "Il ne peut y avoir qu'un seul ennemi légendaire par partie"
        problems.append(Notice("legendary", {"count": legends},
                               f"{legends} legendary enemies: a game holds one at most"))
    wolves = werewolf_cards(known)
    if known and not wolves:
        problems.append(Notice("no_werewolf", {}, "no werewolf card: the village would win "
                                                  "before the first night is over"))
    if not problems:
        if players < ADVISED_MIN:
            warnings.append(Notice("few_players", {"players": players},
                                   f"{players} players: the game is made for {ADVISED_MIN} to "
                                   f"{MAX_PLAYERS}; with the app as game master it still "
                                   "plays"))
        if wolves * 4 > players:
            warnings.append(Notice("werewolves_quarter", {"werewolves": wolves,
                                                          "players": players,
                                                          "advised": players // 4},
                                   f"{wolves} werewolves for {players} players: the booklet "
                                   f"advises at most a quarter ({players // 4})"))
    return DeckCheck(tuple(problems), tuple(warnings))


def deal(cards: Sequence[str], players: int,
         rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Shuffle with ``rng`` and deal: (each seat's card, the cards left over: the thief's two
    when he is in the deck)."""
    check = check_deck(cards, players)
    if check.problems:
        raise DeckError("deck", check.problems[0].message)
    deck = list(cards)
    while True:
        rng.shuffle(deck)
        seats, left = tuple(deck[:players]), tuple(deck[players:])
        if "thief" not in left or not any(cast.CHARACTER[c].pair and seats.count(c) == 1
                                          for c in left):
            return seats, left  # (a pair split by the thief's own card: shuffled again)
