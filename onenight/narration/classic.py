"""The classic game's narration (*Les Loups-Garous de Thiercelieux*): what the game master
says at each call of the night and at each moment of the day, and the timed plan of a night.

The words are the line set ``lines/thiercelieux/<lang>.json`` (clips in
``assets/audio/thiercelieux/<lang>/``); the dawn's rooster and the bear's growl are sounds
(``assets/audio/sfx/``).

**A night's plan** (:func:`build_classic_night_plan`) is laid out from tonight's calls
(:func:`onenight.classic.calls.night_calls`: what the whole table knows), the deck (which
cards are in the game: public), the night's number and the pace: never from the deal, nor
from who acts, whose power is spent, or whether anybody holds a card. Each call is its wake
line (and what the deck adds: the little girl may spy), the players' time (a fixed time per
call, times the pace), and its closing line; a call whose woken only look at the tablet (the
lovers, the sisters, the charmed) gets a shorter look. The table flow closes each call on its
plan's end (:class:`onenight.game.classic_night.ClassicNight`), so the narrator and the calls
are one timeline on one clock.

**The day** is a few lines said one after the other (:func:`sequence_plan`): the dawn
(:func:`dawn_lines`), the election, the vote's result, a dying player's last decision, the
end; the debate is :class:`onenight.narration.runner.DebateRunner` with this set's lines
(:data:`DEBATE_LINES`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from onenight.classic import cast
from onenight.classic.model import Kind

from .errors import NarrationError
from .lines import CLASSIC
from .plan import NightPlan, lay_out
from .script import ACT, CLOSE, INFO, WAKE, Say
from .settings import NarrationSettings
from .voice import Clip, TextVoice, Voice, clip_duration, sound_path

LINES = CLASSIC

#: The players' time at each call (seconds, before the pace), long enough for a first game.
CALL_SECONDS: Mapping[str, float] = MappingProxyType({
    "dusk": 0,
    "thief": 14,  # two cards to read, and a choice
    "cupid": 14,  # two players to name
    "lovers": 8,  # look at the tablet
    "sisters": 8,
    "wild_child": 10,
    "wolf_hound": 8,
    "seer": 14,  # a choice, then the card to see
    "werewolves": 20,  # agree in silence
    "white_werewolf": 10,
    "accursed_wolf_father": 8,
    "big_bad_wolf": 10,
    "witch": 16,  # the victim, then two potions
    "fox": 12,
    "pied_piper": 12,
    "charmed": 8,
    # the wider cast (docs/characters.md)
    "vigilante_before": 10,
    "apprentice_seer": 14,  # a choice, then three cards to read
    "mathematician": 12,
    "night_owl": 10,
    "night_owl_seen": 8,  # look at the tablet
    "diviner": 10,
    "raven": 10,
    "baker": 8,  # Le Village's: his eyes open on the werewolves going home, nothing to choose
    "magistrate": 10,
    "vigilante_after": 10,
    "pyromaniac": 10,
    "evil_spirit": 12,
    "enemies": 8,
    "dream_reader": 10,
    "dream_reader_mime": 20,  # "après 20 secondes au maximum"
    "hypnotist": 14,  # two players to point at
    "hypnotized": 8,
    "priest": 12,  # a choice, then a card to read
    "assassin": 16,  # three players or more to point at
    "sandman": 10,
    "trapper": 10,
    "trapped": 10,  # the first devoured points at a werewolf (for show when nothing sprang)
    "mage": 10,
    "banished": 12,  # a player leaves the room
    "cassandra": 10,
    "crow": 14,  # the die's word and the players to read, then one to point at
    "jekyll_hyde": 14,  # the die's word to read, then perhaps a player to point at
    "tavern_keeper": 16,  # any number of players to point at
    "lone_wolf_pack": 8,  # the pack's names to read
    "lone_wolf": 10,
    "dog_wolf": 10,
    "memere": 12,  # the soup or a player to point at, then a line to read
    "tete_de_cochon": 12,  # two ragots to read
    "grand_talent": 12,  # a ragot and an antagonist to read
    "ramancheux": 10,  # one of yesterday's spared candidates, then a line to read
    "bonhomme": 12,  # two players to point at
    "grey_wolf": 8,  # the Québec booklet's: infect the pack's victim, or not
    "shamans_daughter": 10,
    "apothecary_powers": 16,  # two remedies of four to pick on the tablet
    "apothecary": 14,  # a remedy, then a player to point at
    "coureur_powers": 12,  # one power of three to pick on the tablet
    "coureur": 8,  # a player to point at
    "violoneux": 14,  # a tune, then a player to point at (none for the rigodon)
    "were_squirrel": 10,
    "flanc_mou": 14,  # a choice, then a card to read
    "flanc_mou_enters": 0,  # a line to the whole table, nobody wakes
    "entremetteuse": 14,  # two players to name
    "amants": 12,  # look at each other, then agree on a home by gestures
    "belle_creature": 14,  # a line to read, then a player to point at
    "astrologer": 8,  # a yes or a no
    "shapeshifter": 8,  # look at the tablet: the card he holds until his next call
    "solar_eclipse": 0,  # a line to the whole table, nobody wakes
    "moonless_night": 0,
    # seed 000's Maire: his character cards to read, then a player to point at for each
    "mayor": 20,
    # seed 000's Graphologue: a handwritten note to study on the tablet
    "graphologist": 12,
    # the Québec Robineux: his role to read, then one of two choices; his doubled night's
    # second look and the pack's second victim (for show unless he slept it off)
    "robineux": 14,
    "robineux_seer": 14,
    "robineux_paw": 10,
    "robineux_memere": 12,
    "robineux_pack": 14,
})
#: The calls that wake nobody: one line the whole table hears (the Flanc-Mou's side chosen;
#: the Astrologue's solar eclipse and moonless night, as the night they shape begins).
ANNOUNCEMENTS = frozenset({"flanc_mou_enters", "solar_eclipse", "moonless_night"})
#: The lines of the debate for :class:`~onenight.narration.runner.DebateRunner`.
DEBATE_LINES = ("debate.start", "debate.last_minute", "vote.countdown")
FIRST_DEBATE = "debate.first"  # the angel's day 0
ROOSTER, GROWL = "sfx:rooster", "sfx:growl"
#: The Québec Violoneux's reel, heard by the whole village: music, with howls or without.
REEL, REEL_HOWLS = "sfx:reel", "sfx:reel_howls"


def call_seconds(step: str, pace: float = 1.0) -> float:
    """The players' time at a call, at ``pace`` (1: the standard time)."""
    if step not in CALL_SECONDS:
        raise NarrationError("step", f"no call {step!r} in the classic night")
    return CALL_SECONDS[step] * pace


