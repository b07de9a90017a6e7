"""onenight's benchmark: each app figure measured in the same run as its floor, a bare Kivy
window showing one label updated once a second (bench/bare_window.py), so ratios hold on a
noisy machine. Not part of the test suite; the figures and their targets are recorded in
docs/performance.md.

    python bench/run.py            # the full run (about 16 minutes: a 10-minute debate)
    python bench/run.py --quick    # about 2 minutes: shorter debate and night, fewer repeats
    python bench/run.py --json     # one JSON object of the figures on standard output
    python bench/run.py --classic-soak 30   # instead: a 30-minute classic game, its memory

It starts its own virtual X server (Xvfb), launches the app and the bare window as separate
processes with SDL's dummy audio driver, and reads the marks the app writes to the file named
by ONENIGHT_TRACE (onenight/ui/trace.py). The app is started straight into a game with
ONENIGHT_DEMO (onenight/ui/demo.py), in a throw-away home folder.
"""

from __future__ import annotations

import argparse
import contextlib
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
HOME_SETTLE = 2.0  # seconds after the tap is answered: the home screen's memory read then
TAP = (320, 280)  # from the top left: the one-night game's tile on the home screen
AWAY = (1, 799)  # where the finger lets go: nothing there
# the classic game's night and debate (the app's demo specs): measured once the app has them
CLASSIC_DEMOS = {"night": "classic-night", "day": "classic-day"}


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


