"""The verdict, news first: a banner with the winning side in its colour (and a sound), the
dead with their cards, then the reasons (one sentence per death and per verdict, from the
rules' reason codes), every player with their card, the votes round the table with the
Bodyguard's save drawn on them, and the evening's running score.

It is drawn from a game record (``onenight-game/1``, with what the app announced in
``outcome``): the game just confirmed, or a game of the history reopened to its verdict.
"""

from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, StringProperty

from onenight.game.evening import evening, score

from .. import theme
from .base import BaseScreen


def outcome_sentences(tr, players, outcome: dict) -> tuple[list[str], list[str]]:
    """(what happened at the vote, who won) as sentences in the current language, from a
    record's ``outcome``. A sentence never names a card that was not in play: "nor the
    Tanner" is said only when someone was on the Tanner's side."""
    deaths = []
    for d in outcome["deaths"]:
        if d["cause"] == "vote":
            deaths.append(tr("result.death.vote", name=players[d["seat"]], votes=d["votes"]))
        else:
            deaths.append(tr("result.death.hunter", name=players[d["seat"]],
                             hunter=players[d["by"]]))
    for s in outcome.get("spared", ()):
        key = "result.spared.bodyguard" if s in outcome.get("protected", ()) \
            else "result.spared.prince"
        deaths.append(tr(key, name=players[s]))
    if not outcome["deaths"]:
        deaths.insert(0, tr("result.nobody_dies"))
    tanner = "tanner" in outcome.get("teams", ())
    verdicts = []
    for v in outcome["verdicts"]:
        key = f"verdict.{v['team']}.{'won' if v['won'] else 'lost'}.{v['reason']}"
        if not tanner and key + ".no_tanner" in _KEYS_WITHOUT_TANNER:
            key += ".no_tanner"
        seat = v.get("seat")
        verdicts.append(tr(key, name=players[seat] if seat is not None else ""))
    return deaths, verdicts


_KEYS_WITHOUT_TANNER = {"verdict.werewolf.won.no_werewolf_died.no_tanner"}
"""Verdict sentences with a variant for a table where nobody was on the Tanner's side."""


def score_line(tr, games) -> str:
    """The evening's running score over ``games`` ("Tonight, 3 games: Ana 2/3 ..."), or ""
    before a second game."""
    if len(games) < 2:
        return ""
    rows = "   ".join(tr("result.score_row", name=s.name, wins=s.wins, games=s.games)
                      for s in score(games))
    return tr("result.score", games=len(games), rows=rows)


def headline(tr, teams) -> str:
    if not teams:
        return tr("result.headline.nobody")
    if len(teams) == 1:
        return tr("result.headline." + teams[0])
    sides = tr("result.and").join(tr("result.side." + t) for t in teams)
    return tr("result.headline.many", sides=sides[:1].upper() + sides[1:])


