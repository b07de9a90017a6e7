"""Conformance suite for `onenight adjudicate`, written from the rules alone.

Each case is one JSON file, run through the command (``onenight.cli.main``, what
``python -m onenight adjudicate FILE`` runs) in a process of its own that answers every case
of the folder one after the other, each with its own standard output, standard error and
exit status: one interpreter start for the ~230 cases instead of one each (about a minute
of CPU). That this gives what a process per case gives is checked on a good and a bad case
with the command run alone, as are the record on standard input and its refusal:

- good/NAME.json: {"record": {...}, "expect": {...}, "why": "..."}. The command must exit 0
  with one JSON object on stdout; every key in "expect" must equal the same key of the
  output. "final" is compared sub-key by sub-key (seats, center, alpha_center), so a case
  can pin only the cards it cares about.
- bad/NAME.json: {"record": ... or "raw": "text", "field": "night.robber.swap", "why": "..."}.
  The command must exit 2, print nothing on stdout, and exactly one line on stderr starting
  with "<field>:". "field" may be a list of equally acceptable names (where the record
  format leaves the naming open), or null to check only the exit status and the one line.
- disputed/: cases where the engine and this suite disagree; not run. See its README.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.one_process import run_each

HERE = Path(__file__).parent
GOOD = sorted((HERE / "good").glob("*.json"))
BAD = sorted((HERE / "bad").glob("*.json"))
TIMEOUT = 30


def adjudicate(arg, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "onenight", "adjudicate", arg],
        input=stdin, capture_output=True, text=True, timeout=TIMEOUT,
    )


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    """Every case's answer by its file: (exit status, stdout, stderr) as a finished process
    gives them, all from one process."""
    folder = tmp_path_factory.mktemp("cases")
    paths = GOOD + BAD
    files = [str(record_file(load(p), folder / p.parent.name / p.stem)) for p in paths]
    return dict(zip(paths, run_each([["adjudicate", f] for f in files])))


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def record_file(case, tmp_path):
    """Writes the case's record (or raw text) to its own file and returns the path."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "record.json"
    if "raw" in case:
        path.write_text(case["raw"], encoding="utf-8")
    else:
        path.write_text(json.dumps(case["record"], ensure_ascii=False), encoding="utf-8")
    return path


def show(value):
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


@pytest.mark.parametrize("path", GOOD, ids=[p.stem for p in GOOD])
def test_good(path, answers):
    case = load(path)
    proc = answers[path]
    assert proc.returncode == 0, (
        f"{path.stem}: {case['why']}\nexpected exit 0, got {proc.returncode}\n"
        f"stderr: {proc.stderr.strip()}")
    out = json.loads(proc.stdout)
    wrong = []
    for key, want in case["expect"].items():
        if key == "final":
            for sub, want_sub in want.items():
                got = out.get("final", {}).get(sub)
                if got != want_sub:
                    wrong.append(f"  final.{sub}: expected {show(want_sub)}, got {show(got)}")
        elif out.get(key) != want:
            wrong.append(f"  {key}: expected {show(want)}, got {show(out.get(key))}")
    assert not wrong, (
        f"{path.stem}: {case['why']}\n" + "\n".join(wrong) + f"\nfull output: {show(out)}")


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad(path, answers):
    case = load(path)
    proc = answers[path]
    why = f"{path.stem}: {case['why']}"
    assert proc.returncode == 2, (
        f"{why}\nexpected exit 2, got {proc.returncode}\nstdout: {proc.stdout.strip()}\n"
        f"stderr: {proc.stderr.strip()}")
    assert proc.stdout == "", f"{why}\nexpected nothing on stdout, got: {proc.stdout!r}"
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, f"{why}\nexpected one line on stderr, got {len(lines)}: {proc.stderr!r}"
    fields = case["field"]
    if fields is None:
        return
    if isinstance(fields, str):
        fields = [fields]
    assert any(lines[0].startswith(f + ":") for f in fields), (
        f"{why}\nexpected stderr to start with {' or '.join(f + ':' for f in fields)}\n"
        f"got: {lines[0]}")


@pytest.mark.parametrize("path", [HERE / "good" / "tie_both_die.json",
                                  HERE / "bad" / "self_vote.json"], ids=["good", "bad"])
def test_one_process_answers_as_the_command_run_alone(path, answers, tmp_path):
    """The command started for one case prints and exits as the one process answered."""
    alone = adjudicate(str(record_file(load(path), tmp_path)))
    got = answers[path]
    assert (alone.returncode, alone.stdout, alone.stderr) == \
        (got.returncode, got.stdout, got.stderr)


def test_record_on_stdin():
    """`-` reads the record from standard input and gives the same answer as a file."""
    case = load(HERE / "good" / "tie_both_die.json")
    proc = adjudicate("-", stdin=json.dumps(case["record"]))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    for key, want in case["expect"].items():
        assert out.get(key) == want, f"stdin: {key}: expected {show(want)}, got {show(out.get(key))}"


def test_bad_record_on_stdin():
    proc = adjudicate("-", stdin=json.dumps(load(HERE / "bad" / "self_vote.json")["record"]))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("votes[1]:"), proc.stderr


def test_case_files_are_well_formed():
    """Every case says why, and good cases only pin documented output keys."""
    keys = {"final", "roles", "teams", "shields", "artifacts", "revealed", "dead",
            "winners", "winning_teams"}
    assert len(GOOD) >= 60 and len(BAD) >= 25
    for path in GOOD:
        case = load(path)
        assert case["why"] and set(case["expect"]) <= keys, path.stem
    for path in BAD:
        case = load(path)
        assert case["why"] and "field" in case and ("record" in case or "raw" in case), path.stem
