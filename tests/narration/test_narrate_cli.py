import json
import os
import select
import signal
import subprocess
import sys
import time

import pytest

from onenight.cli import build_parser, main
from onenight.rules.scenarios import SCENARIO, SCENARIO_IDS, anarchy_deck, table_setup
from onenight.rules.steps import night_steps


def dry_run(capsys, *args):
    code = main(["narrate", "--dry-run", *args])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


def test_dry_run_prints_one_json_object_per_cue(capsys):
    code, cues, err = dry_run(capsys, "--scenario", "sombre-reveil", "--players", "5")
    assert code == 0 and err == ""
    assert all(set(c) == {"step", "line", "audio", "start", "duration"} for c in cues)
    assert all(c["audio"].endswith(f"/fr/{c['line']}.ogg") for c in cues)
    starts = [c["start"] for c in cues]
    assert starts == sorted(starts) and all(c["duration"] > 0 for c in cues)
    deck = SCENARIO["sombre-reveil"].deck(5)
    steps = [c["step"] for c in cues if c["step"] != "night"]
    assert list(dict.fromkeys(steps)) == [s.id for s in night_steps(deck)]


def test_the_seed_changes_nothing_for_a_preset_and_fixes_anarchie(capsys):
    outs = {dry_run(capsys, "--scenario", "les-sages", "--players", "10", "--seed", str(s))[1]
            .__repr__() for s in range(5)}
    assert len(outs) == 1
    a = dry_run(capsys, "--scenario", "anarchie", "--players", "7", "--seed", "11")[1]
    b = dry_run(capsys, "--scenario", "anarchie", "--players", "7", "--seed", "11")[1]
    assert a == b
    import random
    deck = table_setup(anarchy_deck(7, random.Random(11)), 7).cards
    steps = [c["step"] for c in a if c["step"] != "night"]
    assert list(dict.fromkeys(steps)) == [s.id for s in night_steps(deck)]


def test_english_and_the_settings_reach_the_plan(capsys):
    _, fr, _ = dry_run(capsys, "--scenario", "terrible-ennemi", "--players", "3")
    _, en, _ = dry_run(capsys, "--scenario", "terrible-ennemi", "--players", "3",
                       "--lang", "en", "--pace", "0.5")
    assert [c["line"] for c in fr] == [c["line"] for c in en]
    assert all("/en/" in c["audio"] for c in en)
    assert en[-1]["start"] < fr[-1]["start"]


@pytest.mark.parametrize("args, words", [
    (["--scenario", "nuit-blanche", "--players", "5"], ["nuit-blanche"] + list(SCENARIO_IDS)),
    (["--scenario", "les-sages", "--players", "4"], ["5 to 10", "valid player counts"]),
    (["--scenario", "terrible-ennemi", "--players", "11"], ["3 to 4"]),
    (["--scenario", "sombre-reveil", "--players", "4", "--voice", "nobody-recorded-this"],
     ["no voice pack 'nobody-recorded-this'"]),
    (["--scenario", "sombre-reveil", "--players", "4", "--pace", "-1"], ["pace"]),
])
def test_bad_input_says_what_was_wrong_and_exits_2(capsys, args, words):
    code = main(["narrate", "--dry-run", *args])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "Traceback" not in err
    for w in words:
        assert w in err


def test_bad_language_or_count_is_refused_by_the_parser(capsys):
    for args in (["--lang", "de"], ["--players", "three"]):
        argv = ["narrate", "--dry-run", "--scenario", "sombre-reveil", "--players", "4", *args]
        with pytest.raises(SystemExit) as e:
            main(argv)
        assert e.value.code == 2
    assert "narrate" in build_parser().format_help()


def test_the_help_speaks_to_a_user_and_the_debate_lasts_as_in_the_app(capsys):
    from onenight.game.settings import Settings

    with pytest.raises(SystemExit):
        main(["narrate", "--help"])
    text = capsys.readouterr().out
    assert "``" not in text and ":mod:" not in text and "sits on top" not in text
    for words in ("p and Enter", "a pipe", "SIGTERM", f"default {Settings().debate_minutes}"):
        assert words in " ".join(text.split())
    args = build_parser().parse_args(["narrate", "--scenario", "sombre-reveil",
                                      "--players", "4"])
    assert args.debate == Settings().debate_minutes == 5


def start_night(*args):
    """A real night through SDL's dummy sound device, once its first line is said."""
    p = subprocess.Popen([sys.executable, "-m", "onenight", "narrate", "--scenario",
                          "sombre-reveil", "--players", "3", *args],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True,
                         env=dict(os.environ, SDL_AUDIODRIVER="dummy"))
    assert read_until(p, "[night] ").startswith("[night] ")
    return p


def read_until(p, text: str, timeout: float = 60) -> str:
    """The first line of the child's output that contains ``text``."""
    deadline = time.monotonic() + timeout
    while True:
        ready, _, _ = select.select([p.stdout], [], [], max(0, deadline - time.monotonic()))
        assert ready, f"no {text!r} in {timeout} s"
        line = p.stdout.readline()
        assert line, f"the night ended without {text!r} (exit {p.wait()})"
        if text in line:
            return line


@pytest.mark.parametrize("sig, status", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_stops_the_night_at_once(sig, status):
    """kill, timeout and systemctl stop send SIGTERM; Ctrl-C sends SIGINT."""
    p = start_night()
    try:
        p.send_signal(sig)
        assert p.wait(timeout=15) == status
        assert "Traceback" not in p.stdout.read()
    finally:
        p.kill()
        p.wait()


def test_the_host_commands_come_from_a_pipe_too():
    p = start_night()
    try:
        p.stdin.write("p\n")
        p.stdin.flush()
        assert read_until(p, "[host]").strip() == "[host] paused"
        p.stdin.write("q\n")
        p.stdin.flush()
        assert p.wait(timeout=15) == 0
    finally:
        p.kill()
        p.wait()