def call_script(step: str, deck: Iterable[str], night: int = 1,
                sisters_again: bool = False) -> tuple[Say, ...]:
    """The lines said at a call of night ``night`` in a game with these cards."""
    cards = frozenset(deck)
    if step == "dusk":
        return (Say("dusk.first" if night == 1 else "dusk.sleep", WAKE),)
    if step not in cast.STEP or step not in CALL_SECONDS:
        raise NarrationError("step", f"no call {step!r} in the classic night")
    if step in ANNOUNCEMENTS:
        return (Say(f"{step}.info", INFO),)
    out = [Say(f"{step}.wake", WAKE)]
    if step == "werewolves" and "little_girl" in cards:
        out.append(Say("werewolves.little_girl", INFO))
    if step == "lovers":
        out.append(Say("lovers.info", INFO))
    if step == "sisters" and sisters_again:
        out.append(Say("sisters.again", INFO))
    if cast.STEP[step].kind is not Kind.NONE:
        out.append(Say(f"{step}.act", ACT))
    out.append(Say(f"{step}.close", CLOSE))
    return tuple(out)


#: The Québec booklet's votes (the table's ``vote`` option): the intendant names, the hands
#: go up, a failed round, the vote against the intendant, the panic and its count, the draw.
QUEBEC_VOTE_LINES = ("vote.nominate", "vote.hands", "vote.failed", "vote.against_intendant",
                     "vote.panic", "vote.freeze", "vote.no_majority", "vote.village_draw")


