"""Whole games tapped through in a real window: what each screen shows at each step."""

import datetime as dt
import json

import pytest

from onenight.ui.driving import find, pump, settle, tap, tap_text, texts

NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma"]


@pytest.fixture(autouse=True)
def at_home(app):
    """Each test starts at home with no game under way, whatever ran before it in its
    worker (tests/README.md, rule 4)."""
    if app.ctl.phase != "setup":
        app.ctl.apply({"type": "abandon"})
    app.go("home")
    settle()


@pytest.fixture
def history_of_tonight(app, tmp_path, monkeypatch):
    """An empty history of the test's own, and a way to add a game finished ``minutes`` ago
    (Ana, Bob and Cy; Bob dies): the evening's games are the test's alone."""
    from tests.game.test_history import record

    monkeypatch.setattr(app.ctl.history, "folder", tmp_path / "history")

    def earlier(minutes: int, n: int = 0) -> None:
        when = dt.datetime.now(dt.timezone.utc) - dt.timedelta(minutes=minutes)
        app.ctl.history.save(record(finished=when.isoformat(timespec="seconds")),
                             f"{when:%Y%m%d-%H%M%S}-sombre-reveil-{n}")

    return earlier


def screen(app):
    return app.sm.current_screen


def shown(app):
    return "\n".join(texts(screen(app)))


def type_players(app, names):
    s = screen(app)
    assert s.name == "players"
    while len(s.names) < len(names):
        tap(find(s, "more"))
    while len(s.names) > len(names):
        tap(s.rows()[-1].ids.drop)
    rows = list(reversed(find(s, "rows").children))
    for row, name in zip(rows, names):
        row.ids.name.text = name
    tap(find(s, "next"))


def run_night(app):
    assert screen(app).name == "night"
    clock = app.test_clock
    for _ in range(300):
        if screen(app).name != "night":
            break
        clock.advance(4)
        app.tick()  # the screen follows the clock; the layouts run once at the end
    settle()
    assert screen(app).name == "day"


def vote_for(app, vote, name):
    """Tap ``name`` among the names offered, then let a moment pass (the names ignore taps
    just after an entry: a double tap must not vote for the next player)."""
    tap_text(find(vote, "targets"), name)
    app.test_clock.advance(1)
    app.tick()


def back_home(app):
    app.go("home")
    settle()


def to_the_debate(app, names, scenario="Sombre réveil"):
    """From home, a new game of ``names`` with ``scenario``, its night played through."""
    back_home(app)
    tap(find(screen(app), "new"))
    type_players(app, names)
    tap_text(find(screen(app), "scenario_list"), scenario)
    tap(find(screen(app), "start"))
    run_night(app)


def fingers_vote_to_reveal(app):
    """From the debate of Ana, Ben, Cyd and Dan: a vote by fingers (Ben, Cyd, Ben, Ben), then
    the reveal screen."""
    screen(app).start_vote("fingers")
    vote = screen(app)
    tap(find(vote, "skip"))
    for name in ("Ben", "Cyd", "Ben", "Ben"):
        vote_for(app, vote, name)
    tap(find(vote, "reveal"))
    return screen(app)


def test_home_in_french_then_english(app):
    assert screen(app).name == "home"
    assert "Une Nuit" in shown(app) and "Thiercelieux" in shown(app)
    tap(find(screen(app), "lang"))
    assert "One Night" in shown(app) and app.settings.language == "en"
    tap(find(screen(app), "lang"))
    assert "Une Nuit" in shown(app)


def test_home_offers_how_to_play_in_five_screens_and_thiercelieux(app):
    home = screen(app)
    tap(find(home, "how"))
    tut = screen(app)
    assert tut.name == "tutorial"
    titles = []
    for k in range(1, 6):
        assert f"{k} sur 5" in shown(app)
        titles.append(app.tr(f"tutorial.{k}.title"))
        assert titles[-1] in shown(app)
        tap(find(tut, "next"))
    assert screen(app).name == "home" and len(set(titles)) == 5
    tap(find(screen(app), "classic"))
    assert screen(app).name == "classic_players"  # Thiercelieux's own players
    assert app.tr("classic.players.count_range") not in shown(app)
    app.go("home")
    settle()
    assert screen(app).name == "home"


