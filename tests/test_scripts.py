"""scripts/bootstrap and scripts/app at the edges of a machine's set-up: a user without root
or sudo, a Python without venv support (stock Debian), a .venv left half made, a session with
no screen.

The scripts run on a copy of their folder, with a PATH of stand-ins for the system's commands
(python3, dpkg-query, apt-get, id, the X and socket tools) that say what a given machine would
say, and write down what the scripts asked of them. Nothing is installed."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SYSTEM = ["libgl1", "libgl1-mesa-dri", "libegl1", "libportaudio2"]
FOR_TESTS = ["xvfb", "xauth", "socat", "systemd"]

FAKE_PYTHON = r"""#!/bin/bash
# python3 as the machine has it: STUB_NO_ENSUREPIP=1 for one without python3-venv
case "$*" in
  *version_info*) exit 0 ;;
  *ensurepip*) [ -z "${STUB_NO_ENSUREPIP:-}" ] ;;
  "-m venv .venv")
    mkdir -p .venv/bin
    cp "$STUB_DIR/venv-python" .venv/bin/python
    if [ -n "${STUB_NO_ENSUREPIP:-}" ]; then
      echo "The virtual environment was not created successfully because ensurepip is not available." >&2
      exit 1
    fi
    touch .venv/has-pip ;;
  *) echo "fake python3: unexpected $*" >&2; exit 99 ;;
esac
"""

VENV_PYTHON = r"""#!/bin/bash
# the .venv's python: pip only if the venv was made with it
venv=$(dirname "$0")/..
case "$*" in
  *"import pip"*) [ -f "$venv/has-pip" ] ;;
  "-m pip install -q --upgrade pip") [ -f "$venv/has-pip" ] ;;
  "-m pip install"*) [ -f "$venv/has-pip" ] || exit 1; echo "$*" >> "$STUB_LOG"; touch "$venv/installed" ;;
  *"import onenight"*) [ -f "$venv/installed" ] && pwd -P ;;
  *) echo "fake venv python: unexpected $*" >&2; exit 99 ;;
esac
"""

DPKG_QUERY = r"""#!/bin/bash
# dpkg-query -W -f=... PACKAGE: installed if listed in STUB_INSTALLED
pkg=${@: -1}
case " $STUB_INSTALLED " in *" $pkg "*) printf 'install ok installed' ;; *) exit 1 ;; esac
"""

LOGGER = """#!/bin/bash
echo "$(basename "$0") $*" >> "$STUB_LOG"
"""


class Machine:
    """A checkout's copy and the stand-ins of one machine."""

    def __init__(self, tmp: Path, uid: int = 1000, installed: tuple[str, ...] = (),
                 sudo: bool = False, ensurepip: bool = True):
        self.repo = tmp / "checkout"
        (self.repo / "scripts").mkdir(parents=True)
        for name in ("bootstrap", "app"):
            shutil.copy(ROOT / "scripts" / name, self.repo / "scripts" / name)
        (self.repo / "pyproject.toml").write_text("[project]\nname = 'onenight'\n")
        self.bin = tmp / "bin"
        self.bin.mkdir()
        self.log = tmp / "asked"
        self.log.write_text("")
        for tool in ("bash", "cat", "cp", "cut", "dirname", "basename", "grep", "mkdir", "rm",
                     "sha256sum", "touch"):
            os.symlink(shutil.which(tool), self.bin / tool)
        self.stub("python3", FAKE_PYTHON)
        (tmp / "venv-python").write_text(VENV_PYTHON)
        self.stub("dpkg-query", DPKG_QUERY)
        self.stub("id", f"#!/bin/bash\necho {uid}\n")
        self.stub("apt-get", LOGGER)
        if sudo:
            self.stub("sudo", LOGGER + '"$@"\n')
        for tool, pkg in (("xvfb-run", "xvfb"), ("xauth", "xauth"), ("socat", "socat"),
                          ("systemd-analyze", "systemd")):
            if pkg in installed:
                self.stub(tool, "#!/bin/bash\n")
        self.env = {"PATH": str(self.bin), "HOME": str(tmp), "STUB_DIR": str(tmp),
                    "STUB_LOG": str(self.log), "STUB_INSTALLED": " ".join(installed)}
        if not ensurepip:
            self.env["STUB_NO_ENSUREPIP"] = "1"
        os.chmod(tmp / "venv-python", 0o755)

    def stub(self, name: str, text: str) -> None:
        p = self.bin / name
        p.write_text(text)
        p.chmod(p.stat().st_mode | stat.S_IXUSR)

    def run(self, script: str, *args: str, **env) -> subprocess.CompletedProcess:
        return subprocess.run([str(self.bin / "bash"), f"scripts/{script}", *args],
                              cwd=self.repo, env={**self.env, **env}, capture_output=True,
                              text=True, timeout=60)

    def asked(self) -> list[str]:
        return self.log.read_text().splitlines()


