"""The merged call order of the night: one order for every character that the booklets' lists
call (seed 001's "Rappel des tours de jeu", seed 003's "Ordre d'appel des personnages", seed
000's p. 24 "Rappel des tours de jeu"), with the conditions those lists carry, as data.

Each :class:`Call` is one waking the game master calls, in the order of :data:`NIGHT_CALLS`.
The cast's steps take their place in the night from it (:func:`order`), so a deck that mixes
characters of several booklets is called in this one order. A call whose character the cast
does not play yet stays in the table with its place and its condition (docs/characters.md says
why it is not played); a call the app does not need says so in ``skipped``.

Where the lists disagree, they are merged so that each list's own order is kept:

- seed 000's Maire's round (its "Tour du Maire", first night only) comes first, then the
  preparation round (first night only), then the usual round, as in seed 000;
  seed 001's rescuer (Nouvelle Lune's, in its preparation round) takes seed 000's place, every
  night before the trapper;
- Best Of's first-night wakings (the sisters, the wild child, the wolf-hound) close the
  preparation round, in RULES-CLASSIC.md §3's order (its step 4 to 6, before the seer);
- the werewolves' own steps after the pack (the white werewolf, the pyromaniac, the accursed
  wolf-father, the big bad wolf: seeds 001 and 003), then seed 000's other night killers
  (Cassandra, Dr Jekyll), all before the witch, who is shown their victims;
- seed 002 (the Québec booklet) gives no list: each of its calls takes the place its rule's
  words give it (the Fille de Chamane, who protects a home for the night, with the
  protectors before the pack; the Loup Gris after the pack's attack, with the pack's own
  steps);
- after the charmed players, seed 001's raven, then seed 000's late callers, the vigilante's
  second call last among the living, and seed 000's crow (a dead player) after him.

Two kinds of condition: ``when``, the calendar (the first night, even nights, every night),
public and decided before the night; and ``only_if``, the lists' conditions on what happened
("dès qu'un premier personnage a été tué par les Loups-Garous", "s'il n'y a eu aucun mort"),
which may depend on secrets: such a call is made every night its character could act, and its
power works only when the condition holds (it is called for show otherwise), so that a call
heard or not heard tells the table nothing (RULES-CLASSIC.md §3).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Call:
    """One call of the night, as the booklets' lists give it."""

    id: str  # the step's id (the cast's step, or the one a character not played yet would have)
    role: str | None  # the character called (None: the table's own stage, or a building's)
    lists: tuple[str, ...]  # the booklets' lists that name it: "001", "003", "000" ("002":
    # none names it, its rule's words place it)
    when: str = "every_night"  # every_night, first_night, even_nights, from_night_2,
    # second_night, from_night_3, third_night, flanc_mou_enters, solar_eclipse, moonless_night
    only_if: str = ""  # the lists' condition on what happened (see the module's docstring)
    skipped: str = ""  # why the app does not call it at all ("" : it is called)