def test_bad_players_are_explained_on_screen(app):
    tap(find(screen(app), "new"))
    type_players(app, ["Alice", "alice", "Chloé"])
    s = screen(app)
    assert s.name == "players"
    # each problem is written under the name it is about, as it is typed
    assert [r.error for r in s.rows()] == ["", "Même nom que le joueur 1 : ajoutez une initiale.", ""]
    assert find(s, "next").disabled
    type_players(app, ["Alice", "", "Chloé"])
    assert screen(app).name == "players"
    assert s.rows()[1].error.startswith("Donnez un nom à ce joueur")
    assert s.rows()[1].ids.name.focus
    s.rows()[1].ids.name.text = "Bartholomée-Alexandrine"
    assert s.rows()[1].error == "23 lettres : 20 au plus."
    s.rows()[1].ids.name.text = "Zoé \ue000"
    assert "ne peut pas s'afficher" in s.rows()[1].error
    s.rows()[1].ids.name.focus = False
    back_home(app)


def test_a_game_without_box_pointing_fingers(app):
    tap(find(screen(app), "new"))
    type_players(app, NAMES)
    s = screen(app)
    assert s.name == "scenario"
    # only the presets for five players are offered
    text = shown(app)
    assert "Sombre réveil" in text and "Un terrible ennemi" not in text
    assert find(s, "start").disabled  # nothing chosen yet
    items = list(find(s, "scenario_list").children)
    tap_text(find(s, "scenario_list"), "Sombre réveil")
    # the same items set again: the one tapped marked, each with its deck's emblems
    assert list(find(s, "scenario_list").children) == items
    assert [it.scenario for it in items if it.selected] == ["sombre-reveil"]
    assert all([e.card for e in reversed(it.ids.emblems.children)] == it.cards for it in items)
    text = shown(app)
    assert "Mélangez ces 8 cartes" in text and "Boucliers pour la Sentinelle : 1." in text
    assert "Garde du corps" in text  # the rule's advice from 5 players
    tap(find(s, "cards"))
    assert screen(app).name == "cards"
    assert "Sorcière" in shown(app) and "Divinateur" in shown(app)
    tap_text(screen(app), "Retour")
    tap(find(screen(app), "start"))

    # the night shows what the voice says, nothing else
    night = screen(app)
    assert night.name == "night"
    from kivy.core.window import Window
    assert Window.allow_screensaver is False  # the screen stays awake all night
    from onenight.ui import theme
    assert tuple(Window.clearcolor) == pytest.approx(theme.NIGHT_BG)  # dark all night
    # first a moment to look at the cards: no voice yet
    assert "Regardez votre carte" in shown(app) and night.line == ""
    played = len(app.test_audio.played())
    app.test_clock.advance(3)
    app.tick()
    assert len(app.test_audio.played()) == played
    tap(find(night, "looked"))
    app.test_clock.advance(2.5)
    app.tick()
    assert night.title == ""
    assert night.line.startswith("Vous avez tous regardé votre carte")
    assert app.test_audio.played()[-1].endswith("night.intro.ogg")
    assert set(texts(night)) == {night.line, night.progress, "Quitter", "Répéter", "Pause",
                                 "Passer l'étape", "English"}
    assert night.progress == "Prélude · 6 étapes"
    tap(find(night, "pause"))
    assert night.paused and "Reprendre" in shown(app)
    line = night.line
    app.test_clock.advance(120)
    app.tick()
    assert night.line == line  # paused: nothing moves on
    tap(find(night, "pause"))
    for _ in range(60):
        app.test_clock.advance(1)
        app.tick()
        if night.title == "Sentinelle":
            break
    assert night.line == "Sentinelle, ouvrez les yeux."
    app.test_clock.advance(3)
    app.tick()
    assert night.line.startswith("Vous pouvez poser un bouclier")
    plays = len(app.test_audio.played())
    tap(find(night, "replay"))
    assert night.line.startswith("Vous pouvez poser un bouclier")
    assert len(app.test_audio.played()) == plays + 1
    assert app.test_audio.played()[-1].endswith("sentinel.act.ogg")
    run_night(app)
    assert app.speaker.said[-1] == "day.start"
    assert Window.allow_screensaver is False  # the debate's countdown stays on screen too
    assert tuple(Window.clearcolor) == pytest.approx(theme.BG)  # the day's background again

    day = screen(app)
    assert day.time_text == "5:00"
    app.test_clock.advance(30)
    app.tick()
    assert find(day, "countdown").text == "4:30"
    tap(find(day, "plus"))
    assert find(day, "countdown").text == "5:30"
    tap(find(day, "speaker_btn"))
    assert "parle en premier" in find(day, "speaker").text
    app.sounds.played.clear()
    app.test_clock.advance(271)
    app.tick()
    assert app.sounds.played == ["warning"] and "Plus qu'une minute" in app.message
    assert app.speaker.said[-1] == "day.last_minute"
    app.test_clock.advance(60)
    app.tick()
    assert app.sounds.played == ["warning", "end"] and find(day, "countdown").text == "0:00"
    in_play = [w.label for w in find(day, "in_play").children]
    assert "Sentinelle" in in_play and "Loup-Garou" in in_play

    tap(find(day, "vote"))
    settle()
    from kivy.core.window import Window
    modal = [w for w in Window.children if w.__class__.__name__ == "VoteModes"][0]
    assert find(modal, "box").disabled  # no box connected
    tap(find(modal, "fingers"))
    vote = screen(app)
    assert vote.name == "vote" and vote.big_text == "Prêts ?"
    assert app.speaker.said[-1] == "vote.countdown"
    seen = []
    for _ in range(40):
        app.test_clock.advance(0.25)
        app.tick()
        if vote.stage != "countdown":
            break
        if vote.big_text not in seen:
            seen.append(vote.big_text)
    assert seen == ["Prêts ?", "3", "2", "1", "Votez !"] and vote.stage == "collect"
    assert "Qui Alice montre-t-il du doigt ?" in shown(app)
    assert find(vote, "undo").disabled
    vote_for(app, vote, "Chloé")
    tap(find(vote, "undo"))  # the host mis-tapped: Alice points at Bruno
    assert "Qui Alice montre-t-il du doigt ?" in shown(app)
    vote_for(app, vote, "Bruno")
    for name in ("Alice", "Bruno", "Alice"):
        vote_for(app, vote, name)
    # four votes in: statuses only, no arrow, no count
    circle = find(vote, "circle")
    assert circle.votes is None and circle.counts is None
    assert circle.is_in == [True, True, True, True, False]
    vote_for(app, vote, "Bruno")
    assert vote.stage == "revealed"
    assert circle.votes == [1, 0, 1, 0, 1] and circle.counts == [2, 3, 0, 0, 0]
    assert "Bruno : 3" in find(vote, "summary").text
    tap(find(vote, "reveal"))

    reveal = screen(app)
    assert reveal.name == "reveal"
    tap(find(reveal, "confirm"))
    assert screen(app).name == "reveal" and "Il manque la carte de" in app.message
    for card in ("Sorcière", "Loup-Garou", "Villageois", "Sentinelle", "Divinateur"):
        tap_text(find(reveal, "cards"), card)
    tap(find(reveal, "confirm"))

    result = screen(app)
    assert result.name == "result"
    text = shown(app)
    assert "Bruno meurt avec 3 voix." in text
    assert "Le village gagne : un loup-garou est mort." in text
    assert "Gagnent : Alice, Chloé, David, Emma" in text
    assert find(result, "circle").dead == [1]
    saved = app.ctl.state.record_path
    record = json.loads(saved.read_text())
    assert record["votes"] == [1, 0, 1, 0, 1] and record["outcome"]["winning_teams"] == ["village"]
    assert record["final_entry"]["seats"] == ["witch", "werewolf", "villager", "sentinel",
                                              "revealer"]
    back_home(app)


