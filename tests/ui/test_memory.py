"""The C heap's free pages handed back to the system after a change of screen
(onenight/ui/memory.py, docs/performance.md)."""

import ctypes
import ctypes.util
from pathlib import Path

from kivy.event import EventDispatcher
from kivy.properties import StringProperty

from onenight.ui import memory


def resident_mb() -> float:
    return int(Path("/proc/self/statm").read_text().split()[1]) * 4096 / 2 ** 20


def test_the_pages_freed_inside_the_heap_go_back_to_the_system():
    """40 MB of small blocks taken and freed, one kept after them so that the heap cannot
    just shrink from its end: resident until given back."""
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    blocks = [libc.malloc(1000) for _ in range(40_000)]
    for b in blocks:
        ctypes.memset(b, 1, 1000)  # touched: resident
    kept = libc.malloc(1000)
    for b in blocks:
        libc.free(b)
    before = resident_mb()
    assert memory.give_back() is True  # glibc, as on the tablet's Linux and the Pi
    assert before - resident_mb() > 20
    libc.free(kept)


class Manager(EventDispatcher):
    current = StringProperty("home")


class Clock:
    """Kivy's ``create_trigger``: a trigger pulled several times before it runs runs once."""

    def create_trigger(self, callback, timeout):
        self.callback, self.timeout, self.pulled = callback, timeout, False

        def pull():
            self.pulled = True
        return pull

    def run(self):
        if self.pulled:
            self.pulled = False
            self.callback(0)


def test_a_change_of_screen_gives_the_memory_back_a_moment_after(monkeypatch):
    given = []
    monkeypatch.setattr(memory, "give_back", lambda: given.append(1) or True)
    manager, clock = Manager(), Clock()
    memory.after_each_screen(manager, clock)
    assert clock.timeout == memory.AFTER > 0
    clock.run()
    assert given == []  # nothing changed
    manager.current = "classic_dawn"
    manager.current = "classic_night"
    clock.run()
    assert given == [1]  # once for changes close together
    manager.current = "classic_night"  # the same screen: no change
    clock.run()
    assert given == [1]
