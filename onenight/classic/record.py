"""Classic game records, format ``thiercelieux-game/1`` (CLASSIC-RECORD.md): reading one,
replaying it, writing a game as one, and the outcome ``onenight classic replay`` prints.

The replay is a thin driver over the same walk as the app (:mod:`.walk`): at each stop it
takes the choice the record holds for it. An error names the place in the record and the
reason: ``phases[3].votes[4]: seat 4 is dead: the dead do not vote``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from onenight.common import jsontext
from onenight.common.errors import RecordError, RulesError
from onenight.common.formats import CLASSIC as FORMAT
from onenight.common.values import show

from . import cast, decks, forms, handwriting, sides, village
from .roles import table_cards
from .day import LIST_KEYS
from .model import CAPTAIN_WHEN, VOTE_VARIANTS, Entry, Game, Kind, Options, Phase, phase_of
from .table import EVEN_NIGHTS, FIRST_NIGHT, ON_DEMAND, THIRD_NIGHT
from .walk import MUST, apply, new_game, use_power



@dataclass(frozen=True)
class Record:
    """A record whose format and deal are checked; its phases are checked as they replay."""

    seats: tuple[str, ...]
    thief_cards: tuple[str, ...]
    options: Options
    phases: tuple[dict, ...]
    buildings: tuple[str | None, ...] | None = None  # Le Village's, one per seat
    notes: tuple | None = None  # seed 000's Graphologue's handwritten notes, one per seat


# ---- reading ------------------------------------------------------------------------------------

def _cards(v: Any, field: str) -> tuple[str, ...]:
    if not isinstance(v, list):
        raise RecordError(field, f"expected a list of character ids, got {show(v)}")
    for i, c in enumerate(v):
        if not isinstance(c, str) or c not in cast.CHARACTER:
            raise RecordError(f"{field}[{i}]", f"unknown character {show(c)}")
    return tuple(v)


def _check_deal(seats: tuple[str, ...], thief_cards: tuple[str, ...]) -> None:
    used: Counter[str] = Counter()
    places = [(f"seats[{i}]", c) for i, c in enumerate(seats)]
    places += [(f"thief_cards[{i}]", c) for i, c in enumerate(thief_cards)]
    for field, card in places:
        used[card] += 1
        ch = cast.CHARACTER[card]
        held = decks.box_copies(card)
        if used[card] > held:
            raise RecordError(field, f"one {card} card too many: the boxes hold {held}")
        if ch.per_game and used[card] > ch.per_game:
            raise RecordError(field, f"a second {card}: each character is dealt once"
                              if ch.per_game == 1 else f"more than {ch.per_game} {card} cards")
    for ch in cast.CAST:
        if ch.pair and used[ch.id] == 1:
            raise RecordError("seats", f"one {ch.id} card: the two {ch.id}s are dealt together")


def read_record(data: Any) -> Record:
    """Check a record's format and deal (its phases are checked by :func:`replay`)."""
    if not isinstance(data, dict):
        raise RecordError("", "a game record is a JSON object")
    if data.get("format") != FORMAT:
        got = "missing" if "format" not in data else f"got {show(data.get('format'))}"
        raise RecordError("format", f"expected \"{FORMAT}\", {got}")
    if "seats" not in data:
        raise RecordError("seats", "missing")
    seats = _cards(data["seats"], "seats")
    if not decks.MIN_PLAYERS <= len(seats) <= decks.MAX_PLAYERS:
        raise RecordError("seats", f"{len(seats)} players: the game is for {decks.MIN_PLAYERS} "
                                   f"to {decks.MAX_PLAYERS} players")
    if "thief" in seats:
        if "thief_cards" not in data:
            raise RecordError("thief_cards", "missing: a thief is dealt, so the two cards left "
                                             "over are needed")
        thief_cards = _cards(data["thief_cards"], "thief_cards")
        if len(thief_cards) != 2:
            raise RecordError("thief_cards", f"{len(thief_cards)} cards: the thief has exactly "
                                             "two")
    elif data.get("thief_cards") is not None:
        raise RecordError("thief_cards", "no thief is dealt: there are no thief's cards")
    else:
        thief_cards = ()
    _check_deal(seats, thief_cards)
    buildings = data.get("buildings")
    if buildings is not None:
        buildings = village.check_buildings(buildings, len(seats), "buildings", RecordError)
    return Record(seats, thief_cards, _options(data.get("options")), _phases(data.get("phases")),
                  buildings, _notes(data.get("notes"), seats, thief_cards))


