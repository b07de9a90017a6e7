"""Seed 000's Transformiste at the table, in the real window: no call while his pile is
empty; once the seer is devoured, the night's draw shows him her card at his call, and he
plays her at hers; the story and the record."""

from .classic_play import home_after  # noqa: F401 (the shared app left as found)
from .classic_play import night_through, screen, untranslated
from .test_classic_cast import dawn_told, seated, to_the_story
from .test_classic_village import reads_whole_in_english_small

#: Ana the shapeshifter, Bob and Eve the werewolves, Cy the seer.
CARDS = "shapeshifter werewolf seer villager werewolf villager villager villager"
WOLVES = (1, 4)


def test_the_shapeshifter_plays_the_dead_seers_card_at_the_table(app):
    """French, 1280x800 (his call read in English at 800x480 too): the first night calls him
    not; the seer devoured, the second night he is shown her card at his call, then looks at
    Bob's card at hers; the story says which card was drawn for him."""
    seated(app, CARDS)
    assert screen(app).name == "classic_night"

    def first(app, w):
        assert w.step != "shapeshifter"
        if w.step == "werewolves":
            return ("seat", 2)
        return ("nothing",) if not w.stop.required else None

    night_through(app, first)
    assert "Cy est mort cette nuit" in dawn_told(app)

    def second(app, w):
        assert not untranslated(app), untranslated(app)
        if w.step == "shapeshifter":
            reads_whole_in_english_small(app, "classic-shapeshifter")
            return None
        if w.step == "seer":
            assert w.stop.woken == (0,)
            return ("seat", 1)
        if w.step == "werewolves":
            return ("seat", 3)
        return ("nothing",) if not w.stop.required else None

    story = to_the_story_with(app, second)
    assert "Carte tirée pour le Transformiste : Voyante." in story


def to_the_story_with(app, second):
    """The day to the vote, then the second night (``second``), then on to the end."""
    from .classic_play import go_on, play_to_end
    from .test_classic_cast import chain, offered

    go_on(app)
    def vote(app, voter):  # Eve, a werewolf, is voted out: no card for his pile
        return 4 if 4 in offered(app) else offered(app)[0]

    play_to_end(app, second, vote, chain,
                until=lambda app: app.classic.state.window is not None
                and app.classic.state.window.night == 2)
    seen = night_through(app, second)
    assert app.tr("classic.learn.shape", card_name="Voyante") in seen["shapeshifter"]
    assert app.tr("classic.learn.saw", name="Bob", card_name="Loup-Garou") in seen["seer"]
    return to_the_story(app, WOLVES, ())
