"""The game's phases, declared as data.

With the cards on the table (the players deal and move physical cards): setup → night → day
→ vote → reveal → end. With the cards on the tablet (it deals, holds the cards and takes the
night's choices): setup → deal (each player sees their card in private) → night (one window
per step) → day → vote → end (the verdict comes at once: no reveal to enter).

Each phase names the events it accepts and the phase that follows it. The controller refuses
any event that its current phase does not list, so a screen can never push the table into a
state the flow does not have.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Phase:
    id: str
    accepts: frozenset[str]
    next: str | None  # the phase the ``advance`` event of this phase leads to
    advance: str | None  # the event that ends this phase


def _phase(id: str, accepts: str, advance: str | None, next: str | None) -> Phase:
    names = set(accepts.split())
    if advance:
        names.add(advance)
    return Phase(id, frozenset(names), next, advance)


SETUP = "players scenario custom alpha_center cards"
DAY = "day_pause day_resume day_add day_length first_speaker ready"
VOTE = "vote unvote vote_in votes close_vote"

#: The cards on the table.
PHASES: tuple[Phase, ...] = (
    _phase("setup", SETUP, "start_night", "night"),
    _phase("night", "", "night_done", "day"),
    _phase("day", DAY, "start_vote", "vote"),
    _phase("vote", VOTE, "to_reveal", "reveal"),
    _phase("reveal", "final_card artifact copied changed", "confirm", "end"),
    _phase("end", "replay", "new_game", "setup"),
)
PHASE: dict[str, Phase] = {p.id: p for p in PHASES}

#: The cards on the tablet. ``looked``: a player saw their card (the deal) or their artifact
#: (the day) in private; the night's steps open and end with the narration's plan, and the
#: woken player's picks come in between.
TABLET_PHASES: tuple[Phase, ...] = (
    _phase("setup", SETUP, "start_night", "deal"),
    _phase("deal", "looked", "deal_done", "night"),
    _phase("night", "step_open pick step_end", "night_done", "day"),
    _phase("day", DAY + " looked", "start_vote", "vote"),
    _phase("vote", VOTE, "to_reveal", "end"),
    _phase("end", "replay", "new_game", "setup"),
)
TABLET_PHASE: dict[str, Phase] = {p.id: p for p in TABLET_PHASES}

#: Where the cards are (the table option ``cards``) → its flow.
FLOWS: dict[str, dict[str, Phase]] = {"table": PHASE, "tablet": TABLET_PHASE}
#: Events every phase accepts: the host may abandon a game at any moment.
ALWAYS = frozenset({"abandon", "ready"})


# ---- the classic game (Les Loups-Garous de Thiercelieux) -------------------------------------
# The setup and the deal are the flow's own; from the deal on, the phase is where the rules
# engine stands (a night step, the dawn, an election, the debate, a vote, a tie, a death's
# chain, the end): the controller moves to it after each event (``ClassicController._settle``).
# The vote box plugs in through ``pick`` (a pad's seat and the seat it dialled) and the votes'
# events (``vote``, ``vote_in``, ``votes``), the same as a tap on the tablet.

BALLOT_EVENTS = "vote unvote vote_in votes close_vote vote_mode count"

CLASSIC_PHASES: tuple[Phase, ...] = (
    _phase("setup", "players preset custom options houses", "deal", "deal"),
    _phase("deal", "seen card", "deal_done", None),
    # seed 000's Graphologue's notes, each written alone on the tablet passed round
    _phase("notes", "note", "notes_done", None),
    # the Québec Habitants' ragots, each seen alone on the tablet passed round (13+ players)
    _phase("ragots", "ragot_seen", "ragots_done", None),
    _phase("night", "choose pick step_end spy", None, None),
    _phase("dawn", "go", None, None),
    _phase("chain", "choose pick go", None, None),  # (go: past the Immortel's own card)
    _phase("election", BALLOT_EVENTS + " lots go", None, None),
    _phase("debate", "day_pause day_resume day_add day_length start_vote power", None, None),
    _phase("power", "go", None, None),
    _phase("bailiff", "choose", None, None),
    _phase("teacher", "choose", None, None),
    _phase("lord", "choose", None, None),
    _phase("vote", BALLOT_EVENTS + " go choose pick lots draw", None, None),
    _phase("tie", BALLOT_EVENTS + " choose pick", None, None),
    _phase("end", "", "new_game", "setup"),
)
CLASSIC_PHASE: dict[str, Phase] = {p.id: p for p in CLASSIC_PHASES}
#: Events every phase of a classic game accepts: abandon it, and the box's count of the
#: players ready to vote.
CLASSIC_ALWAYS = frozenset({"abandon", "ready"})
