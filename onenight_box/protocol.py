"""The box link: one module, used by the vote box (onenight_box) and by the app (onenight.box).

Pure Python: it imports neither kivy, gpiozero nor serial. The byte stream comes in through
:meth:`Channel.data_received`, goes out through the ``write`` callable given to the channel,
and time comes from an injected clock (a callable returning seconds), so both sides and the
tests drive it the same way. docs/box-protocol.md describes the wire format in prose.

Layers, each handing its result to the next (the shape of pyserial's ``serial.threaded``):

* :class:`Framer` cuts the byte stream into frames (``#json~mac*crc\\n``) and checks the CRC;
* :class:`Channel` checks the MAC and the sequence number, acknowledges and resends reliable
  messages, sends heartbeats and declares the link lost after :data:`LINK_TIMEOUT` of silence;
* :func:`check_message` checks a message's fields before either side acts on it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

VERSION = 2
MAX_FRAME = 2048  # bytes, from '#' to '\n'
MAX_SEATS = 18  # seats on the link (a box has up to this many pads)
HEARTBEAT = 1.0  # seconds without sending anything before a ping
LINK_TIMEOUT = 3.0  # seconds of silence before the link is declared lost
RESEND_AFTER = 0.5  # seconds before an unacknowledged reliable frame is sent again
REPLAY_WINDOW = 512  # sequence numbers remembered per session
MAC_BYTES = 16
CODE_DIGITS = 4  # the pairing code shown on the tablet and dialled on a pad
MAX_TABLETS = 32  # tablets paired with one box, and in the list of them

#: Frames sent before a session key exists (everything else must carry a valid MAC).
UNAUTHENTICATED = frozenset({"hello", "pair", "pair_pub", "pair_reveal", "paired", "error"})
#: Messages the sender keeps and resends until the peer acknowledges them.
RELIABLE = frozenset({"snapshot", "ready", "vote", "votes", "picks", "tablets", "debate", "open",
                      "close", "cue", "reset", "forget"})
BOX_TO_APP = frozenset({"hello", "pair_pub", "paired", "error", "ack", "ping", "snapshot", "ready",
                        "vote", "votes", "picking", "picks", "tablets"})
APP_TO_BOX = frozenset({"hello", "pair", "pair_reveal", "ack", "ping", "sync", "debate", "open",
                        "close", "cue", "reset", "forget"})
CUES = ("last_minute", "three_two_one", "end", "chirp")
PHASES = ("idle", "debate", "vote", "pick", "closed")
ROUNDS = ("vote", "pick")  # the kinds of round ``open`` starts
CHOICES = ("seat", "yes_no")  # what a pick asks for: a seat, or yes (1) / no (0)
#: Machine-readable ``error.code`` values, so the app need not parse the reason's words.
ERROR_CODES = ("version", "unpaired", "key_mismatch", "busy", "pairing", "wrong_code", "known",
               "refused", "invalid", "not_owner")
NO_CHOICE = 0xFF  # a seat that has not chosen, in a sealed table

# RFC 3526 group 14 (2048-bit MODP), for pairing: a Diffie-Hellman exchange so the paired key
# never travels on the link, not even while a pairing is under way.
DH_PRIME = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74"
    "020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F1437"
    "4FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF05"
    "98DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB"
    "9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF695581718"
    "3995497CEA956AE515D2261898FA051015728E5A8AACAA68FFFFFFFFFFFFFFFF", 16)
DH_GENERATOR = 2


class ProtocolError(ValueError):
    """A frame or message was refused; ``str()`` says what was wrong."""


# --------------------------------------------------------------------------- framing

def crc(data: bytes) -> str:
    return f"{zlib.crc32(data) & 0xFFFFFFFF:08x}"


def encode_frame(body: dict, mac: str = "") -> bytes:
    text = json.dumps(body, separators=(",", ":"), sort_keys=True, ensure_ascii=True).encode()
    inner = text + b"~" + mac.encode()
    return b"#" + inner + b"*" + crc(inner).encode() + b"\n"


@dataclass(frozen=True)
class Frame:
    body: dict
    text: bytes  # the JSON exactly as received: the MAC covers these bytes
    mac: str


def decode_frame(line: bytes) -> Frame:
    """One frame without its leading '#' and trailing newline."""
    inner, star, check = line.rpartition(b"*")
    if not star:
        raise ProtocolError("frame has no checksum ('*' missing)")
    if check.decode("ascii", "replace") != crc(inner):
        raise ProtocolError(f"bad checksum {check[:8].decode('ascii', 'replace')!r}")
    text, tilde, mac = inner.rpartition(b"~")
    if not tilde:
        raise ProtocolError("frame has no MAC field ('~' missing)")
    try:
        body = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ProtocolError(f"frame is not JSON: {e}") from None
    except RecursionError:  # "[[[[..." within MAX_FRAME is deeper than the parser goes
        raise ProtocolError("frame is nested too deeply to be a message") from None
    if not isinstance(body, dict):
        raise ProtocolError("frame is not a JSON object")
    return Frame(body, text, mac.decode("ascii", "replace"))


class Framer:
    """Cuts a byte stream into frames. Garbage between frames is dropped and reported."""

    def __init__(self, on_frame: Callable[[Frame], None], on_error: Callable[[str], None]):
        self.on_frame = on_frame
        self.on_error = on_error
        self._buf = bytearray()

    def feed(self, data: bytes) -> None:
        self._buf += data
        while True:
            start = self._buf.find(b"#")
            if start < 0:
                if self._buf.strip(b"\r\n"):
                    self.on_error(f"dropped {len(self._buf)} bytes of garbage outside a frame")
                self._buf.clear()
                return
            if start > 0:
                junk = bytes(self._buf[:start])
                del self._buf[:start]
                if junk.strip(b"\r\n"):
                    self.on_error(f"dropped {len(junk)} bytes of garbage before a frame")
            end = self._buf.find(b"\n")
            if end < 0:
                if len(self._buf) > MAX_FRAME:
                    self.on_error(f"dropped an unterminated frame longer than {MAX_FRAME} bytes")
                    self._buf.clear()
                return
            line = bytes(self._buf[1:end]).rstrip(b"\r")
            del self._buf[:end + 1]
            if len(line) > MAX_FRAME:
                self.on_error(f"dropped a frame of {len(line)} bytes (limit {MAX_FRAME})")
                continue
            if b"#" in line:  # a frame cut short by a new one: keep the newer
                self.on_error("dropped a frame cut short by the next one")
                self._buf[:0] = line[line.rfind(b"#"):] + b"\n"
                continue
            try:
                frame = decode_frame(line)
            except ProtocolError as e:
                self.on_error(str(e))
                continue
            self.on_frame(frame)


# --------------------------------------------------------------------------- keys and seals

def new_nonce() -> str:
    return os.urandom(16).hex()


def session_key(paired_key: bytes, app_nonce: str, box_nonce: str) -> bytes:
    msg = b"onenight-session|" + app_nonce.encode() + b"|" + box_nonce.encode()
    return hmac.new(paired_key, msg, hashlib.sha256).digest()


def frame_mac(key: bytes, sender: str, text: bytes) -> str:
    """MAC of a frame's JSON text; the sender's role is mixed in, so a frame cannot be
    reflected back to the side that sent it."""
    return hmac.new(key, sender.encode() + b"|" + text, hashlib.sha256).digest()[:MAC_BYTES].hex()


def _keystream(key: bytes, nonce: bytes, n: int) -> bytes:
    out = bytearray()
    block = 0
    while len(out) < n:
        out += hmac.new(key, b"seal|" + nonce + block.to_bytes(4, "big"), hashlib.sha256).digest()
        block += 1
    return bytes(out[:n])


def seal_target(key: bytes, target: int) -> str:
    """A vote's target, encrypted for the app (HMAC-SHA256 in counter mode as the keystream).

    Every seal is the same length whatever the target, so nobody reading the link learns
    anything from it; the frame's MAC protects it from being altered."""
    nonce = os.urandom(8)
    plain = f"{target:02d}".encode()
    cipher = bytes(a ^ b for a, b in zip(plain, _keystream(key, nonce, len(plain))))
    return (nonce + cipher).hex()


