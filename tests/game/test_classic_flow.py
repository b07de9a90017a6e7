"""The classic game's table flow, phase by phase, driven by events (pure and fast)."""

import pytest

from onenight.classic.record import replay
from onenight.classic.roles.table_cards import notes
from onenight.game.classic_flow import Refused

from .classic_helpers import NAMES, Bot, controller, deal, set_up, start, to_the_morning

EIGHT = "seer werewolf witch villager hunter cupid werewolf villager"


def refused(c, event) -> str:
    with pytest.raises(Refused) as r:
        c.apply(event)
    return r.value.code


def end_call(c):
    c.apply({"type": "step_end", "step": c.state.window.step})


def to_step(c, step):
    """Close calls until ``step`` is open (nothing chosen on the way)."""
    while c.state.window is None or c.state.window.step != step:
        assert c.phase == "night", c.phase
        end_call(c)


# ---- setup --------------------------------------------------------------------------------

def test_names_six_to_eighteen_and_a_warning_under_eight(tmp_path):
    c = controller(tmp_path)
    assert refused(c, {"type": "players", "names": NAMES[:5]}) == "players_count"
    assert refused(c, {"type": "players", "names": NAMES + ["Sam"]}) == "players_count"
    c.apply({"type": "players", "names": NAMES[:7]})
    c.apply({"type": "preset", "id": "first_game"})
    v = c.setup_view()
    assert v.ready and [w.code for w in v.check.warnings] == ["few_players"]
    c.apply({"type": "players", "names": NAMES[:12]})  # the preset's deck follows the count
    assert c.setup_view().deck.count("werewolf") == 3 and c.setup_view().check.warnings == ()
    assert set(c.setup_view().presets) == {"first_game", "base_game", "best_of"}


def test_presets_and_a_custom_deck_checked_live(tmp_path):
    c = controller(tmp_path)
    c.apply({"type": "players", "names": NAMES[:6]})
    assert refused(c, {"type": "preset", "id": "base_game"}) == "preset_players"
    assert refused(c, {"type": "preset", "id": "nope"}) == "preset_unknown"
    live = c.check_custom(["seer", "villager", "villager", "villager", "villager", "villager"])
    assert [p.code for p in live.problems] == ["no_werewolf"]
    assert c.check_custom(["werewolf", "seer", "sister", "villager", "villager",
                           "villager"]).problems[0].code == "pair"
    assert refused(c, {"type": "custom", "cards": "seer seer werewolf villager villager "
                       "villager".split()}) == "classic_deck_once"
    c.apply({"type": "custom", "cards": "werewolf seer sister sister villager angel".split()})
    assert c.setup_view().preset == "custom" and c.setup_view().ready


def test_options_are_checked_and_kept(tmp_path):
    c = controller(tmp_path)
    c.apply({"type": "options", "captain": "never", "sisters_wake_again": True,
             "debate_minutes": 4, "debate_shrinks": True, "pace": 150, "vote_mode": "fingers"})
    o = c.setup_view().options
    assert (o.captain, o.sisters_wake_again, o.debate_minutes, o.debate_shrinks, o.pace,
            o.vote_mode) == ("never", True, 4, True, 150, "fingers")
    assert refused(c, {"type": "options", "captain": "sometimes"}) == "option_captain"
    assert refused(c, {"type": "options", "pace": 10}) == "option_pace"
    assert refused(c, {"type": "options", "debate_minutes": 0}) == "day_length"
    assert refused(c, {"type": "options", "debate_shrinks": "yes"}) == "option_format"
    assert [o.debate_for(d) for d in (0, 1, 2, 3, 4, 9)] == [4, 4, 3, 2, 2, 2]


def test_the_deal_needs_players_and_a_playable_deck(tmp_path):
    c = controller(tmp_path)
    assert refused(c, {"type": "deal"}) == "players_first"
    c.apply({"type": "players", "names": NAMES[:8]})
    assert refused(c, {"type": "deal"}) == "deck_first"
    c.apply({"type": "preset", "id": "first_game"})
    assert refused(c, {"type": "deal", "mode": "cartes"}) == "deal_mode"


# ---- the deal ----------------------------------------------------------------------------

def test_the_tablet_deals_at_random_and_each_seat_sees_only_its_own_card(tmp_path):
    c = controller(tmp_path, seed=7)
    set_up(c, 8, preset="first_game")
    done = c.apply({"type": "deal", "mode": "tablet"})
    assert sorted(done["seats"]) == sorted(c.state.deck) and done["left_over"] == []
    assert c.phase == "deal" and c.deal_view().done == (False,) * 8
    card = c.card_view(3)
    assert card.card.card == done["seats"][3] and card.name == "Dee"
    assert card.card.reminder == f"classic.reminder.{card.card.card}"
    assert card.card.names["fr"] and card.card.names["en"] and card.card.emblem == card.card.card
    assert refused(c, {"type": "deal_done"}) == "deal_unseen"
    for seat in range(8):
        c.apply({"type": "seen", "seat": seat})
    assert c.deal_view().ready
    assert refused(c, {"type": "card", "seat": 0, "card": "seer"}) == "deal_mode_tablet"
    c.apply({"type": "deal_done"})
    assert c.phase == "night" and c.game.dealt == tuple(done["seats"])
    with pytest.raises(ValueError):
        c.card_view(0)  # the deal is over: a card is no more shown


