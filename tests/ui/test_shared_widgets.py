"""The widgets both games' screens share (the private deal, the ring of seats, the night's
step frame and secret panel), given plain data in a real window, tapped by a finger."""

import pytest
from kivy.core.window import Window
from kivy.uix.floatlayout import FloatLayout

from onenight.ui import theme
from onenight.ui.driving import Finger, centre, find, settle, tap, texts
from onenight.ui.widgets.night_step import Secret, SecretPanel, StepFrame
from onenight.ui.widgets.private_deal import PrivateDeal, SecretCard
from onenight.ui.widgets.seat_ring import SeatRing

NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès",
         "Maximilien", "Nadia", "Oscar", "Paul", "Quentin", "Rose", "Sacha", "Théo", "Ulysse"]


@pytest.fixture
def host(app):
    """A layer over the app's screens, the whole window, for the widget under test."""
    layer = FloatLayout()
    Window.add_widget(layer)
    settle()
    yield layer
    Window.remove_widget(layer)
    settle()


def put(host, widget, size=None):
    widget.size_hint = (None, None) if size else (1, 1)
    if size:
        widget.size = size
        widget.pos = (0, 0)
    host.add_widget(widget)
    settle()
    return widget


def ring(host, n, size=None, scale=1.0, **kw):
    r = SeatRing(names=NAMES[:n], scale=scale, text_scale=max(scale, 0.75), **kw)
    put(host, r, size)
    r.rebuild_now()
    settle()
    return r


def count_renders(monkeypatch) -> list:
    """Every label that renders its text from now until ``monkeypatch.undo()``."""
    from kivy.uix.label import Label

    rendered = []
    texture_update = Label.texture_update

    def counted(self, *args):
        rendered.append(self)
        return texture_update(self, *args)

    counted.__name__ = "texture_update"  # Kivy's triggers call the method by its name
    monkeypatch.setattr(Label, "texture_update", counted)
    return rendered


def overlap(a, b) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.top and b.y < a.top


# ---- the ring of seats -----------------------------------------------------------------------

@pytest.mark.parametrize("size,scale", [((1280, 640), 1.0), ((800, 400), 0.6)])
def test_every_seat_is_a_large_target_in_sight_from_3_to_18_seats(host, size, scale):
    for n in (3, 5, 10, 12, 18):
        r = ring(host, n, size, scale, seat_count=1, centers=4 if n <= 10 else 0,
                 center_count=1)
        targets = r.seats + r.center_targets
        assert len(r.seats) == n
        for t in targets:
            assert t.x >= r.x - 0.5 and t.right <= r.right + 0.5, (n, t.name)
            assert t.y >= r.y - 0.5 and t.top <= r.top + 0.5, (n, t.name)
            # a finger's size: never under the touch height of the small screen
            assert t.height >= theme.TOUCH * 0.6 * scale and t.width >= 60 * scale, (n, t.size)
        for i, a in enumerate(targets):
            for b in targets[i + 1:]:
                assert not overlap(a, b), (n, a.name, b.name)
        # the names are read whole (a long one smaller, never cut)
        for t in r.seats:
            assert t.ids.name.text == t.name and not t.ids.name.texture_size[0] > t.ids.name.width
        host.remove_widget(r)


def chosen_by(r):
    got = []
    r.bind(on_choose=lambda _w, seats, centers: got.append((seats, centers)))
    return got


def test_a_seat_is_chosen_by_a_second_tap_on_it_and_a_dead_seat_never(host):
    r = ring(host, 8, seat_count=1, dead=[2])
    got = chosen_by(r)
    tap(r.seats[2])  # dead: greyed, nothing happens
    assert r.chosen_seats == [] and got == []
    tap(r.seats[4])  # a first tap selects only
    assert r.chosen_seats == [4] and r.seats[4].armed and got == []
    tap(r.seats[5])  # another seat: the selection moves
    assert r.chosen_seats == [5] and got == []
    tap(r.seats[5])  # the second tap on it confirms
    assert got == [((5,), ())]
    assert r.chosen_seats == [] and not r.complete


def test_two_seats_make_the_choice_confirmed_by_the_button(host):
    r = ring(host, 6, seat_count=2)
    got = chosen_by(r)
    confirm = find(r, "confirm")
    tap(r.seats[1])
    assert not r.complete and confirm.disabled and confirm.opacity == 0
    tap(r.seats[1])  # a second tap on an incomplete choice lets it go
    assert r.chosen_seats == []
    tap(r.seats[1])
    tap(r.seats[3])
    assert r.complete and not confirm.disabled and confirm.opacity == 1 and got == []
    tap(confirm)
    assert got == [((1, 3), ())]


