"""Players: their names, and the order round the table (seat 1, then the player on their
left, and so on: the order of the vote pads). The last group is remembered.

Every seat is in sight at once (ten on the 800x480 screen, in two columns; more columns for
a bigger table). A player is taken off by their own ×, and the name comes back with Undo;
"+" adds an empty seat and puts the cursor in it; Enter goes on to the next name; each name
is checked as it is typed (length, twice the same, a character no font can draw), with the
problem written under that name; a seat is moved by dragging its handle. When an on-screen
keyboard opens, the form makes room above it."""

from kivy.core.window import Window
from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from onenight.rules.scenarios import MAX_PLAYERS, MIN_PLAYERS

from .. import fonts
from ..widgets.common import kept_children
from .base import BaseScreen

MAX_NAME = 20  # letters in a name (the rules' limit)


class PlayerRow(Factory.BoxLayout):
    seat = NumericProperty(0)
    error = StringProperty("")
    """What is wrong with this name, written under it ("" when nothing)."""
    dragged = BooleanProperty(False)


class PlayersScreen(BaseScreen):
    """The one-night game's players; a game with other limits subclasses it (its limits,
    its controller, where its names are remembered and the screen that follows)."""

    min_players = MIN_PLAYERS
    max_players = NumericProperty(MAX_PLAYERS)
    next_screen = "scenario"
    names = ListProperty([])
    """The names as typed, in seat order."""
    removed = ListProperty([])
    """(seat, name) of the players taken off, the last one first: Undo puts them back."""
    undo_text = StringProperty("")
    keyboard_room = NumericProperty(0)
    """The height an on-screen keyboard covers at the bottom (the form stays above it)."""
    problems = BooleanProperty(False)
    """Some name is wrong: the way on is closed until it is fixed."""
    row_width = NumericProperty(560)
    """The least width of a seat's row at 1280x800 (scaled with the window): columns are
    added only while the rows stay this wide."""

    _filling = False  # rows being set again by _rebuild
    _drag = None  # the seat being dragged by its handle, while a finger holds it

    def on_pre_enter(self, *_):
        Window.bind(keyboard_height=self._keyboard)
        super().on_pre_enter()

    def on_leave(self, *_):
        Window.unbind(keyboard_height=self._keyboard)
        self.keyboard_room = 0

    def _keyboard(self, *_):
        self.keyboard_room = Window.keyboard_height

    @property
    def ctl(self):
        return self.app.ctl

    def remembered(self) -> list[str]:
        return list(self.app.settings.last_players)

    def remember(self, names: list[str]) -> None:
        self.app.settings.last_players = names

    def refresh(self):
        names = list(self.ctl.state.players) or self.remembered()
        if len(names) < self.min_players:
            names += [""] * (max(5, self.min_players) - len(names))
        self.names = names[:self.max_players]
        self.removed = []
        self._rebuild()

    def rows(self) -> list:
        return list(reversed(self.ids.rows.children))

    def _collect(self):
        self.names = [r.ids.name.text for r in self.rows()]

    def _rebuild(self, focus: int | None = None):
        """Show ``self.names``, a row a seat. The rows are kept and set again (a seat added or
        taken off adds or removes one row): making every row anew at each added seat was most
        of the time a table took to be entered."""
        rows = kept_children(self.ids.rows, len(self.names), self._new_row)
        hint = self.tr("players.name_hint")
        self._filling = True  # checked once below, not at each name set
        try:
            for i, (row, name) in enumerate(zip(rows, self.names)):
                field = row.ids.name
                field.text = name
                field.hint_text = hint
                row.dragged = False
                if field.focus and i != focus:
                    field.focus = False
        finally:
            self._filling = False
        self._undo_label()
        self.check()
        if focus is not None and 0 <= focus < len(self.names):
            self.rows()[focus].ids.name.focus = True

    def _new_row(self, seat: int) -> PlayerRow:
        row = PlayerRow(seat=seat)
        row.ids.name.bind(text=lambda *_: self._filling or self.check())
        row.ids.name.bind(on_text_validate=lambda w: self.enter(seat))
        row.ids.drop.bind(on_release=lambda w: self.remove(seat))
        return row

    # ---- checking as it is typed --------------------------------------------------------------
    def check(self, strict: bool = False) -> bool:
        """Write what is wrong under each name; True when every name is fine. ``strict``:
        an empty name is wrong too (when going on; not while typing)."""
        rows = self.rows()
        texts = [r.ids.name.text.strip() for r in rows]
        seen: dict[str, int] = {}
        ok = True
        for i, (row, name) in enumerate(zip(rows, texts)):
            error = ""
            boxes = fonts.missing(name)
            if len(name) > MAX_NAME:
                error = self.tr("players.too_long", n=len(name), max=MAX_NAME)
            elif boxes:
                error = self.tr("players.no_glyph", chars=" ".join(boxes))
            elif name and name.casefold() in seen:
                error = self.tr("players.twice", seat=seen[name.casefold()] + 1)
            elif strict and not name:
                error = self.tr("players.unnamed")
            if name:
                seen.setdefault(name.casefold(), i)
            row.error = error
            ok = ok and not error
        self.problems = not ok
        return ok

    def enter(self, seat: int):
        """Enter in a name: on to the next one (a new seat after the last, if there is room)."""
        rows = self.rows()
        if seat + 1 < len(rows):
            rows[seat + 1].ids.name.focus = True
        elif len(rows) < self.max_players and rows[seat].ids.name.text.strip():
            self.add()
        else:
            rows[seat].ids.name.focus = False

    # ---- seats ---------------------------------------------------------------------------------
    def add(self):
        """One more seat, empty, with the cursor in it."""
        self._collect()
        if len(self.names) >= self.max_players:
            self.count_range()
            return
        self.names = self.names + [""]
        self.removed = []
        self._rebuild(focus=len(self.names) - 1)

    def remove(self, seat: int):
        """Take this player off; Undo puts them back where they were."""
        self._collect()
        if len(self.names) <= self.min_players:
            self.count_range()
            return
        names = list(self.names)
        name = names.pop(seat)
        self.names = names
        self.removed = [(seat, name)] + list(self.removed)
        self._rebuild()

    def undo(self):
        if not self.removed:
            return
        self._collect()
        (seat, name), rest = self.removed[0], list(self.removed[1:])
        names = list(self.names)
        names.insert(min(seat, len(names)), name)
        self.names = names[:self.max_players]
        self.removed = rest
        self._rebuild()

    def _undo_label(self):
        if self.removed:
            seat, name = self.removed[0]
            self.undo_text = self.tr("players.undo", name=name or self.tr("players.empty_seat",
                                                                          n=seat + 1))
        else:
            self.undo_text = ""

    def move(self, seat: int, to: int):
        """Move the player at ``seat`` to ``to`` (the others shift to make room)."""
        self._collect()
        if seat == to or not (0 <= seat < len(self.names) and 0 <= to < len(self.names)):
            return
        names = list(self.names)
        names.insert(to, names.pop(seat))
        self.names = names
        self._rebuild()
        self.ids.rows.do_layout()  # the seats where they now are, for a finger still dragging

    # ---- dragging a seat by its handle ---------------------------------------------------------
    def _seat_at(self, pos) -> int | None:
        for i, row in enumerate(self.rows()):
            if row.collide_point(*row.parent.to_widget(*pos)):
                return i
        return None

    def on_touch_down(self, touch):
        for i, row in enumerate(self.rows()):
            handle = row.ids.handle
            if handle.collide_point(*handle.to_widget(*touch.pos)):
                touch.grab(self)
                self._drag = i
                row.dragged = True
                return True
        return super().on_touch_down(touch)

    def on_touch_move(self, touch):
        if touch.grab_current is self and self._drag is not None:
            to = self._seat_at(touch.pos)
            if to is not None and to != self._drag:
                self.move(self._drag, to)
                self._drag = to
                self.rows()[to].dragged = True
            return True
        return super().on_touch_move(touch)

    def on_touch_up(self, touch):
        if touch.grab_current is self:
            touch.ungrab(self)
            if self._drag is not None and self._drag < len(self.rows()):
                self.rows()[self._drag].dragged = False
            self._drag = None
            return True
        return super().on_touch_up(touch)

    # ---- on --------------------------------------------------------------------------------------
    def confirm(self):
        self._collect()
        if not self.check(strict=True):
            # each problem is written under its name; the cursor goes to the first one
            first = next(r for r in self.rows() if r.error)
            first.ids.name.focus = True
            return
        if self.app.send({"type": "players", "names": list(self.names)}, self.ctl):
            self.remember(list(self.ctl.state.players))
            self.app.save_settings()
            self.app.go(self.next_screen)

    def count_range(self) -> None:
        self.app.notify("players.count_range", kind="error")
