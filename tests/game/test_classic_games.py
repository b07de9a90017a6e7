"""Whole classic games driven by events to every kind of end; each one's saved record
replays to the same outcome with ``onenight classic replay``, as a process."""

import json
import subprocess
import sys

from onenight.classic.sides import wolfish

from .classic_helpers import Bot, controller, deal, set_up, start


def wolves(c):
    return [s for s in c.game.living() if wolfish(c.game, s)]


def villagers(c, spare=()):
    return [s for s in c.game.living() if not wolfish(c.game, s) and s not in spare]


def everyone_votes(target_of):
    """Ballots where every living player votes for ``target_of(c, voter)``."""
    def ballots(c):
        out = {}
        for s in c.game.living():
            t = target_of(c, s)
            if t is not None and t != s:
                out[s] = t
        return out
    return ballots


def replayed(c, tmp_path):
    """The game's record in the history, replayed by the command."""
    path = c.state.record_path
    assert path is not None and path.exists()
    r = subprocess.run([sys.executable, "-m", "onenight", "classic", "replay", str(path)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def check_replay(c, tmp_path, side):
    v = c.end_view()
    assert v.side == side
    out = replayed(c, tmp_path)
    assert (out["winning_side"], out["reason"], out["winners"]) == (
        side, c.game.verdict.reason, list(v.winners))
    assert out["ended"] == v.ended
    return v


def test_the_village_wins_a_first_game_of_eight(tmp_path):
    c = controller(tmp_path, seed=11)
    set_up(c, 8, preset="first_game")
    deal(c)
    seer = c.game.holder("seer")

    def first_wolf(c, voter):
        return wolves(c)[0] if voter not in wolves(c) else villagers(c)[0]
    bot = Bot(c, night={"seer": lambda c: {"target": wolves(c)[0]},
                        "werewolves": lambda c: {"target": villagers(c, (seer,))[0]}},
              votes={d: everyone_votes(first_wolf) for d in range(1, 9)})
    bot.play()
    v = check_replay(c, tmp_path, "village")
    assert v.verdict.key == "classic.verdict.no_werewolf_left"
    assert all(s.won == (s.side == "village") for s in v.seats)


def test_the_werewolves_win_a_best_of_game_of_twelve(tmp_path):
    c = controller(tmp_path, seed=12)
    set_up(c, 12, preset="best_of")
    deal(c)

    def a_villager(c, voter):
        return villagers(c, (voter,))[0] if villagers(c, (voter,)) else None
    bot = Bot(c, night={"werewolves": lambda c: {"target": villagers(c)[0]},
                        "cupid": lambda c: {"targets": villagers(c)[:2]}},
              votes={d: everyone_votes(a_villager) for d in range(1, 13)},
              picks={"hunter": lambda c: villagers(c)[0] if villagers(c) else None,
                     "successor": lambda c: wolves(c)[0]})
    bot.play()
    v = check_replay(c, tmp_path, "werewolves")
    assert v.verdict.key == "classic.verdict.only_werewolves_left"
    assert {s.seat for s in v.seats if s.won} == {s.seat for s in v.seats
                                                  if s.side == "werewolves"}


def test_lovers_of_different_sides_win_together(tmp_path):
    seats = "cupid werewolf werewolf seer villager villager villager villager"
    c = start(tmp_path, seats, captain="never")
    lovers = [1, 4]

    def not_lovers(c, voter):
        others = [s for s in c.game.living() if s not in lovers and s != voter]
        return ([s for s in others if wolfish(c.game, s)] or others or [None])[0]
    bot = Bot(c, night={"cupid": {"targets": lovers},
                        "werewolves": lambda c: {"target": ([s for s in villagers(c)
                                                              if s not in lovers] or [None])[0]}},
              votes={d: everyone_votes(not_lovers) for d in range(1, 9)})
    bot.play()
    v = check_replay(c, tmp_path, "lovers")
    assert v.verdict.key == "classic.verdict.lovers_alone" and v.winners == (1, 4)
    assert v.verdict.facts["names"] == ["Bob", "Eve"]


def test_the_angel_voted_out_on_the_first_day_wins_alone(tmp_path):
    seats = "angel werewolf seer villager villager villager werewolf villager"
    c = start(tmp_path, seats, captain="first_morning")
    assert c.phase == "debate" and c.debate_view().day == 0
    bot = Bot(c, votes={0: everyone_votes(lambda c, voter: 0)})
    bot.play()
    v = check_replay(c, tmp_path, "angel")
    assert v.verdict.key == "classic.verdict.angel_first_round" and v.winners == (0,)
    assert v.verdict.facts["name"] == "Ana" and v.ended == "day 0"


def test_the_pied_piper_charms_the_whole_village(tmp_path):
    seats = "pied_piper werewolf seer villager villager witch villager villager"
    c = start(tmp_path, seats, captain="never")

    def charm(c):
        left = [s for s in c.game.living() if s != 0 and s not in c.game.charmed]
        return {"targets": left[:2]}
    bot = Bot(c, night={"pied_piper": charm, "werewolves": {"target": None}},
              votes={d: {} for d in range(1, 9)})  # every vote blank: nobody out
    bot.play()
    v = check_replay(c, tmp_path, "pied_piper")
    assert v.verdict.key == "classic.verdict.all_charmed" and v.winners == (0,)
    charms = [e for ch in v.story for e in ch.events if e.kind == "chose"
              and e.step == "pied_piper"]
    assert len(charms) == 4 and all(e.actors == (0,) for e in charms)


def test_a_deck_of_the_wider_cast_plays_to_its_end_at_the_table(tmp_path):
    """Le Village's and seed 000's characters (the pyromaniac, the raven, the dream reader,
    the evil spirit, the hypnotist, the priest, the assassin, the sandman, the trapper, the
    mage, Cassandra, Dr Jekyll and Mr Hyde, whose die the table rolls) dealt
    together and played through the table's events at random: every game ends, and its
    record replays to the same end."""
    import random

    from onenight.classic import replay, to_record
    from onenight.classic.cast import STEP

    from .classic_helpers import random_night_choice

    deck = ("werewolf werewolf pyromaniac raven dream_reader evil_spirit hypnotist priest "
            "assassin sandman trapper mage witch seer cassandra jekyll_hyde").split()
    for seed in range(4):
        rng = random.Random(seed)
        seats = deck[:]
        rng.shuffle(seats)
        c = start(tmp_path / str(seed), " ".join(seats), seed=seed)
        Bot(c, rng=rng, night={s: random_night_choice for s in STEP}).play()
        again = replay(to_record(c.game))
        assert again.verdict == c.game.verdict and again.cards == c.game.cards


def test_the_table_refuses_the_ballots_the_mage_and_the_magistrate_rule_out(tmp_path):
    import pytest

    from onenight.game.controller import Refused

    c = start(tmp_path, "mage werewolf magistrate villager villager villager villager werewolf")
    Bot(c, night={"mage": {"target": 3}, "magistrate": {"target": 4}}).play(
        until=lambda c: c.phase == "vote")
    assert 3 not in c.ballots_view().voters  # out of the room: no pad to wait for
    c.apply({"type": "vote", "seat": 0, "target": 1})
    for seat, target, code in ((3, 1, "vote_absent"), (0, 3, "vote_absent"),
                               (0, 4, "vote_immune")):
        with pytest.raises(Refused) as e:
            c.apply({"type": "vote", "seat": seat, "target": target})
        assert e.value.code == code


def test_the_table_refuses_the_ballots_of_and_against_the_coureur_out_of_play(tmp_path):
    """The Québec Coureur des Bois gone in his canoe: the first day's vote takes no ballot of
    his and none against him, each refused with its own reason (the dawn made it public)."""
    import pytest

    from onenight.game.controller import Refused

    c = start(tmp_path, "coureur werewolf seer villager villager villager villager werewolf")
    Bot(c, night={"coureur_powers": {"powers": ["canoe"]}, "werewolves": {"target": 3}}).play(
        until=lambda c: c.phase == "vote")
    assert 0 not in c.ballots_view().voters
    for seat, target in ((0, 1), (2, 0)):
        with pytest.raises(Refused) as e:
            c.apply({"type": "vote", "seat": seat, "target": target})
        assert e.value.code == "vote_out_of_play"


def test_the_vote_shows_the_blessed_player_escaping_the_village_s_vote(tmp_path):
    """The priest's blessed villager voted out lives on: the counted vote says he escaped
    (the table sees him live on), rather than failing to find his death."""
    c = start(tmp_path, "priest werewolf villager villager villager villager villager werewolf")
    Bot(c, night={"priest": {"target": 2}, "werewolves": {"target": 3}}).play(
        until=lambda c: c.phase == "vote")
    for seat in c.game.living():
        c.apply({"type": "vote", "seat": seat, "target": 2 if seat != 2 else 1})
    c.apply({"type": "count"})
    v = c.ballots_view()
    assert v.result.kind == "escaped" and v.result.seat == 2 and v.result.card is None
    assert c.game.alive(2)


def _at_call(c, step: str, night: int = 1):
    return lambda c: c.phase == "night" and c.state.window is not None \
        and c.state.window.step == step and c.state.window.night == night


def _told_at(c) -> list[str]:
    return [x.text.key for x in c.night_view().learned]


def test_the_sandmans_sleeper_is_told_at_his_own_call_when_it_wakes_nobody_else(tmp_path):
    """The booklet's game master touches the sleeper; the tablet tells him at his own call,
    where his eyes are the only ones that may open, that he sleeps tonight."""
    c = start(tmp_path, "sandman seer werewolf villager villager villager werewolf villager")
    Bot(c, night={"sandman": {"target": 1}}).play(until=_at_call(c, "seer"))
    v = c.night_view()
    assert _told_at(c) == ["classic.learn.asleep"] and v.learned[0].seats == (1,)
    assert c.state.window.stop.woken == ()  # he does not wake: the seer's look is not his
    Bot(c).play(until=_at_call(c, "werewolves"))
    assert "classic.learn.asleep" not in _told_at(c)


def test_a_sleeping_werewolf_is_not_told_on_the_tablet_his_pack_is_looking_at(tmp_path):
    c = start(tmp_path, "sandman seer werewolf villager villager villager werewolf villager")
    Bot(c, night={"sandman": {"target": 2}}).play(until=_at_call(c, "werewolves"))
    assert c.state.window.stop.woken == (6,)
    assert "classic.learn.asleep" not in _told_at(c)  # the host's touch tells him


def test_the_priests_blessed_player_is_told_at_his_old_cards_call_that_night(tmp_path):
    """The blessed seer's card is a villager's: the seer's call, made for show, wakes nobody,
    and tells him (the only one who may look) that the priest blessed him."""
    c = start(tmp_path, "priest seer werewolf villager villager villager werewolf villager")
    Bot(c, night={"priest": {"target": 1}}).play(until=_at_call(c, "seer"))
    assert _told_at(c) == ["classic.learn.blessed"]
    Bot(c, votes={1: {0: 2, 1: 2, 3: 2, 4: 2, 5: 2, 6: 3, 7: 2}}).play(
        until=_at_call(c, "seer", night=2))
    assert _told_at(c) == []  # told once, the night of the blessing
