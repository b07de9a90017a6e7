"""Whole games played in English the way a host plays them: only with fingers on the real
widgets (a touch down and up at a button's middle, through the window), from the home screen
to the verdict and back home, for every preset, Anarchy and a custom deck, and once on the
800x480 screen. Only the night's clock is moved by hand.

Along the way every screen is read as a player would read it: nothing left in French, no
untranslated key, no text cut short, and every button the game needs is in sight and
answers the finger."""

import json
import os
import re
from pathlib import Path

import pytest
from kivy.core.window import Window
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.textinput import TextInput

from onenight.rules.scenarios import SCENARIO
from onenight.ui.driving import find, pump, settle, tap
from onenight.ui.widgets.common import CardTile
from onenight.ui.widgets.player_tile import PlayerTile
from tests.ui.reading import _lines, cut, visible_labels

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan",
         "Bartholomew"]
I18N = Path(__file__).resolve().parents[2] / "onenight" / "ui" / "i18n"
FR = json.loads((I18N / "fr.json").read_text(encoding="utf-8"))
EN = json.loads((I18N / "en.json").read_text(encoding="utf-8"))


def _french_only() -> set[str]:
    """Pieces of the French texts that no English text has: seeing one means French."""
    english = " ".join(EN.values())
    out = set()
    for k, fr in FR.items():
        if fr == EN[k]:
            continue
        for piece in re.split(r"{\w+}|\n", fr):
            piece = piece.strip(" .,:;!?•()")
            if len(piece) >= 8 and piece not in english:
                out.add(piece)
    return out


FRENCH = _french_only()
KEY = re.compile(r"^[a-z_]+(\.[a-z0-9_-]+)+$")


# ---- a finger ----------------------------------------------------------------------------
def shown(widget) -> bool:
    w = widget
    while w is not None and w is not w.parent:
        if getattr(w, "opacity", 1) == 0:
            return False
        w = w.parent
    return widget.width > 0 and widget.height > 0


def press(widget) -> None:
    """Touch ``widget`` like a finger: it must be in sight, enabled, inside the window, and
    the touch must reach it (nothing on top of it takes it)."""
    assert shown(widget), f"{widget} is hidden"
    assert not widget.disabled, f"{getattr(widget, 'text', widget)!r} is disabled"
    reached = []
    if isinstance(widget, ButtonBehavior):
        def note(*_):
            reached.append(1)
        widget.bind(on_press=note)
    try:
        settle(20)  # a list just rebuilt is laid out before the finger looks for the button
        tap(widget)
    finally:
        if isinstance(widget, ButtonBehavior):
            widget.unbind(on_press=note)
    if isinstance(widget, ButtonBehavior):
        assert reached, f"the touch did not reach {getattr(widget, 'text', widget)!r}"


def press_id(root, wid: str) -> None:
    press(find(root, wid))


def buttons(root):
    return [w for w in root.walk() if isinstance(w, ButtonBehavior) and shown(w)]


def press_text(root, text: str) -> None:
    """The button, tile or row showing ``text`` under ``root``."""
    for w in buttons(root):
        if text in (getattr(w, "text", None), getattr(w, "label", None),
                    getattr(w, "title", None)):
            press(w)
            return
    raise LookupError(f"no button {text!r} on screen: "
                      f"{[getattr(w, 'text', getattr(w, 'label', '')) for w in buttons(root)]}")


def type_into(field: TextInput, text: str) -> None:
    press(field)
    assert field.focus
    Window.dispatch("on_key_down", 97, 4, "a", ["ctrl"])  # select all: the new text replaces it
    Window.dispatch("on_key_up", 97, 4)
    Window.dispatch("on_textinput", text)
    field.focus = False
    settle()


# ---- a reader -----------------------------------------------------------------------------
def screen(app):
    return app.sm.current_screen


SHOTS = os.environ.get("ONENIGHT_TAPTHROUGH_SHOTS")  # a folder: a picture of each screen read
_shot = [0]


def picture(app):
    from kivy.graphics import Color, Rectangle

    from onenight.ui import theme

    pump(1)
    _shot[0] += 1
    with app.root.canvas.before:
        Color(*theme.BG)
        bg = Rectangle(pos=app.root.pos, size=app.root.size)
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    app.root.export_to_png(str(Path(SHOTS) / f"{_shot[0]:03d}-{screen(app).name}.png"))
    app.root.canvas.before.remove(bg)


