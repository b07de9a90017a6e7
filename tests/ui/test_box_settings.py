"""The vote box in the settings: the pairing code to dial on a pad, the tablets paired with
the box (each can be forgotten), and the warning when a new one was paired."""

import time

from onenight.ui.driving import find, pump, tap, texts


def test_pairing_code_and_paired_tablets_in_the_settings(app):
    app.go("settings")
    st = app.sm.current_screen
    find(st, "scroll").scroll_y = 0
    pump(2)
    find(st, "address").text = "socket://box.local:7777"
    tap(find(st, "connect"))
    box = app.test_boxes[-1]
    try:
        tap(find(st, "pair"))
        assert box.calls[-1] == ("pair",)
        box.pair_code = "4721"
        app.tick()
        assert "4 7 2 1" in find(st, "box_status").text
        assert "molette" in find(st, "box_status").text
        box.pair_code = None

        at = int(time.mktime((2026, 11, 21, 20, 15, 0, 0, 0, -1)))
        box.keys = type("Keys", (), {"app_id": "tablet-me"})()
        box.tablets = [{"id": "tablet-me", "name": "Salon", "at": at - 86400},
                       {"id": "phone-x", "name": "Téléphone de Bob", "at": at}]
        app.tick()
        rows = list(reversed(find(st, "tablets").children))
        assert [r.label for r in rows] == ["Salon · cette tablette",
                                           "Téléphone de Bob · appairée le 21/11/2026 à 20 h 15"]
        assert "Tablettes appairées avec le boîtier" in texts(st)
        tap(rows[1].ids.forget)
        assert box.calls[-1] == ("forget", "phone-x")
        app.tick()
        assert [r.app_id for r in find(st, "tablets").children] == ["tablet-me"]

        box._emit(kind="new_tablet", tablet={"id": "phone-y", "name": "Eve", "at": at})
        pump(2)
        assert "Un nouvel appareil vient d'être appairé avec le boîtier : Eve (phone-y)" \
            in app.message
    finally:
        box.tablets = []
        app.settings.box_address = ""
        app.connect_box()
        app.go("home")
        pump(2)