def open_seal(key: bytes, sealed: str) -> int:
    try:
        raw = bytes.fromhex(sealed)
    except (ValueError, TypeError):
        raise ProtocolError("sealed vote is not hex") from None
    if len(raw) != 10:
        raise ProtocolError(f"sealed vote has {len(raw)} bytes, expected 10")
    nonce, cipher = raw[:8], raw[8:]
    plain = bytes(a ^ b for a, b in zip(cipher, _keystream(key, nonce, len(cipher))))
    if not plain.isdigit():
        raise ProtocolError("sealed vote does not open with this session's key")
    return int(plain)


def seal_table(key: bytes, table: dict[int, int]) -> str:
    """Every seat's choice in a pick round, encrypted for the app as one value of a fixed
    length (:data:`MAX_SEATS` entries, :data:`NO_CHOICE` for a seat without one): its length
    says nothing of how many seats chose, nor which."""
    plain = bytearray([NO_CHOICE] * MAX_SEATS)
    for seat, value in table.items():
        plain[seat] = value
    nonce = os.urandom(8)
    cipher = bytes(a ^ b for a, b in zip(plain, _keystream(key, nonce, MAX_SEATS)))
    return (nonce + cipher).hex()


def open_table(key: bytes, sealed: str) -> dict[int, int]:
    """The choices in a sealed table: seat -> value, for the seats that chose."""
    try:
        raw = bytes.fromhex(sealed)
    except (ValueError, TypeError):
        raise ProtocolError("sealed table is not hex") from None
    if len(raw) != 8 + MAX_SEATS:
        raise ProtocolError(f"sealed table has {len(raw)} bytes, expected {8 + MAX_SEATS}")
    nonce, cipher = raw[:8], raw[8:]
    plain = bytes(a ^ b for a, b in zip(cipher, _keystream(key, nonce, MAX_SEATS)))
    if any(v >= MAX_SEATS and v != NO_CHOICE for v in plain):
        raise ProtocolError("sealed table does not open with this session's key")
    return {seat: v for seat, v in enumerate(plain) if v != NO_CHOICE}


