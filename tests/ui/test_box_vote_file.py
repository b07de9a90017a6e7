"""The round of a box vote under way (box-vote.json): any content reads as a round or none."""

import json
from types import SimpleNamespace

import pytest

from onenight.game.clock import FakeClock
from onenight.ui.box_link import VOTE_FILE, BoxLink
from tests.ui.conftest import FakeClient


@pytest.mark.parametrize("text,round", [
    ('{"round": 4, "players": 5}', 4),
    ('{"round": 4, "players": 6}', None),  # another table
    ("[" * 100_000, None),  # RecursionError escaped the reader
    ('{"round": ' + "9" * 5000 + ', "players": 5}', None),  # a number too long for Python
    ("\xff", None), ("[]", None), ('{"round": true, "players": 5}', None),
])
def test_the_saved_round_is_read_or_none(tmp_path, text, round):
    (tmp_path / VOTE_FILE).write_text(text, encoding="latin-1")
    app = SimpleNamespace(data_dir=tmp_path, ctl=SimpleNamespace(now=FakeClock().now))
    link = BoxLink("socket://box.local:7777", app, client_factory=FakeClient)
    assert link.saved_round(5) == round
