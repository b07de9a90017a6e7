"""What the classic game's screens may show: one view-model per screen, built from the
controller, holding only what the table (or the one seat looking) may know.

Texts are codes with facts (:class:`Text`), turned into sentences by the app's translations
(``onenight/ui/i18n``: ``classic.*`` keys, and ``refused.*`` for refusals); card names come
from the cast's table, in both languages. Seats are numbers (0..n-1, as in the records); each
view carries the players' names.

- :func:`table_view`: the circle round the table, the dead greyed with their card shown.
- :func:`setup_view`, :func:`deal_view`, :func:`card_view` (one seat's card at the deal).
- :func:`night_view`: the call of the night, the same shape whoever is there.
- :func:`dawn_view`, :func:`chain_view`, :func:`election_view`, :func:`debate_view`,
  :func:`ballots_view`, :func:`tie_view`, :func:`end_view` (with the story of the game,
  :mod:`.classic_story`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from onenight.classic import cast, sides, village, walk
from onenight.classic.decks import PRESETS
from onenight.classic.model import ASLEEP, NO_DAY, NO_NIGHT, Arrangements, Entry, Kind, Seats
from onenight.classic.roles.compendium import GUESTS, TAVERN_MINUTES
from onenight.classic.roles import table_cards
from onenight.classic.roles.quebec import HABITANT_STEP
from onenight.common.notices import DeckCheck

from .classic_story import Chapter, story

if TYPE_CHECKING:
    from .classic_flow import ClassicController, TableOptions


@dataclass(frozen=True)
class Text:
    """A sentence as a translation key and its facts (seats as numbers, with their names)."""

    key: str
    facts: dict = field(default_factory=dict)


def _named(players, **facts: Any) -> dict:
    """Facts with the players' names added: ``seat`` gives ``name``, ``seats`` ``names``."""
    out = dict(facts)
    if isinstance(facts.get("seat"), int):
        out["name"] = players[facts["seat"]]
    if facts.get("seats") is not None:
        out["names"] = [players[s] for s in facts["seats"]]
    return out


def camp_colour(card: str) -> str:
    """The tile's colour of a card: ``village``, ``werewolf``, or ``solo`` (a goal of its own),
    as the emblems' manifest has them."""
    ch = cast.CHARACTER[card]
    if ch.goal is not None:
        return "solo"
    return "werewolf" if ch.camp == "werewolves" else "village"


@dataclass(frozen=True)
class CardView:
    """One card: its id (which is its emblem's), its names in both languages, its one-line
    reminder (a translation key), and its tile's colour."""

    card: str
    names: dict  # {"fr": ..., "en": ...}
    reminder: str  # classic.reminder.<card>
    colour: str  # village, werewolf, solo

    @property
    def emblem(self) -> str:
        return self.card


def card(card_id: str) -> CardView:
    ch = cast.CHARACTER[card_id]
    return CardView(card_id, {"fr": ch.fr, "en": ch.en}, f"classic.reminder.{card_id}",
                    camp_colour(card_id))


# ---- the circle -----------------------------------------------------------------------------

@dataclass(frozen=True)
class TableView:
    players: tuple[str, ...]
    alive: tuple[bool, ...]  # as the table knows it: deaths once announced
    shown: tuple[str | None, ...]  # the card shown at each announced death
    captain: int | None
    #: Le Village (public: the buildings are in view): each seat's building now (None: a
    #: Vagabond), and whether its token still lies on it; () when the buildings are not played
    homes: tuple[str | None, ...] = ()
    tokens: tuple[bool, ...] = ()


def _public(g) -> tuple[list[bool], list[str | None]]:
    alive, shown = [True] * g.players, [None] * g.players
    for e in g.log:
        if e.kind == "died" and e.to is None:
            alive[e.seat], shown[e.seat] = False, e.role
        elif e.kind in ("lives_on", "usurped"):  # seed 000's Immortel, Imposteur, shown dead
            who = e.seat if e.kind == "lives_on" else e.by  # (the Imposteur: ``by``)
            alive[who], shown[who] = True, None
    return alive, shown


def table_view(c: "ClassicController") -> TableView:
    s = c.state
    if s.game is None:
        n = len(s.players)
        return TableView(tuple(s.players), (True,) * n, (None,) * n, None)
    g = s.game
    alive, shown = _public(g)
    homes: tuple = ()
    tokens: tuple = ()
    if village.played(g):
        homes = village.homes(g)
        tokens = tuple(h is not None and village.unspent(g, i) for i, h in enumerate(homes))
    return TableView(tuple(s.players), tuple(alive), tuple(shown), g.captain, homes, tokens)


