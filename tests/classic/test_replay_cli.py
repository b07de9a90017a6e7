"""`onenight classic replay` on record files (CLASSIC-RECORD.md): the cases of records/ all
answered by one process (tests/one_process.py), and two of them, standard input, a missing
file and the README's example by the command run alone.

- records/good/NAME.json: {"why", "record", "expect"}: exit 0, and the output is "expect",
  every key of it (the contract's keys and ours: the deciding rule, the cards at the end).
- records/bad/NAME.json: {"why", "record" or "raw", "error"}: exit 2, nothing on standard
  output, and exactly the one line "error" on standard error (the record's file is named
  record.json).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.one_process import run_each

HERE = Path(__file__).parent / "records"
GOOD = sorted((HERE / "good").glob("*.json"))
BAD = sorted((HERE / "bad").glob("*.json"))


def replay(arg: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "onenight", "classic", "replay", arg],
                          input=stdin, capture_output=True, text=True, timeout=60)


def case(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def written(c: dict, tmp_path: Path) -> Path:
    f = tmp_path / "record.json"
    f.write_text(c["raw"] if "raw" in c else json.dumps(c["record"], ensure_ascii=False),
                 encoding="utf-8")
    return f


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    """Every case's (file, answer), all from one process."""
    folder = tmp_path_factory.mktemp("cases")
    files = {}
    for path in GOOD + BAD:
        (folder / path.parent.name / path.stem).mkdir(parents=True)
        files[path] = written(case(path), folder / path.parent.name / path.stem)
    runs = run_each([["classic", "replay", str(f)] for f in files.values()])
    return {path: (f, p) for (path, f), p in zip(files.items(), runs)}


@pytest.mark.parametrize("path", [HERE / "good" / "contract_example.json", BAD[0]],
                         ids=["good", "bad"])
def test_one_process_answers_as_the_command_run_alone(path, answers):
    f, got = answers[path]
    alone = replay(str(f))
    assert (alone.returncode, alone.stdout, alone.stderr) == \
        (got.returncode, got.stdout, got.stderr)


@pytest.mark.parametrize("path", GOOD, ids=[p.stem for p in GOOD])
def test_good(path, answers):
    c = case(path)
    _, p = answers[path]
    assert p.returncode == 0, f"{path.stem}: {c['why']}\n{p.stderr}"
    assert json.loads(p.stdout) == c["expect"], f"{path.stem}: {c['why']}"
    assert p.stderr == ""


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad(path, answers):
    c = case(path)
    f, p = answers[path]
    assert p.returncode == 2 and p.stdout == "", f"{path.stem}: {c['why']}\n{p.stdout}"
    assert p.stderr.replace(str(f), "record.json") == c["error"] + "\n", (
        f"{path.stem}: {c['why']}")


def test_standard_input_gives_the_same_answer():
    c = case(HERE / "good" / "contract_example.json")
    p = replay("-", json.dumps(c["record"]))
    assert p.returncode == 0 and json.loads(p.stdout) == c["expect"]
    p = replay("-", "[1]")
    assert (p.returncode, p.stderr) == (2, "stdin: a game record is a JSON object\n")


def test_a_huge_input_is_refused_on_one_line():
    p = replay("-", " " * (4 * 1024 * 1024 + 1))
    assert (p.returncode, p.stdout) == (2, "")
    assert p.stderr == "stdin: more than 4 MB: too large to be a game record\n"


def test_a_missing_file_is_a_clear_error(tmp_path):
    p = replay(str(tmp_path / "nowhere.json"))
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.startswith(f"{tmp_path / 'nowhere.json'}: cannot read the record")
    assert len(p.stderr.splitlines()) == 1


def test_the_cases_say_why():
    assert len(GOOD) >= 15 and len(BAD) >= 30
    for path in GOOD + BAD:
        assert case(path)["why"], path.stem


def test_the_readmes_example_is_the_commands_own_output():
    root = HERE.parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    command = "$ .venv/bin/onenight classic replay docs/examples/classic-game.json\n"
    shown = readme.split(command, 1)[1].split("\n", 1)[0]
    p = replay(str(root / "docs" / "examples" / "classic-game.json"))
    assert p.returncode == 0 and p.stdout == shown + "\n"
    assert json.loads(shown)["winners"] == [0, 2, 3, 4, 5, 7, 8]
