"""The ``onenight`` command: the app by default, and subcommands."""

from __future__ import annotations

import argparse
import json
import os
import sys


def _judge(arg: str, judge) -> int:
    """Read the record named by ``arg`` (a file or ``-``), give its text to ``judge`` and print
    the outcome as one JSON line (exit 0), or the one-line reason it was refused (exit 2)."""
    from onenight.common.errors import RulesError
    from onenight.common.jsontext import read_source

    try:
        text, source = read_source(arg)
        result = judge(text, source)
    except RulesError as e:
        print(str(e), file=sys.stderr)
        return 2
    except RecursionError:
        print(f"{'stdin' if arg == '-' else arg}: the record is nested too deeply",
              file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _adjudicate(args: argparse.Namespace) -> int:
    from onenight.rules.record import adjudicate_text

    return _judge(args.file, adjudicate_text)


def _app_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--fullscreen", action="store_true",
                   help="the app fills the screen (a Raspberry Pi's touchscreen, a kiosk)")
    p.add_argument("--size", type=_window_size, metavar="WxH",
                   help="the app's window size (default 1280x800, the size it is drawn for; "
                        "800x480 is the Raspberry Pi's touchscreen)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="show the whole log on the console, not only warnings and errors")


class _NotTheApp(Exception):
    pass


class _AppParser(argparse.ArgumentParser):
    """The app's own options only: the commands' parsers import the rules of both games and
    the narration (their choices, their help), which starting the app does not need before
    its first frame (docs/performance.md). Anything else goes to the whole parser."""

    def error(self, message):
        raise _NotTheApp(message)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="onenight", description=(
        "Game master for Loup-Garou pour une Nuit and Crépuscule, and for Les Loups-Garous de "
        "Thiercelieux. With no command, starts the app."))
    _app_options(p)
    sub = p.add_subparsers(dest="command")
    a = sub.add_parser("adjudicate", help="read a game record and print who dies and who wins")
    a.add_argument("file", help="a game record (onenight-game/1), or - for standard input")
    a.set_defaults(func=_adjudicate)

    # classic: Les Loups-Garous de Thiercelieux, the many-night game (onenight/classic/)
    def _classic_replay(args: argparse.Namespace) -> int:
        from onenight.classic.record import replay_text

        return _judge(args.file, replay_text)

    c = sub.add_parser("classic", help="the classic many-night game (Les Loups-Garous de "
                       "Thiercelieux)")
    csub = c.add_subparsers(dest="classic_command", required=True)
    r = csub.add_parser("replay", help="play a classic game record through the rules and print "
                        "the outcome")
    r.add_argument("file", help="a game record (thiercelieux-game/1), or - for standard input")
    r.set_defaults(func=_classic_replay)
    # narrate: a night said aloud, then the debate countdown (onenight/narrate.py)
    from onenight.narrate import add_parser as add_narrate_parser

    add_narrate_parser(sub)

    # screenshots: every screen of the app at 1280x800 and 800x480 (onenight/ui/screenshots.py)
    def _screenshots(args: argparse.Namespace) -> int:
        from onenight.ui.screenshots import run as render_screenshots  # late: needs Kivy

        return render_screenshots(args.dir, args.lang)

    s = sub.add_parser("screenshots", help="render every screen of the app at both screen "
                       "sizes into a folder, as PNG files")
    s.add_argument("dir", help="the folder to write the pictures to (created if needed)")
    s.add_argument("--lang", default="fr", choices=("fr", "en"))
    s.set_defaults(func=_screenshots)
    return p


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: the app's own options with the app's parser alone, anything else
    (a command, help, a mistake) with the whole parser, which knows them and says what is
    wrong."""
    argv = sys.argv[1:] if argv is None else list(argv)
    app = _AppParser(prog="onenight", add_help=False)
    _app_options(app)
    try:
        args, rest = app.parse_known_args(argv)
    except _NotTheApp:
        rest = argv
    return build_parser().parse_args(argv) if rest else args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if getattr(args, "func", None) is None:
        from onenight.ui.demo import DEMO_ENV, DemoError, parse

        if os.environ.get(DEMO_ENV):
            try:
                parse(os.environ[DEMO_ENV])  # before Kivy, which takes over standard error
            except DemoError as e:
                print(f"onenight: {e}", file=sys.stderr)
                return 2
        from onenight.ui.startup import prepare

        prepare(args.fullscreen, args.size, args.verbose)  # before Kivy starts
        from onenight.ui.app import run_app  # imported late: the rules need no Kivy

        return run_app()
    return args.func(args)


def _window_size(text: str) -> tuple[int, int]:
    from onenight.ui.startup import window_size  # (imports no Kivy)

    try:
        return window_size(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
