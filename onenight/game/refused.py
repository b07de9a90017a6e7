"""The one refusal of the table's flow: an event it cannot take now."""

from __future__ import annotations

from typing import Any


class Refused(Exception):
    """An event the table cannot take now; ``code`` and ``facts`` make the message."""

    def __init__(self, code: str, **facts: Any):
        self.code = code
        self.facts = facts
        super().__init__(f"{code} {facts}" if facts else code)
