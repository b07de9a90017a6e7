"""Settings every test process shares: Kivy quiet and argument-free, SDL's dummy audio driver
(real SDL2 playback with no sound card), before anything imports Kivy."""

import os

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# voice packs' clips made ready to play go to a folder of this run, not the user's cache
import tempfile  # noqa: E402

os.environ.setdefault("ONENIGHT_CACHE", tempfile.mkdtemp(prefix="onenight-cache-"))
