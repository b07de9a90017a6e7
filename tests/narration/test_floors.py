import subprocess
import sys


def test_the_narrator_runs_without_kivy():
    code = ("import sys, onenight.narration, onenight.narration.runner\n"
            "from onenight.narration import build_night_plan\n"
            "build_night_plan(['seer', 'werewolf', 'robber'])\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('kivy', 'serial', 'gpiozero')"
            " or m.startswith(('onenight.ui', 'onenight.box', 'onenight.game'))]\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True)