def test_up_to_two_seats_one_of_them_enough_when_fewer_may_do(host):
    """The classic pied piper: two seats, or one when only one is left to charm."""
    r = ring(host, 6, seat_count=2, seat_least=1)
    got = chosen_by(r)
    tap(r.seats[2])
    assert r.complete
    tap(r.seats[2])  # a second tap on the lone seat confirms it
    assert got == [((2,), ())]
    tap(r.seats[0])
    tap(r.seats[4])
    tap(r.seats[5])  # a third seat lets go of the first
    assert r.chosen_seats == [4, 5] and r.complete
    tap(r.seats[5])
    assert got[-1] == ((4, 5), ())


def test_one_seat_or_two_centre_cards_and_choosing_one_kind_lets_go_of_the_other(host):
    r = ring(host, 5, seat_count=1, center_count=2, centers=3)
    got = chosen_by(r)
    tap(r.center_targets[0])
    tap(r.center_targets[2])
    assert r.chosen_centers == [0, 2] and r.complete
    tap(r.seats[3])  # a seat now: the centre cards are let go
    assert r.chosen_centers == [] and r.chosen_seats == [3]
    tap(r.center_targets[1])
    tap(r.center_targets[0])
    tap(r.center_targets[0])  # a second tap on a card of the whole choice confirms it
    assert got == [((), (1, 0))]


def test_a_locked_ring_takes_no_tap_and_shows_cards_marks_and_lit_seats(host):
    r = ring(host, 4, seat_count=1, centers=3, locked=True,
             seat_cards={1: "seer"}, center_cards={2: "robber"}, marks={0: "🛡"}, lit=[1])
    got = chosen_by(r)
    tap(r.seats[0])
    tap(r.seats[0])
    assert got == [] and r.chosen_seats == []
    assert r.seats[1].card == "seer" and r.seats[1].lit and r.center_targets[2].card == "robber"
    assert r.seats[0].mark == "🛡" and r.seats[0].ids.mark.opacity == 1


def test_a_ring_set_to_another_table_shows_its_targets_again_with_nothing_of_the_last(host):
    """The next table's seats are the targets already made, set again: names, cards, marks,
    the dead and the chosen of the last table do not stay."""
    r = ring(host, 6, seat_count=1, centers=3, seat_cards={1: "seer"}, marks={0: "🛡"},
             dead=[2], lit=[1])
    tap(r.seats[3])
    assert r.chosen_seats == [3] and r.seats[3].selected
    first, centres = list(r.seats), list(r.center_targets)
    r.seat_cards, r.marks, r.dead, r.lit = {}, {}, [], []
    r.names, r.centers = NAMES[6:10], 0
    r.rebuild_now()
    settle()
    assert r.seats == first[:4] and r.center_targets == []
    assert not any(t.parent for t in first[4:] + centres)
    assert [t.name for t in r.seats] == NAMES[6:10] and r.chosen_seats == []
    assert not any(t.card or t.mark or t.dead or t.lit or t.selected or t.disabled
                   for t in r.seats)
    assert all(t.offered and t.ids.name.text == t.name for t in r.seats)
    r.names, r.centers = NAMES[:8], 3
    r.rebuild_now()
    settle()
    assert r.seats[:6] == first and r.center_targets == centres and len(r.seats) == 8
    assert [t.name for t in r.seats] == NAMES[:8]


# ---- the private deal ------------------------------------------------------------------------

def deal(host, mode="look"):
    asked = []

    def card_of(seat):
        asked.append(seat)
        return SecretCard("seer", "Voyante", "Regarde une carte.")

    d = PrivateDeal(names=NAMES[:5], done=[False, True, False, False, False], mode=mode,
                    card_of=card_of,
                    choices=[("seer", "Voyante"), ("werewolf", "Loup-Garou")])
    put(host, d)
    settle()
    return d, asked


