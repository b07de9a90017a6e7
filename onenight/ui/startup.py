"""What the app sets before Kivy starts: its console, its window, how often it wakes.

* **A quiet console.** Kivy logs everything it tries while starting, and on a computer
  without some optional parts it logs their absence as errors with tracebacks: ``MTDev is not
  supported`` (no libmtdev; touch reaches the app through SDL2 anyway) and ``Unable to find
  any valuable Cutbuffer provider`` (no xclip or xsel; only a text field's middle-click
  paste needs one). The console shows warnings and errors only, without those two (they stay
  in Kivy's log file, with everything else); ``--verbose`` shows everything.
* **The window** opens at the size the screens are drawn for, 1280x800 (or the size asked
  for), or full screen (a Raspberry Pi's touchscreen, a kiosk).
* **Kivy's own command line is off**: ``onenight`` reads its options itself.

Importing this module imports no Kivy; :func:`prepare` must run before Kivy is imported.
"""

from __future__ import annotations

import logging
import os
import sys

from . import pacing

#: the size the screens are drawn for (a 10" tablet); kv sizes scale from it
DESIGN_SIZE = (1280, 800)

#: messages Kivy logs at start that say nothing about a problem of the app (see above)
START_NOISE = (
    "Input: MTDev is not supported",
    "Cutbuffer: Unable to find any valuable Cutbuffer provider",
)


def prepare(fullscreen: bool = False, size: tuple[int, int] | None = None,
            verbose: bool = False) -> None:
    """Set up the console, the window and the pacing; then Kivy may start."""
    console = sys.stderr  # Kivy replaces sys.stderr with a stream into its log
    os.environ["KIVY_NO_ARGS"] = "1"
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")  # ours instead, set up below
    pacing.configure()  # imports Kivy's configuration, hence Kivy
    from kivy.config import Config
    from kivy.utils import platform

    # a stray Escape key (Android's Back button) must not end a game
    Config.set("kivy", "exit_on_escape", "0")
    quiet_console(console, verbose)
    if platform in ("android", "ios"):  # Kivy fills the screen there by itself
        return
    if size is not None or "KCFG_GRAPHICS_WIDTH" not in os.environ:  # (the benchmark's)
        width, height = size or DESIGN_SIZE
        Config.set("graphics", "width", str(width))
        Config.set("graphics", "height", str(height))
    if fullscreen or "KCFG_GRAPHICS_FULLSCREEN" not in os.environ:
        Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")


def quiet_console(stream, verbose: bool = False) -> logging.Handler | None:
    """Show Kivy's and the app's log on ``stream``: warnings and errors but the start-up
    noise, or everything when ``verbose``. None when Kivy's own console log was asked for
    (``KIVY_NO_CONSOLELOG`` unset by the caller): then Kivy's is left alone."""
    from kivy.logger import ConsoleHandler, KivyFormatter, Logger, is_color_terminal

    logging.getLogger("filelock").setLevel(logging.WARNING)  # its every lock and unlock
    if verbose:
        Logger.setLevel(logging.DEBUG)
    if any(isinstance(h, ConsoleHandler) for h in logging.root.handlers):
        return None

    class Console(ConsoleHandler):
        def filter(self, record):
            if not verbose and record.getMessage().startswith(START_NOISE):
                return False
            return super().filter(record)

    handler = Console(stream)
    handler.setLevel(logging.DEBUG if verbose else logging.WARNING)
    colour = is_color_terminal() and getattr(stream, "isatty", lambda: False)()
    handler.setFormatter(KivyFormatter("[%(levelname)-18s] %(message)s" if colour
                                       else "[%(levelname)-7s] %(message)s", use_color=colour))
    logging.root.addHandler(handler)
    return handler


def window_size(text: str) -> tuple[int, int]:
    """``WIDTHxHEIGHT`` (``800x480``) as two numbers; ValueError naming what is accepted."""
    w, sep, h = text.lower().partition("x")
    try:
        width, height = int(w), int(h)
    except ValueError:
        width = height = 0
    if not sep or not (320 <= width <= 7680 and 240 <= height <= 4320):
        raise ValueError(f"{text!r}: expected WIDTHxHEIGHT, such as 800x480 or 1280x800")
    return width, height


__all__ = ["DESIGN_SIZE", "START_NOISE", "prepare", "quiet_console", "window_size"]