def _notes(raw: Any, seats: tuple[str, ...], thief_cards: tuple[str, ...]) -> tuple | None:
    """Seed 000's Graphologue's notes: one per seat (each a list of strokes on the grid,
    :mod:`.handwriting`), present exactly when his card is in the deck."""
    if not table_cards.in_deck(seats + thief_cards):
        if raw is not None:
            raise RecordError("notes", "no graphologist in the deck: the players wrote no notes")
        return None
    if not isinstance(raw, list) or len(raw) != len(seats):
        raise RecordError("notes", f"expected {len(seats)} notes, one per seat (a graphologist is "
                                   f"in the deck), got {show(raw)}")
    return tuple(handwriting.read_note(n, f"notes[{i}]") for i, n in enumerate(raw))


def _options(raw: Any) -> Options:
    if raw is None:
        return Options(habitant_ragots=False)
    if not isinstance(raw, dict):
        raise RecordError("options", f"expected an object, got {show(raw)}")
    captain = raw.get("captain", "first_morning")
    if captain not in CAPTAIN_WHEN:
        raise RecordError("options.captain", f"expected one of {', '.join(CAPTAIN_WHEN)}, got "
                                             f"{show(captain)}")
    again = raw.get("sisters_wake_again", False)
    if not isinstance(again, bool):
        raise RecordError("options.sisters_wake_again", f"expected true or false, got "
                                                        f"{show(again)}")
    vote = raw.get("vote", "classic")
    if vote not in VOTE_VARIANTS:
        raise RecordError("options.vote", f"expected one of {', '.join(VOTE_VARIANTS)}, got "
                                          f"{show(vote)}")
    ragots = raw.get("habitant_ragots", False)  # absent: a game without them
    if not isinstance(ragots, bool):
        raise RecordError("options.habitant_ragots", f"expected true or false, got "
                                                     f"{show(ragots)}")
    return Options(captain, again, vote, ragots)


#: The most phases a record may hold: 500 nights and 500 days, far beyond any game played.
MAX_PHASES = 1000


