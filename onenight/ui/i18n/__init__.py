"""Screen text in French and English, kept as data (fr.json, en.json: the same keys).

``Translator.t(key, **facts)`` formats the string with ``str.format``; a missing key or fact
shows the key itself rather than crashing.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).parent
LANGUAGES = ("fr", "en")


def load(lang: str) -> dict[str, str]:
    return json.loads((HERE / f"{lang}.json").read_text(encoding="utf-8"))


class Translator:
    def __init__(self, lang: str = "fr"):
        self.tables = {lg: load(lg) for lg in LANGUAGES}
        self.lang = lang if lang in LANGUAGES else "fr"

    def has(self, key: str) -> bool:
        return key in self.tables[self.lang]

    def t(self, key: str, **facts) -> str:
        text = self.tables[self.lang].get(key)
        if text is None:
            return key
        try:
            return text.format(**facts)
        except (KeyError, IndexError, ValueError):
            return text

    # names from the rules' tables
    def role(self, role_id: str) -> str:
        return self.t("role." + role_id)

    def artifact(self, art_id: str) -> str:
        return self.t("artifact." + art_id)
