"""Settings every test process shares: Kivy quiet and argument-free, SDL's dummy audio driver
(real SDL2 playback with no sound card), before anything imports Kivy.

The suite is hermetic: what an earlier install left on this machine (Kivy's configuration in
~/.kivy, onenight's settings, games and voice packs in the XDG folders, an ONENIGHT_*
variable in the shell) never reaches a test. Each session gets its own empty home folders,
removed at the end; the child processes the tests start inherit them."""

import atexit
import os
import shutil
import tempfile

_HOME = tempfile.mkdtemp(prefix="onenight-tests-")
atexit.register(shutil.rmtree, _HOME, True)
for _name in ("KIVY_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
    os.environ[_name] = os.path.join(_HOME, _name.lower())
    os.makedirs(os.environ[_name])
for _name in [n for n in os.environ if n.startswith("ONENIGHT_")]:
    del os.environ[_name]

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