def _phases(raw: Any) -> tuple[dict, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise RecordError("phases", f"expected a list of phases, got {show(raw)}")
    if len(raw) > MAX_PHASES:
        raise RecordError("phases", f"{len(raw)} phases: longer than any game (at most "
                                    f"{MAX_PHASES})")
    for i, p in enumerate(raw):
        if not isinstance(p, dict):
            raise RecordError(f"phases[{i}]", f"expected an object such as {{\"night\": 1}}, got "
                                              f"{show(p)}")
    return tuple(raw)


def _label(p: dict, i: int) -> str:
    kinds = [k for k in ("night", "day") if k in p]
    if len(kinds) != 1:
        raise RecordError(f"phases[{i}]", "expected exactly one of \"night\" or \"day\" with its "
                                          "number")
    n = p[kinds[0]]
    if isinstance(n, bool) or not isinstance(n, int):
        raise RecordError(f"phases[{i}].{kinds[0]}", f"expected a number, got {show(n)}")
    return f"{kinds[0]} {show(n)}"


# ---- replaying ----------------------------------------------------------------------------------

#: Why a day's key was not asked for, by key.
NOT_ASKED = {
    "votes": "there is no vote here",
    "captain_votes": "no captain's election is due here",
    "captain_revote": "there was no tie at the captain's election here",
    "captain_lots": "there was no tie at the second vote of the captain's election here",
    "captain_pick": "there was no tie with a living captain here",
    "revote": "there was no tie without a captain here",
    "hunter": "no hunter with his power died here",
    "fanatic": "no fanatic was voted out here",
    "immortal": "no immortal was killed here",
    "impostor": "no impostor was killed here",
    "successors": "no captain died here",
    "bailiff": "no building was free for the bailiff to offer here",
    "lord": "no vote named a player the lord could pardon here",
    "teacher": "the schoolteacher is not called here",
    "nominations": "the table does not vote by nominations",
    "nomination_votes": "the table does not vote by nominations",
    "panic_votes": "the table does not vote in a democratic panic",
    "village_draw": "no day dragged on to a draw here",
}


def _why_not(g: Game, key: str, phase: Phase) -> str:
    """Why a night step was not called, or a day's key not asked for, in ``phase``."""
    step = cast.RECORD_KEYS[key]
    if key == "votes" and g.options.vote not in ("classic", "single"):
        return f"the table votes by the {g.options.vote} variant: there is no such vote"
    if step.when is ON_DEMAND or step.id in ("votes", "captain_votes", "bailiff", "teacher",
                                             "nominations", "panic_votes"):
        return NOT_ASKED[key]
    if phase.kind not in step.phases:
        return f"the {key} step is a night's: not called on a day"
    if step.role and step.role not in g.dealt + g.undealt:
        return f"this step is not called: no {step.role} in this game"
    if step.when is FIRST_NIGHT and phase.number != 1:
        return f"the {key} step is called on the first night only"
    if step.when is THIRD_NIGHT and phase.number != 3:
        return f"the {key} step is called on the third night only"
    if step.when is EVEN_NIGHTS and phase.number % 2:
        return f"the {key} step is called on even nights only (2, 4, …)"
    if step.role and all(not g.alive(s) or g.cards[s] != step.role
                         for s in range(g.players)):
        return f"this step is not called: the {step.role} is dead or out of the game"
    return f"this step is not called on {phase.label}"


#: ``_Replay.used``'s mark of the night's Espion played (not a step's record key).
SPY_KEY_USED = "spy:played"


class _Replay:
    """The driver: the record's phase objects, matched one by one with the walk's phases."""

    def __init__(self, rec: Record):
        self.rec = rec
        self.i = -1  # the record's phase being played
        self.used: set[str] = set()
        self.taken: dict[str, int] = {}  # the entries of each list key played so far
        self.powers = 0  # the day powers played in this phase

    def field(self, key: str) -> str:
        return f"phases[{self.i}].{key}"

    def enter(self, g: Game) -> bool:
        """Move to the record's object for the walk's current phase; False when the record
        stops before it."""
        if self.i >= 0:
            self.check_used(g)
        self.i += 1
        if self.i >= len(self.rec.phases):
            return False
        got = _label(self.rec.phases[self.i], self.i)
        want = g.phases[self.i]
        if got != want:
            raise RecordError(f"phases[{self.i}]", f"expected {want}, got {got}")
        self.used, self.taken, self.powers = set(), {}, 0
        return True

    def spy_now(self, g: Game) -> bool:
        """The record's Espion wakes with the call now open (``{"spy": {"with": step}}``)."""
        spy = self.rec.phases[self.i].get(table_cards.SPY_KEY)
        return SPY_KEY_USED not in self.used and isinstance(spy, dict) \
            and spy.get("with") == g.stop.step and g.phase.is_night

    def play_spy(self, g: Game) -> Game:
        self.used.add(SPY_KEY_USED)
        try:
            return table_cards.spy_joins(g, g.stop.step)
        except RulesError as e:
            raise e.within(self.field(table_cards.SPY_KEY)) from None

    def check_used(self, g: Game, missing: str = "") -> None:
        """Every key of the phase object was played (``missing``: the choice the record stops
        short at, in a game in progress)."""
        reached = not missing
        obj, phase = self.rec.phases[self.i], phase_of(g.phases[self.i])
        powers = obj.get("powers")
        if powers is not None and phase.kind == "day" and not isinstance(powers, list):
            raise RecordError(self.field("powers"), _POWERS_SHAPE + f", got {show(powers)}")
        if powers and phase.kind == "day" and self.powers < len(powers):
            raise RecordError(self.field(f"powers[{self.powers}]"), "not played: " + (
                f"the record stops before it, at {missing} (missing)" if not reached else
                "the day powers are used while the village debates, and the game did not "
                "reach the debate after it"))
        spy = obj.get(table_cards.SPY_KEY)
        if spy is not None and phase.kind == "night" and SPY_KEY_USED not in self.used:
            where = self.field(table_cards.SPY_KEY)
            if not isinstance(spy, dict) or not isinstance(spy.get("with"), str):
                raise RecordError(where, f'expected {{"with": step}}, the call the spy woke '
                                         f'with, got {show(spy)}')
            if missing:
                raise RecordError(where, f"not reached: the record stops before it, at "
                                         f"{missing} (missing)")
            raise RecordError(where + ".with", f"the spy cannot wake with {spy['with']!r} "
                                               "here: no such call was made that night")
        for key, value in obj.items():
            if key not in cast.RECORD_KEYS or value is None or value == {}:
                continue  # "night"/"day", extra fields, and steps that chose nothing
            if key in LIST_KEYS:
                n = self.taken.get(key, 0)
                extra = value[n:] if isinstance(value, list) else [value]
                if extra:
                    where = f"{key}[{n}]" if isinstance(value, list) else key
                    if not reached and key != "successors":
                        raise RecordError(self.field(where), f"not reached: the record stops "
                                                             f"before it, at {missing} (missing)")
                    raise RecordError(self.field(where), "not asked for: " + (
                        _why_not(g, key, phase) if not n or not reached
                        else f"only {n} captain(s) died here" if key == "successors"
                        else f"asked {n} time(s) only here"))
                continue
            if key not in self.used:
                if not reached:
                    raise RecordError(self.field(key), f"not reached: the record stops "
                                                       f"before it, at {missing} (missing)")
                raise RecordError(self.field(key), _why_not(g, key, phase))

    def next_choice(self, g: Game):
        """(found, choice, field) for the current stop."""
        stop = g.stop
        step = cast.STEP[stop.step]
        obj = self.rec.phases[self.i]
        key = step.record_key
        if key in LIST_KEYS:
            listed = obj.get(key)
            if listed is not None and not isinstance(listed, list):
                raise RecordError(self.field(key), f"expected a list, one entry each time it "
                                                   f"is asked, got {show(listed)}")
            n = self.taken.get(key, 0)
            if not listed or n >= len(listed):
                return False, None, self.field(key)
            where = self.field(f"{key}[{n}]")
            raw = listed[n]
            self.taken[key] = n + 1
            if raw is None and key == "bailiff":  # asked, and nobody housed
                self.used.add(key)
                return True, None, where
        else:
            raw, where = obj.get(key), self.field(key)
            if raw is None or raw == {}:
                return False, None, where
        self.used.add(key)
        return True, forms.from_json(step, raw, where, g.players), where


    def more_powers(self) -> bool:
        listed = self.rec.phases[self.i].get("powers")
        return listed is not None and (not isinstance(listed, list) or self.powers < len(listed))

    def play_power(self, g: Game) -> Game:
        """The next day power the phase object lists (``powers``: ``[{"barber": 3}, …]``)."""
        listed = self.rec.phases[self.i]["powers"]
        if not isinstance(listed, list):
            raise RecordError(self.field("powers"), _POWERS_SHAPE + f", got {show(listed)}")
        where = self.field(f"powers[{self.powers}]")
        self.powers += 1
        p = _power(listed[self.powers - 1], where, g.players)
        try:
            return use_power(g, p)
        except RulesError as e:
            raise e.within(where) from None


_POWERS_SHAPE = 'expected a list of day powers such as [{"barber": 3}]'


def _power(raw: Any, where: str, players: int) -> village.Power:
    if not isinstance(raw, dict) or len(raw) != 1:
        raise RecordError(where, f"expected one day power and its seat, such as "
                                 f"{{\"barber\": 3}}, got {show(raw)}")
    (power, seat), = raw.items()
    if power not in village.DAY_POWERS:
        raise RecordError(where, f"unknown day power {show(power)} (one of "
                                 f"{', '.join(village.DAY_POWERS)})")
    return village.Power(power, forms.seat_of(seat, players, f"{where}.{power}"))


def _counting_on(stop, obj: dict) -> bool:
    """A democratic panic after a count without a majority, with neither another count nor
    the draw in the record: the table is still pointing (nothing chosen yet)."""
    return stop.step == "panic_votes" and not stop.required and obj.get("village_draw") is None


def replay(data: Any) -> Game:
    """Play a record through the rules; the game as it stands at the record's end. Raises
    :class:`RulesError` naming the place in the record and the reason."""
    rec = read_record(data)
    g = new_game(rec.seats, rec.thief_cards, rec.options, rec.buildings, rec.notes)
    r = _Replay(rec)
    while g.stop is not None:
        if len(g.phases) > r.i + 1 and not r.enter(g):
            return g  # a game in progress: the record stops here
        stop = g.stop
        if stop.step == "debate" and r.more_powers():
            g = r.play_power(g)
            continue
        if r.spy_now(g):  # seed 000's Espion wakes with this call
            g = r.play_spy(g)
        if stop.kind is Kind.NONE:
            g = apply(g)
            continue
        found, choice, where = r.next_choice(g)
        if not found and _counting_on(stop, rec.phases[r.i]) and r.i == len(rec.phases) - 1:
            r.check_used(g)
            return g  # in progress: the table points on, no count and no draw yet
        if not found and stop.required:
            if r.i == len(rec.phases) - 1:
                r.check_used(g, missing=cast.STEP[stop.step].record_key)
                return g  # in progress: waiting for this choice
            raise RecordError(where, f"missing: {MUST[stop.step]}")
        try:
            g = apply(g, choice)
        except RulesError as e:
            raise e.within(where) from None
    ended_at_dawn = not g.phase.is_night and g.today.get("moment") != "vote"
    if not ended_at_dawn:
        r.check_used(g)  # choices left after the game ended at a dawn are ignored
    if r.i < len(rec.phases) - 1:
        raise RecordError(f"phases[{r.i + 1}]", f"the game ended on {g.phase.label}: no phase "
                                                "may follow")
    return g


def replay_outcome(data: Any) -> dict:
    """The outcome of a parsed record: its phases, and the game as it stands at its end."""
    g = replay(data)
    return outcome(g, None if g.verdict else len(data.get("phases") or ()))


def replay_text(text: str, source: str = "record") -> dict:
    """The outcome object of ``onenight classic replay`` for a record's text."""
    try:
        return replay_outcome(jsontext.parse(text, source))
    except RecordError as e:
        if e.field:
            raise
        raise RecordError(source, e.reason) from None


# ---- writing ------------------------------------------------------------------------------------

def to_record(g: Game) -> dict:
    """The game as a ``thiercelieux-game/1`` record: the deal and every choice that had an
    effect, phase by phase (finished or not)."""
    phases: list[dict] = []
    by_label: dict[str, dict] = {}
    for label in g.phases:
        p = phase_of(label)
        by_label[label] = {p.kind: p.number}
        phases.append(by_label[label])
    for label, key, data in g.record:
        obj = by_label[label]
        if key in LIST_KEYS or key == "powers":
            obj.setdefault(key, []).append(data)
        else:
            obj[key] = data
    out: dict[str, Any] = {"format": FORMAT, "seats": list(g.dealt)}
    if "thief" in g.dealt:
        out["thief_cards"] = list(g.undealt)
    out["options"] = {"captain": g.options.captain,
                      "sisters_wake_again": g.options.sisters_wake_again}
    if g.options.vote != "classic":
        out["options"]["vote"] = g.options.vote
    if g.options.habitant_ragots:
        out["options"]["habitant_ragots"] = True
    out["phases"] = phases
    if village.played(g):
        out["buildings"] = list(village.buildings(g))
    if table_cards.notes(g) is not None:
        out["notes"] = [handwriting.note_json(n) for n in table_cards.notes(g)]
    return out


# ---- the outcome --------------------------------------------------------------------------------

def _death_json(g: Game, e: Entry) -> dict:
    d = g.death_told(e)
    out: dict[str, Any] = {"seat": e.seat, "cause": d.cause}
    if d.cause in ("hunter", "grief", "barber", "barber_fault"):
        out["by"] = d.by
    return out


def _phase_json(g: Game, label: str, entries: list[Entry]) -> dict:
    out: dict[str, Any] = {"phase": label}
    if label.startswith("night"):
        for e in entries:
            if e.kind == "saw":
                out["seer_saw"] = {"seat": e.seat, "role": e.role}
            if e.kind == "elected":
                out["captain"] = e.seat
        return out
    died = [e for e in entries if e.kind == "died"]
    ballots = [e for e in entries if e.kind == "ballots"
               and e.step in ("votes", "nomination_votes", "panic_votes")]
    out["dead"] = [_death_json(g, e) for e in died if e.step == "dawn"]
    out["growl"] = None if label == "day 0" else any(
        e.kind == "growl" and e.value for e in entries)
    out["captain"] = ballots[-1].value["captain"] if ballots else (
        g.captain if label == g.phase.label else None)
    eliminated = [e.seat for e in entries if e.kind == "eliminated"]
    out["eliminated"] = eliminated[-1] if eliminated else None
    out["dead_after_vote"] = [_death_json(g, e) for e in died if e.step == "votes"]
    by_day = [_death_json(g, e) for e in died if e.step == "powers"]
    if by_day:  # Le Village's barber: the deaths a day power set off, and their chains
        out["dead_by_day"] = by_day
    pardoned = [e.seat for e in entries if e.kind == "pardoned"]
    if pardoned:  # Le Village's lord: the condemned he pardoned
        out["pardoned"] = pardoned[-1]
    return out


def outcome(g: Game, phases: int | None = None) -> dict:
    """The object ``onenight classic replay`` prints (CLASSIC-RECORD.md's output), and beyond
    the contract: the rule that decided (``reason``) and each seat's card at the end. Only the
    first ``phases`` phases are listed when given (a record that stops between two phases:
    the walk stands at the next phase's first stop, where nothing has happened yet)."""
    v = g.verdict
    by_phase: dict[str, list[Entry]] = {}
    for e in g.log:
        by_phase.setdefault(e.phase, []).append(e)
    return {
        "phases": [_phase_json(g, label, by_phase.get(label, []))
                   for label in g.phases[:phases]],
        "lovers": list(g.lovers) if g.lovers else None,
        "charmed": sorted(g.charmed),
        "infected": g.infected,
        "captain": g.captain,
        "alive": list(g.living()),
        "sides": [sides.side(g, s) for s in range(g.players)],
        "ended": v.phase if v else None,
        "winning_side": v.side if v else None,
        "winners": list(v.winners) if v else [],
        "reason": v.reason if v else None,
        "cards": list(g.cards),
    }


__all__ = ["FORMAT", "Record", "read_record", "replay", "replay_outcome", "replay_text", "to_record", "outcome"]
