"""The one-night engine's errors: those of :mod:`onenight.common.errors`, shared with the
classic engine."""

from onenight.common.errors import DeckError, IllegalChoice, IllegalVote, RecordError, RulesError

__all__ = ["DeckError", "IllegalChoice", "IllegalVote", "RecordError", "RulesError"]
