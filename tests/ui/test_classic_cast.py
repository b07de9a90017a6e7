"""The wider cast at the table: games holding the characters of Le Village and of the new
characters' booklet, tapped through the real screens from the home screen to the end and its
story. What the woken are shown, what the dawn says, whom each ballot may name, and the
story's sentences are checked on screen, in French and in English; each saved record replays
to the same outcome with ``onenight classic replay``."""

from onenight.ui.driving import find, tap

from .classic_play import home_after  # noqa: F401 (the shared app left as found)
from .classic_play import (deal_by_own_cards, go_on, later, living, night_through,
                           own_cards_game, play_to_end, replays_to_the_same_outcome, screen,
                           shown, start_classic, tap_seat_twice, untranslated)

TEN = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def offered(app) -> list[int]:
    """The seats the day's grid offers to the tap."""
    grid = find(screen(app), "seats")
    return [b.seat for b in grid.buttons() if b.seat not in grid.blocked]


def chain(app, stop):
    """A decision of the day's chain: the captain settles a tie (the first of the tied), a
    dying player names the first living player he may."""
    return next(t for t in living(app) if (t in stop.among) == (stop.step == "captain_pick"))


def dawn_told(app) -> str:
    """The dawn screen once the village is awake and the voice has named its dead."""
    assert screen(app).name == "classic_dawn", screen(app).name
    go_on(app)  # the village wakes
    for _ in range(40):
        later(app, 1)
    return shown(app)


def to_the_story(app, wolves, picking, last=False, first=()) -> str:
    """Play on to the end: the pack (and the diviner) take the last villager left, the
    callers of ``picking`` name another living player (the last one if ``last``, else the
    first), the others do nothing; every voter names a player of ``first`` when offered one,
    else a werewolf (of ``wolves``, or one infected in play). No screen shows a translation
    key. Returns the story, once the record replays to the same outcome."""
    from onenight.classic.sides import wolfish

    def pack(app) -> list[int]:
        return [s for s in living(app) if s in wolves or wolfish(app.classic.game, s)]

    def night(app, w):
        assert not untranslated(app), untranslated(app)
        village = [s for s in living(app) if s not in pack(app)]
        if w.step in ("werewolves", "diviner"):
            return ("seat", village[-1])
        if w.step in picking:
            others = [s for s in living(app) if s != w.stop.woken[0]]
            return ("seat", others[-1] if last else others[0])
        return ("nothing",) if not w.stop.required else None

    def vote(app, voter):
        assert not untranslated(app), untranslated(app)
        options = offered(app)
        return next((t for t in tuple(first) + tuple(pack(app)) if t in options),
                    options[0] if options else voter)

    play_to_end(app, night, vote, chain)
    assert not untranslated(app), untranslated(app)
    tap(find(screen(app), "tab"))
    story = shown(app)
    assert not untranslated(app), untranslated(app)
    outcome = replays_to_the_same_outcome(app)
    assert outcome["winning_side"] == app.classic.game.verdict.side
    return story


