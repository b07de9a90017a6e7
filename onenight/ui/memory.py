"""The C heap's free pages given back to the system when the screen changes.

glibc's allocator keeps the pages of the memory a process frees for its next allocations; in
a long classic game the app frees and takes again megabytes each night (label textures, the
still pictures, the renderer's work), and the pages it held stayed resident: over nine nights
the resident set rose from 182 to 224 MB, and ``malloc_trim`` at each night's start and end
gave back about 9 MB each time, leaving it within 3 MB over those nights
(docs/performance.md). So the app trims the heap a moment after each change of screen (never
during a night: its screen stays). A C library without ``malloc_trim`` (Android's) is left
as it is.
"""

from __future__ import annotations

import ctypes
import ctypes.util

AFTER = 0.5
"""Seconds after a change of screen: the new screen is drawn first."""

_trim = None  # the C library's malloc_trim, once looked up; False when it has none


def give_back() -> bool:
    """Hand the C heap's free pages back to the system; False where the C library cannot.
    (Python's garbage is not collected first: a full collection takes tens of milliseconds,
    and what Python frees it frees at once.)"""
    global _trim
    if _trim is None:
        try:
            _trim = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
            _trim.argtypes, _trim.restype = [ctypes.c_size_t], ctypes.c_int
        except (OSError, AttributeError):
            _trim = False
    if not _trim:
        return False
    _trim(0)
    return True


def after_each_screen(manager, clock) -> None:
    """Give the memory back ``AFTER`` seconds after each change of ``manager``'s screen (one
    trim for changes close together)."""
    event = clock.create_trigger(lambda *_: give_back(), AFTER)
    manager.fbind("current", lambda *_: event())
