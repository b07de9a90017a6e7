"""What the narrator says at each step of the night, as line ids (the words are in lines/).

The lines called for a step depend on the step and on the deck (which cards are in the game,
public knowledge), never on the deal: a line that mentions the Dream Wolf is said whenever a
Dream Wolf card is in the deck, wherever it lies.

Each step is a list of :class:`Say` items: the wake line, optional information lines, the
instruction line when the role has a choice, then the closing lines. The players' time to
act falls after the last line that is not a closing line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from onenight.rules.cards import WEREWOLF_CARDS
from onenight.rules.steps import STEPS, Step

WAKE, INFO, ACT, CLOSE = "wake", "info", "instruction", "close"
KINDS = (WAKE, INFO, ACT, CLOSE)


@dataclass(frozen=True)
class Say:
    line: str  # a line id of lines/<lang>.json
    kind: str  # wake, info, instruction or close


# Lines around the night itself, and of the day (the debate, the vote, the end).
NIGHT_OPENING: tuple[str, ...] = ("night.intro", "night.start")
NIGHT_CLOSING: tuple[str, ...] = ("night.end",)
DAY_ARTIFACTS = "day.artifacts"  # said after night.end when a Curator is in the deck
DAY_START = "day.start"
LAST_MINUTE = "day.last_minute"
VOTE = "vote.countdown"
REVEAL = "reveal"
RESULT_NOBODY_DIED = "result.nobody_died"
RESULT_TEAM = {"village": "result.village", "werewolf": "result.werewolves",
               "tanner": "result.tanner"}
RESULT_NOBODY = "result.nobody"
DAY_LINES: tuple[str, ...] = (DAY_ARTIFACTS, DAY_START, LAST_MINUTE, VOTE, REVEAL,
                              RESULT_NOBODY_DIED, *RESULT_TEAM.values(), RESULT_NOBODY)

# Roles who may pick the Alpha Wolf's extra centre card as one of "the centre cards".
_ALPHA_VARIANT = {"werewolves", "seer", "apprentice_seer", "witch", "drunk"}
_SHIELD_VARIANT = {"village_idiot", "curator", "doppelganger_curator"}


def _act_line(step: Step, cards: frozenset[str]) -> str:
    base = step.role if step.doppelganger else step.id  # a copy acts with the role's words
    if step.id in _ALPHA_VARIANT and "alpha_wolf" in cards:
        return f"{base}.act_alpha"
    if step.id in _SHIELD_VARIANT and "sentinel" in cards:
        return f"{base}.act_shield"
    return f"{base}.act"


def step_script(step: Step, deck: Iterable[str]) -> tuple[Say, ...]:
    """The lines said for ``step`` in a game with these cards, in order."""
    cards = frozenset(deck)
    dream = "dream_wolf" in cards
    sid = step.id
    if sid == "werewolves":
        out = [Say("werewolves.wake", WAKE)]
        if dream:
            out.append(Say("werewolves.dream_wolf", INFO))
        if cards & (WEREWOLF_CARDS - {"werewolf"}):
            out.append(Say("werewolves.no_sign", INFO))
        out.append(Say(_act_line(step, cards), ACT))
        out.append(Say("werewolves.close_dream" if dream else "werewolves.close", CLOSE))
        return tuple(out)
    if sid == "minion":
        return (Say("minion.wake", WAKE),
                Say("minion.thumbs_dream" if dream else "minion.thumbs", INFO),
                Say("minion.thumbs_down", CLOSE), Say("minion.close", CLOSE))
    if sid in ("aura_seer", "doppelganger_aura_seer"):
        return (Say(f"{sid}.wake", WAKE), Say("aura_seer.thumbs", INFO),
                Say("thumbs.down", CLOSE), Say(f"{sid}.close", CLOSE))
    out = [Say(f"{sid}.wake", WAKE)]
    if step.takes_choice:
        out.append(Say(_act_line(step, cards), ACT))
    out.append(Say(f"{sid}.close", CLOSE))
    return tuple(out)


def all_line_ids() -> frozenset[str]:
    """Every line id the narrator can ever need, for any deck: what lines/ must provide."""
    ids: set[str] = set(NIGHT_OPENING) | set(NIGHT_CLOSING) | set(DAY_LINES)
    # The lines of a step vary only with these cards being in the deck: try every mix.
    variant_cards = ("dream_wolf", "alpha_wolf", "mystic_wolf", "sentinel")
    for step in STEPS:
        for mask in range(1 << len(variant_cards)):
            extra = {c for i, c in enumerate(variant_cards) if mask >> i & 1}
            deck = extra | {step.role, "doppelganger"}
            ids.update(s.line for s in step_script(step, deck))
    return frozenset(ids)


def result_lines(outcome) -> tuple[str, ...]:
    """The lines that announce an :class:`onenight.rules.outcome.Outcome`."""
    out: list[str] = [REVEAL]
    if not outcome.deaths:
        out.append(RESULT_NOBODY_DIED)
    teams = set(outcome.winning_teams)
    won = [RESULT_TEAM[t] for t in ("village", "werewolf", "tanner") if t in teams]
    out.extend(won or [RESULT_NOBODY])
    return tuple(out)
