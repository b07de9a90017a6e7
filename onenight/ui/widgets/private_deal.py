"""The private deal: the tablet goes round the table and each player, alone with it, sees
their own card (or enters the card they hold, when the table plays with its own cards).
Both games' deals use it; the one-night game's day uses it too, for the artifacts.

It takes plain data, never a controller: the names, who has already had their turn
(``done``), and either ``card_of(seat)`` (what that seat may see: a :class:`SecretCard`,
asked only while its player holds the button) or the cards to enter (``choices``). It says
what happened with ``on_looked(seat)`` and ``on_entered(seat, card)``.

A turn, in the ``look`` mode: the player taps their name; holds the button to see their card
(its emblem, its name and a one-line reminder of what it does) and lets go to hide it; then
hands the tablet on ("Done"). In the ``enter`` mode: the player taps their name, then their
card, then taps it again (or confirms) to enter it. Whoever looks at the tablet from across
the table never sees a name beside a card: while a card is on screen, nothing else is, and
it is gone before the tablet is handed on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from kivy.factory import Factory
from kivy.properties import (BooleanProperty, ListProperty, NumericProperty, ObjectProperty,
                             OptionProperty, StringProperty)
from kivy.uix.floatlayout import FloatLayout

LOOK, ENTER, WRITE = "look", "enter", "write"


@dataclass(frozen=True)
class SecretCard:
    """What one player sees alone: a card's (or artifact's) emblem, its name, a one-line
    reminder of what it does, and the team whose colour its tile takes ("": the emblem's)."""

    card: str
    title: str
    text: str
    team: str = ""


class PrivateDeal(FloatLayout):
    names = ListProperty([])
    done = ListProperty([])
    """Per seat: that player has had their turn (greyed, not offered again)."""
    mode = OptionProperty(LOOK, options=(LOOK, ENTER, WRITE))
    card_of: Callable[[int], SecretCard | None] | None = ObjectProperty(None, allownone=True)
    """``look``: what a seat may see, asked while its player holds the button."""
    choices = ListProperty([])
    """``enter``: the cards a player may enter, as (card id, its name)."""
    stage = OptionProperty("pass", options=("pass", "ready", "showing", "enter", WRITE))
    """``pass``: the names, for the next player to tap theirs; ``ready``: one player holds
    the tablet (the hold button); ``showing``: their card, while the button is held;
    ``enter``: the cards to enter theirs; ``write``: the drawing pad, to write by hand the
    name of their character (seed 000's Graphologue's notes)."""
    seat = NumericProperty(-1)
    """The player holding the tablet (-1: nobody)."""
    looked_once = BooleanProperty(False)
    """The player holding the tablet has seen their card (they may hand it on)."""
    chosen = StringProperty("")
    """``enter``: the card tapped once (a second tap enters it)."""
    secret = ObjectProperty(None, allownone=True)
    """The card on screen (only while ``showing``)."""

    __events__ = ("on_looked", "on_entered", "on_written")

    def __init__(self, **kw):
        self._tiles: dict = {}
        """The cards' tiles made, by (card, name, which copy): shown again, not made again."""
        super().__init__(**kw)

    def on_looked(self, seat: int):
        pass

    def on_entered(self, seat: int, card: str):
        pass

    def on_written(self, seat: int, note):
        pass

    def on_kv_post(self, *_):
        self._offer()

    def on_names(self, *_):
        self._offer()

    def on_done(self, *_):
        self._offer()

    def on_stage(self, *_):
        self._offer()

    def _offer(self):
        grid = self.ids.get("names")
        if grid is None:
            return
        names = list(self.names) if self.stage == "pass" else []
        if grid.names != names:
            grid.names = names
            grid.rebuild_now()
        grid.blocked = [i for i, d in enumerate(self.done) if d]
        for b in grid.buttons():
            done = b.seat < len(self.done) and self.done[b.seat]
            b.text = self.names[b.seat] + ("  ✓" if done else "")
        tiles = self.ids.get("cards")
        if tiles is not None:
            wanted = list(self.choices) if self.stage == "enter" else []
            if [(t.card, t.label) for t in reversed(tiles.children)] != \
                    [tuple(c) for c in wanted]:
                tiles.clear_widgets()
                # A card's tile is made once and shown again to each player who enters
                # theirs (a tile is an emblem, a label and their kv rules: ten players
                # entering from a deck of ten cards made a hundred); those of another deck
                # are let go.
                made, kept = self._tiles, {}
                for card, label in wanted:
                    n = sum(1 for key in kept if key[:2] == (card, label))
                    t = made.get((card, label, n))
                    if t is None:
                        t = Factory.ChoiceTile(card=card, label=label, value=card)
                        t.bind(on_release=lambda w: self.tap_card(w.value))
                    kept[card, label, n] = t
                    tiles.add_widget(t)
                if wanted:
                    self._tiles = kept
            for t in tiles.children:
                t.selected = t.card == self.chosen

    @staticmethod
    def make_button(seat, name):
        return Factory.BigButton(text=name)

    # ---- a turn ----------------------------------------------------------------------------
    def take(self, seat: int) -> None:
        """A player tapped their name: the tablet is theirs."""
        if self.stage != "pass" or not 0 <= seat < len(self.names) or \
                (seat < len(self.done) and self.done[seat]):
            return
        self.seat, self.looked_once, self.chosen, self.secret = seat, False, "", None
        if self.mode == WRITE:
            self.ids.pad.erase()  # a blank page for each player
        self.stage = self.mode if self.mode in (ENTER, WRITE) else "ready"

    def hold(self) -> None:
        """The button is held: the card shows."""
        if self.stage != "ready" or self.card_of is None:
            return
        self.secret = self.card_of(self.seat)
        self.stage = "showing"

    def let_go(self) -> None:
        """The button is let go: the card is hidden at once."""
        if self.stage == "showing":
            self.secret = None
            self.looked_once = True
            self.stage = "ready"

    def hand_on(self) -> None:
        """Seen: the tablet goes to the next player."""
        if self.stage == "ready" and self.looked_once:
            seat = self.seat
            self._back()
            self.dispatch("on_looked", seat)

    def tap_card(self, card: str) -> None:
        """``enter``: a first tap selects the card, a second enters it."""
        if self.stage != ENTER:
            return
        if card != self.chosen:
            self.chosen = card
            self._offer()
            return
        self.enter()

    def enter(self) -> None:
        if self.stage == ENTER and self.chosen:
            seat, card = self.seat, self.chosen
            self._back()
            self.dispatch("on_entered", seat, card)

    def written(self, note) -> None:
        """``write``: the player's note is done: the tablet goes to the next player, the page
        blank again."""
        if self.stage == WRITE:
            seat = self.seat
            self._back()
            self.ids.pad.erase()
            self.dispatch("on_written", seat, note)

    def not_me(self) -> None:
        """The tablet went to the wrong player: back to the names, nothing seen."""
        self._back()

    def _back(self):
        if self.stage == WRITE:
            self.ids.pad.erase()  # nothing written is left for the next player to see
        self.secret, self.chosen, self.seat, self.looked_once = None, "", -1, False
        self.stage = "pass"
        self._offer()
