"""The game flow sits on the rules floor: no Kivy, no serial, no narration below the UI."""

import subprocess
import sys


def test_game_imports_no_kivy():
    code = ("import sys, onenight.game.controller, onenight.game.history, onenight.game.settings, "
            "onenight.game.timer, onenight.game.phases; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('kivy', 'serial') "
            "or m.startswith(('onenight.ui', 'onenight.narration', 'onenight.box'))]; "
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
