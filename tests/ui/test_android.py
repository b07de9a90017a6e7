"""What runs differently on an Android tablet, tried here without one: the audio focus through
a stand-in for pyjnius and Android's AudioManager (the calls Android would get, and its
callback from another thread), the night that takes and gives back the focus and pauses
when another app takes the sound, the box reached over Wi-Fi only, the screen kept on during
a game, and the package's spec and entry point. No APK was built and no tablet was at hand
(README.md says so)."""

from __future__ import annotations

import configparser
import os
import re
import runpy
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from kivy.core.window import Window

from onenight.ui import android
from onenight.ui.driving import find, settle, tap, tap_text

from .test_game import back_home, screen
from .test_traps import dialogs
from .test_voice_trouble import start_night

ROOT = Path(__file__).resolve().parents[2]


class FakeJnius:
    """What onenight.ui.android uses of pyjnius, and Android's side behind it."""

    def __init__(self, grant: int = android.AUDIOFOCUS_REQUEST_GRANTED):
        self.calls = []
        self.grant = grant
        jnius = self

        class Manager:
            def requestAudioFocus(self, listener, stream, hint):
                jnius.calls.append(("request", listener, stream, hint))
                return jnius.grant

            def abandonAudioFocus(self, listener):
                jnius.calls.append(("abandon", listener))

        class Activity:
            def getSystemService(self, name):
                assert name == "audio"
                return Manager()

        self.classes = {
            "org.kivy.android.PythonActivity": type("PythonActivity", (),
                                                    {"mActivity": Activity()}),
            "android.content.Context": type("Context", (), {"AUDIO_SERVICE": "audio"})}

    def autoclass(self, name):
        return self.classes[name]

    class PythonJavaClass:
        pass

    @staticmethod
    def java_method(signature):
        def mark(f):
            f.signature = signature
            return f
        return mark


def focus(jnius, lost, later=None):
    return android.audio_focus("android", lambda: lost.append(True),
                               later or (lambda f: f()), jnius=jnius)


def test_the_focus_is_asked_for_the_narration_and_given_back():
    jnius, lost = FakeJnius(), []
    f = focus(jnius, lost)
    listener = f.listener
    assert listener.__javainterfaces__ == [
        "android/media/AudioManager$OnAudioFocusChangeListener"]
    assert listener.onAudioFocusChange.signature == "(I)V"
    assert f.request() and f.held
    assert jnius.calls == [("request", listener, android.STREAM_MUSIC,
                            android.AUDIOFOCUS_GAIN_TRANSIENT)]
    f.abandon()
    f.abandon()  # once is enough
    assert jnius.calls[1:] == [("abandon", listener)] and not f.held and lost == []


def test_a_refused_focus_is_not_held():
    f = focus(FakeJnius(grant=0), [])
    assert not f.request() and not f.held


@pytest.mark.parametrize("change, told", [(android.AUDIOFOCUS_LOSS, True),
                                          (android.AUDIOFOCUS_LOSS_TRANSIENT, True),
                                          (-3, False), (1, False)])
def test_android_telling_the_focus_is_lost_reaches_the_app_on_its_thread(change, told):
    later, lost = [], []
    f = focus(FakeJnius(), lost, later.append)
    f.request()
    f.listener.onAudioFocusChange(change)  # Android calls from one of its threads
    assert lost == []  # nothing done on that thread
    for call in later:
        call()
    assert lost == ([True] if told else [])


def test_elsewhere_the_focus_is_always_there():
    f = android.audio_focus("linux", lambda: None, lambda f: f())
    assert isinstance(f, android.NoFocus) and f.request()


class RecordingFocus(android.NoFocus):
    def __init__(self):
        self.calls = []

    def request(self):
        self.calls.append("request")
        return super().request()

    def abandon(self):
        self.calls.append("abandon")
        super().abandon()


