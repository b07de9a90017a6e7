"""Problems and warnings about a deck, as codes with facts (the app has a sentence for each
code), and an English message for logs and the command line."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Notice:
    """A problem or a warning about a deck: a code for translations, and its facts."""

    code: str
    facts: dict = field(default_factory=dict)
    message: str = ""  # English, for logs and the command line

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class DeckCheck:
    problems: tuple[Notice, ...]
    warnings: tuple[Notice, ...]

    @property
    def ok(self) -> bool:
        return not self.problems