def test_a_game_with_the_box_keeps_votes_secret(app, history_of_tonight):
    history_of_tonight(20)  # the evening's first game
    s = screen(app)
    tap(find(s, "settings"))
    st = screen(app)
    find(st, "scroll").scroll_y = 0
    settle()
    assert "Cette version" not in find(st, "box_status").text
    find(st, "address").text = "socket://box.local:7777"
    tap(find(st, "connect"))
    assert app.box_ready()
    assert find(st, "box_status").text == "Boîtier connecté (socket://box.local:7777)."
    box = app.test_boxes[-1]
    tap(find(st, "pad_test"))
    assert box.calls[-1] == ("cue", "chirp")
    box.ready(2)
    box.ready(4)
    settle()
    app.tick()
    assert "Boutons reçus : 3, 5." in find(st, "box_status").text
    back_home(app)
    assert box.calls[-1] == ("reset",)  # leaving the settings ends the pad test

    tap(find(screen(app), "new"))
    type_players(app, ["Ana", "Ben", "Cyd", "Dan", "Eli", "Fay"])
    s = screen(app)
    tap_text(find(s, "scenario_list"), "La nuit du Loup-Garou")
    assert "Loup-Garou face cachée à côté du centre" in shown(app)
    tap(find(s, "start"))
    run_night(app)
    day = screen(app)
    assert box.calls[-1] == ("debate", 300, 300.0)  # the box's bar counts the debate down
    for seat in (0, 1, 2, 3, 4, 3):  # seat 4 changes their mind
        box.ready(seat)
    settle()
    app.tick()
    assert find(day, "ready").text == "4/6 prêts à voter"
    day.start_vote("box")
    assert box.calls[-1] == ("open", 6)
    vote = screen(app)
    tap(find(vote, "skip"))
    for seat, target in ((0, 1), (2, 1), (5, 0)):
        box.press(seat, target)
    settle()
    app.tick()
    circle = find(vote, "circle")
    assert circle.is_in == [True, False, True, False, False, True]
    assert circle.votes is None
    assert "3/6 votes reçus" in shown(app)
    assert all(n not in find(vote, "targets").children for n in ("Ana",))
    tap(find(vote, "close"))
    from tests.ui.test_traps import dialogs
    tap(find(dialogs()[0], "yes"))
    settle()
    app.tick()
    assert vote.stage == "collect" and circle.votes is None
    # the missing votes are taken one by one, in private
    for name in ("Ana", "Ana", "Ben"):
        tap(find(vote, "ready_btn"))
        vote_for(app, vote, name)
    assert circle.votes == [1, 0, 1, 0, 1, 0] and circle.counts == [3, 3, 0, 0, 0, 0]
    tap(find(vote, "reveal"))

    reveal = screen(app)
    for card in ("Loup alpha", "Villageois", "Sentinelle", "Garde du corps", "Loup shaman",
                 "Sorcière"):
        tap_text(find(reveal, "cards"), card)
    tap(find(reveal, "confirm"))
    text = shown(app)
    # the Bodyguard (Dan) points at Ana: Ana is saved; Ben dies alone
    assert "Ana est sauvé par le Garde du corps." in text
    assert "Ben meurt avec 3 voix." in text
    assert "Les loups-garous gagnent" in text
    # the news first, in the winners' colour, with a chime; no word of a Tanner not in play
    result = screen(app)
    from onenight.ui import theme
    assert result.headline == "Les loups-garous gagnent !"
    assert tuple(result.banner_colour) == theme.TEAM_COLOURS["werewolf"]
    assert app.sounds.played[-1] == "verdict" and "Tanneur" not in text
    assert find(result, "circle").protected == [0] and find(result, "circle").guards == [3]
    assert "Ce soir" in find(result, "score").text  # the evening's second game
    back_home(app)


