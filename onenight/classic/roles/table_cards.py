"""Seed 000's characters whose powers play on the table itself rather than on the cards: the
Maire, who hands out *cartes de caractère* (ways of behaving the players keep all game) before
the preparation round; the Espion, who wakes with another character's call and shows himself
to it (a fact the table counts, with no effect on the rules); the Graphologue, who is shown
each night one of the notes the players wrote by hand before the game. Each is one entry, with its rules from the booklet; docs/characters.md
says where the table shows them, docs/rules-decisions-classic.md how the booklet is read."""

from __future__ import annotations

import itertools

from onenight.common.errors import DeckError, IllegalChoice

from .. import cast, handwriting
from ..model import Arrangements, Choice, Game, Kind, Pick, Seat, Stop
from ..order import order
from ..table import EVERY_NIGHT, FIRST_NIGHT, Character, Step
from . import common
from .common import actor

_ONE = (("new_characters", 1),)


# ---- the Maire: character cards given before the preparation round -----------------------------

#: The *cartes de caractère* the app's pile holds (the booklet's, but two: its "La Prostituée",
#: who undresses, and its "L'Efféminé", who mocks a sex: docs/rules-decisions-classic.md, "The
#: Maire"). Names and one line each: ``classic.trait.<id>`` and ``classic.trait_line.<id>``.
TRAITS = ("blind", "laid_back", "slangster", "bard", "stammerer", "toff", "joker",
          "foreigner", "madman", "drunkard", "mute", "gambler", "coward", "devout", "snorer",
          "charmer", "athlete", "fusspot", "old_timer")
#: ``memo`` key: the cards the table drew for the Maire, in the order he drew them.
DRAWN = "mayor.drawn"
#: ``memo`` key: ((seat, trait), …), the cards given, in the order given; public from the
#: first dawn, kept all game ("Pendant toute la durée de la partie").
GIVEN = "mayor.given"


def mayor_hand(g: Game) -> int:
    """"Le Maire distribuera le même nombre de carte de caractère que de carte Loup-Garou en
    jeu (le Chef de Meute compte comme une carte Loup-Garou)": the werewolf cards dealt; at
    most one per living player ("n'a pas le droit d'attribuer deux cartes … à un même
    joueur") and the pile's size."""
    return min(common.werewolf_cards(g.dealt), len(g.living()), len(TRAITS))


def _draw(g: Game, stop: Stop, c: Choice | None) -> Game:
    if not isinstance(c, Pick) or len(c.powers) != mayor_hand(g) \
            or len(set(c.powers)) != len(c.powers) or not set(c.powers) <= set(TRAITS):
        raise IllegalChoice("cards", f"the table draws {mayor_hand(g)} different character "
                                     f"cards among {', '.join(TRAITS)}")
    return common.remember(g, DRAWN, tuple(c.powers))


def _show_hand(g: Game, stop: Stop) -> Game:
    """The Maire is shown the cards drawn, in order: he names a player for each."""
    return g.tell(stop.woken, "mayor", "mayor_cards", value=g.memo.get(DRAWN, ()))


def _give_options(g: Game, stop: Stop) -> Arrangements:
    """A different living player for each card drawn, in its order; himself allowed ("Le
    Maire peut s'auto-attribuer une carte de caractère")."""
    return Arrangements(g.living(), len(g.memo.get(DRAWN, ())))


def _give(g: Game, stop: Stop, c: Choice | None) -> Game:
    drawn = g.memo.get(DRAWN, ())
    seats = common.living_targets(g, c, "targets", "mayor", len(drawn))
    return common.remember(g, GIVEN, tuple(zip(seats, drawn)))


def given(g: Game) -> tuple[tuple[int, str], ...]:
    """The character cards the Maire gave, (seat, trait) in the order given: public once the
    first dawn has told them (an empty tuple before, and in a game without a Maire)."""
    return g.memo.get(GIVEN, ()) if any(e.kind == "trait" for e in g.log) else ()


def _tell_traits(g: Game) -> Game:
    """At the first dawn, before the day: everyone is told which card went to whom (the
    booklet's "Réveil du Village" after the Maire's round, read at the first dawn)."""
    if not g.memo.get(GIVEN) or any(e.kind == "trait" for e in g.log):
        return g
    for s, trait in g.memo.get(GIVEN):
        g = g.tell(None, "mayor", "trait", seat=s, value=trait)
    return g


