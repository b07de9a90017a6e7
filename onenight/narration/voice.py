"""Voices: where each line's clip is, how long it lasts, and the start-up check.

The default voice of a language is ``onenight/assets/audio/<lang>/<line>.ogg``. A voice pack is a folder
of clips named like the default ones (``<line>.ogg``, ``.wav``, ``.flac``...), either directly
or in a ``<lang>/`` subfolder; a line the pack lacks, or whose clip is refused, is said by the
default voice instead, never skipped. A default clip that is missing or unreadable is an error
(:func:`check_audio`, called at start-up).

A pack's clips are the host's files, so each is decoded to its end when the voice loads it
(:func:`onenight.narration.pcm.prepared_clip`): a damaged, empty, silent or overlong file is
refused (:meth:`Voice.pack_report` says which and why), and an accepted one is played from a
copy brought to the shipped voice's loudness, in a format every back-end plays.

The shipped clips' lengths are read from their Ogg headers, without decoding or Kivy.
"""

from __future__ import annotations

import os
import struct
from importlib import resources
import wave
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from onenight import paths

from .errors import VoiceError
from .lines import DEFAULT_LANGUAGE, check_language, languages, line_file, line_sets, load_lines

CLIP_EXTENSIONS = (".ogg", ".wav", ".flac", ".oga", ".opus", ".aiff", ".aif", ".mp3")
"""What a voice pack's clip may be: anything libsndfile decodes (WAV of any sample format,
Ogg Vorbis or Opus, FLAC, AIFF, MP3), in this order of preference."""
AMBIENCE = "ambience/night.ogg"  # under the audio folder
SOUNDS = "sfx"  # the sounds that are not words (the dawn's rooster, the bear's growl, the reel)
SOUND_NAMES = ("rooster", "growl", "reel", "reel_howls")


def assets_dir() -> Path:
    """The assets folder: ``$ONENIGHT_ASSETS`` if set, else the one installed with the package.

    The clips ship inside the distribution (``onenight/assets/``), so an installed wheel finds
    them exactly as a checkout does.
    """
    env = os.environ.get("ONENIGHT_ASSETS")
    if env:
        return Path(env)
    return Path(os.fspath(resources.files("onenight") / "assets"))


def audio_dir() -> Path:
    return assets_dir() / "audio"


def ambience_path() -> Path:
    return audio_dir() / AMBIENCE


def sound_path(name: str, audio_root: str | os.PathLike | None = None) -> Path:
    """A sound that is not words (``rooster``, ``growl``): ``<audio>/sfx/<name>.ogg``."""
    root = Path(audio_root) if audio_root is not None else audio_dir()
    return root / SOUNDS / f"{name}.ogg"


