"""Whole games of Thiercelieux tapped through in the real window, from the home screen to the
end and its story; each saved record replays to the same outcome with ``onenight classic
replay`` run as a process. Languages and sizes are spread across the games."""

from dataclasses import replace

from onenight.ui.driving import find, settle, tap, texts
from onenight.ui.widgets.vote_circle import VoteCircle

from .classic_play import home_after  # noqa: F401 (the shared app left as found)
from .classic_play import (cards_of, day_to_vote, secrets_shown, deal_by_tablet, debate_to_vote, go_on,
                           living, night_until, play_to_end, replays_to_the_same_outcome,
                           screen, seats_holding, shown, start_classic, tap_seat_twice,
                           vote_all)

def votes_drawn(end) -> list:
    """The story's vote circles, top down: the names, the ballots, the counts, the greyed."""
    return [(list(c.names), list(c.votes), list(c.counts), list(c.greyed))
            for c in reversed(end.ids.story.children) if isinstance(c, VoteCircle)]


def votes_told(view) -> list:
    """What the story's votes must draw: each ``ballots`` event of the end view."""
    names = [s.name for s in view.seats]
    return [(names, list(ev.value["ballots"]), list(ev.value["counts"]),
             [i for i, b in enumerate(ev.value["ballots"]) if b is None])
            for chapter in view.story for ev in chapter.events if ev.kind == "ballots"]


EIGHT = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def test_first_game_with_eight_players_to_the_villages_win(app):
    """French, 1280x800: the first-game preset, the tablet deals, the seer finds both
    werewolves, the village elects her captain and votes them out, one by fingers."""
    start_classic(app, EIGHT, "first_game")
    seen = deal_by_tablet(app)
    assert [seen[i] for i in range(8)] == [app.translator.classic_card(c)
                                           for c in cards_of(app)]
    wolves = seats_holding(app, "werewolf")
    seer = seats_holding(app, "seer")[0]
    villagers = seats_holding(app, "villager")

    night_until(app, "seer")
    assert screen(app).name == "classic_night" and "Voyante" in shown(app)
    tap_seat_twice(app, wolves[0])
    learned = secrets_shown(app)
    assert EIGHT[wolves[0]] in learned and "Loup-Garou" in learned
    night_until(app, "werewolves")
    assert learned not in shown(app)  # what the seer saw is gone with her call
    tap_seat_twice(app, villagers[0])
    night_until(app)

    day_to_vote(app)
    assert app.tr("classic.dawn.died", name=EIGHT[villagers[0]],
                  card_name="Simple Villageois") in shown(app)
    go_on(app)
    assert app.classic.phase == "election"
    vote_all(app, lambda s: seer if s != seer else wolves[0])
    assert f"{EIGHT[seer]} est élu Capitaine." in shown(app)
    tap(find(screen(app), "action"))
    debate_to_vote(app, "tablet")
    vote_all(app, lambda s: wolves[0] if s != wolves[0] else seer)
    assert app.tr("classic.vote.eliminated", name=EIGHT[wolves[0]],
                  card_name="Loup-Garou") in shown(app)
    tap(find(screen(app), "action"))

    night_until(app, "seer")
    tap_seat_twice(app, wolves[1])
    night_until(app, "werewolves")
    tap_seat_twice(app, villagers[1])
    night_until(app)
    day_to_vote(app)
    go_on(app)
    debate_to_vote(app, "fingers")
    vote_all(app, lambda s: wolves[1] if s != wolves[1] else seer)
    tap(find(screen(app), "action"))

    s = screen(app)
    assert s.name == "classic_end"
    assert app.tr("classic.verdict.no_werewolf_left") in shown(app)
    tap(find(s, "tab"))
    story = shown(app)
    assert "Nuit 1" in story and "Jour 2" in story
    assert app.tr("classic.story.chose.seer", actors=EIGHT[seer], targets=EIGHT[wolves[1]],
                  card_name="Loup-Garou") in story
    outcome = replays_to_the_same_outcome(app)
    assert outcome["winning_side"] == "village" and outcome["reason"] == "no_werewolf_left"

    # the history lists it and reopens it to its end and its story
    app.go("home")
    tap(find(screen(app), "history"))
    h = screen(app)
    row = list(reversed(find(h, "rows").children))[0]
    assert "Thiercelieux" in row.title and app.tr("classic.side.village") in row.detail
    tap(row)
    tap(find(h, "open_verdict"))
    end = screen(app)
    assert end.name == "classic_end" and end.from_history
    assert app.tr("classic.verdict.no_werewolf_left") in shown(app)
    # each vote of the story drawn round the table, shown again with the circles kept
    view = end._view
    assert len(votes_told(view)) >= 2 and votes_drawn(end) == votes_told(view)
    # ... and its seats' buttons and story's lines are the ones made before, set again
    seats, story = list(end.ids.seats.children), list(end.ids.story.children)
    seat_texts, story_texts = texts(end.ids.seats), [w.text for w in story if hasattr(w, "text")]
    assert len(seats) == 8 and len(story_texts) > 10
    fewer = replace(view, story=view.story[:-1])
    end.show_view(fewer)
    assert votes_drawn(end) == votes_told(fewer) and len(votes_told(fewer)) < len(votes_told(view))
    assert list(end.ids.seats.children) == seats and set(end.ids.story.children) < set(story)
    shorter = [w.text for w in end.ids.story.children if hasattr(w, "text")]
    assert shorter == story_texts[len(story_texts) - len(shorter):]  # (its last chapter gone)
    end.show_view(view)
    assert votes_drawn(end) == votes_told(view)
    assert list(end.ids.seats.children) == seats and list(end.ids.story.children) == story
    assert texts(end.ids.seats) == seat_texts
    assert [w.text for w in end.ids.story.children if hasattr(w, "text")] == story_texts
    tap(find(end, "home"))
    assert screen(app).name == "history"