# Pairing: a Diffie-Hellman exchange in which the app commits to its public value before it
# sees the box's, then both derive a short code from the shared key. The tablet shows the
# code and a player dials it on a pad: someone sitting in the middle holds a different key
# with each side, hence (with the commitment, which stops him from choosing his values to
# make the codes agree) a different code, right once in 10^CODE_DIGITS.

def dh_private() -> int:
    return int.from_bytes(os.urandom(32), "big")


def dh_public(private: int) -> str:
    return f"{pow(DH_GENERATOR, private, DH_PRIME):x}"


def dh_shared_key(private: int, peer_public: str) -> bytes:
    try:
        peer = int(peer_public, 16)
    except (ValueError, TypeError):
        raise ProtocolError("pairing public value is not hex") from None
    if not 2 <= peer <= DH_PRIME - 2:
        raise ProtocolError("pairing public value out of range")
    shared = pow(peer, private, DH_PRIME)
    return hashlib.sha256(b"onenight-pair|" + shared.to_bytes(256, "big")).digest()


def pair_commit(public: str) -> str:
    """The app's commitment to its public value, sent before it sees the box's."""
    return hashlib.sha256(b"onenight-commit|" + public.encode()).hexdigest()


def pair_code(key: bytes, app_public: str, box_public: str) -> str:
    """The code both sides derive from a pairing: :data:`CODE_DIGITS` decimal digits."""
    digest = hmac.new(key, b"onenight-code|" + app_public.encode() + b"|" + box_public.encode(),
                      hashlib.sha256).digest()
    return f"{int.from_bytes(digest[:8], 'big') % 10 ** CODE_DIGITS:0{CODE_DIGITS}d}"


