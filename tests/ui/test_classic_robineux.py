"""The Québec booklet's Robineux at the table (seed 002), tapped through the real screens: the
role the app drew for him, shown to him alone on the second night, his choice among the two
the screen offers by name (the numbers a pad dials), and what the village is told of it.
Each saved record replays to the same outcome with ``onenight classic replay``."""

from .classic_play import home_after  # noqa: F401 (the shared app left as found)
from .classic_play import (living, night_through, own_cards_game, play_to_end,
                           replays_to_the_same_outcome, screen, untranslated)
from .test_classic_cast import TEN, chain, dawn_told, offered
from .test_classic_quebec import _idle, _tap_power

#: Seat 1 the Robineux, seats 0 and 6 the werewolves; the seer is dealt (never drawn for him).
TABLE = ["werewolf", "robineux", "seer", "villager", "villager", "villager", "werewolf",
         "villager", "villager", "villager"]


VILLAGERS = [3, 4, 5, 7, 8, 9]


def _quiet_night(app, w):
    """The pack kills a villager; the others do nothing (the Robineux, on the first night, is
    woken by no call but the dusk, everyone's)."""
    if app.classic.game.phase.number == 1:
        assert w.step == "dusk" or 1 not in w.stop.woken
    if w.step == "werewolves":
        return ("seat", _prey(app)[0])
    return _idle(w)


def _prey(app) -> list[int]:
    """The living players the pack may take, villagers first."""
    from onenight.classic.sides import wolfish

    g = app.classic.game
    return sorted((s for s in living(app) if not wolfish(g, s)), key=lambda s: s not in VILLAGERS)


def _vote_a_villager(app, voter):
    spare = [s for s in offered(app) if s in VILLAGERS]
    return spare[-1] if spare else offered(app)[0]


def _to_the_second_night(app, side: str, role: str, english_small=False):
    """The table's own cards, the Robineux drawn ``role`` of ``side`` as the first night
    opens, a first night and day (the pack kills a villager, the village votes out another):
    the second night's first call."""
    own_cards_game(app, TEN, TABLE, english_small=english_small,
                   drawn={"robineux_side": {"side": side}, "robineux_role": {"card": role}})
    assert app.classic.game.memo.get("robineux.role") == role
    play_to_end(app, _quiet_night, _vote_a_villager, chain,
                until=lambda app: app.classic.phase == "night"
                and app.classic.game.phase.number == 2)
    assert app.classic.game.alive(1) and app.classic.game.cards[1] == "robineux"
    return role


def _choosing(choice: str, shown: dict):
    """The second night: at his call he is shown his role and taps ``choice`` twice (it names
    nobody); the pack takes a villager, and a second one when it may."""
    def night(app, w):
        assert not untranslated(app), untranslated(app)
        if w.step == "robineux":
            s = screen(app)
            shown["powers"] = sorted(b.text for b in s.ids.power_row.children)
            _tap_power(app, choice)
            _tap_power(app, choice)
            assert s.chosen
            return None
        if w.step in ("werewolves", "robineux_pack"):
            shown.setdefault("pack", []).append((w.step, tuple(w.stop.woken)))
            return ("seat", [v for v in _prey(app)
                             if v != app.classic.game.tonight.get("victim")][0])
        return _idle(w)
    return night


def test_the_robineux_sleeps_it_off_and_the_village_learns_his_role_at_dawn(app):
    """French, 1280x800: drawn the Loup Gris; on the second night the Robineux is called
    first; the tablet shows him his role and offers the two choices by name; he taps the
    restful sleep. He wakes with the pack, which names a second victim: two die at dawn,
    where the village is told his role."""
    role = _to_the_second_night(app, "werewolves", "grey_wolf")
    shown: dict = {}
    seen = night_through(app, _choosing("sleep", shown))
    g = app.classic.game
    card = app.translator.classic_card(role)
    assert app.tr("classic.learn.robineux_role", card_name=card) in seen["robineux"]
    assert shown["powers"] == ["1. Gueule de bois", "2. Sommeil réparateur"]
    assert ("night 2", "robineux", {"power": "sleep", "target": None}) in g.record
    assert g.cards[1] == role
    assert [step for step, _ in shown["pack"]] == ["werewolves", "robineux_pack"]
    assert all(1 in woken for _, woken in shown["pack"])
    told = dawn_told(app)
    assert app.tr("classic.dawn.news.robineux_revealed", card_name=card) in told
    g = app.classic.game
    assert len([d for d in g.deaths if d.day == 2 and d.moment == "dawn"]) == 2
    assert not untranslated(app), untranslated(app)


def test_the_robineux_hangover_is_told_to_the_whole_village_at_the_table(app):
    """English, 800x480: drawn the Violoneux, he taps the hangover; nobody but the pack wakes
    for its call, no second victim, and the morning's news tells the village his role, not
    who he is. The game played to its end replays to the same outcome."""
    role = _to_the_second_night(app, "village", "violoneux", english_small=True)
    shown: dict = {}
    seen = night_through(app, _choosing("hangover", shown))
    g = app.classic.game
    assert shown["powers"] == ["1. Hangover", "2. Restful sleep"]
    card = app.translator.classic_card(role)
    assert app.tr("classic.learn.robineux_role", card_name=card) in seen["robineux"]
    assert ("night 2", "robineux", {"power": "hangover", "target": None}) in g.record
    assert all(1 not in woken for _, woken in shown["pack"])
    assert "robineux_pack" not in [k for p, k, _ in g.record if p == "night 2"]
    told = dawn_told(app)
    line = app.tr("classic.dawn.news.robineux_hangover", card_name=card)
    assert line in told and TEN[1] not in line
    play_to_end(app, _quiet_night, _vote_a_villager, chain)
    assert replays_to_the_same_outcome(app)["winning_side"] is not None
