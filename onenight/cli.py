"""The ``onenight`` command: the app by default, and subcommands."""

from __future__ import annotations

import argparse
import json
import os
import sys


def _adjudicate(args: argparse.Namespace) -> int:
    from onenight.rules.errors import RulesError
    from onenight.rules.record import MAX_RECORD_BYTES, adjudicate_text
    from onenight.rules.safejson import too_large

    source = "stdin" if args.file == "-" else args.file
    try:
        # never more than the limit and one byte: an endless stream (/dev/zero) ends here
        if args.file == "-":
            data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        else:
            with open(args.file, "rb") as f:
                data = f.read(MAX_RECORD_BYTES + 1)
        if len(data) > MAX_RECORD_BYTES:
            print(f"{source}: {too_large(len(data))}", file=sys.stderr)
            return 2
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(f"{source}: cannot read the record ({e.__class__.__name__}: {e})", file=sys.stderr)
        return 2
    try:
        result = adjudicate_text(text, source)
    except RulesError as e:
        print(str(e), file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="onenight", description=(
        "Game master for Loup-Garou pour une Nuit and Crépuscule. With no command, starts "
        "the app."))
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
        from onenight.ui.pacing import configure

        configure()  # before Kivy makes its clock and window
        from onenight.ui.app import run_app  # imported late: the rules need no Kivy

        return run_app()
    return args.func(args)