TWELVE = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès",
          "Jules", "Karim", "Léa"]


def test_best_of_with_twelve_players_to_the_werewolves_win(app):
    """English, 800x480: Best Of for twelve, the tablet deals; every night the pack devours a
    villager, the village votes out its own, by fingers, until only werewolves are left."""
    from kivy.core.window import Window

    app.set_language("en")
    Window.size = (800, 480)
    try:
        start_classic(app, TWELVE, "best_of")
        deal_by_tablet(app)
        cards = cards_of(app)
        ctl = app.classic
        wolfish = {"werewolf", "accursed_wolf_father"}
        wolves = [i for i, c in enumerate(cards) if c in wolfish]

        def village():
            return [i for i in living(app) if i not in wolves]

        def night(app, w):
            if w.step == "cupid":
                return ("seats", village()[-2:])
            if w.step in ("werewolves", "seer", "fox"):
                return ("seat", village()[0])
            if w.step == "witch":
                return ("potions", False, None)
            return ("nothing",) if not w.stop.required else None

        def vote(app, voter):
            return next(t for t in village() + living(app) if t != voter)

        def chain(app, stop):
            if stop.step == "captain_pick":  # the captain settles a tie among the tied
                return next(t for t in village() + living(app) if t in stop.among)
            return next(t for t in village() + living(app) if t not in stop.among)

        play_to_end(app, night, vote, chain, vote_mode="fingers")
        assert ctl.game.verdict.side == "werewolves"
        assert app.tr("classic.verdict.only_werewolves_left") in shown(app)
        assert "The werewolves" in shown(app)
        outcome = replays_to_the_same_outcome(app)
        assert outcome["winning_side"] == "werewolves"
    finally:
        Window.size = (1280, 800)


