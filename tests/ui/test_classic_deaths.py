"""Seed 000's deaths that are not the end, at the table: the Immortel, killed, is shown,
gets back up and draws one of two face-down cards on the tablet passed to him; what he drew
is shown to him alone, and the table reads the same whatever it was. The Imposteur, killed,
is shown, names a living player and takes his card, shown to him alone; that player leaves
with no card shown."""

from onenight.ui.driving import find, settle, tap

from .classic_play import home_after  # noqa: F401 (the shared app left as found)
from .classic_play import (go_on, later, night_through, play_to_end, replays_to_the_same_outcome,
                           screen, shown, tap_seat_twice, untranslated)
from .test_classic_cast import chain, dawn_told, offered, seated
from .test_classic_village import reads_whole_in_english_small

IMMORTAL = "immortal werewolf seer villager villager villager villager werewolf"


def _eaten(app, w):
    if w.step == "werewolves":
        return ("seat", 0)  # Ana, the immortal
    return ("nothing",) if not w.stop.required else None


def _killed_in_the_night(app, table: str, card: str, name: str):
    """Ana, dealt ``card`` (named ``name``), is the first night's pack's victim: the dawn
    shows her card, then the chain's screen asks for her decision (returned)."""
    seated(app, table)
    night_through(app, _eaten)
    assert app.tr("classic.dawn.died", name="Ana", card_name=name) in dawn_told(app)
    go_on(app)
    s = screen(app)
    assert s.name == "classic_dawn" and s.stage == "chain"
    assert app.tr(f"classic.chain.{card}", name="Ana", card_name=name) in shown(app)
    return s


def _drawn_at_dawn(app, card: str, english: bool = False) -> str:
    """The first night's pack kills Ana; at dawn her card is shown, then she taps the hidden
    card that is ``card`` (the test reads the controller's shuffle: the game master's
    secret); returns what the table reads once she has handed the tablet back."""
    s = _killed_in_the_night(app, IMMORTAL, "immortal", "Immortel")
    assert s.face_down == 2
    # the two hidden cards read alike: nothing on them tells which is which
    assert find(s, "face_down_0").text.replace("1", "2") == find(s, "face_down_1").text
    if english:
        reads_whole_in_english_small(app, "classic-immortal")
        s = screen(app)
        assert s.stage == "chain" and s.face_down == 2
    layout = app.classic.face_down()
    tap(find(s, f"face_down_{layout.index(('immortal', 'werewolf').index(card))}"))
    assert app.classic.game.cards[0] == card
    s = screen(app)
    assert s.stage == "chain" and s.drew == card and s.face_down == 0
    assert find(s, "drew").width > 0  # the card he drew, shown to him
    names = {"immortal": "Immortel", "werewolf": "Loup-Garou"}
    assert app.tr("classic.chain.immortal_card", name="Ana", card_name=names[card]) in shown(app)
    if english:
        reads_whole_in_english_small(app, "classic-immortal-card")
    tap(find(s, "go"))
    assert screen(app).name == "classic_dawn" and screen(app).drew == ""
    assert app.classic.game.alive(0)
    return shown(app)


def test_the_dawns_row_of_cards_gives_its_width_to_what_it_shows(app):
    """The dawn's row of cards, whatever it showed before on the same screen (an Imposteur's
    card taken earlier in the evening, the Immortel's two face-down cards before the one he
    drew): what it shows shares the row, what it hides takes none of it. A hidden card that
    kept the width it last had left the Immortel's two cards no width at all, nothing to
    tap."""
    s = app.sm.get_screen("classic_dawn")
    kept = tuple(s.size), s.face_down, s.drew
    try:
        s.size = (1280, 800)
        for face_down, drew in ((0, "seer"), (2, ""), (0, "immortal"), (2, ""), (0, "")):
            s.face_down, s.drew = face_down, drew
            settle()
            widths = {wid: s.ids[wid].width for wid in ("face_down_0", "face_down_1", "drew")}
            shown = {"drew"} if drew else {"face_down_0", "face_down_1"} if face_down else set()
            assert all(w > 200 for wid, w in widths.items() if wid in shown), (face_down, drew,
                                                                             widths)
            assert all(w == 0 for wid, w in widths.items() if wid not in shown), (face_down,
                                                                                drew, widths)
    finally:
        s.size, s.face_down, s.drew = kept
        settle()


