"""The Québec booklet's camps at the table (seed 002): games holding its legendary enemies and
lone players, tapped through the real screens from the home screen to the end. What the
woken are shown, what the dawn says and the end's verdict are checked on screen; each saved
record replays to the same outcome with ``onenight classic replay``."""

from .classic_play import home_after  # noqa: F401 (the shared app left as found)
from .classic_play import (living, night_through, own_cards_game, play_to_end, screen, shown,
                           tap_seat_twice, untranslated)
from .test_classic_cast import TEN, chain, dawn_told, offered, to_the_story


def _idle(w):
    """What the woken of a call do when the test has nothing for them: nothing, or the
    required choice the screen makes."""
    return ("nothing",) if not w.stop.required else None


def test_the_wendigo_repels_a_pack_of_one_and_wins_alone_at_the_table(app):
    """French, 1280x800, the table's own cards: the lone werewolf attacks the Wendigo; the
    dawn says the attack was repelled, without naming him, and that the werewolf died of it;
    the Wendigo, alive when no wolf is left, wins alone; the story says it."""
    table = ["werewolf", "wendigo", "seer", "villager", "villager", "villager", "villager",
             "villager", "villager", "villager"]
    own_cards_game(app, TEN, table)

    def night(app, w):
        assert not untranslated(app), untranslated(app)
        if w.step == "werewolves":
            return ("seat", 1)
        return _idle(w)

    def vote(app, voter):
        return offered(app)[0]

    play_to_end(app, night, vote, chain, until=lambda app: app.classic.phase == "dawn")
    told = dawn_told(app).split("\n1\n")[0]  # the sentences, above the ring's names
    assert app.tr("classic.dawn.news.repelled") in told and "Bob" not in told
    assert "Ana a attaqué le Wendigo sans sa meute" in told
    assert not untranslated(app), untranslated(app)
    story = to_the_story(app, (0,), ())
    verdict = app.classic.game.verdict
    assert (verdict.side, verdict.winners) == ("wendigo", (1,))
    assert "Le Wendigo a repoussé l'attaque de la meute." in story
    assert screen(app).name == "classic_end"
    assert verdict.reason == "wendigo_outlived_the_wolves"


def test_the_lone_wolf_sees_the_pack_and_attacks_it_at_the_table(app):
    """English, 800x480, the table's own cards: on the first night the lone wolf's screen
    shows who is in the pack (not him among them on the pack's screen); on the second he is
    shown who is left of it and attacks one on the ring; that werewolf dies at dawn, said as
    a death of the night; the game plays to its end, its story in sentences."""
    table = ["werewolf", "lone_wolf", "seer", "villager", "villager", "werewolf", "villager",
             "villager", "villager", "villager"]
    own_cards_game(app, TEN, table, english_small=True)
    seen = {}

    def night(app, w):
        assert not untranslated(app), untranslated(app)
        if w.step in ("lone_wolf_pack", "lone_wolf", "werewolves"):
            learned = app.classic.night_view().learned
            seen[(w.step, app.classic.game.phase.number)] = " ".join(
                screen(app).say(x.text) for x in learned)
        if w.step == "werewolves":
            return ("seat", [s for s in living(app) if s not in (0, 1, 5)][-1])
        if w.step == "lone_wolf":
            return ("seat", 5)
        return _idle(w)

    def vote(app, voter):
        return 3 if 3 in offered(app) else offered(app)[0]  # a villager, on the first day

    play_to_end(app, night, vote, chain,
                until=lambda app: app.classic.phase == "dawn"
                and app.classic.game.phase.label == "day 2")
    assert app.tr("classic.learn.pack", names="Ana, Fay") in seen[("lone_wolf_pack", 1)]
    assert "Bob" not in seen[("werewolves", 1)] and "Ana" in seen[("werewolves", 1)]
    assert app.tr("classic.learn.pack", names="Ana, Fay") in seen[("lone_wolf", 2)]
    told = dawn_told(app).split("\n1\n")[0]
    assert "Fay" in told and "Werewolf" in told
    assert not app.classic.game.alive(5)
    story = to_the_story(app, (0, 1), ())
    assert "Bob, the Lone Wolf, fell upon Fay." in story