def test_the_same_seed_deals_the_same_and_a_logged_deal_is_kept(tmp_path):
    def dealt(seed):
        c = controller(tmp_path / str(seed), seed=seed)
        set_up(c, 10, preset="best_of")
        return c.apply({"type": "deal"})["seats"]

    assert dealt(3) == dealt(3) != dealt(4)
    c = controller(tmp_path / "x", seed=99)
    set_up(c, 10, preset="best_of")
    mine = dealt(3)
    assert c.apply({"type": "deal", "seats": mine, "left_over": []})["seats"] == mine
    c2 = controller(tmp_path / "y", seed=99)
    set_up(c2, 10, preset="best_of")
    wrong = c2.apply({"type": "deal", "seats": ["seer"] * 10, "left_over": []})["seats"]
    assert sorted(wrong) == sorted(c2.state.deck)  # not the deck's: dealt again


def test_the_table_s_own_cards_are_entered_in_private_and_checked_at_the_end(tmp_path):
    c = controller(tmp_path)
    cards = "thief werewolf seer villager villager villager villager villager"
    set_up(c, 8, cards.split() + ["werewolf", "cupid"])
    c.apply({"type": "deal", "mode": "cards"})
    v = c.deal_view()
    assert v.mode == "cards" and set(v.choices) == {"thief", "werewolf", "seer", "villager",
                                                     "cupid"}
    assert refused(c, {"type": "seen", "seat": 0}) == "deal_mode_cards"
    with pytest.raises(ValueError):
        c.card_view(0)  # the app shows nobody a card it did not deal
    assert refused(c, {"type": "card", "seat": 0, "card": "witch"}) == "card_not_in_deck"
    for seat, card in enumerate(["seer"] + cards.split()[1:]):  # two seers: a mistake
        c.apply({"type": "card", "seat": seat, "card": card})
    assert c.deal_view().done == (True,) * 8
    with pytest.raises(Refused) as r:
        c.apply({"type": "deal_done"})
    assert r.value.code == "deal_mismatch" and r.value.facts == {}  # whose card: not said
    c.apply({"type": "card", "seat": 0, "card": "thief"})
    c.apply({"type": "deal_done"})
    assert c.game.dealt == tuple(cards.split()) and c.game.undealt == ("cupid", "werewolf")


# ---- the night ---------------------------------------------------------------------------

def test_the_night_is_tonight_s_calls_each_closed_by_the_narrator(tmp_path):
    c = start(tmp_path, EIGHT, captain="never")
    assert c.phase == "night" and c.state.calls == ("dusk", "cupid", "lovers", "seer",
                                                    "werewolves", "witch")
    seen = []
    while c.phase == "night":
        seen.append(c.night_view().step)
        if c.state.window.step == "cupid":
            c.apply({"type": "choose", "targets": [3, 7]})
        end_call(c)
    assert seen == list(c.state.calls) and c.phase == "dawn"


def test_the_lovers_are_shown_both_their_names(tmp_path):
    """The lovers' call names the two lovers (cupid's, and the Québec couple's)."""
    c = start(tmp_path, EIGHT, captain="never")
    to_step(c, "cupid")
    c.apply({"type": "choose", "step": "cupid", "targets": [3, 7]})
    to_step(c, "lovers")
    (lover,) = c.night_view().learned
    assert (lover.text.key, lover.text.facts["names"]) == ("classic.learn.lover", ["Dee", "Hal"])


def test_a_choice_is_played_at_once_and_shown_during_its_call_only(tmp_path):
    c = start(tmp_path, EIGHT, captain="never")
    to_step(c, "seer")
    assert c.night_view().learned == ()
    c.apply({"type": "choose", "step": "seer", "target": 1})
    v = c.night_view()
    assert v.step == "seer" and v.chosen  # the call goes on to its end
    assert [(x.kind, x.cards, x.seats) for x in v.learned] == [("saw", ("werewolf",), (1,))]
    assert v.learned[0].text.key == "classic.learn.saw"
    assert v.learned[0].text.facts["name"] == "Bob"
    assert refused(c, {"type": "choose", "step": "seer", "target": 2}) == "step_chosen"
    end_call(c)
    assert c.night_view().step == "werewolves" and c.night_view().learned[0].kind == "pack"
    assert refused(c, {"type": "step_end", "step": "seer"}) == "step_over"


def test_the_rules_refuse_a_wrong_choice_and_nothing_changes(tmp_path):
    c = start(tmp_path, EIGHT, captain="never")
    to_step(c, "werewolves")
    before = c.game
    with pytest.raises(Refused) as r:
        c.apply({"type": "choose", "target": 6})  # a fellow werewolf
    assert r.value.code == "choice_illegal" and r.value.facts["step"] == "werewolves"
    assert c.game is before and not c.state.window.chosen
    assert refused(c, {"type": "choose", "target": 42}) == "target_unknown"
    assert refused(c, {"type": "choose", "target": "3"}) == "target_unknown"
    assert refused(c, {"type": "choose", "victim": 3}) == "choice_format"  # a target, or null