def test_the_box_is_chosen_from_what_was_found(app):
    """Settings look for the box (a real responder over loopback UDP) and connect to the
    one tapped: no address to type."""
    from onenight_box.discovery import Responder

    r = Responder("salon", 7777, host="127.0.0.1", port=0).start()
    back_home(app)
    tap(find(screen(app), "settings"))
    st = screen(app)
    st.discovery_targets, st.discovery_seconds = [r.address], 0.3
    try:
        tap(find(st, "search"))
        st._thread.join(10)
        settle()
        assert "trouvés" in st.found_text
        salon = [b for b in find(st, "found").children if b.text == "salon · réseau"][0]
        tap(salon)
        assert app.settings.box_address == "socket://127.0.0.1:7777" and app.box_ready()
    finally:
        r.stop()
        st.discovery_targets, st.discovery_seconds = None, 1.5
        app.settings.box_address = ""
        app.connect_box()
        back_home(app)


def test_tablet_votes_are_hidden_between_players(app):
    tap(find(screen(app), "new"))
    type_players(app, NAMES[:3])
    s = screen(app)
    tap_text(find(s, "scenario_list"), "Un terrible ennemi")
    tap(find(s, "start"))
    run_night(app)
    screen(app).start_vote("tablet")
    vote = screen(app)
    tap(find(vote, "skip"))
    assert "Passez la tablette à Alice" in shown(app)
    assert find(vote, "targets").children == []
    tap(find(vote, "ready_btn"))
    assert "Alice, contre qui votes-tu ?" in shown(app)
    vote_for(app, vote, "Chloé")
    # hidden at once: the next player sees only whose turn it is
    assert "Passez la tablette à Bruno" in shown(app)
    circle = find(vote, "circle")
    assert find(vote, "targets").children == []
    assert circle.votes is None and circle.counts is None and circle.is_in == [True, False, False]
    tap(find(vote, "ready_btn"))
    vote_for(app, vote, "Chloé")
    tap(find(vote, "ready_btn"))
    vote_for(app, vote, "Alice")
    assert vote.stage == "revealed" and find(vote, "circle").counts == [1, 0, 2]
    back_home(app)
    # the game in progress can be resumed from home
    assert not find(screen(app), "resume").disabled
    tap(find(screen(app), "resume"))
    assert screen(app).name == "vote"
    back_home(app)