def test_the_table_s_own_cards_entered_in_private_then_played(app):
    """French, 1280x800, the table's own cards: each player in turn takes the tablet, taps
    the card in front of them twice; a mistake (two seers entered) is refused without saying
    whose card is wrong, and everyone enters theirs again; the seer then sees the card that
    was entered, and the game plays to its end and replays to the same outcome."""
    start_classic(app, EIGHT, "first_game", deal="cards")
    deck = list(app.classic.state.deck)
    assert len(deck) == 8
    table = sorted(deck, key=lambda c: (c != "werewolf", c))  # the cards as they lie
    table = table[2:5] + table[:2] + table[5:]  # two werewolves at seats 3 and 4
    wrong = list(table)
    wrong[table.index("villager")] = "seer"
    from .classic_play import deal_by_own_cards

    deal_by_own_cards(app, wrong)
    assert screen(app).name == "classic_deal"
    assert app.tr("refused.deal_mismatch") in app.message
    assert all(EIGHT[i] not in app.message for i in range(8))
    deal = find(screen(app), "deal")
    assert list(deal.done) == [False] * 8  # everyone again
    assert find(screen(app), "night").disabled
    deal_by_own_cards(app, table)
    assert screen(app).name == "classic_night"
    assert cards_of(app) == table

    seer = table.index("seer")
    wolves = [i for i, c in enumerate(table) if c == "werewolf"]
    night_until(app, "seer")
    tap_seat_twice(app, wolves[0])
    learned = secrets_shown(app)
    assert EIGHT[wolves[0]] in learned and "Loup-Garou" in learned
    village = [i for i in range(8) if i not in wolves]

    def night(app, w):
        if w.step == "werewolves":
            return ("seat", next(i for i in village if i in living(app) and i != seer))
        if w.step == "seer":
            return ("seat", wolves[0] if wolves[0] in living(app) else wolves[1])
        return None

    def vote(app, voter):
        target = next(w for w in wolves if w in living(app))
        return target if voter != target else seer

    def chain(app, stop):
        if stop.step == "captain_pick":  # the captain settles a tie among the tied
            return next(t for t in wolves + living(app) if t in stop.among)
        return next(t for t in living(app) if t not in stop.among)

    play_to_end(app, night, vote, chain)
    outcome = replays_to_the_same_outcome(app)
    assert outcome["winning_side"] == app.classic.game.verdict.side


def _tie_or_shot(among_first):
    """A decision of the day's chain: the captain settles a tie (among the tied, the first of
    ``among_first()`` that is), anyone else names the first living player they may."""
    def chain(app, stop):
        if stop.step == "captain_pick":
            return next(t for t in among_first(app) + living(app) if t in stop.among)
        return next(t for t in among_first(app) + living(app) if t not in stop.among)
    return chain


def test_lovers_of_both_sides_win_together(app):
    """English, 1280x800, a deck of one's own: cupid makes a werewolf and a villager lovers;
    the pack devours the others by night, the village votes out the rest by day, until the
    two lovers alone are left: they win, the story tells cupid's arrows, and the record
    replays to the same outcome."""
    app.set_language("en")
    start_classic(app, EIGHT, "", cards=["werewolf", "werewolf", "cupid", "seer", "villager",
                                         "villager", "villager", "villager"])
    deal_by_tablet(app)
    cards = cards_of(app)
    wolves = seats_holding(app, "werewolf")
    lovers = [wolves[0], seats_holding(app, "villager")[0]]

    def others(app):  # everyone still to go: the other werewolf first
        return [i for i in [wolves[1]] + living(app) if i in living(app) and i not in lovers]

    def night(app, w):
        if w.step == "cupid":
            return ("seats", lovers)
        if w.step == "werewolves":
            return ("seat", next(i for i in others(app) if cards[i] != "werewolf"))
        if w.step == "seer":
            return ("seat", lovers[1])
        return None

    def vote(app, voter):
        return next(t for t in others(app) + lovers if t != voter)

    play_to_end(app, night, vote, _tie_or_shot(others))
    verdict = app.classic.game.verdict
    assert verdict.reason == "lovers_alone" and sorted(verdict.winners) == sorted(lovers)
    end = screen(app)
    assert end.side == app.tr("classic.side.lovers")
    assert all(EIGHT[i] in end.verdict for i in lovers) and "win together" in end.verdict
    tap(find(screen(app), "tab"))
    arrows = [line for line in shown(app).split("\n") if "shoots the arrows" in line]
    cupid = seats_holding(app, "cupid")[0]
    assert len(arrows) == 1 and arrows[0].startswith(EIGHT[cupid])
    assert all(EIGHT[i] in arrows[0] for i in lovers)
    outcome = replays_to_the_same_outcome(app)
    assert outcome["winning_side"] == "lovers" and outcome["reason"] == "lovers_alone"


