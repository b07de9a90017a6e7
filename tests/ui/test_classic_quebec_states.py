"""The Québec booklet's characters built on its states, at the table: games holding the
Fier-à-Bras, the Infecté Chronique and the Écornifleux, the Loup Gris, the Guenilloux, tapped
through the real screens from the home screen to the end and its story, in French and in
English; each record replays to the same outcome."""

from onenight.classic import states

from .classic_play import home_after  # noqa: F401 (the shared app left as found)
from .classic_play import go_on, night_through, own_cards_game, untranslated
from .test_classic_cast import TEN, dawn_told, to_the_story


def test_the_braggart_survives_the_pack_and_the_chronic_infected_wakes_with_it(app):
    """French, 1280x800: the chronic infected wakes with the pack on the first night and the
    pack's screen names him among its own; the pack attacks the braggart, who is strong: the
    dawn names no dead; the game plays to its end, and the story tells that he survived and
    lost his strength."""
    table = ["braggart", "werewolf", "chronic_infected", "eavesdropper", "seer", "hunter",
             "werewolf", "villager", "villager", "villager"]
    own_cards_game(app, TEN, table)

    def first_night(app, w):
        assert not untranslated(app), untranslated(app)
        if w.step == "werewolves":
            assert w.stop.woken == (1, 2, 6)
            return ("seat", 0)
        return ("nothing",) if not w.stop.required else None

    seen = night_through(app, first_night)
    assert app.tr("classic.learn.pack", names="Bob, Cy, Gus") in seen["werewolves"]

    told = dawn_told(app)
    assert app.tr("classic.dawn.nobody") in told and app.classic.game.alive(0)
    go_on(app)
    story = to_the_story(app, (1, 2, 6), ())
    assert app.tr("classic.story.strong_spent", targets="Ana") in story


def test_the_grey_wolf_spends_his_strength_to_infect_the_packs_victim(app):
    """English, 800x480: the pack takes a villager, the grey wolf taps "infect" at his call;
    the dawn names no dead, and the infected villager wakes with the pack the next night,
    told of his infection; the game plays to its end, and the story tells the grey wolf's
    bite."""
    own_cards_game(app, TEN, ["grey_wolf", "werewolf", "seer", "villager", "villager", "villager",
                              "villager", "villager", "villager", "villager"], english_small=True)
    firsts = {"werewolves": ("seat", 3), "grey_wolf": ("a",)}

    def first_night(app, w):
        assert not untranslated(app), untranslated(app)
        return firsts.get(w.step, ("nothing",) if not w.stop.required else None)

    night_through(app, first_night)
    assert app.tr("classic.dawn.nobody") in dawn_told(app)
    go_on(app)
    story = to_the_story(app, (0, 1, 3), ())
    assert app.tr("classic.story.chose.grey_wolf", actors="Ana") in story
    g = app.classic.game
    assert [e.seat for e in g.log if e.kind == "infected" and e.to == (3,)] == [3]


def test_the_ragpicker_voted_out_curses_a_villager_who_wakes_with_the_pack(app):
    """French, 1280x800: the village votes the ragpicker out on the first day; the next night
    the table draws, before the pack's call, a villager whom the infection takes: he wakes
    with the pack, told of it; the game plays to its end, and the story tells the curse."""
    table = ["ragpicker", "werewolf", "seer", "villager", "villager", "villager", "werewolf",
             "villager", "villager", "villager"]
    own_cards_game(app, TEN, table)
    night_through(app, lambda app, w: ("seat", 9) if w.step == "werewolves" else (
        ("nothing",) if not w.stop.required else None))
    dawn_told(app)
    go_on(app)
    story = to_the_story(app, (1, 6), (), first=(0,))
    g = app.classic.game
    assert g.death_of(0).cause == "vote" and g.death_of(0).day == 1
    (drawn,) = [e.seat for e in g.log if e.kind == "cursed"]
    assert g.cards[drawn] == "villager" and states.infected(g, drawn)
    assert [e.phase for e in g.log if e.kind == "infected" and e.to == (drawn,)] == ["night 2"]
    assert app.tr("classic.story.chose.ragpicker_curse", targets=TEN[drawn]) in story


def test_the_shamans_daughter_protects_the_home_the_pack_attacks(app):
    """English, 800x480: the shaman's daughter taps a player on the ring, whose home the pack
    then attacks: the dawn names no dead; the game plays to its end, and the story tells
    whose home she protected."""
    own_cards_game(app, TEN, ["shamans_daughter", "werewolf", "seer", "villager", "villager",
                              "villager", "werewolf", "villager", "villager", "villager"],
                   english_small=True)
    firsts = {"shamans_daughter": ("seat", 3), "werewolves": ("seat", 3)}
    night_through(app, lambda app, w: firsts.get(
        w.step, ("nothing",) if not w.stop.required else None))
    assert app.tr("classic.dawn.nobody") in dawn_told(app) and app.classic.game.alive(3)
    go_on(app)
    story = to_the_story(app, (1, 6), ())
    assert app.tr("classic.story.chose.shamans_daughter", actors="Ana", targets="Dee") in story


def test_the_were_squirrel_alive_takes_the_villages_win(app):
    """French, 1280x800: the village votes out both werewolves while the were-squirrel lives:
    the end screen gives him the win, alone, in words (no key shown), and the record replays
    to the same outcome."""
    own_cards_game(app, TEN, ["were_squirrel", "werewolf", "seer", "villager", "villager",
                              "villager", "werewolf", "villager", "villager", "villager"])
    night_through(app, lambda app, w: ("seat", 9) if w.step == "werewolves" else (
        ("nothing",) if not w.stop.required else None))
    dawn_told(app)
    go_on(app)
    to_the_story(app, (1, 6), ())
    v = app.classic.game.verdict
    assert (v.side, v.reason, v.winners) == ("were_squirrel", "were_squirrel_alive", (0,))
