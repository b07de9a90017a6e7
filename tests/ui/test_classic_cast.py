"""The wider cast at the table: games holding the characters of Le Village and of the new
characters' booklet, tapped through the real screens from the home screen to the end and its
story. What the woken are shown, what the dawn says, whom each ballot may name, and the
story's sentences are checked on screen, in French and in English; each saved record replays
to the same outcome with ``onenight classic replay``."""

from onenight.ui.driving import find, tap
from onenight.game.classic_views import Text
from onenight.ui.screens.day import mmss

from .classic_play import home_after  # noqa: F401 (the shared app left as found)
from .test_classic_village import reads_whole_in_english_small
from .classic_play import (deal_by_own_cards, go_on, later, living, night_through,
                           own_cards_game, play_to_end, replays_to_the_same_outcome, screen,
                           seat_button, shown, start_classic, tap_seat_twice, untranslated)

TEN = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def offered(app) -> list[int]:
    """The seats the day's grid offers to the tap."""
    grid = find(screen(app), "seats")
    return [b.seat for b in grid.buttons() if b.seat not in grid.blocked]


def chain(app, stop):
    """A decision of the day's chain: the captain settles a tie (the first of the tied), a
    dying player names the first living player he may (in play: not the mage's vanished
    player, nor one *hors jeu*)."""
    from onenight.classic.sides import absent

    return next(t for t in living(app) if (t in stop.among) == (stop.step == "captain_pick")
                and not absent(app.classic.game, t))


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


def seated(app, cards: str):
    """The first names of TEN round the table, dealt ``cards`` (their ids, in seat order) by
    their own cards: the first night begins. (The opening through the controller: the walks
    above enter the table's own cards by taps.)"""
    table = cards.split()
    own_cards_game(app, TEN[:len(table)], table)


def test_the_tavern_keeper_sends_his_guests_to_the_tavern_for_two_minutes_at_the_table(app):
    """French, 1280x800: the tavern keeper taps three players, lets one go again and
    confirms; the dawn names the guests with him, in seat order; the debate shows who is at
    the tavern and their two minutes (read in English at 800x480 too), then the day's own
    countdown."""
    seated(app, "werewolf tavern_keeper seer villager werewolf villager villager villager")
    wolves = (0, 4)

    def first_night(app, w):
        if w.step == "tavern_keeper":
            ring = find(screen(app), "ring")
            assert ring.seat_count == 8 and ring.group  # any number of players
            tap(seat_button(ring, 6))
            tap(seat_button(ring, 6))  # a second tap lets Gus go: nothing is chosen yet
            assert not app.classic.state.window.chosen and 6 not in ring.chosen_seats
            return ("group", [5, 3, 7])
        if w.step == "werewolves":
            return ("seat", 2)
        return ("nothing",) if not w.stop.required else None

    night_through(app, first_night)
    told = dawn_told(app)
    assert app.tr("classic.dawn.news.tavern", names="Bob, Dee, Fay, Hal") in told
    go_on(app)
    # the captain's election (every voter names the first he may), then the debate
    play_to_end(app, first_night, lambda app, voter: offered(app)[0], chain,
                until=lambda app: app.classic.phase == "debate")
    s = screen(app)
    minutes = app.classic.state.options.debate_for(1)
    assert s.tavern == app.tr("classic.debate.tavern", names="Bob, Dee, Fay, Hal")
    reads_whole_in_english_small(app, "classic-tavern")
    assert s.time_text == mmss(120)
    later(app, 119)
    s.refresh()
    assert s.tavern and s.time_text == mmss(1)
    later(app, 2)
    s.refresh()
    assert s.tavern == ""  # back from the tavern: the debate's own minutes
    left = app.classic.debate_view().seconds_left
    assert abs(left - (minutes * 60 - 1)) < 1.5
    assert not untranslated(app), untranslated(app)
    story = to_the_story(app, wolves, ())
    assert "Au matin, Bob, Dee, Fay, Hal sont allés discuter à la taverne." in story
    assert "Bob a invité Dee, Fay, Hal à la taverne." in story


