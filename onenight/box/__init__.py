"""The app's side of the vote box: :class:`BoxClient` (see docs/box-protocol.md)."""

from .client import (BUSY, CONNECTED, CONNECTING, DISCONNECTED, INCOMPATIBLE, KEY_MISMATCH,
                     UNPAIRED, BoxClient, BoxEvent, KeyStore)

__all__ = ["BoxClient", "BoxEvent", "KeyStore", "CONNECTED", "CONNECTING", "DISCONNECTED",
           "UNPAIRED", "BUSY", "KEY_MISMATCH", "INCOMPATIBLE"]
