"""The private deal of the cards on the tablet: the tablet goes round the table and each
player, alone with it, holds a button to see their card (:class:`..widgets.private_deal.
PrivateDeal`). Once everyone has, the night falls.

During the day the same screen lets each player with an artifact on their card look at it
in private (the table sees where the artifacts lie, face down, not which)."""

from kivy.properties import BooleanProperty, ListProperty

from ..widgets.private_deal import SecretCard
from .base import BaseScreen


class DealScreen(BaseScreen):
    names = ListProperty([])
    done = ListProperty([])
    everyone = BooleanProperty(False)
    """Everyone has looked: the night may fall (or the debate go on)."""
    day = BooleanProperty(False)
    """The day's round: the artifacts."""

    def refresh(self):
        ctl = self.app.ctl
        if ctl.phase not in ("deal", "day") or ctl.tablet is None:
            return
        r = ctl.private_round()
        self.day = ctl.phase == "day"
        self.names = list(r.players)
        self.done = [i not in r.seats or i in r.looked for i in range(len(r.players))]
        self.everyone = r.next is None
        deal = self.ids.deal
        deal.names, deal.done = self.names, self.done

    def card_of(self, seat: int) -> SecretCard | None:
        """What ``seat`` sees alone: their card (the deal) or their artifact (the day)."""
        v = self.app.ctl.private_view(seat)
        if v.card is not None:
            return SecretCard(v.card, self.tr("role." + v.card), self.tr("explain." + v.card))
        if v.artifact is not None:
            return SecretCard(v.artifact, self.tr("artifact." + v.artifact),
                              self.tr("explain.artifact." + v.artifact))
        return None

    def looked(self, seat: int):
        if self.app.send({"type": "looked", "seat": seat}):
            self.refresh()

    def go_on(self):
        """Everyone has looked: the night falls (or back to the debate)."""
        if self.day:
            self.app.go("day")
        elif self.app.send({"type": "deal_done"}):
            self.app.go("night")