def _handed(g: Game) -> bool:
    """The character cards were handed out: once a game, "avant même le tour de préparation"
    (the Québec Flanc-Mou who enters the game with the Maire's card has nothing to hand out:
    his round is called for show)."""
    return g.memo.get(GIVEN) is not None


MAYOR = Character(
    "mayor", "Maire", "Mayor", "villagers", "village", _ONE, booklet="000", at_dawn=_tell_traits,
    steps=(Step("mayor_cards", ("night",), order("mayor") - 5, FIRST_NIGHT, Kind.POWERS,
                role="mayor", key="cards", wakes=lambda g: (), powers=TRAITS,
                options=lambda g, stop: [Pick(p) for p in itertools.combinations(
                    TRAITS, mayor_hand(g))] if mayor_hand(g) else [],
                spent=lambda g: mayor_hand(g) == 0 or _handed(g), act=_draw,
                required=lambda g: True,
                chance=True),
           Step("mayor", ("night",), order("mayor"), FIRST_NIGHT, Kind.SEATS, role="mayor",
                key="targets", brief=_show_hand,
                spent=lambda g: not g.memo.get(DRAWN) or _handed(g),
                options=_give_options, act=_give, required=lambda g: True)))



# ---- the Espion: three times a game, at most once a night, awake with another's call ------------

#: "L'Espion peut utiliser son pouvoir trois fois dans la partie mais au maximum une fois par nuit."
SPY_USES = 3
#: ``memo`` key: ((night, step), …), each call he woke with.
SPIED = "spy.uses"
#: The record's key (a night's object): ``{"with": step}``, the call he woke with that night.
SPY_KEY = "spy"
#: The calls he may not wake with: the pack's ("à l'exception des Loups-Garous": any call of a
#: werewolf's card, the white werewolf's, the big bad wolf's…) and the crow's ("ne peut pas
#: utiliser son pouvoir pendant le tour du Corbeau": seed 000's crow, his die and his call).
NOT_WITH = frozenset({"werewolves", "crow", "crow_die"})


#: Why the Espion may not wake with a call, by code (the app's message is ``refused.spy.<code>``).
SPY_REASONS = {
    "by_day": "the spy wakes with a character called at night, not by day",
    "no_call": "nobody is called at this step: the spy wakes with a character's call",
    "werewolves": "the spy may not wake with the werewolves, nor during the crow's call",
    "no_spy": "no spy in this game",
    "no_one": "this call wakes nobody: the spy has nobody to show himself to",
    "dead": "the spy is dead",
    "tonight": "the spy has woken once tonight already: at most once a night",
    "spent": f"the spy has woken {SPY_USES} times already: three times a game",
}


def spy_call(step: str) -> str | None:
    """Why no Espion may ever wake with the night's call ``step`` (None: he may), as a code of
    :data:`SPY_REASONS`: public, from the cast's table alone (the night screen offers him only
    such calls)."""
    st = cast.STEP.get(step)
    if st is None or "night" not in st.phases or st.role is None or st.chance:
        return "no_call"
    if step in NOT_WITH or cast.CHARACTER[st.role].camp == "werewolves":
        return "werewolves"
    return None


def spy_refusal(g: Game, step: str) -> str | None:
    """Why the Espion may not wake with the call ``step`` now (None: he may), as a code of
    :data:`SPY_REASONS`. Only what the table knows is asked: the deck, tonight's call, his
    uses, and his death once announced."""
    if not g.phase.is_night:
        return "by_day"
    why = spy_call(step)
    if why is not None:
        return why
    if "spy" not in g.dealt + g.undealt:
        return "no_spy"
    if g.stop is None or g.stop.step != step or not g.stop.woken:
        return "no_one"  # (a card nobody holds: the spy who woke would see nobody)
    if "spy" in g.cards and not g.holders("spy"):  # (a night's dead die at its dawn)
        return "dead"
    used = g.memo.get(SPIED, ())
    if any(n == g.phase.number for n, _ in used):
        return "tonight"
    if len(used) >= SPY_USES:
        return "spent"
    return None


def spy_joins(g: Game, step: str) -> Game:
    """The Espion wakes with the call ``step`` tonight and shows himself to its character and
    to the game master: counted, recorded, told to nobody else (no effect on the rules)."""
    why = spy_refusal(g, step)
    if why is not None:
        raise IllegalChoice(SPY_KEY, SPY_REASONS[why])
    g = common.remember(g, SPIED, g.memo.get(SPIED, ()) + ((g.phase.number, step),))
    g = g._with(record=g.record + ((g.phase.label, SPY_KEY, {"with": step}),))
    return g.tell((), "spy", "spy_joined", value=step)


