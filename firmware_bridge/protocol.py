"""The box link: one module, used by the vote box (firmware_bridge) and by the app (onenight.box).

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

VERSION = 1
MAX_FRAME = 2048  # bytes, from '#' to '\n'
MAX_SEATS = 10
HEARTBEAT = 1.0  # seconds without sending anything before a ping
LINK_TIMEOUT = 3.0  # seconds of silence before the link is declared lost
RESEND_AFTER = 0.5  # seconds before an unacknowledged reliable frame is sent again
REPLAY_WINDOW = 512  # sequence numbers remembered per session
MAC_BYTES = 16

#: Frames sent before a session key exists (everything else must carry a valid MAC).
UNAUTHENTICATED = frozenset({"hello", "pair", "paired", "error"})
#: Messages the sender keeps and resends until the peer acknowledges them.
RELIABLE = frozenset({"snapshot", "ready", "vote", "votes", "debate", "open", "close", "cue",
                      "reset", "done"})
BOX_TO_APP = frozenset({"hello", "paired", "error", "ack", "ping", "snapshot", "ready", "vote",
                        "votes"})
APP_TO_BOX = frozenset({"hello", "pair", "ack", "ping", "sync", "debate", "open", "close",
                        "cue", "reset", "done"})
CUES = ("last_minute", "three_two_one", "end", "chirp")
PHASES = ("idle", "debate", "vote", "closed")

# RFC 3526 group 14 (2048-bit MODP), for pairing: a Diffie-Hellman exchange so the paired key
# never travels on the link, not even while the pairing window is open.
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
    if not isinstance(value, str):
        raise ProtocolError(f"{label} must be a string")


def check_message(body: dict, sender: str) -> dict:
    """The message if every field is well formed for what ``sender`` may send, else
    :class:`ProtocolError`. Game-state checks (is the vote open?) are the receiver's."""
    kind = body.get("t")
    allowed = BOX_TO_APP if sender == "box" else APP_TO_BOX
    if not isinstance(kind, str) or kind not in allowed:
        raise ProtocolError(f"unknown message {kind!r} from the {sender}")
    seq = body.get("s", 0)
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        raise ProtocolError(f"bad sequence number {seq!r}")
    if kind == "hello":
        if body.get("v") != VERSION:
            raise ProtocolError(f"protocol version {body.get('v')!r} not supported "
                                f"(this side speaks {VERSION})")
        for f in ("id", "n"):
            if not isinstance(body.get(f), str) or not 1 <= len(body[f]) <= 64:
                raise ProtocolError(f"hello.{f} must be a short string")
    elif kind in ("pair", "paired"):
        if not isinstance(body.get("id"), str) or not 1 <= len(body["id"]) <= 64:
            raise ProtocolError(f"{kind}.id must be a short string")
        if not isinstance(body.get("pub"), str) or len(body["pub"]) > 600:
            raise ProtocolError(f"{kind}.pub must be a hex string")
    elif kind == "ack":
        if isinstance(body.get("a"), bool) or not isinstance(body.get("a"), int):
            raise ProtocolError("ack.a must be a sequence number")
    elif kind == "ready":
        _seat(body.get("seat"), "ready.seat")
        if not isinstance(body.get("on"), bool):
            raise ProtocolError("ready.on must be true or false")
    elif kind == "vote":
        _seat(body.get("seat"), "vote.seat")
        if not isinstance(body.get("sealed"), str):
            raise ProtocolError("vote.sealed must be a string")
    elif kind == "votes":
        _by_seat(body.get("votes"), "votes.votes", "votes", " seat -> target", _seat)
        _number(body.get("round"), "votes.round", 0, 2**31)
    elif kind == "debate":
        _number(body.get("remaining"), "debate.remaining", 0, 3600)
        _number(body.get("total"), "debate.total", 1, 3600)
    elif kind == "open":
        players = int(_number(body.get("players"), "open.players", 3, MAX_SEATS))
        _seats(body.get("seats"), "open.seats", players)
        _number(body.get("round"), "open.round", 0, 2**31)
    elif kind == "close":
        _number(body.get("round"), "close.round", 0, 2**31)
    elif kind == "done":
        _number(body.get("round"), "done.round", 0, 2**31)
    elif kind == "cue":
        if body.get("cue") not in CUES:
            raise ProtocolError(f"unknown cue {body.get('cue')!r} (known: {', '.join(CUES)})")
    elif kind == "snapshot":
        if body.get("phase") not in PHASES:
            raise ProtocolError(f"snapshot.phase {body.get('phase')!r} unknown")
        _seats(body.get("ready"), "snapshot.ready")
        _seats(body.get("voted"), "snapshot.voted")
        _number(body.get("round"), "snapshot.round", 0, 2**31)
        _number(body.get("remaining"), "snapshot.remaining", 0, 3600)
        _by_seat(body.get("sealed", {}), "snapshot.sealed", "snapshot.sealed", "", _sealed)
        if "votes" in body:
            _by_seat(body["votes"], "snapshot.votes", "snapshot.votes", " seat -> target", _seat)
    elif kind == "error":
        if not isinstance(body.get("reason"), str):
            raise ProtocolError("error.reason must be a string")
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
    hears every refusal (the owner logs it)."""

    role: str
    write: Callable[[bytes], None]
    clock: Callable[[], float]
    on_message: Callable[[dict], None]
    on_refused: Callable[[str], None]
    key: bytes | None = None
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
            try:
                check_message(body, self.peer)
            except ProtocolError as e:
                self.on_refused(str(e))
                return
            self._last_in = self.clock()
            self.on_message(body)
            return
        # authenticity first: nothing in an unauthenticated frame is worth a reply
        if self.key is None:
            self.on_refused(f"{str(kind)[:20]!r} from an unauthenticated {self.peer}: not paired, "
                            "or hello not finished")
            return
        if not hmac.compare_digest(frame.mac, frame_mac(self.key, self.peer, frame.text)):
            self.on_refused(f"{str(kind)[:20]!r} seq {str(body.get('s'))[:12]} has a bad MAC "
                            "(unpaired device, altered frame, or a frame from another session)")
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
        try:
            check_message(body, self.peer)
        except ProtocolError as e:
            self.on_refused(str(e))
            return
        self.on_message(body)

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