def ballot_voters(g) -> tuple[int, ...]:
    """The seats that cast a ballot at the vote waiting now: the living in the room, but for
    those Le Village keeps from it (the schoolteacher, whom she banned, the non-farmers at
    the farmers' election)."""
    step = g.stop.step if g.stop is not None else ""
    return tuple(i for i in sides.present(g) if not village.no_ballot(g, step, i))


# ---- setup and deal ---------------------------------------------------------------------------

@dataclass(frozen=True)
class SetupView:
    players: tuple[str, ...]
    presets: tuple[str, ...]  # the presets that fit the player count
    preset: str | None  # the one chosen, "custom", or None
    deck: tuple[str, ...]
    check: DeckCheck | None  # problems and warnings (classic.deck.<code>)
    options: "TableOptions"
    ready: bool
    #: Le Village: each seat's building as set (None: a Vagabond); None while not set
    houses: tuple[str | None, ...] | None = None


def setup_view(c: "ClassicController") -> SetupView:
    s = c.state
    n = len(s.players)
    check = c.deck_check()
    housed = not s.options.buildings or (s.houses is not None and len(s.houses) == n)
    return SetupView(tuple(s.players), tuple(p.id for p in PRESETS if n in p.players()),
                     s.preset, tuple(s.deck), check, s.options,
                     bool(s.deck) and check is not None and check.ok and housed,
                     None if s.houses is None else tuple(s.houses))


@dataclass(frozen=True)
class DealView:
    """The deal's progress: who has looked at their card (the tablet deals) or entered it
    (the table's own cards); never which card."""

    mode: str  # tablet or cards
    players: tuple[str, ...]
    done: tuple[bool, ...]
    choices: tuple[str, ...]  # the cards a player may enter (the deck's, once each)
    ready: bool


def deal_view(c: "ClassicController") -> DealView:
    s = c.state
    if s.phase == "ragots":  # the tablet goes round once more, for the Habitants' ragots
        return DealView("ragots", tuple(s.players), tuple(s.ragots_seen), (),
                        all(s.ragots_seen))
    if s.phase == "notes":  # the tablet goes round once more, for the Graphologue's notes
        return DealView("notes", tuple(s.players), tuple(n is not None for n in s.notes), (),
                        all(n is not None for n in s.notes))
    done = s.seen if s.deal_mode == "tablet" else [x is not None for x in s.entered]
    choices = tuple(dict.fromkeys(s.deck)) if s.deal_mode == "cards" else ()
    return DealView(s.deal_mode, tuple(s.players), tuple(done), choices, all(done))


@dataclass(frozen=True)
class SeatCard:
    """What one seat sees when it looks at its card at the deal."""

    seat: int
    name: str
    card: CardView


def card_view(c: "ClassicController", seat: int) -> SeatCard:
    """The card the tablet dealt to ``seat`` (the thief sees his two cards at night, not
    here): for that player's eyes, while the deal lasts."""
    s = c.state
    if s.phase != "deal" or s.deal_mode != "tablet":
        raise ValueError("a card is shown only during the tablet's deal")
    return SeatCard(seat, s.players[seat], card(s.seats[seat]))


@dataclass(frozen=True)
class SeatRagots:
    """What one seat sees when it takes the tablet in the Québec Habitants' round: its own
    card again, and its ragot (nothing: it has none, as every player but the Habitants)."""

    seat: int
    name: str
    card: CardView
    ragots: tuple[Learned, ...]


def ragots_view(c: "ClassicController", seat: int) -> SeatRagots:
    """The ragot ``seat`` received as the first night opened: for that player's eyes, while
    the round lasts."""
    s = c.state
    if s.phase != "ragots":
        raise ValueError("a ragot is shown only during the Habitants' round")
    g = s.game
    return SeatRagots(seat, s.players[seat], card(g.cards[seat]),
                      learned_of(g, s.players, "night 1", HABITANT_STEP, (seat,)))


# ---- the night ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Learned:
    """Something the woken learn at their call (``classic.learn.<kind>``)."""

    kind: str  # cards, took, lover, sisters, saw, pack, infected, victim, sniffed, charmed_all,
    # and the wider cast's: glimpsed, distance, night_owl, foretold, dreamed, enemy, hypnotized,
    # blessed, asleep, banished, rolled
    text: Text
    seats: tuple[int, ...] = ()  # the players it names, for the screen to show them large
    cards: tuple[str, ...] = ()  # the cards it shows
    note: tuple = ()  # a handwritten note it shows (seed 000's Graphologue's: strokes only)