def test_the_dog_wolf_chooses_a_master_and_turns_wild_at_the_table(app):
    """French, 1280x800, the table's own cards: the Chien-Garou names his master (a werewolf)
    on the ring; at the vote his ballot may not name him; the master voted out is shown a
    wolf, and the next night the dog wakes with the pack; the game plays to its end, its
    story in sentences."""
    table = ["werewolf", "dog_wolf", "seer", "villager", "villager", "werewolf", "villager",
             "villager", "villager", "villager"]
    own_cards_game(app, TEN, table)
    packs = {}
    dog_offered = []

    def night(app, w):
        assert not untranslated(app), untranslated(app)
        if w.step == "dog_wolf":
            return ("seat", 0)
        if w.step == "werewolves":
            packs[app.classic.game.phase.number] = tuple(w.stop.woken)
            return ("seat", [s for s in living(app) if s not in (0, 1, 5)][-1])
        return _idle(w)

    def vote(app, voter):
        if voter == 1 and app.classic.game.stop.step == "votes":  # not the captain's election
            dog_offered.append(offered(app))
            return offered(app)[-1]
        return 0 if 0 in offered(app) else offered(app)[-1]

    play_to_end(app, night, vote, chain,
                until=lambda app: app.classic.phase == "dawn"
                and app.classic.game.phase.label == "day 2")
    assert dog_offered and all(0 not in o for o in dog_offered)
    assert not app.classic.game.alive(0)
    assert packs[1] == (0, 5) and packs[2] == (1, 5)
    story = to_the_story(app, (1, 5), ())
    assert "Bob, le Chien-Garou, a choisi Ana pour maître." in story
    assert "Bob, le Chien-Garou, retourne à l'état sauvage et rejoint la meute." in story


def test_the_memere_serves_the_soup_then_pours_the_tea_at_the_table(app):
    """French, 1280x800, the table's own cards: on the first night the Memére taps nobody and
    is shown the Habitant the table drew for her soup; on the second she pours the tea for a
    werewolf on the ring and is told he is on the wolves' side; the game plays to its end, its
    story in sentences."""
    table = ["werewolf", "memere", "seer", "villager", "hunter", "werewolf", "witch",
             "fox", "little_girl", "elder"]
    own_cards_game(app, TEN, table)

    def night(app, w):
        assert not untranslated(app), untranslated(app)
        if w.step == "werewolves":
            return ("seat", [s for s in living(app) if s not in (0, 1, 3, 5)][-1])
        if w.step == "memere" and app.classic.game.phase.number == 2:
            return ("seat", 5)
        return _idle(w)

    first = night_through(app, night)
    assert app.tr("classic.learn.soup", name="Dee") in first["memere"]
    play_to_end(app, night, lambda app, voter: 3 if 3 in offered(app) else offered(app)[-1],
                chain,
                until=lambda app: app.classic.phase == "night")
    second = night_through(app, night)
    assert app.tr("classic.learn.tea.yes", name="Fay") in second["memere"]
    story = to_the_story(app, (0, 5), ())
    assert "Bob, la Memére, a versé le thé à Fay." in story


def test_the_survenants_are_told_to_the_whole_village_at_the_first_dawn(app):
    """English, 800x480, the table's own cards: the first dawn tells everyone who the two
    Survenants are, after the night's dead; the game plays to its end, its story says it."""
    table = ["werewolf", "survenant", "seer", "villager", "survenant", "werewolf", "villager",
             "villager", "villager", "villager"]
    own_cards_game(app, TEN, table, english_small=True)

    def night(app, w):
        if w.step == "werewolves":
            return ("seat", 9)
        return _idle(w)

    night_through(app, night)
    told = dawn_told(app).split("\n1\n")[0]
    assert "Bob is a Survenant: the whole village knows it." in told
    assert "Eve is a Survenant: the whole village knows it." in told
    assert told.index("Jo") < told.index("Bob is a Survenant")
    assert not untranslated(app), untranslated(app)
    story = to_the_story(app, (0, 5), ())
    assert "The whole village knew Bob was a Survenant." in story