def test_a_required_choice_not_made_in_time_is_drawn_and_written_down(tmp_path):
    c = start(tmp_path, EIGHT, captain="never", seed=5)
    to_step(c, "cupid")
    done = c.apply({"type": "step_end", "step": "cupid"})
    lovers = done["drawn"]["targets"]
    assert c.game.lovers == tuple(sorted(lovers)) and len(set(lovers)) == 2
    # replayed with the same event, the same lovers (the event carries the draw)
    c2 = start(tmp_path / "again", EIGHT, captain="never", seed=123)
    to_step(c2, "cupid")
    c2.apply(done)
    assert c2.game.lovers == c.game.lovers


def test_a_call_with_nobody_there_looks_and_lasts_like_any_other(tmp_path):
    """The seer's card lies among the thief's two: the seer is called all the same."""
    seats = "thief werewolf witch villager hunter cupid werewolf villager"
    c = start(tmp_path, seats, "seer villager", captain="never")
    assert "seer" in c.state.calls
    to_step(c, "seer")
    ghost = c.night_view()
    assert c.state.window.stop is None and c.game.stop.step != "seer"
    assert (ghost.kind, ghost.most, ghost.targets, ghost.learned) == ("seat", 1, tuple(range(8)),
                                                                      ())
    c.apply({"type": "choose", "target": 3})  # taken, and does nothing
    assert c.night_view().chosen and c.awake_seats() == ()
    assert refused(c, {"type": "pick", "seat": 0, "target": 3}) == "pick_not_yours"
    end_call(c)
    assert c.night_view().step == "werewolves"


def test_a_spent_power_is_called_for_show_and_takes_a_choice_that_does_nothing(tmp_path):
    c = start(tmp_path, EIGHT, captain="never")
    to_step(c, "cupid")
    c.apply({"type": "choose", "targets": [3, 7]})
    to_step(c, "werewolves")
    c.apply({"type": "choose", "target": 4})
    to_step(c, "witch")
    c.apply({"type": "choose", "heal": True, "poison": 0})  # both potions, night 1
    end_call(c)
    while c.phase != "night" or c.state.window.step != "witch":
        Bot(c, votes={1: {1: 7, 2: 7, 3: 1, 4: 7, 5: 7, 6: 7, 7: 1}}).step()
    assert c.state.window.stop.for_show
    v = c.night_view()
    assert (v.kind, v.targets) == ("potions", c.game.living()) and v.learned == ()
    c.apply({"type": "choose", "heal": True, "poison": 4})
    end_call(c)
    assert 4 in c.game.living()


def test_the_pack_s_pads_agree_on_a_victim_or_kill_nobody(tmp_path):
    for picks, victim in (({1: 4, 6: 4}, 4), ({1: 4, 6: 3}, None), ({1: 4}, 4)):
        c = start(tmp_path / str(len(picks)) / str(victim), EIGHT, captain="never")
        to_step(c, "werewolves")
        assert c.awake_seats() == (1, 6)
        for seat, target in picks.items():
            c.apply({"type": "pick", "seat": seat, "target": target})
        assert refused(c, {"type": "pick", "seat": 0, "target": 4}) == "pick_not_yours"
        end_call(c)
        assert c.game.tonight.get("victim") == victim


def test_a_lone_pad_s_pick_is_played_at_once(tmp_path):
    c = start(tmp_path, EIGHT, captain="never")
    to_step(c, "cupid")  # two seats: on the tablet only
    assert refused(c, {"type": "pick", "seat": 5, "target": 1}) == "pick_kind"
    to_step(c, "seer")
    assert c.awake_seats() == (0,)
    c.apply({"type": "pick", "seat": 0, "target": 6})
    assert c.night_view().learned[0].cards == ("werewolf",) and c.awake_seats() == ()
    assert refused(c, {"type": "pick", "seat": 0, "target": 1}) == "step_chosen"


def witch_with_pad(tmp_path, *dialled):
    """Night 1: the pack kills seat 4; the witch (seat 2) dials ``dialled`` on her pad."""
    c = start(tmp_path, EIGHT, captain="never")
    to_step(c, "werewolves")
    c.apply({"type": "choose", "target": 4})
    to_step(c, "witch")
    for target in dialled:
        c.apply({"type": "pick", "seat": 2, "target": target})
    assert not c.night_view().chosen  # played when the call ends: she may dial again
    end_call(c)
    return c


@pytest.mark.parametrize("dialled, healed, poisoned", [
    ((4,), True, None),  # the victim's seat: the healing potion
    ((7,), False, 7),  # another seat: the poison
    ((4, 7), True, 7),  # both, one after the other
    ((7, 6), False, 6),  # the last seat dialled is poisoned
    ((7, 2), False, None),  # her own seat takes the poison back
    ((), False, None),
])
def test_the_witch_s_pad_heals_the_victim_and_poisons_another(tmp_path, dialled, healed,
                                                              poisoned):
    c = witch_with_pad(tmp_path, *dialled)
    assert (c.game.tonight.get("healed") == 4) is healed
    assert c.game.tonight.get("poison") == poisoned