@dataclass(frozen=True)
class NightView:
    """The call of the night being played, for the tablet in the middle. Its shape and its
    offers are the same whether a player acts, the power is spent, or nobody holds the card:
    the targets are every living player, the sides and the thief's two cards are offered as
    such; only what the woken learn (shown once they have it) differs."""

    night: int
    step: str  # classic.step.<step>
    index: int  # this call's place among tonight's
    calls: int  # how many calls tonight
    kind: str  # none, seat, seats, side, card, yes, potions
    most: int  # how many players to name at most (seats: 2)
    targets: tuple[int, ...]  # the living players
    sides: tuple[str, ...]  # for a side: village, werewolves
    cards: int  # for the thief: 2
    chosen: bool  # a choice was made: the screen says so and waits for the call's end
    learned: tuple[Learned, ...]
    table: TableView
    group: bool = False  # any group of players: a tap lets a chosen seat go, the button confirms
    #: special powers (powers, power): the whole list, whatever is held or spent
    #: (classic.power.<id>), and how many the pick keeps
    powers: tuple[str, ...] = ()
    pick: int = 0
    alone: tuple[str, ...] = ()  # the powers that name nobody: tapped twice
    #: seed 000's Espion may show himself at this call (the deck holds his card, and it is a
    #: call he may wake with: public, whatever he has used)
    spy: bool = False


_MOST = {Kind.SEAT: 1, Kind.SEATS: 2, Kind.POWER: 1}


def _most(g, stop, kind: Kind) -> int:
    """How many players the call names at most: the rules' count when its holder is awake
    (the assassin's contract names a werewolf card's worth plus one), else the kind's."""
    if kind is Kind.SEATS and stop is not None and cast.STEP[stop.step].group:
        return len(g.living())  # any group: as many as the ring holds, whoever is awake
    if kind is Kind.SEATS and stop is not None and stop.woken and not stop.for_show:
        step = cast.STEP[stop.step]
        listed = step.options(g, stop) if step.options else []
        if isinstance(listed, Arrangements):  # players named in order: as many as it takes
            return listed.size
        sizes = [len(o.seats) for o in (step.options(g, stop) if step.options else [])
                 if isinstance(o, Seats)]
        if sizes:
            return max(sizes)
    return _MOST.get(kind, 0)


def learned_of(g, players, phase: str, step: str, woken: tuple[int, ...]) -> tuple[Learned, ...]:
    """What the woken of a call were told at it (not their own choice)."""
    out = []
    for e in g.log:
        if e.phase != phase or e.step != step or e.kind == "chose" or not e.to \
                or not set(e.to) & set(woken):
            continue
        out.append(_learned(e, players))
    # the lovers and the sisters are each told the others: once each is enough
    seen, unique = set(), []
    for item in out:
        key = (item.kind, item.seats, item.cards)
        if key not in seen:
            seen.add(key)
            unique.append(item)
    return tuple(unique)


def _learned(e: Entry, players) -> Learned:
    seats = tuple(x for x in ((e.seat,) if e.seat is not None else ()) + tuple(e.seats))
    cards: tuple[str, ...] = ()
    facts: dict[str, Any] = {}
    if e.kind == "cards":
        cards = tuple(e.value)
        facts = {"cards": list(cards)}
    elif e.kind in ("took", "saw", "seduced_card", "shape", "robineux_role"):
        cards = (e.role,)
        facts = {"card": e.role}
    elif e.kind == "victim":
        facts = {"heal": e.value["heal"], "poison": e.value["poison"]}
    elif e.kind == "sniffed":
        facts = {"yes": bool(e.value)}
    elif e.kind == "glimpsed":  # the apprentice seer: the cards of three players, unordered
        cards = tuple(e.value)
        facts = {"cards": list(cards)}
    elif e.kind == "distance":
        facts = {"distance": e.value}
    elif e.kind == "rolled":  # Dr Jekyll's die
        facts = {"roll": e.value}
    elif e.kind == "crow_rolled":  # the crow's die, and the players it sends his card to
        facts = {"roll": e.value["roll"]}
    elif e.kind == "mayor_cards":  # seed 000's Maire: the character cards he drew, in order
        facts = {"traits": list(e.value)}
    if e.kind == "lover":  # the sentence names both lovers
        seats = tuple(sorted(set(e.to) | {e.seat}))
        facts["seats"] = list(seats)
    if e.seat is not None:
        facts["seat"] = e.seat
    if e.seats:
        facts["seats"] = list(e.seats)
    key = f"classic.learn.{e.kind}"
    if e.kind == "victim" and e.seat is None:
        key = "classic.learn.victims" if e.seats else "classic.learn.no_victim"
    if e.kind in ("sniffed", "tea", "physiognomy"):  # the fox, the Memére's tea, the Ramancheux
        key += ".yes" if e.value else ".no"
    if e.kind == "distance" and not e.value:
        key += ".none"
    if e.kind == "crow_rolled":
        key += ".werewolves" if e.value["werewolves"] else ".village"
    if e.kind == "rolled" and e.value in (1, 6):
        key += ".hyde" if e.value == 1 else ".jekyll" if e.seats else ".jekyll_none"
    return Learned(e.kind, Text(key, _named(players, **facts)), tuple(sorted(set(seats))),
                   cards, tuple(e.value) if e.kind == "note" else ())


