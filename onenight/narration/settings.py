"""The narrator's settings: language, voice, the players' time at each step, pauses, volumes.

Action times are per step (``ACTION_SECONDS``), long enough for a first game: a Seer has to
choose, look and remember; harder roles get more. ``pace`` scales them all (0.6 for a table
that knows the game). ``jitter`` adds up to that many seconds at random to each step, drawn
from its own generator (``jitter_seed`` or one the caller passes), never from the deal.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType

from onenight.rules.steps import STEP

from .errors import SettingsError
from .lines import DEFAULT_LANGUAGE, check_language

#: Seconds the players get at each step, after its last instruction (first-game defaults).
ACTION_SECONDS: Mapping[str, float] = MappingProxyType({
    "sentinel": 10,
    "doppelganger": 18,  # look, understand the new role, maybe act at once
    "werewolves": 10,  # see each other; a lone wolf may look at a centre card
    "alpha_wolf": 10,
    "mystic_wolf": 9,
    "minion": 7,
    "masons": 7,
    "seer": 12,
    "apprentice_seer": 8,
    "paranormal_investigator": 15,  # up to two looks, and maybe a change of side
    "robber": 10,
    "witch": 14,  # a look, then a move
    "troublemaker": 10,
    "village_idiot": 12,
    "aura_seer": 7,
    "doppelganger_aura_seer": 7,
    "drunk": 8,
    "insomniac": 6,
    "doppelganger_insomniac": 6,
    "revealer": 10,
    "doppelganger_revealer": 10,
    "curator": 10,
    "doppelganger_curator": 10,
})


def _number(name: str, value: object, low: float, high: float | None = None) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SettingsError(name, f"expected a number, got {value!r}")
    v = float(value)
    if not math.isfinite(v) or v < low or (high is not None and v > high):
        span = f"between {low:g} and {high:g}" if high is not None else f"at least {low:g}"
        raise SettingsError(name, f"must be {span}, not {value!r}")
    return v


@dataclass(frozen=True)
class NarrationSettings:
    lang: str = DEFAULT_LANGUAGE
    voice: str | None = None  # a voice pack (name or folder), None for the default voice
    action_seconds: Mapping[str, float] = field(default_factory=dict)  # per step, overrides
    pace: float = 1.0  # multiplies every action time
    jitter: float = 0.0  # up to this many seconds added at random to each step's action time
    jitter_seed: int | None = None  # seed of the jitter's own generator (None: unpredictable)
    lead_in: float = 2.0  # ambience alone before the first line
    gap: float = 0.6  # silence between two lines of one step
    step_gap: float = 2.5  # silence between two steps
    voice_volume: float = 1.0  # 0 to 1
    ambience_volume: float = 0.5  # 0 to 1; 0 turns the ambience off
    duck: float = 0.4  # the ambience's share of its volume while the narrator speaks
    debate_seconds: float = 600.0  # the day's countdown (the rule suggests 10 min at first)
    last_minute: float = 60.0  # warn when this much debate time is left (0: never)

    def __post_init__(self) -> None:
        check_language(self.lang)
        if self.voice is not None and not isinstance(self.voice, str):
            object.__setattr__(self, "voice", str(self.voice))
        if not isinstance(self.action_seconds, Mapping):
            raise SettingsError("action_seconds", "expected a map of step id -> seconds")
        for step, s in self.action_seconds.items():
            if step not in STEP:
                raise SettingsError(f"action_seconds.{step}",
                                    "unknown step; steps are " + ", ".join(STEP))
            _number(f"action_seconds.{step}", s, 0, 600)
        object.__setattr__(self, "action_seconds",
                           MappingProxyType({k: float(v) for k, v in self.action_seconds.items()}))
        _number("pace", self.pace, 0.1, 10)
        _number("jitter", self.jitter, 0, 60)
        if self.jitter_seed is not None and (isinstance(self.jitter_seed, bool)
                                             or not isinstance(self.jitter_seed, int)):
            raise SettingsError("jitter_seed", f"expected an integer, got {self.jitter_seed!r}")
        for name in ("lead_in", "gap", "step_gap"):
            _number(name, getattr(self, name), 0, 60)
        for name in ("voice_volume", "ambience_volume", "duck"):
            _number(name, getattr(self, name), 0, 1)
        _number("debate_seconds", self.debate_seconds, 0, 24 * 3600)
        _number("last_minute", self.last_minute, 0, 3600)

    def action_time(self, step_id: str) -> float:
        """The players' time at ``step_id``, before any jitter."""
        if step_id not in STEP:
            raise SettingsError("step", f"unknown step {step_id!r}")
        base = self.action_seconds.get(step_id, ACTION_SECONDS[step_id])
        return base * self.pace

    def to_dict(self) -> dict:
        """Plain data, for a settings file."""
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["action_seconds"] = dict(self.action_seconds)
        return d

    @classmethod
    def from_dict(cls, data: object) -> "NarrationSettings":
        """Settings read from a file: unknown keys and bad values are named in the error."""
        if not isinstance(data, Mapping):
            raise SettingsError("settings", f"expected an object, got {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise SettingsError(str(key), "unknown setting; settings are "
                                    + ", ".join(sorted(known)))
        return cls(**data)

    def with_(self, **changes) -> "NarrationSettings":
        """A copy with some settings changed (validated again)."""
        return replace(self, **changes)
