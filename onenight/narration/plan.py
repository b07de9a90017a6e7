"""The night plan: for a deck and the settings, every line to say and when.

The plan depends on the deck (which cards are in the game), the settings, the voice, and the
jitter's own generator, never on the deal: every step of :func:`night_steps` is called, its
lines last what their clips last, and its action time comes from the settings. So for one
deck, every deal gets the same sequence and the same length, and the table learns nothing
from timing.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from onenight.rules.cards import ROLE
from onenight.rules.steps import night_steps

from .errors import NarrationError
from .script import ACT, CLOSE, DAY_ARTIFACTS, INFO, NIGHT_CLOSING, NIGHT_OPENING, WAKE, Say, \
    step_script
from .settings import NarrationSettings
from .voice import AMBIENCE, TextVoice, Voice

NIGHT = "night"  # the step of the lines around the night (opening and closing)


@dataclass(frozen=True)
class Cue:
    """One line said at ``start`` seconds into the night, lasting ``duration`` seconds."""

    step: str  # a step id, or "night" for the opening and closing lines
    line: str  # the line id
    audio: str  # the clip's path ("" for a line only shown, see TextVoice)
    start: float
    duration: float
    kind: str  # wake, info, instruction, close (or "night")
    text: str = ""  # the words, for subtitles


    @property
    def end(self) -> float:
        return self.start + self.duration

    def as_json(self) -> dict:
        return {"step": self.step, "line": self.line, "audio": self.audio,
                "start": round(self.start, 3), "duration": round(self.duration, 3)}


@dataclass(frozen=True)
class StepSlot:
    """When a step runs, and the players' time to act in it (after its instructions)."""

    step: str
    start: float
    end: float
    action_start: float
    action_end: float


@dataclass(frozen=True)
class NightPlan:
    lang: str
    cues: tuple[Cue, ...]
    steps: tuple[StepSlot, ...]
    total: float  # seconds from the start to the end of the last line
    ambience: str | None  # the loop to play under the narration, or None

    def step_ids(self) -> tuple[str, ...]:
        return tuple(s.step for s in self.steps)

    def step_at(self, t: float) -> str | None:
        for s in self.steps:
            if s.start <= t < s.end:
                return s.step
        return None

    def json_lines(self) -> Iterator[dict]:
        """One JSON-ready object per cue: step, line, audio, start, duration."""
        for c in self.cues:
            yield c.as_json()


def _deck(cards: Iterable[str]) -> tuple[str, ...]:
    if isinstance(cards, str):
        raise NarrationError("deck", "expected a list of card ids, got a string")
    deck = tuple(cards)
    unknown = sorted({c for c in deck if not isinstance(c, str) or c not in ROLE}, key=str)
    if unknown:
        raise NarrationError("deck", "unknown card(s) " + ", ".join(map(repr, unknown)))
    if not deck:
        raise NarrationError("deck", "the deck is empty")
    return deck


def build_text_plan(deck: Iterable[str], settings: NarrationSettings | None = None, *,
                    rng: random.Random | None = None) -> NightPlan:
    """The night of :func:`build_night_plan` for a night shown as text: the same lines in the
    same order and steps, timed the same way, each line lasting its reading time instead of
    its clip's; no clip is read, so it works when the voice cannot be loaded."""
    settings = settings or NarrationSettings()
    return build_night_plan(deck, settings, voice=TextVoice(settings.lang), rng=rng)


def build_night_plan(deck: Iterable[str], settings: NarrationSettings | None = None, *,
                     voice: Voice | TextVoice | None = None,
                     rng: random.Random | None = None) -> NightPlan:
    """The timed cues of the night for ``deck`` (the cards in the game, dealt or not).

    ``voice`` defaults to the settings' language and pack; a :class:`TextVoice` gives the
    same night without sound, each line lasting its reading time. ``rng`` draws the jitter;
    by default a generator seeded with ``settings.jitter_seed``. Neither ever sees the deal.
    """
    settings = settings or NarrationSettings()
    cards = _deck(deck)
    if voice is None:
        voice = Voice(settings.lang, settings.voice)
    elif voice.lang != settings.lang:
        raise NarrationError("voice", f"the voice speaks {voice.lang}, the settings say "
                             f"{settings.lang}")
    if settings.jitter > 0 and rng is None:
        rng = random.Random(settings.jitter_seed)

    calls = []
    for step in night_steps(cards):
        action = settings.action_time(step.id)
        if settings.jitter > 0:
            action += rng.uniform(0, settings.jitter)
        calls.append((step.id, step_script(step, cards), action))
    closing = list(NIGHT_CLOSING) + ([DAY_ARTIFACTS] if "curator" in cards else [])
    return lay_out(voice, settings, NIGHT_OPENING, calls, closing)


def lay_out(voice: Voice | TextVoice, settings: NarrationSettings, opening: Iterable[str],
            calls: Iterable[tuple[str, Iterable[Say], float]], closing: Iterable[str],
            ambience: bool = True) -> NightPlan:
    """The timed plan of a night: the ``opening`` lines, then each call (its step id, its
    lines, and the players' time, which falls before its first closing line), then the
    ``closing`` lines; lines of a call are ``gap`` apart, calls ``step_gap`` apart. Each
    call's length comes from its lines' clips and its players' time only."""
    cues: list[Cue] = []
    slots: list[StepSlot] = []
    t = settings.lead_in

    def say(step: str, line: str, kind: str) -> None:
        nonlocal t
        clip = voice.clip(line)
        audio = str(clip.path) if clip.path is not None else ""
        cues.append(Cue(step, line, audio, t, clip.duration, kind, voice.text(line)))
        t += clip.duration + settings.gap

    opening = tuple(opening)
    for line in opening:
        say(NIGHT, line, NIGHT)
    if opening:
        t += settings.step_gap - settings.gap
    for step_id, says, action in calls:
        start = t
        action_start = action_end = None
        for item in says:
            if item.kind == CLOSE and action_start is None:
                action_start = t
                t += action
                action_end = t
            say(step_id, item.line, item.kind)
        if action_start is None:  # a call with no closing line: its time comes last
            action_start = t
            t += action
            action_end = t
        end = t - settings.gap
        slots.append(StepSlot(step_id, start, max(end, action_end), action_start, action_end))
        t = max(end, action_end) + settings.step_gap
    closing = tuple(closing)
    if not closing:
        t -= settings.step_gap - settings.gap
    for line in closing:
        say(NIGHT, line, NIGHT)
    total = t - settings.gap
    amb = (str(voice.root / AMBIENCE) if ambience and settings.ambience_volume > 0
           and voice.root is not None else None)
    return NightPlan(settings.lang, tuple(cues), tuple(slots), total, amb)


__all__ = ["Cue", "StepSlot", "NightPlan", "build_night_plan", "build_text_plan", "lay_out",
           "NIGHT", "WAKE", "INFO", "ACT", "CLOSE"]
