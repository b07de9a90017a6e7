"""Sound as numbers: decoding, measuring, normalising and writing the narrator's clips.

Every clip the narrator says (the shipped voice, a second voice, a host's voice pack or
recording) is brought to one integrated loudness (EBU R128, measured by ``pyloudnorm``, the
ITU-R BS.1770-4 meter) under one true-peak ceiling, so that no line is louder than the one
before it; the night ambience sits a fixed margin under them. Decoding and writing go through
``soundfile`` (libsndfile: WAV of any sample format, Ogg Vorbis, FLAC...).

Imported only where sound is decoded or written (voice packs, rendering, recording, a night
rendered to a file): the plan and the runner do not need it.
"""

from __future__ import annotations

import os
import zlib
from pathlib import Path

import numpy as np
import pyloudnorm
import soundfile
from scipy.signal import resample_poly

from .errors import VoiceError

RATE = 22050  # Hz: every clip and the ambience, mono
TARGET_LUFS = -18.0  # the integrated loudness of every line
TRUE_PEAK_CEILING = -2.0  # dBTP: headroom for the Ogg Vorbis encoder's overshoot
AMBIENCE_MARGIN = 6.0  # LU: the ambience loop's loudness under the lines' (before its volume)
AMBIENCE_LUFS = TARGET_LUFS - AMBIENCE_MARGIN
MAX_CLIP_SECONDS = 30.0  # a longer clip is no narrator's line: refused
OGG_QUALITY = 0.6  # libsndfile's Vorbis compression level, 0 (best) to 1: about Vorbis quality 4
SILENCE_DB = -40.0  # dB under the clip's peak: quieter than this is silence, for trimming
WRITE_BLOCK = 8192  # frames given to the encoder at a time
OVERSAMPLE = 4  # true peak: the signal's peak after 4x oversampling (BS.1770-4 annex 2)


def db(value: float) -> float:
    return 20 * float(np.log10(max(value, 1e-12)))


def decode(path: str | os.PathLike, max_seconds: float | None = MAX_CLIP_SECONDS
           ) -> tuple[np.ndarray, int]:
    """The whole clip at ``path``, decoded: mono float64 samples and their rate.

    Decoding every frame (not just reading the headers) is what finds a damaged stream. Raises
    :class:`VoiceError` naming the file and the reason: not a sound file, damaged, empty, too
    long."""
    name = str(path)
    try:
        info = soundfile.info(name)
    except FileNotFoundError:
        raise VoiceError(name, "no such file") from None
    except (RuntimeError, soundfile.LibsndfileError, OSError) as e:
        raise VoiceError(name, f"not a sound file this app can read ({_why(e)})") from None
    if info.samplerate <= 0 or info.channels <= 0:
        raise VoiceError(name, "a sound file with no sample rate or no channel")
    if info.format == "OGG":
        check_ogg_pages(name)
    try:
        with soundfile.SoundFile(name) as f:
            limit = -1 if max_seconds is None else int((max_seconds + 1) * f.samplerate) + 1
            data = f.read(frames=limit, dtype="float64", always_2d=True)
            rate = f.samplerate
    except (RuntimeError, soundfile.LibsndfileError, OSError, ValueError) as e:
        raise VoiceError(name, f"damaged: it cannot be decoded to the end ({_why(e)})") from None
    x = data.mean(axis=1)
    if not len(x):
        raise VoiceError(name, "the clip is empty (length 0)")
    if not np.all(np.isfinite(x)):
        raise VoiceError(name, "damaged: its samples are not numbers")
    if max_seconds is not None and len(x) > max_seconds * rate:
        raise VoiceError(name, f"too long ({len(x) / rate:.1f} s; a line lasts at most "
                         f"{max_seconds:g} s)")
    return x, rate


def check_ogg_pages(path: str | os.PathLike) -> None:
    """Every page of an Ogg file is whole and passes its checksum. A decoder skips a damaged
    page without a word, and the line would be cut short: :class:`VoiceError` instead."""
    name = str(path)
    data = Path(path).read_bytes()
    at, n = 0, 0
    while at < len(data):
        if data[at:at + 4] != b"OggS" or at + 27 > len(data):
            raise VoiceError(name, f"damaged: page {n + 1} of the Ogg stream is broken")
        segments = data[at + 26]
        body = at + 27 + segments
        end = body + sum(data[at + 27:body])
        if body > len(data) or end > len(data):
            raise VoiceError(name, f"damaged: the Ogg stream is cut short (page {n + 1})")
        page = bytearray(data[at:end])
        expected = int.from_bytes(page[22:26], "little")
        page[22:26] = b"\0\0\0\0"
        if _ogg_crc(bytes(page)) != expected:
            raise VoiceError(name, f"damaged: page {n + 1} of the Ogg stream fails its checksum")
        at, n = end, n + 1