EVERYTHING = tuple(SYSTEM + FOR_TESTS)


def test_without_root_or_sudo_it_says_what_to_install_and_how(tmp_path):
    m = Machine(tmp_path)
    r = m.run("bootstrap")
    assert r.returncode == 1
    assert "command not found" not in r.stderr
    assert f"these system packages are missing: {' '.join(SYSTEM + FOR_TESTS)}" in r.stderr
    assert f"  apt-get install {' '.join(SYSTEM + FOR_TESTS)}" in r.stderr
    assert m.asked() == [] and not (m.repo / ".venv").exists()


def test_the_app_alone_needs_no_test_tools(tmp_path):
    m = Machine(tmp_path, installed=tuple(SYSTEM))
    r = m.run("bootstrap", "--app")
    assert r.returncode == 0, r.stderr
    assert m.asked() == ["-m pip install -q -e .[app]"]


def test_as_root_it_installs_them_with_apt(tmp_path):
    m = Machine(tmp_path, uid=0, installed=("libgl1", "xauth"))
    r = m.run("bootstrap")
    assert r.returncode == 0, r.stderr
    assert m.asked() == ["apt-get update -qq",
                         "apt-get install -y -qq libgl1-mesa-dri libegl1 libportaudio2 xvfb socat systemd",
                         "-m pip install -q -e .[app,box,test,render,piper]"]


def test_with_sudo_it_asks_sudo(tmp_path):
    m = Machine(tmp_path, sudo=True, installed=EVERYTHING[:-1])
    assert m.run("bootstrap").returncode == 0
    assert m.asked()[:2] == ["sudo apt-get update -qq", "apt-get update -qq"]
    assert "sudo apt-get install -y -qq systemd" in m.asked()


def test_without_python3_venv_it_asks_for_it_and_leaves_no_half_made_venv(tmp_path):
    m = Machine(tmp_path, installed=EVERYTHING, ensurepip=False)
    r = m.run("bootstrap")
    assert r.returncode == 1
    assert "these system packages are missing: python3-venv" in r.stderr
    assert not (m.repo / ".venv").exists()


def test_a_venv_left_without_pip_is_made_again(tmp_path):
    """What an earlier run left when python3-venv was missing: a .venv with no pip."""
    m = Machine(tmp_path, installed=EVERYTHING)
    (m.repo / ".venv" / "bin").mkdir(parents=True)
    shutil.copy(tmp_path / "venv-python", m.repo / ".venv" / "bin" / "python")
    r = m.run("bootstrap")
    assert r.returncode == 0, r.stderr
    assert (m.repo / ".venv" / "has-pip").exists()
    assert m.asked() == ["-m pip install -q -e .[app,box,test,render,piper]"]


def test_a_second_run_does_nothing_until_something_changes(tmp_path):
    m = Machine(tmp_path, installed=EVERYTHING)
    assert m.run("bootstrap").returncode == 0
    assert m.run("bootstrap").returncode == 0
    assert len(m.asked()) == 1
    (m.repo / "pyproject.toml").write_text("[project]\nname = 'onenight'\nversion = '2'\n")
    assert m.run("bootstrap").returncode == 0
    assert len(m.asked()) == 2


@pytest.mark.parametrize("ssh, says", [
    ({"SSH_CONNECTION": "10.0.0.2 50000 10.0.0.1 22"}, "you are connected over SSH"),
    ({}, "start the app from a desktop session")])
def test_the_app_without_a_screen_says_so_and_stops(tmp_path, ssh, says):
    m = Machine(tmp_path, installed=EVERYTHING)
    r = m.run("app", **ssh)
    assert r.returncode == 1 and says in r.stderr
    assert m.asked() == [] and not (m.repo / ".venv").exists()  # nothing set up for nothing
