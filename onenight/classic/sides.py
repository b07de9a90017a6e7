"""Who is on which side (RULES-CLASSIC.md §1, §5, §7): the werewolves' side, the pack that
wakes at night, the village's lost powers, the goals of the loners, and each seat's side for
the win.

"The werewolves" are every player on the werewolves' side: the werewolf cards, an infected
player, a wild child whose model died, a wolf-hound who chose them (each character's entry
says how its camp changes).
"""

from __future__ import annotations

from . import cast, states
from .model import Death, Game

NIGHT_KILLS = ("werewolves", "big_bad_wolf", "witch", "vigilante", "trap", "silver_bullet",
               "hyde")  # what kills the angel in his first round


def camp(g: Game, seat: int) -> str:
    """``werewolves`` or ``village``: the side the seat plays on now (before love)."""
    if states.infected(g, seat):
        return "werewolves"
    ch = cast.CHARACTER[g.cards[seat]]
    return ch.camp_of(g, seat) if ch.camp_of else ch.camp


def wolfish(g: Game, seat: int) -> bool:
    """On the werewolves' side: never the werewolves' victim, a "yes" for the fox, a growl."""
    return camp(g, seat) == "werewolves"


def wolf(g: Game, seat: int) -> bool:
    """A wolf the village must be rid of, and whom its looks find (the fox, the bear): the
    werewolves' side, and the Québec booklet's Loup Solitaire outside the pack ("Est
    considéré comme un loup, mais il n'appartient pas au camp des lupins, ni à la meute")."""
    return wolfish(g, seat) or cast.CHARACTER[g.cards[seat]].lone_wolf


def pack(g: Game) -> tuple[int, ...]:
    """The living werewolves who wake together tonight. A card that became a werewolf's wakes
    at once; an infected player, or a wild child whose model died, from the next night. A
    protected member of the pack (the Québec booklet's *Protégé*) passes his turn tonight."""
    night = g.phase.number
    out = []
    for s in g.living():
        if not wolfish(g, s) or states.protected(g, s):
            continue
        infected_from = states.pack_from(g, s)
        if infected_from is not None:
            start = infected_from
        else:
            ch = cast.CHARACTER[g.cards[s]]
            start = ch.wakes_from(g, s) if ch.wakes_from else 0
        if night >= start:
            out.append(s)
    return tuple(out)


def a_wolf_died(g: Game) -> bool:
    return any(wolfish(g, d.seat) for d in g.deaths)


def powers_lost(g: Game) -> bool:
    """The village's powers are gone for good: a death that takes them (the elder's by the
    vote, the poison or the hunter's shot) has taken effect."""
    return any(d.cause in cast.CHARACTER[d.card].takes_powers for d in g.deaths)


def has_power(g: Game, seat: int) -> bool:
    """Whether the seat's card still has its power: the lost powers are the villagers' only
    (not the werewolves', the ambiguous' or the loners'), and not an infected player's."""
    if not powers_lost(g):
        return True
    return cast.CHARACTER[g.cards[seat]].family != "villagers" or wolfish(g, seat)


def angel_won_by(d: Death) -> bool:
    """A death of the angel card that wins the game for him: the day-0 vote, or the first
    night's werewolves, big bad wolf or poison (announced at the first dawn)."""
    if cast.CHARACTER[d.card].goal != "angel":
        return False
    return (d.day == 0 and d.cause == "vote") or (d.day == 1 and d.moment == "dawn"
                                                  and d.cause in NIGHT_KILLS)


def first_round(g: Game) -> bool:
    """Day 0 and the first night: the angel's round, up to the first dawn."""
    return g.phase.number == 0 or (g.phase.number == 1 and g.phase.is_night)