def kept_asleep(g, players, w) -> tuple[Learned, ...]:
    """What a player kept from his own call tonight is told there, when that call wakes
    nobody else (so that only his eyes can be open on the tablet): the sandman's sleeper,
    that he sleeps ("le Meneur de Jeu avertit ensuite le joueur … en le touchant"), and on the
    night of the blessing, the player the priest blessed, at a call of the card he held,
    that his card is now a villager's ("touche discrètement le joueur qui a été béni").
    At a call that wakes others too (the pack), the host's touch tells them, as the
    booklet's game master's does."""
    stop = w.stop
    step = cast.STEP[w.step]
    if stop is None or stop.woken or step.role is None:
        return ()
    phase = f"night {w.night}"
    out = []
    sleeper = g.tonight.get(ASLEEP)
    if sleeper is not None and g.alive(sleeper) \
            and sleeper in (step.wakes(g) if step.wakes else g.holders(step.role)):
        out += [e for e in g.log if e.phase == phase and e.kind == "asleep"]
    seen = {e.seat: e.role for e in g.log if e.phase == phase and e.step == "priest"
            and e.kind == "saw"}
    out += [e for e in g.log if e.phase == phase and e.kind == "blessed"
            and seen.get(e.seat) == step.role != "villager" and g.alive(e.seat)]
    return tuple(_learned(e, players) for e in out)


def night_view(c: "ClassicController") -> NightView:
    s = c.state
    w = s.window
    if w is None:
        raise ValueError("no call of the night is open")
    g = s.game
    kind = w.kind
    step = cast.STEP[w.step]
    alive, _ = _public(g)
    targets = tuple(i for i in range(g.players) if alive[i]) \
        if kind in (Kind.SEAT, Kind.SEATS, Kind.POTIONS, Kind.POWER) else ()
    learned = () if w.stop is None else learned_of(g, s.players, f"night {w.night}", w.step,
                                                   w.stop.woken) + kept_asleep(g, s.players, w)
    return NightView(w.night, w.step, w.index, len(s.calls), kind.value, _most(g, w.stop, kind),
                     targets, ("village", "werewolves") if kind is Kind.SIDE else (),
                     2 if kind is Kind.CARD else 0, w.chosen, learned, table_view(c),
                     step.group, step.powers, step.pick, step.powers_alone,
                     "spy" in g.dealt + g.undealt and table_cards.spy_call(w.step) is None)


# ---- the day --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Fallen:
    """A death as the table hears it: the card is shown; how the night killed is not."""

    seat: int
    name: str
    card: CardView | None  # None: not shown (seed 000's Imposteur took it)
    cause: str  # night, rusty_sword, vote, hunter, grief (classic.cause.<cause>)
    by: int | None  # the hunter who shot, the lover mourned


#: The public causes the dawn says aloud with the death (classic.dawn.died.<cause>): Cassandra's
#: silver bullet ("en précisant que celui-ci est mort d'une balle en argent"), and her own
#: death after her second mistake.
#: The Québec Wendigo's: the werewolf who attacked him alone.
TOLD_CAUSES = ("silver_bullet", "misfire", "wendigo",
               # seed 000's Imposteur took the card: said with no card
               "impostor")


def _fallen(e: Entry, players) -> Fallen:
    return Fallen(e.seat, players[e.seat], None if e.role is None else card(e.role), e.value,
                  e.by)


@dataclass(frozen=True)
class DawnView:
    day: int
    announced: bool  # the village is awake and its dead are known
    dead: tuple[Fallen, ...]  # one by one, in the order announced (chains included)
    growl: bool  # the bear growls this morning
    successors: tuple[tuple[int, int], ...]  # (the dying captain, the one he named)
    table: TableView
    news: tuple[Text, ...] = ()  # the morning's other news (classic.dawn.news.<kind>)
    reel: bool | None = None  # the Violoneux's reel was heard: with howls (True) or not
    eclipse: bool = False  # no night came before (the Astrologue's lunar eclipse)


