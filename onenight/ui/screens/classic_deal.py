"""Thiercelieux's deal, two ways.

- **The tablet deals**: the tablet goes round the table; each player taps their name, holds
  the button to see their card (its emblem, its name, what it does), lets go, and passes the
  tablet on. The thief sees his two cards at night, at his call, not here.
- **The table's own cards**: each player in turn taps their name and, alone with the tablet,
  taps the card in front of them.

The names show who has looked (or entered), never which card. When everyone has, the night
falls."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from .classic_base import ClassicScreen


class ClassicDealScreen(ClassicScreen):
    mode = StringProperty("tablet")
    names = ListProperty([])
    private = NumericProperty(-1)
    """The seat holding the tablet alone (-1: the list of names, for everyone)."""
    showing = BooleanProperty(False)
    """The button is held: the card is on screen."""
    card = StringProperty("")
    card_name = StringProperty("")
    reminder = StringProperty("")
    colour = StringProperty("")
    ready = BooleanProperty(False)
    picked = StringProperty("")
    """The card a player has tapped (the table's own cards), not yet entered."""
    prompt = StringProperty("")

    def refresh(self):
        if self.ctl.phase != "deal":
            return
        v = self.ctl.deal_view()
        self.mode = v.mode
        self.ready = v.ready
        self.names = list(v.players)
        grid = self.ids.seats
        grid.button_factory = self._seat_button
        grid.names = list(v.players)
        grid.rebuild_now()
        for b in grid.buttons():
            b.status = self.tr("classic.deal.done" if v.done[b.seat] else
                               ("classic.deal.to_see" if v.mode == "tablet"
                                else "classic.deal.to_enter"))
            b.missing = False
        self.prompt = self.tr("classic.deal.prompt_" + v.mode)
        if self.private >= 0:
            self._private_texts()

    def _seat_button(self, seat: int, name: str):
        return Factory.SeatButton(seat=seat, name=name)

    # ---- one player alone with the tablet ------------------------------------------------------
    def open_seat(self, seat: int):
        self.private = seat
        self.showing = False
        self.picked = ""
        self.card = self.card_name = self.reminder = ""
        if self.mode == "cards":
            grid = self.ids.cards
            grid.clear_widgets()
            for card in self.ctl.deal_view().choices:
                tile = Factory.ChoiceTile(card=card, label=self.app.translator.classic_card(card),
                                          value=card)
                tile.bind(on_release=lambda w: self.pick(w.value))
                grid.add_widget(tile)
        self._private_texts()

    def _private_texts(self):
        name = self.names[self.private] if 0 <= self.private < len(self.names) else ""
        key = "classic.deal.hold" if self.mode == "tablet" else "classic.deal.enter"
        self.ids.private_title.text = self.tr(key, name=name)

    def hold(self, down: bool):
        """The button is held (the card shows) or let go (it hides)."""
        if self.private < 0 or self.mode != "tablet":
            return
        if down:
            c = self.ctl.card_view(self.private).card
            self.card, self.colour = c.card, c.colour
            self.card_name = c.names[self.app.lang]
            self.reminder = self.tr(c.reminder)
        else:
            self.card = self.card_name = self.reminder = ""
        self.showing = down

    def pick(self, card: str):
        """The table's own cards: the player taps theirs (a second tap on it enters it)."""
        if self.picked == card:
            self.enter()
            return
        self.picked = card
        for tile in self.ids.cards.children:
            tile.selected = tile.value == card

    def enter(self):
        if self.private >= 0 and self.picked:
            seat, card = self.private, self.picked
            self.close_seat()
            self.send({"type": "card", "seat": seat, "card": card})

    def seen(self):
        """The player has seen their card: the tablet goes on to the next."""
        seat = self.private
        self.close_seat()
        if seat >= 0:
            self.send({"type": "seen", "seat": seat})

    def close_seat(self):
        self.private = -1
        self.showing = False
        self.picked = ""
        self.card = self.card_name = self.reminder = ""
        self.ids.cards.clear_widgets()

    def night_falls(self):
        self.send({"type": "deal_done"})
