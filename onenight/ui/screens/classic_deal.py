"""Thiercelieux's deal, two ways, both on the shared private deal
(:class:`..widgets.private_deal.PrivateDeal`):

- **The tablet deals** (``look``): the tablet goes round the table; each player taps their
  name, holds the button to see their card (its emblem, its name, what it does), lets go, and
  passes the tablet on. The thief sees his two cards at night, at his call, not here.
- **The table's own cards** (``enter``): each player in turn taps their name and, alone with
  the tablet, taps the card in front of them twice. When the cards entered do not make the
  deck, nobody is told whose is wrong (that would tell a card): everyone enters theirs again.

The names show who has had their turn, never which card. When everyone has, the night
falls.

In a Québec game of 13 players or more, the tablet then goes round once more, the same way
(``ragots``): each player, alone with it, holds the button to see their card again with the
ragot the table drew for them as the first night opened, or with the words that they received
none (every player who is no Habitant). Everyone has the same turn, so the round tells nobody
who the Habitants are, nor how many.

In every game whose deck holds seed 000's Graphologue (dealt or not: the round tells nothing),
the tablet goes round once more right after the deal (``notes``): each player taps their name
and, alone with it, writes the name of their character with a finger on the drawing pad
(:class:`..widgets.note_pad.NotePad`), then hands it on; the page is blank for the next."""

from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, StringProperty

from onenight.classic.handwriting import note_json

from ..widgets.private_deal import ENTER, LOOK, WRITE, SecretCard
from .classic_base import ClassicScreen


class ClassicDealScreen(ClassicScreen):
    mode = StringProperty(LOOK)
    """``look`` (the tablet deals) or ``enter`` (the table's own cards)."""
    ragots = BooleanProperty(False)
    """The Québec Habitants' round (each sees their ragot, or that they have none)."""
    notes = BooleanProperty(False)
    """The Graphologue's round (each writes their character's name by hand)."""
    names = ListProperty([])
    done = ListProperty([])
    ready = BooleanProperty(False)
    """Everyone has had their turn: the night may fall."""

    _again: set[int] | None = None
    """After cards entered that did not make the deck: the seats that entered theirs again
    (None: no such mistake)."""

    def refresh(self):
        if self.ctl.phase not in ("deal", "ragots", "notes"):
            return
        v = self.ctl.deal_view()
        self.ragots = v.mode == "ragots"
        self.notes = v.mode == "notes"
        self.mode = ENTER if v.mode == "cards" else WRITE if self.notes else LOOK
        self.names = list(v.players)
        if self._again is not None:
            self.done = [i in self._again for i in range(len(v.players))]
        else:
            self.done = list(v.done)
        self.ready = v.ready and all(self.done)
        deal = self.ids.deal
        deal.mode = self.mode
        deal.choices = [(card, self.card_name(card)) for card in v.choices]
        deal.names, deal.done = self.names, self.done

    def on_leave(self, *_):
        self._again = None
        self.ids.deal.not_me()  # nobody's turn is left open behind the screen

    # ---- one player alone with the tablet ------------------------------------------------------
    def card_of(self, seat: int) -> SecretCard | None:
        """The card the tablet dealt to ``seat``, while its player holds the button (in the
        Habitants' round, with the ragot they received, or the words that they have none)."""
        if self.ragots:
            v = self.ctl.ragots_view(seat)
            text = "\n".join(self.say(r.text) for r in v.ragots) \
                or self.tr("classic.ragots.none")
            return SecretCard(v.card.card, v.card.names[self.app.lang], text, v.card.colour)
        c = self.ctl.card_view(seat).card
        return SecretCard(c.card, c.names[self.app.lang], self.tr(c.reminder), c.colour)

    def looked(self, seat: int):
        self.send({"type": "ragot_seen" if self.ragots else "seen", "seat": seat})

    def entered(self, seat: int, card: str):
        if self._again is not None:
            self._again.add(seat)
        self.send({"type": "card", "seat": seat, "card": card})

    def written(self, seat: int, note):
        self.send({"type": "note", "seat": seat, "note": note_json(note)})

    def night_falls(self):
        if self.notes:
            self.send({"type": "notes_done"})
            return
        if self.ragots:
            self.send({"type": "ragots_done"})
            return
        if not self.send({"type": "deal_done"}) and self.ctl.phase == "deal" \
                and self.mode == ENTER:
            self._again = set()  # the cards do not make the deck: everyone again
            self.refresh()
