"""The floors of docs/architecture.md: nothing below imports anything above."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# what each floor may import, of the project and of the heavy libraries
ALLOWED = {
    "onenight/common": {"onenight.common"},
    "onenight/rules": {"onenight.rules", "onenight.common"},
    "onenight/classic": {"onenight.classic", "onenight.common"},
    "onenight/paths.py": set(),
    "onenight_box/protocol.py": set(),
    "onenight/narration": {"onenight.rules", "onenight.classic", "onenight.narration",
                           "onenight.paths", "kivy"},
    "onenight/game": {"onenight.rules", "onenight.classic", "onenight.common", "onenight.game",
                      "onenight.narration", "onenight"},
    "onenight/box": {"onenight.box", "onenight_box.protocol", "onenight.game.durable",
                     "serial"},
}
WATCHED = ("onenight", "onenight_box", "kivy", "serial", "gpiozero")


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    pkg = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            # "from onenight_box import protocol" is an import of onenight_box.protocol
            out.update(f"{mod}.{a.name}" for a in node.names)
    return {m for m in out if m.split(".")[0] in WATCHED}


def allowed(mod: str, rules: set[str]) -> bool:
    return any(mod == r or mod.startswith(r + ".") for r in rules)


def test_each_floor_imports_only_what_is_below_it():
    bad = []
    for where, rules in ALLOWED.items():
        target = ROOT / where
        files = [target] if target.is_file() else sorted(target.rglob("*.py"))
        assert files, where
        for f in files:
            for mod in imports(f):
                ok = allowed(mod, rules) or (mod == "onenight" and "onenight" in rules)
                if not ok:
                    bad.append(f"{f.relative_to(ROOT)} imports {mod}")
    assert bad == []


def test_kivy_in_narration_is_only_the_audio_back_end():
    for f in (ROOT / "onenight/narration").rglob("*.py"):
        if any(m.startswith("kivy") for m in imports(f)):
            assert f.name == "kivy_audio.py", f


def test_the_rules_engines_need_only_the_standard_library():
    code = ("import sys; before = set(sys.modules); import onenight.classic, onenight.rules; "
            "own = ('onenight.classic', 'onenight.rules', 'onenight.common'); "
            "bad = sorted(m for m in set(sys.modules) - before if m != 'onenight' and "
            "m.split('.')[0] not in sys.stdlib_module_names and not m.startswith(own)); "
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_shipped_code_needs_no_test_only_module():
    """An install has no pytest: the app, the commands and the box never import a test runner
    or a test helper (Kivy's test module imports pytest)."""
    test_only = ("pytest", "hypothesis", "kivy.tests")
    bad = []
    for package in ("onenight", "onenight_box"):
        for f in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(f.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                bad += [f"{f.relative_to(ROOT)} imports {n}" for n in names
                        if any(n == t or n.startswith(t + ".") for t in test_only)]
    assert bad == []
