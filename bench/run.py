"""onenight's benchmark: each app figure measured in the same run as its floor, a bare Kivy
window showing one label updated once a second (bench/bare_window.py), so ratios hold on a
noisy machine. Not part of the test suite; the figures and their targets are recorded in
docs/performance.md.

    python bench/run.py            # the full run (about 16 minutes: a 10-minute debate)
    python bench/run.py --quick    # about 2 minutes: shorter debate and night, fewer repeats
    python bench/run.py --json     # one JSON object of the figures on standard output

It starts its own virtual X server (Xvfb), launches the app and the bare window as separate
processes with SDL's dummy audio driver, and reads the marks the app writes to the file named
by ONENIGHT_TRACE (onenight/ui/trace.py). The app is started straight into a game with
ONENIGHT_DEMO (onenight/ui/demo.py), in a throw-away home folder.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")
SIZE = ("1280", "800")  # the tablet's screen


def log(*a) -> None:
    print(*a, file=sys.stderr, flush=True)


# ------------------------------------------------------------------ the virtual screen
class Xvfb:
    """Its own X server, on a display number the server picks itself (``-displayfd``): two
    benches (or a bench and the test suite's server) started at once never race for one."""

    def __init__(self):
        self.proc = None
        self.display = None

    def __enter__(self):
        if shutil.which("Xvfb") is None:
            raise SystemExit("bench: Xvfb is missing (scripts/bootstrap installs it)")
        read, write = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24",
             "-nolisten", "tcp"], pass_fds=(write,),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read, "rb") as pipe:  # it writes its number once it is ready
            ready, _, _ = select.select([pipe], [], [], 30)
            number = pipe.readline().strip() if ready else b""
        if not number.isdigit():
            self.proc.kill()
            self.proc.wait(5)
            raise SystemExit("bench: Xvfb did not start")
        self.display = f":{int(number)}"
        return self

    def __exit__(self, *exc):
        self.proc.terminate()
        self.proc.wait(5)


# ------------------------------------------------------------------ a process under test
class Launched:
    """A process started with a trace file; its CPU time and memory read from /proc."""

    def __init__(self, argv, env, trace_path: Path):
        self.trace_path = trace_path
        trace_path.unlink(missing_ok=True)
        self.t0 = time.monotonic()
        self.proc = subprocess.Popen(argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)

    def marks(self) -> list[dict]:
        from onenight.ui.trace import read

        return read(str(self.trace_path))

    def wait_mark(self, name: str, timeout: float) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for m in self.marks():
                if m["mark"] == name:
                    return m
            if self.proc.poll() is not None:
                raise RuntimeError(f"the process ended (status {self.proc.returncode}) "
                                   f"before its {name!r} mark")
            time.sleep(0.01)
        raise RuntimeError(f"no {name!r} mark within {timeout:.0f} s")

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime

    def rss_mb(self) -> float:
        pages = int(Path(f"/proc/{self.proc.pid}/statm").read_text().split()[1])
        return pages * PAGE / 2 ** 20

    def cpu_percent(self, seconds: float) -> float:
        """Percent of one core used over the next ``seconds``."""
        c0, t0 = self.cpu_seconds(), time.monotonic()
        time.sleep(seconds)
        c1, t1 = self.cpu_seconds(), time.monotonic()
        return 100.0 * (c1 - c0) / (t1 - t0)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


class Bench:
    def __init__(self, display: str, work: Path, maxfps: int | None):
        self.work = work
        self.home = work / "home"
        self.home.mkdir()
        self.env = dict(os.environ, DISPLAY=display, HOME=str(self.home), KIVY_NO_ARGS="1",
                        KIVY_NO_CONSOLELOG="1", SDL_AUDIODRIVER="dummy",
                        KCFG_GRAPHICS_WIDTH=SIZE[0], KCFG_GRAPHICS_HEIGHT=SIZE[1])
        for k in ("ONENIGHT_DEMO", "ONENIGHT_TRACE", "KIVY_CLOCK", "KCFG_GRAPHICS_MAXFPS"):
            self.env.pop(k, None)
        self.maxfps = maxfps
        self.trace = work / "trace.jsonl"

    def app(self, demo: str | None = None) -> Launched:
        env = dict(self.env, ONENIGHT_TRACE=str(self.trace))
        if demo:
            env["ONENIGHT_DEMO"] = demo
        return Launched([sys.executable, "-m", "onenight"], env, self.trace)

    def bare(self, maxfps: int, multisamples: int) -> Launched:
        env = dict(self.env, ONENIGHT_TRACE=str(self.trace))
        return Launched([sys.executable, str(ROOT / "bench" / "bare_window.py"),
                         "--maxfps", str(maxfps), "--multisamples", str(multisamples)],
                        env, self.trace)

    def cold_start(self, launch, runs: int) -> float:
        """Median seconds from launching to the first frame (after one warm-up launch)."""
        times = []
        for i in range(runs + 1):
            p = launch()
            try:
                first = p.wait_mark("first_frame", 60)["t"] - p.t0
            finally:
                p.stop()
            if i:
                times.append(first)
        return statistics.median(times)

    def idle(self, p: Launched, settle: float, seconds: float) -> tuple[float, float]:
        """(CPU percent over ``seconds`` after ``settle`` s past the first frame, RSS MB)."""
        p.wait_mark("first_frame", 60)
        time.sleep(settle)
        cpu = p.cpu_percent(seconds)
        return cpu, p.rss_mb()


