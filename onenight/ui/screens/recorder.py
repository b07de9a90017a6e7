"""Recording the host's own voice, line by line: pick a line, record it, hear it, trim it,
keep it. Kept lines go into the host's voice pack (``ma-voix``), which Settings offers as a
voice; a line not recorded is said by the default voice."""

from kivy.properties import BooleanProperty, StringProperty

from onenight.narration import NarrationError, load_lines
from onenight.narration.voice import cache_dir

from .base import BaseScreen


class RecorderScreen(BaseScreen):
    line_id = StringProperty("")
    line_text = StringProperty("")
    status = StringProperty("")
    recording = BooleanProperty(False)
    has_take = BooleanProperty(False)
    recorded = BooleanProperty(False)
    """The host's pack already has this line."""

    index = 0
    take = None
    recorder = None
    recorder_factory = None
    """Makes the recorder (``onenight.narration.recording.Recorder`` unless set)."""

    def refresh(self):
        from onenight.narration.recording import recorded_lines

        lines = list(load_lines(self.app.lang))
        self.index %= len(lines)
        self.line_id = lines[self.index]
        self.line_text = load_lines(self.app.lang)[self.line_id]
        self.recorded = self.line_id in recorded_lines(self.app.lang)
        if not self.recording and not self.has_take:
            self._say("recorder.ready" if not self.recorded else "recorder.recorded")

    def _say(self, key, **facts):
        self.status = self.tr(key, **facts)

    def step(self, delta: int):
        """The line before or after."""
        if self.recording:
            return
        self.take, self.has_take = None, False
        self.index += delta
        self.refresh()

    def toggle_record(self):
        if self.recording:
            self.stop()
        else:
            self.start()

    def start(self):
        from onenight.narration.recording import Recorder

        factory = self.recorder_factory or Recorder
        try:
            self.recorder = factory()
            self.recorder.start()
        except NarrationError as e:
            self._say("recorder.no_microphone", why=e.reason)
            return
        self.take, self.has_take = None, False
        self.recording = True
        self._say("recorder.recording")

    def tick(self):
        if self.recording and self.recorder is not None:
            self._say("recorder.recording_for", seconds=f"{self.recorder.seconds:.1f}")

    def stop(self):
        if not self.recording:
            return
        self.recording = False
        take = self.recorder.stop()
        try:
            take.trim_silence()
        except NarrationError:
            self._say("recorder.nothing_heard")
            return
        self.take, self.has_take = take, True
        self.ids.start.max = self.ids.end.max = max(take.length, 0.1)
        self.ids.start.value, self.ids.end.value = take.start, take.end
        self._say("recorder.take", seconds=f"{take.end - take.start:.1f}")

    def set_trim(self):
        if self.take is None:
            return
        start, end = self.ids.start.value, self.ids.end.value
        self.take.start, self.take.end = min(start, end), max(start, end)
        self._say("recorder.take", seconds=f"{self.take.end - self.take.start:.1f}")

    def play(self):
        if self.take is None:
            return
        try:
            path = self.take.preview(cache_dir() / "takes")
        except NarrationError as e:
            self._say("recorder.cannot_keep", why=e.reason)
            return
        self.app.audio.play(str(path), self.app.settings.voice_volume)

    def keep(self):
        if self.take is None:
            return
        try:
            self.take.save(self.app.lang, self.line_id)
        except (NarrationError, OSError) as e:
            self._say("recorder.cannot_keep", why=getattr(e, "reason", str(e)))
            return
        self.take, self.has_take = None, False
        self.refresh()
        self._say("recorder.kept")

    def forget(self):
        from onenight.narration.recording import forget

        forget(self.app.lang, self.line_id)
        self.take, self.has_take = None, False
        self.refresh()

    def on_leave(self, *_):
        if self.recording:
            self.recording = False
            self.recorder.stop()
