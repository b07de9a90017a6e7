"""The ``onenight`` command: the app by default, and subcommands."""

from __future__ import annotations

import argparse
import json
import os
import sys


def _adjudicate(args: argparse.Namespace) -> int:
    from onenight.rules.errors import RulesError
    from onenight.rules.record import adjudicate_text

    source = "stdin" if args.file == "-" else args.file
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        print(f"{source}: cannot read the record ({e.__class__.__name__}: {e})", file=sys.stderr)
        return 2
    try:
        result = adjudicate_text(text, source)
    except RulesError as e:
        print(str(e), file=sys.stderr)
        return 2
    except RecursionError:
        print(f"{source}: the record is nested too deeply", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="onenight", description=(
        "Game master for Loup-Garou pour une Nuit and Crépuscule. With no command, starts "
        "the app."))
    p.add_argument("--fullscreen", action="store_true",
                   help="the app fills the screen (a Raspberry Pi's touchscreen, a kiosk)")
    p.add_argument("--size", type=_window_size, metavar="WxH",
                   help="the app's window size (default 1280x800, the size it is drawn for; "
                        "800x480 is the Raspberry Pi's touchscreen)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="show the whole log on the console, not only warnings and errors")
    sub = p.add_subparsers(dest="command")
    a = sub.add_parser("adjudicate", help="read a game record and print who dies and who wins")
    a.add_argument("file", help="a game record (onenight-game/1), or - for standard input")
    a.set_defaults(func=_adjudicate)
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


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
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
