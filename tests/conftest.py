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
# voice packs' clips made ready to play go to a folder of this run, not the user's cache
import atexit  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

if "ONENIGHT_CACHE" not in os.environ:
    os.environ["ONENIGHT_CACHE"] = tempfile.mkdtemp(prefix="onenight-cache-")
    atexit.register(shutil.rmtree, os.environ["ONENIGHT_CACHE"], True)


import pytest  # noqa: E402

ASOUNDRC = """pcm.!default {{
  type plug
  slave {{
    pcm {{
      type file
      slave.pcm "null"
      file "/dev/null"
      infile "{raw}"
      format "raw"
    }}
    format S16_LE
    rate {rate}
    channels 1
  }}
}}
"""


@pytest.fixture
def file_microphone(tmp_path, monkeypatch):
    """A real input device that hears a file: ALSA's ``file`` plugin reading raw samples,
    over its ``null`` device, as the default capture device, and PortAudio made to look
    again. ``use(samples, rate)`` sets what it hears (``None``: no device at all)."""
    import numpy as np

    def use(samples, rate=22050):
        home = tmp_path / "home"
        home.mkdir(exist_ok=True)
        if samples is not None:
            raw = tmp_path / "microphone.raw"
            (np.clip(samples, -1, 1) * 32767).astype("<i2").tofile(raw)
            (home / ".asoundrc").write_text(ASOUNDRC.format(raw=raw, rate=rate))
        else:
            (home / ".asoundrc").write_text("pcm.!default { type hw card 99 }\n")
        monkeypatch.setenv("HOME", str(home))
        rescan()

    def rescan():
        import sounddevice

        sounddevice._terminate()
        sounddevice._initialize()

    yield use
    monkeypatch.undo()
    rescan()