def test_each_player_holds_the_button_to_see_their_card_alone(host):
    d, asked = deal(host)
    looked = []
    d.bind(on_looked=lambda _w, seat: looked.append(seat))
    grid = find(d, "names")
    bruno = [b for b in grid.buttons() if b.seat == 1][0]
    assert bruno.disabled and "✓" in bruno.text  # had their turn
    tap([b for b in grid.buttons() if b.seat == 2][0])
    assert d.stage == "ready" and asked == []  # nothing asked before the button is held
    assert "Voyante" not in texts(d)
    hold = find(d, "hold")
    finger = Finger(*centre(hold))
    finger.down()
    settle()
    shown = texts(d)
    assert d.stage == "showing" and asked == [2]
    assert "Voyante" in shown and "Regarde une carte." in shown
    # beside the card, no name: whoever peeks from across the table sees no one's name
    assert not any(name in t for t in shown for name in NAMES[:5])
    finger.up()
    settle()
    assert d.stage == "ready" and d.secret is None and "Voyante" not in texts(d)
    assert looked == []
    tap(find(d, "hand_on"))
    assert looked == [2] and d.stage == "pass"


def test_not_me_hands_back_the_names_and_shows_nothing(host):
    d, asked = deal(host)
    d.take(3)
    settle()
    tap(find(d, "not_me"))
    assert d.stage == "pass" and asked == [] and d.seat == -1


def test_a_player_enters_their_own_card_in_private_by_two_taps(host):
    d, _ = deal(host, mode="enter")
    entered = []
    d.bind(on_entered=lambda _w, seat, card: entered.append((seat, card)))
    d.take(0)
    settle()
    tiles = list(reversed(find(d, "cards").children))
    assert [t.card for t in tiles] == ["seer", "werewolf"]
    tap(tiles[1])
    assert entered == [] and d.chosen == "werewolf"
    tile = [t for t in find(d, "cards").children if t.card == "werewolf"][0]
    tap(tile)
    assert entered == [(0, "werewolf")] and d.stage == "pass" and d.chosen == ""
    assert not find(d, "cards").children  # nothing of the last player's choice stays
    # the next player is shown the same tiles again, none of them chosen
    d.take(2)
    settle()
    again = list(reversed(find(d, "cards").children))
    assert again == tiles and [t.card for t in again] == ["seer", "werewolf"]
    assert [t.selected for t in again] == [False, False] and d.chosen == ""
    assert [t.ids.name.text for t in again] == [t.label for t in again] and again[0].label


# ---- the step frame and the secret panel ----------------------------------------------------

def test_a_step_frame_holds_its_content_in_its_body_and_the_panel_clears(host):
    frame = StepFrame(title="Voyante", progress="Étape 3 sur 9", time_left="0:12")
    panel = SecretPanel()
    frame.add_widget(panel)
    put(host, frame)
    assert panel.parent is frame.body
    assert {"Voyante", "Étape 3 sur 9", "0:12"} <= set(texts(frame))
    before = panel.size[:], panel.pos[:]
    panel.show([Secret("Bruno est Loup-Garou", ("werewolf",))])
    settle()
    assert "Bruno est Loup-Garou" in texts(frame)
    assert (panel.size[:], panel.pos[:]) == before  # it keeps its place: nothing moves
    panel.clear()
    settle()
    assert "Bruno est Loup-Garou" not in texts(frame) and not panel.children


# ---- the vote circle ---------------------------------------------------------------------------

def test_a_vote_circle_redrawn_keeps_no_line_of_an_earlier_state(host):
    """Its chips are made once and set again: a seat's line under its name (Le Village's
    building) goes when the seat is greyed out, as on a chip made anew."""
    from onenight.ui.widgets.vote_circle import VoteCircle

    circle = put(host, VoteCircle(names=NAMES[:5], tags=["Ferme", "", "École", "", ""]),
                 size=(800, 480))
    circle._draw()
    assert [c.tag for c in circle.chips] == ["Ferme", "", "École", "", ""]
    circle.greyed = [2]
    circle._draw()
    assert [c.tag for c in circle.chips] == ["Ferme", "", "", "", ""]


