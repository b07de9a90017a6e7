"""The Québec booklet's lasting states of a player (seed 002, its glossary): *Fait fort*,
*Protégé(e)*, *Absent(e)*, *Infecté(e)* as a state many players may be in, and the pack's
sickness (the Apothicaire's *Sérum Indigeste*, the Guenilloux). Each state is a value kept in
the game (``Game.memo`` for the lasting ones, ``Game.tonight`` for a night's), set by the
choices of the record and by the deal, so a recorded game replays them exactly; the rules
that read them are here, and the few places of the engine that apply them (the pack's wake,
the night's deaths) call these functions. The readings are in
docs/rules-decisions-classic.md (*The Québec states*).

- **Fait fort** (``strong``): "peut survivre à une attaque contre sa personne … Après avoir
  été utilisée, le joueur perd cette caractéristique". One death escaped, then spent: any
  night's attack, and by day a shot or a blade; not the village's vote (an expulsion, not an
  attack) nor a lover's grief.
- **Protégé(e)** (``protected``, for one night): the wolves cannot reach him ("la tentative
  est un échec et personne n'est éliminé"); a protected member of the pack "ne peut se
  joindre à celle-ci, et doit passer son tour".
- **Absent(e)** (``away``, for one night): the pack finds his house empty, and nobody dies.
  (The mage's vanished player, seed 000's, is :func:`.sides.absent`: out of the room.)
- **Infecté(e)** (``infected``): on the lupins' side whatever his card, and in the pack: he
  wakes with it from the night the state says. The accursed wolf-father's one infection
  (``Game.infected``, the classic rule) is read here too.
- **The pack's sickness** (``sick``): a player whose devouring sickens the pack (:data:`SERUM`)
  is eaten: the pack attacks nobody the next night, and a lone wolf dies of it at that dawn.

- **Épuisé(e)** (``exhausted``, for one night; the Violoneux's Gigue): "Un joueur dans cet
  état, si réveillé pour sa phase nocturne, va immédiatement retourner se coucher, sans
  pouvoir utiliser son pouvoir": every call of his after it fell that night is made for show,
  nobody woken, as an endormi dur's (a member of the pack does not wake with it: a pack all
  exhausted takes nobody) (:func:`asleep_tonight`).

The states the Bonhomme Sept-Heures puts on players:

- *Endormi(e) dur*: "Un joueur dont le rôle le fait normalement se réveiller durant la nuit,
  et qui tombe endormi dur, n'aura pas droit à sa phase habituelle" until the morning; "Les
  membres de la meute réagissent à cet effet comme s'ils étaient épuisés". The walk keeps
  him asleep at every call of that night after it fell (:func:`hard_asleep`).
- *Somnolent(e)*: "La somnolence n'a aucun impact négatif sur un joueur - mis à part le fait
  que chaque joueur somnolent rapproche le Bonhomme Sept-Heures de sa victoire"
  (:func:`somnolent`).
"""

from __future__ import annotations

from collections.abc import Iterable

from .model import Game

#: ``memo``: the seats that are *fait fort* now (sorted).
STRONG = "quebec.strong"
#: ``tonight``: the seats protected tonight.
PROTECTED = "quebec.protected"
#: ``tonight``: the seats away from home tonight.
AWAY = "quebec.away"
#: ``memo``: ((seat, night from which he wakes with the pack), …) of the infected players.
INFECTED = "quebec.infected"
#: ``memo``: the seats whose devouring makes the pack sick (sorted).
SERUM = "quebec.serum"
#: ``memo``: the night on which the pack is sick and attacks nobody.
SICK = "quebec.sick"
#: The causes that are the wolves' attacks: what a protected or absent player escapes.
WOLF_CAUSES = frozenset({"werewolves", "big_bad_wolf", "white_werewolf"})
#: The deaths *fait fort* does not escape: the village's vote, a lover's grief, a mistake of
#: one's own (Cassandra's misfire, the barber's fault, the Écureuil-Garou's).
NOT_ATTACKS = frozenset({"vote", "grief", "misfire", "barber_fault", "were_squirrel"})
#: The cards whose holder has no escape when the pack devours him (the Écornifleux: "ne
#: bénéficie d'aucune échappatoire (absent, fait fort, protégé, etc.) et mourra").
NO_ESCAPE = frozenset({"eavesdropper"})


def _seats(g: Game, memo_key: str) -> tuple[int, ...]:
    return tuple(g.memo.get(memo_key, ()))


def _add(g: Game, memo_key: str, seat: int) -> Game:
    return g._with(memo=g.memo.put(memo_key, tuple(sorted(set(_seats(g, memo_key)) | {seat}))))


#: The states a card may start with (``Character.starts``): its holder's devouring sickens
#: the pack (``serum``) for the Guenilloux.
STARTS = ("strong", "infected", "serum")


