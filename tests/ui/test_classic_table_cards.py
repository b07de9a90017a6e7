"""Seed 000's characters who play on the table itself, tapped through the real screens: the
Maire's character cards (his call, the first dawn, the debate's reminder, the story). What the
woken are shown, what the dawn says and what the debate keeps are checked on screen, in French,
and read in English at 800x480."""

from onenight.ui.driving import find

from .classic_play import home_after  # noqa: F401 (the shared app left as found)
from .classic_play import night_through, play_to_end, screen, untranslated
from .test_classic_cast import chain, dawn_told, offered, seated, to_the_story
from .test_classic_village import reads_whole_in_english_small


def test_the_mayor_gives_his_character_cards_at_his_call_and_the_whole_table_keeps_them(app):
    """French, 1280x800: two werewolves, so the Maire is shown two character cards in order
    and taps a player for each (himself for the second); the first dawn tells everyone who
    received which, the debate keeps them in view (read in English at 800x480 too), and the
    story says it."""
    seated(app, "werewolf mayor seer villager werewolf villager villager villager")
    wolves = (0, 4)
    at_his_call = {}

    def first_night(app, w):
        if w.step == "mayor":
            s = screen(app)
            ring = find(s, "ring")
            at_his_call["ring"] = ring.seat_count
            at_his_call["drawn"] = app.classic.game.memo.get("mayor.drawn")
            return ("seats", [5, 1])
        if w.step == "werewolves":
            return ("seat", 2)
        return ("nothing",) if not w.stop.required else None

    seen = night_through(app, first_night)
    drawn = at_his_call["drawn"]
    assert at_his_call["ring"] == 2 and len(drawn) == 2  # as many as the werewolf cards
    names = [app.tr("classic.trait." + t) for t in drawn]
    assert app.tr("classic.learn.mayor_cards", trait_names=", ".join(names)) in seen["mayor"]
    told = dawn_told(app)
    for who, trait in (("Fay", drawn[0]), ("Bob", drawn[1])):
        assert app.tr("classic.dawn.news.trait", name=who,
                      trait_name=app.tr("classic.trait." + trait),
                      trait_line=app.tr("classic.trait_line." + trait)) in told
    from .classic_play import go_on

    go_on(app)
    play_to_end(app, first_night, lambda app, voter: offered(app)[0], chain,
                until=lambda app: app.classic.phase == "debate")
    s = screen(app)
    assert s.traits == app.tr("classic.debate.traits", traits=", ".join(
        app.tr("classic.debate.trait", name=who, trait_name=n)
        for who, n in zip(("Fay", "Bob"), names)))
    assert find(s, "traits").opacity == 1
    reads_whole_in_english_small(app, "classic-mayor-debate")
    assert not untranslated(app), untranslated(app)
    story = to_the_story(app, wolves, ())
    assert app.tr("classic.story.chose.mayor", actors="Bob", targets="Fay, Bob") in story


def test_the_spy_shows_himself_at_a_call_with_a_discreet_tap_counted_and_limited(app):
    """French, 1280x800: the Spy's button is on the seer's call (read in English at 800x480
    too) and not on the pack's; tapped, the call goes on and the screen says it is noted; a
    second waking the same night is refused with its reason; the story tells it at the end."""
    from onenight.ui.driving import tap

    seated(app, "werewolf spy seer witch werewolf villager villager villager")
    wolves = (0, 4)
    shown = {}

    def first_night(app, w):
        s = screen(app)
        button = find(s, "spy")
        shown[w.step] = s.spy and button.opacity == 1
        if w.step == "seer":
            tap(button)
            assert app.message == app.tr("classic.night.spy_noted")
            assert app.classic.state.window.step == "seer" and not app.classic.state.window.chosen
            reads_whole_in_english_small(app, "classic-spy-seer")
            return ("seat", 4)
        if w.step == "witch":
            tap(button)
            assert app.message == app.tr("refused.spy.tonight")
        if w.step == "werewolves":
            return ("seat", 5)
        return ("nothing",) if not w.stop.required else None

    night_through(app, first_night)
    assert shown["seer"] and shown["witch"] and not shown["werewolves"]
    assert app.classic.game.memo.get("spy.uses") == ((1, "seer"),)
    assert not untranslated(app), untranslated(app)
    story = to_the_story(app, wolves, ())
    assert app.tr("classic.story.spy_joined", call_name=app.tr("classic.step.seer")) in story
