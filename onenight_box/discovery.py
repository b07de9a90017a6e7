"""The box answers an app looking for it on the local network (UDP, the protocol's
DISCOVERY_* messages): its name and the TCP port of its link, nothing else."""

from __future__ import annotations

import logging
import socket
import threading

from . import protocol as p

log = logging.getLogger("onenight-box.discovery")


class Responder:
    """Answers discovery queries on ``host``:``port`` (UDP) until stopped."""

    def __init__(self, box_id: str, tcp_port: int, host: str = "0.0.0.0",
                 port: int = p.DISCOVERY_PORT):
        self.reply = p.discovery_reply(box_id, tcp_port)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((host, port))
        self.sock.settimeout(0.5)
        self.address = self.sock.getsockname()
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, name="discovery", daemon=True)

    def start(self) -> "Responder":
        self.thread.start()
        log.info("discovery: answering on udp %s:%s", *self.address[:2])
        return self

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                data, sender = self.sock.recvfrom(256)
            except socket.timeout:
                continue
            except OSError:
                break
            if data.strip() == p.DISCOVERY_QUERY.strip():
                try:
                    self.sock.sendto(self.reply, sender)
                except OSError as e:  # a sender we cannot answer: the next query may do
                    log.info("discovery: cannot answer %s: %s", sender, e)

    def stop(self) -> None:
        self._stop.set()
        self.thread.join(timeout=2)
        self.sock.close()