def test_the_angel_voted_out_on_the_first_day_wins_alone(app):
    """French, 800x480: with the angel the game opens with a day; the village votes him out
    at once, by fingers, and he wins alone before any night; the record replays to it."""
    from kivy.core.window import Window

    Window.size = (800, 480)
    try:
        start_classic(app, EIGHT, "", cards=["angel", "werewolf", "werewolf", "seer",
                                             "villager", "villager", "villager", "villager"])
        deal_by_tablet(app)
        angel = seats_holding(app, "angel")[0]
        assert app.classic.phase in ("debate", "election"), app.classic.phase

        def night(app, w):
            raise AssertionError("no night: the angel wins on the first day")

        def vote(app, voter):
            return angel if voter != angel else next(i for i in living(app) if i != angel)

        play_to_end(app, night, vote, _tie_or_shot(lambda app: [angel]),
                    vote_mode="fingers")
        verdict = app.classic.game.verdict
        assert verdict.reason == "angel_first_round" and verdict.winners == (angel,)
        end = screen(app)
        assert end.side == app.tr("classic.side.angel") and EIGHT[angel] in end.verdict
        outcome = replays_to_the_same_outcome(app)
        assert outcome["winning_side"] == "angel" and outcome["reason"] == "angel_first_round"
    finally:
        Window.size = (1280, 800)


def test_the_pied_piper_charms_everyone_left_after_a_lover_s_grief(app):
    """French, 1280x800: cupid makes two villagers lovers; the village votes one of them out
    and the other dies of grief at once; the pied piper charms two players a night until
    every living player is charmed, and wins alone; the record replays to it."""
    start_classic(app, EIGHT, "", cards=["pied_piper", "cupid", "werewolf", "werewolf",
                                         "seer", "villager", "villager", "villager"])
    deal_by_tablet(app)
    cards = cards_of(app)
    piper = seats_holding(app, "pied_piper")[0]
    lovers = seats_holding(app, "villager")[:2]
    ctl = app.classic

    def uncharmed(app):
        return [i for i in living(app) if i != piper and i not in ctl.game.charmed]

    def night(app, w):
        if w.step == "cupid":
            return ("seats", lovers)
        if w.step == "pied_piper":
            return ("seats", (uncharmed(app) + living(app))[:2]) if len(uncharmed(app)) > 1 \
                else ("seat", uncharmed(app)[0])
        if w.step == "werewolves":  # never the piper: nobody, when he alone is left
            prey = [i for i in uncharmed(app) + living(app)
                    if i != piper and cards[i] != "werewolf"]
            return ("seat", prey[0]) if prey else ("nothing",)
        if w.step == "seer":
            return ("seat", piper)
        return None

    def first(app):  # whom the village sends away: a lover first, then who is not charmed
        return [i for i in lovers + uncharmed(app) if i in living(app) and i != piper]

    def vote(app, voter):
        return next(t for t in first(app) + living(app) if t != voter)

    play_to_end(app, night, vote, _tie_or_shot(first))
    verdict = ctl.game.verdict
    assert verdict.reason == "all_charmed" and verdict.winners == (piper,)
    end = screen(app)
    assert end.side == app.tr("classic.side.pied_piper") and EIGHT[piper] in end.verdict
    grief = [d for d in ctl.game.deaths if d.cause == "grief"]
    assert [d.seat for d in grief] and grief[0].seat in lovers
    tap(find(screen(app), "tab"))
    assert app.tr("classic.cause.grief") in shown(app)  # the story tells the grief
    outcome = replays_to_the_same_outcome(app)
    assert outcome["winning_side"] == "pied_piper" and outcome["reason"] == "all_charmed"


def test_a_game_abandoned_in_its_first_night_leaves_nothing_to_the_next_ones_night(app):
    """A first night left for the home screen, its game abandoned: the next game's first
    night is called from its own deck (not the abandoned game's, whose night was number 1
    too)."""
    from onenight.ui import demo

    from .classic_play import night_act

    jitter = app.settings.jitter_seconds
    demo.setup(app, "classic-night")  # eight players, the first game's deck, its night begun
    app.settings.jitter_seconds = jitter
    settle()
    app.send({"type": "abandon"}, app.classic)
    app.go("home")
    settle()
    ctl = app.classic
    seats = "seer werewolf witch villager hunter cupid werewolf villager".split()
    for event in ({"type": "custom", "cards": seats},
                  {"type": "deal", "mode": "tablet", "seats": seats, "left_over": []},
                  *({"type": "seen", "seat": s} for s in range(8)), {"type": "deal_done"}):
        assert app.send(event, ctl), (event, app.message)
    app.go("classic_night")
    settle()
    night_until(app, "cupid")
    night_act(app, ("seats", [3, 7]))
    night_until(app, "seer")  # the abandoned night's plan would have ended this one
    assert ctl.state.window.step == "seer"
