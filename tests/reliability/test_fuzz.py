"""Hostile input, property-based: the box protocol's decoder, the game record reader, the
settings file and the voice-pack loader answer anything with a result or their own
documented error, whose text says what was wrong; nothing else ever escapes.

A short run is part of the test suite. ``scripts/fuzz-long`` runs the same properties with
the ``long`` profile (ONENIGHT_FUZZ=long: 100,000 inputs each); its results are recorded in
docs/reliability.md.
"""

from __future__ import annotations

import json
import os
import struct
import tempfile
from dataclasses import fields
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings, strategies as st

from onenight_box import protocol as p
from onenight.classic import decks
from onenight.classic.record import replay_outcome
from onenight.classic.win import RULES as CLASSIC_RULES
from onenight.game.history import Entry, History
from onenight.game.settings import Settings, load_settings, save_settings
from onenight.narration.errors import NarrationError, VoiceError
from onenight.narration.voice import Voice, clip_duration, resolve_pack
from onenight.rules.errors import RulesError
from onenight.rules.cards import ROLE
from onenight.rules.record import adjudicate, adjudicate_text
from onenight.rules.scenarios import MAX_PLAYERS, MIN_PLAYERS
from tests.classic.helpers import a_record
from tests.rules.test_record_fuzz import json_values as record_values, near_records

settings.register_profile("short", max_examples=150, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=100_000, deadline=None,
                          suppress_health_check=list(HealthCheck))
PROFILE = os.environ.get("ONENIGHT_FUZZ", "short")


def fuzz(f):
    return settings(settings.get_profile(PROFILE))(f)


def said_what(e: Exception) -> None:
    """A documented error says what was wrong: a non-empty line of text."""
    text = str(e)
    assert text.strip() and len(text) < 2000, repr(text)


# ---- JSON of every shape, including the nasty ones ------------------------------------------
scalars = (st.none() | st.booleans() | st.integers() | st.integers(-3, 12)
           | st.floats() | st.text(max_size=12) | st.sampled_from(["²", "١", "Ⅻ", "0x1f", "1e400",
                                                                   "NaN", "-0", " 3"]))
json_like = st.recursive(scalars, lambda c: st.lists(c, max_size=4)
                         | st.dictionaries(st.text(max_size=6), c, max_size=4), max_leaves=12)


def deep(n: int, opener: str = "[") -> str:
    return opener * n


# ---- the box protocol ------------------------------------------------------------------------
FIELDS = ["t", "s", "seat", "on", "sealed", "votes", "round", "remaining", "total", "seats",
          "players", "cue", "v", "id", "n", "a", "pub", "phase", "ready", "voted", "reason",
          "kind", "targets", "self", "choice", "known", "pads", "mine", "pairing", "picks",
          "name", "commit", "proof", "code", "ref", "tablets"]
KINDS = sorted(p.BOX_TO_APP | p.APP_TO_BOX)
messages = st.builds(
    lambda kind, body: {**body, "t": kind},
    st.sampled_from(KINDS) | scalars,
    st.dictionaries(st.sampled_from(FIELDS), json_like | st.dictionaries(
        st.text(max_size=3) | st.sampled_from(["0", "3", "²", "١٢"]), json_like, max_size=3),
        max_size=6))


def check(body, sender) -> None:
    try:
        out = p.check_message(body, sender)
    except p.ProtocolError as e:
        said_what(e)
    else:
        assert out is body


seat_keys = st.text(max_size=3) | st.sampled_from(["0", "3", "²", "١٢", "03", "10", "-1"])
vote_like = st.builds(
    lambda kind, votes, extra: {"t": kind, "s": 1, "round": 1, "remaining": 5.0,
                                "phase": "closed", "ready": [], "voted": [], **extra,
                                "votes": votes, "sealed": {k: "00" * 10 for k in votes}},
    st.sampled_from(["votes", "snapshot"]), st.dictionaries(seat_keys, json_like, max_size=3),
    st.dictionaries(st.sampled_from(FIELDS), json_like, max_size=2))