def all_line_ids() -> frozenset[str]:
    """Every line id the classic narration can need: what its lines files must provide."""
    ids: set[str] = set()
    deck = set(cast.CHARACTER)
    for step in CALL_SECONDS:
        for night in (1, 2):
            for again in (False, True):
                ids.update(s.line for s in call_script(step, deck, night, again))
    ids.update(("dawn.wake", "dawn.nobody", "dawn.one", "dawn.many", "bear.growl", "grief",
                "hunter.shoot", "successor.name", "fanatic.accuse", "immortal.draw", "impostor.take",
                "election.start",
                "election.revote", "election.lots", "election.elected", FIRST_DEBATE, *DEBATE_LINES,
                "vote.tie_captain", "vote.revote", "vote.nobody", "vote.eliminated",
                *QUEBEC_VOTE_LINES, "dawn.lunar_eclipse"))
    ids.update(f"reveal.{c}" for c in cast.CHARACTER)
    ids.update(f"end.{side}" for side in END_SIDES)
    ids.update(f"village.{m}" for m in VILLAGE_LINES)
    return frozenset(ids)


END_SIDES = ("village", "werewolves", "lovers", "white_werewolf", "pied_piper", "angel",
             "nobody", "assassin", "cassandra", "fanatic", "wendigo", "lone_wolf",
             "bonhomme", "were_squirrel")


def classic_voice(settings: NarrationSettings) -> Voice:
    return Voice(settings.lang, settings.voice, lines=LINES)


def build_classic_night_plan(calls: Iterable[str], deck: Iterable[str], night: int,
                             settings: NarrationSettings | None = None, *, pace: float = 1.0,
                             sisters_again: bool = False,
                             voice: Voice | TextVoice | None = None,
                             closing: Iterable[str] = ()) -> NightPlan:
    """The timed plan of night ``night``: each of tonight's ``calls`` with its lines and its
    players' time (at ``pace``), over the ambience, then the ``closing`` lines (the table's
    dawn, for a night said with nobody to take the choices). Depends on the calls, the deck,
    the night's number, the pace and the voice only."""
    settings = settings or NarrationSettings()
    cards = tuple(deck)
    unknown = sorted({c for c in cards if c not in cast.CHARACTER}, key=str)
    if unknown:
        raise NarrationError("deck", "unknown card(s) " + ", ".join(map(repr, unknown)))
    if voice is None:
        voice = classic_voice(settings)
    plan_calls = [(step, call_script(step, cards, night, sisters_again),
                   call_seconds(step, pace)) for step in calls]
    return lay_out(voice, settings, (), plan_calls, closing)


class _Sounds:
    """A voice that also plays the sounds that are not words (``sfx:rooster``)."""

    def __init__(self, voice: Voice | TextVoice):
        self.voice = voice
        self.lang = voice.lang
        self.root = getattr(voice, "root", None)

    def clip(self, line: str) -> Clip:
        if line.startswith("sfx:"):
            name = line[4:]
            if self.root is None:  # a night shown as text: the sound is a short silence
                return Clip(line, None, 1.5, False)
            path = sound_path(name, self.root)
            return Clip(line, path, clip_duration(path), False)
        return self.voice.clip(line)

    def text(self, line: str) -> str:
        return "" if line.startswith("sfx:") else self.voice.text(line)


def sequence_plan(lines: Iterable[str], voice: Voice | TextVoice,
                  settings: NarrationSettings | None = None, step: str = "day") -> NightPlan:
    """Lines (and sounds: ``sfx:rooster``) said one after the other, for a moment of the day;
    played by a :class:`~onenight.narration.runner.NightRunner` like a night, with no
    ambience."""
    settings = settings or NarrationSettings(lang=voice.lang)
    says = [Say(line, INFO) for line in lines]
    return lay_out(_Sounds(voice), settings, (), [(step, says, 0.0)], (), ambience=False)