def test_the_bonhomme_sept_heures_puts_two_players_to_sleep_at_the_table(app):
    """French, 1280x800, the table's own cards: on the second night the Bonhomme names two
    players on the ring, the seer and a werewolf; the seer's call is made for show with
    nobody woken, and the pack wakes without its sleeper; the game plays to its end, its
    story in sentences."""
    table = ["werewolf", "bonhomme", "seer", "villager", "villager", "werewolf", "villager",
             "villager", "villager", "villager"]
    own_cards_game(app, TEN, table)
    woken = {}

    def night(app, w):
        assert not untranslated(app), untranslated(app)
        woken[(w.step, app.classic.game.phase.number)] = tuple(w.stop.woken)
        if w.step == "bonhomme":
            return ("seats", [0, 2])
        if w.step == "werewolves":
            return ("seat", [s for s in living(app) if s not in (0, 1, 5)][-1])
        return _idle(w)

    def vote(app, voter):
        return 3 if 3 in offered(app) else offered(app)[-1]

    play_to_end(app, night, vote, chain,
                until=lambda app: app.classic.phase == "dawn"
                and app.classic.game.phase.label == "day 2")
    assert woken[("seer", 1)] == (2,) and woken.get(("seer", 2), ()) == ()
    assert woken[("werewolves", 2)] == (5,)
    story = to_the_story(app, (0, 5), ())
    assert "Bob, le Bonhomme Sept-Heures, a endormi" in story


def test_the_ramancheux_looks_at_a_candidate_the_nominations_spared_at_the_table(app):
    """French, 1280x800: a day by nominations where the intendant's first candidate, a
    werewolf, is spared by the hands and the second goes; the next night the Ramancheux is
    called, offered only the spared candidate, and told he is a wolf."""
    from onenight.classic import legal_choices
    from onenight.ui.driving import find, tap

    from .test_classic_vote_variants import NAMES, enter, fingers, to_the_debate

    seats = ["seer", "werewolf", "witch", "ramancheux", "hunter", "villager", "werewolf",
             "villager"]
    to_the_debate(app, "nominations", captain="before_first_night", seats=seats)
    assert app.classic.game.captain == 0
    fingers(app)
    tap_seat_twice(app, 6)
    enter(app, {v: 6 for v in (0, 2, 4)})  # 3 hands of 8: Gus is spared
    tap(find(screen(app), "action"))
    tap_seat_twice(app, 5)
    enter(app, {v: 5 for v in (0, 1, 2, 3)})  # 4 hands of 8: Fay goes
    assert not app.classic.game.alive(5)
    play_to_end(app, lambda app, w: _idle(w), lambda app, voter: None, chain,
                until=lambda app: app.classic.phase == "night")
    offered_to = {}

    def night(app, w):
        assert not untranslated(app), untranslated(app)
        if w.step == "ramancheux":
            offered_to["ramancheux"] = (w.stop.woken, [c.seat for c in legal_choices(
                app.classic.game) if c is not None])
            return ("seat", 6)
        if w.step == "werewolves":
            return ("seat", 7)
        return _idle(w)

    second = night_through(app, night)
    assert offered_to["ramancheux"] == ((3,), [6])
    assert app.tr("classic.learn.physiognomy.yes", name=NAMES[6]) in second["ramancheux"]
    assert "Votre œil ne vous trompe pas : Gus est un loup." in second["ramancheux"]


