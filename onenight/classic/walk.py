"""The game as a walk over its phases: what is the next thing to decide, who decides it, what
are the legal choices, apply this choice.

A game always stands at its next :class:`Stop` (``Game.stop``; None once it is over). Every
step of the night and stage of the day that is called is a stop, those with nothing to choose
too (the lovers wake, the dawn is announced, the debate runs), so that the app can narrate and
show each one; :func:`apply` takes the stop's choice (None: nothing, or "go on") and walks on
to the next stop: the steps the cast's table calls, in order, the deaths and their chains, the
win check, the next phase. The app and ``onenight classic replay`` drive the same walk.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from onenight.common.errors import DeckError, IllegalChoice
from onenight.common.values import seat_number

from . import cast, day, deaths, forms, sides, states, village, win
from .roles import astrologer, quebec, table_cards
from .model import (ASLEEP, DAY_CUT_FROM, DAYBREAK, NIGHTFALL, NO_DAY, NO_NIGHT, OUT_OF_PLAY,
                    VOTE_VARIANTS, Arrangements, Choice, Draw, Game, Groups, Kind, Memo, Options,
                    Phase, Pick, Potions, Ragots, Roll, Seat, Seats, Side, Stop, Take, Use, Votes,
                    Yes)
from .table import Step

#: Why a required choice cannot be left out, by step.
MUST = {
    "thief": "both cards left over are werewolves: the thief must take one",
    "cupid": "cupid must name the two lovers on the first night",
    "entremetteuse": "the Entremetteuse must name the two lovers on the first night",
    "priest": "the priest must bless a player on the first night",
    "assassin": "the assassin must name his targets on the first night",
    "trapped": "the trap caught a werewolf: the first devoured must name which",
    "jekyll_die": "the die is rolled for Dr Jekyll every night he lives",
    "jekyll_hyde": "the die woke Dr Jekyll: he must name a player",
    "crow_die": "the die is rolled for the crow the night after his death",
    "crow": "the crow must lay his card before one of the players the die sends it to",
    "shapeshifter_draw": "the Transformiste's card is drawn from his pile at each of his calls",
    "ragpicker_curse": "the ragpicker was voted out: the lot must infect a villager tonight",
    "habitant_ragots": "each Habitant's ragot is drawn on the first night",
    "mayor_cards": "the mayor's character cards are drawn before the preparation round",
    "mayor": "the mayor gives each character card drawn to a different player",
    "graphologist_note": "a note is drawn from the graphologist's pile each night",
    "robineux_side": "the Robineux's side is drawn as the first night opens",
    "robineux_role": "the Robineux's role is drawn as the first night opens",
    "robineux": "the Robineux chooses hangover or sleep on the second night",
    "robineux_memere_soup": "the Memére's second soup is drawn the night the Robineux, as "
                            "her, slept it off",
    "tete_de_cochon_ragots": "the Tête-de-Co'hon's ragots are drawn on the first night",
    "grand_talent_ragots": "the Grand-Talent-Pas-d'Adon's ragot is drawn on the first night",
    "grand_talent_antagonist": "the Grand-Talent-Pas-d'Adon's antagonist is drawn on the "
                               "first night",
    "were_squirrel_luck": "the pack named the were-squirrel: the die says whether he was home",
    "were_squirrel": "the were-squirrel must name a player he has not named yet",
    "evil_spirit": "the evil spirit must name the two enemies on the first night",
    "wild_child": "the wild child must choose a model on the first night",
    "dog_wolf": "the Chien-Garou must choose his master on his first night",
    "flanc_mou": "the Flanc-Mou must pick a player on the third night",
    "wolf_hound": "the wolf-hound must choose his side on the first night",
    "hunter": "the hunter must shoot as he dies",
    "immortal": "the immortal was killed: he must draw one of the two face-down cards",
    "impostor": "the impostor was killed: he must name the living player whose card he takes",
    "werewolves": "the diviner foretold tonight's victim: the werewolves must take that player",
    "successor": "the dying captain must name a successor",
    "captain_pick": "the captain must name the victim among the tied players",
    "captain_lots": "the lots must draw the captain among the tied players",
    "votes": "the day's vote is needed (every seat's ballot, null for blank)",
    "revote": "the vote is tied and there is no captain: the second vote is needed",
    "captain_votes": "the captain's election is due here",
    "captain_revote": "the captain's election is tied: its second vote is needed",
    "nominations": "the vote by nominations needs a candidate",
    "nomination_votes": "the candidate's vote is needed (every seat's hand: the candidate, or "
                        "null)",
    "panic_votes": "the democratic panic needs its count (every seat's ballot, null for blank)",
    "village_draw": "the day dragged on: the lot must draw a player of the village",
}


def new_game(seats: Sequence[str], left_over: Sequence[str] = (),
             options: Options = Options(),
             buildings: Sequence[str | None] | None = None, notes: Sequence | None = None
             ) -> Game:
    """A game as dealt (the thief's two cards left over, if a thief is dealt), standing at its
    first stop: day 0 when an angel is dealt, else the first night. ``buildings``: Le
    Village's, one per seat (None: a Vagabond); None when the buildings are not played.
    ``notes``: seed 000's Graphologue's, each seat's handwritten note (:mod:`.handwriting`),
    written after the deal in every game whose deck holds him; None: none were written."""
    seats, left_over = tuple(seats), tuple(left_over)
    for i, c in enumerate(seats + left_over):
        if c not in cast.CHARACTER:
            raise DeckError("seats", f"unknown character {c!r}")
    if "thief" in seats and len(left_over) != 2:
        raise DeckError("left_over", "a thief is dealt: the two cards left over are needed")
    if options.captain not in ("first_morning", "before_first_night", "never"):
        raise DeckError("options.captain", f"unknown choice {options.captain!r}")
    if options.vote not in VOTE_VARIANTS:
        raise DeckError("options.vote", f"unknown choice {options.vote!r}")
    if options.habitant_ragots is None:
        options = replace(options, habitant_ragots=quebec.quebec_deck(seats + left_over))
    opening = any(cast.CHARACTER[c].opening == "day 0" for c in seats)
    first = Phase("day", 0) if opening else Phase("night", 1)
    g = Game(dealt=seats, cards=seats, undealt=left_over, leftover=left_over, options=options,
             phase=first)
    g = g.tell((), "deal", "deal", value={"seats": list(seats), "left_over": list(left_over)})
    g = village.settle_in(g, buildings)
    g = table_cards.write_notes(g, notes)
    g = states.at_deal(g)
    return _advance(_begin(g, first))


# ---- walking ------------------------------------------------------------------------------------

def _stages(g: Game) -> tuple[Step, ...]:
    return cast.NIGHT if g.phase.is_night else cast.DAY


def _begin(g: Game, phase: Phase) -> Game:
    g = g._with(phase=phase, cursor=0, finishing=False, phases=g.phases + (phase.label,))
    return g._with(tonight=Memo()) if phase.is_night else g._with(today=Memo())


def _next_phase(g: Game) -> Game:
    """Begin the next phase: the day after the night, the night after the day, unless an
    eclipse of seed 000's Astrologue took it away. With no night n + 1 (Éclipse de lune), day
    n is followed by day n + 1; with no day n (Éclipse de soleil), night n by night n + 1, its
    deaths taking effect now and announced at the next dawn, unless they end the game: then
    the dawn comes, for there is nothing left to play."""
    nxt = g.phase.next()
    if nxt.is_night and g.memo.get(NO_NIGHT) == nxt.number:
        return _begin(g._with(tonight=Memo()), Phase("day", nxt.number))
    if not nxt.is_night and g.memo.get(NO_DAY) == nxt.number:
        withheld = deaths.withhold_night(g)
        if win.check(withheld) is None:
            return _begin(withheld, Phase("night", nxt.number + 1))
    return _begin(g, nxt)


def is_called(g: Game, step: Step) -> bool:
    """Whether ``step`` is called now: its condition holds (or it is a first-night step of the
    card the Québec Flanc-Mou took, the night he enters the game with it), the phase was not
    cut short before it, and (by default) a living player holds its character's card, or the
    card was taken out of play. A dead player's step is not called."""
    if (not step.when(g) and not quebec.late_call(g, step)) or _cut_short(g, step):
        return False
    if step.called:
        return step.called(g)
    return g.holder(step.role) is not None or _out_of_play(g, step)


def _cut_short(g: Game, step: Step) -> bool:
    """The phase was cut short (the Québec Violoneux's Rigodon, seed 000's Astrologue's
    Éclipse de soleil): tonight's calls after his, or today's election, debate and vote while
    the Violoneux is still in play; or an eclipse took a call out of tonight (the Astrologue's
    moonless night: the pack's)."""
    if g.phase.is_night:
        cut = g.tonight.get(DAYBREAK)
        return (cut is not None and step.order > cut) or astrologer.silenced(g, step.id)
    nightfall = g.memo.get(NIGHTFALL)
    return nightfall is not None and nightfall[1] == g.phase.number \
        and step.order >= DAY_CUT_FROM and g.alive(nightfall[0]) \
        and not sides.absent(g, nightfall[0])


def _out_of_play(g: Game, step: Step) -> bool:
    """The step's card was taken out of play (nobody holds it): it is called for show."""
    return step.role in g.memo.get(OUT_OF_PLAY, ()) and not g.holders(step.role)


def _for_show(g: Game, step: Step) -> bool:
    if step.id in astrologer.TOLD:
        return False  # the eclipse is said to all, whatever became of his card
    if step.spent is not None and step.spent(g):
        return True
    if _out_of_play(g, step):
        return True
    # the Québec couple's call is no power of the Entremetteuse's: the lost powers spare it
    holder = g.holder(step.role) if step.role and step.id not in quebec.OUTLIVE_THE_CARD \
        else None
    return holder is not None and not sides.has_power(g, holder)


def _open(g: Game, step: Step) -> Game:
    woken = step.wakes(g) if step.wakes else g.holders(step.role)
    for_show = _for_show(g, step)
    if g.phase.is_night and step.role:
        # the sandman's sleeper, the mage's vanished player, the Bonhomme Sept-Heures'
        # endormis dur and the Violoneux's épuisé do not wake, whoever calls
        asleep = g.tonight.get(ASLEEP)
        awake = tuple(s for s in woken if s != asleep and not sides.absent(g, s)
                      and not states.asleep_tonight(g, s))
        if awake != tuple(woken):
            woken, for_show = awake, for_show or not awake
    if step.kind is Kind.NONE:
        deciders: tuple[int, ...] = ()
    else:
        deciders = step.deciders(g, woken) if step.deciders else woken
    required = not for_show and step.required is not None and step.required(g)
    stop = Stop(g.phase, step.id, step.kind, tuple(woken), tuple(deciders), for_show, required,
                chance=step.chance)
    g = g._with(stop=stop)
    return step.brief(g, stop) if step.brief and not for_show else g


def _advance(g: Game) -> Game:
    """Walk on to the next stop, or to the end."""
    while g.verdict is None and g.stop is None:
        if g.chain:
            g = deaths.resume(g)
            continue
        if g.today.get(village.SETTLE):  # a day power killed: the win once its chains are over
            g = win.settle(g._with(today=g.today.put(village.SETTLE, None)))
            continue
        stages = _stages(g)
        if g.finishing:
            step = stages[g.cursor]
            g = g._with(finishing=False, cursor=g.cursor + 1)
            if step.finish:
                g = step.finish(g)
            continue
        cursor = g.cursor
        while cursor < len(stages) and not is_called(g, stages[cursor]):
            cursor += 1
        if cursor >= len(stages):
            g = _next_phase(g)
        else:
            g = _open(g._with(cursor=cursor), stages[cursor])
    return g


def apply(g: Game, choice: Choice | None = None) -> Game:
    """Play the current stop with ``choice`` (None: nothing chosen, or "go on" where there is
    nothing to choose) and walk on to the next stop. An illegal choice raises
    :class:`IllegalChoice` naming what is wrong; the game is then unchanged."""
    stop = g.stop
    if stop is None:
        raise IllegalChoice("", "the game is over: nothing more to play")
    step = cast.STEP[stop.step]
    if isinstance(choice, Potions) and choice.heal is False and choice.poison is None:
        choice = None  # no potion is nothing chosen
    if choice is not None and stop.kind is Kind.NONE:
        raise IllegalChoice("", f"nothing is chosen at the {stop.step} step")
    if choice is None and stop.required:
        raise IllegalChoice("", f"missing: {MUST[stop.step]}")
    if step.group and isinstance(choice, Seats):  # a group has no order: kept in seat order
        choice = Seats(tuple(sorted(choice.seats)))
    after = g._with(stop=None)
    if stop.for_show:
        if choice is not None:
            _check_shape(g, stop, choice)  # taken, and does nothing
    elif step.act:
        after = step.act(after, stop, choice)  # its own refusals first, in its own words
        gone = [s for s in _named(choice) if sides.absent(g, s)] if choice is not None else []
        if gone:  # then what legal_choices leaves out, whatever the step
            raise IllegalChoice(step.key or "", f"seat {gone[0]} is out of the game now (absent)")
        if choice is not None:
            after = _note(after, stop, step, choice)
    if after.stop is None:
        after = after._with(finishing=True)
    return _advance(after)


def use_power(g: Game, power: village.Power) -> Game:
    """Use a building's day power now (Le Village: the barber's razor, the confessor's look,
    the bonesetter's cure), while the village debates; the walk then goes on to the next stop
    (the debate again, or a chain of deaths, or the end). :func:`village.day_powers` lists
    those that may be used; a power that may not raises :class:`IllegalChoice` naming why."""
    return _advance(village.use(g, power))


def _note(g: Game, stop: Stop, step: Step, choice: Choice) -> Game:
    """Keep the choice for the record; at night, its deciders remember what they chose."""
    data = forms.to_json(step, choice)
    g = g._with(record=g.record + ((stop.phase.label, step.record_key, data),))
    if stop.phase.is_night and stop.kind is not Kind.VOTES:
        g = g.tell(stop.deciders, stop.step, "chose", value=data)
    return g


_SHAPES = {Kind.SEAT: Seat, Kind.SEATS: Seats, Kind.SIDE: Side, Kind.CARD: Take, Kind.YES: Yes,
           Kind.POTIONS: Potions, Kind.VOTES: Votes, Kind.DIE: Roll, Kind.RAGOTS: Ragots,
           Kind.POWERS: Pick, Kind.POWER: Use, Kind.DRAW: Draw}


def _check_shape(g: Game, stop: Stop, c: Choice) -> None:
    """A choice at a step called for show: any choice of the right shape is taken."""
    if not isinstance(c, _SHAPES[stop.kind]):
        raise IllegalChoice("", f"not a choice for the {stop.step} step")
    for s in _named(c):
        seat_number(s, g.players, "", IllegalChoice)


# ---- what may be chosen -----------------------------------------------------------------------

def legal_choices(g: Game) -> Sequence:
    """Every legal choice at the current stop (None, nothing chosen, first when it is legal);
    a choice of any group of players, as :class:`.model.Groups`.
    A step called for show lists the step's choices as they stand, and takes any choice of the
    right shape (it does nothing). A vote takes every seat's ballot at once: see
    :func:`ballot_options`."""
    stop = g.stop
    if stop is None:
        return []
    if stop.kind is Kind.NONE:
        return [None]
    if stop.kind is Kind.VOTES:
        raise ValueError("a vote takes every seat's ballot at once: see ballot_options()")
    step = cast.STEP[stop.step]
    if stop.for_show and not stop.woken:
        return [None]  # nobody is awake to choose (a card out of play)
    listed = step.options(g, stop) if step.options else []
    if isinstance(listed, Groups):  # any group of players: listed lazily
        return Groups([s for s in listed.seats if not sides.absent(g, s)],
                      nothing=not stop.required)
    if isinstance(listed, Arrangements):  # players named in order: listed lazily
        return Arrangements([s for s in listed.seats if not sides.absent(g, s)], listed.size,
                            nothing=not stop.required)
    options = [o for o in listed if not any(sides.absent(g, s) for s in _named(o))]
    return ([] if stop.required else [None]) + options


def _named(c: Choice) -> tuple[int, ...]:
    """The seats a choice names."""
    if isinstance(c, Seat):
        return (c.seat,)
    if isinstance(c, Seats):
        return c.seats
    if isinstance(c, Potions) and c.poison is not None:
        return (c.poison,)
    if isinstance(c, Use) and c.seat is not None:
        return (c.seat,)
    return ()


def ballot_options(g: Game, seat: int) -> tuple[int | None, ...]:
    """At a vote, what ``seat`` may put on its ballot: None (blank) first, then the seats."""
    if g.stop is None or g.stop.kind is not Kind.VOTES:
        raise ValueError("no vote is waiting")
    return day.ballot_options(g, g.stop, seat)
