"""`onenight adjudicate` as a process: the contract of GAME-RECORD.md."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

EXAMPLE = {
    "format": "onenight-game/1",
    "seats": ["seer", "werewolf", "robber", "villager", "alpha_wolf"],
    "center": ["werewolf", "drunk", "insomniac"],
    "alpha_center": "werewolf",
    "artifacts": ["claw", "void", "brand", "mute", "cudgel", "shroud"],
    "night": {"seer": {"view_center": [0, 2]}, "alpha_wolf": {"swap": 3},
              "robber": {"swap": 1}},
    "votes": [1, 4, 1, 1, 0],
}


def adjudicate(arg: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "onenight", "adjudicate", arg], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_the_contract_example(tmp_path):
    f = tmp_path / "game.json"
    f.write_text(json.dumps(EXAMPLE))
    p = adjudicate(str(f))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["final"] == {"seats": ["seer", "robber", "werewolf", "werewolf", "alpha_wolf"],
                            "center": ["werewolf", "drunk", "insomniac"],
                            "alpha_center": "villager"}
    assert out["roles"] == ["seer", "robber", "werewolf", "werewolf", "alpha_wolf"]
    assert out["teams"] == ["village", "village", "werewolf", "werewolf", "werewolf"]
    assert (out["shields"], out["artifacts"], out["revealed"]) == ([], {}, [])
    assert out["dead"] == [1] and out["winners"] == [2, 3, 4]
    assert out["winning_teams"] == ["werewolf"]
    assert p.stderr == ""


def test_reads_standard_input():
    p = adjudicate("-", json.dumps(EXAMPLE))
    assert p.returncode == 0 and json.loads(p.stdout)["dead"] == [1]


def bad(record) -> str:
    text = record if isinstance(record, str) else json.dumps(record)
    p = adjudicate("-", text)
    assert p.returncode == 2
    assert p.stdout == ""
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    return lines[0]


def with_(**changes):
    rec = json.loads(json.dumps(EXAMPLE))
    for k, v in changes.items():
        if v is None:
            rec.pop(k, None)
        else:
            rec[k] = v
    return rec


@pytest.mark.parametrize("record,line", [
    (with_(night={"robber": {"swap": 7}}),
     "night.robber.swap: seat 7 does not exist (5 players)"),
    (with_(night={"alpha_wolf": {"swap": 3}, "robber": {"swap": 2}}),
     "night.robber.swap: the robber cannot choose their own seat (2)"),
    (with_(votes=[1, 1, 1, 1, 0]), "votes[1]: seat 1 votes for themselves: point at another "
                                   "player"),
    (with_(votes=[1, 4, 1]), "votes: 3 votes for 5 players: one vote per seat"),
    (with_(seats=["seer", "wolf", "robber", "villager", "alpha_wolf"]),
     "seats[1]: unknown role \"wolf\""),
    (with_(center=["werewolf", "drunk"]), "center: 2 centre cards: there are exactly 3"),
    (with_(alpha_center=None), "alpha_center: missing: an alpha_wolf card is dealt (the centre "
                               "included), so the Alpha Wolf's extra centre card is required"),
    (with_(night={"seer": {"view_center": [0, 2]}}),
     "night.alpha_wolf: the alpha_wolf must exchange the alpha centre card with a player's card "
     "(missing choice)"),
    (with_(format="onenight-game/2"), 'format: expected "onenight-game/1", got '
                                      '"onenight-game/2"'),
    (with_(night={"alpha_wolf": {"swap": 3}, "dancer": {}}), "night.dancer: unknown step id"),
])
def test_bad_records_name_the_field(record, line):
    assert bad(record) == line


def test_invalid_json_and_wrong_shapes():
    assert bad("{not json").startswith("stdin: not valid JSON")
    assert bad("[]").startswith("a game record is a JSON object")
    assert bad(with_(votes="everyone")).startswith("votes:")
    assert bad(with_(night={"alpha_wolf": {"swap": "three"}})).startswith(
        "night.alpha_wolf.swap:")
    assert bad(with_(seats=["werewolf"] * 3, alpha_center=None, votes=[1, 2, 0],
                     night={})).startswith("center[0]: one werewolf card too many")
    assert bad(with_(seats=["villager"] * 2, alpha_center=None, night={})).startswith(
        "seats: 2 players")


def test_a_missing_file_is_a_clear_error(tmp_path):
    p = adjudicate(str(tmp_path / "nowhere.json"))
    assert p.returncode == 2 and p.stdout == ""
    assert "cannot read the record" in p.stderr


def test_the_example_shipped_in_the_docs():
    """docs/examples/onenight-game.json, the record the README offers to try: the Witch gives
    the Mystic Wolf to Bruno, the werewolf, whose card goes to the centre; four players vote
    for Bruno, a werewolf still, and the village wins."""
    from pathlib import Path

    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "onenight-game.json"
    p = adjudicate(str(example))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["final"]["seats"][1] == "mystic_wolf" and out["final"]["center"][0] == "werewolf"
    assert out["shields"] == [3] and out["revealed"] == [2]
    assert out["dead"] == [1] and out["winning_teams"] == ["village"]
    assert out["winners"] == [0, 2, 3, 4]


@pytest.mark.parametrize("digits", [5000, 400])
def test_a_huge_number_is_a_clear_error(digits):
    # Python refuses to read integers of more than 4300 digits: that must not escape as a
    # traceback; a shorter one must not fill the error line either.
    huge = "1" + "0" * digits
    line = bad('{"format": "onenight-game/1", "seats": [' + huge + ']}')
    assert line.startswith(("stdin:", "seats[0]:")) and len(line) < 200, line


@pytest.mark.parametrize("source", ["file", "stdin"])
def test_an_endless_input_is_cut_at_the_size_limit(tmp_path, source):
    """/dev/zero (or any stream without end) is read up to the limit, then refused: no
    MemoryError, no hang."""
    from onenight.common.jsontext import MAX_BYTES

    if source == "file":
        p = adjudicate("/dev/zero")
    else:
        big = '{"format": "onenight-game/1", "pad": "' + "x" * MAX_BYTES + '"}'
        p = subprocess.run([sys.executable, "-m", "onenight", "adjudicate", "-"], input=big,
                           capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and p.stdout == ""
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "too large" in lines[0], p.stderr[-500:]