# ---- what the day says ------------------------------------------------------------------------

def dawn_lines(dead_cards: Iterable[str], growl: bool,
               reel: bool | None = None, eclipse: bool = False) -> tuple[str, ...]:
    """The dawn: the rooster, the village wakes (and, the night the Québec Violoneux played his
    reel, hears his music, with the wolves' howls when his group held one: the whole village
    hears it, at this fixed moment, so the call it was played at tells nothing), its dead one
    by one (each one's card), then the bear's growl when it growls (a morning without a growl
    says nothing of the bear). The morning of a day with no night before it (seed 000's
    Astrologue's lunar eclipse) says only that: no rooster, nobody died in no night."""
    dead = tuple(dead_cards)
    if eclipse:
        return ("dawn.lunar_eclipse",) + ((GROWL, "bear.growl") if growl else ())
    out = [ROOSTER, "dawn.wake"]
    if reel is not None:
        out += [REEL_HOWLS, "dawn.reel_howls"] if reel else [REEL, "dawn.reel"]
    if not dead:
        out.append("dawn.nobody")
    else:
        out.append("dawn.one" if len(dead) == 1 else "dawn.many")
        out.extend(f"reveal.{c}" for c in dead)
    if growl:
        out += [GROWL, "bear.growl"]
    return tuple(out)


def vote_lines(result: str, card: str | None = None) -> tuple[str, ...]:
    """A counted vote: ``eliminated`` (with the card shown), ``nobody``, ``tie`` with a
    captain (``tie_captain``) or without (``revote``); the election's ``elected``,
    ``election_tie``, ``lots``; the Québec votes' moments: ``nominate``, ``hands``,
    ``failed``, ``against_intendant``, ``panic``, ``freeze``, ``no_majority``, and ``drawn``
    (the lot's villager, with the card shown)."""
    if result == "eliminated":
        return ("vote.eliminated", f"reveal.{card}")
    if result == "drawn":
        return ("vote.village_draw", f"reveal.{card}")
    if f"vote.{result}" in QUEBEC_VOTE_LINES:
        return (f"vote.{result}",)
    return {"nobody": ("vote.nobody",), "tie_captain": ("vote.tie_captain",),
            "revote": ("vote.revote",), "elected": ("election.elected",),
            "election_tie": ("election.revote",), "lots": ("election.lots",),
            "election": ("election.start",)}[result]


def chain_lines(step: str) -> tuple[str, ...]:
    """A dying player's last decision: the hunter's shot, the captain's successor."""
    return {"hunter": ("hunter.shoot",), "successor": ("successor.name",),
            "fanatic": ("fanatic.accuse",), "immortal": ("immortal.draw",),
            "impostor": ("impostor.take",),
            "grief": ("grief",)}[step]


#: Le Village's moments the table hears (the buildings' screens): a decision asked for, a
#: day power used, the lord's pardon.
VILLAGE_LINES = ("bailiff", "teacher", "lord", "pardoned", "barber", "confessor", "bonesetter",
                 "lost_soul")  # (seed 000's lost soul answers as a day power does)


def village_lines(moment: str, dead_cards: Iterable[str] = ()) -> tuple[str, ...]:
    """Le Village: ``moment`` one of :data:`VILLAGE_LINES`; the barber's dead, each one's card
    (his victim, and himself when he shaved no werewolf)."""
    out = [f"village.{moment}"]
    out.extend(f"reveal.{c}" for c in dead_cards)
    return tuple(out)


def end_lines(side: str) -> tuple[str, ...]:
    return (f"end.{side}",)


__all__ = ["LINES", "CALL_SECONDS", "ANNOUNCEMENTS", "DEBATE_LINES", "FIRST_DEBATE", "ROOSTER", "GROWL",
           "REEL", "REEL_HOWLS",
           "END_SIDES", "call_seconds", "call_script", "all_line_ids", "classic_voice",
           "build_classic_night_plan", "sequence_plan", "dawn_lines", "vote_lines",
           "chain_lines", "end_lines", "VILLAGE_LINES", "village_lines"]