@fuzz
@given(messages | vote_like)
@example({"t": "votes", "s": 1, "round": 1, "votes": {"²": 1}})  # found by this test
@example({"t": "snapshot", "s": 1, "phase": "idle", "ready": [], "voted": []})
@example({"t": "votes", "s": 1, "round": 1, "sealed": {"١": "00"}})
@example({"t": "tablets", "s": 1, "tablets": [{"id": "a", "name": "", "at": 1e400}]})
def test_check_message_answers_any_message_with_itself_or_a_protocol_error(body):
    for sender in ("app", "box"):
        check(body, sender)


def framed(text: bytes, mac: bytes = b"") -> bytes:
    inner = text + b"~" + mac
    return b"#" + inner + b"*" + p.crc(inner).encode() + b"\n"


frame_texts = (st.binary(max_size=200)
               | json_like.map(lambda v: json.dumps(v).encode())
               | messages.map(lambda m: json.dumps(m).encode())
               | st.integers(1, 2000).map(lambda n: deep(n).encode())
               | st.integers(1, 700).map(lambda n: ('{"a":' * n).encode()))


@fuzz
@given(st.lists(frame_texts.map(framed) | st.binary(max_size=64), max_size=6),
       st.integers(1, 64))
def test_the_framer_turns_any_stream_into_frames_or_reasons(parts, chunk):
    got, errors = [], []
    f = p.Framer(got.append, errors.append)
    stream = b"".join(parts)
    for i in range(0, len(stream), chunk):
        f.feed(stream[i:i + chunk])
    for e in errors:
        assert isinstance(e, str) and e.strip()
    for frame in got:
        assert isinstance(frame.body, dict)


class Peer:
    """One authenticated side of a channel; records what reaches the program above."""

    KEY = bytes(range(32))

    def __init__(self, role: str):
        self.out, self.msgs, self.refused = [], [], []
        self.t = 100.0
        self.ch = p.Channel(role, self.out.append, lambda: self.t, self.msgs.append,
                            self.refused.append, key=self.KEY)


@fuzz
@given(st.lists(messages, max_size=5), st.sampled_from(["app", "box"]))
def test_an_authenticated_peer_cannot_crash_the_channel(bodies, role):
    """Frames with a valid MAC (a paired peer gone mad): only checked messages get through."""
    me = Peer(role)
    sender = me.ch.peer
    for i, body in enumerate(bodies, 1):
        body = {**body, "s": body.get("s", i)} if isinstance(body, dict) else body
        text = json.dumps(body, separators=(",", ":"), sort_keys=True).encode()
        me.ch.data_received(framed(text, p.frame_mac(Peer.KEY, sender, text).encode()))
    for m in me.msgs:
        p.check_message(m, sender)  # everything delivered was checked
    for r in me.refused:
        assert isinstance(r, str) and r.strip()


@fuzz
@given(st.text(max_size=40) | st.binary(max_size=30).map(bytes.hex),
       st.text(max_size=700) | st.integers(0, 2 ** 2100).map(lambda n: f"{n:x}"))
def test_seals_and_pairing_values_open_or_say_why(sealed, public):
    try:
        t = p.open_seal(Peer.KEY, sealed)
        assert isinstance(t, int) and 0 <= t <= 99
    except p.ProtocolError as e:
        said_what(e)
    try:
        table = p.open_table(Peer.KEY, sealed)
        assert all(0 <= s < p.MAX_SEATS and 0 <= v < p.MAX_SEATS for s, v in table.items())
    except p.ProtocolError as e:
        said_what(e)
    try:
        key = p.dh_shared_key(12345, public)
        assert len(key) == 32
    except p.ProtocolError as e:
        said_what(e)


