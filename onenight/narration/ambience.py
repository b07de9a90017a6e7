"""The night ambience loop, made from numbers: ``python -m onenight.narration.ambience``
(``scripts/render-ambience`` in a checkout) writes ``assets/audio/ambience/night.ogg``.

A low breeze (brown noise under 400 Hz, which also covers the sound of cards being moved),
leaves (pink noise between 1.5 and 5 kHz, swelling slowly) and two crickets (high tones cut
into fast chirps, in bursts, one further away).

Seamless by construction: each noise is drawn as a spectrum over exactly the loop's length
and turned into sound by an inverse FFT, which gives a periodic signal, and every tone,
chirp and swell makes a whole number of cycles in the loop. So the last sample leads into the
first exactly as any sample leads into the next: no cross-fade, no click, no dip at the loop
point. The loop is then brought to its loudness (``pcm.AMBIENCE_LUFS``, a fixed margin under
the lines), its true peak under the ceiling.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from . import pcm
from .voice import ambience_path

SECONDS = 30  # the loop's length: every frequency below is a multiple of 1/SECONDS Hz
SEED = 2024  # the same ambience on every render


def _cycles(hz: float, seconds: int = SECONDS) -> float:
    """``hz`` moved to the nearest frequency making whole cycles in the loop."""
    return round(hz * seconds) / seconds


def periodic_noise(n: int, rate: int, rng: np.random.Generator, slope: float,
                   low: float, high: float, order: int = 4) -> np.ndarray:
    """Noise of ``n`` samples that loops seamlessly: a random spectrum whose amplitude falls
    as f**-slope (1 brown, 0.5 pink), band-limited to [low, high] Hz with smooth
    Butterworth-like edges, at unit RMS."""
    f = np.fft.rfftfreq(n, 1 / rate)
    f[0] = f[1]
    amp = f ** -slope
    amp /= np.sqrt(1 + (low / f) ** (2 * order)) * np.sqrt(1 + (f / high) ** (2 * order))
    amp[0] = 0.0
    spectrum = amp * (rng.standard_normal(len(f)) + 1j * rng.standard_normal(len(f)))
    x = np.fft.irfft(spectrum, n)
    return x / np.sqrt(np.mean(x ** 2))


def swell(t: np.ndarray, hz: float, depth: float, phase: float = 0.0) -> np.ndarray:
    """A slow gain between 1 - depth and 1."""
    return 1 - depth * (0.5 - 0.5 * np.cos(2 * np.pi * _cycles(hz) * t + phase))


def cricket(t: np.ndarray, pitch: float, chirps: float, bursts: float, duty: float,
            phase: float) -> np.ndarray:
    """A tone cut into soft chirps (``chirps`` a second), heard in bursts (``bursts`` a
    second, sounding ``duty`` of the time)."""
    tone = np.sin(2 * np.pi * _cycles(pitch) * t)
    chirp = (0.5 - 0.5 * np.cos(2 * np.pi * _cycles(chirps) * t)) ** 3
    burst_phase = (_cycles(bursts) * t + phase) % 1.0
    burst = np.clip((duty - burst_phase) / 0.08, 0, 1) * np.clip(burst_phase / 0.08, 0, 1)
    return tone * chirp * burst


def make(seconds: int = SECONDS, rate: int = pcm.RATE, seed: int = SEED) -> np.ndarray:
    """The loop, before its loudness is set."""
    n = seconds * rate
    t = np.arange(n) / rate
    rng = np.random.default_rng(seed)
    breeze = periodic_noise(n, rate, rng, slope=1.0, low=25, high=400)
    breeze *= swell(t, 1 / 15, 0.3)  # the wind rises and falls twice a loop
    leaves = periodic_noise(n, rate, rng, slope=0.5, low=1500, high=5000)
    leaves *= swell(t, 2 / 15, 0.6, phase=1.0)
    near = cricket(t, 4300, 28, 0.9, duty=0.55, phase=0.0)
    far = cricket(t, 4750, 33, 17 / 30, duty=0.5, phase=0.4)
    return 1.0 * breeze + 0.06 * leaves + 0.05 * near + 0.025 * far


def render(path: Path | None = None) -> Path:
    path = Path(path) if path is not None else ambience_path()
    x = pcm.normalise(make(), pcm.RATE, target=pcm.AMBIENCE_LUFS)
    pcm.write_line_ogg(path, x, target=pcm.AMBIENCE_LUFS)
    return path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="render-ambience", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, help="the file to write (default: the app's)")
    args = ap.parse_args(argv)
    path = render(args.out)
    print(f"render-ambience: a {SECONDS} s loop in {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
