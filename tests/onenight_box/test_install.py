"""The files a builder installs on the Pi and on a Linux tablet agree with the program and with
each other: the unit's command line is one the bridge takes, it is sandboxed and never gives
up, it listens only where it lets packets in, and the udev rule matches the name the Pi's set-up
gives its serial gadget."""

import configparser
import ipaddress
import re
import shlex
from pathlib import Path

from onenight_box.cli import parse_args

HW = Path(__file__).resolve().parents[2] / "hw"


def unit() -> configparser.ConfigParser:
    c = configparser.ConfigParser(strict=False, interpolation=None, delimiters=("=",))
    c.optionxform = str
    c.read_string((HW / "onenight-box.service").read_text())
    return c


def test_the_unit_runs_a_command_the_bridge_takes():
    args = parse_args(shlex.split(unit()["Service"]["ExecStart"])[1:])
    assert args.serial == ["/dev/ttyGS0"] and args.state == "/var/lib/onenight-box"
    assert not args.simulate


def test_the_unit_never_gives_up_and_is_sandboxed():
    c = unit()
    assert c["Unit"]["StartLimitIntervalSec"] == "0"
    s = c["Service"]
    assert s["Restart"] == "always"
    for key, value in (("NoNewPrivileges", "yes"), ("ProtectSystem", "strict"),
                       ("PrivateTmp", "yes"), ("DevicePolicy", "closed"),
                       ("StateDirectoryMode", "0700"), ("UMask", "0077")):
        assert s[key] == value, key
    text = (HW / "onenight-box.service").read_text()
    allowed = re.findall(r"^DeviceAllow=(\S+)", text, re.M)
    assert "/dev/ttyGS0" in allowed and "char-gpiochip" in allowed and "char-i2c" in allowed


def test_the_unit_listens_only_where_it_lets_packets_in():
    s = unit()["Service"]
    host = parse_args(shlex.split(s["ExecStart"])[1:]).tcp.rpartition(":")[0]
    assert host not in ("0.0.0.0", "", "::")
    assert s["IPAddressDeny"] == "any"
    nets = [ipaddress.ip_network(n) for n in s["IPAddressAllow"].split() if n != "localhost"]
    assert any(ipaddress.ip_address(host) in n for n in nets)


def test_the_udev_rule_matches_the_name_the_pi_gives_its_gadget():
    rule = (HW / "99-onenight-box.rules").read_text()
    product = re.search(r'ATTRS\{product\}=="([^"]+)"', rule)[1]
    setup = re.search(r"options g_serial .*iProduct=(\S+)", (HW / "README.md").read_text())
    assert setup and setup[1].strip('"') == product