def test_the_night_holds_the_focus_and_pauses_when_another_app_takes_the_sound(app,
                                                                                monkeypatch):
    rec = RecordingFocus()
    monkeypatch.setattr(app, "audio_focus", rec)
    night = start_night(app)
    assert rec.calls == ["request"] and Window.allow_screensaver is False
    app.test_clock.advance(5)
    app.tick()
    app._sound_taken()  # what AndroidFocus calls back on the app's thread
    assert night.paused and "la nuit est en pause" in app.message
    tap(find(night, "pause"))  # the host resumes: the sound is asked for again
    assert not night.paused and rec.calls == ["request", "request"]
    night.stop_night()  # the host says yes when asked
    tap_text(dialogs()[0], app.tr("night.leave_confirm_yes"))
    settle()  # the screen manager's change completes on Kivy's clock
    assert rec.calls[-1] == "abandon" and screen(app).name == "home"
    assert Window.allow_screensaver is True  # the screen may sleep between games


def test_on_android_the_box_is_reached_over_wifi_only(app, monkeypatch):
    import onenight.ui.app as app_module

    monkeypatch.setattr(app_module, "platform", "android")
    monkeypatch.setattr(app.settings, "box_address", "/dev/ttyUSB0")
    old = app.box
    app.box = None
    try:
        app.connect_box()
        assert app.box is None and "socket://10.42.0.1:7878" in app.message
        assert android.box_address_problem("android", "socket://10.42.0.1:7878") is None
        assert android.box_address_problem("linux", "/dev/ttyUSB0") is None
    finally:
        app.box = old
        back_home(app)


ANDROID_LEAVES_OUT = {"numpy", "scipy", "soundfile", "pyloudnorm", "sounddevice"}


def test_the_app_starts_without_what_android_leaves_out():
    code = ("import sys, onenight.cli, onenight.ui.app; "
            f"print(sorted(m for m in {sorted(ANDROID_LEAVES_OUT)!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, env={**os.environ, "KIVY_NO_ARGS": "1"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_the_spec_packages_what_the_app_needs():
    spec = configparser.ConfigParser(interpolation=None)
    spec.read(ROOT / "buildozer.spec", encoding="utf-8")
    a = spec["app"]
    requirements = {re.split(r"[=<>]", r)[0].lower() for r in a["requirements"].split(",")}
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    app_extra = {re.split(r"[=<>\[ ]", r)[0].lower()
                 for r in project["project"]["optional-dependencies"]["app"]}
    # every library of the app extra, but the sound tools the recorder and a voice pack's
    # import use: those are imported when used, never when the app starts (checked below)
    assert app_extra - requirements == ANDROID_LEAVES_OUT
    assert {"python3", "sqlite3", "pyjnius"} <= requirements  # the journal, the focus
    kivy = next(r for r in project["project"]["optional-dependencies"]["app"]
                if r.startswith("kivy"))
    assert kivy in a["requirements"].split(",")  # the same Kivy as on the desktop
    data = {e.rsplit(".", 1)[-1] for e in project["tool"]["setuptools"]["package-data"]["*"]}
    assert data | {"py"} <= set(a["source.include_exts"].split(","))  # clips, kv, texts
    assert {"tests", "bench", ".venv"} <= set(a["source.exclude_dirs"].split(","))
    assert "INTERNET" in a["android.permissions"]  # the box over Wi-Fi
    assert "portrait" not in a["orientation"]
    version = re.search(a["version.regex"],
                        (ROOT / "onenight" / "__init__.py").read_text())[1]
    assert version == project["project"]["version"]


def test_main_py_starts_the_app(monkeypatch):
    import onenight.cli

    started = []
    monkeypatch.setattr(onenight.cli, "main", lambda argv=None: started.append(argv) or 0)
    with pytest.raises(SystemExit) as e:
        runpy.run_path(str(ROOT / "main.py"), run_name="__main__")
    assert e.value.code == 0 and started == [[]]