def test_the_flanc_mou_takes_the_dog_wolfs_card_and_enters_the_game_at_the_table(app):
    """French, 1280x800, the table's own cards: on the third night the Flanc-Mou names the
    Chien-Garou on the ring and is shown his card; the Chien-Garou is voted out the next day;
    the night after, the whole table hears that the Flanc-Mou has chosen his side (nobody
    woken), and the Chien-Garou's call wakes the Flanc-Mou, who names his own master; the
    dawn repeats the news; the game plays to its end, its story in sentences."""
    table = ["werewolf", "flanc_mou", "seer", "villager", "villager", "werewolf", "dog_wolf",
             "villager", "villager", "villager"]
    own_cards_game(app, TEN, table)
    woken, heard = {}, []

    def night(app, w):
        assert not untranslated(app), untranslated(app)
        n = app.classic.game.phase.number
        woken[(w.step, n)] = tuple(w.stop.woken)
        if w.step == "flanc_mou_enters":
            heard.append(shown(app))
        if w.step == "dog_wolf":
            return ("seat", 3 if n == 1 else 0)
        if w.step == "werewolves":
            return ("seat", {1: 9, 2: 7, 3: 2}.get(n, [s for s in living(app)
                                                       if s not in (0, 1, 5)][-1]))
        if w.step == "flanc_mou":
            return ("seat", 6)
        return _idle(w)

    def vote(app, voter):
        g = app.classic.game
        target = {1: 8, 2: 4, 3: 6}.get(g.phase.number) if g.stop.step == "votes" else None
        return target if target in offered(app) else offered(app)[-1]

    play_to_end(app, night, vote, chain,
                until=lambda app: app.classic.phase == "night"
                and app.classic.game.phase.number == 3)
    third = night_through(app, night)
    assert app.tr("classic.learn.saw", name="Gus", card_name="Chien-Garou") in third["flanc_mou"]
    assert woken[("flanc_mou", 3)] == (1,)
    play_to_end(app, night, vote, chain,
                until=lambda app: app.classic.phase == "dawn"
                and app.classic.game.phase.label == "day 4")
    assert not app.classic.game.alive(6) and app.classic.game.cards[1] == "dog_wolf"
    assert woken[("flanc_mou_enters", 4)] == () and woken[("dog_wolf", 4)] == (1,)
    assert app.classic.game.memo.get("dog_wolf.master") == 0
    # the call and the narrator's lines (not the ring's names)
    said = [line for text in heard for line in text.splitlines() if line not in TEN]
    assert any("le Flanc-Mou a enfin choisi son camp" in line for line in said)
    assert not any("Gus" in line or "Bob" in line for line in said)
    told = dawn_told(app).split("\n1\n")[0]
    assert app.tr("classic.dawn.news.flanc_mou_enters") in told and "Bob" not in told
    story = to_the_story(app, (0, 5), ())
    assert "Bob, le Flanc-Mou, a jeté son dévolu sur Gus, qui était : Chien-Garou." in story
    assert "Bob, le Flanc-Mou, a pris la carte de sa cible partie et choisi son camp." in story
    assert "Bob, le Chien-Garou, a choisi Ana pour maître." in story


def _pack_spares(*spared: int):
    """The night of a game with a ragot: the pack takes the last living player but
    ``spared``; every other call does nothing (or its required choice); no screen shows a
    translation key."""
    def night(app, w):
        assert not untranslated(app), untranslated(app)
        if w.step == "werewolves":
            return ("seat", [s for s in living(app) if s not in spared][-1])
        return _idle(w)
    return night


def test_the_tete_de_cochon_reads_his_ragots_and_keeps_to_his_first_vote_at_the_table(app):
    """French, 1280x800, the table's own cards: on the first night the Tête-de-Co'hon's
    screen shows the two ragots the table drew for him (true, of different kinds); he votes
    against Dee on the first day, and on the second his ballot offers Dee alone; the game
    plays to its end, its story in sentences."""
    from onenight.classic.roles import ragots

    table = ["werewolf", "tete_de_cochon", "seer", "villager", "villager", "werewolf",
             "villager", "villager", "villager", "villager"]
    own_cards_game(app, TEN, table)
    night = _pack_spares(0, 1, 3, 5)
    first = night_through(app, night)
    drawn = ragots.received(app.classic.game, 1)
    assert len(drawn) == 2 and drawn[0].kind != drawn[1].kind
    for r in drawn:
        assert ragots.is_true(app.classic.game, r) and 1 not in r.seats
        names = [TEN[s] for s in r.seats]
        assert app.tr(f"classic.learn.ragot_{r.kind}", name=names[0],
                      names=", ".join(names)) in first["tete_de_cochon"]
    tete_offered = {}

    def vote(app, voter):
        g = app.classic.game
        if g.stop.step != "votes":  # the captain's election binds nobody
            return offered(app)[0]
        if voter == 1:
            tete_offered[g.phase.number] = offered(app)
            return 3
        return next(s for s in (0, 5) + tuple(offered(app)) if s in offered(app))

    play_to_end(app, night, vote, chain)
    assert 3 in tete_offered[1] and len(tete_offered[1]) > 1
    assert tete_offered[2] == [3]
    story = to_the_story(app, (0, 5), ())
    assert "Les ragots tirés pour la Tête-de-Co'hon parlaient de" in story


