"""Players: how many, their names, and the order round the table (seat 1, then the player
on their left, and so on: the order of the vote pads). The last group is remembered."""

from kivy.factory import Factory
from kivy.properties import ListProperty

from onenight.rules.scenarios import MAX_PLAYERS, MIN_PLAYERS

from .base import BaseScreen


class PlayerRow(Factory.BoxLayout):
    pass


class PlayersScreen(BaseScreen):
    names = ListProperty([])
    """The names as typed, in seat order."""

    def refresh(self):
        names = list(self.app.ctl.state.players) or list(self.app.settings.last_players)
        if len(names) < MIN_PLAYERS:
            names += [""] * (5 - len(names))
        self.names = names[:MAX_PLAYERS]
        self._rebuild()

    def _collect(self):
        rows = list(reversed(self.ids.rows.children))
        self.names = [r.ids.name.text for r in rows]

    def _rebuild(self):
        box = self.ids.rows
        box.clear_widgets()
        for i, name in enumerate(self.names):
            row = PlayerRow()
            row.seat = i
            row.ids.name.text = name
            row.ids.name.hint_text = self.tr("players.name_hint", n=i + 1)
            row.ids.up.disabled = i == 0
            row.ids.down.disabled = i == len(self.names) - 1
            box.add_widget(row)

    def change_count(self, delta: int):
        self._collect()
        n = len(self.names) + delta
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            self.app.notify("players.count_range", kind="error")
            return
        self.names = self.names + [""] if delta > 0 else self.names[:-1]
        self._rebuild()

    def move(self, seat: int, delta: int):
        self._collect()
        j = seat + delta
        if 0 <= j < len(self.names):
            names = list(self.names)
            names[seat], names[j] = names[j], names[seat]
            self.names = names
            self._rebuild()

    def confirm(self):
        self._collect()
        if self.app.send({"type": "players", "names": list(self.names)}):
            self.app.settings.last_players = list(self.app.ctl.state.players)
            self.app.save_settings()
            self.app.go("scenario")
