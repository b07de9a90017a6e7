"""The sounds of the classic game's day that are not words, made from numbers:
``python -m onenight.narration.sounds`` (``scripts/render-sounds`` in a checkout) writes
``assets/audio/sfx/rooster.ogg`` (the dawn), ``growl.ogg`` (the Bear Tamer's bear), and the
Québec Violoneux's reel, ``reel.ogg`` (a fiddle tune) and ``reel_howls.ogg`` (the same tune,
as long, with wolves howling over it).

Both are synthesised the way an animal's voice is made: a source (the syrinx's or the vocal
folds' pulses, at a pitch that moves along the call, with the small irregularities of a living
voice: jitter, shimmer, a roughness of halved periods) shaped by resonances (the beak and
throat, the bear's long vocal tract), in a little space (a yard at dawn, a bear in the square).
Everything is drawn from a seeded generator: the same sound on every render. Each is then
brought to the lines' loudness (a sound is heard between two lines), its true peak under the
ceiling, like every clip (:func:`onenight.narration.pcm.write_line_ogg`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from scipy import signal

from . import pcm
from .voice import sound_path

SEED = 1811  # the same sounds on every render
RATE = pcm.RATE


def _contour(points: list[tuple[float, float]], n: int, rate: int) -> np.ndarray:
    """A smooth line through (seconds, value) points, sampled ``n`` times."""
    t = np.arange(n) / rate
    ts, vs = zip(*points)
    x = np.interp(t, ts, vs)
    k = max(1, int(0.03 * rate))  # 30 ms smoothing: no corner in the pitch
    return np.convolve(np.pad(x, (k, k), mode="edge"), np.ones(2 * k + 1) / (2 * k + 1),
                       mode="same")[k:-k]


def _resonate(x: np.ndarray, rate: int, formants: list[tuple[float, float, float]]) -> np.ndarray:
    """``x`` through parallel resonances (centre Hz, bandwidth Hz, gain)."""
    out = np.zeros_like(x)
    for f, bw, gain in formants:
        lo, hi = max(20.0, f - bw / 2), min(rate / 2 - 100, f + bw / 2)
        sos = signal.butter(2, [lo, hi], btype="bandpass", fs=rate, output="sos")
        out += gain * signal.sosfilt(sos, x)
    return out


def _room(x: np.ndarray, rate: int, rng: np.random.Generator, seconds: float,
          level: float) -> np.ndarray:
    """A little space: the sound and a soft, decaying tail of itself."""
    n = int(seconds * rate)
    tail = rng.standard_normal(n) * np.exp(-np.arange(n) / (rate * seconds / 5))
    tail[: int(0.012 * rate)] = 0  # the first reflections come a little later
    wet = signal.fftconvolve(x, tail)[: len(x) + n]
    dry = np.pad(x, (0, len(wet) - len(x)))
    return dry + level * wet / (np.sqrt(np.sum(tail ** 2)) or 1.0)


def _fade(n: int, rate: int, attack: float, release: float) -> np.ndarray:
    env = np.ones(n)
    a, r = max(1, int(attack * rate)), max(1, int(release * rate))
    env[:a] = np.linspace(0, 1, a) ** 2
    env[-r:] *= np.linspace(1, 0, r) ** 2
    return env


def rooster(rate: int = RATE, seed: int = SEED) -> np.ndarray:
    """A rooster's crow: four syllables ("cock-a-doodle-doo"), the last long, rising then
    falling, bright and a little hoarse."""
    rng = np.random.default_rng(seed)
    # (start, length, pitch contour as (offset, Hz) points) of each syllable
    syllables = [(0.00, 0.16, [(0, 520), (0.16, 600)]),
                 (0.22, 0.12, [(0, 560), (0.12, 620)]),
                 (0.40, 0.30, [(0, 640), (0.12, 760), (0.30, 720)]),
                 (0.78, 0.95, [(0, 700), (0.25, 820), (0.7, 780), (0.95, 600)])]
    total = int(2.0 * rate)
    out = np.zeros(total)
    for start, length, points in syllables:
        n = int(length * rate)
        f0 = _contour(points, n, rate)
        f0 *= 1 + 0.012 * np.sin(2 * np.pi * 24 * np.arange(n) / rate)  # a quick flutter
        f0 *= 1 + 0.01 * _contour([(i / 40, v) for i, v in
                                   enumerate(rng.standard_normal(int(length * 40) + 2))],
                                  n, rate)  # jitter
        phase = np.cumsum(2 * np.pi * f0 / rate)
        src = sum(np.sin(k * phase) / k ** 0.7 for k in range(1, 16))
        src *= 1 + 0.35 * np.sin(phase / 2)  # halved periods: the hoarse edge
        src += 0.15 * rng.standard_normal(n)  # breath
        voiced = _resonate(src, rate, [(1100, 700, 1.0), (2300, 900, 0.8),
                                       (3600, 1200, 0.35)])
        voiced *= _fade(n, rate, 0.02, 0.06 if length < 0.5 else 0.25)
        i = int(start * rate)
        out[i:i + n] += voiced[: total - i]
    return _room(out, rate, rng, 0.4, 0.25)


def growl(rate: int = RATE, seed: int = SEED + 1) -> np.ndarray:
    """A bear's growl: a low, rough rumble that swells, throbs and dies away."""
    rng = np.random.default_rng(seed)
    seconds = 2.2
    n = int(seconds * rate)
    f0 = _contour([(0, 62), (0.5, 78), (1.3, 72), (2.2, 55)], n, rate)
    # pulses at an irregular pace (jitter), each a little louder or softer (shimmer)
    pulses = np.zeros(n)
    t = 0.0
    while True:
        i = int(t * rate)
        if i >= n:
            break
        pulses[i] = 1 + 0.35 * rng.standard_normal()
        t += (1 / f0[i]) * (1 + 0.12 * rng.standard_normal())
    shape = signal.windows.hann(int(0.006 * rate))
    src = signal.fftconvolve(pulses, shape)[:n]
    src += 0.25 * signal.sosfilt(signal.butter(2, 700, fs=rate, output="sos"),
                                 rng.standard_normal(n))  # the breath's rasp
    voiced = _resonate(src, rate, [(180, 160, 1.0), (420, 250, 0.9), (900, 400, 0.45),
                                   (1800, 700, 0.12)])
    # it throbs: a slow, uneven tremolo
    throb = 0.75 + 0.25 * np.sin(2 * np.pi * _contour([(0, 5), (1, 7), (2.2, 4)], n, rate)
                                 * np.arange(n) / rate)
    voiced *= throb * _fade(n, rate, 0.35, 0.6)
    return _room(voiced, rate, rng, 0.5, 0.2)