def test_history_lists_reopens_and_exports_games(app, tmp_path, history_of_tonight):
    from tests.ui.test_traps import dialogs

    history_of_tonight(40, 0)  # the older game: Bob dies with Ana's and Cy's votes
    history_of_tonight(10, 1)

    tap(find(screen(app), "history"))
    h = screen(app)
    assert "2 parties" in find(h, "summary").text
    assert "Ce soir, 2 parties" in find(h, "score").text  # the evening's running score
    rows = list(reversed(find(h, "rows").children))
    # the newest game is chosen from the start: the buttons are ready, not faint
    assert rows[0].selected and not find(h, "export_one").disabled
    tap(rows[1])
    assert [r.selected for r in reversed(find(h, "rows").children)] == [False, True]
    tap(find(h, "open_verdict"))  # the older game, reopened to its verdict
    result = screen(app)
    assert result.name == "result" and result.review
    assert "Bob meurt avec 2 voix." in shown(app) and find(result, "again").disabled
    tap(find(result, "home"))
    assert screen(app).name == "history"
    tap(list(reversed(find(h, "rows").children))[0])
    (tmp_path / "usb").mkdir()
    tap(find(h, "export_one"))
    chooser = dialogs()[0]
    chooser.ids.chooser.path = str(tmp_path / "usb")
    tap(find(chooser, "copy"))
    assert not dialogs()
    assert app.message == f"Une partie copiée dans {tmp_path / 'usb'}."
    assert len(list((tmp_path / "usb").glob("*.json"))) == 1
    blocker = tmp_path / "file"
    blocker.write_text("x")
    tap(find(h, "export_all"))
    chooser = dialogs()[0]
    chooser.ids.chooser.path = str(blocker)
    tap(find(chooser, "copy"))
    # the error is written in the window, under the folder it is about
    assert dialogs() and "Copie impossible" in chooser.error
    chooser.ids.chooser.path = str(tmp_path)
    tap(find(chooser, "copy"))
    assert app.message == f"2 parties copiées dans {tmp_path}."
    back_home(app)


def test_history_dates_are_local_time():
    import datetime as dt

    from onenight.ui.i18n import Translator
    from onenight.ui.screens.history import local_when

    paris = dt.timezone(dt.timedelta(hours=1))
    fr, en = Translator("fr"), Translator("en")
    assert local_when("2025-11-25T20:04:00+00:00", fr.t, paris) == "mar. 25 nov. · 21 h 04"
    assert local_when("2025-11-25T20:04:00+00:00", en.t, paris) == "Tue 25 Nov · 21:04"
    assert local_when("not a date", fr.t) == "not a date"


def test_custom_deck_is_checked_live(app):
    tap(find(screen(app), "new"))
    type_players(app, NAMES[:3])
    tap_text(find(screen(app), "scenario_list"), "Paquet sur mesure")
    d = screen(app)
    assert d.name == "deck"
    rows = {r.card: r for r in find(d, "grid").children}
    for card in ("werewolf", "werewolf", "seer", "robber", "troublemaker"):
        tap(rows[card].ids.plus)
    assert "5 cartes sur 6" in d.status and find(d, "use").disabled
    tap(rows["village_idiot"].ids.plus)
    assert "★★★" in d.status and not find(d, "use").disabled
    tap(find(d, "use"))
    assert screen(app).name == "scenario" and app.ctl.setup_view().scenario == "custom"
    back_home(app)


def test_reveal_with_artifacts_and_a_changed_investigator(app):
    tap(find(screen(app), "new"))
    type_players(app, ["Ana", "Ben", "Cyd", "Dan"])
    back_home(app)
    tap(find(screen(app), "new"))
    assert screen(app).names == ["Ana", "Ben", "Cyd", "Dan"]  # the last group is remembered
    tap(find(screen(app), "next"))
    s = screen(app)
    tap_text(find(s, "scenario_list"), "Alliances fragiles")
    text = shown(app)
    assert "Mélangez 6 artefacts face cachée pour le Conservateur." in text
    tap(find(s, "start"))
    run_night(app)
    day = screen(app)
    assert "Masque du Silence" in find(day, "reminders").text
    reveal = fingers_vote_to_reveal(app)
    # seat 1: Ana, the Paranormal Investigator who saw a werewolf; seat 2: Ben, claw on the witch
    def row(seat):  # the seat list is redrawn after each entry
        return list(reversed(find(reveal, "seats").children))[seat]

    tap_text(find(reveal, "cards"), "Chasseur de fantômes")
    tap(row(0))
    tap_text(find(reveal, "extras"), "Devenu loup-garou")
    tap(row(1))
    tap_text(find(reveal, "cards"), "Sorcière")
    tap_text(find(reveal, "extras"), "Griffe du Loup-Garou")
    assert row(1).status == "Sorcière · Griffe du Loup-Garou"
    assert row(0).status == "Chasseur de fantômes · devenu Loup-Garou"
    tap(row(2))
    tap_text(find(reveal, "cards"), "Divinateur")
    tap(row(3))
    tap_text(find(reveal, "cards"), "Loup alpha")
    assert app.ctl.reveal_view().identities == ("werewolf", "werewolf", "revealer", "alpha_wolf")
    tap(find(reveal, "confirm"))
    text = shown(app)
    assert "Ben meurt avec 3 voix." in text
    assert "Le village gagne : un loup-garou est mort." in text
    assert "Gagnent : Cyd" in text
    back_home(app)