def test_the_immortal_killed_gets_up_and_draws_a_hidden_card_the_table_none_the_wiser(app):
    """French, 1280x800 (the draw read in English at 800x480): the werewolves kill the
    immortal; the dawn shows his card, he draws one of two hidden cards alone, sees it, and
    the dawn then says he is alive, word for word the same whichever card he drew; the
    game played on to its end replays to the same outcome."""
    kept = _drawn_at_dawn(app, "immortal", english=True)
    assert app.tr("classic.dawn.news.lives_on", name="Ana") in kept
    assert "Loup-Garou" not in kept.replace(app.tr("classic.dawn.died", name="Ana",
                                                   card_name="Immortel"), "")
    app.send({"type": "abandon"}, app.classic)

    turned = _drawn_at_dawn(app, "werewolf")
    assert turned == kept  # the table reads the same
    go_on(app)
    wolves = (0, 1, 7)

    def night(app, w):
        if w.step == "werewolves":
            assert 0 in w.stop.woken  # she wakes with the pack from now on
            return ("seat", next(s for s in app.classic.game.living() if s not in wolves))
        return ("nothing",) if not w.stop.required else None

    # Cy is elected captain, then the village votes out the players the wolves do not hold
    play_to_end(app, night,
                lambda app, voter: (2 if app.classic.phase == "election" else
                                    next((t for t in offered(app) if t not in wolves),
                                         offered(app)[0])), chain)
    assert screen(app).name == "classic_end"
    assert app.classic.game.verdict.side == "werewolves" and 0 in app.classic.game.verdict.winners
    assert not untranslated(app), untranslated(app)
    assert replays_to_the_same_outcome(app)["winning_side"] == "werewolves"


IMPOSTOR = "impostor werewolf seer villager villager villager villager werewolf"


def test_the_impostor_killed_takes_a_living_players_card_who_leaves_unshown(app):
    """French, 1280x800 (his new card read in English at 800x480): the werewolves kill the
    impostor; the dawn shows his card; on the chain's screen he names Cy (the seer) and is
    then shown, alone, the card he took; the dawn says Cy leaves with no card shown and that
    he got back up with her card, never which it was; the game, played on, replays the same.
    Then, voted out, the vote's result says whose card he took."""
    s = _killed_in_the_night(app, IMPOSTOR, "impostor", "Imposteur")
    assert not s.face_down and not s.drew
    assert 0 not in offered(app)  # another living player
    tap_seat_twice(app, 2)
    s = screen(app)
    assert s.stage == "chain" and s.drew == "seer"
    assert app.tr("classic.chain.impostor_card", name="Ana", card_name="Voyante") in shown(app)
    reads_whole_in_english_small(app, "classic-impostor-card")
    tap(find(s, "go"))
    assert screen(app).name == "classic_dawn"
    for _ in range(40):  # the voice names the dawn's dead again, Cy now among them
        later(app, 1)
    dawn = shown(app)
    assert app.tr("classic.dawn.died.impostor", name="Cy", card_name="") in dawn
    assert app.tr("classic.dawn.news.usurped", name="Cy", by_name="Ana") in dawn
    assert "Voyante" not in dawn  # the card he took is his secret
    assert app.classic.game.cards[0] == "seer" and not app.classic.game.alive(2)
    assert app.classic.table_view().alive[0] and not app.classic.table_view().alive[2]
    go_on(app)
    wolves = (1, 7)
    play_to_end(app, lambda app, w: ("seat", next(s for s in app.classic.game.living()
                                                    if s not in wolves))
                if w.step == "werewolves" else (("nothing",) if not w.stop.required else None),
                lambda app, voter: (3 if app.classic.phase == "election" else
                                    next((t for t in offered(app) if t in wolves),
                                         offered(app)[0])), chain)
    assert screen(app).name == "classic_end"
    assert not untranslated(app), untranslated(app)
    assert replays_to_the_same_outcome(app)["winning_side"] in ("village", "werewolves")


def test_the_impostor_voted_out_gets_up_with_a_card_the_vote_screen_says_whose(app):
    seated(app, IMPOSTOR)
    night_through(app, lambda app, w: ("seat", 3) if w.step == "werewolves" else
                  (("nothing",) if not w.stop.required else None))
    dawn_told(app)
    go_on(app)
    play_to_end(app, None, lambda app, voter: (2 if app.classic.phase == "election" else 0)
                if voter != 0 else offered(app)[0], chain,
                until=lambda app: app.classic.phase == "chain")
    assert app.tr("classic.chain.impostor", name="Ana", card_name="Imposteur") in shown(app)
    tap_seat_twice(app, 5)
    assert screen(app).drew == "villager"
    tap(find(screen(app), "go"))
    v = screen(app)
    assert v.name == "classic_vote"
    assert app.tr("classic.vote.took", name="Ana", target="Fay") in shown(app)
    assert app.classic.game.alive(0) and not app.classic.game.alive(5)
    assert not untranslated(app), untranslated(app)