@pytest.mark.parametrize("dialled", [3, 4])
def test_the_witch_s_pad_heals_the_victim_she_dials_among_two(tmp_path, dialled):
    """Cassandra shot seat 3 and the pack took seat 4: the seat she dials is the one saved,
    and the record names it."""
    c = start(tmp_path, "seer werewolf witch villager villager cassandra werewolf villager",
              captain="never")
    to_step(c, "werewolves")
    c.apply({"type": "choose", "target": 4})
    to_step(c, "cassandra")
    c.apply({"type": "choose", "target": 3})
    to_step(c, "witch")
    c.apply({"type": "pick", "seat": 2, "target": dialled})
    end_call(c)
    assert c.game.tonight.get("healed") == dialled
    assert ("night 1", "witch", {"heal": dialled, "poison": None}) in c.game.record


@pytest.mark.parametrize("answer", [True, False])
def test_the_infection_is_a_yes_or_a_no_on_the_pad(tmp_path, answer):
    seats = "seer werewolf witch villager hunter accursed_wolf_father werewolf villager"
    c = start(tmp_path, seats, captain="never")
    to_step(c, "werewolves")
    c.apply({"type": "choose", "target": 3})
    to_step(c, "accursed_wolf_father")
    assert refused(c, {"type": "pick", "seat": 5, "yes": "1"}) == "choice_format"
    c.apply({"type": "pick", "seat": 5, "yes": answer})
    assert c.night_view().chosen  # played at once, as a tap
    assert bool(c.game.tonight.get("infected")) is answer


def test_a_pad_press_by_a_sleeping_or_dead_player_is_refused(tmp_path):
    c = start(tmp_path, EIGHT, captain="never")
    to_step(c, "seer")
    assert refused(c, {"type": "pick", "seat": 1, "target": 6}) == "pick_not_yours"
    assert not c.night_view().chosen
    to_step(c, "werewolves")
    c.apply({"type": "choose", "target": 0})  # the seer
    bot = Bot(c, night={"witch": {"heal": False, "poison": None}})
    for _ in range(200):
        if c.phase == "night" and c.state.window.night == 2 \
                and c.state.window.step == "werewolves":
            break
        bot.step()
    # night 2: the dead seer is no longer called; her pad is refused at any call
    assert not c.game.alive(0) and "seer" not in c.state.calls
    assert refused(c, {"type": "pick", "seat": 0, "target": 6}) == "pick_not_yours"


# ---- the day -----------------------------------------------------------------------------

def night_one(c, victim=4, lovers=(3, 7), heal=False):
    to_step(c, "cupid")
    c.apply({"type": "choose", "targets": list(lovers)})
    to_step(c, "werewolves")
    c.apply({"type": "choose", "target": victim})
    to_step(c, "witch")
    if heal:
        c.apply({"type": "choose", "heal": True})
    while c.phase == "night":
        end_call(c)


def test_the_dawn_shows_the_dead_one_by_one_then_the_hunter_shoots(tmp_path):
    c = start(tmp_path, EIGHT, captain="never")
    night_one(c, victim=4)
    assert c.phase == "dawn" and not c.dawn_view().announced
    c.apply({"type": "go"})
    v = c.dawn_view()
    assert v.announced and [(d.seat, d.card.card, d.cause) for d in v.dead] == [
        (4, "hunter", "night")]
    assert c.phase == "dawn"  # held until the host goes on
    c.apply({"type": "go"})
    assert c.phase == "chain" and c.chain_view().step == "hunter" and c.chain_view().seat == 4
    assert c.awake_seats() == (4,)
    c.apply({"type": "pick", "seat": 4, "target": 3})  # the hunter's pad: a lover
    assert c.phase == "dawn"
    assert [(d.seat, d.cause, d.by) for d in c.dawn_view().dead] == [
        (4, "night", None), (3, "hunter", 4), (7, "grief", 3)]
    c.apply({"type": "go"})
    assert c.phase == "debate"


def test_nobody_dies_and_the_bear_growls(tmp_path):
    seats = "seer werewolf witch bear_tamer hunter cupid villager villager"
    c = start(tmp_path, seats, captain="never")
    night_one(c, victim=4, heal=True)
    c.apply({"type": "go"})
    v = c.dawn_view()
    assert v.dead == () and not v.growl
    c.apply({"type": "go"})
    assert c.phase == "dawn" and c.game.stop.step == "bear"
    c.apply({"type": "go"})
    assert c.phase == "debate"
    seats = "seer villager witch bear_tamer werewolf cupid villager villager"
    c = start(tmp_path / "growl", seats, captain="never")
    night_one(c, victim=1, heal=True)
    c.apply({"type": "go"})
    c.apply({"type": "go"})
    assert c.dawn_view().growl