@pytest.fixture
def settings_put_back(app):
    """The debate's length and the voice's volume a test sets on the settings screen, put
    back as they were, the way the screen sets them (tests/README.md, rule 4): a later game
    of the same worker would otherwise have a ten-minute debate."""
    before = {key: getattr(app.settings, key) for key in ("debate_minutes", "voice_volume")}
    yield
    settings = app.sm.get_screen("settings")
    for key, value in before.items():
        settings.set_value(key, value)
    assert app.ctl.debate_minutes == before["debate_minutes"]


def test_settings_are_kept_and_used(app, settings_put_back):
    tap(find(screen(app), "settings"))
    st = screen(app)
    rows = {r.key: r for r in find(st, "sliders").children}
    rows["debate_minutes"].ids.slider.value = 10
    rows["voice_volume"].ids.slider.value = 0.5
    settle()
    assert rows["debate_minutes"].value_text == "10 min"
    saved = json.loads((app.data_dir / "settings.json").read_text())
    assert saved["debate_minutes"] == 10 and saved["voice_volume"] == 0.5
    roles = {r.step: r for r in find(st, "roles").children}
    assert roles["sentinel"].value_text == "10 s" and "doppelganger_insomniac" not in roles
    tap(roles["sentinel"].ids.plus)
    tap(roles["sentinel"].ids.plus)
    assert roles["sentinel"].value_text == "12 s" and roles["sentinel"].custom
    rows["night_pace"].ids.slider.value = 150
    settle()
    assert roles["sentinel"].value_text == "18 s" and roles["seer"].value_text == "18 s"
    saved = json.loads((app.data_dir / "settings.json").read_text())
    assert saved["role_seconds"] == {"sentinel": 12} and saved["night_pace"] == 150
    from onenight.ui.voice import narration_settings
    ns = narration_settings(app.settings)
    assert ns.action_time("sentinel") == 18 and ns.action_time("seer") == 18
    tap(find(st, "reset_roles"))
    rows["night_pace"].ids.slider.value = 100
    settle()
    assert app.settings.role_seconds == {} and roles["sentinel"].value_text == "10 s"
    tap(find(st, "en"))
    assert "Debate length" in shown(app) and app.lang == "en"
    tap(find(st, "fr"))
    assert "Durée du débat" in shown(app)
    to_the_debate(app, NAMES[:3])
    assert find(screen(app), "countdown").text == "10:00"
    back_home(app)


def test_the_settings_screen_shown_again_keeps_its_rows_and_shows_the_settings(app,
                                                                              settings_put_back):
    """Its rows are made once: shown again, the same rows show the settings as they are now
    and the language chosen since."""
    app.go("settings")
    settle()
    st = screen(app)
    rows = {r.key: r for r in find(st, "sliders").children}
    roles = {r.step: r for r in find(st, "roles").children}
    assert rows["debate_minutes"].value_text == f"{app.settings.debate_minutes} min"
    app.go("home")
    settle()
    app.settings.debate_minutes = 7  # (as a settings file read again would)
    app.set_language("en")
    try:
        app.go("settings")
        settle()
        assert {r.key: r for r in find(st, "sliders").children} == rows
        assert {r.step: r for r in find(st, "roles").children} == roles
        assert rows["debate_minutes"].ids.slider.value == 7
        assert rows["debate_minutes"].value_text == "7 min"
        assert rows["debate_minutes"].label == "Debate length"
        assert roles["seer"].label == app.tr("night.step.seer.title") != ""
        assert "Durée du débat" not in shown(app)
    finally:
        app.set_language("fr")
        app.go("home")
        settle()


def test_the_verdict_shown_again_sets_its_players_tiles_again(app):
    """The verdict's tiles are kept from one game to the next: the next game's shows each
    player's card, name, mark and colours, with nothing of the last game's, and a smaller
    table fewer tiles."""
    from onenight.ui.widgets.player_tile import PlayerTile

    result = app.sm.get_screen("result")
    grid = find(result, "players")
    result._players(["Ana", "Bob", "Cy"], {"roles": ["werewolf", "seer", "villager"],
                                           "winners": [1, 2], "dead": [0]})
    first = list(reversed(grid.children))
    assert [t.tone for t in first] == ["dead", "won", "won"]
    result._players(["Dan", "Eve"], {"roles": ["villager", "werewolf"], "winners": [1],
                                     "dead": []})
    tiles = list(reversed(grid.children))
    assert tiles == first[:2] and all(isinstance(t, PlayerTile) for t in tiles)
    assert [(t.name, t.card, t.tone) for t in tiles] == [("Dan", "villager", "lost"),
                                                         ("Eve", "werewolf", "won")]
    assert [t.mark for t in tiles] == [app.tr("result.lost"), app.tr("result.won")]
    assert tiles[1].detail == app.tr("role.werewolf")


