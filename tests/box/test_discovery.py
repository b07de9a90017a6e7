"""The app finds the box on the network: a real responder and a real query over loopback
UDP; stray or malformed datagrams are not boxes."""

import socket

import pytest

from onenight_box import protocol as p
from onenight_box.discovery import Responder
from onenight.box.discovery import network_boxes


def test_a_box_answers_with_its_name_and_link_port_over_loopback():
    r = Responder("salon", 7878, host="127.0.0.1", port=0).start()
    try:
        found = network_boxes(timeout=5, targets=[r.address], want=1)
    finally:
        r.stop()
    assert [(f.name, f.address, f.kind) for f in found] == [
        ("salon", "socket://127.0.0.1:7878", "network")]


def test_nothing_answers_nothing_found():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as silent:
        silent.bind(("127.0.0.1", 0))  # a port where nobody answers
        assert network_boxes(timeout=0.05, targets=[silent.getsockname()]) == []


@pytest.mark.parametrize("data", [b"", b"hello", b"[1]", b'{"box":"other","tcp":1,"id":"x"}',
                                  b'{"box":"onenight-box","tcp":0,"id":"x"}',
                                  b'{"box":"onenight-box","tcp":true,"id":"x"}',
                                  b'{"box":"onenight-box","tcp":7878}', b"\xff" * 600])
def test_a_reply_that_is_not_a_box_is_refused_by_name(data):
    with pytest.raises(p.ProtocolError, match="discovery"):
        p.parse_discovery_reply(data)


def test_the_reply_round_trips():
    assert p.parse_discovery_reply(p.discovery_reply("salon", 7878)) == {"id": "salon",
                                                                        "tcp": 7878}
