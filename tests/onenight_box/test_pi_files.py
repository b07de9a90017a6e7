"""The files a builder installs on the Pi and on a Linux tablet agree with the program and with
each other: the unit's command line is one the bridge takes, it is sandboxed and never gives
up, it listens only where it lets packets in, and the udev rule matches the name the Pi's set-up
gives its serial gadget. Both units: the box's own Pi's, and the one for a Pi that is the
tablet with the pads on its header."""

import configparser
import ipaddress
import re
import shlex
from pathlib import Path

import pytest

from onenight_box.cli import parse_args

HW = Path(__file__).resolve().parents[2] / "hw"
UNITS = ["onenight-box.service", "onenight-box-local.service"]  # the box's Pi; the tablet's


def unit(name: str = "onenight-box.service") -> configparser.ConfigParser:
    c = configparser.ConfigParser(strict=False, interpolation=None, delimiters=("=",))
    c.optionxform = str
    c.read_string((HW / name).read_text())
    return c


def test_the_unit_runs_a_command_the_bridge_takes():
    args = parse_args(shlex.split(unit()["Service"]["ExecStart"])[1:])
    assert args.serial == ["/dev/ttyGS0"] and args.state == "/var/lib/onenight-box"
    assert not args.simulate


@pytest.mark.parametrize("name", UNITS)
def test_the_unit_never_gives_up_and_is_sandboxed(name):
    c = unit(name)
    assert c["Unit"]["StartLimitIntervalSec"] == "0"
    s = c["Service"]
    assert s["Restart"] == "always"
    for key, value in (("NoNewPrivileges", "yes"), ("ProtectSystem", "strict"),
                       ("PrivateTmp", "yes"), ("DevicePolicy", "closed"),
                       ("StateDirectoryMode", "0700"), ("UMask", "0077")):
        assert s[key] == value, key
    allowed = re.findall(r"^DeviceAllow=(\S+)", (HW / name).read_text(), re.M)
    serial = parse_args(shlex.split(s["ExecStart"])[1:]).serial
    assert sorted(allowed) == sorted(["char-gpiochip", "char-i2c", *serial])


@pytest.mark.parametrize("name", UNITS)
def test_the_unit_listens_only_where_it_lets_packets_in(name):
    s = unit(name)["Service"]
    host = parse_args(shlex.split(s["ExecStart"])[1:]).tcp.rpartition(":")[0]
    assert host not in ("0.0.0.0", "", "::")
    assert s["IPAddressDeny"] == "any"
    allow = s["IPAddressAllow"].split()
    nets = [ipaddress.ip_network(n) for n in allow if n != "localhost"]
    assert any(ipaddress.ip_address(host) in n for n in nets) or \
        (ipaddress.ip_address(host).is_loopback and "localhost" in allow)


def test_the_udev_rule_matches_the_name_the_pi_gives_its_gadget():
    rule = (HW / "99-onenight-box.rules").read_text()
    product = re.search(r'ATTRS\{product\}=="([^"]+)"', rule)[1]
    setup = re.search(r"options g_serial .*iProduct=(\S+)", (HW / "README.md").read_text())
    assert setup and setup[1].strip('"') == product
