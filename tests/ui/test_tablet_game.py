"""Whole games with the cards on the tablet, by taps in a real window: every preset once,
the languages and both sizes spread across them; each verdict is the one ``onenight
adjudicate`` finds on the saved record, run as a process."""

import json
import random

import pytest
from kivy.core.window import Window

from onenight.rules.scenarios import SCENARIOS
from onenight.ui.driving import find, pump, settle, texts
from tests.game.tablet_play import adjudicate
from tests.ui import tablet_walk as walk

NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès",
         "Jules"]
#: (preset, players, language, size): each preset once, the rest spread across them
GAMES = [(sc.id, n, lang, size) for sc, n, lang, size in zip(
    SCENARIOS, (5, 10, 4, 7, 8, 4, 6, 6), ("fr", "en") * 4,
    ((1280, 800), (800, 480)) * 2 + ((800, 480), (1280, 800)) * 2)]


@pytest.mark.parametrize("scenario,players,lang,size", GAMES,
                         ids=[g[0] for g in GAMES])
def test_a_whole_game_with_the_cards_on_the_tablet(app, scenario, players, lang, size):
    rng = random.Random(scenario)
    app.go("home")
    settle()
    # (no frame drawn from here on: the window's own resize event, handled when a frame is
    # drawn, would come back with its earlier size)
    Window.size = size
    settle()
    try:
        if app.lang != lang:
            app.set_language(lang)
        walk.to_the_deal(app, NAMES[:players], scenario)
        seen = walk.deal_round(app)
        dealt = app.ctl.tablet.table.dealt
        assert seen == [app.tr("role." + c) for c in dealt]  # each saw their own card
        walk.play_night(app, rng)
        walk.vote_by_fingers(app, rng)
        path = app.ctl.state.record_path
        record = json.loads(path.read_text(encoding="utf-8"))
        assert record["cards"] == "tablet" and record["scenario"] == scenario
        out = adjudicate(path)
        assert out["winning_teams"] == record["outcome"]["winning_teams"]
        assert out["dead"] == record["outcome"]["dead"]
        assert out["winners"] == record["outcome"]["winners"]
        shown = "\n".join(texts(app.sm.current_screen))
        assert app.sm.current_screen.headline in shown
    finally:
        Window.size = (1280, 800)
        pump(2)
        app.set_language("fr")
        table_cards_again(app)
        settle()


def table_cards_again(app):
    """Back to physical cards, the session's other tests' table."""
    app.go("home")
    if app.ctl.phase != "setup":
        app.ctl.apply({"type": "abandon"})
    assert app.send({"type": "cards", "on": "table"})
