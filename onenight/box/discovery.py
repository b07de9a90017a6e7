"""Finding the vote box: the serial devices of this machine, and the boxes on the local
network, which answer a UDP query (the protocol's DISCOVERY_* messages) with their name and
the TCP port of their link. The settings offer what was found; nothing has to be typed."""

from __future__ import annotations

import select
import socket
import time
from dataclasses import dataclass

from onenight_box import protocol as p


@dataclass(frozen=True)
class Found:
    name: str  # what to show: the box's name, or the serial device's description
    address: str  # what the link connects to: socket://host:port or a device path
    kind: str  # "network" or "serial"


def serial_devices() -> list[Found]:
    """The serial devices of this machine (a box on a USB cable is one of them)."""
    try:
        from serial.tools import list_ports
    except ImportError:
        return []
    out = []
    for port in sorted(list_ports.comports(), key=lambda x: x.device):
        label = port.description if port.description and port.description != "n/a" \
            else port.device
        out.append(Found(label, port.device, "serial"))
    return out


def network_boxes(timeout: float = 1.0, targets=None, want: int | None = None,
                  clock=time.monotonic) -> list[Found]:
    """The boxes that answer within ``timeout`` seconds. ``targets``: the (host, port) pairs
    asked (by default the local network's broadcast address and this machine); ``want``:
    stop as soon as that many have answered."""
    if targets is None:
        targets = [("255.255.255.255", p.DISCOVERY_PORT), ("127.0.0.1", p.DISCOVERY_PORT)]
    found: dict[str, Found] = {}
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        sock.bind(("0.0.0.0", 0))
        for target in targets:
            try:
                sock.sendto(p.DISCOVERY_QUERY, target)
            except OSError:
                continue  # no route there (no network): the other targets may answer
        end = clock() + timeout
        while (left := end - clock()) > 0 and (want is None or len(found) < want):
            ready, _, _ = select.select([sock], [], [], left)
            if not ready:
                break
            try:
                data, (host, _port) = sock.recvfrom(512)
                reply = p.parse_discovery_reply(data)
            except (OSError, p.ProtocolError):
                continue  # a stray datagram is not a box
            address = f"socket://{host}:{reply['tcp']}"
            found.setdefault(address, Found(reply["id"], address, "network"))
    return list(found.values())
