"""The reveal: the table turns every card up and the host enters, seat by seat, the card in
front of each player (a tap on its emblem), then what lies on it (an artifact) and whether a
Paranormal Investigator changed side, and what the Doppelgänger copied. Then: who won.

Every seat is in sight (ten on the 800x480 screen), and each question has its own page that
fits without scrolling: the card; then, when the deck has them, the extras of that seat with
a button to the next seat; then what the Doppelgänger copied. A seat whose card is in opens
on its extras. Missing entries are pointed at on the seats themselves."""

from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty

from onenight.rules.cards import ARTIFACT_IDS

from ..widgets.dialog import confirm as ask
from .base import BaseScreen

PAGES = ("card", "extras", "copied")


class RevealScreen(BaseScreen):
    seat = NumericProperty(0)
    """The seat whose card is being entered."""
    page = StringProperty("card")
    """What the right side asks: ``card``, ``extras`` (artifact, changed side) or
    ``copied`` (the Doppelgänger's copy)."""
    view = ObjectProperty(None, allownone=True)
    seat_title = StringProperty("")
    extras_title = StringProperty("")
    has_extras = BooleanProperty(False)
    has_doppelganger = BooleanProperty(False)
    entered_text = StringProperty("")
    """How many cards are in ("7/10 cards")."""
    missing = ObjectProperty(())
    """Seats found missing when the host asked for the verdict."""

    def on_pre_enter(self, *_):
        self.missing = ()
        ctl = self.app.ctl
        if ctl.phase == "reveal":  # where the host was (after a restart too)
            self.select(ctl.reveal_seat())
            return
        self.seat = 0
        self.page = "card"
        self.refresh()

    _built = None  # what the tiles were built for: rebuilt only when that changes

    def refresh(self):
        ctl = self.app.ctl
        if ctl.phase != "reveal":
            return
        v = ctl.reveal_view()
        self.view = v
        tr = self.tr
        self.has_extras = v.has_curator or v.has_investigator
        self.has_doppelganger = v.has_doppelganger
        self.entered_text = tr("reveal.entered", count=sum(c is not None for c in v.final),
                               players=len(v.players))
        name = v.players[self.seat]
        self.seat_title = tr("reveal.card_of", name=name)
        self.extras_title = tr("reveal.extras_of", name=name)
        built = (v.players, v.choices, v.has_curator, v.has_investigator, v.has_doppelganger,
                 self.app.lang)
        if built != self._built:
            self._built = built
            self._build(v)
        self._show(v)

    def _build(self, v):
        """One tile per seat and per choice (a tap only changes what they show)."""
        tr = self.tr
        seats = self.ids.seats
        seats.clear_widgets()
        for i, name in enumerate(v.players):
            r = Factory.SeatButton(seat=i, name=name)
            r.bind(on_release=lambda w: self.select(w.seat))
            seats.add_widget(r)

        def tiles(grid, items, action):
            grid.clear_widgets()
            for card, label, value in items:
                t = Factory.ChoiceTile(card=card, label=label, value=value)
                t.bind(on_release=lambda w: action(w.value))
                grid.add_widget(t)

        tiles(self.ids.cards, [(c, tr("role." + c), c) for c in v.choices], self.set_card)
        tiles(self.ids.artifacts,
              [(a or "", tr("artifact." + a) if a else tr("reveal.no_artifact"), a)
               for a in ((None,) + ARTIFACT_IDS if v.has_curator else ())], self.set_artifact)
        tiles(self.ids.sides,
              [("paranormal_investigator" if to is None else to, tr("reveal.pi_" + (to or "none")),
                to) for to in ((None, "werewolf", "tanner") if v.has_investigator else ())],
              self.set_change)
        tiles(self.ids.copied,
              [(c or "doppelganger", tr("role." + c) if c else tr("reveal.copied_none"), c)
               for c in ((None,) + tuple(c for c in v.choices if c != "doppelganger")
                         if v.has_doppelganger else ())], self.set_copied)

    def _show(self, v):
        tr = self.tr
        for r in self.ids.seats.children:
            i = r.seat
            bits = []
            if v.final[i]:
                bits.append(tr("role." + v.final[i]))
            if i in v.artifacts:
                bits.append(tr("artifact." + v.artifacts[i]))
            if i in v.changed:
                bits.append(tr("reveal.became", role=tr("role." + v.changed[i])))
            r.card = v.final[i] or ""
            r.selected = i == self.seat and self.page != "copied"
            r.missing = i in self.missing and v.final[i] is None
            r.status = " · ".join(bits) if bits else tr("reveal.tap_card")
        for t in self.ids.cards.children:
            t.selected = v.final[self.seat] == t.value
        for t in self.ids.artifacts.children:
            t.selected = v.artifacts.get(self.seat) == t.value
        for t in self.ids.sides.children:
            t.selected = v.changed.get(self.seat) == t.value
        for t in self.ids.copied.children:
            t.selected = v.copied == t.value

    # ---- entering ---------------------------------------------------------------------------
    def select(self, seat: int):
        """A seat: its card, or, once its card is in, what lies on it."""
        self.seat = seat
        v = self.app.ctl.reveal_view()
        extras = v.has_curator or v.has_investigator
        self.page = "extras" if extras and v.final[seat] is not None else "card"
        self.refresh()

    def show_copied(self):
        self.page = "copied"
        self.refresh()

    def show_card(self):
        self.page = "card"
        self.refresh()

    def set_card(self, card: str):
        """Enter this seat's card; a card already entered is replaced only once the host
        says so."""
        was = self.app.ctl.reveal_view().final[self.seat]
        if was is None or was == card:
            self._enter(card)
            return
        tr = self.tr
        self.asking = ask(tr("reveal.replace_title"),
                          tr("reveal.replace", name=self.view.players[self.seat],
                             old=tr("role." + was), new=tr("role." + card)),
                          tr("reveal.replace_yes"), lambda: self._enter(card),
                          no=tr("reveal.replace_no"))

    def _enter(self, card: str):
        if self.app.send({"type": "final_card", "seat": self.seat, "card": card}):
            if self.has_extras:
                self.page = "extras"  # then what lies on this card, and on to the next seat
                self.refresh()
            else:
                self.next_seat()

    def next_seat(self):
        """On to the next seat still to enter (then the Doppelgänger's copy, if any)."""
        v = self.app.ctl.reveal_view()
        empty = [i for i, c in enumerate(v.final) if c is None]
        later = [i for i in empty if i > self.seat]
        if later or empty:
            self.seat = (later or empty)[0]
            self.page = "card"
        elif self.has_doppelganger and v.copied is None:
            self.page = "copied"
        self.refresh()

    def set_artifact(self, art):
        if self.app.send({"type": "artifact", "seat": self.seat, "artifact": art}):
            self.refresh()

    def set_change(self, to):
        if self.app.send({"type": "changed", "seat": self.seat, "to": to}):
            self.refresh()

    def set_copied(self, role):
        if self.app.send({"type": "copied", "role": role}):
            self.refresh()

    def confirm(self):
        v = self.app.ctl.reveal_view()
        self.missing = tuple(i for i, c in enumerate(v.final) if c is None)
        if self.missing:
            # pointed at where it is wrong: the seats still to enter, the first one chosen
            self.seat, self.page = self.missing[0], "card"
            self.refresh()
        if self.app.send({"type": "confirm"}):
            self.app.go("result")
