"""The app's side of the vote box: :class:`BoxClient` (see docs/box-protocol.md)."""

from .client import (CONNECTED, CONNECTING, DISCONNECTED, UNPAIRED, BoxClient, BoxEvent,
                     KeyStore)

__all__ = ["BoxClient", "BoxEvent", "KeyStore", "CONNECTED", "CONNECTING", "DISCONNECTED",
           "UNPAIRED"]
