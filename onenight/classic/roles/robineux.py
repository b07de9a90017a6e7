"""The Québec booklet's Robineux (seed 002): "N'est pas un rôle au sens propre … c'est un autre
rôle qui sera temporairement subsitué par celui de Robineux. On est trop saoûl pour se
rappeler de son véritable rôle... ni de son camp." docs/rules-decisions-classic.md ("The
Robineux") gives each reading below with the booklet's words.

**His role.** As the first night opens, before any call, the table draws with its seeded
generator his side ("1 chance sur 2 d'appartenir au camp des lupins": ``robineux_side``, a
chance stop) and then his role among the Buveur roles of that side that he may hold
(``robineux_role``: :data:`POOL`, less a card of one copy a game that is already in the deck).
Both are choices of the record, so a replay draws nothing.

**Asleep.** Until his second night he holds the Robineux's card: none of his role's calls
wake him, the pack neither wakes nor knows him, and may devour him ("Avant d'être révélé, un
loup Robineux peut être dévoré par la meute"). For the wins he is on his drawn side already:
drawn a lupin, he wins and counts with the lupins, as the Belle Créatûre (a lupin outside the
pack, not yet a wolf the village must be rid of).

**His second night.** His call (``robineux``, the first of the usual round after the couple's
escape) shows him his role and takes his choice: *Gueule de bois* (``hangover``: the whole
village is told his role at once, and he is *épuisé* for the night) or *Sommeil réparateur*
(``sleep``: his role is told at the next dawn, and his night powers are doubled: the pack, a
wolf Robineux in it, names a second victim, ``robineux_pack``; the seer looks a second time,
``robineux_seer``; the Memére serves or pours again, ``robineux_memere``; the Fille de
Chamane protects a second home, ``robineux_paw``). From his
choice on he holds his role for good, with the states it starts with (the Loup Gris's
strength). The village is told his role, not who he is: the booklet's "le rôle du Robineux".
"""

from __future__ import annotations

from dataclasses import replace

from onenight.common.errors import IllegalChoice

from .. import sides, states, village
from ..model import PACK_AGAIN, Choice, Draw, Game, Kind, Seat, Side, Stop, Use
from ..order import order
from ..table import FIRST_NIGHT, SECOND_NIGHT, Step
from . import common, quebec_states, villagers
from .common import actor
from .quebec import MEMERE_CALL, MEMERE_SOUP, quebec_card

ROBINEUX = "robineux"
#: "Tous les rôles qui indiquent "Buveur" dans leur descriptif sont éligibles": the Buveur
#: roles of each side that the app plays and whose second night it can play doubled. The
#: booklet's other Buveurs wait (docs/characters.md says why): its Sorcière and Contrebandier
#: are not played; the Apothicaire and the Coureur des Bois pick their powers on a first night
#: he sleeps through, and what "en double" would be for one remedy "et un seul" a night or a
#: single trap the booklet does not say.
POOL = {"werewolves": ("werewolf", "grey_wolf"),
        "village": ("seer", "memere", "shamans_daughter", "violoneux")}
#: His two choices, as the booklet names them.
CHOICES = ("hangover", "sleep")
#: ``memo`` keys: the side and the role drawn for his card; (his choice, the night he made it);
#: his role told to the whole village.
SIDE = "robineux.side"
ROLE = "robineux.role"
CHOSEN = "robineux.chosen"
TOLD = "robineux.told"
#: The calls his doubled night adds, with the role whose call each doubles.
AGAIN = {"robineux_seer": "seer", "robineux_memere": "memere",
         "robineux_paw": "shamans_daughter", "robineux_pack": "werewolf"}


def pool(deck, side: str) -> tuple[str, ...]:
    """The roles he may be drawn on ``side`` with this deck (public): a card of one copy a game
    already in the deck is left out (no second Voyante)."""
    from .. import cast

    return tuple(c for c in POOL[side] if cast.CHARACTER[c].per_game != 1 or c not in deck)


def possible(deck) -> tuple[str, ...]:
    """Every role he may hold with this deck, both sides."""
    return tuple(c for side in POOL for c in pool(deck, side))


def _deck(g: Game) -> tuple[str, ...]:
    return g.dealt + g.undealt


def holder(g: Game) -> int | None:
    """The living player who holds the Robineux's card (not yet sober)."""
    return g.holder(ROBINEUX)


def drawn(g: Game) -> str | None:
    """The role drawn for his card."""
    return g.memo.get(ROLE)


def wins_with(g: Game, seat: int) -> str | None:
    """Drawn a lupin, he wins and counts with the lupins while he holds the Robineux's card."""
    return "werewolves" if g.memo.get(SIDE) == "werewolves" else None


