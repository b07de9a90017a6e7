"""The reveal: the table turns every card up and the host enters, seat by seat, the card in
front of each player (a tap on its emblem), then the artifacts, what the Doppelgänger
copied and whether the Paranormal Investigator changed side. Then: who won."""

from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty

from onenight.rules.cards import ARTIFACT_IDS

from .base import BaseScreen, show_from_start


class RevealScreen(BaseScreen):
    seat = NumericProperty(0)
    """The seat whose card is being entered."""
    view = ObjectProperty(None, allownone=True)
    seat_title = StringProperty("")
    extras_title = StringProperty("")
    has_extras = BooleanProperty(False)
    copied_title = StringProperty("")

    def on_pre_enter(self, *_):
        ctl = self.app.ctl
        self.seat = ctl.reveal_seat() if ctl.phase == "reveal" else 0  # where the host was
        self.refresh()
        self.scroll_to_top()

    def refresh(self):
        ctl = self.app.ctl
        if ctl.phase != "reveal":
            return
        v = ctl.reveal_view()
        self.view = v
        tr = self.tr
        rows = self.ids.seats
        rows.clear_widgets()
        for i, name in enumerate(v.players):
            r = Factory.SeatRow(seat=i, name=name, card=v.final[i] or "", selected=i == self.seat)
            bits = []
            if v.final[i]:
                bits.append(tr("role." + v.final[i]))
            if i in v.artifacts:
                bits.append(tr("artifact." + v.artifacts[i]))
            if i in v.changed:
                bits.append(tr("reveal.became", role=tr("role." + v.changed[i])))
            r.status = " · ".join(bits) if bits else tr("reveal.tap_card")
            r.bind(on_release=lambda w: self.select(w.seat))
            rows.add_widget(r)
        name = v.players[self.seat]
        self.seat_title = tr("reveal.card_of", name=name)
        grid = self.ids.cards
        grid.clear_widgets()
        for card in v.choices:
            t = Factory.CardTile(card=card, label=tr("role." + card), value=card,
                                 selected=v.final[self.seat] == card)
            t.bind(on_release=lambda w: self.set_card(w.value))
            grid.add_widget(t)
        extras = self.ids.extras
        extras.clear_widgets()
        self.has_extras = v.has_curator or v.has_investigator
        self.extras_title = tr("reveal.extras_of", name=name)
        if v.has_curator:
            cur = v.artifacts.get(self.seat)
            for art in (None,) + ARTIFACT_IDS:
                t = Factory.CardTile(card=art or "", label=tr("artifact." + art) if art
                                     else tr("reveal.no_artifact"), value=art,
                                     selected=cur == art)
                t.bind(on_release=lambda w: self.set_artifact(w.value))
                extras.add_widget(t)
        if v.has_investigator:
            cur = v.changed.get(self.seat)
            for to in (None, "werewolf", "tanner"):
                label = tr("reveal.pi_" + (to or "none"))
                t = Factory.CardTile(card="paranormal_investigator" if to is None else to,
                                     label=label, value=to, selected=cur == to)
                t.bind(on_release=lambda w: self.set_change(w.value))
                extras.add_widget(t)
        cop = self.ids.copied
        cop.clear_widgets()
        self.copied_title = tr("reveal.copied") if v.has_doppelganger else ""
        if v.has_doppelganger:
            for card in (None,) + tuple(c for c in v.choices if c != "doppelganger"):
                t = Factory.CardTile(card=card or "doppelganger",
                                     label=tr("role." + card) if card else tr("reveal.copied_none"),
                                     value=card, selected=v.copied == card)
                t.bind(on_release=lambda w: self.set_copied(w.value))
                cop.add_widget(t)

    def select(self, seat: int):
        self.seat = seat
        self.refresh()
        show_from_start(self.ids.cards.parent.parent)  # this seat's choice, from the first card

    def set_card(self, card: str):
        """Enter this seat's card; a card already entered is replaced only once the host
        says so."""
        was = self.app.ctl.reveal_view().final[self.seat]
        if was is None or was == card:
            self._enter(card)
            return
        tr = self.tr
        self.asking = Factory.Ask(lambda: self._enter(card),
                                  question=tr("reveal.replace", name=self.view.players[self.seat],
                                              old=tr("role." + was), new=tr("role." + card)),
                                  yes=tr("reveal.replace_yes"), no=tr("reveal.replace_no"))
        self.asking.open(animation=False)

    def _enter(self, card: str):
        if self.app.send({"type": "final_card", "seat": self.seat, "card": card}):
            self.seat = self.app.ctl.reveal_seat()  # on to the next seat still to enter
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
        if self.app.send({"type": "confirm"}):
            self.app.go("result")
