"""The result: who dies and why, who wins and why (one sentence per death and per verdict,
from the rules' reason codes), each player's identity, and the votes round the table."""

from kivy.factory import Factory
from kivy.properties import ObjectProperty, StringProperty

from .base import BaseScreen


def outcome_sentences(tr, players, outcome) -> tuple[list[str], list[str]]:
    """(what happened at the vote, who won) as sentences in the current language."""
    deaths = []
    for d in outcome.deaths:
        if d.cause.value == "vote":
            deaths.append(tr("result.death.vote", name=players[d.seat], votes=d.votes))
        else:
            deaths.append(tr("result.death.hunter", name=players[d.seat], hunter=players[d.by]))
    for s in outcome.spared:
        key = "result.spared.bodyguard" if s in outcome.protected else "result.spared.prince"
        deaths.append(tr(key, name=players[s]))
    if not outcome.deaths:
        deaths.insert(0, tr("result.nobody_dies"))
    verdicts = []
    for v in outcome.verdicts:
        key = f"verdict.{v.team.value}.{'won' if v.won else 'lost'}.{v.reason.value}"
        name = players[v.seat] if v.seat is not None else ""
        verdicts.append(tr(key, name=name))
    return deaths, verdicts


class ResultScreen(BaseScreen):
    deaths_text = StringProperty("")
    verdicts_text = StringProperty("")
    winners_text = StringProperty("")
    saved_text = StringProperty("")
    showing = ObjectProperty(None, allownone=True)
    """A game of the history (a history entry) whose verdict is shown again, or None: the
    game of the table."""

    def refresh(self):
        if self.showing is not None:
            e = self.showing
            players, o = list(e.players), e.outcome
            self.saved_text = self.tr("result.played_on",
                                      date=e.finished[:16].replace("T", " "))
        else:
            ctl = self.app.ctl
            o = ctl.outcome
            if o is None:
                return
            players = ctl.state.players
            if ctl.state.record_path:
                self.saved_text = self.tr("result.saved")
            else:
                reason = self.app.reason_text(ctl.save_error or "io")
                self.saved_text = self.tr("result.not_saved", reason=reason)
        deaths, verdicts = outcome_sentences(self.tr, players, o)
        self.deaths_text = "\n".join(deaths)
        self.verdicts_text = "\n".join(verdicts)
        names = [players[s] for s in o.winners]
        self.winners_text = self.tr("result.winners", names=", ".join(names)) if names \
            else self.tr("result.no_winner")
        rows = self.ids.rows
        rows.clear_widgets()
        for i, name in enumerate(players):
            r = Factory.SeatRow(seat=i, name=name, card=o.roles[i])
            won = i in o.winners
            bits = [self.tr("role." + o.roles[i]),
                    self.tr("result.won") if won else self.tr("result.lost")]
            if i in o.dead:
                bits.append(self.tr("result.dead"))
            r.status = " · ".join(bits)
            r.colour = list(self._colour(won))
            rows.add_widget(r)
        c = self.ids.circle
        c.names = list(players)
        c.votes = list(o.votes)
        c.counts = list(o.counts)
        c.dead = list(o.dead)

    @staticmethod
    def _colour(won):
        from .. import theme
        return theme.GOOD if won else theme.MUTED

    def on_pre_enter(self, *_):
        super().on_pre_enter()
        self.scroll_to_top()

    def on_enter(self, *_):
        o = self.app.ctl.outcome
        if o is None or self.showing is not None:  # a game of the history is not said again
            return
        if not o.deaths:
            self.app.say("result.nobody_died")
        teams = o.winning_teams
        line = {"village": "result.village", "werewolf": "result.werewolves",
                "tanner": "result.tanner"}
        if not teams:
            self.app.say("result.nobody")
        for t in teams:
            self.app.say(line[t])

    def on_leave(self, *_):
        self.showing = None

    def again(self):
        if self.showing is None and self.app.send({"type": "new_game"}):
            self.app.go("scenario")

    def home(self):
        self.app.go("home" if self.showing is None else "history")