def test_without_the_voice_the_night_shows_the_narrators_lines(app, monkeypatch):
    """A voice that cannot be loaded: the host is told, and the screen shows the very lines
    the voice would have said, one after the other, in silence."""
    from onenight.narration import NarrationSettings, VoiceError, build_night_plan
    from onenight.ui.screens import night as night_screen

    def no_voice(*args, **kwargs):
        raise VoiceError("audio", "no clip can be read")

    monkeypatch.setattr(night_screen, "VoicedNight", no_voice)
    tap(find(screen(app), "new"))
    type_players(app, NAMES[:3])
    tap_text(find(screen(app), "scenario_list"), "Sombre réveil")
    events = len(app.test_audio.events)
    tap(find(screen(app), "start"))
    night = screen(app)
    tap(find(night, "looked"))
    assert night.name == "night" and "lisez les consignes affichées" in app.message
    spoken = build_night_plan(app.ctl.state.deck, NarrationSettings(lang="fr")).cues
    shown, last = [], None
    while screen(app).name == "night":
        if night.driver.cue_index() != last:
            last = night.driver.cue_index()
            shown.append(night.line)
        assert set(texts(night)) <= {night.title, night.line, night.progress, "Quitter",
                                     "Répéter", "Pause", "Passer l'étape", "English"}
        app.test_clock.advance(night.next_tick())
        app.tick()
    assert shown == [c.text for c in spoken]
    assert screen(app).name == "day"
    # no clip and no ambience during the night; the day's first line is the Speaker's
    sound = [(e[0], e[2]) for e in app.test_audio.events[events:] if e[0] in ("play", "loop")]
    assert len(sound) == 1 and sound[0][0] == "play" and sound[0][1].endswith("day.start.ogg")
    back_home(app)


def test_small_text_stays_readable_on_the_small_screen(app):
    """At 800x480 everything scales to 0.6, but small text (names, card names, hints) never
    falls below three quarters of its tablet size."""
    from kivy.uix.label import Label

    back_home(app)
    app.go("settings")
    settle()
    try:
        app._on_size(None, (800, 480))
        settle()
        assert app.scale == pytest.approx(0.6)
        sizes = [w.font_size for w in screen(app).walk() if isinstance(w, Label) and w.text]
        assert sizes and min(sizes) >= 0.75 * 19
    finally:
        app._on_size(None, (1280, 800))
        settle()
    back_home(app)


def test_the_way_home_is_finger_sized_during_the_day_and_the_vote(app):
    from onenight.ui import theme
    from onenight.ui.widgets.common import BigButton

    for name in ("day", "vote"):
        s = app.sm.get_screen(name)
        home = [w for w in s.walk() if isinstance(w, BigButton)
                and w.text == app.tr("nav.home")]
        assert home and all(w.height >= app.scale * theme.TOUCH for w in home), name


def one_line(label):
    """Whether a label's text fits on one line in the width it is given."""
    from kivy.core.text import Label as CoreLabel

    core = CoreLabel(text=label.text, font_size=label.font_size, bold=label.bold,
                     font_name=label.font_name)
    room = label.text_size[0] if label.text_size[0] is not None else label.width
    return core.get_extents(label.text)[0] <= room


def test_the_day_controls_are_finger_sized_and_one_line_on_the_small_screen(app):
    """At 800x480 every button of the debate has the standard touch height and its label on
    one line, in both languages (the cards in play are read whole by test_layout)."""
    from kivy.core.window import Window

    from onenight.ui import theme
    from onenight.ui.widgets.common import BigButton

    to_the_debate(app, NAMES[:4])
    day = screen(app)
    try:
        Window.size = (800, 480)
        pump(3)
        assert app.scale == pytest.approx(0.6) and day.width == 800
        for lang in ("fr", "en"):
            app.set_language(lang)
            settle()
            buttons = [w for w in day.walk() if isinstance(w, BigButton)]
            assert len(buttons) >= 9
            for b in buttons:
                assert b.height >= app.scale * theme.TOUCH - 1, (lang, b.text)
                assert one_line(b), (lang, b.text)
    finally:
        app.set_language("fr")
        Window.size = (1280, 800)
        pump(3)
    back_home(app)


