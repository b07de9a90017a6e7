"""``onenight-box`` as a user meets it: without the box extra it says which extra to install
(its --help too), and SIGTERM (``systemctl stop``, ``kill``) stops it, the simulated box's
console included."""

import signal
import subprocess
import sys
import time

import pytest

#: an install without gpiozero, in a child process: the import fails as it would there
WITHOUT_GPIOZERO = ("import sys; sys.modules['gpiozero'] = None; "
                    "from onenight_box.cli import main; sys.exit(main(sys.argv[1:]))")


def run_without_gpiozero(*args):
    return subprocess.run([sys.executable, "-c", WITHOUT_GPIOZERO, *args], capture_output=True,
                          text=True, timeout=60)


def test_help_without_the_box_extra_says_which_extra_to_install():
    r = run_without_gpiozero("--help")
    assert r.returncode == 0 and r.stderr == ""
    text = " ".join(r.stdout.split())
    assert "This install lacks gpiozero" in text
    assert 'pip install ".[box]"' in text and "whl[box]" in text


@pytest.mark.parametrize("args", [["--simulate"], ["--serial", "/dev/ttyGS0"]])
def test_running_without_the_box_extra_says_so_in_one_line(args):
    r = run_without_gpiozero(*args)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("onenight-box: this install lacks gpiozero; install onenight "
                               "with the box extra")
    assert len(r.stderr.splitlines()) == 1


def test_sigterm_stops_the_simulated_box_waiting_at_its_console(tmp_path):
    p = subprocess.Popen([sys.executable, "-m", "onenight_box", "--simulate", "--state",
                          str(tmp_path), "--tcp", "127.0.0.1:0"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while p.stdout.readline().strip() != "ready":
            assert time.monotonic() < deadline and p.poll() is None
        p.send_signal(signal.SIGTERM)  # stdin stays open: the console is waiting for a line
        status = p.wait(timeout=15)
        err = p.stderr.read()
        assert status == 0 and "Traceback" not in err, err
    finally:
        p.kill()
        p.wait()
