"""The night as the table hears it: the walk's stops of a night are always among tonight's
calls, in the same order, whatever the deal (a card left over by the thief included)."""

from hypothesis import given

from onenight.classic import Kind, Options
from onenight.classic.calls import (eclipses, flanc_mou, lived_in, night_calls, robineux_told,
                                   shown_dead, shown_lately)

from .test_properties import SETTINGS, games


@SETTINGS
@given(games())
def test_every_stop_of_a_night_is_one_of_its_calls_in_order(game):
    g, history = game
    calls, rest = None, None
    for before, _ in history:
        stop = before.stop
        if not stop.phase.is_night or stop.kind is Kind.VOTES or stop.step == "captain_lots" \
                or stop.chance:
            continue  # (a die is rolled by the app within the night: Dr Jekyll's)
        if stop.step == "dusk":
            calls = night_calls(before.dealt + before.undealt, stop.phase.number,
                                before.options, shown_dead(before),
                                shown_lately=shown_lately(before), buildings=lived_in(before),
                                **flanc_mou(before), **eclipses(before),
                                **robineux_told(before))
            rest = iter(calls)
        assert stop.step in rest, (stop.phase.label, stop.step, calls)


def test_the_calls_come_from_the_deck_the_night_and_the_cards_seen_dead():
    deck = "thief seer werewolf werewolf cupid sister sister white_werewolf villager villager"
    assert night_calls(deck.split(), 1) == ("dusk", "thief", "cupid", "lovers", "sisters",
                                             "seer", "werewolves")
    assert night_calls(deck.split(), 2) == ("dusk", "seer", "werewolves", "white_werewolf")
    assert night_calls(deck.split(), 2, Options(sisters_wake_again=True)) == (
        "dusk", "sisters", "seer", "werewolves", "white_werewolf")
    assert night_calls(deck.split(), 4, Options(sisters_wake_again=True),
                       ["sister", "seer"]) == ("dusk", "sisters", "werewolves",
                                               "white_werewolf")
    assert "sisters" not in night_calls(deck.split(), 2, Options(sisters_wake_again=True),
                                        ["sister", "sister"])
    # Le Village: the baker's call, when a living player lives in the bakery (public)
    assert night_calls(deck.split(), 2, buildings=["farm", "baker"]) == (
        "dusk", "seer", "werewolves", "baker", "white_werewolf")
    # the pack is called while the game goes on, werewolf card or not
    assert "werewolves" in night_calls("big_bad_wolf seer villager".split(), 3, Options(),
                                       ["werewolf"])
