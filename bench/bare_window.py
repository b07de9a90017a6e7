"""The floor for the app's figures: a bare Kivy window showing one label updated once a
second. ``bench/run.py`` launches it as it launches the app and measures both the same way.

    python bench/bare_window.py [--maxfps N]

With ``ONENIGHT_TRACE`` set it writes its first frame's time there, like the app does.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--maxfps", type=int, default=60, help="Kivy's frame cap (its default: 60)")
    ap.add_argument("--multisamples", type=int, default=2,
                    help="Kivy's multisample anti-aliasing (its default: 2)")
    args = ap.parse_args(argv)
    os.environ["KIVY_NO_ARGS"] = "1"
    from kivy.config import Config

    Config.set("graphics", "maxfps", str(args.maxfps))
    Config.set("graphics", "multisamples", str(args.multisamples))
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.uix.label import Label

    trace = os.environ.get("ONENIGHT_TRACE")

    class Bare(App):
        def build(self):
            self.label = Label(text="0", font_size=64)
            if trace:
                Window.bind(on_flip=self.first_flip)
            Clock.schedule_interval(self.tick, 1.0)
            return self.label

        def tick(self, _dt):
            self.label.text = str(int(self.label.text) + 1)

        def first_flip(self, *_):
            Window.unbind(on_flip=self.first_flip)
            with open(trace, "a", encoding="utf-8") as f:
                f.write(json.dumps({"mark": "first_frame", "t": time.monotonic(),
                                    "cpu": time.process_time()}) + "\n")

    Bare().run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
