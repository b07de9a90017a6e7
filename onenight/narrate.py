"""``onenight narrate``: a whole night through the sound device, then the debate countdown,
so that a Raspberry Pi with only a speaker can lead a game. ``--dry-run`` prints the plan.

This sits on top, like :mod:`onenight.cli`: it joins the narrator, the game clock and the
Kivy sound back-end, which do not import each other."""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import threading
import time

from onenight.classic.decks import MAX_PLAYERS, MIN_PLAYERS, PRESET, PRESETS, check_deck
from onenight.game.settings import Settings
from onenight.rules.errors import DeckError
from onenight.rules.scenarios import SCENARIO, SCENARIO_IDS, anarchy_deck, table_setup

from onenight.narration.errors import NarrationError
from onenight.narration.lines import DEFAULT_LANGUAGE, languages


DESCRIPTION = """Say a whole night aloud over the night's ambience, then run the debate
countdown: a computer with a speaker and no screen (a Raspberry Pi) can lead a game.
While it plays, type p and Enter to pause or resume, r to hear the last instruction again,
q to quit; the letters are read from standard input, a terminal or a pipe. SIGTERM and
Ctrl-C stop it at once. With --game thiercelieux, the first night of Les Loups-Garous de
Thiercelieux for a deck (--deck) and the first day's debate: as far as a game goes with
nobody to take the players' choices."""
GAMES = ("onenight", "thiercelieux")


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    n = sub.add_parser("narrate", help="say a whole night aloud, then run the debate countdown",
                       description=DESCRIPTION)
    n.add_argument("--game", default="onenight", choices=GAMES,
                   help="onenight (default), or thiercelieux: the classic many-night game")
    n.add_argument("--scenario", metavar="ID",
                   help="the one-night game's scenario: " + ", ".join(SCENARIO_IDS))
    n.add_argument("--deck", metavar="DECK",
                   help="the classic game's deck: a preset (" + ", ".join(
                       p.id for p in PRESETS) + ") or the cards, comma-separated "
                   "(seer,werewolf,werewolf,villager,...)")
    n.add_argument("--sisters-again", action="store_true",
                   help="the classic game's option: the sisters wake on even nights too")
    n.add_argument("--players", required=True, type=int, metavar="N",
                   help="3 to 10 (the classic game: 6 to 18)")
    n.add_argument("--lang", default=DEFAULT_LANGUAGE, choices=languages())
    n.add_argument("--voice", metavar="PACK", help="a voice pack: a name or a folder")
    n.add_argument("--seed", type=int, metavar="S",
                   help="seeds the random draw (Anarchie's cards); the night's plan is the "
                        "same for every deal")
    n.add_argument("--dry-run", action="store_true",
                   help="print the plan, one JSON object per cue, and play nothing")
    n.add_argument("--pace", type=float, default=1.0,
                   help="multiplies the players' time at each step (default 1; 0.6 for a "
                        "table that knows the game)")
    n.add_argument("--jitter", type=float, default=0.0, metavar="SECONDS",
                   help="add up to this much time at random to each step (default 0)")
    n.add_argument("--debate", type=float, default=Settings.debate_minutes, metavar="MINUTES",
                   help=f"the debate countdown (default {Settings.debate_minutes}, as in the "
                        "app; 10 is a good length for a first game)")
    n.add_argument("--to", metavar="FILE",
                   help="write the whole night (lines, pauses, ambience) and the debate's "
                        "lines to FILE (.ogg, .wav or .flac) instead of playing it")
    n.add_argument("--voice-volume", type=float, default=1.0, metavar="V", help="0 to 1")
    n.add_argument("--ambience-volume", type=float, default=0.5, metavar="V",
                   help="0 to 1; 0 for no ambience")
    n.set_defaults(func=run)
    return n