def cache_dir() -> Path:
    """Where voice packs' clips, once made ready to play, are kept: ``$ONENIGHT_CACHE``, else
    ``~/.cache/onenight`` (``$XDG_CACHE_HOME`` honoured)."""
    env = os.environ.get("ONENIGHT_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "onenight"


def voice_pack_dirs() -> tuple[Path, ...]:
    """Where named voice packs are looked for, in order.

    ``$ONENIGHT_VOICES`` (folders separated like PATH), then the user's
    ``~/.local/share/onenight/voices`` (``$XDG_DATA_HOME`` honoured), then ``assets/voices``.
    """
    dirs = [Path(p) for p in os.environ.get("ONENIGHT_VOICES", "").split(os.pathsep) if p]
    dirs.append(user_voices_dir())
    dirs.append(assets_dir() / "voices")
    return tuple(dirs)


def user_voices_dir() -> Path:
    """The host's own voices: ``voices`` in the data folder (``$XDG_DATA_HOME/onenight``),
    where a rendered second voice and the host's recordings go."""
    return paths.data_dir() / "voices"


def available_packs() -> tuple[str, ...]:
    names: set[str] = set()
    for d in voice_pack_dirs():
        if d.is_dir():
            names.update(p.name for p in d.iterdir() if p.is_dir())
    return tuple(sorted(names))


def resolve_pack(pack: str | os.PathLike, lang: str, lineset: str | None = None) -> Path:
    """The folder holding a voice pack's clips for ``lang``; ``pack`` is a name or a folder.
    A line set's clips are in the pack's ``<set>/`` subfolder (its ids may be another set's
    too: the classic game's seer wakes as the one-night game's does)."""
    if not isinstance(pack, (str, os.PathLike)) or not str(pack).strip():
        raise VoiceError("voice", f"a voice pack is a name or a folder, not {pack!r}")
    candidates = [Path(pack)] if Path(pack).is_dir() else []
    if not candidates and isinstance(pack, str) and pack and os.sep not in pack:
        candidates = [d / pack for d in voice_pack_dirs() if (d / pack).is_dir()]
    if not candidates:
        known = ", ".join(available_packs()) or "none installed"
        raise VoiceError("voice", f"no voice pack {str(pack)!r} (a folder, or one of: {known}; "
                         f"packs are looked for in "
                         + ", ".join(str(d) for d in voice_pack_dirs()) + ")")
    folder = candidates[0]
    if lineset:
        folder = folder / lineset
    return folder / lang if (folder / lang).is_dir() else folder


# Clip lengths ------------------------------------------------------------------------------

def clip_duration(path: str | os.PathLike) -> float:
    """The length in seconds of an Ogg Vorbis or WAV file; :class:`VoiceError` if unreadable."""
    p = Path(path)
    try:
        if p.suffix.lower() == ".wav":
            with wave.open(str(p), "rb") as w:
                if w.getframerate() <= 0:
                    raise VoiceError(str(p), "a WAV file with no sample rate")
                seconds = w.getnframes() / w.getframerate()
        else:
            seconds = _ogg_vorbis_duration(p.read_bytes(), str(p))
    except FileNotFoundError:
        raise VoiceError(str(p), "no such file") from None
    except (OSError, EOFError, wave.Error, struct.error) as e:
        raise VoiceError(str(p), f"cannot read the clip ({e})") from e
    if seconds <= 0:
        raise VoiceError(str(p), "the clip is empty (length 0)")
    return seconds


def _ogg_vorbis_duration(data: bytes, name: str) -> float:
    if not data.startswith(b"OggS") or len(data) < 28:
        raise VoiceError(name, "not an Ogg file")
    segments = data[26]
    body = 27 + segments
    if data[body:body + 7] != b"\x01vorbis":
        raise VoiceError(name, "not an Ogg Vorbis file (only Vorbis is supported)")
    (rate,) = struct.unpack_from("<I", data, body + 12)
    if rate == 0:
        raise VoiceError(name, "an Ogg Vorbis file with no sample rate")
    last = data.rfind(b"OggS")
    while last >= 0:
        (granule,) = struct.unpack_from("<q", data, last + 6)
        if granule >= 0:
            return granule / rate
        last = data.rfind(b"OggS", 0, last)
    raise VoiceError(name, "the Ogg file has no audio page")


# Voices ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Clip:
    line: str
    path: Path | None  # None for a line that is only shown (:class:`TextVoice`)
    duration: float
    pack: bool  # True if the clip comes from the voice pack, False for the default voice


class Voice:
    """The clips of one language, from a voice pack if given, else the default voice.

    ``fallbacks`` lists the lines the pack could not say (line id, reason), once asked for;
    ``refused`` only those whose file is there but was refused. ``default_of`` maps each pack
    clip played to the default clip of the same line, for a player that fails to play it.
    """

    def __init__(self, lang: str = DEFAULT_LANGUAGE, pack: str | os.PathLike | None = None, *,
                 audio_root: str | os.PathLike | None = None, lines: str | None = None):
        self.lang = check_language(lang)
        self.lineset = lines or None
        self.root = Path(audio_root) if audio_root is not None else audio_dir()
        self.default_dir = self.root / self.lineset / self.lang if self.lineset \
            else self.root / self.lang
        self.pack = str(pack) if pack is not None else None
        self.pack_dir = resolve_pack(pack, self.lang, self.lineset) if pack is not None \
            else None
        self._lines = load_lines(self.lang, self.lineset)
        self._cache: dict[str, Clip] = {}
        self.fallbacks: dict[str, str] = {}
        self.refused: dict[str, str] = {}
        self.default_of: dict[str, str] = {}

    def _find(self, folder: Path, line: str) -> Path | None:
        for ext in CLIP_EXTENSIONS:
            p = folder / f"{line}{ext}"
            if p.is_file():
                return p
        return None

    def _unknown(self, line: str) -> VoiceError:
        return VoiceError("line", f"no line {line!r} in lines/{line_file(self.lang, self.lineset)}")

    def default_clip(self, line: str) -> Clip:
        if line not in self._lines:
            raise self._unknown(line)
        path = self.default_dir / f"{line}.ogg"
        return Clip(line, path, clip_duration(path), False)

    def clip(self, line: str) -> Clip:
        """The clip for ``line``: the pack's if it has a readable one, else the default."""
        if line in self._cache:
            return self._cache[line]
        if line not in self._lines:
            raise self._unknown(line)
        clip = None
        if self.pack_dir is not None:
            found = self._find(self.pack_dir, line)
            if found is None:
                self.fallbacks[line] = "not in the pack"
            else:
                try:
                    clip = self._pack_clip(line, found)
                except VoiceError as e:
                    self.fallbacks[line] = self.refused[line] = f"{found.name}: {e.reason}"
        if clip is None:
            clip = self.default_clip(line)
        elif clip.path is not None:
            self.default_of[str(clip.path)] = str(self.default_dir / f"{line}.ogg")
        self._cache[line] = clip
        return clip

    def _pack_clip(self, line: str, found: Path) -> Clip:
        from . import pcm  # numpy and libsndfile: only for a pack

        ready, seconds = pcm.prepared_clip(found, cache_dir() / "voices")
        return Clip(line, ready, seconds, True)

    def text(self, line: str) -> str:
        return self._lines[line]

    def pack_report(self) -> dict[str, str]:
        """For a voice pack: every line it cannot say (line id -> reason), which the default
        voice will say instead. Empty for the default voice or a complete pack."""
        if self.pack_dir is None:
            return {}
        for line in self._lines:
            self.clip(line)
        return dict(sorted(self.fallbacks.items()))


#: How fast a line shown without its clip is read aloud, for :class:`TextVoice`. The default
#: voice says about 2 to 2.25 words a second (median over every line, English and French); a
#: host reading from the screen gets a little less pace and a second to find the words.
READ_WORDS_PER_SECOND = 2.0
READ_LEAD = 1.0


def reading_seconds(text: str) -> float:
    """How long a line shown on screen lasts when nobody's voice gives its length: it depends
    on the words alone, so on the deck alone, never on the deal."""
    return READ_LEAD + len(text.split()) / READ_WORDS_PER_SECOND


class TextVoice:
    """The narrator's words without the clips, for a night shown as text when the voice
    cannot be loaded: the same lines as :class:`Voice`, each lasting the time to read it
    aloud (:func:`reading_seconds`), with no clip and no ambience."""

    pack = None
    root = None  # no audio folder, hence no ambience

    def __init__(self, lang: str = DEFAULT_LANGUAGE, lines: str | None = None):
        self.lang = check_language(lang)
        self.lineset = lines or None
        self._lines = load_lines(self.lang, self.lineset)

    def clip(self, line: str) -> Clip:
        if line not in self._lines:
            raise VoiceError("line", f"no line {line!r} in "
                             f"lines/{line_file(self.lang, self.lineset)}")
        return Clip(line, None, reading_seconds(self._lines[line]), False)

    def text(self, line: str) -> str:
        return self._lines[line]


def check_audio(langs: Iterable[str] | None = None, *,
                audio_root: str | os.PathLike | None = None) -> None:
    """The start-up check: every line of every language, in every line set, has a readable,
    non-empty default clip, and the night ambience loop and the sounds are there. Raises one
    :class:`VoiceError` listing every problem found."""
    root = Path(audio_root) if audio_root is not None else audio_dir()
    problems: list[str] = []
    for lang in (tuple(langs) if langs is not None else languages()):
        for lineset in line_sets():
            try:
                ids = load_lines(lang, lineset)
            except ValueError as e:
                problems.append(str(e))
                continue
            folder = root / lineset / lang if lineset else root / lang
            for line in ids:
                try:
                    clip_duration(folder / f"{line}.ogg")
                except VoiceError as e:
                    problems.append(str(e))
    for path in [root / AMBIENCE] + [sound_path(n, root) for n in SOUND_NAMES]:
        try:
            clip_duration(path)
        except VoiceError as e:
            problems.append(str(e))
    if problems:
        shown = problems[:10] + ([f"... and {len(problems) - 10} more"] if len(problems) > 10
                                 else [])
        raise VoiceError("audio", f"{len(problems)} clip(s) missing or unreadable (install "
                         "onenight again; in a checkout, re-render them with "
                         "scripts/render-voice): " + "; ".join(shown))
