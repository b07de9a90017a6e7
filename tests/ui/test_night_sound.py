"""No sound can stop a night: a clip the sound back-end fails to play is said by the default
voice (for a voice pack's clip) or skipped, and the night screen plays on past any error."""

import shutil

from onenight.narration import FakeAudio, Voice
from onenight.narration.voice import audio_dir
from onenight.ui.voice import SafeAudio

from .test_game import NAMES, back_home, find, screen, tap, tap_text, type_players


class Failing(FakeAudio):
    """A back-end that cannot play some clips, as SDL fails on a file it cannot decode."""

    def __init__(self, bad, **kw):
        super().__init__(**kw)
        self.bad = bad

    def play(self, path, volume):
        if self.bad(str(path)):
            raise RuntimeError(f"SDL: cannot decode {path}")
        return super().play(path, volume)

    def set_loop_volume(self, volume):
        raise RuntimeError("SDL: no mixer channel")


def test_a_pack_clip_the_back_end_cannot_play_is_said_by_the_default_voice(tmp_path):
    pack = tmp_path / "papi"
    pack.mkdir()
    shutil.copy(audio_dir() / "fr" / "night.end.ogg", pack / "seer.wake.ogg")
    voice = Voice("fr", pack)
    mine = voice.clip("seer.wake")
    audio = SafeAudio(Failing(lambda p: p == str(mine.path) or "robber" in p))
    audio.use_voice(voice)
    said = audio.play(str(mine.path), 1.0)
    assert said.path == str(audio_dir() / "fr" / "seer.wake.ogg") and said.length > 0
    skipped = audio.play(str(audio_dir() / "fr" / "robber.wake.ogg"), 1.0)  # no stand-in
    assert skipped.length == 0
    audio.set_loop_volume(0.3)  # a failing volume change is no error either
    assert len(audio.failed) == 3 and "cannot decode" in audio.failed[0]


def test_the_night_screen_plays_on_past_a_failing_sound(app, monkeypatch):
    inner = app.audio.inner
    monkeypatch.setattr(app.audio, "inner", Failing(lambda p: "werewolves" in p,
                                                    clock=inner.clock))
    back_home(app)
    tap(find(screen(app), "new"))
    type_players(app, NAMES[:4])
    tap_text(find(screen(app), "scenario_list"), "Sombre réveil")
    tap(find(screen(app), "start"))
    night = screen(app)
    assert night.name == "night"
    tap(find(night, "looked"))  # everyone has looked at their card: the voice starts
    tick, calls = night.driver.tick, []

    def broken_tick():  # something unforeseen fails once, in the werewolves' step
        calls.append(1)
        if len(calls) == 5:
            raise RuntimeError("the sound card went away")
        tick()

    monkeypatch.setattr(night.driver, "tick", broken_tick)
    for _ in range(2000):
        if screen(app).name != "night":
            break
        app.test_clock.advance(night.next_tick())
        app.tick()
    assert screen(app).name == "day"  # the night went to its end
    assert night.failures == ["RuntimeError('the sound card went away')"]
    assert any("werewolves" in f for f in app.audio.failed)
    back_home(app)
