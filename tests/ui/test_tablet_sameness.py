"""Peeking at the tablet teaches nothing: the night screen of a step looks the same, and its
window opens and ends at the same moments, whether its role is a player's who acts, lies in
the centre, or is a player's who passes. Rendered in a real window and compared pixel for
pixel, except inside the secret panel (what the woken learn, for their eyes)."""

from kivy.core.window import Window

from onenight.ui.driving import pump, settle
from onenight.ui.screenshots import picture
from tests.ui.test_tablet_game import table_cards_again

DECK = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager",
        "villager"]
NAMES = ["Ana", "Ben", "Cyd", "Dan", "Eve"]
#: the Seer at seat 0 (who acts, or passes), then in the centre
SEER_PLAYS = {"seats": ["seer", "werewolf", "robber", "villager", "villager"],
              "center": ["werewolf", "troublemaker", "villager"], "artifacts": []}
SEER_SLEEPS = {"seats": ["villager", "werewolf", "robber", "villager", "troublemaker"],
               "center": ["werewolf", "seer", "villager"], "artifacts": []}


def night_at_the_seer(app, deal, tmp_path, name, act: bool):
    """A game dealt ``deal``, its night played to the middle of the Seer's window (and the
    Seer's look at seat 1 when ``act``); returns (picture's pixels, the secret panel's box,
    the window's (open, end) moments on the game clock)."""
    app.go("home")
    settle()
    for e in ({"type": "abandon"}, {"type": "players", "names": NAMES},
              {"type": "cards", "on": "tablet"}, {"type": "custom", "cards": DECK},
              {"type": "start_night", "deal": deal},
              *({"type": "looked", "seat": s} for s in range(5)), {"type": "deal_done"}):
        assert app.send(e), (e, app.message)
    app.go("night")
    pump(3)
    night = app.sm.current_screen
    clock = app.test_clock
    moments = {}
    for _ in range(400):
        clock.advance(0.5)
        app.tick()
        v = app.ctl.step_view()
        if v.step == "seer" and v.open and "open" not in moments:
            slot = next(s for s in night.driver.runner.plan.steps if s.step == "seer")
            start = night.driver.runner.position
            moments["open"] = start - slot.start
            moments["slot"] = (slot.start, slot.action_end, slot.end)
            if act:
                night.ids.ring.tap("seat", 1)
                night.ids.ring.tap("seat", 1)
                assert app.ctl.step_view().picks == ({"view": 1},)
            # the same moment of the window for every deal
            clock.advance(slot.start + 4 - start)
            app.tick()
            settle(12)
            pump(3)
            path = tmp_path / f"{name}.png"
            picture(Window, path)
            panel = night.ids.secrets
            box = (*panel.to_window(panel.x, panel.y), panel.width, panel.height)
            done = night.ids.done_text
            box2 = (*done.to_window(done.x, done.y), done.width, done.height)
        if "open" in moments and v.step != "seer":
            moments["end"] = night.driver.runner.position - slot.action_end
            break
    return pixels(path), (box, box2), moments


def pixels(path):
    from kivy.core.image import Image as CoreImage

    img = CoreImage(str(path), keep_data=True)
    return img.width, img.height, bytes(img.texture.pixels)


def masked(px, boxes):
    """The picture's pixels with the secret panel's boxes (window coordinates, from the
    bottom) blanked (the picture's rows go from the top)."""
    w, h, data = px
    data = bytearray(data)
    for x, y, bw, bh in boxes:
        for up in range(max(0, int(y) - 1), min(h, int(y + bh) + 2)):
            row = h - 1 - up
            a = (row * w + max(0, int(x) - 1)) * 4
            b = (row * w + min(w, int(x + bw) + 2)) * 4
            data[a:b] = bytes(b - a)
    return bytes(data)


def test_a_step_looks_and_lasts_the_same_whoever_holds_its_card(app, tmp_path):
    jitter = app.settings.jitter_seconds
    app.settings.jitter_seconds = 0  # (the random extra time, drawn per night, set aside)
    try:
        acts, boxes, t_acts = night_at_the_seer(app, SEER_PLAYS, tmp_path, "acts", True)
        sleeps, _, t_sleeps = night_at_the_seer(app, SEER_SLEEPS, tmp_path, "sleeps", False)
        passes, _, t_passes = night_at_the_seer(app, SEER_PLAYS, tmp_path, "passes", False)
    finally:
        app.settings.jitter_seconds = jitter
        table_cards_again(app)
        settle()
    # before any pick, and outside what the woken learn after one: pixel for pixel
    assert sleeps[2] == passes[2]
    assert masked(acts, boxes) == masked(passes, boxes) == masked(sleeps, boxes)
    # the Seer did learn something, shown only inside the panel
    assert acts[2] != passes[2]
    # the window lasts the same: the plan's (the deck's, never the deal's), which the screen
    # follows to the tick (it opens the step at its first line, ends it at its "close your
    # eyes", whatever happened in it)
    assert t_acts["slot"] == t_sleeps["slot"] == t_passes["slot"]
    for t in (t_acts, t_sleeps, t_passes):
        assert 0 <= t["open"] < 0.5 + 1e-6 and 0 <= t["end"] < 0.5 + 1e-6, t