#: The reel's tune: (semitones above D4, eighths it lasts), a bar and a half of a quick
#: reel in D, then its last note held.
TUNE = [(0, 1), (4, 1), (7, 1), (4, 1), (12, 1), (7, 1), (4, 1), (7, 1),
        (9, 1), (7, 1), (5, 1), (4, 1), (2, 1), (4, 1), (5, 1), (7, 1),
        (4, 1), (2, 1), (0, 1), (2, 1), (4, 2), (0, 4)]
EIGHTH = 0.14  # seconds: a reel's quick eighths
REEL_SECONDS = 3.6  # both reels last as long: the howls are heard, not timed


def _fiddle(rate: int, rng: np.random.Generator) -> np.ndarray:
    """The tune bowed on a fiddle: a bright, sawtooth-like string with a little vibrato and
    the bow's rasp, through the body's resonances."""
    n_total = int(REEL_SECONDS * rate)
    out = np.zeros(n_total)
    t0 = 0.05
    for semis, eighths in TUNE:
        length = eighths * EIGHTH
        n = int(length * rate)
        f = 293.66 * 2 ** (semis / 12)
        t = np.arange(n) / rate
        f0 = f * (1 + 0.006 * np.sin(2 * np.pi * 5.5 * t) * np.clip(t / 0.15, 0, 1))
        phase = np.cumsum(2 * np.pi * f0 / rate)
        src = sum(np.sin(k * phase) / k for k in range(1, 14))
        src += 0.05 * rng.standard_normal(n)  # the bow's rasp
        note = src * _fade(n, rate, 0.012, min(0.04, length / 3))
        i = int(t0 * rate)
        out[i:i + n] += note[: max(0, n_total - i)]
        t0 += length
    body = _resonate(out, rate, [(290, 200, 0.9), (520, 300, 0.7), (1100, 600, 0.5),
                                 (2700, 1200, 0.35)])
    return body * _fade(n_total, rate, 0.02, 0.3)


def _howl(rate: int, rng: np.random.Generator, start: float, length: float,
          points: list[tuple[float, float]], n_total: int) -> np.ndarray:
    """One wolf's howl: a pure, rising then falling voice, a little breathy."""
    n = int(length * rate)
    f0 = _contour(points, n, rate)
    f0 *= 1 + 0.004 * np.sin(2 * np.pi * 6 * np.arange(n) / rate)
    phase = np.cumsum(2 * np.pi * f0 / rate)
    voice = np.sin(phase) + 0.3 * np.sin(2 * phase) + 0.08 * np.sin(3 * phase)
    voice += 0.04 * rng.standard_normal(n)
    voice *= _fade(n, rate, 0.25, 0.5)
    out = np.zeros(n_total)
    i = int(start * rate)
    out[i:i + n] += voice[: max(0, n_total - i)]
    return out


def reel(rate: int = RATE, seed: int = SEED + 2) -> np.ndarray:
    """The Violoneux's reel, with no wolf in his group: only the fiddle."""
    rng = np.random.default_rng(seed)
    return _room(_fiddle(rate, rng), rate, rng, 0.35, 0.2)


def reel_howls(rate: int = RATE, seed: int = SEED + 2) -> np.ndarray:
    """The same reel, as long, with two wolves howling over it."""
    rng = np.random.default_rng(seed)
    fiddle = _fiddle(rate, rng)
    n = len(fiddle)
    howls = (_howl(rate, rng, 0.4, 2.2, [(0, 380), (0.5, 640), (1.6, 600), (2.2, 430)], n)
             + 0.8 * _howl(rate, rng, 1.3, 2.0, [(0, 450), (0.4, 720), (1.5, 680),
                                                 (2.0, 500)], n))
    return _room(0.7 * fiddle + 0.9 * howls * np.max(np.abs(fiddle)), rate, rng, 0.35, 0.25)


SOUNDS = {"rooster": rooster, "growl": growl, "reel": reel, "reel_howls": reel_howls}


def render(folder: Path | None = None) -> list[Path]:
    out = []
    for name, make in SOUNDS.items():
        path = (Path(folder) / f"{name}.ogg") if folder is not None else sound_path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        x = pcm.as_line(make(), RATE)
        pcm.write_line_ogg(path, x)
        out.append(path)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="render-sounds", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, help="the folder to write to (default: the app's)")
    args = ap.parse_args(argv)
    for path in render(args.out):
        print(f"render-sounds: {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