class Pointer:
    """A finger on the virtual screen: presses and releases sent with X's XTEST extension
    (libXtst, beside Xvfb), which SDL reads as a real mouse's, hence Kivy as a touch."""

    def __init__(self, display: str):
        self.display = display

    def __enter__(self):
        import ctypes

        self.x11 = ctypes.CDLL("libX11.so.6")
        self.xtst = ctypes.CDLL("libXtst.so.6")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XFlush.argtypes = [ctypes.c_void_p]
        self.x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                                   ctypes.c_int, ctypes.c_ulong]
        self.xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint,
                                                   ctypes.c_int, ctypes.c_ulong]
        self.dpy = self.x11.XOpenDisplay(self.display.encode())
        if not self.dpy:
            raise SystemExit(f"bench: cannot open the display {self.display}")
        return self

    def press(self, x: int, y: int) -> None:
        self.xtst.XTestFakeMotionEvent(self.dpy, -1, x, y, 0)
        self.xtst.XTestFakeButtonEvent(self.dpy, 1, 1, 0)
        self.x11.XFlush(self.dpy)

    def release(self, x: int, y: int) -> None:
        self.xtst.XTestFakeMotionEvent(self.dpy, -1, x, y, 0)
        self.xtst.XTestFakeButtonEvent(self.dpy, 1, 0, 0)
        self.x11.XFlush(self.dpy)

    def __exit__(self, *exc):
        self.x11.XCloseDisplay(self.dpy)


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

    def tap_answered(self, pointer: "Pointer", timeout: float = 60) -> float:
        """Tap until the app answers; the time of its answer (the ``tap_answered`` mark).
        A window that has drawn its first frame may not be on the X screen yet, and a press
        made before it is lost: so the finger presses again every 20 ms, each time moving
        off the tile before it lets go (no game is started)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pointer.press(*TAP)
            time.sleep(0.02)
            pointer.release(*AWAY)
            for m in self.marks():
                if m["mark"] == "tap_answered":
                    return m["t"]
        raise RuntimeError(f"no answer to a tap within {timeout:.0f} s")

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
        self.display = display
        self.work = work
        self.home = work / "home"
        self.home.mkdir()
        self.env = dict(os.environ, DISPLAY=display, HOME=str(self.home), KIVY_NO_ARGS="1",
                        KIVY_NO_CONSOLELOG="1", SDL_AUDIODRIVER="dummy",
                        KCFG_GRAPHICS_WIDTH=SIZE[0], KCFG_GRAPHICS_HEIGHT=SIZE[1])
        # PYTHONDONTWRITEBYTECODE would have the app compile every module of its own at each
        # launch: an installed app has its bytecode (pip writes it), and so does this one
        # after the warm-up launch
        for k in ("ONENIGHT_DEMO", "ONENIGHT_TRACE", "KIVY_CLOCK", "KCFG_GRAPHICS_MAXFPS",
                  "PYTHONDONTWRITEBYTECODE"):
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

    def cold_starts(self, launches: int) -> dict[str, list[float]]:
        """Seconds from launching to the first frame, the bare window's and the app's, in
        turn (after one warm-up launch of each, which also writes the app's bytecode); and
        for the app, to its answer to a tap on its home screen (``tap``): the first frame
        drawn after the press reached it, the press sent as soon as its first frame is."""
        fps, ms = app_graphics()
        out: dict[str, list[float]] = {"bare": [], "app": [], "tap": [], "bare_cpu": [],
                                       "app_cpu": [], "home_rss": []}
        with Pointer(self.display) as pointer:
            for i in range(launches + 1):
                p = self.bare(fps, ms)
                try:
                    mark = p.wait_mark("first_frame", 60)
                    first = mark["t"] - p.t0
                finally:
                    p.stop()
                q = self.app()
                try:
                    app_mark = q.wait_mark("first_frame", 60)
                    app_first = app_mark["t"] - q.t0
                    answered = q.tap_answered(pointer) - q.t0
                    time.sleep(HOME_SETTLE)  # the home screen as a tablet shows it, idle
                    home_rss = q.rss_mb()
                finally:
                    q.stop()
                if i:
                    out["bare"].append(first)
                    out["app"].append(app_first)
                    out["tap"].append(answered)
                    out["home_rss"].append(home_rss)
                    # the CPU each used to its first frame: what the load on the machine
                    # moves far less than the time
                    out["bare_cpu"].append(mark.get("cpu"))
                    out["app_cpu"].append(app_mark.get("cpu"))
        return out

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


def ratio(app: float, bare: float) -> float | None:
    return app / bare if bare > 0 else None


def median(xs: list) -> float | None:
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def classic_demo(kind: str) -> str | None:
    """The ``ONENIGHT_DEMO`` spec of the classic game's night or debate, None while the app
    has no such demo (``onenight/ui/demo.py`` refuses it): its figures are then left out."""
    from onenight.ui.demo import DemoError, parse

    spec = CLASSIC_DEMOS[kind]
    try:
        parse(spec)
    except DemoError:
        return None
    return spec


def marked_cpu_percent(marks: list[dict], start: str, end: str) -> float | None:
    """The app's CPU, percent of a core, from its mark ``start`` to its mark ``end``, both
    carrying ``time.process_time()``; None when either is missing or has no CPU. Read at
    the marks, not when the bench sees them: the night's end is followed in the same turn
    of the app's loop by the next screen's opening, which a poll would count as night."""
    first = next((m for m in marks if m["mark"] == start), None)
    last = next((m for m in marks if m["mark"] == end), None)
    if first is None or last is None or "cpu" not in first or "cpu" not in last:
        return None
    seconds = last["t"] - first["t"]
    return 100.0 * (last["cpu"] - first["cpu"]) / seconds if seconds > 0 else None


def night_run(b: Bench, spec: str) -> dict:
    """A whole night in the app, from its first frame to the night's end: its CPU, peak
    memory, and the marks of its lines."""
    p = b.app(spec)
    try:
        p.wait_mark("first_frame", 60)
        c0, t0 = p.cpu_seconds(), time.monotonic()
        peak = 0.0
        while not any(m["mark"] == "night_end" for m in p.marks()):
            if p.proc.poll() is not None:
                raise RuntimeError(f"the app ended during the night ({spec})")
            peak = max(peak, p.rss_mb())
            time.sleep(0.5)
        c1, t1 = p.cpu_seconds(), time.monotonic()
        marks = p.marks()
    finally:
        p.stop()
    end = [m for m in marks if m["mark"] == "night_end"][0]
    cpu = marked_cpu_percent(marks, "first_frame", "night_end")
    if cpu is None:  # an app whose marks carry no CPU: as polled (a little past the end)
        cpu = 100.0 * (c1 - c0) / (t1 - t0)
    return {"cpu": cpu, "rss": peak, "seconds": t1 - t0,
            "gaps": night_gaps(marks), "failed": end.get("clips_failed", 0)}


@contextlib.contextmanager
def session():
    """A bench on its own virtual screen, in a throw-away folder removed afterwards."""
    work = Path(tempfile.mkdtemp(prefix="onenight-bench-"))
    try:
        with Xvfb() as x:
            yield Bench(x.display, work, None)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def soak(minutes: float) -> dict:
    """The classic game played for ``minutes`` in the app (``ONENIGHT_DEMO=classic-game``:
    each night played by the night screen, each day by events, game after game), its resident
    set read every 5 s and at the start of each night; beside the bare window's (10 s,
    launched first). The growth per night is the slope of a least-squares line through the
    resident sets at the nights' starts, from the third night on (the first two build the
    screens of a night and a day the first time)."""
    fig: dict = {"classic_soak_minutes": minutes}
    with session() as b:
        fps, ms = app_graphics()
        p = b.bare(fps, ms)
        try:
            fig["bare_rss_mb"] = b.idle(p, 3.0, 10.0)[1]
        finally:
            p.stop()
        p = b.app("classic-game")
        starts: list[tuple[int, int, float]] = []  # (game, night, RSS MB)
        samples: list[float] = []
        try:
            p.wait_mark("first_frame", 60)
            end = time.monotonic() + 60.0 * minutes
            seen = 0
            while time.monotonic() < end:
                if p.proc.poll() is not None:
                    raise RuntimeError("the app ended during the classic game")
                rss = p.rss_mb()
                samples.append(rss)
                nights = [m for m in p.marks() if m["mark"] == "classic_night"]
                for m in nights[seen:]:
                    starts.append((m["game"], m["night"], rss))
                    log(f"game {m['game']}, night {m['night']}: {rss:.1f} MB")
                seen = len(nights)
                time.sleep(5.0)
            failed = sum(m.get("clips_failed", 0) for m in p.marks()
                         if m["mark"] == "night_end")
        finally:
            p.stop()
    rss = [r for _g, _n, r in starts]
    fig["classic_soak_nights"] = len(starts)
    fig["classic_soak_games"] = starts[-1][0] if starts else 0
    fig["classic_soak_clips_failed"] = failed
    fig["classic_soak_rss_mb_nights"] = [round(r, 1) for r in rss]
    fig["classic_soak_rss_mb_first"] = rss[0] if rss else None
    fig["classic_soak_rss_mb_last"] = rss[-1] if rss else None
    fig["classic_soak_rss_mb_max"] = max(samples) if samples else None
    fig["classic_soak_rss_mb_delta"] = (max(samples) - fig["bare_rss_mb"]) if samples else None
    later = rss[2:]
    fig["classic_soak_rss_mb_per_night"] = \
        statistics.linear_regression(range(len(later)), later).slope if len(later) > 1 else None
    return fig


def run(quick: bool) -> dict:
    fig: dict = {"quick": quick}
    with session() as b:
        fps, ms = app_graphics()
        fig["app_maxfps"], fig["app_multisamples"] = fps, ms
        launches = 3 if quick else 7
        rounds = 3
        window = 10.0 if quick else 30.0
        fig["rounds"] = rounds

        log(f"cold start: {launches} launches each, the bare window's and the app's in "
            "turn (after a warm-up of each); each app launch tapped once it has drawn")
        starts = b.cold_starts(launches)
        fig["bare_cold_start_s"] = median(starts["bare"])
        fig["cold_start_s"] = median(starts["app"])
        fig["cold_start_ratio"] = ratio(fig["cold_start_s"], fig["bare_cold_start_s"])
        fig["interactive_s"] = median(starts["tap"])
        fig["interactive_ratio"] = ratio(fig["interactive_s"], fig["bare_cold_start_s"])
        fig["bare_cold_start_cpu_s"] = median(starts["bare_cpu"])
        fig["cold_start_cpu_s"] = median(starts["app_cpu"])
        fig["cold_start_cpu_ratio"] = ratio(fig["cold_start_cpu_s"] or 0.0,
                                            fig["bare_cold_start_cpu_s"] or 0.0)
        # the home screen's memory: what a tablet shows at every start and between games,
        # which the demos below (straight into a game) never draw
        fig["home_rss_mb"] = median(starts["home_rss"])

        log(f"the bare window with Kivy's defaults (60 frames/s, multisamples 2), "
            f"{window:.0f} s")
        p = b.bare(60, 2)
        try:
            fig["bare_idle_cpu_percent_kivy_defaults"] = b.idle(p, 3.0, window)[0]
        finally:
            p.stop()

        debate = 40.0 if quick else 600.0
        night = "night:short" if quick else "night"
        cnight, cday = classic_demo("night"), classic_demo("day")
        per: dict[str, list] = {}

        def add(key, value):
            per.setdefault(key, []).append(value)

        def add_idle(game, cpu, rss, bare_cpu):
            add(f"{game}_cpu", cpu)
            add(f"{game}_rss", rss)
            add(f"{game}_ratio", ratio(cpu, bare_cpu))

        def idle_of(p):
            try:
                return b.idle(p, 3.0, window)
            finally:
                p.stop()

        for r in range(rounds):
            log(f"round {r + 1} of {rounds}: the bare window ({fps} frames/s, "
                f"multisamples {ms}), the app's debate ({window:.0f} s each), its night "
                f"({night})" + (", the classic game's" if cnight or cday else ""))
            bare_cpu, bare_rss = idle_of(b.bare(fps, ms))
            add("bare_cpu", bare_cpu)
            add("bare_rss", bare_rss)
            # the first round's debate runs to its end: the countdown's error
            p = b.app(f"day:{debate:g}" if r == 0 else "day:120")
            try:
                start = p.wait_mark("day_start", 60)
                cpu, rss = b.idle(p, 3.0, window)
                if r == 0:
                    end = p.wait_mark("day_end", debate + 30)
                    fig["countdown_seconds"] = debate
                    fig["countdown_error_ms"] = 1000.0 * (end["t"] - start["deadline"])
            finally:
                p.stop()
            add_idle("day", cpu, rss, bare_cpu)
            n = night_run(b, night)
            add_idle("night", n["cpu"], n["rss"], bare_cpu)
            add("night_seconds", n["seconds"])
            add("gaps", n["gaps"])
            add("failed", n["failed"])
            if cday:
                add_idle("classic_day", *idle_of(b.app(cday)), bare_cpu)
            if cnight:
                n = night_run(b, cnight)
                add_idle("classic_night", n["cpu"], n["rss"], bare_cpu)
                add("classic_gaps", n["gaps"])
                add("failed", n["failed"])

        fig["bare_idle_cpu_percent"] = median(per["bare_cpu"])
        fig["bare_rss_mb"] = median(per["bare_rss"])
        fig["idle_cpu_percent_day"] = median(per["day_cpu"])
        fig["idle_cpu_percent_night"] = median(per["night_cpu"])
        fig["idle_cpu_ratio_day"] = median(per["day_ratio"])
        fig["idle_cpu_ratio_night"] = median(per["night_ratio"])
        fig["rss_mb_day"] = median(per["day_rss"])
        fig["rss_mb_night"] = median(per["night_rss"])
        for game in ("classic_day", "classic_night"):
            fig[f"idle_cpu_percent_{game}"] = median(per.get(f"{game}_cpu", []))
            fig[f"idle_cpu_ratio_{game}"] = median(per.get(f"{game}_ratio", []))
            fig[f"rss_mb_{game}"] = median(per.get(f"{game}_rss", []))
        fig["night_seconds"] = median(per["night_seconds"])
        gaps = [g for night_gaps_ in per["gaps"] for g in night_gaps_]
        fig["narration_lines"] = len(per["gaps"][0]) + 1
        failed = sum(per["failed"])
        fig["narration_clips_failed"] = failed  # clips Kivy could not play: must be 0
        if failed:
            log(f"warning: {failed} clips could not be played: the gaps are not real")
        fig["narration_gap_ms"] = max(gaps)
        fig["narration_gap_ms_median"] = statistics.median(gaps)
        classic_gaps = [g for night_gaps_ in per.get("classic_gaps", []) for g in night_gaps_]
        fig["classic_narration_gap_ms"] = max(classic_gaps) if classic_gaps else None
        fig["classic_narration_gap_ms_median"] = \
            statistics.median(classic_gaps) if classic_gaps else None

        fig["idle_cpu_percent"] = max(fig["idle_cpu_percent_day"],
                                      fig["idle_cpu_percent_night"])
        fig["rss_mb"] = max(v for k, v in fig.items()
                            if k.startswith("rss_mb_") and v is not None)
        fig["rss_mb_delta"] = fig["rss_mb"] - fig["bare_rss_mb"]

    log("press to the app: onenight-box --simulate, over a pseudo-terminal and TCP")
    from box_latency import run as press_seconds

    for transport in ("pty", "tcp"):
        lat = [1000.0 * s for s in press_seconds(transport, 100 if quick else 300)]
        fig[f"press_p50_ms_{transport}"] = percentile(lat, 50)
        fig[f"press_p99_ms_{transport}"] = percentile(lat, 99)
        fig[f"press_max_ms_{transport}"] = max(lat)
    # a classic night's pick: the box sends every pad's choice, sealed, every PICK_PERIOD
    # whatever was pressed (docs/box-protocol.md), so a choice waits up to one period
    for transport in ("pty", "tcp"):
        lat = [1000.0 * s for s in press_seconds(transport, 40 if quick else 120, pick=True)]
        fig[f"pick_p50_ms_{transport}"] = percentile(lat, 50)
        fig[f"pick_p99_ms_{transport}"] = percentile(lat, 99)

    log("rules engines: whole games per second, one-night and classic")
    from rules_speed import classic_games_per_second, games_per_second

    fig["games_per_s"] = games_per_second(1.0 if quick else 3.0)
    fig["classic_games_per_s"] = classic_games_per_second(2.0 if quick else 6.0)
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
    # (figure, its floor, unit, target, the ratio's figure)
    ("cold_start_s", "bare_cold_start_s", "s", "< 1.5x bare", "cold_start_ratio"),
    ("interactive_s", "bare_cold_start_s", "s", "measured", "interactive_ratio"),
    ("cold_start_cpu_s", "bare_cold_start_cpu_s", "s", "measured", "cold_start_cpu_ratio"),
    ("idle_cpu_percent_day", "bare_idle_cpu_percent", "%", "< 1.5x bare", "idle_cpu_ratio_day"),
    ("idle_cpu_percent_night", "bare_idle_cpu_percent", "%", "< 1.5x bare",
     "idle_cpu_ratio_night"),
    ("idle_cpu_percent_classic_day", "bare_idle_cpu_percent", "%", "< 1.5x bare",
     "idle_cpu_ratio_classic_day"),
    ("idle_cpu_percent_classic_night", "bare_idle_cpu_percent", "%", "< 1.5x bare",
     "idle_cpu_ratio_classic_night"),
    ("home_rss_mb", "bare_rss_mb", "MB", "< bare + 30 MB", None),
    ("rss_mb_day", "bare_rss_mb", "MB", "< bare + 30 MB", None),
    ("rss_mb_night", "bare_rss_mb", "MB", "< bare + 30 MB", None),
    ("rss_mb_classic_day", "bare_rss_mb", "MB", "< bare + 30 MB", None),
    ("rss_mb_classic_night", "bare_rss_mb", "MB", "< bare + 30 MB", None),
    ("press_p50_ms_pty", None, "ms", "", None),
    ("press_p99_ms_pty", None, "ms", "< 5 ms", None),
    ("press_p50_ms_tcp", None, "ms", "", None),
    ("press_p99_ms_tcp", None, "ms", "< 5 ms", None),
    ("pick_p50_ms_pty", None, "ms", "", None),
    ("pick_p99_ms_pty", None, "ms", "<= the box's pick period (500 ms)", None),
    ("pick_p50_ms_tcp", None, "ms", "", None),
    ("pick_p99_ms_tcp", None, "ms", "<= the box's pick period (500 ms)", None),
    ("narration_gap_ms", None, "ms", "< 50 ms beyond the planned pause", None),
    ("classic_narration_gap_ms", None, "ms", "< 50 ms beyond the planned pause", None),
    ("countdown_error_ms", None, "ms", "< 20 ms", None),
    ("games_per_s", None, "", "", None),
    ("classic_games_per_s", None, "", "", None),
]


def report(fig: dict) -> str:
    lines = [f"onenight bench ({'quick' if fig['quick'] else 'full'}), "
             f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", machine(),
             f"app and bare window: {fig['app_maxfps']} frames/s, multisamples "
             f"{fig['app_multisamples']}; bare window with Kivy's defaults (60, 2): "
             f"{fig['bare_idle_cpu_percent_kivy_defaults']:.2f}% CPU",
             f"idle figures: the median of {fig['rounds']} rounds, each measuring the bare "
             "window and the app one after the other; a ratio is the median of the rounds' "
             "ratios"]
    if fig["quick"]:
        lines.append(f"quick run: a {fig['countdown_seconds']:.0f}-second debate (not 10 "
                     f"minutes) and a short night ({fig['narration_lines']} lines)")
    for key, floor, unit, target, ratio_key in TARGETS:
        v = fig.get(key)
        if v is None:
            lines.append(f"{key:30s} not measured: the app has no classic demo yet "
                         f"(ONENIGHT_DEMO={CLASSIC_DEMOS['night']}, {CLASSIC_DEMOS['day']})")
            continue
        text = f"{key:30s} {v:10.2f} {unit:3s}"
        if floor:
            text += f"  bare {fig[floor]:8.2f} {unit:3s}"
            if unit == "MB":
                text += f" (+{v - fig[floor]:.1f})"
            elif fig.get(ratio_key) is not None:
                text += f" (x{fig[ratio_key]:.2f})"
        if target:
            text += f"  target {target}"
        lines.append(text)
    return "\n".join(lines)


def soak_report(fig: dict) -> str:
    growth = fig["classic_soak_rss_mb_per_night"]
    return "\n".join([
        f"onenight bench (classic soak), {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}",
        machine(),
        f"the classic game for {fig['classic_soak_minutes']:g} minutes: "
        f"{fig['classic_soak_nights']} nights, {fig['classic_soak_games']} games, "
        f"{fig['classic_soak_clips_failed']} clips failed",
        f"resident set at each night's start (MB): {fig['classic_soak_rss_mb_nights']}",
        f"{'classic_soak_rss_mb_max':30s} {fig['classic_soak_rss_mb_max'] or 0:10.2f} MB   "
        f"bare {fig['bare_rss_mb']:8.2f} MB (+{fig['classic_soak_rss_mb_delta'] or 0:.1f})  "
        "target < bare + 30 MB",
        f"{'classic_soak_rss_mb_per_night':30s} "
        + (f"{growth:10.2f} MB" if growth is not None else "not measured (under 4 nights)")
        + "  target: flat (no growth per night)"])


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
    ap.add_argument("--classic-soak", type=float, metavar="MINUTES",
                    help="instead of the figures above: the classic game played game after "
                         "game for MINUTES (30 for the target), its resident set at each "
                         "night's start and its growth per night, beside the bare window's")
    args = ap.parse_args(argv)
    fig = soak(args.classic_soak) if args.classic_soak else run(args.quick)
    if args.json:
        print(json.dumps({k: round(v, 3) if isinstance(v, float) else v
                          for k, v in fig.items()}))
    elif args.classic_soak:
        print(soak_report(fig))
    else:
        print(report(fig))
    return 0


if __name__ == "__main__":
    sys.exit(main())
