"""What one redraw of a screen costs: CPU per frame, in Python's thread and in the renderer's
threads, with the screen redrawn 20 times a second on purpose so that the figure stands out
of the noise. For finding what a screen draws that it need not (docs/performance.md); the idle
figures of record are bench/run.py's.

    python bench/redraw.py                  # the debate (ONENIGHT_DEMO=day:600)
    python bench/redraw.py --demo night     # the night
    python bench/redraw.py --bare           # the bare window, for the floor

It starts its own virtual X server, like bench/run.py, and runs the app (or the bare window)
in a child process which measures itself from /proc/self/task.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FORCED_FPS = 20
WARMUP = 4.0  # seconds after start before forcing redraws (the demo sets its game up)


def thread_cpu() -> dict[str, int]:
    """Clock ticks used so far by this process's threads: Python's and the renderer's."""
    out = {"python": 0, "renderer": 0, "other": 0}
    for tid in os.listdir("/proc/self/task"):
        try:
            stat = Path(f"/proc/self/task/{tid}/stat").read_text()
        except OSError:  # the thread ended
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        ticks = int(fields[11]) + int(fields[12])
        kind = "renderer" if name.startswith("llvmpipe") else \
            "python" if tid == str(os.getpid()) else "other"
        out[kind] += ticks
    return out


def child(demo: str | None, seconds: float) -> None:
    sys.path.insert(0, str(ROOT))
    if demo:
        os.environ["ONENIGHT_DEMO"] = demo
        from onenight.ui import pacing

        pacing.configure()
    else:
        from kivy.config import Config

        sys.path.insert(0, str(HERE))
        from run import app_graphics

        fps, ms = app_graphics()
        Config.set("graphics", "maxfps", str(fps))
        Config.set("graphics", "multisamples", str(ms))
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window

    frames = [0]
    Window.bind(on_flip=lambda *_: frames.__setitem__(0, frames[0] + 1))
    ticks = os.sysconf("SC_CLK_TCK")

    def measure(_dt):
        c0, f0, t0 = thread_cpu(), frames[0], time.monotonic()

        def done(_dt):
            c1, n = thread_cpu(), frames[0] - f0
            result = {k: round(1000 * (c1[k] - c0[k]) / ticks / max(n, 1), 2) for k in c1}
            result = {f"{k}_ms_per_frame": v for k, v in result.items()}
            result.update(frames=n, seconds=round(time.monotonic() - t0, 2))
            print(json.dumps(result), flush=True)
            App.get_running_app().stop()

        Clock.schedule_once(done, seconds)

    def force(_dt):
        Clock.schedule_interval(lambda _dt: Window.canvas.ask_update(), 1 / FORCED_FPS)
        Clock.schedule_once(measure, 1.0)

    Clock.schedule_once(force, WARMUP)
    if demo:
        from onenight.ui.app import run_app

        run_app()
    else:
        from kivy.uix.label import Label

        class Bare(App):
            def build(self):
                return Label(text="0", font_size=64)

        Bare().run()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--demo", default="day:600", help="ONENIGHT_DEMO spec (default: day:600)")
    ap.add_argument("--bare", action="store_true", help="the bare window instead of the app")
    ap.add_argument("--seconds", type=float, default=8.0, help="how long to measure")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    demo = None if args.bare else args.demo
    if args.child:
        child(demo, args.seconds)
        return 0
    sys.path.insert(0, str(HERE))
    import run as R

    with R.Xvfb() as x, tempfile.TemporaryDirectory(prefix="onenight-bench-") as work:
        env = R.Bench(x.display, Path(work), None).env
        cmd = [sys.executable, __file__, "--child", "--seconds", str(args.seconds)]
        cmd += ["--bare"] if args.bare else ["--demo", args.demo]
        out = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True,
                             timeout=WARMUP + args.seconds + 60)
    lines = [ln for ln in out.stdout.splitlines() if ln.startswith("{")]
    if out.returncode or not lines:
        print(out.stderr[-3000:], file=sys.stderr)
        print(f"redraw: the child process failed (status {out.returncode})", file=sys.stderr)
        return 1
    print(lines[-1])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