def test_the_lost_soul_answers_a_living_player_s_call_by_day_at_the_table(app):
    """French, 1280x800 (her screens read in English at 800x480 too): devoured in the first
    night, the lost soul is called during the debate about a living player, and the table is
    told she answers and rests; the call is not offered again; the story says it."""
    seated(app, "lost_soul werewolf seer villager werewolf villager villager villager")
    wolves = (1, 4)

    def first_night(app, w):
        if w.step == "werewolves":
            return ("seat", 0)
        return ("nothing",) if not w.stop.required else None

    night_through(app, first_night)
    dawn_told(app)
    go_on(app)
    play_to_end(app, first_night, lambda app, voter: offered(app)[0], chain,
                until=lambda app: app.classic.phase == "debate")
    d = screen(app)
    assert d.name == "classic_debate" and not find(d, "power_lost_soul").disabled
    assert find(d, "power_barber").disabled  # no buildings in this game
    tap(find(d, "power_lost_soul"))
    v = screen(app)
    assert v.name == "classic_village" and v.stage == "pick"
    assert app.tr("classic.village.pick.lost_soul", name="Ana") in shown(app)
    reads_whole_in_english_small(app, "classic-soul-pick")
    tap_seat_twice(app, 0)  # the dead are not offered
    assert screen(app).stage == "pick"
    tap_seat_twice(app, 4)
    assert v.stage == "shown" and v.saying.lines == ("village.lost_soul",)
    assert app.tr("classic.village.soul_called", name="Ana", target="Eve") in shown(app)
    reads_whole_in_english_small(app, "classic-soul-called")
    tap(find(v, "action"))
    d = screen(app)
    assert d.name == "classic_debate" and find(d, "power_lost_soul").disabled
    story = to_the_story(app, wolves, ())
    assert app.translator.classic(Text("classic.story.soul_called", {"targets": ["Eve"]})) \
        in story


def test_the_fanatic_voted_out_denounces_the_werewolves_at_the_table(app):
    """French, 1280x800 (the stake read in English at 800x480): the village votes the
    fanatic out; on the chain's screen his accusations are tapped one by one (one taken back)
    and confirmed; a wrong one is called a lie, and nothing more, on the vote's result; a
    right one wins the game for him alone."""
    table = "fanatic werewolf seer villager villager villager villager werewolf"

    def first_night(app, w):
        if w.step == "werewolves":
            return ("seat", 3)
        return ("nothing",) if not w.stop.required else None

    def to_the_stake(accused):
        seated(app, table)
        night_through(app, first_night)
        dawn_told(app)
        go_on(app)
        # Cy is elected captain (her successor would be named before the end), then the
        # village votes Ana out
        play_to_end(app, first_night,
                    lambda app, voter: (2 if app.classic.phase == "election" else 0)
                    if voter not in (0, 2) else offered(app)[0], chain,
                    until=lambda app: app.classic.phase == "chain")
        s = screen(app)
        assert s.name == "classic_dawn" and s.stage == "chain" and s.group
        assert app.tr("classic.chain.fanatic", name="Ana", card_name="Fanatique") in shown(app)
        for seat in accused + [2]:
            tap(seat_button(find(s, "seats"), seat))
        tap(seat_button(find(s, "seats"), 2))  # Cy taken back
        assert sorted(s.chosen) == sorted(accused)
        return s

    s = to_the_stake([1, 4])  # a werewolf and a villager: a lie
    reads_whole_in_english_small(app, "classic-fanatic")
    tap(find(s, "go"))
    v = screen(app)
    assert v.name == "classic_vote" and app.tr("classic.vote.lied", name="Ana") in shown(app)
    assert "Bob" not in app.tr("classic.vote.lied", name="Ana")  # nothing of who was right
    assert app.classic.game.verdict is None
    app.send({"type": "abandon"}, app.classic)

    s = to_the_stake([7, 1])  # every werewolf, nobody else
    tap(find(s, "go"))
    assert app.tr("classic.vote.lied", name="Ana") not in shown(app)
    tap(find(screen(app), "action"))  # the vote's result seen: the end
    end = screen(app)
    assert end.name == "classic_end"
    assert app.classic.game.verdict.winners == (0,)
    assert app.tr("classic.verdict.fanatic_denounced", name="Ana") in shown(app)
    assert not untranslated(app), untranslated(app)
    assert replays_to_the_same_outcome(app)["winning_side"] == "fanatic"
