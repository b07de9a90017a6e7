"""Whole games tapped through in a real window: what each screen shows at each step."""

import json

import pytest

from onenight.ui.driving import find, pump, settle, tap, tap_text, texts

NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma"]


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
        tap(find(s, "fewer"))
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
        app.tick()  # the screen follows the clock; frames are drawn once at the end
    pump(1)
    assert screen(app).name == "day"


def back_home(app):
    app.go("home")
    pump(2)


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
        tap_text(find(vote, "targets"), name)
    tap(find(vote, "reveal"))
    return screen(app)


def test_home_in_french_then_english(app):
    assert screen(app).name == "home"
    assert "Nouvelle partie" in shown(app)
    tap(find(screen(app), "lang"))
    assert "New game" in shown(app) and app.settings.language == "en"
    tap(find(screen(app), "lang"))
    assert "Nouvelle partie" in shown(app)


def test_bad_players_are_explained_on_screen(app):
    tap(find(screen(app), "new"))
    type_players(app, ["Alice", "alice", "Chloé"])
    assert screen(app).name == "players"
    assert "Deux joueurs s'appellent" in app.message
    type_players(app, ["Alice", "", "Chloé"])
    assert "Donnez un nom au joueur 2" in app.message
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
    tap_text(find(s, "scenario_list"), "Sombre réveil")
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
    app.test_clock.advance(2.5)
    app.tick()
    assert night.title == ""
    assert night.line.startswith("Vous avez tous regardé votre carte")
    assert app.test_audio.played()[-1].endswith("night.intro.ogg")
    assert set(texts(night)) == {night.line, "Quitter", "Répéter", "Pause"}
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
    pump(2)
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
    tap_text(find(vote, "targets"), "Chloé")
    tap(find(vote, "undo"))  # the host mis-tapped: Alice points at Bruno
    assert "Qui Alice montre-t-il du doigt ?" in shown(app)
    tap_text(find(vote, "targets"), "Bruno")
    for name in ("Alice", "Bruno", "Alice"):
        tap_text(find(vote, "targets"), name)
    # four votes in: statuses only, no arrow, no count
    circle = find(vote, "circle")
    assert circle.votes is None and circle.counts is None
    assert circle.is_in == [True, True, True, True, False]
    tap_text(find(vote, "targets"), "Bruno")
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


def test_a_game_with_the_box_keeps_votes_secret(app):
    s = screen(app)
    tap(find(s, "settings"))
    st = screen(app)
    find(st, "scroll").scroll_y = 0
    pump(2)
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
    pump(2)
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
    pump(2)
    app.tick()
    assert find(day, "ready").text == "4/6 prêts à voter"
    day.start_vote("box")
    assert box.calls[-1] == ("open", 6)
    vote = screen(app)
    tap(find(vote, "skip"))
    for seat, target in ((0, 1), (2, 1), (5, 0)):
        box.press(seat, target)
    pump(2)
    app.tick()
    circle = find(vote, "circle")
    assert circle.is_in == [True, False, True, False, False, True]
    assert circle.votes is None
    assert "3/6 votes reçus" in shown(app)
    assert all(n not in find(vote, "targets").children for n in ("Ana",))
    tap(find(vote, "close"))
    pump(2)
    app.tick()
    assert vote.stage == "revealed" and "manquent : Ben, Dan, Eli" in find(vote, "summary").text
    assert circle.votes == [1, None, 1, None, None, 0]
    # the missing votes are entered by the host, by pointing
    for name in ("Ana", "Ana", "Ben"):
        tap_text(find(vote, "targets"), name)
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
    tap_text(find(vote, "targets"), "Chloé")
    # hidden at once: the next player sees only whose turn it is
    assert "Passez la tablette à Bruno" in shown(app)
    circle = find(vote, "circle")
    assert find(vote, "targets").children == []
    assert circle.votes is None and circle.counts is None and circle.is_in == [True, False, False]
    tap(find(vote, "ready_btn"))
    tap_text(find(vote, "targets"), "Chloé")
    tap(find(vote, "ready_btn"))
    tap_text(find(vote, "targets"), "Alice")
    assert vote.stage == "revealed" and find(vote, "circle").counts == [1, 0, 2]
    back_home(app)
    # the game in progress can be resumed from home
    assert not find(screen(app), "resume").disabled
    tap(find(screen(app), "resume"))
    assert screen(app).name == "vote"
    back_home(app)


