"""The Raspberry Pi as the table's tablet, with the vote box's bridge on the same Pi: the
shipped unit serves the link on this machine only, systemd accepts it, and the app reaches
the box through it at socket://127.0.0.1 and pairs. (The autostart entry, full screen on the
touchscreen's 800x480, is tried in test_start.py.)"""

import configparser
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from onenight_box.cli import parse_args
from onenight.box import BoxClient, KeyStore

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "hw" / "onenight-box-local.service"


def exec_start(unit: Path) -> list[str]:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str
    parser.read(unit, encoding="utf-8")
    return shlex.split(parser["Service"]["ExecStart"])


def test_the_local_unit_serves_the_link_on_this_machine_only():
    program, *args = exec_start(UNIT)
    assert program == "/opt/onenight/venv/bin/onenight-box"
    options = parse_args(args)
    assert options.tcp == "127.0.0.1:7878" and options.serial == []
    assert not options.simulate
    # the same state (state.json, paired tablets) as the box's own unit
    assert options.state == parse_args(exec_start(ROOT / "hw" / "onenight-box.service")[1:]).state


def test_systemd_accepts_the_units(tmp_path):
    """systemd-analyze verify, with the program path pointed at this install's command."""
    program = Path(sys.executable).parent / "onenight-box"
    for unit in ("onenight-box-local.service", "onenight-box.service"):
        copy = tmp_path / unit
        copy.write_text((ROOT / "hw" / unit).read_text().replace(
            "/opt/onenight/venv/bin/onenight-box", str(program)))
        r = subprocess.run([shutil.which("systemd-analyze") or "systemd-analyze", "verify",
                            str(copy)], capture_output=True, text=True, timeout=60)
        assert r.returncode == 0 and r.stderr == "", r.stderr


def test_the_app_reaches_the_box_on_the_same_machine_and_pairs(tmp_path):
    """The unit's own options (the simulated pads instead of the GPIO, and a free port)."""
    _, *args = exec_start(UNIT)
    args = [a.replace(":7878", ":0").replace("/var/lib/onenight-box", str(tmp_path / "box"))
            for a in args]
    box = subprocess.Popen([sys.executable, "-m", "onenight_box", *args, "--simulate"],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True)
    client = None
    try:
        listening = box.stdout.readline()
        m = re.fullmatch(r"listening tcp 127\.0\.0\.1:(\d+)\n", listening)
        assert m, listening
        client = BoxClient(f"socket://127.0.0.1:{m[1]}", KeyStore(tmp_path / "tablet.json"))
        client.start()
        assert client.wait_for(lambda c: c.status == "unpaired", 10)
        client.pair()  # the host taps Pair: the tablet shows a code
        assert client.wait_for(lambda c: c.pair_code is not None, 10)
        box.stdin.write(f"code 1 {client.pair_code}\n")  # dialled on seat 1's pad
        box.stdin.flush()
        assert client.wait_for(lambda c: c.status == "connected", 10)
    finally:
        if client is not None:
            client.stop()
        box.stdin.close()
        box.wait(timeout=15)