def test_a_vote_in_renders_again_only_the_chip_it_changes(host, monkeypatch):
    """A vote in lights its voter's chip and leaves the others as they were: no other chip's
    text is rendered again (each chip's colours are set once per draw, not to the default
    and then to its own), the chips are the same widgets, and each shows its state."""
    from onenight.ui.widgets.vote_circle import DARK_TEXT, VoteCircle

    circle = put(host, VoteCircle(names=NAMES[:5], is_in=[True, False, False, False, False]),
                 size=(800, 480))
    settle()
    chips = list(circle.chips)
    rendered = count_renders(monkeypatch)
    circle.is_in = [True, True, False, False, False]
    settle()
    monkeypatch.undo()
    assert circle.chips == chips
    owners = {next(c for c in chips if label in c.walk(restrict=True)) for label in rendered}
    assert owners == {chips[1]}
    for chip, vote_in in zip(chips, circle.is_in):
        assert chip.mark == ("✓" if vote_in else "…")
        assert list(chip.fill) == list(theme.GOOD if vote_in else theme.PANEL_HI)
        assert list(chip.ids.name.color) == list(DARK_TEXT if vote_in else theme.TEXT)
        assert chip.ids.name.text == NAMES[chip.seat]


def test_every_line_said_in_the_night_reads_whole_on_the_small_screen(host):
    """The line being said, under the step's title, is shown whole at 800x480 in both
    games and both languages: wrapped and made smaller, never cut with an ellipsis (the
    mage's and Cassandra's French lines were, on one shortened line)."""
    import json
    from pathlib import Path

    from onenight.narration import lines as lines_package
    from tests.ui.reading import cut

    folder = Path(lines_package.__file__).parent if hasattr(lines_package, "__file__") \
        else Path(next(iter(lines_package.__path__)))
    said = {}
    for path in sorted(folder.glob("**/*.json")):
        for key, text in json.loads(path.read_text(encoding="utf-8")).items():
            if isinstance(text, str):
                said[f"{path.relative_to(folder)}:{key}"] = text
    assert len(said) > 400
    Window.size = (800, 480)
    try:
        frame = put(host, StepFrame(title="Voyante", progress="3/9", time_left="0:12"))
        line = frame.ids.line
        problems = []
        for where, text in said.items():
            frame.line = text
            settle(1)
            why = cut(line)
            if why:
                problems.append(f"{where}: {why}")
        assert not problems, "\n".join(problems)
    finally:
        Window.size = (1280, 800)
        settle()


def test_a_grid_and_a_circle_squeezed_out_of_sight_are_not_laid_out_again(host, monkeypatch):
    """The classic vote hides its circle or its grid of names by squeezing it to nothing
    (``size_hint_x: 0.001``, opacity 0) at each voter: neither lays out its names a pixel
    wide and back again (every name fitted and rendered twice per voter, once), and what
    changed while it was hidden is shown when its room comes back."""
    from kivy.uix.boxlayout import BoxLayout

    from onenight.ui.screens.classic_day import seat_button
    from onenight.ui.widgets.seat_grid import SeatGrid
    from onenight.ui.widgets.vote_circle import VoteCircle

    row = put(host, BoxLayout(), size=(1200, 500))
    circle = VoteCircle(names=NAMES[:8], is_in=[False] * 8)
    grid = SeatGrid(button_factory=seat_button, names=NAMES[:8])
    row.add_widget(circle)
    row.add_widget(grid)

    def show(which):
        for w in (circle, grid):
            w.size_hint_x, w.opacity = (1, 1) if w is which else (0.001, 0)
        settle()

    grid.rebuild_now()
    show(grid)
    buttons = grid.buttons()
    assert len(buttons) == 8
    placed = [(tuple(b.pos), tuple(b.size)) for b in buttons]
    assert all(b.width > 200 and b.height > 40 for b in buttons)
    show(circle)
    chips = list(circle.chips)
    assert len(chips) == 8 and all(c.width > 100 for c in chips)
    rendered = count_renders(monkeypatch)
    for _ in range(3):  # voter after voter
        show(grid)
        show(circle)
    assert rendered == []
    monkeypatch.undo()
    assert [(tuple(b.pos), tuple(b.size)) for b in grid.buttons()] == placed
    assert circle.chips == chips and all(c.width > 100 for c in chips)
    # a vote in while the circle is hidden: shown on its chip when the circle is shown again
    show(grid)
    circle.is_in = [True] + [False] * 7
    settle()
    show(circle)
    assert [c.mark for c in circle.chips] == ["✓"] + ["…"] * 7
    assert circle.chips[0].center_x < circle.right and circle.chips[0].width > 100
    # the grid's buttons laid out at their size again when shown, the way they were
    show(grid)
    assert [(tuple(b.pos), tuple(b.size)) for b in grid.buttons()] == placed
    assert "Alice" in texts(grid)
