"""Seed 000's Astrologue at the table, in the real window: his yes taken on the night screen,
the lunar eclipse's morning with no night before it, the solar eclipse's new night at once and
the dead of both nights at the next dawn, the story's sentences, the record replayed."""

from .classic_play import home_after  # noqa: F401 (the shared app left as found)
from .classic_play import go_on, living, night_through, play_to_end, screen, untranslated
from .test_classic_cast import chain, dawn_told, offered, seated, to_the_story
from .test_classic_village import reads_whole_in_english_small

#: Ana the astrologer, Bob and Eve the werewolves, Cy the seer.
CARDS = "astrologer werewolf seer villager werewolf villager villager villager"
WOLVES = (1, 4)
#: Whom the pack devours, by night; whom the village votes out, by day.
VICTIMS = {1: 3, 3: 5, 4: 2}
VOTED = {"day 1": 7, "day 2": 6}


def night(app, w):
    assert not untranslated(app), untranslated(app)
    if w.step == "astrologer" and w.night in (1, 3):
        if w.night == 1:
            assert screen(app).choice_a == app.tr("classic.night.eclipse")
            reads_whole_in_english_small(app, "classic-astrologer")
        return ("a",)  # "Utiliser mon prochain pouvoir"
    if w.step == "werewolves" and w.night in VICTIMS:
        return ("seat", VICTIMS[w.night])
    return ("nothing",) if not w.stop.required else None


def vote(app, voter):
    options = offered(app)
    target = VOTED.get(app.classic.game.phase.label)
    return target if target in options else options[0]


def until_phase(app, label: str):
    """Play on to the first screen of phase ``label`` (past any result still held)."""
    kind, n = label.split()

    def there(app) -> bool:
        if kind == "night":  # the night's own calls (a call of the night before may go on)
            w = app.classic.state.window
            return w is not None and w.night == int(n)
        return app.classic.game.phase.label == label and app.classic.phase == "dawn"

    play_to_end(app, night, vote, chain, until=there)


def test_the_astrologers_eclipses_shape_the_days_and_nights_at_the_table(app):
    """French, 1280x800 (his call and the eclipses' mornings read in English at 800x480
    too): the astrologer says yes the first night (the lunar eclipse: he alone
    reads it); the second day's morning says there was no night, names no dead, and the
    village votes again; the third night he says yes again (the solar eclipse): the new night
    begins at once with the table told so, and the next dawn names the dead of both nights;
    the story tells both eclipses and the record replays to the same outcome."""
    seated(app, CARDS)
    s = screen(app)
    assert s.name == "classic_night"
    seen = night_through(app, night)
    assert seen["astrologer"] == app.tr("classic.learn.lunar_eclipse")
    assert "Dee est mort cette nuit" in dawn_told(app)
    go_on(app)

    until_phase(app, "day 2")  # the first day's election, debate and vote (Hal is out)
    assert app.classic.game.phase.label == "day 2" and screen(app).name == "classic_dawn"
    assert screen(app).text == app.tr("classic.dawn.wake_eclipse")
    told = dawn_told(app)
    assert app.tr("classic.dawn.news.lunar_eclipse") in told
    assert app.tr("classic.dawn.nobody") not in told
    reads_whole_in_english_small(app, "classic-lunar-eclipse")
    go_on(app)

    until_phase(app, "night 3")  # the second day's vote (Gus is out), and no night between
    assert [p for p in app.classic.game.phases] == ["night 1", "day 1", "day 2", "night 3"]
    until_phase(app, "night 4")  # he veils the sun: the rest of the night and the day go
    assert app.classic.phase == "night" and app.classic.state.window.night == 4
    assert app.classic.state.calls[:2] == ("dusk", "solar_eclipse")
    # Fay died in the third night: the game master knows it, the table not yet
    table = app.classic.table_view()
    assert 5 not in living(app) and table.alive[5] and table.shown[5] is None
    until_phase(app, "day 4")
    told = dawn_told(app)
    assert "Cy" in told and "Fay" in told
    assert app.tr("classic.dawn.news.solar_eclipse") in told
    reads_whole_in_english_small(app, "classic-solar-eclipse")
    go_on(app)

    story = to_the_story(app, WOLVES, ())
    assert app.tr("classic.story.lunar_eclipse") in story
    assert app.tr("classic.story.solar_eclipse") in story
    assert "Ana, l'Astrologue, a fait appel aux astres." in story
