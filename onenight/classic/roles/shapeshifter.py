"""Seed 000's Transformiste, as the booklet's variant plays him: "au début du jeu, le
Transformiste incarne toujours un Simple Villageois. Dès qu'un personnage est tué … la carte de
ce personnage est la première du tas du transformiste … Ce tas s'agrandit au fur et à mesure
que les joueurs décèdent".

**Held as.** The card a seat holds now is ``Game.cards``; his card as dealt stays
``Game.dealt`` ("shapeshifter"). At his call the game master draws a card from his pile (a
chance stop, with the app's generator) and that card becomes the one he holds until his next
call: every rule that reads a seat's card (the calls that wake their card's holder, the looks,
the sides and the win, the last act, the card shown at his death) reads the held one, with no
rule of its own. The pile's cards are those of dead characters, so the card's first holder is
dead: he is its only living holder. A per-game limit of the card he draws is lifted ("cette
limitation n'est pas appliquée au Transformiste"): the card's spent uses are forgotten as he
draws it (:data:`LIMITS`).
"""

from __future__ import annotations

from onenight.common.errors import IllegalChoice

from .. import cast, deaths
from ..model import Choice, Draw, Game, Kind, Memo, Stop
from ..order import order
from ..table import EVERY_NIGHT, FIRST_NIGHT, Step
from . import compendium, villagers
from .compendium import _plain

SHAPESHIFTER = "shapeshifter"
#: "à l'exception des cartes Loups-Garous et des cartes personnages suivantes : l'Ancien,
#: l'Assassin, l'Astrologue, le Capitaine, Cassandra …, le Chef de Meute, le Corbeau, Cupidon,
#: le Détective, l'Homme des Bois, l'Idiot du Village, le Joueur de Flûte, le Maire, Le Mauvais
#: Esprit, le Prêtre et le Voleur" (the captain and the mayor are no cards here; the idiot is
#: in no booklet we hold; both crows are left out: Le Village's and seed 000's).
EXCLUDED = frozenset({"elder", "assassin", "astrologer", "cassandra", "pack_leader", "crow",
                      "raven", "cupid", "detective", "woodsman", "pied_piper", "evil_spirit",
                      "priest", "thief", "mayor", SHAPESHIFTER,
                      # "vous pouvez décider d'en écarter": the pyromaniac, whose one fire
                      # is the burned home itself (no limit to lift)
                      "pyromaniac",
                      # and the Espion: his wakings are counted for his card's holder and end
                      # with his death (an Espion's button, not a call, would need a second)
                      "spy",
                      # and the Immortel and the Imposteur, whose powers are their holder's
                      # own death: held by him, drawn again night after night, a life each time
                      "immortal", "impostor"})
#: The per-game limits lifted when he draws a card: the memories of its spent uses.
LIMITS = {"witch": (villagers.HEAL_USED, villagers.POISON_USED), "fox": (villagers.FOX_LOST,),
          "magistrate": (compendium.GRANTED,), "tavern_keeper": (compendium.ROUNDS,),
          "diviner": (compendium.FORESEEN,), "hypnotist": (compendium.SPELLS,)}


def feeds_the_pile(card: str) -> bool:
    """Whether a dead character's card goes to his pile: not a werewolf's, not one the booklet
    leaves out, a character of the booklets he belongs with (seeds 000, 001, 003), dealt alone,
    not one that opens the game, and with a power beyond the first night."""
    ch = cast.CHARACTER[card]
    nights = [s for s in ch.steps if "night" in s.phases]
    return (card not in EXCLUDED and ch.camp != "werewolves" and ch.family != "werewolves"
            and ch.booklet != "002" and not ch.pair and ch.opening is None
            and (not nights or any(s.when is not FIRST_NIGHT for s in nights)))


def pile(shown_dead) -> tuple[str, ...]:
    """His pile, from the cards shown at the deaths announced so far (public), sorted."""
    return tuple(sorted(c for c in shown_dead if feeds_the_pile(c)))


def holder(g: Game) -> int | None:
    """His seat, while he lives."""
    return next((s for s, c in enumerate(g.dealt) if c == SHAPESHIFTER and g.alive(s)), None)


def _called(g: Game) -> bool:
    """"Dans le cas où toutes les cartes sont jouées en début de partie, le Transformiste ne
    se réveille pour la première fois que lors de la nuit qui suit la mort d'un personnage
    dont la carte peut … appartenir au tas": called once his pile holds a card."""
    return holder(g) is not None and bool(pile(deaths.shown_dead(g)))


def _draw_options(g: Game, stop: Stop) -> list:
    return [Draw(c) for c in pile(deaths.shown_dead(g))]


def _take_the_shape(g: Game, stop: Stop, c: Choice | None) -> Game:
    """The card drawn is the one he holds until his next call; its spent uses are forgotten."""
    if not isinstance(c, Draw) or c not in _draw_options(g, stop):
        raise IllegalChoice("card", "the Transformiste draws one of the cards of his pile (the "
                                    "dead characters' cards he may play)")
    me = holder(g)
    cards = list(g.cards)
    cards[me] = c.card
    spent = LIMITS.get(c.card, ())
    memo = Memo(tuple((k, v) for k, v in g.memo.items if k not in spent))
    return g._with(cards=tuple(cards), memo=memo)


def _shown(g: Game, stop: Stop) -> Game:
    """"prend connaissance du personnage qu'il incarnera pendant cette nuit et la prochaine
    journée": he is shown the card he now holds."""
    return g.tell(stop.woken, SHAPESHIFTER, "shape", seat=stop.woken[0],
                  role=g.cards[stop.woken[0]])


#: His call comes where seed 000's list puts it (before the sandman's); the draw is the app's,
#: right before it (a chance stop that wakes nobody).
SHAPESHIFTER_CARD = _plain(
    SHAPESHIFTER, "Transformiste", "Shapeshifter",
    steps=(Step("shapeshifter_draw", ("night",), order(SHAPESHIFTER) - 5, EVERY_NIGHT, Kind.DRAW,
                role=SHAPESHIFTER, key="card", called=_called, wakes=lambda g: (),
                options=_draw_options, act=_take_the_shape, required=lambda g: True,
                chance=True),
           Step(SHAPESHIFTER, ("night",), order(SHAPESHIFTER), EVERY_NIGHT, Kind.NONE,
                role=SHAPESHIFTER, called=_called,
                wakes=lambda g: tuple(s for s in (holder(g),) if s is not None),
                brief=_shown)))

CHARACTERS = (SHAPESHIFTER_CARD,)

__all__ = ["SHAPESHIFTER_CARD", "CHARACTERS", "EXCLUDED", "LIMITS", "feeds_the_pile", "pile",
           "holder"]