def test_the_grand_talent_reads_his_ragot_and_his_antagonist_at_the_table(app):
    """English, 800x480, the table's own cards: on the first night the Grand-Talent-Pas-
    d'Adon's screen shows the ragot and the antagonist the table drew for him (a villager,
    never the seer); alive when the village wins, he is among its winners; the story says
    whom the lot gave him."""
    from onenight.classic.roles import ragots
    from onenight.classic.roles.quebec import ANTAGONIST

    table = ["werewolf", "grand_talent", "seer", "villager", "villager", "werewolf",
             "villager", "villager", "villager", "villager"]
    own_cards_game(app, TEN, table, english_small=True)
    night = _pack_spares(0, 1, 5)
    first = night_through(app, night)
    g = app.classic.game
    (r,) = ragots.received(g, 1)
    foe = g.memo.get(ANTAGONIST)
    assert ragots.is_true(g, r) and foe not in (0, 1, 2, 5)
    names = [TEN[s] for s in r.seats]
    assert app.tr(f"classic.learn.ragot_{r.kind}", name=names[0],
                  names=", ".join(names)) in first["grand_talent"]
    assert app.tr("classic.learn.antagonist", name=TEN[foe]) in first["grand_talent"]

    def vote(app, voter):
        return next(s for s in (0, 5) + tuple(offered(app)) if s in offered(app))

    play_to_end(app, night, vote, chain)
    verdict = app.classic.game.verdict
    assert verdict.side == "village" and 1 in verdict.winners
    story = to_the_story(app, (0, 5), ())
    assert f"The lot gave {TEN[foe]} to Big Talent, No Luck as an antagonist." in story


def _tap_power(app, power: str):
    from onenight.ui.driving import tap

    (button,) = [b for b in screen(app).ids.power_row.children if b.power_id == power]
    tap(button)


def _pick_then_use(role: str, pick, power: str, seat: int, offered_powers: dict,
                   picking=None):
    """A first night where ``role`` taps the powers of ``pick`` one by one (``picking(screen,
    tapped so far)`` after each) and keeps them, then at its call taps ``power`` and ``seat``
    on the ring, and the pack attacks ``seat``; the powers offered are noted by name."""
    from onenight.ui.driving import find, tap

    def night(app, w):
        assert not untranslated(app), untranslated(app)
        s = screen(app)
        if w.step == f"{role}_powers":
            offered_powers["names"] = sorted(b.text for b in s.ids.power_row.children)
            for i, p in enumerate(pick):
                _tap_power(app, p)
                if picking is not None:
                    picking(s, list(pick[:i + 1]))
            tap(find(s, "keep_powers"))
            return None
        if w.step == role:
            _tap_power(app, power)
            return ("seat", seat)
        if w.step == "werewolves":
            return ("seat", seat)
        return _idle(w)
    return night


def test_the_apothecary_keeps_two_remedies_then_shelters_the_packs_victim_at_the_table(app):
    """French, 1280x800, the table's own cards: on the first night the Apothicaire's four
    remedies are offered by name; she keeps the herb and the elixir (the keep button waits
    for two), then at her call taps the herb and a seat on the ring; the pack attacks that
    player, and the dawn says nobody died."""
    from onenight.ui.driving import find

    table = ["werewolf", "apothecary", "seer", "villager", "villager", "villager", "villager",
             "villager", "villager", "villager"]
    own_cards_game(app, TEN, table)
    offered_powers = {}

    def picking(s, tapped):
        if tapped == ["herb"]:
            assert find(s, "keep_powers").disabled  # one of two: not yet
        if len(tapped) == 3:  # a third is not taken
            assert sorted(s.picked) == ["elixir", "herb"]

    night_through(app, _pick_then_use("apothecary", ("herb", "elixir", "perfume"), "herb", 3,
                                      offered_powers, picking))
    g = app.classic.game
    # each with its number in the list, the one a pad dials
    assert offered_powers["names"] == ["1. Herbe-aux-loups", "2. Parfum de mort",
                                       "3. Élixir de vitalité", "4. Sérum indigeste"]
    assert g.memo.get("apothecary.powers") == ("herb", "elixir")
    assert ("night 1", "apothecary", {"power": "herb", "target": 3}) in g.record
    assert g.alive(3) and not g.deaths
    assert screen(app).name == "classic_dawn"


#: Seat 1 the Violoneux, seats 0 and 6 the werewolves (seat 0's neighbours: 9 and 1).
FIDDLER_TABLE = ["werewolf", "violoneux", "seer", "villager", "villager", "villager",
                 "werewolf", "villager", "villager", "villager"]