def app_graphics() -> tuple[int, int]:
    """The frame cap and multisampling the app runs with (Kivy's defaults if it sets none),
    so that the bare window is drawn the same way."""
    try:
        from onenight.ui.pacing import MAXFPS, MULTISAMPLES
    except ImportError:
        return 60, 2
    return MAXFPS, MULTISAMPLES


def night_gaps(marks: list[dict]) -> list[float]:
    """For each line after the first: how much later than planned it started after the
    previous one (its actual start minus the previous one's, minus the plan's), in ms."""
    cues = [m for m in marks if m["mark"] == "cue"]
    return [1000.0 * ((b["t"] - a["t"]) - (b["start"] - a["start"]))
            for a, b in zip(cues, cues[1:])]


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(q / 100 * (len(xs) - 1))))]


def run(quick: bool) -> dict:
    fig: dict = {"quick": quick}
    work = Path(tempfile.mkdtemp(prefix="onenight-bench-"))
    try:
        with Xvfb() as x:
            b = Bench(x.display, work, None)
            fps, ms = app_graphics()
            fig["app_maxfps"], fig["app_multisamples"] = fps, ms
            runs = 3 if quick else 7
            window = 10.0 if quick else 30.0

            log(f"cold start: {runs} launches each (after a warm-up)")
            fig["bare_cold_start_s"] = b.cold_start(lambda: b.bare(fps, ms), runs)
            fig["cold_start_s"] = b.cold_start(lambda: b.app(), runs)

            log(f"idle: bare window drawn as the app is ({fps} frames/s, multisamples {ms}) "
                f"and with Kivy's defaults (60, 2), {window:.0f} s each")
            for cap, samples, key in ((fps, ms, ""), (60, 2, "_kivy_defaults")):
                p = b.bare(cap, samples)
                try:
                    cpu, rss = b.idle(p, 3.0, window)
                finally:
                    p.stop()
                fig["bare_idle_cpu_percent" + key] = cpu
                if not key:
                    fig["bare_rss_mb"] = rss

            debate = 40.0 if quick else 600.0
            log(f"the day: a {debate:.0f}-second debate in the app")
            p = b.app(f"day:{debate:g}")
            try:
                start = p.wait_mark("day_start", 60)
                cpu, rss = b.idle(p, 3.0, window)
                fig["idle_cpu_percent_day"], fig["rss_mb_day"] = cpu, rss
                end = p.wait_mark("day_end", debate + 30)
                fig["countdown_seconds"] = debate
                fig["countdown_error_ms"] = 1000.0 * (end["t"] - start["deadline"])
            finally:
                p.stop()

            night = "night:short" if quick else "night"
            log(f"the night: {night} in the app")
            p = b.app(night)
            try:
                p.wait_mark("first_frame", 60)
                c0, t0 = p.cpu_seconds(), time.monotonic()
                peak = 0.0
                while not any(m["mark"] == "night_end" for m in p.marks()):
                    if p.proc.poll() is not None:
                        raise RuntimeError("the app ended during the night")
                    peak = max(peak, p.rss_mb())
                    time.sleep(0.5)
                c1, t1 = p.cpu_seconds(), time.monotonic()
                gaps = night_gaps(p.marks())
                failed = [m for m in p.marks() if m["mark"] == "night_end"][0]["clips_failed"]
            finally:
                p.stop()
            fig["idle_cpu_percent_night"] = 100.0 * (c1 - c0) / (t1 - t0)
            fig["rss_mb_night"] = peak
            fig["night_seconds"] = t1 - t0
            fig["narration_lines"] = len(gaps) + 1
            fig["narration_clips_failed"] = failed  # clips Kivy could not play: must be 0
            if failed:
                log(f"warning: {failed} clips could not be played: the gaps are not real")
            fig["narration_gap_ms"] = max(gaps)
            fig["narration_gap_ms_median"] = statistics.median(gaps)

            fig["idle_cpu_percent"] = max(fig["idle_cpu_percent_day"],
                                          fig["idle_cpu_percent_night"])
            fig["rss_mb"] = max(fig["rss_mb_day"], fig["rss_mb_night"])

        log("press to the app: onenight-box --simulate, over a pseudo-terminal and TCP")
        from box_latency import run as press_seconds

        for transport in ("pty", "tcp"):
            lat = [1000.0 * s for s in press_seconds(transport, 100 if quick else 300)]
            fig[f"press_p50_ms_{transport}"] = percentile(lat, 50)
            fig[f"press_p99_ms_{transport}"] = percentile(lat, 99)
            fig[f"press_max_ms_{transport}"] = max(lat)

        log("rules engines: whole games per second, one-night and classic")
        from rules_speed import classic_games_per_second, games_per_second

        fig["games_per_s"] = games_per_second(1.0 if quick else 3.0)
        fig["classic_games_per_s"] = classic_games_per_second(2.0 if quick else 6.0)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return fig