def test_the_raven_magistrate_hypnotist_and_mage_at_the_table(app):
    """French, 1280x800, the table's own cards: the raven's poster, the magistrate's immune,
    the hypnotist's spell and the mage's vanished player. The hypnotized player is told his
    victim at night; the dawn tells the poster and the immune; the hypnotized may vote only
    against his victim, nobody against the immune, and the vanished neither votes nor is
    named; the game then plays to its end, its story in sentences."""
    table = ["werewolf", "raven", "magistrate", "hypnotist", "mage", "werewolf",
             "apprentice_seer", "mathematician", "villager", "villager"]
    start_classic(app, TEN, "", deal="cards", cards=table)
    deal_by_own_cards(app, table)
    assert screen(app).name == "classic_night"
    wolves = (0, 5)
    firsts = {"raven": ("seat", 3), "magistrate": ("seat", 6), "hypnotist": ("seats", [7, 5]),
              "mage": ("seat", 8), "mathematician": ("seat", 1), "werewolves": ("seat", 9),
              "apprentice_seer": ("seat", 1)}

    def first_night(app, w):
        assert not untranslated(app), untranslated(app)
        return firsts.get(w.step, ("nothing",) if not w.stop.required else None)

    seen = night_through(app, first_night)
    assert seen["hypnotized"] == app.tr("classic.learn.hypnotized", name="Fay")
    assert "hypnotisé" in seen["hypnotized"] and "Fay" in seen["hypnotized"]
    assert seen["mathematician"] == app.tr("classic.learn.distance", name="Bob", distance=1)
    glimpsed = seen["apprentice_seer"]  # Bob and his neighbours' cards, in no order
    assert glimpsed.startswith("Ana, Bob, Cy") and "dans le désordre" in glimpsed
    assert all(name in glimpsed for name in ("Corbeau", "Loup-Garou", "Magistrat"))

    told = dawn_told(app)
    assert "Jo est mort cette nuit. C'était : Simple Villageois." in told
    assert app.tr("classic.dawn.news.marked", name="Dee") in told
    assert app.tr("classic.dawn.news.immune", name="Gus") in told
    assert app.tr("classic.dawn.news.vanished", name="Ivy") in told
    assert "Dee" in app.tr("classic.dawn.news.marked", name="Dee")
    go_on(app)

    # the captain's election: the vanished Ivy is no voter and no candidate
    s = screen(app)
    assert app.classic.phase == "election"
    for _ in range(40):
        s = screen(app)
        if s.stage == "cover":
            tap(find(s, "action"))
        elif s.stage == "collect":
            assert s.voter != 8
            assert 8 not in offered(app)
            tap_seat_twice(app, 2 if s.voter != 2 else 1)
        else:
            break
    assert s.stage == "counted"
    tap(find(s, "action"))
    tap(find(screen(app), "action"))
    tap(find(screen(app), "vote_tablet"))

    # the day's vote
    for _ in range(40):
        s = screen(app)
        if s.stage == "cover":
            tap(find(s, "action"))
            continue
        if s.stage != "collect":
            break
        voter = s.voter
        assert voter != 8
        choices = offered(app)
        if voter == 7:  # hypnotized: his ballot names Fay, or nobody
            assert choices == [5]
        else:
            assert 6 not in choices and 8 not in choices and voter not in choices
        tap_seat_twice(app, 5 if voter != 5 else 0)
    assert s.stage == "counted"
    tap(find(s, "action"))
    assert app.tr("classic.vote.eliminated", name="Fay", card_name="Loup-Garou") in shown(app)
    tap(find(screen(app), "action"))

    story = to_the_story(app, wolves, ("raven", "magistrate", "mathematician",
                                        "apprentice_seer"))
    assert "Une affiche accuse Dee." in story
    assert "Gus est intouchable aujourd'hui." in story


ELEVEN = TEN + ["Kim"]


