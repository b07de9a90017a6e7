"""Cards in play: what each card of the chosen deck does, in a sentence or two, in wake
order; the artifacts too when the Curator is in play."""

from kivy.factory import Factory

from onenight.rules.cards import ARTIFACT_IDS, ROLE

from .base import BaseScreen


class CardExplain(Factory.BoxLayout):
    pass


class CardsScreen(BaseScreen):

    def refresh(self):
        ctl = self.app.ctl
        box = self.ids.list
        box.clear_widgets()
        for card in ctl.in_play():
            r = ROLE[card]
            w = CardExplain()
            w.ids.emblem.card = card
            team = self.tr("team." + r.team.value)
            wake = self.tr("cards.wakes", label=r.wake) if r.wake else self.tr("cards.sleeps")
            w.ids.title.text = f"{self.tr('role.' + card)}  [size={int(self.app.scale * 20)}]" \
                               f"[color=#b3b3b8]{team} · {wake} · [font=DejaVuSans]{'★' * r.difficulty}[/font]" \
                               f"[/color][/size]"
            w.ids.text.text = self.tr("explain." + card)
            box.add_widget(w)
        if "curator" in ctl.state.deck:
            for art in ARTIFACT_IDS:
                w = CardExplain()
                w.ids.emblem.card = art
                w.ids.title.text = self.tr("artifact." + art)
                w.ids.text.text = self.tr("explain.artifact." + art)
                box.add_widget(w)

    def back(self):
        self.app.go("day" if self.app.ctl.phase == "day" else "scenario")