def test_the_captain_s_election_secret_until_all_in_then_revote_then_lots(tmp_path):
    c = start(tmp_path, EIGHT, captain="first_morning", seed=2)
    night_one(c, victim=3)
    c.apply({"type": "go"})
    c.apply({"type": "go"})
    assert c.phase == "election" and c.ballots_view().round == "captain_votes"
    living = c.game.living()
    for seat in living[:-1]:
        c.apply({"type": "vote", "seat": seat, "target": seat})  # each for themselves
    v = c.ballots_view()
    assert not v.revealed and v.ballots is None and v.counts is None
    assert v.is_in == tuple(s in living[:-1] for s in range(8))
    assert refused(c, {"type": "vote", "seat": 3, "target": 0}) == "dead_no_vote"
    assert refused(c, {"type": "count"}) == "votes_missing"
    c.apply({"type": "vote", "seat": living[-1], "target": 0})
    v = c.ballots_view()
    assert v.revealed and v.counts[0] == 2 and v.double is None
    c.apply({"type": "count"})
    assert c.phase == "election" and c.ballots_view().result.kind == "elected"
    assert c.game.captain == 0
    c.apply({"type": "go"})
    assert c.phase == "debate"

    c = start(tmp_path / "tie", EIGHT, captain="first_morning", seed=2)
    night_one(c, victim=3)
    c.apply({"type": "go"})
    c.apply({"type": "go"})
    for i, seat in enumerate(c.game.living()):
        c.apply({"type": "vote", "seat": seat, "target": 0 if i % 2 else 1})
    c.apply({"type": "count"})
    assert c.ballots_view().result.seats == (0, 1)
    c.apply({"type": "go"})
    assert c.ballots_view().round == "captain_revote" and c.ballots_view().targets == (0, 1)
    assert refused(c, {"type": "vote", "seat": 2, "target": 4}) == "vote_not_tied"
    for i, seat in enumerate(c.game.living()):
        c.apply({"type": "vote", "seat": seat, "target": 0 if i % 2 else 1})
    c.apply({"type": "count"})
    c.apply({"type": "go"})
    assert c.game.stop.step == "captain_lots"
    done = c.apply({"type": "lots"})
    assert done["seat"] in (0, 1) and c.game.captain == done["seat"]


def test_the_debate_counts_down_from_the_day_s_length(tmp_path):
    from onenight.game.clock import FakeClock

    clock = FakeClock()
    c = start(tmp_path, EIGHT, captain="never", clock=clock, debate_minutes=3,
              debate_shrinks=True)
    night_one(c)
    while c.phase != "debate":
        Bot(c, picks={"hunter": 1}).step()
    v = c.debate_view()
    assert (v.day, v.minutes, v.seconds_left, v.running) == (1, 3, 180, True)
    clock.advance(130)
    assert c.day_alerts() == ["one_minute"]
    c.apply({"type": "day_pause"})
    clock.advance(100)
    assert c.debate_view().seconds_left == 50 and not c.debate_view().running
    c.apply({"type": "day_add", "seconds": -60})
    assert c.debate_view().ended
    c.apply({"type": "start_vote", "mode": "fingers"})
    assert c.phase == "vote" and c.ballots_view().mode == "fingers" and c.state.day is None


def to_the_debate_with_captain_3(tmp_path):
    """Eight players, the first night's victim 5 and lovers 2 and 7, then seat 3 elected
    captain by everyone: the first day's debate."""
    c = start(tmp_path, EIGHT, captain="first_morning")
    night_one(c, victim=5, lovers=(2, 7))
    c.apply({"type": "go"})
    c.apply({"type": "go"})
    for seat in c.game.living():
        c.apply({"type": "vote", "seat": seat, "target": 3})
    c.apply({"type": "count"})
    c.apply({"type": "go"})
    return c


def test_the_vote_the_captain_counts_twice_a_missing_vote_is_a_blank_once_confirmed(tmp_path):
    c = to_the_debate_with_captain_3(tmp_path)
    c.apply({"type": "start_vote", "mode": "tablet"})
    assert refused(c, {"type": "vote", "seat": 0, "target": 0}) == "self_vote"
    assert refused(c, {"type": "vote", "seat": 0, "target": 5}) == "vote_dead"
    c.apply({"type": "vote", "seat": 3, "target": 6})  # the captain
    assert refused(c, {"type": "vote", "seat": 3, "target": 1}) == "vote_already"
    for seat, target in ((0, 1), (1, 0), (2, 1), (4, 6)):
        c.apply({"type": "vote", "seat": seat, "target": target})
    assert refused(c, {"type": "close_vote"}) == "close_confirm"
    c.apply({"type": "close_vote", "confirm": True})  # 6 and 7 did not vote: blanks
    v = c.ballots_view()
    assert v.revealed and v.missing == (6, 7) and v.double == 3
    assert v.counts[6] == 3 and v.counts[1] == 2  # the captain's twice
    c.apply({"type": "count"})
    r = c.ballots_view().result
    assert (r.kind, r.seat, r.card.card) == ("eliminated", 6, "werewolf")
    assert c.phase == "vote"
    c.apply({"type": "go"})
    assert c.phase == "night"


def test_a_tie_the_captain_names_the_victim_without_him_a_second_vote(tmp_path):
    c = to_the_debate_with_captain_3(tmp_path)
    c.apply({"type": "start_vote"})
    ballots = {0: 1, 1: 0, 2: 1, 3: 0, 4: 1, 6: 4, 7: 4}  # 0: 1 + the captain's 2 = 3 = 1
    for seat, target in ballots.items():
        c.apply({"type": "vote", "seat": seat, "target": target})
    c.apply({"type": "count"})
    assert c.ballots_view().result.kind == "tie"
    c.apply({"type": "go"})
    assert c.phase == "tie" and c.tie_view().among == (0, 1) and c.tie_view().captain == 3
    assert refused(c, {"type": "choose", "target": 4}) == "choice_illegal"
    c.apply({"type": "choose", "target": 1})
    assert c.ballots_view().result.seat == 1 and c.phase == "vote"

    c = start(tmp_path / "no-captain", EIGHT, captain="never")
    night_one(c, victim=5, lovers=(2, 7))
    while c.phase != "debate":
        c.apply({"type": "go"})
    c.apply({"type": "start_vote"})
    for seat, target in {0: 1, 1: 0, 2: 1, 3: 0, 4: 7, 6: 3, 7: 4}.items():
        c.apply({"type": "vote", "seat": seat, "target": target})
    c.apply({"type": "count"})
    c.apply({"type": "go"})
    assert c.phase == "tie" and c.tie_view().captain is None
    v = c.ballots_view()
    assert v.round == "revote" and v.targets == (0, 1) and v.options_for(0) == (1,)
    for seat in c.game.living():
        c.apply({"type": "vote", "seat": seat, "target": 1 if seat != 1 else 0})
    c.apply({"type": "count"})
    assert c.ballots_view().result.seat == 1