def test_the_pyromaniac_priest_assassin_and_evil_spirit_at_the_table(app):
    """English, 800x480, the table's own cards: the assassin names his three targets (two
    werewolf cards dealt, plus one) on the ring; the priest sees the card he blesses, the
    enemies are told each other; the dawn tells the burned home; the devoured hunter shoots
    from the players the rules offer; the game plays to its end, its story in sentences."""
    from kivy.core.window import Window

    app.set_language("en")
    Window.size = (800, 480)
    table = ["werewolf", "pyromaniac", "priest", "trapper", "sandman", "evil_spirit",
             "assassin", "werewolf", "hunter", "dream_reader", "villager"]
    start_classic(app, ELEVEN, "", deal="cards", cards=table)
    deal_by_own_cards(app, table)
    wolves = (0, 7)
    firsts = {"priest": ("seat", 10), "pyromaniac": ("seat", 3), "trapper": ("seat", 9),
              "sandman": ("seat", 10), "evil_spirit": ("seats", [2, 4]),
              "assassin": ("seats", [0, 7, 10]), "dream_reader": ("seat", 5),
              "werewolves": ("seat", 8)}

    def first_night(app, w):
        assert not untranslated(app), untranslated(app)
        return firsts.get(w.step, ("nothing",) if not w.stop.required else None)

    seen = night_through(app, first_night)
    from onenight.classic.sides import CONTRACT

    assert app.classic.game.memo.get(CONTRACT) == (0, 7, 10)  # taken from the ring
    assert seen["priest"] == app.tr("classic.learn.saw", name="Kim", card_name="Villager")
    assert app.tr("classic.learn.enemy", name="Eve") in seen["enemies"]
    assert app.tr("classic.learn.enemy", name="Cy") in seen["enemies"]

    told = dawn_told(app)
    assert app.tr("classic.dawn.died", name="Ivy", card_name="Hunter") in told
    assert app.tr("classic.dawn.news.burned", name="Dee") in told
    assert "Dee's home burned down" in told
    go_on(app)
    assert app.classic.phase == "chain" and app.classic.game.stop.step == "hunter"
    assert offered(app) == [s for s in living(app) if s != 8]
    tap_seat_twice(app, 0)
    assert not app.classic.game.alive(0)

    story = to_the_story(app, wolves, ("pyromaniac", "trapper", "sandman", "dream_reader"),
                         last=True)
    assert "Night 1" in story


def test_the_night_owl_diviner_vigilante_and_pack_leader_at_the_table(app):
    """French, 800x480, the table's own cards: the night owl's guest is shown who he is, the
    pack is told the diviner's victim and must take him, the vigilante, the pack leader, the
    traitor, the woodsman and the detective play their part; the game plays to its end, its
    story in sentences."""
    from kivy.core.window import Window

    Window.size = (800, 480)
    table = ["pack_leader", "night_owl", "diviner", "vigilante", "werewolf", "traitor",
             "woodsman", "detective", "villager", "villager"]
    start_classic(app, TEN, "", deal="cards", cards=table)
    deal_by_own_cards(app, table)
    firsts = {"night_owl": ("seat", 8), "diviner": ("seat", 9), "werewolves": ("seat", 9)}

    def first_night(app, w):
        assert not untranslated(app), untranslated(app)
        return firsts.get(w.step, ("nothing",) if not w.stop.required else None)

    seen = night_through(app, first_night)
    assert seen["night_owl_seen"] == app.tr("classic.learn.night_owl", name="Bob")
    assert app.tr("classic.learn.foretold", name="Jo") in seen["werewolves"]

    told = dawn_told(app)
    assert app.tr("classic.dawn.died", name="Jo", card_name="Simple Villageois") in told
    go_on(app)
    story = to_the_story(app, (0, 4), ("vigilante_before", "vigilante_after", "night_owl"))
    assert "Nuit 1" in story


