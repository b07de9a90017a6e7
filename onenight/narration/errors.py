"""The narrator's errors. Each names what was wrong (a setting, a line, a file) and why."""

from __future__ import annotations


class NarrationError(ValueError):
    def __init__(self, field: str, reason: str):
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}" if field else reason)


class LinesError(NarrationError):
    """A language file that is missing, unreadable, or not a map of line ids to text."""


class VoiceError(NarrationError):
    """A clip that is missing or unreadable, or a voice pack that cannot be found."""


class SettingsError(NarrationError):
    """A narration setting out of range (a volume above 1, a negative time...)."""
