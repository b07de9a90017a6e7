"""Seed 000's deaths that are not the end at the table's flow (pure, driven by events): the
Immortel's blind draw between two face-down cards."""

import pytest

from onenight.game.classic_flow import Refused

from .classic_helpers import controller, start, to_the_morning

IMMORTAL = "immortal werewolf seer villager villager villager villager werewolf"


def at_the_draw(tmp_path, seed=1):
    c = start(tmp_path, IMMORTAL, seed=seed, captain="never")
    to_the_morning(c, 0)
    assert c.phase == "chain" and c.chain_view().step == "immortal"
    return c


def test_the_immortal_s_hidden_cards_are_shuffled_by_the_controller_s_generator(tmp_path):
    layouts = {at_the_draw(tmp_path / str(seed), seed).face_down() for seed in range(12)}
    assert layouts == {(0, 1), (1, 0)}  # either card lies either side


def test_the_immortal_s_tap_is_kept_as_the_card_it_was_and_replays_the_same(tmp_path):
    c = at_the_draw(tmp_path / "a")
    v = c.chain_view()
    assert v.face_down == 2 and v.targets == () and v.drew is None
    position = c.face_down().index(1)  # the werewolf card
    done = c.apply({"type": "choose", "face_down": position})
    assert done["take"] == 1 and c.game.cards[0] == "werewolf"
    v = c.chain_view()
    assert v.step == "immortal_card" and v.drew.card == "werewolf" and v.seat == 0
    assert c.awake_seats() == ()  # no pad: the tablet is his
    c.apply({"type": "go"})
    assert c.phase == "dawn" and c.table_view().alive[0]
    # the same events on another controller, whose generator shuffles otherwise
    again = controller(tmp_path / "b", seed=7)
    for e in c.log:
        again.apply(dict(e))
    assert again.game.cards == c.game.cards and again.game.log == c.game.log


def test_the_immortal_s_tap_names_one_of_the_two_hidden_cards(tmp_path):
    c = at_the_draw(tmp_path)
    for bad in (2, -1, True, "0", None):
        with pytest.raises(Refused) as r:
            c.apply({"type": "choose", "face_down": bad})
        assert r.value.code == "choice_format"
    with pytest.raises(Refused) as r:  # his draw is the tablet's, never a pad's
        c.apply({"type": "pick", "seat": 0, "target": 3})
    assert r.value.code == "pick_not_yours"
    assert c.chain_view().step == "immortal"


IMPOSTOR = "impostor werewolf seer villager villager villager villager werewolf"


def test_the_impostor_names_a_player_then_sees_the_card_he_took_alone(tmp_path):
    c = start(tmp_path, IMPOSTOR, captain="never")
    to_the_morning(c, 0)
    v = c.chain_view()
    assert c.phase == "chain" and v.step == "impostor" and v.seat == 0 and 0 not in v.targets
    assert c.awake_seats() == (0,)  # he may name on his pad, as the hunter shoots
    c.apply({"type": "choose", "target": 2})
    v = c.chain_view()
    assert v.step == "impostor_card" and v.drew.card == "seer" and c.awake_seats() == ()
    c.apply({"type": "go"})
    d = c.dawn_view()
    assert c.phase == "dawn" and c.table_view().alive[0] and not c.table_view().alive[2]
    hidden = next(f for f in d.dead if f.seat == 2)
    assert hidden.card is None and hidden.cause == "impostor"
    assert c.table_view().shown[2] is None