def test_the_players_screen_keeps_every_name_and_every_seat_in_sight(app):
    """Take a player off and put them back, add a seat (the cursor goes there), Enter to the
    next name, drag a seat by its handle, and room above an on-screen keyboard: ten seats
    in sight at 800x480."""
    from kivy.core.window import Window
    from kivy.tests.common import UnitTestTouch

    from onenight.ui.driving import centre

    back_home(app)
    tap(find(screen(app), "new"))
    s = screen(app)
    while len(s.names) < 4:
        tap(find(s, "more"))
    for row, name in zip(s.rows(), ["Ana", "Ben", "Cyd", "Dan"]):
        row.ids.name.text = name
    while len(s.rows()) > 4:
        tap(s.rows()[-1].ids.drop)
    tap(s.rows()[1].ids.drop)  # Ben leaves...
    undo = find(s, "undo")
    assert s.names == ["Ana", "Cyd", "Dan"] and "Ben" in undo.text
    # the button is as wide as its words, and stays so (it once grew by 24 pixels a frame,
    # laid out again and again for as long as it was there)
    width = undo.width
    settle()
    assert undo.width == width and 0 < undo.width < s.width / 2
    tap(undo)  # ...and comes back to his seat, name and all
    assert s.names == ["Ana", "Ben", "Cyd", "Dan"]
    kept = s.rows()
    kept[0].ids.name.focus = True
    tap(find(s, "more"))
    new = s.rows()[-1]
    assert len(s.rows()) == 5 and new.ids.name.focus and new.ids.name.text == ""
    assert not any(r.ids.name.focus for r in kept)  # the cursor in the new seat alone
    assert s.rows()[:4] == kept  # a seat added adds its row, the others are kept
    new.ids.name.text = "Eve"
    s.rows()[0].ids.name.focus = True
    s.rows()[0].ids.name.dispatch("on_text_validate")  # Enter: on to the next name
    assert s.rows()[1].ids.name.focus
    s.rows()[1].ids.name.focus = False
    # drag Ana's handle down to Cyd's seat: the others move up
    hx, hy = centre(s.rows()[0].ids.handle)
    tx, ty = centre(s.rows()[2])
    t = UnitTestTouch(hx, hy)
    t.touch_down()
    t.touch_move((hx + tx) / 2, (hy + ty) / 2)
    t.touch_move(tx, ty)
    t.touch_up()
    settle()
    assert [r.ids.name.text for r in s.rows()] == ["Ben", "Cyd", "Ana", "Dan", "Eve"]
    assert [r.seat for r in s.rows()] == [0, 1, 2, 3, 4] and not any(r.dragged for r in s.rows())
    try:
        Window.size = (800, 480)
        while len(s.rows()) < 10:
            tap(find(s, "more"))
        s.rows()[-1].ids.name.focus = False
        settle()
        for room in (0, 200):  # an on-screen keyboard covering the lower 200 pixels
            s.keyboard_room = room
            settle()
            for row in s.rows():
                x0, y0 = row.to_window(row.x, row.y)
                assert y0 >= room - 1 and y0 + row.height <= Window.height, (room, row.seat)
            nxt = find(s, "next")
            assert nxt.to_window(nxt.x, nxt.y)[1] >= room - 1
    finally:
        s.keyboard_room = 0
        Window.size = (1280, 800)
        settle()
    back_home(app)


def test_the_mute_button_silences_every_sound_and_keeps_the_timing(app):
    from onenight.ui.widgets.controls import MuteButton

    to_the_debate(app, NAMES[:3])
    day = screen(app)
    mute = [w for w in day.walk() if isinstance(w, MuteButton)][0]
    try:
        tap(mute)
        assert app.muted and app.sounds.muted and app.audio.muted
        app.say("day.last_minute")
        assert app.test_audio.events[-1][0] == "play" and app.test_audio.events[-1][3] == 0.0
    finally:
        app.muted = False
    app.say("day.last_minute")
    assert app.test_audio.events[-1][3] == app.settings.voice_volume
    back_home(app)


def test_the_nights_end_is_marked_with_the_cpu_used_before_the_debate_opens(app, monkeypatch,
                                                                           tmp_path):
    """The bench reads the night's CPU at its end mark (docs/performance.md, 19): the CPU is
    taken there, before the debate's screen is opened in the same tick, which is not night."""
    import time

    from onenight.ui import trace

    where = tmp_path / "trace.jsonl"
    monkeypatch.setenv(trace.TRACE_ENV, str(where))
    go, opened = app.go, []

    def go_and_note(name, *a, **kw):
        if name == "day":
            opened.append(time.process_time())
        return go(name, *a, **kw)

    monkeypatch.setattr(app, "go", go_and_note)
    to_the_debate(app, NAMES[:3])
    end = [m for m in trace.read(str(where)) if m["mark"] == "night_end"]
    assert len(end) == 1 and opened
    assert 0 < end[0]["cpu"] <= opened[0]
    back_home(app)