def read(app) -> str:
    """Everything the current screen (and any open dialog) shows, checked as it is read."""
    settle()
    if SHOTS:
        picture(app)
    roots = [screen(app)] + [w for w in Window.children if w is not app.root]
    problems, seen = [], []
    for root in roots:
        for label in visible_labels(root):
            text = label.text
            seen.append(text)
            if KEY.match(text.strip()):
                problems.append(f"untranslated key {text!r}")
            for piece in FRENCH:
                if piece in text:
                    problems.append(f"French {piece!r} in {text!r}")
                    break
            why = cut(label)
            if why:
                problems.append(f"{text!r} cut: {why}")
    assert not problems, f"on the {screen(app).name} screen:\n" + "\n".join(problems)
    return "\n".join(seen)


# ---- the game -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def english(app):
    app.go("home")
    settle()
    if app.lang != "en":
        press_id(screen(app), "lang")
    assert app.lang == "en"
    yield app
    app.go("home")
    settle()
    if app.lang != "fr":
        press_id(screen(app), "lang")


def enter_players(app, names):
    s = screen(app)
    assert s.name == "players"
    read(app)
    while len(s.names) < len(names):
        press_id(s, "more")
    while len(s.names) > len(names):
        press(s.rows()[-1].ids.drop)
    rows = list(reversed(find(s, "rows").children))
    for row, name in zip(rows, names):
        type_into(row.ids.name, name)
    press_id(s, "next")


def choose_scenario(app, sid, n):
    s = screen(app)
    assert s.name == "scenario"
    text = read(app)
    if sid == "custom":
        press_text(find(s, "scenario_list"), EN["scenario.custom"])
        d = screen(app)
        assert d.name == "deck"
        read(app)
        rows = {r.card: r for r in find(d, "grid").children}
        cards = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "tanner", "hunter",
                 "drunk", "insomniac", "minion", "mason", "mason"][:n + 3]
        for card in cards:
            press(rows[card].ids.plus)
        read(app)
        press_id(d, "use")
        assert screen(app).name == "scenario" and app.ctl.setup_view().scenario == "custom"
    else:
        title = SCENARIO[sid].en
        assert title in text
        press_text(find(s, "scenario_list"), title)
        assert app.ctl.setup_view().scenario == sid
        if sid == "anarchie":
            deck = app.ctl.setup_view().deck
            press_id(s, "redraw")  # the host draws again
            assert len(app.ctl.setup_view().deck) == len(deck)
    text = read(app)
    assert "Shuffle" in text or "cards" in text
    if "alpha_wolf" in app.ctl.setup_view().deck:  # the Alpha Wolf's centre card is chosen
        tiles = [t for t in find(s, "alphas").children if not t.selected and not t.disabled]
        if tiles:
            press(tiles[0])
            assert app.ctl.setup_view().alpha_center == tiles[0].value, app.message
    press_id(s, "cards")
    assert screen(app).name == "cards"
    read(app)
    press_text(screen(app), EN["nav.back"])
    assert screen(app).name == "scenario"
    press_id(screen(app), "start")


def play_night(app):
    night = screen(app)
    assert night.name == "night"
    clock = app.test_clock
    titles = set()
    for _ in range(400):
        if screen(app).name != "night":
            break
        clock.advance(3)
        app.tick()
        if night.title not in titles:  # each role called is read once
            titles.add(night.title)
            read(app)
    assert screen(app).name == "day"


def debate(app):
    day = screen(app)
    read(app)
    press_id(day, "speaker_btn")
    assert "first" in find(day, "speaker").text
    press_id(day, "plus")
    press_id(day, "minus")
    press_id(day, "pause")
    assert not day.running
    press_id(day, "pause")
    read(app)
    press_id(day, "vote")
    modes = [w for w in Window.children if w.__class__.__name__ == "VoteModes"]
    assert modes
    read(app)
    press_id(modes[0], "tablet")


