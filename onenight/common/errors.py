"""The rules engines' errors. Each names the field that was wrong and why."""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the rules engines raise on purpose."""

    def __init__(self, field: str, reason: str):
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}" if field else reason)

    def within(self, prefix: str) -> "RulesError":
        """The same error, its field placed under ``prefix`` (``night.robber`` + ``swap``,
        ``phases[3].votes`` + ``[4]``)."""
        if not self.field:
            field = prefix
        elif self.field.startswith("["):
            field = f"{prefix}{self.field}"
        else:
            field = f"{prefix}.{self.field}"
        return type(self)(field, self.reason)


class DeckError(RulesError):
    """A deck that cannot be played: card count, box limits, players, alpha centre card."""


class IllegalChoice(RulesError):
    """A choice the rules forbid, or a mandatory choice that is missing."""


class IllegalVote(RulesError):
    """A vote for oneself, for a seat that does not exist, or a missing vote."""


class RecordError(RulesError):
    """A game record that breaks the format (GAME-RECORD.md, CLASSIC-RECORD.md)."""
