"""The ambiguous (Best Of, pp. 17-18): the wild child and the wolf-hound, whose side is decided
in play."""

from __future__ import annotations

from onenight.common.errors import IllegalChoice

from ..model import Choice, Game, Kind, Side, Stop
from ..order import order
from ..table import FIRST_NIGHT, Character, Step
from . import common
from .common import BEST_OF, actor

# ---- the wild child: a model on the first night; a werewolf once the model dies -------------

MODEL = "wild_child.model"


def _choose_model(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    s = common.another_target(g, c, stop, "model", "wild child",
                              "the wild child chooses another player as his model")
    return common.remember(g, MODEL, s)


def turned_on(g: Game, seat: int) -> int | None:
    """The day the wild child at ``seat`` turned werewolf: his model died before him."""
    model = g.memo.get(MODEL)
    # (killed, seed 000's Immortel or Imposteur lives on: he is not eliminated)
    mine = None if g.alive(seat) else g.death_of(seat)
    theirs = None if model is None or g.alive(model) else g.death_of(model)
    if theirs is None or (mine is not None and g.deaths.index(mine) < g.deaths.index(theirs)):
        return None
    return theirs.day


def _model_died(g: Game, dead: int) -> Game:
    """For the story: the wild child's model dies, so he is a werewolf from now on (he learns
    it from the model's death, announced to all)."""
    if g.memo.get(MODEL) != dead:
        return g
    child = g.holder("wild_child")
    return g if child is None else g.tell((), "wild_child", "turned", seat=child)


def _wild_camp(g: Game, seat: int) -> str:
    return "village" if turned_on(g, seat) is None else "werewolves"


def _wild_wakes_from(g: Game, seat: int) -> int:
    day = turned_on(g, seat)
    return 0 if day is None else day + 1  # the night after his model's death


WILD_CHILD = Character(
    "wild_child", "Enfant Sauvage", "Wild Child", "ambiguous", "village", ((BEST_OF, 1),),
    steps=(Step("wild_child", ("night",), order("wild_child"), FIRST_NIGHT, Kind.SEAT, role="wild_child",
                key="model", options=lambda g, stop: common.others(g, actor(stop)),
                act=_choose_model, required=lambda g: len(g.living()) >= 2),),
    camp_of=_wild_camp, wakes_from=_wild_wakes_from, on_death=_model_died)


# ---- the wolf-hound: his side, chosen on the first night, for good --------------------------

SIDE = "wolf_hound.side"


def _choose_side(g: Game, stop: Stop, c: Choice | None) -> Game:
    if c is None:
        return g
    if not isinstance(c, Side) or c.side not in ("village", "werewolves"):
        raise IllegalChoice("side", "the wolf-hound chooses \"village\" or \"werewolves\"")
    return common.remember(g, SIDE, c.side)


WOLF_HOUND = Character(
    "wolf_hound", "Chien-Loup", "Wolf-Hound", "ambiguous", "village", ((BEST_OF, 1),),
    steps=(Step("wolf_hound", ("night",), order("wolf_hound"), FIRST_NIGHT, Kind.SIDE, role="wolf_hound",
                key="side", options=lambda g, stop: [Side("village"), Side("werewolves")],
                act=_choose_side, required=lambda g: True),),
    camp_of=lambda g, seat: g.memo.get(SIDE) or "village", wakes_from=lambda g, seat: 1)

CHARACTERS = (WILD_CHILD, WOLF_HOUND)