def test_history_lists_and_exports_games(app, tmp_path):
    tap(find(screen(app), "history"))
    h = screen(app)
    assert "2 parties" in find(h, "summary").text
    rows = list(reversed(find(h, "rows").children))
    # the newest game is chosen from the start: the button is ready, not faint
    assert rows[0].selected and not find(h, "export_one").disabled
    tap(rows[1])
    assert [r.selected for r in reversed(find(h, "rows").children)] == [False, True]
    tap(list(reversed(find(h, "rows").children))[0])
    find(h, "folder").text = str(tmp_path / "usb")
    tap(find(h, "export_one"))
    assert app.message == f"Une partie copiée dans {tmp_path / 'usb'}."
    assert len(list((tmp_path / "usb").glob("*.json"))) == 1
    blocker = tmp_path / "file"
    blocker.write_text("x")
    find(h, "folder").text = str(blocker / "sub")
    tap(find(h, "export_all"))
    assert "Copie impossible" in app.message
    find(h, "folder").text = str(tmp_path / "all")
    tap(find(h, "export_all"))
    assert app.message == f"2 parties copiées dans {tmp_path / 'all'}."
    back_home(app)


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


def test_settings_are_kept_and_used(app):
    tap(find(screen(app), "settings"))
    st = screen(app)
    rows = {r.key: r for r in find(st, "sliders").children}
    rows["debate_minutes"].ids.slider.value = 10
    rows["voice_volume"].ids.slider.value = 0.5
    pump(2)
    assert rows["debate_minutes"].value_text == "10 min"
    saved = json.loads((app.data_dir / "settings.json").read_text())
    assert saved["debate_minutes"] == 10 and saved["voice_volume"] == 0.5
    roles = {r.step: r for r in find(st, "roles").children}
    assert roles["sentinel"].value_text == "10 s" and "doppelganger_insomniac" not in roles
    tap(roles["sentinel"].ids.plus)
    tap(roles["sentinel"].ids.plus)
    assert roles["sentinel"].value_text == "12 s" and roles["sentinel"].custom
    rows["night_pace"].ids.slider.value = 150
    pump(2)
    assert roles["sentinel"].value_text == "18 s" and roles["seer"].value_text == "18 s"
    saved = json.loads((app.data_dir / "settings.json").read_text())
    assert saved["role_seconds"] == {"sentinel": 12} and saved["night_pace"] == 150
    from onenight.ui.voice import narration_settings
    ns = narration_settings(app.settings)
    assert ns.action_time("sentinel") == 18 and ns.action_time("seer") == 18
    tap(find(st, "reset_roles"))
    rows["night_pace"].ids.slider.value = 100
    pump(2)
    assert app.settings.role_seconds == {} and roles["sentinel"].value_text == "10 s"
    tap(find(st, "en"))
    assert "Debate length" in shown(app) and app.lang == "en"
    tap(find(st, "fr"))
    assert "Durée du débat" in shown(app)
    to_the_debate(app, NAMES[:3])
    assert find(screen(app), "countdown").text == "10:00"
    back_home(app)


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
    assert night.name == "night" and "lisez les consignes affichées" in app.message
    spoken = build_night_plan(app.ctl.state.deck, NarrationSettings(lang="fr")).cues
    shown, last = [], None
    while screen(app).name == "night":
        if night.driver.cue_index() != last:
            last = night.driver.cue_index()
            shown.append(night.line)
        assert set(texts(night)) <= {night.title, night.line, "Quitter", "Répéter", "Pause"}
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
    pump(2)
    try:
        app._on_size(None, (800, 480))
        pump(2)
        assert app.scale == pytest.approx(0.6)
        sizes = [w.font_size for w in screen(app).walk() if isinstance(w, Label) and w.text]
        assert sizes and min(sizes) >= 0.75 * 19
    finally:
        app._on_size(None, (1280, 800))
        pump(2)
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
    one line, in both languages; the card strip widens a tile rather than wrap its name."""
    from kivy.core.window import Window

    from onenight.ui import theme
    from onenight.ui.widgets.common import BigButton, CardTile

    to_the_debate(app, NAMES[:4])
    day = screen(app)
    try:
        Window.size = (800, 480)
        pump(3)
        assert app.scale == pytest.approx(0.6) and day.width == 800
        for lang in ("fr", "en"):
            app.set_language(lang)
            pump(3)
            buttons = [w for w in day.walk() if isinstance(w, BigButton)]
            assert len(buttons) >= 9
            for b in buttons:
                assert b.height >= app.scale * theme.TOUCH - 1, (lang, b.text)
                assert one_line(b), (lang, b.text)
            tiles = [w for w in day.walk() if isinstance(w, CardTile)]
            assert tiles
            for tile in tiles:
                name = tile.ids.name
                assert tile.width >= name.texture_size[0], (lang, tile.label)
                assert name.texture_size[1] < 2 * name.font_size, (lang, tile.label)
    finally:
        app.set_language("fr")
        Window.size = (1280, 800)
        pump(3)
    back_home(app)


def fits(label):
    """Whether a wrapping label's whole text fits in its box (no line left out)."""
    from kivy.core.text import Label as CoreLabel

    core = CoreLabel(text=label.text, font_size=label.font_size, bold=label.bold,
                     font_name=label.font_name, text_size=(label.width, None))
    core.refresh()
    return core.content_height <= label.height + 1