def doubled(g: Game) -> int | None:
    """The seat of the Robineux who slept it off tonight, his powers doubled, or None."""
    chosen = g.memo.get(CHOSEN)
    if chosen is None or chosen[1] != "sleep" or chosen[2] != g.phase.number \
            or not g.phase.is_night or not g.alive(chosen[0]):
        return None
    return chosen[0]


# ---- the draws, as the first night opens ------------------------------------------------------

def _in_deck(g: Game) -> bool:
    return ROBINEUX in _deck(g)


def _side_options(g: Game, stop: Stop) -> list:
    return [Side(s) for s in ("village", "werewolves") if pool(_deck(g), s)]


def _draw_side(g: Game, stop: Stop, c: Choice | None) -> Game:
    if not isinstance(c, Side) or c not in _side_options(g, stop):
        raise IllegalChoice("side", "the Robineux's side is drawn: village or werewolves (a "
                                    "side with a role he may hold)")
    return common.remember(g, SIDE, c.side)


def _role_options(g: Game, stop: Stop) -> list:
    side = g.memo.get(SIDE)
    return [Draw(c) for c in pool(_deck(g), side)] if side else []


def _draw_role(g: Game, stop: Stop, c: Choice | None) -> Game:
    if not isinstance(c, Draw) or c not in _role_options(g, stop):
        raise IllegalChoice("card", "the Robineux's role is drawn among the Buveur roles of "
                                    "his side he may hold")
    return common.remember(g, ROLE, c.card)


#: Before the dusk, after the Habitants' ragots (40): nobody awake.
DRAW_ORDER = 42

# ---- his second night ---------------------------------------------------------------------------


def _shown(g: Game, stop: Stop) -> Game:
    """"Durant la deuxième nuit": he is shown, alone, the role he now remembers."""
    me = actor(stop)
    return g.tell((me,), ROBINEUX, "robineux_role", seat=me, role=drawn(g))


def _sober_up(g: Game, me: int) -> Game:
    """He holds his role from now on, with the states it starts with."""
    role = drawn(g)
    cards = list(g.cards)
    cards[me] = role
    return states.enter(g._with(cards=tuple(cards)), me, role, g.phase.number)


def _tell_village(g: Game, kind: str) -> Game:
    return common.remember(g, TOLD, True).tell(None, ROBINEUX, kind, role=drawn(g))


def _choose(g: Game, stop: Stop, c: Choice | None) -> Game:
    """"Gueule de Bois: Tout le village apprend immédiatement le rôle du Robineux, mais ce
    dernier devient épuisé pour la nuit"; "Sommeil Réparateur: On n'apprendra le rôle du
    Robineux que le lendemain. Par contre, il pourra exercer ses pouvoirs nocturnes en
    double"."""
    if not isinstance(c, Use) or c.power not in CHOICES or c.seat is not None:
        raise IllegalChoice("power", "the Robineux chooses hangover (Gueule de bois) or sleep "
                                     "(Sommeil réparateur)")
    me = actor(stop)
    g = common.remember(_sober_up(g, me), CHOSEN, (me, c.power, g.phase.number))
    if c.power == "hangover":
        return _tell_village(states.exhaust(g, me), "robineux_hangover")
    return g


def _morning(g: Game) -> Game:
    """"le lendemain": the dawn after his second night tells the village his role. A Robineux
    who made no choice that night (kept from his call) is sober all the same, his role told."""
    if g.phase.number < 2 or g.memo.get(TOLD) or drawn(g) is None:
        return g
    me = holder(g)
    if me is not None:
        g = _sober_up(g, me)
    elif g.memo.get(CHOSEN) is None:
        return g  # gone before he sobered up: nothing to tell
    return _tell_village(g, "robineux_revealed")


# ---- his powers doubled ---------------------------------------------------------------------------

def _second_look(g: Game) -> bool:
    me = doubled(g)
    return me is not None and g.cards[me] == "seer"


def _wolf_robineux(g: Game) -> bool:
    me = doubled(g)
    return me is not None and sides.wolfish(g, me) and me in sides.pack(g)


def _second_victims(g: Game, stop: Stop) -> list:
    first = g.tonight.get("victim")
    return [Seat(s) for s in g.living() if not sides.wolfish(g, s) and s != first
            and not village.innkeeper_immune(g, s) and not sides.absent(g, s)]