#: No step of his own: the app takes his wakings at the calls he joins (``spy_joins``).
SPY = Character("spy", "Espion", "Spy", "villagers", "village", _ONE, booklet="000")



# ---- the Graphologue: one of the players' handwritten notes each night --------------------------

GRAPHOLOGIST = "graphologist"
#: ``memo`` key: each seat's note as written before the game ("chacun écrit en secret le nom de
#: son personnage"), a :data:`..handwriting.Note` per seat.
NOTES = "graphologist.notes"
#: ``memo`` key: the seats whose note he has been shown, in the order drawn ("le Meneur de Jeu
#: jette cet indice": never drawn again).
SHOWN = "graphologist.shown"
#: ``tonight`` key: the seat whose note was drawn tonight.
DRAWN_NOTE = "graphologist.drawn"


def in_deck(seats: tuple[str, ...]) -> bool:
    """The players write their notes in every game whose deck holds the Graphologue (dealt or
    among the thief's two), so that the round tells nothing of who holds him."""
    return GRAPHOLOGIST in seats


def write_notes(g: Game, notes) -> Game:
    """The game with each seat's note kept (``notes``: one per seat, checked), needed exactly
    when the deck holds the Graphologue."""
    if not in_deck(g.dealt + g.undealt):
        if notes is not None:
            raise DeckError("notes", "no graphologist in the deck: the players write no notes")
        return g
    if notes is None:
        raise DeckError("notes", "missing: a graphologist is in the deck, so each player's "
                                 "handwritten note is needed")
    if not isinstance(notes, (list, tuple)) or len(notes) != g.players:
        raise DeckError("notes", f"one note per player: {g.players} expected")
    kept = tuple(handwriting.read_note([list(x) for x in n] if isinstance(n, (list, tuple))
                                       else n, f"notes[{i}]", DeckError)
                 for i, n in enumerate(notes))
    return common.remember(g, NOTES, kept)


def notes(g: Game) -> tuple | None:
    """Each seat's note as written (None: none were written)."""
    return g.memo.get(NOTES)


def pile(g: Game) -> tuple[int, ...]:
    """The seats whose note is still in the pile: not yet shown (his own among them: "le
    Graphologue écrit le nom de son personnage … comme tous les autres joueurs")."""
    shown = set(g.memo.get(SHOWN, ()))
    return tuple(s for s in range(len(notes(g) or ())) if s not in shown)


def _draw_note(g: Game, stop: Stop, c: Choice | None) -> Game:
    if not isinstance(c, Seat) or c.seat not in pile(g):
        raise IllegalChoice("note", "the note is drawn from the pile: a player whose note "
                                    "has not been shown yet")
    g = common.remember(g, SHOWN, g.memo.get(SHOWN, ()) + (c.seat,))
    return common.tonight(g, DRAWN_NOTE, c.seat)


def _show_note(g: Game, stop: Stop) -> Game:
    """He is shown tonight's note: its strokes alone (no seat, no order: the log's entry
    holds the note and nothing else)."""
    seat = g.tonight.get(DRAWN_NOTE)
    if seat is None:
        return g
    return g.tell(stop.woken, GRAPHOLOGIST, "note", value=notes(g)[seat])


GRAPHOLOGIST_CHARACTER = Character(
    GRAPHOLOGIST, "Graphologue", "Graphologist", "villagers", "village", _ONE, booklet="000",
    steps=(Step("graphologist_note", ("night",), order(GRAPHOLOGIST) - 5, EVERY_NIGHT, Kind.SEAT,
                role=GRAPHOLOGIST, key="note", wakes=lambda g: (),
                spent=lambda g: not pile(g),
                options=lambda g, stop: [Seat(s) for s in pile(g)],
                act=_draw_note, required=lambda g: bool(pile(g)), chance=True),
           Step(GRAPHOLOGIST, ("night",), order(GRAPHOLOGIST), EVERY_NIGHT, Kind.NONE,
                role=GRAPHOLOGIST, brief=_show_note,
                spent=lambda g: g.tonight.get(DRAWN_NOTE) is None)))

CHARACTERS = (MAYOR, SPY, GRAPHOLOGIST_CHARACTER)