def at_deal(g: Game) -> Game:
    """The states the cards dealt start with: the Fier-à-Bras is *fait fort* ("Au début de la
    partie, reçoit le statut fait fort"), the Infecté Chronique infected, in the pack from
    the first night ("commence la partie en étant déjà infecté")."""
    from .cast import CHARACTER

    for seat, card in enumerate(g.cards):
        g = enter(g, seat, card, 1)
    return g


def enter(g: Game, seat: int, card: str, night: int) -> Game:
    """The states ``card`` starts with, given to ``seat`` entering the game with it before
    night ``night`` (the deal's; the Québec Flanc-Mou's, who takes a card in play)."""
    from .cast import CHARACTER

    starts = CHARACTER[card].starts
    if "strong" in starts:
        g = make_strong(g, seat)
    if "infected" in starts:
        g = infect(g, seat, night)
    if "serum" in starts:
        g = carry_serum(g, seat)
    return g


def seen_by_seer(g: Game, seat: int) -> str:
    """"Vu comme un Habitant par la Voyante": the card the seer is shown (the character's
    ``seen_as``: the Québec booklet's Habitant is the plain villager)."""
    from .cast import CHARACTER

    return CHARACTER[g.cards[seat]].seen_as or g.cards[seat]


# ---- fait fort ----------------------------------------------------------------------------------

def strong(g: Game, seat: int) -> bool:
    return seat in _seats(g, STRONG)


def make_strong(g: Game, seat: int) -> Game:
    """The seat is *fait fort* ("s'il ne l'était pas déjà": twice is once)."""
    return _add(g, STRONG, seat)


def spend_strong(g: Game, seat: int) -> Game:
    """The attack is survived and the state is gone; only the game master is told (the
    booklet tells nobody, and the dawn says only who died)."""
    left = tuple(s for s in _seats(g, STRONG) if s != seat)
    return g._with(memo=g.memo.put(STRONG, left)).tell((), "quebec", "strong_spent", seat=seat)


def shrugs_off(g: Game, seat: int, cause: str) -> bool:
    """Whether *fait fort* lets ``seat`` survive this death."""
    if cause in NOT_ATTACKS or not strong(g, seat):
        return False
    return not (cause == "werewolves" and no_escape(g, seat))


def no_escape(g: Game, seat: int) -> bool:
    return g.cards[seat] in NO_ESCAPE


# ---- protégé, absent: for one night -------------------------------------------------------------

def protected(g: Game, seat: int) -> bool:
    return seat in g.tonight.get(PROTECTED, ())


def protect(g: Game, seat: int) -> Game:
    return g._with(tonight=g.tonight.put(PROTECTED, tuple(sorted(
        set(g.tonight.get(PROTECTED, ())) | {seat}))))


def away(g: Game, seat: int) -> bool:
    return seat in g.tonight.get(AWAY, ())


def send_away(g: Game, seat: int) -> Game:
    return g._with(tonight=g.tonight.put(AWAY, tuple(sorted(
        set(g.tonight.get(AWAY, ())) | {seat}))))


def out_of_reach(g: Game, seat: int, cause: str) -> bool:
    """The wolves' attack on ``seat`` fails: protected, or not at home (never the
    Écornifleux, devoured by the pack)."""
    if cause not in WOLF_CAUSES:
        return False
    if cause == "werewolves" and no_escape(g, seat):
        return False
    return protected(g, seat) or away(g, seat)


# ---- infecté ------------------------------------------------------------------------------------

def infected(g: Game, seat: int) -> bool:
    """Infected: by the accursed wolf-father (the classic rule) or by a Québec state."""
    return g.infected == seat or any(s == seat for s, _n in g.memo.get(INFECTED, ()))


def infect(g: Game, seat: int, from_night: int) -> Game:
    """``seat`` is infected and wakes with the pack from night ``from_night`` (an infected
    player stays so: infected again changes nothing)."""
    if infected(g, seat):
        return g
    return g._with(memo=g.memo.put(INFECTED, g.memo.get(INFECTED, ()) + ((seat, from_night),)))


def pack_from(g: Game, seat: int) -> int | None:
    """The night from which an infected ``seat`` wakes with the pack (None: not infected)."""
    if g.infected == seat:
        return g.infected_night + 1
    for s, n in g.memo.get(INFECTED, ()):
        if s == seat:
            return n
    return None


# ---- the pack's sickness ------------------------------------------------------------------------

def sickens(g: Game, seat: int) -> bool:
    return seat in _seats(g, SERUM)


def carry_serum(g: Game, seat: int) -> Game:
    return _add(g, SERUM, seat)


def pack_sick(g: Game) -> bool:
    """The pack is sick tonight: it attacks nobody."""
    return g.phase.is_night and g.memo.get(SICK) == g.phase.number