def lone_goal(g: Game, seat: int) -> str | None:
    """The goal of a loner who still plays for himself: given up in love, lost when infected
    (the pied piper becomes a plain werewolf), and the angel's ends with his first round."""
    ch = cast.CHARACTER[g.cards[seat]]
    if ch.goal is None or states.infected(g, seat):
        return None
    if g.lovers is not None and seat in g.lovers:
        return None
    if ch.goal == "angel":
        d = g.death_of(seat)
        return "angel" if (d is not None and angel_won_by(d)) or first_round(g) else None
    return ch.goal


#: The cards whose holder wins only alive: the Québec booklet's Guenilloux ("Doit absolument
#: demeurer en jeu jusqu'à la fin pour pouvoir gagner. (Pas de victoire posthume.)") and its
#: Grand-Talent-Pas-d'Adon ("On perd la partie s'il quitte le jeu avant son antagoniste. (Pas
#: de victoire posthume.)": gone before him or after, a dead Grand-Talent wins nothing).
ALIVE_TO_WIN = frozenset({"ragpicker", "grand_talent"})


#: The cards left out of the villagers-vs-lupins counts: the Québec Flanc-Mou's, while he
#: has not taken a side ("Ignoré lors des calculs villageois vs lupins").
UNCOUNTED = frozenset({"flanc_mou"})
#: Their side for the win, while they have not chosen one.
UNDECIDED = "undecided"


def counted(g: Game, seat: int) -> bool:
    """The seat counts in the villagers-vs-lupins counts (the win's, the lone wolf's)."""
    return g.cards[seat] not in UNCOUNTED


def loses_dead(g: Game, seat: int) -> bool:
    """The seat is dead and its card wins only alive: its side's win is not his."""
    return not g.alive(seat) and g.cards[seat] in ALIVE_TO_WIN


def mixed_lovers(g: Game) -> bool:
    """Lovers of different sides: one on the werewolves' side, the other not."""
    if g.lovers is None:
        return False
    a, b = g.lovers
    return wolfish(g, a) != wolfish(g, b)


def side(g: Game, seat: int) -> str:
    """The side a seat wins with: ``lovers`` (lovers of different sides), a loner's own goal,
    ``werewolves`` or ``village`` (``undecided``: the Québec Flanc-Mou who has not chosen,
    out of love). A loner in love plays for the lovers' side."""
    if g.lovers is not None and seat in g.lovers and mixed_lovers(g):
        return "lovers"
    if not counted(g, seat) and not (g.lovers is not None and seat in g.lovers):
        return UNDECIDED  # the Flanc-Mou who has not chosen: no side wins with him
    return lone_goal(g, seat) or ally_of(g, seat) or (
        "werewolves" if wolfish(g, seat) else "village")


def lupin(g: Game, seat: int) -> bool:
    """A *lupin* of the Québec booklet's glossary: "tous les joueurs qui souhaitent la
    victoire des loups … la meute mais aussi d'autres rôles: Sorcière, Belle Créatûre":
    the werewolves' side, and a card that wins with it outside the pack."""
    return wolfish(g, seat) or ally_of(g, seat) == "werewolves"


def ally_of(g: Game, seat: int) -> str | None:
    """The side a card plays against and wins with (the traitor, a villager who wins with the
    werewolves), while it keeps its power and its card's side."""
    ch = cast.CHARACTER[g.cards[seat]]
    if ch.wins_with is None or wolfish(g, seat) or not has_power(g, seat):
        return None
    return ch.wins_with(g, seat) if callable(ch.wins_with) else ch.wins_with


ENEMIES = "evil_spirit.enemies"  # the two players the evil spirit made enemies


def enemies_left(g: Game) -> tuple[int, ...]:
    """The evil spirit's two enemies when both are alive: at the end of the game "ils sont
    tous les deux éliminés", and win nothing."""
    pair = g.memo.get(ENEMIES)
    return tuple(pair) if pair is not None and all(g.alive(s) for s in pair) else ()


CONTRACT = "assassin.targets"  # the players the assassin named on the first night


def contract_done(g: Game, seat: int) -> bool:
    """Every player the assassin ``seat`` named is dead, however they died ("d'une façon ou
    d'une autre"), while he still plays for himself."""
    targets = g.memo.get(CONTRACT)
    return (bool(targets) and lone_goal(g, seat) == "assassin"
            and all(not g.alive(s) for s in targets))


