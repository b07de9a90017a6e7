"""The steps of the night, in wake order (RULES.md §3 and §4).

The list of steps called for a deck depends on the deck only, never on the deal: every role in
the deck is called even when its card lies in the centre, and the Doppelgänger's own later
steps are called whenever she and that role are both in the deck, whatever she copied.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import WEREWOLF_CARDS


@dataclass(frozen=True)
class Step:
    id: str  # the step id of game records (GAME-RECORD.md)
    label: str  # the rule's wake label ("2-B")
    role: str  # the role that acts (for the werewolves step: "werewolf")
    doppelganger: bool = False  # a Doppelgänger's own later step
    takes_choice: bool = True  # False for steps where players only look or raise a thumb


STEPS: tuple[Step, ...] = (
    Step("sentinel", "0", "sentinel"),
    Step("doppelganger", "1", "doppelganger"),
    Step("werewolves", "2", "werewolf"),
    Step("alpha_wolf", "2-B", "alpha_wolf"),
    Step("mystic_wolf", "2-C", "mystic_wolf"),
    Step("minion", "3", "minion", takes_choice=False),
    Step("masons", "4", "mason", takes_choice=False),
    Step("seer", "5", "seer"),
    Step("apprentice_seer", "5-B", "apprentice_seer"),
    Step("paranormal_investigator", "5-C", "paranormal_investigator"),
    Step("robber", "6", "robber"),
    Step("witch", "6-B", "witch"),
    Step("troublemaker", "7", "troublemaker"),
    Step("village_idiot", "7-B", "village_idiot"),
    Step("aura_seer", "7-C", "aura_seer", takes_choice=False),
    Step("doppelganger_aura_seer", "7-Ca", "aura_seer", doppelganger=True, takes_choice=False),
    Step("drunk", "8", "drunk"),
    Step("insomniac", "9", "insomniac", takes_choice=False),
    Step("doppelganger_insomniac", "9a", "insomniac", doppelganger=True, takes_choice=False),
    Step("revealer", "10", "revealer"),
    Step("doppelganger_revealer", "10a", "revealer", doppelganger=True),
    Step("curator", "11", "curator"),
    Step("doppelganger_curator", "11a", "curator", doppelganger=True),
)
STEP: dict[str, Step] = {s.id: s for s in STEPS}
STEP_IDS: tuple[str, ...] = tuple(STEP)


def step_in_deck(step: Step, deck: Iterable[str]) -> bool:
    """Whether ``step`` is called for a game with these cards (dealt and centre)."""
    cards = set(deck)
    if step.id == "werewolves":
        # The werewolves wake whenever a werewolf card is in the deck (the Dream Wolf's
        # thumb counts: the others must be able to see it).
        return bool(cards & WEREWOLF_CARDS)
    if step.doppelganger:
        return "doppelganger" in cards and step.role in cards
    return step.role in cards


def night_steps(deck: Iterable[str]) -> tuple[Step, ...]:
    """The ordered steps called during the night for this deck, the same for every deal."""
    cards = tuple(deck)
    return tuple(s for s in STEPS if step_in_deck(s, cards))
