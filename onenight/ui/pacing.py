"""How often the app wakes up, set before Kivy makes its clock and window.

Measured with ``bench/run.py`` (docs/performance.md): the screens change at most a few times a
second (the debate's countdown once a second), so

* ``MAXFPS = 20`` frames a second is plenty for touch, and costs a third of Kivy's default 60
  when idle;
* Kivy's ``interrupt`` clock wakes the loop for an event due before the next frame (a box
  event handed over from the link's thread, the countdown's next second, the night's next
  line), instead of waiting for that frame: so timing does not depend on the frame rate;
* ``RESOLUTION``: Kivy fires a timed event when it is due within its clock's resolution,
  by default a third of a frame (17 ms at 20 frames a second), so early; 1 ms keeps the
  countdown's seconds and the night's lines on time;
* ``MULTISAMPLES = 0``: no multisample anti-aliasing. Kivy's default (2) more than doubled
  the cost of every redraw with a software renderer.

Importing this module imports no Kivy; ``configure()`` must run before ``kivy.clock`` and
``kivy.core.window`` are imported. A value set in the environment (``KCFG_GRAPHICS_MAXFPS``,
``KCFG_GRAPHICS_MULTISAMPLES``, ``KIVY_CLOCK``) wins.
"""

from __future__ import annotations

import os

MAXFPS = 20
MULTISAMPLES = 0
CLOCK = "interrupt"
RESOLUTION = 0.001  # seconds
AFTER = 0.005  # a screen's tick aims this long after the moment it waits for: Kivy fires
# up to about 2 ms early (its resolution, and it wakes a little before), and a tick that came
# just before the debate's end would show 0:00 but sound the end only after the redraw


def configure() -> None:
    os.environ.setdefault("KIVY_CLOCK", CLOCK)
    from kivy.config import Config

    if "KCFG_GRAPHICS_MAXFPS" not in os.environ:
        Config.set("graphics", "maxfps", str(MAXFPS))
    if "KCFG_GRAPHICS_MULTISAMPLES" not in os.environ:
        Config.set("graphics", "multisamples", str(MULTISAMPLES))


def tune(clock) -> None:
    """Settings of Kivy's clock itself (once it exists)."""
    clock.clock_resolution = RESOLUTION