def pair_proof(key: bytes, app_id: str, box_id: str) -> str:
    """The box's proof, once the code was dialled, that it holds the same key as the app."""
    msg = b"onenight-paired|" + app_id.encode() + b"|" + box_id.encode()
    return hmac.new(key, msg, hashlib.sha256).digest()[:MAC_BYTES].hex()


# --------------------------------------------------------------------------- messages

def _seat(value: object, name: str, players: int = MAX_SEATS) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError(f"{name} must be a seat number, got {value!r}")
    if not 0 <= value < players:
        raise ProtocolError(f"{name} {value} out of range (0 to {players - 1})")
    return value


def _number(value: object, name: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ProtocolError(f"{name} must be a number, got {value!r}")
    if not low <= value <= high:
        raise ProtocolError(f"{name} {value} out of range ({low} to {high})")
    return value


def _seats(value: object, name: str, players: int = MAX_SEATS) -> list[int]:
    if not isinstance(value, list):
        raise ProtocolError(f"{name} must be a list of seats")
    out = [_seat(v, f"{name}[]", players) for v in value]
    if len(set(out)) != len(out):
        raise ProtocolError(f"{name} names a seat twice")
    return out


def _by_seat(value: object, name: str, prefix: str, shape: str, check) -> None:
    """An object keyed by seat numbers written as text ("0" to "99"), each value passed to
    ``check(value, label)``; ``name`` is the field's, ``prefix`` starts the other messages."""
    if not isinstance(value, dict):
        raise ProtocolError(f"{name} must be an object{shape}")
    for k, v in value.items():
        if not (isinstance(k, str) and k.isascii() and k.isdigit() and len(k) <= 2):
            raise ProtocolError(f"{prefix}: seat {str(k)[:8]!r} is not a number")
        _seat(int(k), f"{prefix} seat")
        check(v, f"{prefix}[{k}]")


def _sealed(value: object, label: str) -> None:
    if not isinstance(value, str) or len(value) > 64:
        raise ProtocolError(f"{label} must be a short hex string")


def _text(body: dict, name: str, kind: str, low: int = 1, high: int = 64) -> None:
    value = body.get(name)
    if not isinstance(value, str) or not low <= len(value) <= high:
        raise ProtocolError(f"{kind}.{name} must be a string of {low} to {high} characters")


def _flag(body: dict, name: str, kind: str) -> None:
    if not isinstance(body.get(name), bool):
        raise ProtocolError(f"{kind}.{name} must be true or false")


def _round(body: dict, kind: str) -> None:
    _number(body.get("round"), f"{kind}.round", 0, 2**31)


def _tablets(value: object) -> None:
    if not isinstance(value, list) or len(value) > MAX_TABLETS:
        raise ProtocolError(f"tablets.tablets must be a list of at most {MAX_TABLETS} tablets")
    for t in value:
        if not isinstance(t, dict):
            raise ProtocolError("tablets.tablets[] must be objects")
        _text(t, "id", "tablets[]")
        _text(t, "name", "tablets[]", 0)
        _number(t.get("at"), "tablets[].at", 0, 2**40)


def check_message(body: dict, sender: str) -> dict:
    """The message if every field is well formed for what ``sender`` may send, else
    :class:`ProtocolError`. Game-state checks (is the vote open?) are the receiver's."""
    kind = body.get("t")
    allowed = BOX_TO_APP if sender == "box" else APP_TO_BOX
    if not isinstance(kind, str) or kind not in allowed:
        raise ProtocolError(f"unknown message {str(kind)[:20]!r} from the {sender}")
    seq = body.get("s", 0)
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        raise ProtocolError(f"bad sequence number {str(seq)[:20]!r}")
    if kind == "hello":
        if body.get("v") != VERSION:
            raise ProtocolError(f"protocol version {str(body.get('v'))[:12]} not supported "
                                f"(this side speaks {VERSION})")
        _text(body, "id", "hello")
        _text(body, "n", "hello")
        if sender == "box":
            _flag(body, "known", "hello")
            _number(body.get("pads"), "hello.pads", 1, MAX_SEATS)
    elif kind == "pair":
        _text(body, "id", kind)
        _text(body, "name", kind, 0)
        _text(body, "commit", kind, 64, 64)
    elif kind in ("pair_pub", "pair_reveal"):
        _text(body, "id", kind)
        _text(body, "pub", kind, 1, 600)
    elif kind == "paired":
        _text(body, "id", kind)
        _text(body, "proof", kind, 2 * MAC_BYTES, 2 * MAC_BYTES)
    elif kind == "ack":
        if isinstance(body.get("a"), bool) or not isinstance(body.get("a"), int):
            raise ProtocolError("ack.a must be a sequence number")
    elif kind == "ready":
        _seat(body.get("seat"), "ready.seat")
        _flag(body, "on", kind)
    elif kind == "vote":
        _seat(body.get("seat"), "vote.seat")
        _sealed(body.get("sealed"), "vote.sealed")
    elif kind == "votes":
        _round(body, kind)
        _by_seat(body.get("sealed"), "votes.sealed", "votes", " seat -> sealed vote", _sealed)
    elif kind in ("picking", "picks"):
        _round(body, kind)
        _sealed(body.get("sealed"), f"{kind}.sealed")
    elif kind == "tablets":
        _tablets(body.get("tablets"))
    elif kind == "debate":
        _number(body.get("remaining"), "debate.remaining", 0, 3600)
        _number(body.get("total"), "debate.total", 1, 3600)
        if "paused" in body:
            _flag(body, "paused", kind)
    elif kind == "open":
        _round(body, kind)
        if body.get("kind") not in ROUNDS:
            raise ProtocolError(f"open.kind {str(body.get('kind'))[:12]!r} unknown "
                                f"(known: {', '.join(ROUNDS)})")
        players = int(_number(body.get("players"), "open.players", 3, MAX_SEATS))
        _seats(body.get("seats"), "open.seats", players)
        _seats(body.get("targets"), "open.targets", players)
        _flag(body, "self", kind)
        if body.get("choice") not in CHOICES:
            raise ProtocolError(f"open.choice {str(body.get('choice'))[:12]!r} unknown "
                                f"(known: {', '.join(CHOICES)})")
        if body["kind"] == "vote" and body["choice"] != "seat":
            raise ProtocolError("open: a vote is for a seat (choice 'seat')")
    elif kind == "close":
        _round(body, kind)
    elif kind == "cue":
        if body.get("cue") not in CUES:
            raise ProtocolError(f"unknown cue {str(body.get('cue'))[:20]!r} "
                                f"(known: {', '.join(CUES)})")
    elif kind == "forget":
        _text(body, "id", kind)
    elif kind == "snapshot":
        if body.get("phase") not in PHASES:
            raise ProtocolError(f"snapshot.phase {str(body.get('phase'))[:12]!r} unknown")
        if body.get("kind") not in ROUNDS:
            raise ProtocolError(f"snapshot.kind {str(body.get('kind'))[:12]!r} unknown")
        _round(body, kind)
        _number(body.get("players"), "snapshot.players", 0, MAX_SEATS)
        for name in ("seats", "targets", "ready", "voted"):
            _seats(body.get(name), f"snapshot.{name}")
        _number(body.get("remaining"), "snapshot.remaining", 0, 3600)
        _number(body.get("total"), "snapshot.total", 0, 3600)
        _number(body.get("pads"), "snapshot.pads", 1, MAX_SEATS)
        for name in ("pairing", "mine", "self"):
            _flag(body, name, kind)
        if "paused" in body:
            _flag(body, "paused", kind)
        _by_seat(body.get("sealed", {}), "snapshot.sealed", "snapshot.sealed", "", _sealed)
        if "picks" in body:
            _sealed(body["picks"], "snapshot.picks")
    elif kind == "error":
        _text(body, "reason", kind, 1, 400)
        if "code" in body and body["code"] not in ERROR_CODES:
            raise ProtocolError(f"error.code {str(body['code'])[:20]!r} unknown")
        if "ref" in body and (isinstance(body["ref"], bool) or not isinstance(body["ref"], int)):
            raise ProtocolError("error.ref must be a sequence number")
    return body


# --------------------------------------------------------------------------- the channel

@dataclass
class _Pending:
    frame: bytes
    due: float
    tries: int = 1


@dataclass
class Channel:
    """One side of one connection: sequence numbers, MACs, acks, resends and heartbeat.

    ``role`` is "app" or "box" (the sender of our frames). ``write`` sends bytes; it may raise
    OSError, which the channel reports as a lost link. ``on_message(body)`` receives every
    checked, authenticated, first-seen message except acks and pings. ``on_refused(reason)``
    hears every refusal (the owner logs it). Two optional hooks say more, for an owner that
    answers refusals: ``on_invalid(body, reason)`` hears a message that ``check_message``
    refused (authenticated, or one of the unauthenticated kinds), and
    ``on_unauthentic(kind)`` a frame that came without a session key or with a bad MAC."""

    role: str
    write: Callable[[bytes], None]
    clock: Callable[[], float]
    on_message: Callable[[dict], None]
    on_refused: Callable[[str], None]
    key: bytes | None = None
    on_invalid: Callable[[dict, str], None] | None = None
    on_unauthentic: Callable[[str], None] | None = None
    _seq: int = 0
    _seen: set = field(default_factory=set)
    _high: int = 0
    _pending: dict = field(default_factory=dict)
    _last_in: float = 0.0
    _last_out: float = 0.0
    lost: bool = False

    def __post_init__(self):
        self.peer = "box" if self.role == "app" else "app"
        self._framer = Framer(self._on_frame, self.on_refused)
        now = self.clock()
        self._last_in = self._last_out = now

    def restart(self, key: bytes | None) -> None:
        """A new session on the same connection (after a hello): new key, fresh numbering."""
        self.key = key
        self._seq, self._high = 0, 0
        self._seen, self._pending = set(), {}
        self.lost = False
        self._last_in = self._last_out = self.clock()

    # -- outgoing
    def send(self, body: dict) -> int:
        """Send a message; reliable kinds are kept until acknowledged. Returns its seq."""
        kind = body["t"]
        if kind in UNAUTHENTICATED:
            frame = encode_frame({**body, "s": 0})
            self._write(frame)
            return 0
        if self.key is None:
            raise ProtocolError(f"cannot send {kind!r} before the session is authenticated")
        self._seq += 1
        body = {**body, "s": self._seq}
        text = json.dumps(body, separators=(",", ":"), sort_keys=True, ensure_ascii=True)
        frame = encode_frame(body, frame_mac(self.key, self.role, text.encode()))
        if kind in RELIABLE:
            self._pending[self._seq] = _Pending(frame, self.clock() + RESEND_AFTER)
        self._write(frame)
        return self._seq

    def _write(self, frame: bytes) -> None:
        if self.lost:
            return
        try:
            self.write(frame)
            self._last_out = self.clock()
        except OSError as e:
            self.on_refused(f"write failed: {e}")
            self.lost = True

    @property
    def unacknowledged(self) -> int:
        return len(self._pending)

    # -- incoming
    def data_received(self, data: bytes) -> None:
        self._framer.feed(data)

    def _on_frame(self, frame: Frame) -> None:
        body = frame.body
        kind = body.get("t")
        if kind in UNAUTHENTICATED:
            if self._checked(body):
                self._last_in = self.clock()
                self.on_message(body)
            return
        # authenticity first: nothing in an unauthenticated frame is acted on
        if self.key is None:
            self.on_refused(f"{str(kind)[:20]!r} from an unauthenticated {self.peer}: not paired, "
                            "or hello not finished")
            if self.on_unauthentic:
                self.on_unauthentic(str(kind)[:20])
            return
        if not hmac.compare_digest(frame.mac, frame_mac(self.key, self.peer, frame.text)):
            self.on_refused(f"{str(kind)[:20]!r} seq {str(body.get('s'))[:12]} has a bad MAC "
                            "(unpaired device, altered frame, or a frame from another session)")
            if self.on_unauthentic:
                self.on_unauthentic(str(kind)[:20])
            return
        seq = body.get("s")
        if isinstance(seq, bool) or not isinstance(seq, int) or seq <= 0:
            self.on_refused(f"{str(kind)[:20]!r} has no valid sequence number")
            return
        self._last_in = self.clock()
        if kind == "ack":
            if isinstance(body.get("a"), int):
                self._pending.pop(body["a"], None)
            return
        if kind == "ping":
            return
        # acknowledged even if refused below, so the peer stops resending it
        self.send({"t": "ack", "a": seq})
        if seq in self._seen or seq <= self._high - REPLAY_WINDOW:
            self.on_refused(f"{kind!r} seq {seq} already received (a resend or a replay): "
                            "ignored")
            return
        self._seen.add(seq)
        self._high = max(self._high, seq)
        if len(self._seen) > 2 * REPLAY_WINDOW:
            self._seen = {s for s in self._seen if s > self._high - REPLAY_WINDOW}
        if self._checked(body):
            self.on_message(body)

    def _checked(self, body: dict) -> bool:
        try:
            check_message(body, self.peer)
        except ProtocolError as e:
            self.on_refused(str(e))
            if self.on_invalid:
                self.on_invalid(body, str(e))
            return False
        return True

    # -- time
    def tick(self) -> bool:
        """Resend what is due, ping when quiet. False once the link is lost."""
        if self.lost:
            return False
        now = self.clock()
        if now - self._last_in > LINK_TIMEOUT:
            self.on_refused(f"link lost: nothing heard for {now - self._last_in:.1f} s")
            self.lost = True
            return False
        for p in list(self._pending.values()):
            if now >= p.due:
                p.tries += 1
                p.due = now + RESEND_AFTER
                self._write(p.frame)
        if self.key is not None and now - self._last_out >= HEARTBEAT:
            self.send({"t": "ping"})
        return not self.lost


# ---- discovery: a box on the local network answers an app that looks for it ---------------
# The app sends DISCOVERY_QUERY by UDP (broadcast, or to one address); each box answers with
# one JSON line naming itself and the TCP port of its link. Only that: no seat, no state, no
# vote; pairing and everything else go through the link.
DISCOVERY_PORT = 7879
DISCOVERY_QUERY = b"onenight-box?\n"
DISCOVERY_KIND = "onenight-box"


def discovery_reply(box_id: str, tcp_port: int) -> bytes:
    return (json.dumps({"box": DISCOVERY_KIND, "v": VERSION, "id": str(box_id)[:64],
                        "tcp": int(tcp_port)}, separators=(",", ":")) + "\n").encode()


def parse_discovery_reply(data: bytes) -> dict:
    """A box's answer as {"id", "tcp"}; ProtocolError naming what is wrong."""
    if len(data) > 512:
        raise ProtocolError("discovery: reply too long")
    try:
        body = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ProtocolError("discovery: reply is not JSON") from None
    if not isinstance(body, dict) or body.get("box") != DISCOVERY_KIND:
        raise ProtocolError("discovery: not a vote box's reply")
    port, box_id = body.get("tcp"), body.get("id")
    if isinstance(port, bool) or not isinstance(port, int) or not 0 < port < 65536:
        raise ProtocolError("discovery: tcp: not a port")
    if not isinstance(box_id, str) or not box_id:
        raise ProtocolError("discovery: id: missing")
    return {"id": box_id, "tcp": port}