def test_long_card_names_and_statuses_fit_the_lists_on_the_small_screen(app):
    """At 800x480 the reveal and result lists wrap a long card name or status onto a second
    line rather than cut it ('Diseuse … aventure'), and keep it clear of the list's edge."""
    from kivy.core.window import Window
    from kivy.uix.scrollview import ScrollView

    from onenight.ui.widgets.common import SeatRow

    to_the_debate(app, ["Ana", "Ben", "Cyd", "Dan"], "Alliances fragiles")
    reveal = fingers_vote_to_reveal(app)

    def row(seat):
        return list(reversed(find(reveal, "seats").children))[seat]

    def check(s, rows):
        lists = [w for w in s.walk() if isinstance(w, ScrollView)]
        for r in rows:
            status = r.ids.status
            assert not status.shorten and fits(status), (s.name, r.status)
            clear = min(v.right for v in lists if r in list(v.walk()))
            assert r.to_window(status.right, 0)[0] <= r.to_window(clear, 0)[0] - 4, r.status

    # the taps themselves are tested above; here the entries go straight to the screen
    for seat, card, extra in ((0, "paranormal_investigator", ("change", "werewolf")),
                              (1, "witch", ("artifact", "claw")), (2, "revealer", None),
                              (3, "alpha_wolf", None)):
        reveal.select(seat)
        reveal.set_card(card)
        if extra:
            getattr(reveal, "set_" + extra[0])(extra[1])
    pump(2)
    try:
        Window.size = (800, 480)
        settle()
        assert row(0).status == "Chasseur de fantômes · devenu Loup-Garou"
        check(reveal, [row(i) for i in range(4)])
        from kivy.core.text import Label as CoreLabel

        from onenight.ui.widgets.common import CardTile
        for tile in [w for w in find(reveal, "cards").walk() if isinstance(w, CardTile)]:
            name = tile.ids.name
            for word in tile.label.split():  # no word is broken in two ('Loup-Garo / u')
                core = CoreLabel(text=word, font_size=name.font_size, font_name=name.font_name)
                assert core.get_extents(word)[0] <= name.width, tile.label
        tap(find(reveal, "confirm"))
        pump(2)
        result = screen(app)
        assert result.name == "result"
        rows = [w for w in result.walk() if isinstance(w, SeatRow)]
        check(result, rows)
    finally:
        Window.size = (1280, 800)
        pump(3)
    back_home(app)


def test_the_vote_circle_names_are_readable_on_the_small_screen(app):
    """The circle draws its names in Python: at 800x480 they follow the app's small-text
    scale (never below 0.75) rather than the layout's 0.6."""
    from kivy.core.window import Window
    from kivy.uix.label import Label

    back_home(app)
    circle = app.sm.get_screen("result").ids.circle
    names = ["Alice", "Bruno", "Chloé", "David", "Emma"]
    try:
        Window.size = (800, 480)
        settle()
        circle.names, circle.votes, circle.counts = names, None, None
        circle._draw()
        shown_names = [w for w in circle.children if isinstance(w, Label) and w.text in names]
        assert len(shown_names) == len(names)
        assert all(w.font_size >= 0.75 * 24 for w in shown_names)
    finally:
        Window.size = (1280, 800)
        settle()