DENOUNCED = "fanatic.won"  # the fanatic who named every werewolf as he was voted out

SILVER_HITS = "cassandra.hits"  # the werewolves Cassandra's silver bullets killed


def two_werewolves_shot(g: Game, seat: int) -> bool:
    """Cassandra ``seat`` has killed two werewolves with her gun ("Dès que Cassandra est
    parvenu à éliminer 2 Loups-Garous de cette façon, la Tueuse est déclarée vainqueur"),
    while she still plays for herself."""
    return lone_goal(g, seat) == "cassandra" and g.memo.get(SILVER_HITS, 0) >= 2


BANISHED = "mage.banished"  # (the seat, the night) the mage made disappear


def vanished(g: Game, seat: int) -> bool:
    """The mage made ``seat`` disappear: out of the room from his call to the next night's
    dusk ("qu'au début de la prochaine nuit, juste avant l'endormissement du Village")."""
    gone = g.memo.get(BANISHED)
    return gone is not None and gone[0] == seat and g.phase.number == gone[1]


CANOE = "coureur.canoe"  # the Québec Coureur des Bois who went off in his canoe


def out_of_play(g: Game, seat: int) -> bool:
    """The Québec booklet's *Hors jeu* ("temporairement retiré du village. Il/Elle ne pourra
    pas non plus utiliser ses pouvoirs"): the Coureur des Bois's Canoë, "durant les deux
    premières nuits", from his pick on the first night to the second night's end (the first
    day included: "on ne peut pas voter, ni recevoir de vote")."""
    return g.memo.get(CANOE) == seat and (
        g.phase.number == 1 or (g.phase.number == 2 and g.phase.is_night))


def absent(g: Game, seat: int) -> bool:
    """``seat`` is not in play now: the mage made him disappear, or he is *hors jeu*. He
    wakes for no call, votes in no vote, and no character, vote or bite may name him."""
    return vanished(g, seat) or out_of_play(g, seat)


def why_absent(g: Game, seat: int) -> str:
    """Why an absent ``seat`` is not in play, for an error's message."""
    return ("is out of play until the second night is over (hors jeu: the Coureur des "
            "Bois's canoe)" if out_of_play(g, seat) else
            "has disappeared until tonight (the mage)")


def present(g: Game) -> tuple[int, ...]:
    """The living players in the room: the voters of a vote (not the mage's vanished one)."""
    return tuple(s for s in g.living() if not absent(g, s))


MASTER = "dog_wolf.master"  # the Québec Chien-Garou's spiritual master


STUBBORN = "tete_de_cochon.first"  # the player the Québec Tête-de-Co'hon first voted against


def barred_ballot(g: Game, voter: int, target: int) -> bool:
    """``voter`` may not vote to put ``target`` out: the Chien-Garou's master, while the
    Chien-Garou plays ("On ne peut pas voter pour l'expulsion de notre maître"); anybody but
    the Tête-de-Co'hon's first choice while that player is in the game ("on ne peut plus voter
    pour quelqu'un d'autre, tant que le premier joueur demeure en jeu")."""
    if g.cards[voter] == "tete_de_cochon":
        first = g.memo.get(STUBBORN)
        if first is not None and g.alive(first) and target != first:
            return True
    return (g.memo.get(MASTER) == target and g.cards[voter] == "dog_wolf"
            and g.alive(target))


def stubborn_ballot(g: Game, ballots: tuple) -> Game:
    """After a vote to put a player out, the Tête-de-Co'hon who named one there is bound to
    him, unless he is already bound to a player still in the game."""
    for voter, target in enumerate(ballots):
        if target is None or g.cards[voter] != "tete_de_cochon":
            continue
        first = g.memo.get(STUBBORN)
        if first is None or not g.alive(first):
            g = g._with(memo=g.memo.put(STUBBORN, target))
    return g
