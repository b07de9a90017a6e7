"""The rules engine: pure Python, no I/O, no Kivy, serial or GPIO.

Cards (:mod:`.cards`), decks and scenarios (:mod:`.scenarios`), the steps of the night
(:mod:`.steps`), the table and every role's action (:mod:`.night`), the vote and the end
(:mod:`.outcome`), and game records (:mod:`.record`).
"""

from .cards import ARTIFACT, ARTIFACTS, ROLE, ROLES, Team
from .errors import DeckError, IllegalChoice, IllegalVote, RecordError, RulesError
from .night import Table, apply_step, deal, legal_choices, play_night
from .outcome import Outcome, resolve
from .scenarios import SCENARIO, SCENARIOS, anarchy_deck, check_deck, table_setup
from .steps import STEP, STEPS, Step, night_steps

__all__ = [
    "ARTIFACT", "ARTIFACTS", "ROLE", "ROLES", "Team", "DeckError", "IllegalChoice",
    "IllegalVote", "RecordError", "RulesError", "Table", "apply_step", "deal", "legal_choices",
    "play_night", "Outcome", "resolve", "SCENARIO", "SCENARIOS", "anarchy_deck", "check_deck",
    "table_setup", "STEP", "STEPS", "Step", "night_steps",
]