def tablet_vote(app, names):
    vote = screen(app)
    assert vote.name == "vote"
    read(app)
    press_id(vote, "skip")
    for seat, name in enumerate(names):
        text = read(app)
        assert name in text  # pass the tablet to this player
        press_id(vote, "ready_btn")
        read(app)
        press_text(find(vote, "targets"), names[1] if seat == 0 else names[0])
        app.test_clock.advance(1)  # the tablet goes to the next player
        app.tick()
    assert vote.stage == "revealed"
    read(app)
    press_id(vote, "reveal")


def reveal(app, names):
    r = screen(app)
    assert r.name == "reveal"
    read(app)
    deck = list(app.ctl.state.deck)
    for seat in range(len(names)):
        row = [w for w in find(r, "seats").children if w.seat == seat][0]
        press(row)
        press_text(find(r, "cards"), EN["role." + deck[seat]])
        read(app)
    v = app.ctl.reveal_view()
    if v.has_curator:  # the first player has an artifact
        press([w for w in find(r, "seats").children if w.seat == 0][0])
        press_text(find(r, "extras"), EN["artifact.mute"])
    if v.has_investigator and "paranormal_investigator" in deck[:len(names)]:
        seat = deck.index("paranormal_investigator")
        press([w for w in find(r, "seats").children if w.seat == seat][0])
        press_text(find(r, "extras"), EN["reveal.pi_werewolf"])
    if v.has_doppelganger:
        if r.page != "copied":
            press_id(r, "copied_btn")
        press_text(find(r, "copied"), EN["role." + [c for c in v.choices
                                                      if c != "doppelganger"][0]])
    read(app)
    press_id(r, "confirm")


def verdict(app, names):
    res = screen(app)
    assert res.name == "result", app.message
    text = read(app)
    assert find(res, "winners").text and find(res, "verdicts").text
    assert f"{names[0]} dies with" in text or "saved" in text or "Nobody" in text, text
    rows = [w for w in find(res, "players").walk() if isinstance(w, PlayerTile)]
    assert len(rows) == len(names)
    press_id(res, "home")
    assert screen(app).name == "home"
    read(app)


def play(app, sid, n):
    names = NAMES[:n]
    assert screen(app).name == "home"
    read(app)
    press_id(screen(app), "new")
    enter_players(app, names)
    assert list(app.ctl.state.players) == names
    choose_scenario(app, sid, n)
    play_night(app)
    debate(app)
    tablet_vote(app, names)
    reveal(app, names)
    verdict(app, names)
    assert app.ctl.phase == "end"


GAMES = [("sombre-reveil", 4), ("nuit-du-loup-garou", 10), ("terrible-ennemi", 3),
         ("alliances-fragiles", 6), ("anarchie", 5), ("metamorphoses-malefiques", 9),
         ("ne-te-fie-a-personne", 7), ("les-sages", 8), ("custom", 3)]


def test_every_kind_of_game_is_covered():
    assert {sid for sid, _ in GAMES} == set(SCENARIO) | {"custom"}
    for sid, n in GAMES:
        assert sid == "custom" or n in SCENARIO[sid].players()


@pytest.mark.parametrize("sid,n", GAMES)
def test_a_whole_game_by_taps(english, sid, n):
    try:
        play(english, sid, n)
    finally:
        english.go("home")


def test_a_whole_game_by_taps_on_the_small_screen(english):
    app = english
    try:
        Window.size = (800, 480)
        pump(3)
        assert app.scale == pytest.approx(0.6)
        card_names_fit(app)
        play(app, "metamorphoses-malefiques", 10)
    finally:
        Window.size = (1280, 800)
        pump(3)


def card_names_fit(app):
    """The reveal's grid and the scenario's tiles: every role, artifact and Investigator
    choice in both languages, on two lines at most and no word broken ('Diseuse de bonne
    aventure', 'Paranormal Investigator')."""
    keys = [k for k in FR if k.startswith(("role.", "artifact.", "reveal.pi_"))]
    tiles = [CardTile(card="villager", label=lang[k]) for lang in (FR, EN)
             for k in keys]
    for t in tiles:
        screen(app).add_widget(t)
    settle()
    try:
        for t in tiles:
            name = t.ids.name
            assert cut(name) is None, (Window.size, t.label, cut(name))
            assert _lines(name, name.width).content_height <= name.height + 1, t.label
    finally:
        for t in tiles:
            screen(app).remove_widget(t)


def test_every_card_name_fits_its_tile(english):
    card_names_fit(english)
