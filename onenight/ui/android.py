"""What the app does differently on an Android tablet (packaged with buildozer.spec).

* **Audio focus.** The narrator asks Android for the sound while the night is said (a music
  app pauses, a notification's sound ducks), and gives it back when the night ends or is
  left. If another app takes the sound for itself (a phone call, an alarm), the night pauses
  (the players would miss a line), and the host resumes it.
* **The box over Wi-Fi only.** An Android app cannot open a serial device; the box's address
  must be ``socket://HOST:PORT`` (see :func:`box_address_problem`).
* **The screen stays on** during a game through SDL (``Window.allow_screensaver``, which SDL
  turns into Android's "keep the screen on" flag): nothing Android-only here, see
  ``OneNightApp.keep_awake``.

On any other system :func:`audio_focus` gives a focus that does nothing. The Android side
talks to Android's ``AudioManager`` through pyjnius, which exists only there; the module
imports it only when it runs on Android (tests pass a stand-in).
"""

from __future__ import annotations

from collections.abc import Callable

#: Android's AudioManager constants (android.media.AudioManager)
STREAM_MUSIC = 3
AUDIOFOCUS_GAIN_TRANSIENT = 2
AUDIOFOCUS_REQUEST_GRANTED = 1
AUDIOFOCUS_LOSS = -1
AUDIOFOCUS_LOSS_TRANSIENT = -2  # (-3, "can duck": Android lowers our volume itself)


class NoFocus:
    """Audio focus where the system has none to give: always granted, never lost."""

    held = False

    def request(self) -> bool:
        self.held = True
        return True

    def abandon(self) -> None:
        self.held = False


class AndroidFocus:
    """Android's audio focus for the narration, through pyjnius (``jnius``).

    ``on_loss`` is called (through ``later``, on the app's thread: Android calls from one of
    its own) when another app takes the sound for itself."""

    def __init__(self, jnius, on_loss: Callable[[], None], later: Callable[[Callable], None]):
        self.on_loss = on_loss
        self.later = later
        self.held = False
        activity = jnius.autoclass("org.kivy.android.PythonActivity").mActivity
        context = jnius.autoclass("android.content.Context")
        self.manager = activity.getSystemService(context.AUDIO_SERVICE)
        focus = self

        class Listener(jnius.PythonJavaClass):
            __javainterfaces__ = ["android/media/AudioManager$OnAudioFocusChangeListener"]
            __javacontext__ = "app"

            @jnius.java_method("(I)V")
            def onAudioFocusChange(self, change):
                focus.changed(change)

        self.listener = Listener()  # kept: Java holds only a weak reference to it

    def request(self) -> bool:
        granted = self.manager.requestAudioFocus(self.listener, STREAM_MUSIC,
                                                 AUDIOFOCUS_GAIN_TRANSIENT)
        self.held = granted == AUDIOFOCUS_REQUEST_GRANTED
        return self.held

    def abandon(self) -> None:
        if self.held:
            self.manager.abandonAudioFocus(self.listener)
            self.held = False

    def changed(self, change: int) -> None:
        if change in (AUDIOFOCUS_LOSS, AUDIOFOCUS_LOSS_TRANSIENT):
            self.held = change == AUDIOFOCUS_LOSS_TRANSIENT  # given back later, or never
            self.later(self.on_loss)


def audio_focus(platform: str, on_loss: Callable[[], None], later: Callable[[Callable], None],
                jnius=None):
    """The audio focus for ``platform`` (Kivy's ``kivy.utils.platform``)."""
    if platform != "android":
        return NoFocus()
    if jnius is None:
        import jnius  # only on Android
    return AndroidFocus(jnius, on_loss, later)


def box_address_problem(platform: str, address: str) -> str | None:
    """The translation key of why ``address`` cannot reach a box from this platform, or
    None: on Android only a network address can (``socket://10.42.0.1:7878``)."""
    if platform == "android" and address and not address.startswith("socket://"):
        return "box.wifi_only"
    return None


__all__ = ["NoFocus", "AndroidFocus", "audio_focus", "box_address_problem"]