def test_the_end_says_who_wins_and_the_game_is_in_the_history(tmp_path):
    c = start(tmp_path, EIGHT, captain="never")
    night_one(c, victim=4, lovers=(2, 7))
    Bot(c, picks={"hunter": 1}, votes={1: {0: 6, 2: 6, 3: 6, 5: 6, 6: 0, 7: 6}}).play()
    v = c.end_view()
    assert v.side == "village" and v.verdict.key == "classic.verdict.no_werewolf_left"
    assert {s.seat for s in v.seats if s.won} == set(v.winners) == {0, 2, 3, 4, 5, 7}
    assert [s.side for s in v.seats][1] == "werewolves" and not v.seats[1].alive
    entries, bad = c.history.entries()
    assert bad == 0 and len(entries) == 1 and entries[0].game == "thiercelieux"
    assert entries[0].winning_teams == ("village",) and entries[0].over
    assert replay(c.record()).verdict == c.game.verdict
    assert c.record()["players"] == NAMES[:8] and c.record()["finished"]
    c.apply({"type": "new_game"})
    assert c.phase == "setup" and c.setup_view().deck == tuple(c.state.deck)


def test_an_abandoned_game_is_saved_as_it_stood(tmp_path):
    c = start(tmp_path, EIGHT, captain="never")
    night_one(c, victim=4)
    c.apply({"type": "abandon"})
    (entry,), _ = c.history.entries()
    assert not entry.over and entry.winning_teams == ()
    assert c.phase == "setup" and c.state.players == NAMES[:8]


def test_every_phase_refuses_what_is_not_its_own(tmp_path):
    c = controller(tmp_path)
    assert refused(c, {"type": "step_end"}) == "wrong_phase"
    assert refused(c, {"type": "nope"}) == "wrong_phase"
    set_up(c, 8, EIGHT)
    c.apply({"type": "deal", "mode": "cards"})
    assert refused(c, {"type": "card", "seat": 0, "card": 3}) == "event_format"
    c = start(tmp_path / "b", EIGHT, captain="never")
    assert refused(c, {"type": "vote", "seat": 0, "target": 1}) == "wrong_phase"
    assert refused(c, {"type": "go"}) == "wrong_phase"


def test_the_tavern_keeper_s_guests_have_the_debate_s_first_two_minutes_at_the_tavern(tmp_path):
    from onenight.game.clock import FakeClock

    clock = FakeClock()
    c = start(tmp_path, "werewolf tavern_keeper seer villager werewolf villager villager "
                        "villager", captain="never", clock=clock, debate_minutes=3)
    while c.phase == "night":
        w = c.state.window
        if w.step == "tavern_keeper":
            c.apply({"type": "choose", "targets": [6, 3]})
        elif w.step == "werewolves":
            c.apply({"type": "choose", "target": 2})
        c.apply({"type": "step_end", "step": w.step})
    while c.phase != "debate":
        c.apply({"type": "go"})
    v = c.debate_view()
    assert (v.tavern, v.tavern_left, v.seconds_left) == ((1, 3, 6), 120, 300)  # 3 + 2 minutes
    clock.advance(60)
    c.apply({"type": "day_add", "seconds": 60})  # the debate's minute: the tavern's is as it was
    assert (c.debate_view().tavern_left, c.debate_view().seconds_left) == (60, 300)
    c.apply({"type": "day_pause"})
    clock.advance(100)  # paused: nobody's time runs
    assert c.debate_view().tavern_left == 60
    c.apply({"type": "day_resume"})
    clock.advance(61)
    assert c.debate_view().tavern_left == 0
    c.apply({"type": "day_add", "seconds": 60})
    assert c.debate_view().tavern_left == 0 and c.debate_view().seconds_left == 299


def test_a_day_without_tavern_has_no_tavern_time(tmp_path):
    c = start(tmp_path, "werewolf tavern_keeper seer villager werewolf villager villager "
                        "villager", captain="never", debate_minutes=3)
    to_the_morning(c, 2)
    while c.phase != "debate":
        c.apply({"type": "go"})
    v = c.debate_view()
    assert (v.tavern, v.tavern_left, v.seconds_left) == ((), 0, 180)


# ---- the Québec Habitants' ragots -----------------------------------------------------------

QUEBEC_13 = ("werewolf werewolf seer villager villager memere villager hunter witch villager "
             "cupid little_girl villager")


