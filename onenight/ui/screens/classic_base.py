"""What the classic game's screens (Thiercelieux) share: their controller (the app's
``classic``), the one door into it, and the screen that shows each of its phases.

Every classic screen sends its events through :meth:`ClassicScreen.send`, then follows the
game: the phase the controller stands in after the event says which screen the table sees."""

from __future__ import annotations

from ..pacing import AFTER
from .base import BaseScreen

#: the screen that shows each phase of a classic game
PHASE_SCREEN = {"setup": "classic_setup", "deal": "classic_deal", "ragots": "classic_deal",
                "notes": "classic_deal",
                "night": "classic_night",
                "dawn": "classic_dawn", "chain": "classic_dawn", "election": "classic_vote",
                "vote": "classic_vote", "tie": "classic_vote", "debate": "classic_debate",
                "end": "classic_end", "power": "classic_village", "bailiff": "classic_village",
                "teacher": "classic_village", "lord": "classic_village"}
#: the phases of a game in progress ("Resume" brings them back)
IN_PROGRESS = frozenset(PHASE_SCREEN) - {"setup", "end"}


class ClassicScreen(BaseScreen):
    """A screen of the classic game."""

    @property
    def ctl(self):
        return self.app.classic

    def send(self, event: dict) -> bool:
        """Apply ``event`` to the classic game; then show the screen of the phase it is in."""
        ok = self.app.send(event, self.ctl)
        if ok:
            self.follow()
        return ok

    def follow(self) -> None:
        """Show the screen of the game's phase (this one: refreshed)."""
        target = PHASE_SCREEN.get(self.ctl.phase, "home")
        if target != self.name:
            self.app.go(target)
        else:
            self.refresh()

    def seat_names(self) -> list[str]:
        return list(self.ctl.state.players)

    def card_name(self, card: str) -> str:
        return self.app.translator.classic_card(card)

    def say(self, text) -> str:
        """A view's sentence (:class:`onenight.game.classic_views.Text`) in the host's
        language."""
        return self.app.translator.classic(text)


def building_name(tr, building: str | None) -> str:
    return tr("classic.village.vagabond" if building is None
              else "classic.village.building." + building)


def home_line(tr, table, seat: int) -> str:
    """What the seat ring says of a seat's home: its building (the token handed back: in
    brackets), or Vagabond; nothing when the buildings are not played."""
    if not table.homes:
        return ""
    name = building_name(tr, table.homes[seat])
    if table.homes[seat] is not None and not table.tokens[seat]:
        name = f"({name})"
    return name


class Speaking:
    """A screen that says a few lines once per moment (:class:`Saying`): ``speak(key,
    lines)`` starts them when ``key`` is new; ticks poll them; leaving stops them."""

    saying = None
    _said_for = None

    def speak(self, key, lines) -> None:
        if self._said_for == key:
            return
        self._said_for = key
        self.hush()
        self.saying = Saying(self.app, self.ctl.clock, lines)

    def hush(self) -> None:
        if self.saying is not None:
            self.saying.stop()
            self.saying = None

    def on_leave(self, *_):
        self.hush()
        self._said_for = None

    def tick(self):
        if self.saying is not None:
            self.saying.poll()

    def next_tick(self):
        due = self.saying.next_due() if self.saying is not None else None
        return 0.5 if due is None else min(1.0, due + AFTER)


class Saying:
    """Lines of the classic game's day said one after the other (the dawn's rooster and its
    dead, a vote's result...), on the game's clock: ``poll()`` while the screen ticks;
    ``said`` counts the lines said so far (a screen shows each dead player as the voice names
    them). A voice that cannot load says nothing: the screen shows everything at once."""

    def __init__(self, app, clock, lines):
        from onenight.narration import NarrationError
        from onenight.narration.classic import classic_voice, sequence_plan
        from onenight.narration.runner import NightRunner

        from ..voice import narration_settings

        self.lines = tuple(lines)
        self.said: list[str] = []
        settings = narration_settings(app.settings, app._rng)
        try:
            plan = sequence_plan(self.lines, classic_voice(settings), settings)
        except (NarrationError, OSError, ValueError):
            self.runner = None
            self.said = list(self.lines)
            return
        self.runner = NightRunner(plan, app.audio, clock, settings,
                                  on_cue=lambda cue: self.said.append(cue.line))
        self.runner.start()

    @property
    def done(self) -> bool:
        return self.runner is None or self.runner.finished

    def poll(self) -> None:
        if self.runner is not None and not self.runner.finished:
            self.runner.poll()

    def next_due(self) -> float | None:
        return None if self.runner is None else self.runner.next_due()

    def stop(self) -> None:
        if self.runner is not None:
            self.runner.stop()
