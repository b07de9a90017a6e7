"""The story of a classic game, for the end screen: night by night and day by day, who did
what, as data a screen can draw (arrows from ``actors`` to ``targets``) and say (the
``classic.story.<kind>`` translations, with the event's facts).

It is read from the rules engine's log, every line of it, the game master's too: the game is
over, every secret may be told. The story is only built once the game has ended.

Event kinds:

- ``chose``: a choice of the night; ``step`` says whose (``seer``, ``werewolves``, ``witch``…),
  ``actors`` who chose, ``targets`` the players named, ``value`` the choice as recorded
  (``{"side": "werewolves"}``, ``{"heal": true, "poison": 4}``…); ``card`` the card the seer saw
  or the thief took, ``answer`` the fox's yes or no, ``about`` the werewolves' victim the witch
  was shown;
- the night's other facts: ``bite_survived`` (the elder), ``infected`` and
  ``infection_failed``, ``sick`` (the rusty sword's werewolf), ``turned`` (the wild child),
  the Québec states' ``strong_spent`` and ``pack_sick``;
- the day: ``died`` (``card``, the true ``cause``, ``by``), ``growl``, ``ballots`` (each ballot
  an arrow, ``value`` the counts; ``step`` the round), ``elected``, ``tie``, ``eliminated``
  (``targets`` empty: nobody), ``shot``, ``successor``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from onenight.classic.model import Entry, Game, phase_of

#: What the chooser was told at a step, joined to the choice it follows.
_ANSWERS = ("saw", "took", "sniffed")
_FACTS = ("bite_survived", "infected", "infection_failed", "sick", "turned", "growl",
          "elected", "tie", "eliminated", "shot", "successor", "bitten_becomes", "marked",
          "immune", "fire_caught", "burned", "spells_cancelled", "enemies_eliminated",
          "escaped", "crow_card", "tavern", "soul_called", "denounced", "lied", "repelled",
          "lone_wolf_turned", "dog_wild", "survenant", "flanc_mou_took",
          "philtre_took", "philtre_refused", "abandoned",
          # the Québec booklet's states: fait fort spent at night, or by day before all;
          # the pack's sickness
          "strong_spent", "strong_survived", "pack_sick",
          # the Québec Coureur des Bois: the shot heard by all, his canoe
          "blunderbuss", "canoe",
          # seed 000's Immortel, killed, who lives on
          "lives_on", "usurped",
          # seed 000's Astrologue: each eclipse, as it took effect
          "lunar_eclipse", "solar_eclipse", "moonless_night",
          # seed 000's Maire: a character card given (told at the first dawn); the Espion
          # awake with a call (told to nobody: the story's)
          "trait", "spy_joined",
          # the Québec Robineux's role, told to the whole village (its card named)
          "robineux_hangover", "robineux_revealed")
#: The facts that name a card (the story shows it).
_CARD_FACTS = ("robineux_hangover", "robineux_revealed")


@dataclass(frozen=True)
class StoryEvent:
    kind: str
    step: str = ""
    actors: tuple[int, ...] = ()
    targets: tuple[int, ...] = ()
    card: str | None = None
    cause: str | None = None
    answer: bool | None = None
    about: int | None = None
    value: Any = None

    @property
    def arrows(self) -> tuple[tuple[int, int], ...]:
        """The arrows to draw: every ballot (voter -> target), else each actor to each
        target."""
        if self.kind == "ballots":
            return tuple((v, t) for v, t in enumerate(self.value["ballots"]) if t is not None)
        targets = self.targets
        if self.about is not None and _heals(self.value):
            targets = (self.about,) + targets  # the witch's heal
        return tuple((a, t) for a in self.actors for t in targets if a != t)


@dataclass(frozen=True)
class Chapter:
    phase: str  # "night 1", "day 1"
    kind: str  # night, day
    number: int
    events: tuple[StoryEvent, ...]


def _heals(value: Any) -> bool:
    """The witch's recorded potions heal somebody: ``"heal": true`` (the only victim she was
    shown) or the seat of the one she saved among several."""
    return isinstance(value, dict) and value.get("heal") not in (None, False)


def _seats_in(value: Any) -> tuple[int, ...]:
    """The seats a recorded choice names (``{"view": 3}``, ``{"lovers": [2, 5]}``…)."""
    if isinstance(value, bool):
        return ()
    if isinstance(value, int):
        return (value,)
    if isinstance(value, list):
        return tuple(s for v in value for s in _seats_in(v))
    if isinstance(value, dict):
        return tuple(s for k, v in value.items() for s in _seats_in(v)
                     if k not in ("heal", "roll"))
    return ()


def _event(g: Game, e: Entry) -> StoryEvent | None:
    if e.kind == "chose":
        return StoryEvent("chose", e.step, tuple(e.to or ()), _seats_in(e.value),
                          value=e.value)
    if e.kind == "drew":  # seed 000's Immortel's blind draw (told to him alone in play)
        return StoryEvent("drew", e.step, (e.seat,), card=e.role)
    if e.kind == "took_card":  # the card seed 000's Imposteur took (told to him alone)
        return StoryEvent("took_card", e.step, tuple(e.to), (e.seat,), card=e.role)
    if e.kind == "died":
        d = g.death_told(e) if e.to is None else g.death_of(e.seat)
        return StoryEvent("died", e.step, () if d.by is None else (d.by,), (e.seat,),
                          card=e.role or d.card, cause=d.cause)  # (the story tells all)
    if e.kind == "ballots":
        return StoryEvent("ballots", e.step, value=e.value)
    if e.kind in ("shot", "successor"):
        return StoryEvent(e.kind, e.step, (e.by,), (e.seat,))
    if e.kind == "growl":
        return StoryEvent("growl", e.step, value=bool(e.value))
    if e.kind == "tie":
        return StoryEvent("tie", e.step, targets=tuple(e.seats))
    if e.kind in _FACTS:
        return StoryEvent(e.kind, e.step, targets=tuple(e.seats) if e.seat is None
                          else (e.seat,), value=e.value,
                          card=e.role if e.kind in _CARD_FACTS else None)
    return None


def event_text(ev: StoryEvent, players) -> "Text":
    """The sentence of a story event (``classic.story.<kind>``) with its facts: the players'
    names (``actors``, ``targets``, ``about``), the ``card``, the ``side``, the ``cause``."""
    from .classic_views import Text

    key = f"classic.story.{ev.kind}"
    if ev.kind == "chose":
        key += f".{ev.step}"
        if ev.step == "witch":
            heal = _heals(ev.value)
            poison = isinstance(ev.value, dict) and ev.value.get("poison") is not None
            key += ".both" if heal and poison else ".heal" if heal else ".poison"
        elif ev.step == "fox":
            key += ".yes" if ev.answer else ".no"
        elif ev.step == "jekyll_hyde":  # what the die said (the story joins it)
            key += ".hyde" if ev.answer else ".jekyll"
        elif isinstance(ev.value, dict) and "power" in ev.value:  # a special power's use
            key += f".{ev.value['power']}"
    elif ev.kind == "ballots":
        key += f".{ev.step}"
    elif ev.kind == "eliminated" and not ev.targets:
        key += ".nobody"
    facts: dict[str, Any] = {"actors": [players[s] for s in ev.actors],
                             "targets": [players[s] for s in ev.targets]}
    if ev.about is not None:
        facts["about"] = players[ev.about]
    if ev.card is not None:
        facts["card"] = ev.card
    if ev.cause is not None:
        facts["cause"] = ev.cause
    if isinstance(ev.value, dict) and isinstance(ev.value.get("side"), str):
        facts["side"] = ev.value["side"]
    if isinstance(ev.value, dict) and isinstance(ev.value.get("card"), str):
        facts["card"] = ev.value["card"]  # a card drawn (the Transformiste's)
    if isinstance(ev.value, dict) and isinstance(ev.value.get("roll"), int):
        facts["roll"] = ev.value["roll"]
    if ev.kind == "trait":  # seed 000's Maire: the character card given
        facts["trait"] = ev.value
    if ev.kind == "spy_joined":  # seed 000's Espion: the call he woke with
        facts["call"] = ev.value
    if ev.kind == "chose" and ev.step == "mayor_cards":
        facts["traits"] = list(ev.value["cards"])
    return Text(key, facts)


def _saved(value: Any, shown: int | None) -> int | None:
    """The seat the witch's heal saved: the one she named among several victims, or the only
    one she was shown."""
    heal = value.get("heal") if isinstance(value, dict) else None
    return heal if isinstance(heal, int) and not isinstance(heal, bool) else shown


def story(g: Game, players=None) -> tuple[Chapter, ...]:
    """The story of a game that is over (ValueError before its end)."""
    if g.verdict is None:
        raise ValueError("the story is told once the game is over")
    chapters: dict[str, list[StoryEvent]] = {label: [] for label in g.phases}
    briefs: dict[tuple[str, str], int] = {}  # (phase, step) -> the seat the witch was shown
    answers: dict[tuple[str, str], Entry] = {}  # what a chooser was told, by (phase, step)
    rolls: dict[str, int] = {}  # what Dr Jekyll's die showed, by night
    for e in g.log:
        if e.phase not in chapters:
            continue
        events = chapters[e.phase]
        if e.kind == "victim" and e.seat is not None:
            briefs[(e.phase, e.step)] = e.seat
        if e.kind in _ANSWERS:  # told as the choice is played: joined to it
            answers[(e.phase, e.step)] = e
            continue
        if e.kind in _FACTS and e.to not in (None, ()):
            continue  # the news told to one player (the infected): the fact is told once
        ev = _event(g, e)
        if ev is None:
            continue
        if ev.kind == "chose":
            if e.step == "jekyll_die":
                rolls[e.phase] = e.value["roll"]
            told = answers.pop((e.phase, e.step), None)
            answer = bool(told.value) if told is not None and told.kind == "sniffed" else None
            if e.step == "jekyll_hyde":  # Mr Hyde's murder, or Dr Jekyll's rescue
                answer = rolls.get(e.phase) == 1
            ev = StoryEvent(ev.kind, ev.step, ev.actors, ev.targets,
                            card=told.role if told is not None and told.kind != "sniffed"
                            else None,
                            answer=answer,
                            about=_saved(ev.value, briefs.get((e.phase, e.step))),
                            value=ev.value)
            # the facts its own play set off (an infection) come after the choice
            i = len(events)
            while i and events[i - 1].step == ev.step and events[i - 1].kind != "chose":
                i -= 1
            events.insert(i, ev)
            continue
        events.append(ev)
    out = []
    for label in g.phases:
        p = phase_of(label)
        out.append(Chapter(label, p.kind, p.number, tuple(chapters[label])))
    return tuple(out)


__all__ = ["StoryEvent", "Chapter", "story", "event_text"]
