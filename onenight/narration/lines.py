"""The narrator's words: one JSON file per language in ``lines/``, line id -> text.

Adding a language is adding a file ``lines/<lang>.json`` with the same line ids as the others
(then rendering its clips, see docs/narration.md). Another game's lines are a *line set* in a
subfolder, ``lines/<set>/<lang>.json`` (the classic game's: ``lines/thiercelieux/``).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from .errors import LinesError

LINES_DIR = Path(__file__).parent / "lines"
DEFAULT_LANGUAGE = "fr"
#: The classic game's line set (``lines/thiercelieux/<lang>.json``).
CLASSIC = "thiercelieux"


def languages() -> tuple[str, ...]:
    """The languages the narrator speaks: one per file in lines/, the default first."""
    found = sorted(p.stem for p in LINES_DIR.glob("*.json"))
    return tuple(sorted(found, key=lambda lang: lang != DEFAULT_LANGUAGE))


def check_language(lang: object) -> str:
    if not isinstance(lang, str) or lang not in languages():
        raise LinesError("lang", f"unknown language {lang!r}; the narrator speaks "
                         + ", ".join(languages()))
    return lang


def line_file(lang: str, lineset: str | None = None) -> str:
    """A lines file's name under ``lines/``: ``fr.json``, ``thiercelieux/fr.json``."""
    return f"{lineset}/{lang}.json" if lineset else f"{lang}.json"


@lru_cache(maxsize=None)
def _load(lang: str, lineset: str | None = None) -> tuple[tuple[str, str], ...]:
    name = line_file(lang, lineset)
    path = LINES_DIR / name
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise LinesError(f"lines/{name}", f"cannot read it ({e})") from e
    if not isinstance(data, dict):
        raise LinesError(f"lines/{name}", "expected an object of line id -> text")
    for key, text in data.items():
        if not isinstance(text, str) or not text.strip():
            raise LinesError(f"lines/{name}: {key}", "the text must be a non-empty string")
    return tuple(data.items())


def line_sets() -> tuple[str | None, ...]:
    """Every line set: None (the one-night game's lines), then each subfolder's."""
    return (None,) + tuple(sorted(p.name for p in LINES_DIR.iterdir() if p.is_dir()
                                  and any(p.glob("*.json"))))


def load_lines(lang: str = DEFAULT_LANGUAGE, lineset: str | None = None) -> dict[str, str]:
    """The lines of ``lang`` (of the line set ``lineset``; None: the one-night game's)."""
    return dict(_load(check_language(lang), lineset or None))


def line_text(line: str, lang: str = DEFAULT_LANGUAGE, lineset: str | None = None) -> str:
    lines = load_lines(lang, lineset)
    if line not in lines:
        raise LinesError("line", f"no line {line!r} in lines/{line_file(lang, lineset)}")
    return lines[line]