#: What the village learns at dawn besides its dead (the entries the engine tells everyone):
#: the raven's poster, the magistrate's immune, the burned home, the priest's blessed spared,
#: the crow's card laid before a player, the tavern keeper's guests, the Wendigo's repelled
#: attack, the Survenants, a *fait fort* player who survived a shot at dawn (and, from the
#: game's state, the mage's vanished player); the Flanc-Mou who chose his side that night.
NEWS = ("marked", "immune", "burned", "escaped", "crow_card", "tavern", "repelled",
        "survenant", "strong_survived", "flanc_mou_enters",
        # the Québec Violoneux's night: his reel heard, his gigue's player, his rigodon
        "rigodon_night", "reel_howls", "reel_music", "jigged", "rigodon_day",
        # the Québec Coureur des Bois: the shot everyone heard, his canoe seen at the first dawn
        "blunderbuss", "canoe",
        # seed 000's Immortel, killed in the night and shown, who lives on; the Imposteur
        # who took a living player's card
        "lives_on", "usurped",
        # seed 000's Astrologue: the eclipses that shaped the night (or took it away)
        "lunar_eclipse", "solar_eclipse", "moonless_night",
        # seed 000's Maire: each character card given, and to whom (the first dawn)
        "trait",
        # the Québec Robineux's role, told to the whole village (not who he is)
        "robineux_hangover", "robineux_revealed")


def morning_news(g, players, day: int) -> tuple[Text, ...]:
    """The public news of night ``day`` and of its dawn (before the day's first vote), in
    the order they happened, as sentences."""
    out = []
    # the night before, when the day between was taken away (the Astrologue's solar eclipse)
    nights = (f"night {day - 1}", f"night {day}") if g.memo.get(NO_DAY) == day - 1 \
        else (f"night {day}",)
    for e in g.log:
        if e.phase == f"day {day}" and e.kind == "ballots":
            break
        if e.phase in (*nights, f"day {day}") and e.to is None and e.kind in NEWS:
            facts = {"trait": e.value} if e.kind == "trait" else {}
            if e.kind.startswith("robineux_"):
                facts["card"] = e.role
            if e.by is not None:
                facts["by_name"] = players[e.by]
            out.append(Text(f"classic.dawn.news.{e.kind}",
                            _named(players, seat=e.seat, seats=e.seats or None, **facts)))
    # the mage's vanished player is not in the room: the whole village sees it (the Coureur
    # des Bois's canoe is told by its own news)
    out += [Text("classic.dawn.news.vanished", _named(players, seat=s))
            for s in g.living() if sides.vanished(g, s)]
    return tuple(out)


def _day_entries(g, label: str) -> list[Entry]:
    return [e for e in g.log if e.phase == label and e.to is None]


def dawn_view(c: "ClassicController") -> DawnView:
    s = c.state
    g = s.game
    label = g.phase.label if not g.phase.is_night else f"day {g.phase.number - 1}"
    entries = _day_entries(g, label)
    announced = not (g.stop is not None and g.stop.step == "dawn")
    dead = tuple(_fallen(e, s.players) for e in entries if e.kind == "died" and e.step == "dawn")
    growl = any(e.kind == "growl" and e.value for e in entries)
    successors = tuple((e.by, e.seat) for e in entries if e.kind == "successor")
    day = g.phase.number if not g.phase.is_night else g.phase.number - 1
    reel = next((e.kind == "reel_howls" for e in entries
                 if e.kind in ("reel_howls", "reel_music")), None)
    eclipse = not g.phase.is_night and g.memo.get(NO_NIGHT) == g.phase.number
    return DawnView(g.phase.number, announced, dead, growl, successors, table_view(c),
                    morning_news(g, s.players, day), reel, eclipse)


#: A dying player's decisions, on the dawn screen's chain stage (seed 000's Immortel: his
#: blind draw of one of two face-down cards, then the card he drew, shown to him alone).
CHAIN_STEPS = ("hunter", "successor", "fanatic", "immortal", "immortal_card", "impostor",
               "impostor_card")


@dataclass(frozen=True)
class ChainView:
    """A dying player's last decision: the hunter's shot, the captain's successor, seed
    000's fanatic's accusation (any group of players)."""

    step: str  # hunter, successor, fanatic
    seat: int  # who decides
    name: str
    card: CardView  # the card shown at his death
    targets: tuple[int, ...]
    table: TableView
    group: bool = False  # any group of the targets: tapped one by one, then confirmed
    #: seed 000's Immortel: how many face-down cards he draws from (which is which is the
    #: controller's secret), then the card he drew (for his eyes: the tablet is his)
    face_down: int = 0
    drew: CardView | None = None


