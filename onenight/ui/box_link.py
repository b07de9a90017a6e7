"""The app's end of the vote box: a :class:`onenight.box.BoxClient` whose events reach the
game through Kivy's clock (the client runs its own thread; the clock is the only door).

The link maps the box's events to the controller's: a seat ready to vote, a vote in (never
whom for), and all the votes at once when the vote is over. It also drives the box's own
countdown during the debate, runs the pad test from the settings, and carries pairing (the
code to dial on a pad) and the list of tablets paired with the box. The classic game's use of
the box (night picks, its votes and decisions, its debate) is
:class:`onenight.game.classic_pads.ClassicPads`, which this link feeds (``classic``).
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.logger import Logger

from onenight.game.classic_pads import ClassicPads
from onenight.game.durable import BadJSON, read_json, write_json
from onenight.game.refused import Refused

from . import trace

VOTE_FILE = "box-vote.json"  # the round of the box vote under way


class BoxLink:
    def __init__(self, address: str, app, client_factory=None):
        from onenight.box import BoxClient, KeyStore

        self.app = app
        self.address = address
        self.testing = False
        self.tested: set[int] = set()
        factory = client_factory or BoxClient
        self.client = factory(address, KeyStore(app.data_dir / "box-keys.json"),
                              clock=app.ctl.now, on_event=self._from_thread)
        self.classic = ClassicPads(lambda: app.classic, self.client,
                                   send=lambda e: app.send(e, app.classic), quiet=self._quiet)
        self.client.start()

    def _quiet(self, event: dict) -> None:
        """A night's pad choice: applied, and nothing said of a refusal (who pressed is
        nobody's business)."""
        try:
            self.app.classic.apply(event)
        except Refused:
            return
        except Exception:  # noqa: BLE001 - a bug must not stop the night
            Logger.exception("onenight: a pad's choice could not be applied")
            return
        self.app.retick()

    # ---- what the app asks ------------------------------------------------------------------
    def connected(self) -> bool:
        return self.client.status == "connected"

    def status(self) -> str:
        return self.client.status

    def status_facts(self) -> dict:
        code = getattr(self.client, "pair_code", None)
        return {"address": self.address,
                "seats": ", ".join(str(s + 1) for s in sorted(self.tested)) or "—",
                "code": " ".join(code) if code else ""}

    def pair_code(self) -> str | None:
        """The code to dial on a pad while a pairing waits for it."""
        return getattr(self.client, "pair_code", None)

    def tablets(self) -> list[dict]:
        """The tablets paired with the box (``id``, ``name``, ``at``), and which is this one."""
        mine = getattr(getattr(self.client, "keys", None), "app_id", None)
        return [{**t, "me": t["id"] == mine} for t in getattr(self.client, "tablets", [])]

    def covers(self, players: int) -> bool:
        """The box has a pad for every seat at this table."""
        return getattr(self.client, "pads", 0) >= players

    def pair(self) -> None:
        self.client.pair()

    def forget(self, app_id: str) -> None:
        self.client.forget(app_id)

    def pad_test(self) -> None:
        """Every pad pressed now lights up and is listed in the settings, until stopped."""
        self.classic.forget()  # the one-night game (or the test) takes the box
        self.testing = True
        self.tested = set()
        now = self.app.ctl.now()
        self.client.start_debate(now + 120.0, 120.0)
        self.client.cue("chirp")

    def stop_pad_test(self) -> None:
        if self.testing:
            self.testing = False
            self.client.reset()

    def start_debate(self, seconds_left: float, total: float, paused: bool = False) -> None:
        self.classic.forget()  # the one-night game (or the test) takes the box
        self.stop_pad_test()
        self.client.start_debate(self.app.ctl.now() + seconds_left, total, paused=paused)

    def start_vote(self, players: int, round: int | None = None) -> int:
        """Open the vote on the box (``round``: take over the vote of a previous run) and
        write its round down, so a restarted app can take the same vote over."""
        self.classic.forget()  # the one-night game (or the test) takes the box
        self.stop_pad_test()
        rnd = self.client.open_vote(range(players), players, round=round)
        try:
            write_json(self.app.data_dir / VOTE_FILE, {"round": rnd, "players": players})
        except OSError:
            pass  # the vote goes on; after a crash it would open again instead of going on
        return rnd

    def saved_round(self, players: int) -> int | None:
        """The round of the box vote the app opened before it stopped, if it was for a table
        of this size."""
        try:
            data = read_json(self.app.data_dir / VOTE_FILE)
        except (OSError, BadJSON):
            return None
        rnd = data.get("round") if isinstance(data, dict) else None
        if isinstance(rnd, int) and not isinstance(rnd, bool) and data.get("players") == players:
            return rnd
        return None

    def close_vote(self) -> None:
        self.client.close_vote()

    def close(self) -> None:
        self.client.stop()

    # ---- what the box says (from the client's thread) ----------------------------------------
    def _from_thread(self, ev) -> None:
        Clock.schedule_once(lambda dt: self._on_ui_thread(ev), 0)

    def _on_ui_thread(self, ev) -> None:
        classic = self.handle(ev)
        trace.mark("box_event", kind=ev.kind)
        screen = self.app.sm.current_screen
        if screen is None:
            return
        if classic and hasattr(screen, "follow"):
            screen.follow()  # a classic screen: the one of the phase the game is in now
        else:
            screen.refresh()  # on screen now, not at the screen's next tick

    def handle(self, ev) -> bool:
        """Apply one box event on the UI thread; True if it was the classic game's."""
        app, ctl = self.app, self.app.ctl
        if not self.testing:
            try:
                taken = self.classic.handle(ev)
            except Exception:  # noqa: BLE001 - the box must never stop the game
                Logger.exception("onenight: a box event of the classic game failed")
                taken = True
            if taken:
                app.box_sync()  # the game may have moved on: the box follows
                return True
        if ev.kind == "ready":
            if self.testing:
                if ev.on or ev.on is None:
                    self.tested.add(ev.seat)
                return
            if ctl.phase == "day":
                app.send({"type": "ready", "count": len(self.client.ready_seats)})
        elif ev.kind == "vote_in":
            if ctl.phase == "vote" and ctl.state.vote_mode == "box":
                app.send({"type": "vote_in", "seat": ev.seat})
        elif ev.kind == "votes":
            if ctl.phase == "vote" and ctl.state.vote_mode == "box":
                n = len(ctl.state.players)
                votes = [ev.votes.get(s) for s in range(n)] if isinstance(ev.votes, dict) \
                    else [None] * n
                app.send({"type": "votes", "votes": votes})
            # the vote is the last the one-night game asks of the box: back to idle, the only
            # time a tablet may pair with it
            self.client.reset()
        elif ev.kind == "refused":
            app.notify("box.refused", kind="error", reason=ev.reason or "")
        elif ev.kind == "paired":
            app.notify("box.paired")
        elif ev.kind == "pair_code" and ev.code:
            app.notify("box.pair_code", code=" ".join(ev.code))
        elif ev.kind == "new_tablet":
            app.notify("box.new_tablet", kind="error", name=ev.tablet.get("name") or "?",
                       id=ev.tablet["id"])
        return False