def test_the_habitants_ragots_are_seen_by_everyone_in_turn_before_the_first_dusk(tmp_path):
    """A Québec game of 13: the deal done, the table draws each Habitant's ragot and the tablet
    goes round once more; every seat has the same turn (its card, and its ragot or none); the
    night falls only when everyone has had it."""
    c = start(tmp_path, QUEBEC_13)
    assert c.phase == "ragots" and c.state.window is None
    done = c.log[-1]
    assert done["type"] == "deal_done" and len(done["habitant_ragots"]) == 5
    assert c.deal_view().mode == "ragots" and c.deal_view().done == (False,) * 13
    habitants = [3, 4, 6, 9, 12]
    for seat in range(13):
        v = c.ragots_view(seat)
        assert v.card.card == QUEBEC_13.split()[seat]
        assert len(v.ragots) == (1 if seat in habitants else 0)
        assert all(seat not in r.seats for r in v.ragots)
    assert refused(c, {"type": "go"}) == "wrong_phase"
    for seat in range(12):
        c.apply({"type": "ragot_seen", "seat": seat})
    assert refused(c, {"type": "ragots_done"}) == "ragots_unseen"
    assert refused(c, {"type": "ragot_seen", "seat": 13}) != ""
    c.apply({"type": "ragot_seen", "seat": 12})
    c.apply({"type": "ragots_done"})
    assert c.phase == "night" and c.state.window.step == "dusk"
    with pytest.raises(ValueError):
        c.ragots_view(0)


def test_the_habitants_ragots_replay_from_the_journal_and_reach_the_record(tmp_path):
    c = start(tmp_path, QUEBEC_13, seed=5)
    drawn = c.game.memo.get("ragots.drawn")
    again = controller(tmp_path / "again", seed=99)
    for e in c.log:
        again.apply(e)
    assert again.game.memo.get("ragots.drawn") == drawn and again.phase == "ragots"
    Bot(c).step()
    assert replay(c.record()).memo.get("ragots.drawn") == drawn


def test_no_round_of_ragots_in_a_game_of_twelve_or_without_a_quebec_card(tmp_path):
    twelve = " ".join(QUEBEC_13.split()[:12])
    assert start(tmp_path / "a", twelve).phase == "night"
    assert start(tmp_path / "b", QUEBEC_13.replace("memere", "villager")).phase == "night"


def test_the_round_of_ragots_is_held_even_when_no_habitant_was_dealt(tmp_path):
    """The deck's two villagers left over for the thief: the table holds the round all the
    same (skipping it would tell where the villagers went), nobody reading a ragot."""
    seats = ("werewolf werewolf seer thief memere hunter witch cupid little_girl fox elder "
             "bear_tamer rusty_sword_knight")
    c = start(tmp_path, seats, "villager villager")
    assert c.phase == "ragots"
    assert all(c.ragots_view(s).ragots == () for s in range(13))
    Bot(c).step()
    assert c.phase == "night"


# ---- the Québec special powers on a pad: the numbers of the list the tablet shows ----------------

APOTHECARY = "apothecary werewolf seer villager villager villager werewolf villager"


def dial(c, seat, *numbers):
    """The pad of ``seat`` holds ``numbers`` one after the other (1 is the list's first
    power, or seat 0)."""
    for n in numbers:
        c.apply({"type": "pick", "seat": seat, "target": n - 1})


def test_the_apothecary_dials_the_two_remedies_she_keeps_on_her_pad(tmp_path):
    """Her first night's pick: the last two numbers of the list her pad held when the call
    ends (a number past the list is no remedy)."""
    c = start(tmp_path, APOTHECARY, captain="never")
    to_step(c, "apothecary_powers")
    assert c.awake_seats() == (0,)
    dial(c, 0, 1, 2, 7, 3)  # the herb, the perfume, no 7th, the elixir
    assert not c.night_view().chosen  # read when the call ends, as the witch's
    end_call(c)
    assert c.game.memo.get("apothecary.powers") == ("perfume", "elixir")


def test_a_pick_dialled_short_is_drawn_as_a_call_left_untouched(tmp_path):
    c = start(tmp_path, APOTHECARY, captain="never")
    to_step(c, "apothecary_powers")
    dial(c, 0, 1)
    end_call(c)
    assert len(c.game.memo.get("apothecary.powers")) == 2  # the rules' draw


@pytest.mark.parametrize("dialled, played", [
    ((1, 4), {"power": "herb", "target": 3}),  # the herb, then seat 4's player
    ((1,), {"power": "herb", "target": 0}),  # one number: the herb on the player at 1
    ((2, 5, 1, 4), {"power": "herb", "target": 3}),  # she changed her mind: the last two
    ((2, 4), None),  # the perfume, not kept: the rules refuse it, nothing is played
])
def test_the_apothecary_dials_a_remedy_then_its_player(tmp_path, dialled, played):
    c = start(tmp_path, APOTHECARY, captain="never")
    to_step(c, "apothecary_powers")
    dial(c, 0, 1, 3)  # the herb and the elixir
    end_call(c)
    to_step(c, "apothecary")
    dial(c, 0, *dialled)
    end_call(c)
    got = [d for p, k, d in c.game.record if k == "apothecary"]
    assert got == ([played] if played else [])


def test_the_coureur_des_bois_keeps_one_power_with_one_number(tmp_path):
    c = start(tmp_path, APOTHECARY.replace("apothecary", "coureur"), captain="never")
    to_step(c, "coureur_powers")
    dial(c, 0, 4)
    end_call(c)
    assert c.game.memo.get("coureur.powers") == ("canoe",)