def machine() -> str:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, " \
           f"Python {platform.python_version()}"


TARGETS = [
    ("cold_start_s", "bare_cold_start_s", "s", "< 1.0 s and < 3x bare"),
    ("idle_cpu_percent_day", "bare_idle_cpu_percent", "%", "< 2% of one core"),
    ("idle_cpu_percent_night", "bare_idle_cpu_percent", "%", "< 2% of one core"),
    ("rss_mb", "bare_rss_mb", "MB", "< bare + 50 MB"),
    ("press_p50_ms_pty", None, "ms", ""),
    ("press_p99_ms_pty", None, "ms", "< 10 ms"),
    ("press_p50_ms_tcp", None, "ms", ""),
    ("press_p99_ms_tcp", None, "ms", "< 10 ms"),
    ("narration_gap_ms", None, "ms", "< 50 ms beyond the planned pause"),
    ("countdown_error_ms", None, "ms", "< 20 ms"),
    ("games_per_s", None, "", ""),
    ("classic_games_per_s", None, "", ""),
]


def report(fig: dict) -> str:
    lines = [f"onenight bench ({'quick' if fig['quick'] else 'full'}), "
             f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", machine(),
             f"app and bare window: {fig['app_maxfps']} frames/s, multisamples "
             f"{fig['app_multisamples']}; bare window with Kivy's defaults (60, 2): "
             f"{fig['bare_idle_cpu_percent_kivy_defaults']:.2f}% CPU"]
    if fig["quick"]:
        lines.append(f"quick run: a {fig['countdown_seconds']:.0f}-second debate (not 10 "
                     f"minutes) and a short night ({fig['narration_lines']} lines)")
    for key, floor, unit, target in TARGETS:
        v = fig[key]
        text = f"{key:24s} {v:10.2f} {unit:3s}"
        if floor:
            text += f"  bare {fig[floor]:8.2f} {unit:3s}"
            if key == "rss_mb":
                text += f" (+{v - fig[floor]:.1f})"
            else:
                text += f" (x{v / fig[floor]:.2f})" if fig[floor] else ""
        if target:
            text += f"  target {target}"
        lines.append(text)
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        prog="bench/run.py",
        description="Measure onenight next to a bare Kivy window: cold start, idle CPU and "
                    "memory, press to screen, narration gaps, countdown error, rules speed.")
    ap.add_argument("--quick", action="store_true",
                    help="a short run (about 2 minutes): a 40-second debate, a short night, "
                         "fewer launches and presses")
    ap.add_argument("--json", action="store_true",
                    help="print one JSON object of the figures (and nothing else) on stdout")
    args = ap.parse_args(argv)
    fig = run(args.quick)
    if args.json:
        print(json.dumps({k: round(v, 3) if isinstance(v, float) else v
                          for k, v in fig.items()}))
    else:
        print(report(fig))
    return 0


if __name__ == "__main__":
    sys.exit(main())