# ---- game records ---------------------------------------------------------------------------
def answered_by(judge, value) -> None:
    """``judge(value)`` gives an answer that is JSON, or its own error, on one line."""
    try:
        out = judge(value)
    except RulesError as e:
        said_what(e)
        assert "\n" not in str(e)
        return
    json.dumps(out)


def adjudicated(rec) -> None:
    answered_by(adjudicate, rec)


@fuzz
@given(near_records())
def test_records_near_the_format_get_an_outcome_or_their_reason(rec):
    adjudicated(rec)


@fuzz
@given(record_values | json_like)
def test_any_json_as_a_record(value):
    adjudicated(value)


@fuzz
@given(st.text(max_size=60) | st.integers(1, 5000).map(deep)
       | st.integers(1, 5000).map(lambda n: '{"format":' * n)
       | near_records().map(json.dumps).flatmap(
           lambda t: st.integers(0, len(t)).map(lambda i: t[:i]))
       | st.integers(4250, 4400).map(lambda n: '{"votes": [' + "7" * n + "]}"))
@example('{"format": "onenight-game/1", "votes": [' + "9" * 5000 + "]}")  # found by hand
@example(" " * 1_000_001)  # over the size limit
def test_any_text_as_a_record(text):
    answered_by(adjudicate_text, text)


# ---- the settings file -----------------------------------------------------------------------
NAMES = [f.name for f in fields(Settings)]
settings_files = (
    st.binary(max_size=200)
    | st.dictionaries(st.sampled_from(NAMES) | st.text(max_size=4), json_like, max_size=8)
      .map(lambda d: json.dumps(d).encode())
    | st.dictionaries(st.sampled_from(NAMES), st.sampled_from(
        ["1e400", "-1e400", "NaN", "Infinity", "1" + "0" * 400, "[[[[1]]]]", '"x"', "true",
         '{"seer": 1e400, "robber": NaN, "x": 3}', "[1e400]"]), max_size=6)
      .map(lambda d: ("{" + ",".join(f'"{k}":{v}' for k, v in d.items()) + "}").encode())
    | st.integers(1, 5000).map(lambda n: deep(n).encode())
    | st.integers(1, 3000).map(lambda n: ('{"role_seconds":' * n).encode()))


@fuzz
@given(settings_files)
def test_any_settings_file_gives_usable_settings(data):
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "settings.json"
        path.write_bytes(data)
        s, problem = load_settings(path)
        assert problem in (None, "settings_unreadable", "settings_bad")
        d0 = Settings()
        for name, (lo, hi) in Settings.LIMITS.items():
            v = getattr(s, name)
            assert type(v) is type(getattr(d0, name)) and lo <= v <= hi, (name, v)
        assert s.language in ("fr", "en") and isinstance(s.voice_pack, str)
        assert all(isinstance(n, str) for n in s.last_players)
        assert all(isinstance(v, int) for v in s.role_seconds.values())
        save_settings(path, s)  # what was loaded can be saved and loaded back the same
        assert load_settings(path) == (s, None)


# ---- the history ----------------------------------------------------------------------------
def history_record(votes=(1, 0, 1, 0, 1)) -> dict:
    """A finished game's record as the app saves it (the verdict follows from the votes)."""
    from onenight.rules.outcome import resolve

    roles = ["witch", "werewolf", "villager", "sentinel", "revealer"]
    o = resolve(roles, list(votes))
    return {"format": "onenight-game/1", "finished": "2026-01-02T20:30:00+00:00",
            "scenario": "sombre-reveil", "players": ["Ana", "Bob", "Cy", "Dee", "Eve"],
            "votes": list(votes), "game": "0123456789abcdef0123456789abcdef",
            "outcome": {"roles": roles, "dead": list(o.dead), "winners": list(o.winners),
                        "winning_teams": list(o.winning_teams)}}


HISTORY_FIELDS = ["format", "finished", "scenario", "players", "votes", "game", "outcome"]
OUTCOME_FIELDS = ["roles", "dead", "winners", "winning_teams"]


