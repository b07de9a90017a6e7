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
    """Only the table of the language in use is held (each is about 0.23 MB of Python
    objects): changing ``lang`` reads the other and lets the first go."""

    def __init__(self, lang: str = "fr"):
        self._lang = None
        self.table: dict[str, str] = {}
        self.lang = lang

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        lang = lang if lang in LANGUAGES else "fr"
        if lang != self._lang:
            self.table = load(lang)
            self._lang = lang

    def has(self, key: str) -> bool:
        return key in self.table

    def t(self, key: str, **facts) -> str:
        text = self.table.get(key)
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

    # the classic game's texts (onenight.game.classic_views.Text)
    def classic_card(self, card_id: str) -> str:
        """A classic card's name, from the cast's table (it has both languages)."""
        from onenight.classic.cast import CHARACTER

        ch = CHARACTER.get(card_id)
        return card_id if ch is None else getattr(ch, self.lang)

    def classic(self, text) -> str:
        """A classic view's sentence: its key, its facts made readable (lists of names
        joined, cards, sides and causes named)."""
        facts = dict(text.facts)
        for k, v in text.facts.items():
            if isinstance(v, (list, tuple)) and all(isinstance(x, str) for x in v) \
                    and k != "cards":
                facts[k] = ", ".join(v)
        if isinstance(facts.get("card"), str):
            facts["card_name"] = self.classic_card(facts["card"])
        if isinstance(facts.get("cards"), (list, tuple)):
            facts["card_names"] = ", ".join(self.classic_card(c) for c in facts["cards"])
        if isinstance(facts.get("side"), str):
            facts["side_name"] = self.t("classic.side." + facts["side"])
        if isinstance(facts.get("trait"), str):  # seed 000's Maire's character cards
            facts["trait_name"] = self.t("classic.trait." + facts["trait"])
            facts["trait_line"] = self.t("classic.trait_line." + facts["trait"])
        if isinstance(text.facts.get("traits"), (list, tuple)):
            facts["trait_names"] = ", ".join(self.t("classic.trait." + t)
                                             for t in text.facts["traits"])
        if isinstance(facts.get("call"), str):  # a night's call (seed 000's Espion's)
            facts["call_name"] = self.t("classic.step." + facts["call"])
        if isinstance(facts.get("cause"), str):
            facts["cause_name"] = self.t("classic.cause." + facts["cause"])
        return self.t(text.key, **facts)