#: Every call of the night, in the merged order.
NIGHT_CALLS: tuple[Call, ...] = (
    # the Québec booklet's Flanc-Mou: the village told he has chosen his side opens the night
    # he enters the game, before the first-night calls of the card he took
    Call("flanc_mou_enters", "flanc_mou", ("002",), "flanc_mou_enters"),
    # seed 000's Astrologue's eclipses, said to the whole table as the night they shape begins:
    # the night that follows at once a night whose day the sun's eclipse took away, and the
    # moonless night whose pack is not called
    Call("solar_eclipse", "astrologer", ("000",), "solar_eclipse"),
    Call("moonless_night", "astrologer", ("000",), "moonless_night"),
    # -- seed 000's "Tour du Maire", before the preparation round: his character cards ---------
    Call("mayor", "mayor", ("000",), "first_night"),
    # -- the preparation round: the first night only --------------------------------------------
    Call("thief", "thief", ("001", "000"), "first_night"),
    Call("priest", "priest", ("000",), "first_night"),
    Call("little_girl_sign", "little_girl", ("000",), "first_night",
         skipped="a sign to the game master, who must know her card: the app knows every card"),
    Call("woodsman_sign", "woodsman", ("000",), "first_night",
         skipped="a sign to the game master, who must know his card: the app knows every card"),
    Call("pack_leader_sign", "pack_leader", ("000",), "first_night",
         skipped="a sign to the game master, who must know his card: the app knows every card"),
    Call("werewolves_sign", "werewolf", ("000",), "first_night",
         skipped="a sign to the game master, who must know their cards: the app knows every "
                 "card"),
    Call("cupid", "cupid", ("001", "003", "000"), "first_night"),
    Call("lovers", "cupid", ("001", "003", "000"), "first_night"),
    # the Québec booklet's Entremetteuse makes her couple as cupid his, right after his
    Call("entremetteuse", "entremetteuse", ("002",), "first_night"),
    Call("evil_spirit", "evil_spirit", ("000",), "first_night"),
    Call("enemies", "evil_spirit", ("000",), "first_night"),
    Call("assassin", "assassin", ("000",), "first_night"),
    Call("sisters", "sister", ("003",), "first_night"),
    Call("wild_child", "wild_child", ("003",), "first_night"),
    Call("wolf_hound", "wolf_hound", ("003",), "first_night"),
    # the Québec booklet's Chien-Garou chooses his master as the wild child his model
    Call("dog_wolf", "dog_wolf", ("002",), "first_night"),
    # and its characters dealt ragots on the first night are shown them, closing the round
    Call("tete_de_cochon", "tete_de_cochon", ("002",), "first_night"),
    Call("grand_talent", "grand_talent", ("002",), "first_night"),
    Call("bear_tamer", "bear_tamer", ("003",), "first_night",
         skipped="not a waking: the bear growls in the morning (RULES-CLASSIC.md §9)"),
    # -- the usual round: every night --------------------------------------------------------
    # the Québec booklet's couple first: where it sleeps decides who is away from home
    # tonight, and its escapade is not really of the night (its glossary's Endormi(e) dur)
    Call("amants", "entremetteuse", ("002",)),
    # the Québec booklet's Robineux, on the second night: he learns the role he holds and
    # chooses how he sobers up, before any call of the roles he may hold
    Call("robineux", "robineux", ("002",), "second_night"),
    # the Québec booklet's Bonhomme Sept-Heures first: his sleepers miss the night's calls
    Call("bonhomme", "bonhomme", ("002",), "from_night_2"),
    # seed 002 (Québec): its Violoneux opens the usual round too (from the third night): his
    # gigue tires a player before that player's call, his rigodon de nuit skips the rest
    Call("violoneux", "violoneux", ("002",), "from_night_3"),
    Call("vigilante_before", "vigilante", ("000",), "from_night_2",
         only_if="no_death_last_day"),
    Call("shapeshifter", "shapeshifter", ("000",)),
    Call("sandman", "sandman", ("000",)),
    Call("mage", "mage", ("000",)),
    Call("dream_reader", "dream_reader", ("000",)),
    Call("apprentice_seer", "apprentice_seer", ("000",)),
    Call("seer", "seer", ("001", "003", "000")),
    # the Robineux who slept it off as the seer looks a second time, right after her call
    Call("robineux_seer", "robineux", ("002",), "second_night"),
    # the Québec booklet's Memére learns of another as the seer does, right after her
    Call("memere", "memere", ("002",)),
    # the Robineux who slept it off as her serves a second soup or pours a second tea
    Call("robineux_memere", "robineux", ("002",), "second_night"),
    # and the Ramancheux's eye on a candidate the vote spared, after them too (from night 2)
    Call("ramancheux", "ramancheux", ("002",), "from_night_2"),
    # and the Flanc-Mou's pick, whose card he learns as the seer would, on the third night
    Call("flanc_mou", "flanc_mou", ("002",), "third_night"),
    # and the Belle Créatûre's seduction, whose result is what the seer or the Flanc-Mou learned
    Call("belle_creature", "belle_creature", ("002",), "from_night_2"),
    Call("mathematician", "mathematician", ("000",)),
    # seed 000's Graphologue, whom its list leaves out: his rule calls him "chaque nuit", to
    # be shown a note written before the game; with the seers, before the night's attacks
    Call("graphologist", "graphologist", ("000",)),
    Call("night_owl", "night_owl", ("000",)),
    Call("rescuer", "rescuer", ("001", "000")),
    Call("trapper", "trapper", ("000",), only_if="after_a_werewolves_kill"),
    # seed 002 (Québec): its Fille de Chamane protects a home for the night, before the pack
    Call("shamans_daughter", "shamans_daughter", ("002",)),
    # the Robineux who slept it off as her protects a second home, right after her call
    Call("robineux_paw", "robineux", ("002",), "second_night"),
    # and its Apothicaire, whose remedies (a protection, the pack's forced victim) change the
    # pack's night: with the protectors too; on the first night she first picks two of them
    # the Coureur des Bois's first night's pick (his trap, his blunderbuss or his canoe) comes
    # before the remedies and the diviner's foretelling, which could name the pack's victim
    # before his canoe took him out of play
    Call("coureur_powers", "coureur", ("002",), "first_night"),
    Call("apothecary_powers", "apothecary", ("002",), "first_night"),
    Call("apothecary", "apothecary", ("002",)),
    Call("diviner", "diviner", ("000",)),
    # and its Coureur des Bois, whose trap waits for the pack: the last call before it (a wolf
    # caught "mourra au moment du réveil de la meute")
    Call("coureur", "coureur", ("002",)),
    Call("werewolves", "werewolf", ("001", "003", "000")),
    # the pack with a Robineux wolf who slept it off names "une victime additionelle"
    Call("robineux_pack", "robineux", ("002",), "second_night"),
    Call("baker", None, ("001",)),  # a building's (Le Village), not a card's: onenight.classic.village
    Call("white_werewolf", "white_werewolf", ("001", "003"), "even_nights"),
    # the Québec booklet (002) gives no order: its lone wolf sees the pack right after it
    Call("lone_wolf_pack", "lone_wolf", ("002",), "first_night"),
    Call("lone_wolf", "lone_wolf", ("002",), "even_nights"),
    Call("pyromaniac", "pyromaniac", ("001",)),
    Call("accursed_wolf_father", "accursed_wolf_father", ("003",)),
    Call("big_bad_wolf", "big_bad_wolf", ("003",)),
    # seed 002 (Québec) has no list: its Loup Gris wakes "après que la meute ait choisi sa
    # victime et que l'attaque s'est résolue normalement", among the pack's own steps
    Call("grey_wolf", "grey_wolf", ("002",)),
    Call("cassandra", "cassandra", ("000",)),
    Call("jekyll_hyde", "jekyll_hyde", ("000",)),
    Call("witch", "witch", ("001", "003", "000")),
    Call("fox", "fox", ("003",)),
    Call("pied_piper", "pied_piper", ("001", "003", "000")),
    Call("charmed", "pied_piper", ("001", "003", "000")),
    Call("raven", "raven", ("001",)),
    Call("astrologer", "astrologer", ("000",)),
    Call("hypnotist", "hypnotist", ("000",)),
    Call("fortune_teller", "fortune_teller", ("000",)),
    Call("master_of_fate", "master_of_fate", ("000",)),
    Call("magistrate", "magistrate", ("000",)),
    Call("tavern_keeper", "tavern_keeper", ("000",)),
    Call("vigilante_after", "vigilante", ("000",), only_if="no_death_tonight"),
    # seed 002 (Québec): its Écureuil-Garou names a player each night from the third, who
    # may be a wolf: with the late callers, after the night's attacks
    Call("were_squirrel", "were_squirrel", ("002",), "from_night_3"),
    Call("crow", "crow", ("000",), "from_night_2", only_if="died_last_phase"),
)

#: Each call's place: the step's ``order`` in the cast's table (the dusk is 50, before them).
ORDER: dict[str, int] = {c.id: 100 + 10 * i for i, c in enumerate(NIGHT_CALLS)}
CALL: dict[str, Call] = {c.id: c for c in NIGHT_CALLS}
assert len(CALL) == len(NIGHT_CALLS), "two calls share an id"


def order(step: str) -> int:
    """The place of the night step ``step`` in the merged order."""
    return ORDER[step]


__all__ = ["Call", "NIGHT_CALLS", "ORDER", "CALL", "order"]