def sicken(g: Game) -> Game:
    """The pack ate a player who sickens it: it attacks nobody the next night."""
    return g._with(memo=g.memo.put(SICK, g.phase.number + 1)).tell((), "quebec", "pack_sick")



# ---- épuisé (the Violoneux's Gigue) ----------------------------------------------------------

#: ``tonight``: the seats épuisés tonight.
EXHAUSTED = "quebec.exhausted"


def exhausted(g: Game, seat: int) -> bool:
    return seat in g.tonight.get(EXHAUSTED, ())


def exhaust(g: Game, seat: int) -> Game:
    return g._with(tonight=g.tonight.put(EXHAUSTED, tuple(sorted(
        set(g.tonight.get(EXHAUSTED, ())) | {seat}))))


#: ``memo``: (seat, day): the player the Violoneux's Gigue exhausted, who may not vote that day
#: ("il n'aura pas le droit de vote pour la journée").
NO_VOTE = "quebec.no_vote"


def kept_from_voting(g: Game, seat: int) -> bool:
    """``seat`` may cast no ballot today (the gigue of last night)."""
    return not g.phase.is_night and g.memo.get(NO_VOTE) == (seat, g.phase.number)


def asleep_tonight(g: Game, seat: int) -> bool:
    """The seat does not act at his calls for the rest of tonight: endormi dur, or épuisé."""
    return hard_asleep(g, seat) or exhausted(g, seat)


# ---- amant(e): the Québec booklet's couple (the Entremetteuse's) ------------------------------

#: ``memo``: the Québec couple (two seats, sorted), made by the Entremetteuse's philtre. The
#: base game's lovers (cupid's) are ``Game.lovers``, with their own booklet's rules.
AMANTS = "quebec.amants"


def amants(g: Game) -> tuple[int, int] | None:
    """The Québec couple, if the philtre took."""
    pair = g.memo.get(AMANTS)
    return tuple(pair) if pair else None


def amant_of(g: Game, seat: int) -> int | None:
    """``seat``'s partner in the Québec couple (None: not in it)."""
    pair = amants(g)
    if pair is None or seat not in pair:
        return None
    return pair[0] if pair[1] == seat else pair[1]


def couple_wins(g: Game, winners: Iterable[int]) -> tuple[int, ...]:
    """The winners as the glossary's *Amant(e)* has them: "ils doivent demeurer tous les deux
    en jeu pour gagner la partie", and "Si les amants sont en vie à la fin de la partie, et
    qu'au moins un des deux amants appartient au camp victorieux, les deux amants gagnent"."""
    out = set(winners)
    pair = amants(g)
    if pair is None:
        return tuple(sorted(out))
    if all(g.alive(s) for s in pair):
        if out & set(pair):
            out |= set(pair)
    else:
        out -= set(pair)
    return tuple(sorted(out))


# ---- endormi dur, somnolent (the Bonhomme Sept-Heures) ------------------------------------

#: ``tonight`` key: the seats endormis dur until the morning.
HARD_ASLEEP = "hard_asleep"
#: ``memo`` key: the somnolent seats.
SOMNOLENT = "somnolent"


def hard_asleep(g: Game, seat: int) -> bool:
    return seat in g.tonight.get(HARD_ASLEEP, ())


def somnolent(g: Game) -> frozenset[int]:
    return frozenset(g.memo.get(SOMNOLENT, ()))


def make_somnolent(g: Game, seats: Iterable[int]) -> Game:
    return g._with(memo=g.memo.put(SOMNOLENT, tuple(sorted(somnolent(g) | set(seats)))))


def put_to_sleep(g: Game, seats: Iterable[int]) -> Game:
    """The seats fall endormis dur until the morning, and somnolent."""
    seats = tuple(seats)
    asleep = tuple(sorted(set(g.tonight.get(HARD_ASLEEP, ())) | set(seats)))
    return make_somnolent(g._with(tonight=g.tonight.put(HARD_ASLEEP, asleep)), seats)


__all__ = ["STARTS", "at_deal", "STRONG", "PROTECTED", "AWAY", "INFECTED", "SERUM", "SICK", "WOLF_CAUSES",
           "NOT_ATTACKS", "NO_ESCAPE", "strong", "make_strong", "spend_strong", "shrugs_off",
           "no_escape", "protected", "protect", "away", "send_away", "out_of_reach",
           "infected", "infect", "pack_from", "sickens", "carry_serum", "pack_sick", "sicken",
           "EXHAUSTED", "exhausted", "exhaust", "asleep_tonight", "NO_VOTE",
           "kept_from_voting",
           "AMANTS", "amants", "amant_of", "couple_wins",
           "HARD_ASLEEP", "SOMNOLENT", "hard_asleep", "somnolent", "make_somnolent", "put_to_sleep"]
