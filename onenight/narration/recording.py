"""The host's own voice, recorded line by line into a voice pack.

:class:`Recorder` takes sound from an input device through ``sounddevice`` (PortAudio: ALSA,
PulseAudio or PipeWire on Linux and the Pi, Core Audio, WASAPI). A :class:`Take` is one
recording of one line: it can be trimmed (its silence found automatically, or the host's own
start and end), heard again, and saved into the host's pack, ``<user voices>/ma-voix/<lang>/``,
brought to the shipped voice's loudness like every pack clip. The app lists that pack as a
voice like any other; a line not recorded is said by the default voice.

Imported only when the host records: the rest of the narrator needs no sound device.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from . import pcm
from .errors import VoiceError
from .voice import CLIP_EXTENSIONS, user_voices_dir

HOST_PACK = "ma-voix"  # the pack the host's recordings go into
MIN_SECONDS = 0.3  # a shorter take is a slip of the finger


def host_pack_dir(lang: str, root: Path | None = None) -> Path:
    return (root if root is not None else user_voices_dir()) / HOST_PACK / lang


def _sounddevice():
    try:
        import sounddevice
    except (ImportError, OSError) as e:  # OSError: the PortAudio library is missing
        raise VoiceError("microphone", f"recording needs PortAudio and sounddevice ({e})") \
            from None
    return sounddevice


def microphones() -> list[str]:
    """The input devices PortAudio sees (an empty list: nothing to record with)."""
    sd = _sounddevice()
    try:
        return [d["name"] for d in sd.query_devices() if d["max_input_channels"] > 0]
    except sd.PortAudioError as e:
        raise VoiceError("microphone", str(e)) from None


class Recorder:
    """Records mono sound at ``rate`` from ``device`` (None: the system's default input)
    until :meth:`stop`; at most ``pcm.MAX_CLIP_SECONDS`` are kept."""

    def __init__(self, device: int | str | None = None, rate: int = pcm.RATE):
        self.device = device
        self.rate = rate
        self._blocks: list[np.ndarray] = []
        self._frames = 0
        self._stream = None
        self._lock = threading.Condition()

    @property
    def recording(self) -> bool:
        return self._stream is not None

    @property
    def seconds(self) -> float:
        return self._frames / self.rate

    def start(self) -> None:
        if self._stream is not None:
            return
        sd = _sounddevice()
        self._blocks, self._frames = [], 0
        try:
            stream = sd.InputStream(samplerate=self.rate, channels=1, dtype="float32",
                                    device=self.device, callback=self._on_block)
            stream.start()
        except (sd.PortAudioError, ValueError) as e:
            raise VoiceError("microphone", f"cannot record: {e}") from None
        self._stream = stream

    def _on_block(self, block, frames, time, status) -> None:  # PortAudio's thread
        with self._lock:
            if self._frames < pcm.MAX_CLIP_SECONDS * self.rate:
                self._blocks.append(block[:, 0].copy())
                self._frames += frames
            self._lock.notify_all()

    def wait(self, seconds: float, timeout: float) -> bool:
        """Block until ``seconds`` of sound have come in (True), or ``timeout`` seconds have
        passed or the recording stopped (False)."""
        with self._lock:
            return self._lock.wait_for(
                lambda: self._frames >= seconds * self.rate or self._stream is None, timeout) \
                and self._frames >= seconds * self.rate

    def stop(self) -> "Take":
        stream, self._stream = self._stream, None
        if stream is not None:
            try:
                stream.stop()
                stream.close()
            except Exception:  # noqa: BLE001 - a device gone mid-take: keep what came
                pass
        with self._lock:
            x = np.concatenate(self._blocks).astype("float64") if self._blocks else np.zeros(0)
        return Take(x, self.rate)


@dataclass
class Take:
    """One recording of a line, with the part kept (``start`` to ``end``, in seconds)."""

    samples: np.ndarray
    rate: int
    start: float = 0.0
    end: float | None = None

    @property
    def length(self) -> float:
        return len(self.samples) / self.rate

    def kept(self) -> np.ndarray:
        end = self.length if self.end is None else min(self.end, self.length)
        return self.samples[int(max(0.0, self.start) * self.rate):int(end * self.rate)]

    def trim_silence(self) -> None:
        """Keep from the first sound to the last (the host's breath before and after goes)."""
        span = pcm.sound_span(self.samples, self.rate)
        if span is None:
            raise VoiceError("take", "nothing was heard: check the microphone")
        self.start, self.end = float(span[0] / self.rate), float(span[1] / self.rate)

    def ready(self) -> np.ndarray:
        """The kept part as the line will be played: trimmed, at the lines' loudness."""
        x = self.kept()
        if len(x) < MIN_SECONDS * self.rate:
            raise VoiceError("take", f"too short ({len(x) / self.rate:.1f} s)")
        return pcm.as_line(x, self.rate)

    def preview(self, folder: Path) -> Path:
        """The take as it will be played, written for the player to read."""
        x = self.ready()
        key = abs(hash((x.tobytes()[:4096], len(x), self.start, self.end)))
        path = Path(folder) / f"take-{key}.wav"
        pcm.write_wav(path, x)
        return path

    def save(self, lang: str, line: str, root: Path | None = None) -> Path:
        """Into the host's pack, as the clip of ``line`` (replacing any earlier one)."""
        folder = host_pack_dir(lang, root)
        x = self.ready()
        for ext in CLIP_EXTENSIONS:
            old = folder / f"{line}{ext}"
            if old.exists():
                old.unlink()
        path = folder / f"{line}.wav"
        pcm.write_wav(path, x)
        return path


def recorded_lines(lang: str, root: Path | None = None) -> set[str]:
    folder = host_pack_dir(lang, root)
    if not folder.is_dir():
        return set()
    return {p.stem for p in folder.iterdir() if p.suffix.lower() in CLIP_EXTENSIONS}


def forget(lang: str, line: str, root: Path | None = None) -> None:
    """Remove the host's recording of ``line``: the default voice says it again."""
    folder = host_pack_dir(lang, root)
    for ext in CLIP_EXTENSIONS:
        p = folder / f"{line}{ext}"
        if p.exists():
            p.unlink()