def _to_the_third_night(app, english_small=False):
    """The table's own cards, two quiet nights and days (the pack kills a villager each night,
    the village votes out another): the third night's first call."""
    own_cards_game(app, TEN, FIDDLER_TABLE, english_small=english_small)
    villagers = [3, 4, 5, 7]

    def night(app, w):
        if w.step == "werewolves":
            return ("seat", [s for s in villagers if s in living(app)][0])
        return _idle(w)

    def vote(app, voter):
        spare = [s for s in offered(app) if s not in (0, 1, 6, 8, 9)]
        return spare[-1] if spare else offered(app)[0]

    play_to_end(app, night, vote, chain,
                until=lambda app: app.classic.phase == "night"
                and app.classic.game.phase.number == 3)
    assert app.classic.game.alive(1) and app.classic.game.alive(0)


def test_the_violoneux_plays_a_reel_the_whole_village_hears_howl_at_dawn(app):
    """French, 1280x800: on the third night the Violoneux's tunes are offered by name; he taps
    the reel, then a werewolf's neighbour on the ring; at dawn the village is told the fiddle
    played with howls, and the voice plays the reel with its howls (no seat said)."""
    _to_the_third_night(app)

    def night(app, w):
        assert not untranslated(app), untranslated(app)
        if w.step == "violoneux":
            names = sorted(b.text for b in screen(app).ids.power_row.children)
            assert names == ["1. Reel", "2. Gigue", "3. Rigodon de nuit", "4. Rigodon de jour"]
            _tap_power(app, "reel")
            return ("seat", 9)  # seats 8, 9 and 0: a werewolf among them
        return _idle(w)

    night_through(app, night)
    g = app.classic.game
    assert ("night 3", "violoneux", {"power": "reel", "target": 9}) in g.record
    told = dawn_told(app)
    assert app.tr("classic.dawn.news.reel_howls") in told
    v = app.classic.dawn_view()
    assert v.reel is True
    from onenight.narration.classic import REEL_HOWLS, dawn_lines
    assert REEL_HOWLS in dawn_lines([], False, v.reel)
    assert not untranslated(app), untranslated(app)


def test_the_violoneux_rigodon_de_nuit_ends_the_night_after_his_call_at_the_table(app):
    """English, 800x480: on the third night the Violoneux taps the night's rigodon twice (it
    names nobody); the night ends right after his call (no call of the pack), the dawn says
    the village went straight to the morning, and nobody died."""
    _to_the_third_night(app, english_small=True)
    calls = []

    def night(app, w):
        calls.append(w.step)
        if w.step == "violoneux":
            _tap_power(app, "rigodon_night")
            assert not screen(app).chosen  # one tap: chosen, not yet played
            _tap_power(app, "rigodon_night")
            assert screen(app).chosen
            return None
        return _idle(w)

    dead_before = len(app.classic.game.deaths)
    night_through(app, night)
    assert calls[-1] == "violoneux" and "werewolves" not in calls
    g = app.classic.game
    assert g.phase.label == "day 3" and len(g.deaths) == dead_before
    assert app.tr("classic.dawn.news.rigodon_night") in dawn_told(app)


def test_the_entremetteuses_couple_sleeps_at_one_home_and_leaves_together_at_the_table(app):
    """French, 1280x800, the table's own cards: on the first night the Entremetteuse names Dee
    and Eve on the ring, and is shown nothing of it; the lovers' call shows each the other, and
    they sleep at Eve's; the pack attacks Dee's empty home and the dawn names no dead; Eve
    voted out, Dee leaves with her at the same dusk; the game plays to its end, its story in
    sentences (the philtre that took, the lovers' night)."""
    table = ["werewolf", "entremetteuse", "seer", "villager", "villager", "werewolf",
             "villager", "villager", "villager", "villager"]
    own_cards_game(app, TEN, table)
    woken, buttons = {}, {}

    def night(app, w):
        assert not untranslated(app), untranslated(app)
        n = app.classic.game.phase.number
        woken[(w.step, n)] = tuple(w.stop.woken)
        if w.step == "entremetteuse":
            return ("seats", [3, 4])
        if w.step == "amants":  # nothing chosen: each sleeps at home, as the button says
            buttons[n] = screen(app).ids.nothing.text
            if n == 1:
                return ("seat", 4)
        if w.step == "werewolves":
            return ("seat", 3 if n == 1 else [s for s in living(app) if s not in (0, 5)][-1])
        return _idle(w)

    def vote(app, voter):
        g = app.classic.game
        target = 4 if g.phase.number == 1 else None
        return target if target in offered(app) else offered(app)[-1]

    first = night_through(app, night)
    assert woken[("entremetteuse", 1)] == (1,) and woken[("amants", 1)] == (3, 4)
    assert "Dee" not in first.get("entremetteuse", "")  # never told whether it took
    assert app.tr("classic.learn.lover", names="Dee, Eve") in first["amants"]
    assert buttons[1] == "Chacun chez soi"
    play_to_end(app, night, vote, chain,
                until=lambda app: app.classic.phase == "dawn")
    assert app.classic.game.living() == tuple(range(10))  # Dee was not home
    play_to_end(app, night, vote, chain,
                until=lambda app: app.classic.phase == "night")
    g = app.classic.game
    assert [(d.seat, d.cause) for d in g.deaths] == [(4, "vote"), (3, "grief")]
    story = to_the_story(app, (0, 5), ())
    assert "Bob, l'Entremetteuse, a versé son philtre à Dee, Eve." in story
    assert "Le philtre a pris : Dee, Eve sont devenus amants." in story
    assert "Dee, Eve, les amants, ont passé la nuit chez Eve." in story