class ResultScreen(BaseScreen):
    headline = StringProperty("")
    """The news: who wins, in big letters."""
    banner_colour = ListProperty(list(theme.PANEL_HI))
    """The winning side's colour (the first side's, when two win)."""
    winners_text = StringProperty("")
    deaths_text = StringProperty("")
    verdicts_text = StringProperty("")
    score_text = StringProperty("")
    """The evening's running score: who won how often."""
    saved_text = StringProperty("")
    review = BooleanProperty(False)
    """A game of the history reopened (no sound, no "play again")."""

    record = None
    """The game record shown; None: the game just confirmed."""

    def show_record(self, record: dict, path=None):
        """Reopen a game of the history to its verdict."""
        self.record = record
        self._path = path
        self.review = True
        self.app.go("result")

    def on_leave(self, *_):
        if self.review:
            self.record, self.review = None, False

    def _record(self):
        if self.review and self.record is not None:
            return self.record
        return self.app.ctl.state.record

    def refresh(self):
        rec = self._record()
        if not rec or "outcome" not in rec:
            return
        tr = self.tr
        o = rec["outcome"]
        players = list(rec["players"])
        teams = list(o.get("winning_teams", ()))
        self.headline = headline(tr, teams)
        self.banner_colour = list(theme.TEAM_COLOURS.get(teams[0], theme.PANEL_HI)) if teams \
            else list(theme.PANEL_HI)
        names = [players[s] for s in o["winners"]]
        self.winners_text = tr("result.winners", names=", ".join(names)) if names \
            else tr("result.no_winner")
        deaths, verdicts = outcome_sentences(tr, players, o)
        self.deaths_text = "\n".join(deaths)
        self.verdicts_text = "\n".join(verdicts)
        self._dead_row(players, o)
        self._players(players, o)
        self._circle(players, rec, o)
        self._score()
        ctl = self.app.ctl
        if self.review:
            from .history import local_when  # (history imports this module)

            self.saved_text = tr("result.played_on", date=local_when(rec.get("finished"), tr))
        elif ctl.state.record_path:
            self.saved_text = tr("result.saved")
        else:  # why, and that it will be saved as soon as the storage takes it
            self.saved_text = tr("result.not_saved",
                                 reason=self.app.reason_text(ctl.save_error or "io"))

    def _dead_row(self, players, o):
        from kivy.factory import Factory

        row = self.ids.dead
        row.clear_widgets()
        for d in o["deaths"]:
            seat = d["seat"]
            card = o["roles"][seat]
            detail = self.tr("role." + card)
            row.add_widget(Factory.PlayerTile(card=card, name=players[seat], detail=detail,
                                              tone="dead"))

    def _players(self, players, o):
        from kivy.factory import Factory

        from ..widgets.common import kept_children

        # the tiles are kept from one showing to the next and set again (every property a
        # tile shows): made anew, they were a twentieth of a walk through the screens
        tiles = kept_children(self.ids.players, len(players), lambda i: Factory.PlayerTile())
        for i, (tile, name) in enumerate(zip(tiles, players)):
            card = o["roles"][i]
            won = i in o["winners"]
            dead = i in o["dead"]
            mark = self.tr("result.won" if won else "result.lost")
            if dead:
                mark = self.tr("result.dead") + " · " + mark
            tile.card, tile.name, tile.mark = card, name, mark
            tile.detail = self.tr("role." + card)
            tile.tone = "dead" if dead else ("won" if won else "lost")

    def _circle(self, players, rec, o):
        c = self.ids.circle
        c.names = list(players)
        c.votes = list(rec["votes"])
        c.counts = list(o.get("votes_received") or _counts(rec["votes"], len(players)))
        c.dead = list(o["dead"])
        c.protected = list(o.get("protected", ()))
        # the Bodyguard's arrow is the one that protects: drawn in the saving colour
        c.guards = [i for i, r in enumerate(o["roles"]) if r == "bodyguard"
                    and rec["votes"][i] in c.protected]

    def _score(self):
        entries, _bad = self.app.ctl.history.entries()
        upto = None
        path = getattr(self, "_path", None) if self.review else self.app.ctl.state.record_path
        if path is not None:
            upto = next((e for e in entries if e.path == path), None)
            if upto is None:
                self.score_text = ""
                return
        self.score_text = score_line(self.tr, evening(entries, upto))

    def on_pre_enter(self, *_):
        super().on_pre_enter()
        self.scroll_to_top()

    def on_enter(self, *_):
        if self.review:
            return
        o = self.app.ctl.outcome
        if o is None:
            return
        self.app.sounds.play("verdict")
        if not o.deaths:
            self.app.say("result.nobody_died")
        teams = o.winning_teams
        line = {"village": "result.village", "werewolf": "result.werewolves",
                "tanner": "result.tanner"}
        if not teams:
            self.app.say("result.nobody")
        for t in teams:
            self.app.say(line[t])

    def again(self):
        if self.app.send({"type": "new_game"}):
            self.app.go("scenario")

    def replay(self):
        """The night told again, step by step (the dawn replay); back here after."""
        replay = self.app.sm.get_screen("replay")
        if self.review:
            record, path = self.record, self._path
            replay.open_file(path, lambda: self.show_record(record, path))
        else:
            replay.open_record(self.app.ctl.state.record, lambda: self.app.go("result"),
                               own=True)

    def home(self):
        self.app.go("history" if self.review else "home")


def _counts(votes, n):
    out = [0] * n
    for t in votes:
        if t is not None:
            out[t] += 1
    return out