def _devour_again(g: Game, stop: Stop, c: Choice | None) -> Game:
    """"Si c'est un loup, la meute pourra faire une victime additionelle cette nuit-là": a
    second victim, bitten as the first (:func:`..deaths.pack_bites`)."""
    if c is None:
        return g
    s = common.offered_target(g, c, _second_victims(g, stop), "victim", "werewolves",
                              "seat {seat} cannot be the pack's second victim: a player who "
                              "is not one of theirs, other than the first")
    return common.tonight(g, PACK_AGAIN, s)


def _holds(card: str):
    """Whether tonight's doubled Robineux holds ``card``."""
    def test(g: Game) -> bool:
        me = doubled(g)
        return me is not None and g.cards[me] == card
    return test


def _second_soup(g: Game) -> bool:
    return _holds("memere")(g) and MEMERE_SOUP.called(g)


def _second_paw(g: Game) -> bool:
    me = doubled(g)
    return me is not None and g.cards[me] == "shamans_daughter"


def _second_homes(g: Game, stop: Stop) -> list:
    """Another home than the one her Patte protects already tonight."""
    first = g.memo.get(quebec_states.PAW)
    tonight = first[0] if first is not None and first[1] == g.phase.number else None
    return [o for o in quebec_states.paw_options(g) if o.seat != tonight]


def _paw_again(g: Game, stop: Stop, c: Choice | None) -> Game:
    """The Fille de Chamane's Patte de Loup doubled: a second home protected tonight; the next
    night, neither may be protected again ("deux nuits de suite sur la même personne")."""
    if c is None:
        return g
    s = common.offered_target(g, c, _second_homes(g, stop), "protect", "shaman's daughter",
                              "seat {seat} is protected by her first paw tonight: the second "
                              "protects another home")
    g = common.remember(g, quebec_states.PAW_AGAIN, (s, g.phase.number))
    return states.protect(g, s)


_SEER_STEP = villagers.SEER.steps[0]

ROBINEUX_CARD = quebec_card(
    ROBINEUX, "Robineux", "Robineux", "ambiguous", wins_with=wins_with, at_dawn=_morning,
    steps=(Step("robineux_side", ("night",), DRAW_ORDER, FIRST_NIGHT, Kind.SIDE, role=ROBINEUX,
                key="side", called=_in_deck, wakes=lambda g: (), options=_side_options,
                act=_draw_side, required=lambda g: True, chance=True),
           Step("robineux_role", ("night",), DRAW_ORDER + 1, FIRST_NIGHT, Kind.DRAW,
                role=ROBINEUX, key="card", called=_in_deck, wakes=lambda g: (),
                options=_role_options, act=_draw_role, required=lambda g: True, chance=True),
           Step(ROBINEUX, ("night",), order(ROBINEUX), SECOND_NIGHT, Kind.POWER, role=ROBINEUX,
                key="power", called=lambda g: holder(g) is not None and drawn(g) is not None,
                brief=_shown, options=lambda g, stop: [Use(p) for p in CHOICES], act=_choose,
                required=lambda g: True, powers=CHOICES, powers_alone=CHOICES),
           # his doubled night: the seer's second look, as her own (him alone awake)
           replace(_SEER_STEP, id="robineux_seer", order=order("robineux_seer"),
                   when=SECOND_NIGHT, role=ROBINEUX, called=_second_look,
                   wakes=lambda g: (doubled(g),)),
           # the Memére's second call: its soup's draw first (nobody awake), then her call
           replace(MEMERE_SOUP, id="robineux_memere_soup", order=order("robineux_memere") - 5,
                   when=SECOND_NIGHT, role=ROBINEUX, called=_second_soup),
           replace(MEMERE_CALL, id="robineux_memere", order=order("robineux_memere"),
                   when=SECOND_NIGHT, role=ROBINEUX, called=_holds("memere"),
                   wakes=lambda g: (doubled(g),)),
           # the Fille de Chamane's second home
           Step("robineux_paw", ("night",), order("robineux_paw"), SECOND_NIGHT, Kind.SEAT,
                role=ROBINEUX, key="protect", called=_second_paw,
                wakes=lambda g: (doubled(g),), options=_second_homes, act=_paw_again),
           # the pack's second victim: the pack wakes again, as for its first
           Step("robineux_pack", ("night",), order("robineux_pack"), SECOND_NIGHT, Kind.SEAT,
                role=ROBINEUX, key="victim", called=_wolf_robineux, wakes=sides.pack,
                spent=states.pack_sick, options=_second_victims, act=_devour_again)))

CHARACTERS = (ROBINEUX_CARD,)

__all__ = ["ROBINEUX", "ROBINEUX_CARD", "CHARACTERS", "POOL", "CHOICES", "AGAIN", "SIDE", "ROLE",
           "CHOSEN", "TOLD", "pool", "possible", "holder", "drawn", "doubled", "wins_with"]