def near_history(changes: dict, inner: dict, drop: list) -> bytes:
    rec = history_record()
    rec.update(changes)
    if isinstance(rec.get("outcome"), dict):
        rec["outcome"].update(inner)
    for k in drop:
        rec.pop(k, None)
    return json.dumps(rec).encode()


def classic_history_record(seed: int) -> dict:
    """A classic game's record as the app saves it (finished or not): its phases, the
    players' names and the outcome the replay command prints."""
    rec = a_record(seed)
    names = [f"P{i}" for i in range(len(rec["seats"]))]
    return rec | {"players": names, "preset": "custom", "started": "2026-03-04T21:00:00+00:00",
                  "game": f"{seed:032x}", "outcome": replay_outcome(rec)}


CLASSIC_OUTCOME = ["alive", "winning_side", "winners", "phases"]


def near_classic_history(seed: int, changes: dict, inner: dict) -> bytes:
    rec = classic_history_record(seed)
    rec.update(changes)
    if isinstance(rec.get("outcome"), dict):
        rec["outcome"].update(inner)
    return json.dumps(rec).encode()


history_files = (
    st.binary(max_size=200)
    | json_like.map(lambda v: json.dumps(v).encode())
    | st.builds(near_history,
                st.dictionaries(st.sampled_from(HISTORY_FIELDS), json_like, max_size=2),
                st.dictionaries(st.sampled_from(OUTCOME_FIELDS), json_like
                                | st.lists(st.integers(-2, 12), max_size=6), max_size=2),
                st.lists(st.sampled_from(HISTORY_FIELDS), max_size=1))
    | st.lists(st.integers(0, 4), min_size=5, max_size=5).map(
        lambda v: json.dumps(history_record() | {"votes": v}).encode())
    | st.integers(1, 5000).map(lambda n: deep(n).encode())
    | st.integers(4250, 4400).map(lambda n: ('{"players": [' + "7" * n + "]}").encode())
    | st.integers(0, 2 ** 32 - 1).map(lambda seed: json.dumps(
        classic_history_record(seed)).encode())
    | st.builds(near_classic_history, st.integers(0, 2 ** 32 - 1),
                st.dictionaries(st.sampled_from(["players", "outcome", "phases", "seats",
                                                 "finished", "preset"]),
                                json_like | st.lists(st.text(max_size=3), max_size=20),
                                max_size=2),
                st.dictionaries(st.sampled_from(CLASSIC_OUTCOME), json_like
                                | st.lists(st.integers(-2, 20), max_size=20), max_size=2)))


@fuzz
@given(st.lists(history_files, max_size=3))
@example([b"[" * 100_000, json.dumps(history_record() | {"outcome": {"winners": [99]}}).encode(),
          json.dumps(history_record() | {"outcome": {"winning_teams": [1]}}).encode()])
def test_any_history_file_is_listed_or_unreadable(files):
    """Any file in the history folder: listed as a game the history screen can show, or as
    unreadable with a reason; nothing escapes (issue: one bad record crashed the screen)."""
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        (folder / "good.json").write_text(json.dumps(history_record()))
        for i, data in enumerate(files):
            (folder / f"f{i}.json").write_bytes(data)
        h = History(folder)
        entries, unreadable = h.scan()
        assert len(entries) + len(unreadable) == len(files) + 1
        assert any(e.path.name == "good.json" for e in entries)
        for e in entries:  # what the history and result screens use of an entry
            assert isinstance(e, Entry)
            assert all(isinstance(n, str) and n for n in e.players)
            assert all(0 <= s < len(e.players) for s in e.winners + e.dead)
            assert isinstance(e.finished, str) and isinstance(e.scenario, str)
            if e.game == "thiercelieux":  # the classic game's: no one-night verdict to show
                assert decks.MIN_PLAYERS <= len(e.players) <= decks.MAX_PLAYERS
                assert e.outcome is None
                assert set(e.winning_teams) <= {side for _, side in CLASSIC_RULES}
                assert e.over == bool(e.winning_teams)
                continue
            assert MIN_PLAYERS <= len(e.players) <= MAX_PLAYERS
            assert set(e.winning_teams) <= {"village", "werewolf", "tanner"}
            o = e.outcome
            assert o is not None and all(r in ROLE for r in o.roles)
            assert len(o.votes) == len(o.counts) == len(e.players)
        for u in unreadable:
            said_what(ValueError(u.reason))
        h.find("0123456789abcdef0123456789abcdef")


