"""Settings: language, voice, volumes, night timing, debate length, and the vote box link
(address, pairing, live status, a pad test)."""

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from .base import BaseScreen

#: (setting, translation key, step, shown as)
SLIDERS = (
    ("voice_volume", "settings.voice_volume", 0.05, "percent"),
    ("ambience_volume", "settings.ambience_volume", 0.05, "percent"),
    ("action_seconds", "settings.action_seconds", 1, "seconds"),
    ("jitter_seconds", "settings.jitter_seconds", 1, "seconds"),
    ("debate_minutes", "settings.debate_minutes", 1, "minutes"),
)


class SettingRow(Factory.BoxLayout):
    key = StringProperty("")
    label = StringProperty("")
    value_text = StringProperty("")


class SettingsScreen(BaseScreen):
    box_status = StringProperty("")
    box_supported = BooleanProperty(False)
    box_connected = BooleanProperty(False)
    packs = ListProperty([])

    def refresh(self):
        s = self.app.settings
        rows = self.ids.sliders
        rows.clear_widgets()
        self._rows = {}
        for key, label, step, unit in SLIDERS:
            lo, hi = s.LIMITS[key]
            row = SettingRow(key=key, label=self.tr(label))
            sl = row.ids.slider
            sl.min, sl.max, sl.step = lo, hi, step
            sl.value = getattr(s, key)
            sl.bind(value=lambda w, v, k=key: self.set_value(k, v))
            self._rows[key] = (row, unit)
            self._show(key)
            rows.add_widget(row)
        self.packs = self.app.voice_packs() if hasattr(self.app, "voice_packs") else ["standard"]
        self.ids.pack.values = self.packs
        self.ids.pack.text = s.voice_pack if s.voice_pack in self.packs else self.packs[0]
        self.ids.address.text = s.box_address
        self.box_supported = self.app.box_factory is not None
        self.tick()

    def _show(self, key):
        row, unit = self._rows[key]
        v = getattr(self.app.settings, key)
        row.value_text = f"{round(v * 100)} %" if unit == "percent" else \
            self.tr("unit." + unit, n=int(v))

    def set_value(self, key, value):
        kind = type(getattr(self.app.settings, key))
        setattr(self.app.settings, key, kind(round(value, 2)))
        self.app.settings.clamp()
        if key == "debate_minutes":
            self.app.ctl.debate_minutes = self.app.settings.debate_minutes
        if key == "voice_volume":
            self.app.sounds.volume = self.app.settings.voice_volume
        self._show(key)
        self.app.save_settings()

    def set_language(self, lang):
        self.app.set_language(lang)

    def set_pack(self, pack):
        self.app.settings.voice_pack = pack
        self.app.save_settings()

    # ---- the box ---------------------------------------------------------------------------
    def tick(self):
        box = self.app.box
        self.box_connected = self.app.box_ready()
        if not self.box_supported:
            self.box_status = self.tr("box.status.unsupported")
        elif box is None:
            self.box_status = self.tr("box.status.none")
        else:
            self.box_status = self.tr("box.status." + box.status(), **box.status_facts())
            if getattr(box, "testing", False):
                self.box_status += "  " + self.tr("box.pads_pressed", **box.status_facts())

    def connect(self):
        addr = self.ids.address.text.strip()
        self.app.settings.box_address = addr
        self.app.save_settings()
        self.app.connect_box()
        if not addr:
            self.app.notify("box.no_address")
        self.tick()

    def pair(self):
        if self.app.box is None:
            self.app.notify("box.connect_first", kind="error")
            return
        self.app.box.pair()
        self.tick()

    def on_leave(self, *_):
        box = self.app.box
        if box is not None and getattr(box, "testing", False):
            box.stop_pad_test()

    def pad_test(self):
        if not self.app.box_ready():
            self.app.notify("box.connect_first", kind="error")
            return
        self.app.box.pad_test()
        self.app.notify("box.pad_test_started")
