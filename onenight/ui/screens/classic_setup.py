"""Thiercelieux's cards and options: a preset (first game, base game, Best Of, for the table's
size) or a deck of one's own (the ``classic_deck`` screen, checked as it is built), the
deck's problems and the rules' advice, the table's options (when the captain is elected, how
the village votes (the classic vote or one of the Québec booklet's three), the sisters' extra
nights, the debate's length and whether it shortens each day, the night's
pace), and how the cards are dealt: by the tablet, or the table's own cards, each player
entering theirs in private."""

from __future__ import annotations

from collections import Counter

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from onenight.classic.model import CAPTAIN_WHEN, VOTE_VARIANTS
from onenight.game.classic_flow import PACE
from onenight.game.classic_views import Text

from .classic_base import ClassicScreen

PRESET_IDS = ("first_game", "base_game", "best_of")
PACE_STEP = 10  # percent


def notice_line(tr_classic, notice) -> str:
    """A classic deck's problem or warning as a sentence (``classic.deck.<code>``)."""
    return tr_classic(Text("classic.deck." + notice.code, dict(notice.facts)))


class ClassicSetupScreen(ClassicScreen):
    presets = ListProperty([])
    """The presets that fit the table (ids)."""
    preset = StringProperty("")
    check_text = StringProperty("")
    ready = BooleanProperty(False)
    captain = StringProperty("")
    vote = StringProperty("")
    sisters = StringProperty("")
    debate = StringProperty("")
    shrinks = StringProperty("")
    pace = StringProperty("")
    village = StringProperty("")
    village_on = BooleanProperty(False)
    houses_missing = BooleanProperty(False)
    """Le Village is played and nobody has said yet who lives where."""
    deal_mode = StringProperty("tablet")
    summary = StringProperty("")

    _deck_shown = None

    def on_pre_enter(self, *_):
        self.deal_mode = self.ctl.state.deal_mode  # as the last game was dealt
        super().on_pre_enter()

    def refresh(self):
        if self.ctl.phase != "setup":
            return
        v = self.ctl.setup_view()
        self.presets = list(v.presets)
        self.preset = v.preset or ""
        lines = []
        if v.check is not None:
            say = self.app.translator.classic
            lines += ["[color=#e05550]" + notice_line(say, p) + "[/color]"
                      for p in v.check.problems]
            lines += ["[color=#eea840]" + notice_line(say, w) + "[/color]"
                      for w in v.check.warnings]
        elif not v.deck:
            lines.append(self.tr("classic.setup.choose"))
        self.check_text = "\n".join(lines)
        self.ready = v.ready
        o = v.options
        self.captain = self.tr("classic.setup.captain." + o.captain)
        self.vote = self.tr("classic.setup.vote." + o.vote)
        self.sisters = self.tr("classic.setup.sisters_" + ("on" if o.sisters_wake_again
                                                             else "off"))
        self.debate = self.tr("classic.setup.debate_minutes", n=_n(o.debate_minutes))
        self.shrinks = self.tr("classic.setup.shrinks_" + ("on" if o.debate_shrinks else "off"))
        self.pace = self.tr("classic.setup.pace_value", n=o.pace)
        self.village_on = o.buildings
        self.village = self.tr("classic.setup.village_" + ("on" if o.buildings else "off"))
        self.houses_missing = o.buildings and (v.houses is None
                                               or len(v.houses) != len(v.players))
        if self.houses_missing and v.check is not None:
            self.check_text += ("\n" if self.check_text else "") + self.tr(
                "classic.setup.houses_first")
        self.summary = self.tr("classic.setup.summary", players=len(v.players),
                               cards=len(v.deck))
        shown = (v.deck, self.app.lang)
        if shown != self._deck_shown:
            self._deck_shown = shown
            grid = self.ids.deck
            grid.clear_widgets()
            counts = Counter(v.deck)
            for card in dict.fromkeys(v.deck):
                line = Factory.DeckLine()
                line.card, line.label, line.count = card, self.card_name(card), counts[card]
                grid.add_widget(line)

    # ---- the deck ---------------------------------------------------------------------------
    def use_preset(self, preset: str):
        self.send({"type": "preset", "id": preset})

    def custom(self):
        self.app.go("classic_deck")

    # ---- the options ------------------------------------------------------------------------
    def next_captain(self):
        now = self.ctl.state.options.captain
        i = (CAPTAIN_WHEN.index(now) + 1) % len(CAPTAIN_WHEN)
        self.send({"type": "options", "captain": CAPTAIN_WHEN[i]})

    def next_vote(self):
        """The day's vote: the classic one, then the Québec booklet's three."""
        now = self.ctl.state.options.vote
        i = (VOTE_VARIANTS.index(now) + 1) % len(VOTE_VARIANTS)
        self.send({"type": "options", "vote": VOTE_VARIANTS[i]})

    def toggle(self, option: str):
        now = getattr(self.ctl.state.options, option)
        self.send({"type": "options", option: not now})

    def debate_by(self, minutes: int):
        now = self.ctl.state.options.debate_minutes
        self.send({"type": "options", "debate_minutes": max(1, min(15, now + minutes))})

    def pace_by(self, sign: int):
        now = self.ctl.state.options.pace
        self.send({"type": "options",
                   "pace": max(PACE[0], min(PACE[1], now + sign * PACE_STEP))})

    def set_deal_mode(self, mode: str):
        self.deal_mode = mode

    # ---- on -------------------------------------------------------------------------------
    def deal(self):
        self.send({"type": "deal", "mode": self.deal_mode})


def _n(minutes: float) -> str:
    return str(int(minutes)) if float(minutes).is_integer() else f"{minutes:g}"
