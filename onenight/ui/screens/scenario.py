"""Scenario: the presets that fit the table, Anarchie's draw, the way to a custom deck, and
what to lay out for the chosen cards."""

from collections import Counter

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty

from onenight.rules.cards import ALPHA_CENTER_CARDS, ROLE
from onenight.rules.scenarios import SCENARIO, box_limit

from ..widgets.common import kept_children
from ..widgets.emblem import Emblem
from .base import BaseScreen

STARS = {"initiation": 1, "moyen": 2, "difficile": 3}


def notice_text(tr, notice) -> str:
    """A deck problem or warning as a sentence in the current language."""
    facts = dict(notice.facts)
    if "card" in facts:
        facts["card_name"] = tr("role." + facts["card"])
    if "cards" in facts and isinstance(facts["cards"], list):
        facts["names"] = ", ".join(tr("role." + c) for c in facts["cards"])
    return tr("deck." + notice.code, **facts)


class ScenarioItem(Factory.ButtonBehavior, Factory.BoxLayout):
    scenario = StringProperty("")
    title = StringProperty("")
    level = StringProperty("")
    desc = StringProperty("")
    selected = BooleanProperty(False)
    cards = ListProperty([])
    emblem_side = Factory.NumericProperty(40)
    names = StringProperty("")
    """The preset's cards by name, under their emblems."""

    def on_emblem_side(self, *_):
        if "emblems" in self.ids:  # not while the kv rule is being applied
            self.on_cards()

    def on_cards(self, *_):
        row = self.ids.emblems
        row.clear_widgets()
        for c in self.cards:
            side = self.emblem_side
            row.add_widget(Emblem(card=c, size_hint=(None, None), size=(side, side)))


class ScenarioScreen(BaseScreen):
    view = ObjectProperty(None, allownone=True)
    """The controller's SetupView."""
    chosen_title = StringProperty("")
    chosen_desc = StringProperty("")
    layout_text = StringProperty("")
    notices = StringProperty("")
    has_alpha = BooleanProperty(False)
    is_anarchy = BooleanProperty(False)
    ready = BooleanProperty(False)
    on_tablet = BooleanProperty(False)
    """The table option: the tablet deals and holds the cards (else: physical cards)."""
    _items: dict = {}  # the scenario list's items by scenario, kept (see _item)

    def refresh(self):
        ctl = self.app.ctl
        v = ctl.setup_view()
        self.view = v
        self.on_tablet = ctl.state.cards == "tablet"
        n = len(v.players)
        items = self.ids.scenario_list
        items.clear_widgets()
        for sid in v.scenarios:
            sc = SCENARIO[sid]
            it = self._item(sid)
            it.emblem_side = self.app.scale * 46
            it.title = getattr(sc, self.app.lang)
            it.level = "★" * STARS[sc.level] + "  " + self.tr("level." + sc.level)
            it.desc = self.tr(f"scenario.{sid}.desc")
            it.selected = v.scenario == sid
            it.cards = [] if sc.random_draw else list(sc.deck(n))
            it.names = ", ".join(self.tr("role." + c) for c in dict.fromkeys(it.cards))
            items.add_widget(it)
        custom = self._item("custom")
        custom.title, custom.level = self.tr("scenario.custom"), self.tr("scenario.custom_level")
        custom.desc, custom.selected = self.tr("scenario.custom.desc"), v.scenario == "custom"
        items.add_widget(custom)
        self._details(v)

    def _item(self, sid: str) -> ScenarioItem:
        """The list's item for scenario ``sid`` (``custom``: the way to a custom deck), made
        once and set again at each refresh: a tap on a scenario made every item again, each
        with its emblems."""
        if sid not in self._items:
            it = ScenarioItem(scenario=sid, emblem_side=self.app.scale * 46)
            if sid == "custom":
                it.bind(on_release=lambda w: self.app.go("deck"))
            else:
                it.bind(on_release=lambda w: self.choose(w.scenario))
            self._items = {**self._items, sid: it}
        return self._items[sid]

    def _details(self, v):
        tr = self.tr
        self.ready = v.ready
        self.is_anarchy = v.scenario == "anarchie"
        self.has_alpha = "alpha_wolf" in v.deck
        tiles = self.ids.deck
        alphas = self.ids.alphas
        if not v.deck:
            tiles.clear_widgets()
            alphas.clear_widgets()
            self.chosen_title = tr("scenario.none_chosen")
            self.chosen_desc = tr("scenario.pick_help", n=len(v.players))
            self.layout_text = ""
            self.notices = ""
            return
        if v.scenario == "custom":
            self.chosen_title = tr("scenario.custom")
            self.chosen_desc = tr("scenario.custom.desc")
        else:
            self.chosen_title = getattr(SCENARIO[v.scenario], self.app.lang)
            self.chosen_desc = tr(f"scenario.{v.scenario}.desc")
        counts = Counter(v.deck)
        for t, (card, k) in zip(kept_children(tiles, len(counts), lambda _: Factory.CardTile()),
                                counts.items()):
            t.card, t.label = card, tr("role." + card) + (f" ×{k}" if k > 1 else "")
        if self.on_tablet:  # nothing to lay out: the tablet deals and holds every card
            lines = [tr("layout.tablet", players=len(v.players))]
        else:
            lines = [tr("layout.deal", cards=len(v.deck), players=len(v.players))]
            if v.alpha_center:
                lines.append(tr("layout.alpha", card_name=tr("role." + v.alpha_center)))
            if v.shields:
                lines.append(tr("layout.shields", count=v.shields))
            if v.artifacts:
                lines.append(tr("layout.artifacts", count=v.artifacts))
            lines.append(tr("layout.look_once"))
        self.layout_text = "\n".join("• " + x for x in lines)
        offered = ALPHA_CENTER_CARDS if self.has_alpha else ()
        for t, card in zip(kept_children(alphas, len(offered), self._alpha_tile), offered):
            # a card whose every copy is already dealt cannot be set apart: shown faint,
            # not offered (a tap would only be refused)
            spare = counts[card] < box_limit(card) or card == v.alpha_center
            t.card, t.label, t.value = card, tr("role." + card), card
            t.selected, t.dim, t.disabled = card == v.alpha_center, not spare, not spare
        out = []
        if v.check:
            out += ["[color=#e05550]" + notice_text(tr, p) + "[/color]" for p in v.check.problems]
            out += ["[color=#eea840]" + notice_text(tr, w) + "[/color]" for w in v.check.warnings]
        if any(ROLE[c].difficulty >= 3 for c in v.deck) or v.scenario != "sombre-reveil":
            if len(v.players) <= 5 and "sombre-reveil" in v.scenarios:
                out.append(tr("advice.first_game"))
        self.notices = "\n".join(out)

    def _alpha_tile(self, _place):
        t = Factory.CardTile()
        t.bind(on_release=lambda w: self.set_alpha(w.value))
        return t

    def choose(self, sid: str):
        if self.app.send({"type": "scenario", "id": sid}):
            self.refresh()

    def draw_again(self):
        self.choose("anarchie")

    def set_alpha(self, card: str):
        if self.app.send({"type": "alpha_center", "card": card}):
            self.refresh()

    def set_cards(self, on: str):
        """Where the cards are: ``table`` (physical cards) or ``tablet``; kept from game to
        game."""
        if self.app.send({"type": "cards", "on": on}):
            self.refresh()

    def start(self):
        if self.app.send({"type": "start_night"}):
            self.app.go("deal" if self.app.ctl.phase == "deal" else "night")
