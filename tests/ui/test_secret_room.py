"""What the woken learn fits the ring's centre with ten seats, on both screens and in both
languages: two things learned at once (the lone wolf's pack and a centre card, the Seer's two
centre cards, the Investigator's look and new role, the Doppelgänger's copy and its look, the
Revealer's card face up) with the longest names and card names, each sentence whole, inside
the room the ring leaves and the window, apart from each other and from every seat."""

import pytest
from kivy.core.window import Window

from onenight.rules.night import Seen
from onenight.ui.driving import pump, settle
from onenight.ui.screenshots import NAMES
from tests.ui.reading import cut, ink, overlapping, visible_labels
from tests.ui.test_tablet_game import table_cards_again

DECK = ["werewolf", "seer", "robber", "troublemaker", "aura_seer",
        "paranormal_investigator", "doppelganger", "revealer", "villager", "villager",
        "apprentice_seer", "village_idiot", "bodyguard"]

#: what is learned at once, with the longest names and the longest card names of each tongue
#: (the Aura Seer's and the Investigator's)
PAIRS = {
    "lone wolf": (Seen("werewolves", "wolves", seats=(9,)),
                  Seen("werewolves", "center", center=3, card="aura_seer")),
    "seer": (Seen("seer", "center", center=0, card="aura_seer"),
             Seen("seer", "center", center=2, card="paranormal_investigator")),
    "investigator": (Seen("pi", "card", seat=9, card="paranormal_investigator"),
                     Seen("pi", "became", card="aura_seer")),
    "doppelganger": (Seen("doppelganger", "copied", seat=9, card="paranormal_investigator"),
                     Seen("doppelganger", "card", seat=6, card="aura_seer")),
    "revealer": (Seen("revealer", "card", seat=9, card="aura_seer"),
                 Seen("revealer", "revealed", seat=9, card="aura_seer")),
    "three": (Seen("doppelganger", "copied", seat=9, card="paranormal_investigator"),
              Seen("doppelganger", "card", seat=6, card="aura_seer"),
              Seen("doppelganger", "became", card="aura_seer")),
}


@pytest.fixture(scope="module")
def night(app):
    """The night screen of a ten-player game with the cards on the tablet, its first step
    open."""
    app.go("home")
    settle()
    for e in ({"type": "abandon"}, {"type": "players", "names": NAMES},
              {"type": "cards", "on": "tablet"}, {"type": "custom", "cards": DECK},
              {"type": "start_night"},
              *({"type": "looked", "seat": s} for s in range(10)), {"type": "deal_done"}):
        assert app.send(e), (e, app.message)
    app.go("night")
    pump(3)
    screen = app.sm.current_screen
    for _ in range(200):
        app.test_clock.advance(0.5)
        app.tick()
        if app.ctl.step_view().open:
            break
    assert app.ctl.step_view().open
    yield screen
    screen.ids.secrets.clear()
    app.set_language("fr")
    Window.size = (1280, 800)
    settle()
    table_cards_again(app)
    settle()


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_two_things_learned_at_once_fit_the_ring_with_ten_seats(app, night, size, lang,
                                                                monkeypatch):
    # what is shown is set here, not by the step open on screen (which learned nothing)
    monkeypatch.setattr(night, "_refresh_step", lambda: None)
    Window.size = size
    app.set_language(lang)
    settle()
    ring, panel = night.ids.ring, night.ids.secrets
    assert len(ring.seats) == 10
    problems = []
    for case, facts in PAIRS.items():
        ring.locked = True  # (what is learned comes with the choice made)
        secrets = [night._secret(f, NAMES) for f in facts]
        panel.show(secrets)
        settle(12)
        fx, fy, fw, fh = ring.inner
        x0, y0 = ring.to_window(fx, fy)
        room = (x0, y0, x0 + fw, y0 + fh)
        texts = [lb for lb in visible_labels(panel)]
        assert sorted(lb.text for lb in texts) == sorted(s.text for s in secrets), case
        for lb in texts:
            why = cut(lb)
            if why:
                problems.append(f"{case}: {lb.text!r}: {why}")
            a, b, c, d = ink(lb)
            if a < room[0] - 2 or b < room[1] - 2 or c > room[2] + 2 or d > room[3] + 2:
                problems.append(f"{case}: {lb.text!r} drawn at ({a:.0f},{b:.0f})-({c:.0f},"
                                f"{d:.0f}), outside the ring's centre {tuple(round(v) for v in room)}")
            # readable from across the table
            if lb.font_size < 16 * app.scale:
                problems.append(f"{case}: {lb.text!r} at {lb.font_size:.0f} px")
        for w in panel.walk(restrict=True):
            if w is panel or not w.width or not w.height:
                continue
            a, b = w.to_window(w.x, w.y)
            c, d = w.to_window(w.right, w.top)
            if a < room[0] - 2 or b < room[1] - 2 or c > room[2] + 2 or d > room[3] + 2:
                problems.append(f"{case}: {type(w).__name__} outside the ring's centre")
        seats = visible_labels(ring)
        for a, b in overlapping(texts + seats, Window.size):
            if a in texts or b in texts:
                problems.append(f"{case}: {a.text!r} overlaps {b.text!r}")
    panel.clear()
    assert not problems, f"{size} {lang}:\n" + "\n".join(problems)