def chain_view(c: "ClassicController") -> ChainView:
    s = c.state
    stop = s.game.stop
    if stop is None or stop.step not in CHAIN_STEPS:
        raise ValueError("no dying player is deciding")
    seat = stop.among[0]
    if stop.step in ("immortal", "immortal_card"):
        drew = next((e.role for e in reversed(s.game.log) if e.kind == "drew"), None)
        return ChainView(stop.step, seat, s.players[seat], card("immortal"), (),
                         table_view(c), face_down=2 if stop.step == "immortal" else 0,
                         drew=card(drew) if stop.step == "immortal_card" else None)
    if stop.step == "impostor_card":  # the card the Imposteur took, for him alone
        took = next(e for e in reversed(s.game.log) if e.kind == "took_card")
        return ChainView(stop.step, seat, s.players[seat], card("impostor"), (),
                         table_view(c), drew=card(took.role))
    legal = walk.legal_choices(s.game)
    group = cast.STEP[stop.step].group
    targets = legal.seats if group else tuple(o.seat for o in legal if o is not None)
    return ChainView(stop.step, seat, s.players[seat], card(s.game.cards[seat]), targets,
                     table_view(c), group)


@dataclass(frozen=True)
class DebateView:
    day: int
    minutes: float  # the countdown's length today
    seconds_left: float
    running: bool
    ended: bool
    ready: int  # players ready to vote (from the box), -1 when unknown
    table: TableView
    #: Le Village's day powers that may be used now: (power, whose, the seats it may name)
    powers: tuple[tuple[str, int, tuple[int, ...]], ...] = ()
    #: the tavern keeper's guests (seed 000), at the tavern for the countdown's first two
    #: minutes, and the seconds of it left (0: they are back, or nobody went)
    tavern: tuple[int, ...] = ()
    tavern_left: float = 0.0
    #: seed 000's Maire's character cards, kept all game: (seat, card) of the living players
    #: who received one, public since the first dawn (classic.trait.<card>)
    traits: tuple[tuple[int, str], ...] = ()


def debate_view(c: "ClassicController") -> DebateView:
    s = c.state
    g = s.game
    left, running, ended = c.debate_left()
    length = s.day.length / 60 if s.day else 0.0
    found = village.day_powers(g)
    powers = tuple((p, village.ready(g, p), tuple(x.seat for x in found if x.power == p))
                   for p in village.DAY_POWERS if any(x.power == p for x in found))
    tavern = tuple(g.today.get(GUESTS) or ())
    tavern_left = max(0.0, TAVERN_MINUTES * 60.0 - s.day.elapsed(c.now())) \
        if tavern and s.day else 0.0
    traits = tuple((seat, t) for seat, t in table_cards.given(g) if g.alive(seat))
    return DebateView(g.phase.number, length, left, running, ended, s.ready, table_view(c),
                      powers, tavern, tavern_left, traits)


@dataclass(frozen=True)
class PowerView:
    """A day power just used, as the table saw it: whose, on whom, who died of it (the
    barber's razor). The confessor's look is not here: :func:`confession_view`."""

    power: str  # barber, confessor, bonesetter
    user: int
    seat: int
    players: tuple[str, ...]
    dead: tuple[tuple[int, CardView], ...]  # the barber's: his victim, and himself if wrong
    table: TableView


def power_view(c: "ClassicController") -> PowerView:
    s = c.state
    if s.power is None:
        raise ValueError("no day power was just used")
    power, user, seat = s.power
    g = s.game
    dead = tuple((x, card(g.death_of(x).card)) for x in (seat, user)
                 if power == "barber" and g.death_of(x) is not None
                 and g.death_of(x).cause in ("barber", "barber_fault"))
    return PowerView(power, user, seat, tuple(s.players), dead, table_view(c))


def confession_view(c: "ClassicController") -> CardView:
    """The card the confessor saw: for the confessor alone, on the tablet handed to him."""
    s = c.state
    if s.power is None or s.power[0] != "confessor":
        raise ValueError("no confession to show")
    g = s.game
    for e in reversed(g.log):
        if e.kind == "saw" and e.step == "confessor":
            return card(e.role)
    raise ValueError("no confession to show")


@dataclass(frozen=True)
class VillageView:
    """A decision of Le Village on its own screen: the bailiff houses a Vagabond in a free
    building (``building``), the schoolteacher keeps one or two players from the vote, the
    lord pardons the condemned (``condemned``, before his card is shown)."""

    step: str  # bailiff, teacher, lord
    seat: int  # who decides
    players: tuple[str, ...]
    targets: tuple[int, ...]  # whom he may name (bailiff: the Vagabonds; teacher: the banned)
    building: str | None  # the bailiff's free building
    condemned: int | None  # the lord's
    table: TableView