def test_the_violoneux_dials_a_rigodon_that_names_nobody(tmp_path):
    """A tune that names nobody takes no player: the night's rigodon, dialled before a seat,
    ends the night with his call."""
    c = start(tmp_path, "violoneux werewolf seer villager villager villager werewolf villager",
              captain="never")
    bot = Bot(c, votes={1: {s: 7 for s in range(7)}, 2: {s: 5 for s in range(5)}})
    while c.state.window is None or c.state.window.step != "violoneux":
        bot.step()
    assert c.game.phase.number == 3 and c.awake_seats() == (0,)
    dial(c, 0, 3, 6)
    end_call(c)
    assert ("night 3", "violoneux", {"power": "rigodon_night", "target": None}) \
        in c.game.record and c.game.phase.label == "day 3"  # no call after his
    assert c.phase == "dawn"


def test_the_robineux_dials_his_second_nights_choice_on_his_pad(tmp_path):
    """The Québec Robineux's choice is a list of two that names nobody: 2 on his pad is the
    restful sleep; a call ended with nothing dialled draws one, as the rules require one."""
    seats = "robineux werewolf seer villager villager villager werewolf villager"
    for dialled, chosen in (((2,), ["sleep"]), ((), ["hangover", "sleep"])):
        c = start(tmp_path / str(len(dialled)), seats, captain="never")
        bot = Bot(c, votes={1: {s: 7 for s in range(7)}})
        while c.state.window is None or c.state.window.step != "robineux":
            bot.step()
        assert c.game.phase.number == 2 and c.awake_seats() == (0,)
        dial(c, 0, *dialled)
        end_call(c)
        [got] = [d for p, k, d in c.game.record if k == "robineux"]
        assert got["power"] in chosen and got["target"] is None
        assert c.game.cards[0] == c.game.memo.get("robineux.role")


def test_with_the_angel_the_round_of_ragots_comes_after_his_day_before_the_first_dusk(tmp_path):
    seats = QUEBEC_13.replace("little_girl", "angel")
    c = start(tmp_path, seats)
    assert c.phase != "ragots" and c.game.phase.label == "day 0"
    bot = Bot(c, votes={0: {s: 1 for s in range(13) if s != 1}})
    for _ in range(20):
        if c.phase == "ragots":
            break
        assert c.state.window is None  # no call of the night before it
        bot.step()
    assert c.phase == "ragots" and not c.game.alive(1)  # the day's vote shown, then the round
    assert c.game.stop.step == "dusk" and c.state.window is None
    bot.step()
    assert c.phase == "night" and c.state.window.step == "dusk"


# ---- seed 000's Graphologue's notes ----------------------------------------------------------

GRAPHO = "werewolf graphologist seer villager werewolf villager villager villager"


def test_every_player_writes_a_note_after_the_deal_before_the_game_begins(tmp_path):
    """A deck with the Graphologue: the deal done, the tablet goes round for the notes; the
    game begins only when every seat has written one; a bad note is refused naming what is
    wrong; a note written again replaces the first."""
    c = start(tmp_path, GRAPHO)
    assert c.phase == "notes" and c.game is None
    assert c.deal_view().mode == "notes" and c.deal_view().done == (False,) * 8
    with pytest.raises(Refused) as e:
        c.apply({"type": "note", "seat": 0, "note": [[5, 1001]]})
    assert e.value.code == "note_format" and e.value.facts["field"] == "note[0][1]"
    assert refused(c, {"type": "note", "seat": 0, "note": []}) == "note_format"
    for seat in range(7):
        c.apply({"type": "note", "seat": seat, "note": [[seat, 1, 2, 3]]})
    assert refused(c, {"type": "notes_done"}) == "notes_missing"
    assert refused(c, {"type": "go"}) == "wrong_phase"
    c.apply({"type": "note", "seat": 7, "note": [[9, 9]]})
    c.apply({"type": "note", "seat": 7, "note": [[7, 1, 2, 3]]})
    assert c.deal_view().ready
    c.apply({"type": "notes_done"})
    assert c.phase == "night"
    assert notes(c.game) == tuple(((s, 1, 2, 3),) for s in range(8))


def test_no_round_of_notes_without_the_graphologist_and_one_when_his_card_is_left_over(tmp_path):
    assert start(tmp_path / "a", GRAPHO.replace("graphologist", "villager")).phase == "night"
    thief = GRAPHO.replace("graphologist", "thief")
    assert start(tmp_path / "b", thief, "graphologist villager").phase == "notes"


def test_the_notes_replay_from_the_journal_and_reach_the_record(tmp_path):
    c = start(tmp_path, GRAPHO, seed=5)
    bot = Bot(c)
    bot.step()
    written = notes(c.game)
    while c.game.memo.get("graphologist.shown") is None:
        bot.step()
    again = controller(tmp_path / "again", seed=99)
    for e in c.log:
        again.apply(e)
    assert notes(again.game) == written
    assert again.game.memo.get("graphologist.shown") == c.game.memo.get("graphologist.shown")
    assert replay(c.record()).memo.get("graphologist.shown") == c.game.memo.get(
        "graphologist.shown")