# ---- voice packs -----------------------------------------------------------------------------
def ogg_like(draw_bytes: bytes, rate: int, granule: int) -> bytes:
    head = b"OggS" + bytes(22) + bytes([1]) + bytes([30])
    body = b"\x01vorbis" + bytes(5) + struct.pack("<I", rate)
    tail = b"OggS" + bytes(2) + struct.pack("<q", granule)
    return head + body + draw_bytes + tail


clips = (st.binary(max_size=120)
         | st.builds(ogg_like, st.binary(max_size=40), st.integers(0, 2 ** 32 - 1),
                     st.integers(-2 ** 63, 2 ** 63 - 1))
         | st.binary(max_size=80).map(lambda b: b"RIFF" + b[:4] + b"WAVEfmt " + b[4:])
         | st.binary(max_size=60).map(lambda b: b"OggS" + b))


@fuzz
@given(clips, st.sampled_from([".ogg", ".wav", ".OGG", ".mp3"]))
def test_any_clip_has_a_length_or_a_voice_error(data, ext):
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / f"clip{ext}"
        path.write_bytes(data)
        try:
            seconds = clip_duration(path)
            assert seconds > 0
        except VoiceError as e:
            said_what(e)


@fuzz
@given(st.text(max_size=30) | st.sampled_from(["", " ", ".", "..", "/", "\x00", "a/b",
                                              "standard", "~"]),
       st.text(max_size=5) | st.sampled_from(["fr", "en"]))
def test_any_pack_name_or_language_is_found_or_refused_with_a_reason(pack, lang):
    try:
        resolve_pack(pack, "fr")
    except VoiceError as e:
        said_what(e)
    try:
        Voice(lang, pack)
    except NarrationError as e:
        said_what(e)


@settings(settings.get_profile(PROFILE), max_examples=min(
    settings.get_profile(PROFILE).max_examples, 2000 if PROFILE == "long" else 30),
    suppress_health_check=list(HealthCheck))
@given(st.dictionaries(st.sampled_from(["night.intro", "night.start", "day.start",
                                        "werewolves.wake", "x"]), clips, max_size=4),
       st.sampled_from([".ogg", ".wav"]))
def test_a_pack_of_broken_clips_falls_back_to_the_default_voice(files, ext):
    with tempfile.TemporaryDirectory() as d:
        for line, data in files.items():
            (Path(d) / f"{line}{ext}").write_bytes(data)
        v = Voice("fr", d)
        for line in ("night.intro", "night.start", "day.start"):
            c = v.clip(line)
            assert c.duration > 0 and (c.pack or line in v.fallbacks)


def test_the_long_run_gets_its_profile(tmp_path):
    """scripts/fuzz-long asks for the long profile with ONENIGHT_FUZZ=long, and the suite's
    guard against a shell's ONENIGHT_* variables lets it through (it did not: the long run
    ran 300 inputs per property, as the short one)."""
    import subprocess
    import sys

    probe = tmp_path / "test_probe.py"
    probe.write_text("from tests.reliability.test_fuzz import PROFILE\n\n\n"
                     "def test_profile():\n    assert PROFILE == 'long', PROFILE\n")
    root = Path(__file__).resolve().parents[2]
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        "-p", "tests.conftest", "--rootdir", str(tmp_path), str(probe)],
                       cwd=root, env=os.environ | {"ONENIGHT_FUZZ": "long"},
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