def _fail(message: str) -> int:
    print(f"onenight narrate: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from onenight.narration.plan import build_night_plan
    from onenight.narration.settings import NarrationSettings
    from onenight.narration.voice import Voice

    if args.game == "thiercelieux":
        return _classic(args)
    if args.scenario is None:
        return _fail("--scenario is needed (valid scenarios: " + ", ".join(SCENARIO_IDS)
                     + "); or --game thiercelieux with --deck")
    scenario = SCENARIO.get(args.scenario)
    if scenario is None:
        return _fail(f"unknown scenario {args.scenario!r}; valid scenarios: "
                     + ", ".join(SCENARIO_IDS))
    if args.players not in scenario.players():
        return _fail(f"{scenario.id} is for {scenario.min_players} to {scenario.max_players} "
                     f"players, not {args.players}; valid player counts: "
                     + ", ".join(map(str, scenario.players())))
    rng = random.Random(args.seed)
    try:
        cards = anarchy_deck(args.players, rng) if scenario.random_draw \
            else scenario.deck(args.players)
        setup = table_setup(cards, args.players)
        settings = NarrationSettings(
            lang=args.lang, voice=args.voice, pace=args.pace, jitter=args.jitter,
            voice_volume=args.voice_volume, ambience_volume=args.ambience_volume,
            debate_seconds=args.debate * 60)
        voice = Voice(settings.lang, settings.voice)
        # The jitter has its own generator, never the deal's.
        plan = build_night_plan(setup.cards, settings, voice=voice)
    except (NarrationError, DeckError) as e:
        return _fail(str(e))
    return _perform(args, plan, setup, voice, settings)


def _perform(args, plan, setup, voice, settings, debate_lines=None) -> int:
    """Print the plan (--dry-run), write it to a file (--to), or say it."""
    if args.dry_run:
        text = "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in plan.json_lines())
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except BrokenPipeError:  # the reader left early (| head): not an error of ours
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    if args.to:
        return _render_to(args.to, plan, voice, settings, debate_lines)
    return _play(plan, setup, voice, settings, debate_lines)


def _classic_deck(text: str, players: int) -> list[str]:
    """The cards of ``--deck``: a preset's for this many players, or the cards listed."""
    if text in PRESET:
        return list(PRESET[text].deck(players))
    cards = [c.strip() for c in text.split(",") if c.strip()]
    check = check_deck(cards, players)
    if check.problems:
        raise DeckError("deck", "; ".join(p.message for p in check.problems)
                        + " (a deck is a preset: " + ", ".join(PRESET) + ", or the cards, "
                        "comma-separated)")
    return cards


def _classic(args: argparse.Namespace) -> int:
    """The classic game's first night for a deck, then the first day's debate."""
    from types import SimpleNamespace

    from onenight.classic.calls import night_calls
    from onenight.classic.model import Options
    from onenight.narration.classic import DEBATE_LINES, build_classic_night_plan, \
        classic_voice
    from onenight.narration.settings import NarrationSettings

    if args.deck is None:
        return _fail("--deck is needed with --game thiercelieux: a preset ("
                     + ", ".join(PRESET) + ") or the cards, comma-separated")
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        return _fail(f"the classic game is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not "
                     f"{args.players}")
    try:
        cards = _classic_deck(args.deck, args.players)
        settings = NarrationSettings(
            lang=args.lang, voice=args.voice, voice_volume=args.voice_volume,
            ambience_volume=args.ambience_volume, debate_seconds=args.debate * 60)
        if not 0.1 <= args.pace <= 10:
            raise NarrationError("pace", f"must be between 0.1 and 10, not {args.pace}")
        voice = classic_voice(settings)
        options = Options(sisters_wake_again=args.sisters_again)
        plan = build_classic_night_plan(night_calls(cards, 1, options), cards, 1, settings,
                                        pace=args.pace, sisters_again=args.sisters_again,
                                        voice=voice, closing=("dawn.wake",))
    except (NarrationError, DeckError) as e:
        return _fail(str(e))
    if "angel" in cards and not args.dry_run:
        print("onenight narrate: with the Angel, the game opens with a day: hold its debate "
              "and its vote before this first night", file=sys.stderr)
    return _perform(args, plan, SimpleNamespace(cards=cards, alpha_center=None), voice,
                    settings, DEBATE_LINES)


def _render_to(path, plan, voice, settings, debate_lines=None) -> int:
    """The night and the day's lines, as planned, to one file (no sound device needed)."""
    from onenight.game.clock import Countdown, FakeClock
    from onenight.narration.mixdown import render_night

    clock = FakeClock()
    try:
        seconds = render_night(path, plan, voice, settings, clock,
                               Countdown(clock, settings.debate_seconds, paused=True),
                               debate_lines)
    except (NarrationError, OSError) as e:
        return _fail(str(e))
    print(f"onenight narrate: {seconds / 60:.1f} min written to {path} (the night "
          f"{plan.total / 60:.1f} min, then the debate)", file=sys.stderr)
    return 0


class _Stopped(Exception):
    """SIGTERM or SIGINT: the night stops at once, cleanly."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.status = 128 + signum  # what a shell reports for a program the signal ended


def _stop(signum, _frame):
    raise _Stopped(signum)


def _play(plan, setup, voice, settings, debate_lines=None) -> int:
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    # Kivy, once imported, sends standard error to its log: keep the real one. And take
    # SIGTERM before SDL starts: SDL would take it for itself (as a request to close a window
    # this command does not have) and the night would go on.
    console = sys.stderr
    saved = {s: signal.signal(s, _stop) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        return _play_night(plan, setup, voice, settings, console, debate_lines)
    except _Stopped as e:
        return e.status
    finally:
        for s, handler in saved.items():
            signal.signal(s, handler)


def _play_night(plan, setup, voice, settings, console, debate_lines=None) -> int:
    from onenight.game.clock import Countdown, SystemClock
    from onenight.narration.kivy_audio import KivyAudio
    from onenight.narration.runner import DebateRunner, NightRunner
    from onenight.narration.voice import check_audio

    def tell(text: str) -> None:
        print(text, file=console, flush=True)

    try:
        check_audio([settings.lang])
    except NarrationError as e:
        tell(f"onenight narrate: {e}")
        return 1
    tell("Cards in the game: " + ", ".join(setup.cards)
         + (f" (+ {setup.alpha_center} beside the centre)" if setup.alpha_center else ""))
    if voice.pack:
        missing = voice.pack_report()
        tell(f"Voice pack {voice.pack}: {voice.pack_dir}"
             + (f" ({len(missing)} line(s) said by the default voice)" if missing else ""))
    if _at_the_keyboard():
        tell("Controls: p + Enter pauses or resumes, r + Enter repeats the last instruction, "
             "q + Enter quits.")
    clock, audio = SystemClock(), KivyAudio()
    night = NightRunner(plan, audio, clock, settings,
                        on_cue=lambda c: print(f"[{c.step}] {c.text}", flush=True))
    day = DebateRunner(voice, audio, Countdown(clock, settings.debate_seconds, paused=True),
                       settings, **({"lines": debate_lines} if debate_lines else {}))
    commands: list[str] = []
    if _can_read_commands():
        threading.Thread(target=_read_commands, args=(commands,), daemon=True).start()
    try:
        night.start()
        while not night.finished:
            if _handle(commands, night, day, tell) == "quit":
                night.stop()
                return 0
            night.poll()
            time.sleep(min(night.next_due() or 0.05, 0.05))
        day.start()
        print(f"[day] {voice.text(day.lines[0])}", flush=True)
        shown = None
        while not day.over:
            if _handle(commands, night, day, tell) == "quit":
                return 0
            for line in day.poll():
                print(f"[day] {voice.text(line)}", flush=True)
            left = day.countdown.remaining()
            if int(left // 60) != shown:
                shown = int(left // 60)
                tell(f"[day] {int(left // 60)}:{int(left % 60):02d} left")
            time.sleep(0.05)
        time.sleep(1.0)  # let "vote!" ring out
    except _Stopped:
        night.stop()
        raise
    except NarrationError as e:  # a voice pack's clip that the sound device cannot play
        night.stop()
        tell(f"onenight narrate: {e}")
        return 1
    finally:
        audio.close()
    return 0


def _at_the_keyboard() -> bool:
    """Standard input is the terminal and this command has it (not a background job, which
    the terminal would stop if it read)."""
    try:
        fd = sys.stdin.fileno()
        return os.isatty(fd) and os.tcgetpgrp(fd) == os.getpgrp()
    except (AttributeError, OSError, ValueError):
        return False


def _can_read_commands() -> bool:
    """Commands come from the terminal, or from a pipe or a file given as standard input."""
    if sys.stdin is None:
        return False
    try:
        return _at_the_keyboard() or not os.isatty(sys.stdin.fileno())
    except (OSError, ValueError):
        return False


def _read_commands(out: list[str]) -> None:
    try:
        for line in sys.stdin:
            out.append(line.strip().lower())
    except (OSError, ValueError):  # standard input closed or unreadable: no more commands
        pass


def _handle(commands: list[str], night, day, tell) -> str | None:
    while commands:
        c = commands.pop(0)
        if c == "q":
            return "quit"
        if c == "p":
            if not night.finished:
                night.resume() if night.state == "paused" else night.pause()
            else:
                day.resume() if day.countdown.paused else day.pause()
            tell("[host] " + ("paused" if night.state == "paused" or
                              (night.finished and day.countdown.paused) else "resumed"))
        elif c == "r" and not night.finished:
            night.replay_last()
    return None