def test_the_belle_creature_seduces_a_werewolf_and_learns_it_the_next_night_at_the_table(app):
    """French, 1280x800, the table's own cards: the Belle Créatûre never wakes with the pack
    nor on the first night; on the second she seduces Fay, a werewolf, and is shown nothing
    yet; at her call of the third night she reads that Fay is a wolf; the game plays to its
    end, her seduction in the story."""
    table = ["werewolf", "belle_creature", "seer", "villager", "villager", "werewolf",
             "villager", "villager", "villager", "villager"]
    own_cards_game(app, TEN, table)
    woken = {}

    def night(app, w):
        assert not untranslated(app), untranslated(app)
        n = app.classic.game.phase.number
        woken[(w.step, n)] = tuple(w.stop.woken)
        if w.step == "werewolves":
            return ("seat", [s for s in living(app) if s not in (0, 1, 5)][-1])
        if w.step == "belle_creature" and n == 2:
            return ("seat", 5)
        return _idle(w)

    def vote(app, voter):
        return 3 if 3 in offered(app) else [s for s in offered(app) if s not in (1, 5)][-1]

    night_through(app, night)
    assert ("belle_creature", 1) not in woken and woken[("werewolves", 1)] == (0, 5)
    play_to_end(app, night, vote, chain, until=lambda app: app.classic.phase == "night")
    second = night_through(app, night)
    assert woken[("belle_creature", 2)] == (1,) and woken[("werewolves", 2)] == (0, 5)
    assert "Fay" not in second.get("belle_creature", "")
    play_to_end(app, night, vote, chain, until=lambda app: app.classic.phase == "night")
    third = night_through(app, night)
    assert app.tr("classic.learn.seduced_wolf", name="Fay") in third["belle_creature"]
    story = to_the_story(app, (0, 5), ())
    assert "Bob, la Belle Créatûre, a jeté son dévolu sur Fay." in story


#: Seat 1 the Coureur des Bois, seats 0 and 6 the werewolves.
COUREUR_TABLE = ["werewolf", "coureur", "seer", "villager", "villager", "villager",
                 "werewolf", "villager", "villager", "villager"]


def test_the_coureur_des_bois_sets_his_trap_and_the_pack_loses_a_wolf_at_the_table(app):
    """French, 1280x800, the table's own cards: on the first night the Coureur's three powers
    are offered by name (the blunderbuss with each hand); he keeps the trap, then at his call
    taps it and a seat on the ring; the pack attacks that player: the dawn names one dead, a
    werewolf, and the trapped player lives; the next night his call wakes him to tell him the
    trap went off."""
    own_cards_game(app, TEN, COUREUR_TABLE)
    offered_powers = {}
    night_through(app, _pick_then_use("coureur", ("trap",), "trap", 3, offered_powers))
    g = app.classic.game
    assert offered_powers["names"] == ["1. Piège à loup", "2. Tromblon, droitier",
                                       "3. Tromblon, gaucher", "4. Canot"]
    assert ("night 1", "coureur", {"power": "trap", "target": 3}) in g.record
    assert ("night 1", "coureur_strikes", {"wolf": 0}) in g.record \
        or ("night 1", "coureur_strikes", {"wolf": 6}) in g.record  # drawn by the app
    told = dawn_told(app)
    g = app.classic.game
    assert g.alive(3) and [(d.seat, d.cause) for d in g.deaths] in ([(0, "wolf_trap")],
                                                                    [(6, "wolf_trap")])
    assert "Loup-Garou" in told and "coup de fusil" not in told

    def vote(app, voter):  # a villager goes, the Coureur stays
        return next(t for t in reversed(offered(app)) if t not in (voter, 1))

    play_to_end(app, lambda app, w: _idle(w), vote, chain,
                until=lambda app: app.classic.phase == "night")
    seen = {}

    def night(app, w):
        if w.step == "coureur":
            seen["told"] = shown(app)
            seen["for_show"] = w.stop.for_show
        return _idle(w)

    night_through(app, night)
    assert not seen["for_show"]  # woken to be told
    assert app.tr("classic.learn.trap_fired") in seen["told"]