def test_cassandra_jekyll_and_the_witch_shown_every_victim_at_the_table(app):
    """French, 1280x800, the table's own cards: Cassandra shoots on the ring; the table rolls
    Dr Jekyll's die (a 1 here: the generator is seeded so) and he, become Mr Hyde, murders on
    the ring; the witch is shown the three victims in seat order, without a word of who
    struck whom, and her heal's button names the one it saves; the dawn says who died of a
    silver bullet, and of the night; the game plays to its end, its story in sentences."""
    import random

    table = ["werewolf", "cassandra", "witch", "seer", "villager", "werewolf", "villager",
             "villager", "jekyll_hyde", "villager"]
    start_classic(app, TEN, "", deal="cards", cards=table)
    deal_by_own_cards(app, table)
    app.classic.rng = random.Random(ROLLS_A_1)
    wolves = (0, 5)
    firsts = {"werewolves": ("seat", 9), "cassandra": ("seat", 4),
              "jekyll_hyde": ("seat", 7), "witch": ("potions", 9, None)}
    heal_button = []

    def first_night(app, w):
        assert not untranslated(app), untranslated(app)
        if w.step == "witch":
            s = screen(app)
            assert s.victims == [4, 7, 9]
            heal_button.append(find(s, "heal").text)
        return firsts.get(w.step, ("nothing",) if not w.stop.required else None)

    seen = night_through(app, first_night)
    assert [v for _, key, v in app.classic.game.record if key == "jekyll_die"] == [{"roll": 1}]
    assert seen["jekyll_hyde"].startswith(app.tr("classic.learn.rolled.hyde"))
    assert "Mr Hyde" in seen["jekyll_hyde"]
    assert seen["witch"].startswith(app.tr("classic.learn.victims", names="Eve, Hal, Jo"))
    assert "loup" not in seen["witch"].lower() and "Hyde" not in seen["witch"]
    assert heal_button == [app.tr("classic.night.heal_which")]
    assert app.tr("classic.night.heal_one", name="Jo") == "Sauver Jo"

    told = dawn_told(app)
    assert app.tr("classic.dawn.died.silver_bullet", name="Eve",
                  card_name="Simple Villageois") in told
    assert app.tr("classic.dawn.died", name="Hal", card_name="Simple Villageois") in told
    assert "balle d'argent" in told and "Hyde" not in told and "Jo est mort" not in told
    go_on(app)

    story = to_the_story(app, wolves, ("cassandra", "seer"))
    assert "Le dé lancé pour le Dr Jekyll a donné 1." in story
    assert "Ivy, devenu Mr Hyde, a tué Hal." in story


#: A seed whose generator's first die shows a 1.
ROLLS_A_1 = 2


def test_the_crow_of_fate_lays_his_card_the_night_after_his_death_at_the_table(app):
    """English, 800x480, the table's own cards: the crow devoured on the first night wakes,
    dead, at the end of the second; the table has rolled his die, and his screen tells him
    what it shows and the players it sends his card to; he lays it on the ring, and the
    second dawn tells the village before whom it lies; the game plays to its end."""
    own_cards_game(app, TEN, ["werewolf", "crow", "seer", "villager", "werewolf", "villager",
                              "villager", "villager", "villager", "villager"], english_small=True)
    wolves = (0, 4)
    crow_saw = []

    def night(app, w):
        assert not untranslated(app), untranslated(app)
        if w.step == "werewolves":
            return ("seat", 1 if app.classic.game.alive(1) else
                    [s for s in living(app) if s not in wolves][-1])
        if w.step == "crow":
            (told,) = [x for x in app.classic.night_view().learned if x.kind == "crow_rolled"]
            crow_saw.append((screen(app).say(told.text), told.seats))
            return ("seat", told.seats[0])
        return ("nothing",) if not w.stop.required else None

    def vote(app, voter):
        options = offered(app)
        return next((t for t in wolves if t in options), options[0] if options else voter)

    play_to_end(app, night, vote, chain,
                until=lambda app: app.classic.phase == "dawn"
                and app.classic.game.phase.label == "day 2")
    ((text, seats),) = crow_saw
    (roll,) = [v["roll"] for _, key, v in app.classic.game.record if key == "crow_die"]
    werewolves = roll >= 3  # devoured: 3 to 6, before a werewolf
    assert set(seats) == ({s for s in living(app) if s in wolves} if werewolves
                          else {s for s in living(app) if s not in wolves})
    assert text.startswith(f"The die shows {roll}: lay your card before one of the ")
    told = dawn_told(app)
    assert app.tr("classic.dawn.news.crow_card", name=TEN[seats[0]]) in told
    assert "The Crow's card lies face up before" in told
    go_on(app)
    story = to_the_story(app, wolves, ("seer",))
    assert "At daybreak the Crow's card lay before" in story
