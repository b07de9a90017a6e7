"""Seed 000's Astrologue: three eclipses that change the shape of the game's phases, used in
their fixed order, one a night at most, each when he says yes at his call; then he is no
longer called.

- *Éclipse de lune*: "élimine la nuit suivante": the next night does not happen, so the day
  is followed by another day (two debates, two votes); its morning says so.
- *Éclipse de soleil*: "supprime la journée suivante. Sitôt que ce pouvoir est joué, on
  recommence immédiatement une nouvelle nuit": the calls after his are not made tonight (the
  Violoneux's rigodon's cut, :data:`..model.DAYBREAK`), the day does not happen, and a new
  night begins; tonight's dead take effect but are announced at the next dawn, with that
  night's (:data:`..model.WITHHELD`).
- *Nuit sans lune*: "supprime le Tour des Loups-Garous lors de la nuit suivante": the next
  night the pack is not called; the rest of that night goes as usual.

What he chose is his secret; an eclipse is public when it takes effect: the lunar one at the
morning of the day with no night before it, the solar one as the next night begins (its calls
"solar_eclipse"), the moonless night as it begins ("moonless_night"). The walk plays the
phases' new shape (:mod:`..walk`); docs/rules-decisions-classic.md gives the readings.
"""

from __future__ import annotations

from ..model import DAYBREAK, MOONLESS, NO_DAY, NO_NIGHT, Choice, Game, Kind, Stop, Yes
from ..order import order
from ..table import EVERY_NIGHT, MOONLESS_NIGHT, SOLAR_ECLIPSE, Step
from . import common
from .compendium import _plain

#: His three powers, in the order he must use them.
POWERS = ("lunar_eclipse", "solar_eclipse", "moonless_night")
#: ``memo``: how many of them he has used.
USED = "astrologer.used"
#: What tells the table, at a night's start, that his eclipses shape it (:func:`shaping`).
SPENT = "eclipses_spent"
#: The calls an eclipse takes out of a night, by what the table was told.
SILENCED = {"werewolves": "moonless_night", "astrologer": SPENT}


def used(g: Game) -> int:
    return g.memo.get(USED, 0)


def next_power(g: Game) -> str | None:
    """The power he would use if he said yes now (None: all three are used)."""
    n = used(g)
    return POWERS[n] if n < len(POWERS) else None


def _eclipse(g: Game, stop: Stop, c: Choice | None) -> Game:
    """He says yes: his next power is used. The lunar eclipse takes the next night away, the
    solar one the rest of tonight and the next day, the moonless night the next night's
    pack. He alone is told which he has used (the table hears of it when it takes effect)."""
    if c is None:
        return g
    power, night = next_power(g), g.phase.number
    g = common.remember(g, USED, used(g) + 1).tell(stop.deciders, "astrologer", power)
    if power == "lunar_eclipse":
        return common.remember(g, NO_NIGHT, night + 1)
    if power == "solar_eclipse":
        g = common.remember(g, NO_DAY, night)
        return common.tonight(g, DAYBREAK, order("astrologer"))
    return common.remember(g, MOONLESS, night + 1)


def _heard(kind: str):
    def act(g: Game, stop: Stop, c: Choice | None) -> Game:
        return g.tell(None, "astrologer", kind)
    return act


def shaping(g: Game) -> tuple[str, ...]:
    """What the whole table knows, as night ``g.phase`` begins, of the eclipses that shape it
    (:func:`..calls.night_calls`): ``solar_eclipse`` (the day before did not happen),
    ``moonless_night``, and ``eclipses_spent`` (all three have taken effect: he is no
    longer called)."""
    out = tuple(w.id for w in (SOLAR_ECLIPSE, MOONLESS_NIGHT) if w(g))
    return out + ((SPENT,) if used(g) >= len(POWERS) else ())


def silenced(g: Game, step_id: str) -> bool:
    """Whether the eclipses take the call ``step_id`` out of tonight: the pack's on the
    moonless night; his own once all three are used ("Une fois que l'Astrologue a utilisé ses
    trois pouvoirs, il n'est plus réveillé": the table knows it once the third has taken
    effect, the moonless night said at its start)."""
    if step_id == "werewolves":
        return MOONLESS_NIGHT(g)
    return step_id == "astrologer" and used(g) >= len(POWERS)


#: The calls that tell the whole table an eclipse shapes the night, as it begins: made
#: whoever holds his card now, alive or dead (:func:`..walk._for_show`, :func:`..calls.night_calls`).
TOLD = ("solar_eclipse", "moonless_night")


def _told(kind: str, when) -> Step:
    """The table is told, as the night begins, that an eclipse shapes it (a call that wakes
    nobody, said to every closed eye)."""
    return Step(kind, ("night",), order(kind), when, Kind.NONE, role="astrologer", called=when,
                wakes=lambda g: (), act=_heard(kind))


#: "Chaque nuit, le Meneur de jeu appelle l'Astrologue … m'indique s'il désire utiliser l'un
#: de ses pouvoirs cette nuit": a yes or a no, every night while a power is left.
ASTROLOGER = _plain(
    "astrologer", "Astrologue", "Astrologer",
    steps=(Step("astrologer", ("night",), order("astrologer"), EVERY_NIGHT, Kind.YES,
                role="astrologer", key="eclipse",
                options=lambda g, stop: [Yes()], act=_eclipse),
           _told("solar_eclipse", SOLAR_ECLIPSE), _told("moonless_night", MOONLESS_NIGHT)))

CHARACTERS = (ASTROLOGER,)

__all__ = ["ASTROLOGER", "CHARACTERS", "POWERS", "USED", "TOLD", "next_power", "shaping",
           "silenced", "SILENCED", "used"]
