"""The narrator's words: one JSON file per language in ``lines/``, line id -> text.

Adding a language is adding a file ``lines/<lang>.json`` with the same line ids as the others
(then rendering its clips, see docs/narration.md).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from .errors import LinesError

LINES_DIR = Path(__file__).parent / "lines"
DEFAULT_LANGUAGE = "fr"


def languages() -> tuple[str, ...]:
    """The languages the narrator speaks: one per file in lines/, the default first."""
    found = sorted(p.stem for p in LINES_DIR.glob("*.json"))
    return tuple(sorted(found, key=lambda lang: lang != DEFAULT_LANGUAGE))


def check_language(lang: object) -> str:
    if not isinstance(lang, str) or lang not in languages():
        raise LinesError("lang", f"unknown language {lang!r}; the narrator speaks "
                         + ", ".join(languages()))
    return lang


@lru_cache(maxsize=None)
def _load(lang: str) -> tuple[tuple[str, str], ...]:
    path = LINES_DIR / f"{lang}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise LinesError(f"lines/{lang}.json", f"cannot read it ({e})") from e
    if not isinstance(data, dict):
        raise LinesError(f"lines/{lang}.json", "expected an object of line id -> text")
    for key, text in data.items():
        if not isinstance(text, str) or not text.strip():
            raise LinesError(f"lines/{lang}.json: {key}", "the text must be a non-empty string")
    return tuple(data.items())


def load_lines(lang: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """The lines of ``lang``: line id -> text."""
    return dict(_load(check_language(lang)))


def line_text(line: str, lang: str = DEFAULT_LANGUAGE) -> str:
    lines = load_lines(lang)
    if line not in lines:
        raise LinesError("line", f"no line {line!r} in lines/{lang}.json")
    return lines[line]