def village_view(c: "ClassicController") -> VillageView:
    s = c.state
    g = s.game
    stop = g.stop
    if stop is None or stop.step not in ("bailiff", "teacher", "lord"):
        raise ValueError("no decision of the village is waiting")
    targets: tuple[int, ...] = ()
    building = condemned = None
    if stop.step == "bailiff":
        targets = tuple(o.seat for o in walk.legal_choices(g) if o is not None)
        building = village.buildings(g)[village.offered(g, stop)]
    elif stop.step == "teacher":
        targets = tuple(sorted({x for o in walk.legal_choices(g) if o is not None
                                for x in o.seats}))
    else:
        condemned = stop.among[0]
    return VillageView(stop.step, stop.woken[0], tuple(s.players), targets, building,
                       condemned, table_view(c))


@dataclass(frozen=True)
class Result:
    """What a counted vote decided."""

    kind: str  # elected, eliminated, escaped (the priest's blessed lives on), pardoned (the
    # lord's, Le Village), nobody, tie; the Québec votes': failed (the candidate stays),
    # no_majority (the panic points on), drawn (the lot's villager, eliminated)
    seat: int | None = None
    card: CardView | None = None  # the eliminated player's, shown
    seats: tuple[int, ...] = ()  # the tied
    lied: bool = False  # seed 000's fanatic, voted out, accused wrongly: the table hears it
    back: bool = False  # seed 000's Immortel, voted out and shown, lives on
    took: int | None = None  # seed 000's Imposteur, voted out and shown, took this seat's card


@dataclass(frozen=True)
class BallotsView:
    """A vote: whose ballot is in (never whom for) until every living player's is in or the
    round is closed; then every ballot as an arrow, and the counts (the captain's twice)."""

    round: str  # captain_votes, captain_revote, votes, revote
    mode: str  # box, fingers, tablet
    players: tuple[str, ...]
    voters: tuple[int, ...]  # the living
    targets: tuple[int, ...]  # whom a ballot may name (the tied, at a second vote)
    is_in: tuple[bool, ...]
    revealed: bool
    ballots: tuple[int | None, ...] | None
    counts: tuple[int, ...] | None
    missing: tuple[int, ...]
    double: int | None  # the captain whose vote counts twice
    result: Result | None  # once counted
    table: TableView
    options: tuple[tuple[int, ...], ...] = ()  # per seat, whom its ballot may name (the rules')

    def options_for(self, seat: int) -> tuple[int, ...]:
        """Whom ``seat`` may vote for, as the rules say: not himself at the day's vote, nor
        the magistrate's immune, nor the mage's vanished; the hypnotized only his victim."""
        if seat not in self.voters or seat >= len(self.options):
            return ()
        return self.options[seat]


def _counted(g, label: str, step: str) -> tuple[Entry | None, Result | None]:
    """The last counted ballots of ``step`` in ``label``, and what they decided (after a tie,
    what the captain's pick or the lots decided)."""
    found = [i for i, e in enumerate(g.log) if e.phase == label and e.kind == "ballots"
             and e.step == step]
    if not found:
        return None, None
    i = found[-1]
    result = None
    drawn = lied = False
    back: set[int] = set()
    took: dict[int, int] = {}
    for e in g.log[i + 1:]:
        if e.phase != label or e.kind == "ballots":
            break
        if e.kind == "lied":
            lied = True
        elif e.kind == "lives_on":
            back.add(e.seat)
        elif e.kind == "usurped":
            took[e.by] = e.seat
        elif e.kind == "failed":
            result = Result("failed", e.seat)
        elif e.kind == "no_majority":
            result = Result("no_majority")
        elif e.kind == "drags":
            drawn = True
        elif e.kind == "elected":
            result = Result("elected", e.seat)
        elif e.kind == "tie":
            result = Result("tie", seats=tuple(e.seats))
        elif e.kind == "pardoned":  # Le Village: the lord's pardon
            result = Result("pardoned", e.seat)
        elif e.kind == "eliminated":
            death = None if e.seat is None else g.death_of(e.seat)
            result = Result("nobody") if e.seat is None else \
                Result("escaped", e.seat) if death is None else \
                Result("drawn" if drawn else "eliminated", e.seat, card(death.card))
            # (escaped: the priest's)
    if result is None and g.stop is not None and g.stop.among:
        result = Result("tie", seats=tuple(g.stop.among))  # the election goes on among them
    if lied and result is not None:
        result = replace(result, lied=True)
    if result is not None and result.seat in back:
        result = replace(result, back=True)
    if result is not None and result.seat in took:
        result = replace(result, took=took[result.seat])
    return g.log[i], result