def test_the_coureur_des_bois_canoe_shows_him_at_dawn_and_keeps_him_from_the_vote(app):
    """English, 800x480, the table's own cards: the Coureur keeps the canoe; the pack cannot
    choose him; the first dawn shows him out of play by name, and
    the day's vote neither asks for his ballot nor offers him to anyone."""
    own_cards_game(app, TEN, COUREUR_TABLE, english_small=True)
    voters, pack_offer = [], []

    def night(app, w):
        assert not untranslated(app), untranslated(app)
        if w.step == "coureur_powers":
            from onenight.ui.driving import find, tap
            _tap_power(app, "canoe")
            tap(find(screen(app), "keep_powers"))
            return None
        if w.step == "werewolves":
            from onenight.classic import legal_choices
            pack_offer.extend(c.seat for c in legal_choices(app.classic.game) if c)
            return ("seat", 3)
        return _idle(w)

    night_through(app, night)
    told = dawn_told(app)
    assert app.tr("classic.dawn.news.canoe", name=TEN[1]) in told
    assert 1 not in pack_offer and 3 in pack_offer

    def vote(app, voter):
        voters.append(voter)
        assert 1 not in offered(app)
        return 0 if voter != 0 and 0 in offered(app) else offered(app)[-1]

    play_to_end(app, night, vote, chain,
                until=lambda app: app.classic.phase == "night"
                and app.classic.game.phase.number == 2)
    assert 1 not in voters and voters
    assert not untranslated(app), untranslated(app)


THIRTEEN = TEN + ["Kim", "Lou", "Max"]


def test_each_habitant_sees_his_ragot_alone_in_a_round_everyone_takes_at_the_table(app):
    """French, 1280x800, the table's own cards, a Québec game of 13: once the cards are in,
    the tablet goes round once more before the night; each player holds the button and sees
    his card again, a Habitant with the ragot the table drew for him, every other player the
    words that he received none. The night falls only once everyone has had his turn."""
    from onenight.classic.roles import ragots
    from onenight.ui.driving import find, settle

    from .classic_play import deal_by_own_cards, ragots_round, start_classic

    table = ["werewolf", "villager", "seer", "villager", "memere", "werewolf", "villager",
             "hunter", "villager", "witch", "villager", "cupid", "little_girl"]
    start_classic(app, THIRTEEN, "", deal="cards", cards=table)
    deal_by_own_cards(app, table)
    s = screen(app)
    assert app.classic.phase == "ragots" and s.name == "classic_deal"
    assert app.tr("classic.ragots.title") in shown(app)
    g = app.classic.game
    habitants = [i for i, c in enumerate(table) if c == "villager"]
    assert [r[0] for r in g.memo.get(ragots.DRAWN)] == habitants
    assert find(s, "night").disabled and not untranslated(app)  # everyone's turn first
    texts = ragots_round(app)  # each holds the button, then the night falls
    for seat, text in enumerate(texts):
        if seat in habitants:
            (r,) = ragots.received(g, seat)
            names = [THIRTEEN[x] for x in r.seats]
            assert text == app.tr(f"classic.learn.ragot_{r.kind}", name=names[0],
                                  names=", ".join(names))
        else:
            assert text == app.tr("classic.ragots.none")
    settle()
    assert app.classic.phase == "night" and screen(app).name == "classic_night"
    assert app.classic.state.window.step == "dusk"