_REVERSED_BITS = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))


def _ogg_crc(data: bytes) -> int:
    """Ogg's page checksum: CRC-32 with polynomial 0x04C11DB7, not reflected, starting from
    0, no final xor. Computed with zlib's (reflected) CRC-32 on the bit-reversed bytes: the
    two differ only by the bit order and by a constant that depends on the length alone,
    which zlib's CRC of as many zero bytes gives."""
    mirrored = zlib.crc32(data.translate(_REVERSED_BITS)) ^ zlib.crc32(bytes(len(data)))
    return int(f"{mirrored:032b}"[::-1], 2)


def _why(e: Exception) -> str:
    return str(e).strip().splitlines()[-1] if str(e).strip() else type(e).__name__


def resample(x: np.ndarray, rate: int, to: int = RATE) -> np.ndarray:
    if rate == to:
        return x
    g = np.gcd(int(rate), int(to))
    return resample_poly(x, to // g, rate // g)


def loudness(x: np.ndarray, rate: int) -> float:
    """Integrated loudness in LUFS (gated, BS.1770-4); -inf for silence. A clip shorter than
    the meter's 400 ms block is measured padded with silence."""
    block = int(0.4 * rate) + 1
    if len(x) < block:
        x = np.concatenate([x, np.zeros(block - len(x))])
    with np.errstate(divide="ignore"):
        return float(pyloudnorm.Meter(rate).integrated_loudness(x))


def true_peak(x: np.ndarray, rate: int) -> float:
    """The true peak in dBTP: the peak of the signal oversampled 4 times."""
    if not len(x):
        return -np.inf
    up = resample_poly(x, OVERSAMPLE, 1)
    return db(max(float(np.max(np.abs(up))), float(np.max(np.abs(x)))))


def limit(x: np.ndarray, rate: int, ceiling: float) -> np.ndarray:
    """Lower the few peaks above ``ceiling`` dBTP with a smooth gain (a 5 ms attack, a
    50 ms release), leaving the rest untouched."""
    up = np.abs(resample_poly(x, OVERSAMPLE, 1))[:OVERSAMPLE * len(x)]
    peak = np.maximum(np.abs(x), up.reshape(len(x), OVERSAMPLE).max(axis=1))
    want = np.minimum(1.0, 10 ** (ceiling / 20) / np.maximum(peak, 1e-12))
    hold = max(1, int(0.005 * rate))
    # the gain reaches its floor before the peak and holds through it
    padded = np.pad(want, (hold, hold), constant_values=1.0)
    windows = np.lib.stride_tricks.sliding_window_view(padded, 2 * hold + 1)
    gain = windows.min(axis=1)
    release = max(1, int(0.05 * rate))
    kernel = np.ones(release) / release
    smooth = np.convolve(np.pad(gain, (release - 1, 0), constant_values=1.0), kernel, "valid")
    return x * np.minimum(gain, smooth)


def normalise(x: np.ndarray, rate: int, target: float = TARGET_LUFS,
              ceiling: float = TRUE_PEAK_CEILING) -> np.ndarray:
    """``x`` at ``target`` LUFS with its true peak at or under ``ceiling`` dBTP."""
    level = loudness(x, rate)
    if not np.isfinite(level):
        raise VoiceError("clip", "the clip is silent")
    y = x * 10 ** ((target - level) / 20)
    for _ in range(4):  # limiting lowers the loudness a little: make it up, limit again
        if true_peak(y, rate) <= ceiling + 0.01:
            return y
        y = limit(y, rate, ceiling - 0.1)
        y = y * 10 ** ((target - loudness(y, rate)) / 20)
    if true_peak(y, rate) > ceiling + 0.01:
        y = limit(y, rate, ceiling - 0.1)
    return y


def sound_span(x: np.ndarray, rate: int, threshold: float = SILENCE_DB,
               keep: float = 0.02) -> tuple[int, int] | None:
    """Where the sound in ``x`` starts and ends (sample indices, ``keep`` seconds either
    side): what stays ``threshold`` dB under the peak is silence, so a quiet recording is
    measured like a loud one. None for silence."""
    window = max(1, int(0.01 * rate))
    level = np.convolve(np.abs(x), np.ones(window) / window, "same") if len(x) else x
    if not len(x) or level.max() < 10 ** (-90 / 20):
        return None
    loud = np.flatnonzero(level > level.max() * 10 ** (threshold / 20))
    margin = int(keep * rate)
    return max(0, loud[0] - margin), min(len(x), loud[-1] + margin + 1)


def trim(x: np.ndarray, rate: int, threshold: float = SILENCE_DB,
         keep: float = 0.02) -> np.ndarray:
    """``x`` without its leading and trailing silence (keeping ``keep`` seconds of each)."""
    span = sound_span(x, rate, threshold, keep)
    return x[:0] if span is None else x[span[0]:span[1]]


def pad(x: np.ndarray, rate: int, before: float, after: float) -> np.ndarray:
    return np.concatenate([np.zeros(int(before * rate)), x, np.zeros(int(after * rate))])


def as_line(x: np.ndarray, rate: int) -> np.ndarray:
    """A narrator's line as every clip is made: at RATE, trimmed, normalised, with a breath
    of silence before (0.1 s) and after (0.2 s)."""
    y = trim(resample(np.asarray(x, dtype="float64"), rate), RATE)
    if not len(y):
        raise VoiceError("clip", "the clip is silent")
    return normalise(pad(y, RATE, 0.1, 0.2), RATE)


def write_ogg(path: str | os.PathLike, x: np.ndarray, rate: int = RATE) -> None:
    """Ogg Vorbis, written beside and moved in place (no half-written clip is ever read)."""
    write(path, x, rate, format="OGG", subtype="VORBIS", compression_level=OGG_QUALITY)


def write_line_ogg(path: str | os.PathLike, x: np.ndarray, target: float = TARGET_LUFS,
                   ceiling: float = TRUE_PEAK_CEILING) -> None:
    """A normalised clip as Ogg Vorbis, checked after encoding: the encoder can push a sharp
    peak over the ceiling, and then the clip is limited a little more and encoded again."""
    margin = 0.0
    for _ in range(4):
        write_ogg(path, x)
        over = true_peak(*decode(path, max_seconds=None)) - ceiling
        if over <= 0:
            return
        margin += over + 0.2
        x = normalise(x, RATE, target=target, ceiling=ceiling - margin)


def prepared_clip(path: str | os.PathLike, cache: str | os.PathLike) -> tuple[Path, float]:
    """A voice pack's clip made ready to play: decoded to the end (a damaged or overlong file
    is refused with :class:`VoiceError`), trimmed and brought to the lines' loudness like the
    shipped clips, and kept as a 16-bit WAV in ``cache`` (once per file content). Returns that
    WAV and its exact length in seconds."""
    import hashlib

    src = Path(path)
    try:
        content = src.read_bytes()
    except OSError as e:
        raise VoiceError(str(src), f"cannot read it ({_why(e)})") from None
    key = hashlib.sha256(content).hexdigest()[:24]
    recipe = f"{RATE}-{TARGET_LUFS:g}-{TRUE_PEAK_CEILING:g}"
    out = Path(cache) / f"{key}-{recipe}.wav"
    if out.is_file():
        try:
            info = soundfile.info(str(out))
            return out, info.frames / info.samplerate
        except (RuntimeError, soundfile.LibsndfileError, OSError):
            pass  # a damaged cache entry: made again
    x, rate = decode(src)
    try:
        y = as_line(x, rate)
    except VoiceError as e:
        raise VoiceError(str(src), e.reason) from None
    write_wav(out, y)
    return out, len(y) / RATE


def write_wav(path: str | os.PathLike, x: np.ndarray, rate: int = RATE) -> None:
    """16-bit PCM WAV, which every audio back-end plays."""
    write(path, x, rate, format="WAV", subtype="PCM_16")


def write(path, x, rate, **kw) -> None:
    """``x`` written with soundfile (``kw``: format, subtype...), beside and moved in place.

    Written a block at a time: libsndfile's Vorbis encoder crashes when handed minutes of
    sound in one call."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    data = np.clip(x, -1.0, 1.0).astype("float32")
    level = kw.pop("compression_level", None)
    with soundfile.SoundFile(str(tmp), "w", rate, 1, **kw, compression_level=level) as f:
        for at in range(0, len(data), WRITE_BLOCK):
            f.write(data[at:at + WRITE_BLOCK])
    os.replace(tmp, path)