def ballots_view(c: "ClassicController") -> BallotsView:
    s = c.state
    g = s.game
    box = s.ballots
    if box is not None and g.stop is not None and g.stop.kind is Kind.VOTES:
        step = g.stop.step
        voters = ballot_voters(g)
        revealed = box.revealed(voters)
        double = g.captain if step == "votes" and g.options.vote == "classic" \
            and g.captain is not None and g.alive(g.captain) else None
        targets = g.stop.among if step in ("captain_revote", "revote", "nomination_votes") \
            else voters
        ballots = counts = None
        if revealed:
            ballots = tuple(box.votes[i] if i in voters else None for i in range(g.players))
            counts = _tally(ballots, g.players, double)
        options = tuple(tuple(t for t in walk.ballot_options(g, i) if t is not None)
                        for i in range(g.players))
        return BallotsView(step, box.mode, tuple(s.players), voters, tuple(targets),
                           tuple(box.is_in()), revealed, ballots, counts,
                           box.missing(voters), double, None, table_view(c), options)
    # a counted round, held on screen: from what the table was told
    if s.counted is None:
        raise ValueError("no vote to show")
    entry, result = _counted(g, *s.counted)
    if entry is None:
        raise ValueError("no vote to show")
    v = entry.value
    ballots = tuple(v["ballots"])
    step = s.counted[1]
    double = v["captain"] if step == "votes" and g.options.vote == "classic" \
        and v["captain"] is not None and ballots[v["captain"]] is not None else None
    voters = tuple(i for i, b in enumerate(ballots) if b is not None)
    return BallotsView(step, s.options.vote_mode, tuple(s.players), voters,
                       tuple(i for i, n in enumerate(v["counts"]) if n),
                       tuple(b is not None for b in ballots), True, ballots,
                       tuple(v["counts"]), (), double, result, table_view(c))


def _tally(ballots, players: int, double: int | None) -> tuple[int, ...]:
    counts = [0] * players
    for voter, target in enumerate(ballots):
        if target is not None:
            counts[target] += 2 if voter == double else 1
    return tuple(counts)


@dataclass(frozen=True)
class TieView:
    among: tuple[int, ...]
    captain: int | None  # he names the victim; None: a second vote among the tied
    table: TableView


def tie_view(c: "ClassicController") -> TieView:
    g = c.state.game
    stop = g.stop
    if stop is None or stop.step not in ("captain_pick", "revote", "nominations"):
        raise ValueError("no tie to settle")
    if stop.step == "nominations":  # the intendant's (or the table's) candidate
        named = tuple(ch.seat for ch in walk.legal_choices(g) if ch is not None)
        return TieView(named, stop.deciders[0] if len(stop.deciders) == 1 else None,
                       table_view(c))
    captain = stop.deciders[0] if stop.step == "captain_pick" else None
    return TieView(tuple(stop.among), captain, table_view(c))


# ---- the end ------------------------------------------------------------------------------

@dataclass(frozen=True)
class SeatEnd:
    seat: int
    name: str
    card: CardView  # the card held at the end
    dealt: str  # the card dealt (the thief's, if he took another)
    side: str  # the side it played for at the end (classic.side.<side>)
    alive: bool
    won: bool


@dataclass(frozen=True)
class EndView:
    side: str  # the winning side (classic.side.<side>)
    verdict: Text  # who wins and why, one sentence (classic.verdict.<reason>)
    winners: tuple[int, ...]
    seats: tuple[SeatEnd, ...]
    story: tuple[Chapter, ...]
    ended: str  # the phase it ended in ("day 3")


def end_view(c: "ClassicController") -> EndView:
    return end_view_of(c.state.game, c.state.players)


def end_view_of(g, players) -> EndView:
    """The end of game ``g`` (one played here, or replayed from a record of the history)."""
    v = g.verdict
    if v is None:
        raise ValueError("the game is not over")
    facts = _named(players, seats=list(v.seats))
    if v.seats:
        facts = _named(players, seat=v.seats[0], seats=list(v.seats))
    seats = tuple(SeatEnd(i, players[i], card(g.cards[i]), g.dealt[i], sides.side(g, i),
                          g.alive(i), i in v.winners) for i in range(g.players))
    return EndView(v.side, Text(f"classic.verdict.{v.reason}", facts), v.winners, seats,
                   story(g, players), v.phase)


__all__ = ["Text", "CardView", "card", "TableView", "table_view", "SetupView", "setup_view",
           "DealView", "deal_view", "SeatCard", "card_view", "Learned", "NightView",
           "night_view", "learned_of", "Fallen", "DawnView", "dawn_view", "ChainView",
           "chain_view", "DebateView", "debate_view", "Result", "BallotsView", "ballots_view",
           "TieView", "tie_view", "SeatEnd", "EndView", "end_view", "end_view_of",
           "camp_colour"]
