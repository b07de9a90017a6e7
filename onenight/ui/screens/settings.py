"""Settings: language, voice, volumes, night timing, debate length, and the vote box link
(address, pairing, live status, a pad test, the tablets paired with the box)."""

import time

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from onenight.narration.settings import ACTION_SECONDS
from onenight.rules.steps import STEPS

from onenight.narration import NarrationError, Voice, load_lines

from ..voice import DEFAULT_PACK, step_seconds
from .base import BaseScreen

#: (setting, translation key, step, shown as)
SLIDERS = (
    ("voice_volume", "settings.voice_volume", 0.05, "percent"),
    ("ambience_volume", "settings.ambience_volume", 0.05, "percent"),
    ("night_pace", "settings.night_pace", 10, "pace"),
    ("jitter_seconds", "settings.jitter_seconds", 1, "seconds"),
    ("debate_minutes", "settings.debate_minutes", 1, "minutes"),
    ("history_keep", "settings.history_keep", 10, "keep"),
)


class SettingRow(Factory.BoxLayout):
    key = StringProperty("")
    label = StringProperty("")
    value_text = StringProperty("")


class RoleTimeRow(Factory.BoxLayout):
    step = StringProperty("")
    card = StringProperty("")
    label = StringProperty("")
    value_text = StringProperty("")
    custom = BooleanProperty(False)
    """The host changed this role's time."""


class PairedTablet(Factory.BoxLayout):
    """One tablet paired with the box, with a button to have the box forget it."""

    app_id = StringProperty("")
    label = StringProperty("")


class SettingsScreen(BaseScreen):
    searching = BooleanProperty(False)
    """Looking for the box (serial devices, boxes on the network)."""
    found_text = StringProperty("")
    discovery_targets = None
    """Where to ask for boxes on the network (None: the local network and this machine)."""
    discovery_seconds = 1.5
    """How long boxes have to answer."""
    _thread = None
    box_status = StringProperty("")
    box_supported = BooleanProperty(False)
    box_connected = BooleanProperty(False)
    packs = ListProperty([])
    pack_report = StringProperty("")
    """What the chosen voice pack says in this language, and what it refused."""

    def refresh(self):
        s = self.app.settings
        if not hasattr(self, "_rows"):
            self._make_rows()
        # the rows are made once and set again at each showing (made anew, with their kv
        # rules, they were a tenth of a walk through the one-night game's screens)
        for key, label, _step, _unit in SLIDERS:
            row, _ = self._rows[key]
            row.label = self.tr(label)
            row.ids.slider.value = getattr(s, key)  # (the settings' own value: kept as is)
            self._show(key)
        for sid, row in self._role_rows.items():
            row.label = self.tr(f"night.step.{sid}.title")
        self._show_roles()
        self.packs = self.app.voice_packs() if hasattr(self.app, "voice_packs") else ["standard"]
        self.ids.pack.values = self.packs
        self.ids.pack.text = s.voice_pack if s.voice_pack in self.packs else self.packs[0]
        self.pack_report = self._pack_report(self.ids.pack.text)
        self.ids.address.text = s.box_address
        self.box_supported = self.app.box_factory is not None
        self.tick()

    def _show(self, key):
        row, unit = self._rows[key]
        v = getattr(self.app.settings, key)
        if unit == "percent":
            row.value_text = f"{round(v * 100)} %"
        elif unit == "pace":
            # which way is faster: the players' time is this share of the standard time
            way = "normal" if v == 100 else ("faster" if v < 100 else "slower")
            row.value_text = self.tr("settings.pace_value", n=int(v),
                                     way=self.tr("settings.pace_" + way))
        elif unit == "keep":  # 0: every game; else the newest, the older deleted as new come
            row.value_text = self.tr("unit.keep", n=int(v)) if v else self.tr("unit.keep_all")
        else:
            row.value_text = self.tr("unit." + unit, n=int(v))
        if key == "night_pace" and hasattr(self, "_role_rows"):
            self._show_roles()

    def set_value(self, key, value):
        kind = type(getattr(self.app.settings, key))
        setattr(self.app.settings, key, kind(round(value, 2)))
        self.app.settings.clamp()
        if key == "debate_minutes":
            self.app.ctl.debate_minutes = self.app.settings.debate_minutes
        if key == "history_keep":
            self.app.ctl.records.keep = self.app.settings.history_keep
        if key == "voice_volume":
            self.app.sounds.volume = self.app.settings.voice_volume
        self._show(key)
        self.app.save_settings()

    def _make_rows(self):
        s = self.app.settings
        self._rows = {}
        for key, _label, step, unit in SLIDERS:
            lo, hi = s.LIMITS[key]
            row = SettingRow(key=key)
            sl = row.ids.slider
            sl.min, sl.max, sl.step = lo, hi, step
            sl.value = getattr(s, key)
            sl.bind(value=lambda w, v, k=key: self.set_value(k, v))
            self._rows[key] = (row, unit)
            self.ids.sliders.add_widget(row)
        self._role_rows = {}
        for step in STEPS:
            if step.doppelganger:
                continue
            row = RoleTimeRow(step=step.id, card=step.role)
            row.ids.minus.bind(on_release=lambda w, sid=step.id: self.change_role(sid, -1))
            row.ids.plus.bind(on_release=lambda w, sid=step.id: self.change_role(sid, 1))
            self._role_rows[step.id] = row
            self.ids.roles.add_widget(row)

    def _show_roles(self):
        s = self.app.settings
        for sid, row in self._role_rows.items():
            row.value_text = self.tr("unit.seconds", n=round(step_seconds(s, sid)))
            row.custom = sid in s.role_seconds

    def change_role(self, step_id: str, delta: int):
        """One second more or less for this role (before the night's pace)."""
        s = self.app.settings
        base = s.role_seconds.get(step_id, round(ACTION_SECONDS.get(step_id, 10)))
        s.role_seconds[step_id] = base + delta
        s.clamp()
        self._show_roles()
        self.app.save_settings()

    def reset_roles(self):
        self.app.settings.role_seconds = {}
        self._show_roles()
        self.app.save_settings()

    def set_language(self, lang):
        self.app.set_language(lang)

    def set_pack(self, pack):
        self.app.settings.voice_pack = pack
        self.app.save_settings()
        self.pack_report = self._pack_report(pack)

    def _pack_report(self, pack) -> str:
        """How many lines the pack says in the app's language, and each clip it refused
        (damaged, too long, silent...) with the reason: the default voice says those."""
        if pack == DEFAULT_PACK:
            return ""
        try:
            voice = Voice(self.app.lang, pack)
            missing = voice.pack_report()
        except (NarrationError, OSError, ValueError) as e:
            return self.tr("settings.pack_unusable", why=str(e))
        total = len(load_lines(self.app.lang))
        text = self.tr("settings.pack_report", said=total - len(missing), total=total)
        refused = sorted(voice.refused.values())
        if refused:
            text += "\n" + self.tr("settings.pack_refused", n=len(refused)) + " " + \
                "; ".join(refused[:4]) + (" …" if len(refused) > 4 else "")
        return text

    # ---- the box ---------------------------------------------------------------------------
    def tick(self):
        box = self.app.box
        self.box_connected = self.app.box_ready()
        if not self.box_supported:
            self.box_status = self.tr("box.status.unsupported")
        elif box is None:
            self.box_status = self.tr("box.status.none")
        else:
            pairing = getattr(box, "pair_code", lambda: None)()
            status = "pairing" if pairing else box.status()
            self.box_status = self.tr("box.status." + status, **box.status_facts())
            if getattr(box, "testing", False):
                self.box_status += "  " + self.tr("box.pads_pressed", **box.status_facts())
        self._show_tablets()

    _tablets_shown = None

    def _show_tablets(self):
        """The tablets the box knows, each with a button to forget it (one that is not yours
        may have been paired by a player: the box tells the tablet of every pairing)."""
        box = self.app.box
        tablets = box.tablets() if box is not None and hasattr(box, "tablets") else []
        shown = (tuple((t["id"], t["name"], t["at"], t["me"]) for t in tablets), self.app.lang)
        if shown == self._tablets_shown:
            return
        self._tablets_shown = shown
        rows = self.ids.tablets
        rows.clear_widgets()
        for t in tablets:
            name = t["name"] or t["id"]
            if t["me"]:
                label = self.tr("settings.box_this_tablet", name=name)
            else:
                when = time.localtime(t["at"])
                date = time.strftime("%d/%m/%Y à %H h %M" if self.app.lang == "fr"
                                     else "%Y-%m-%d %H:%M", when)
                label = self.tr("settings.box_tablet", name=name, date=date)
            row = PairedTablet(app_id=t["id"], label=label)
            row.ids.forget.bind(on_release=lambda w, i=t["id"]: self.forget(i))
            rows.add_widget(row)

    def forget(self, app_id: str):
        if self.app.box is not None:
            self.app.box.forget(app_id)

    def find(self) -> list:
        """The boxes found now: serial devices of this machine, boxes on the network."""
        from onenight.box.discovery import network_boxes, serial_devices

        return network_boxes(timeout=self.discovery_seconds, targets=self.discovery_targets) \
            + serial_devices()

    def search(self):
        """Look for the box in the background; what is found is offered as buttons."""
        import threading

        from kivy.clock import Clock

        if self.searching:
            return
        self.searching = True
        self.found_text = ""

        def look():
            try:
                found = self.find()
            except OSError:
                found = []
            Clock.schedule_once(lambda dt: self.show_found(found), 0)

        self._thread = threading.Thread(target=look, name="box-search", daemon=True)
        self._thread.start()

    def show_found(self, found):
        from kivy.factory import Factory

        self.searching = False
        grid = self.ids.found
        grid.clear_widgets()
        for f in found:
            kind = self.tr("settings.box_found_" + f.kind)
            b = Factory.BigButton(text=f"{f.name} · {kind}", primary=f.address == self.app.settings.box_address)
            b.address = f.address
            b.bind(on_release=lambda w: self.use(w.address))
            grid.add_widget(b)
        self.found_text = self.tr("settings.box_found", count=len(found)) if found \
            else self.tr("settings.box_found_none")

    def use(self, address: str):
        """Connect to a box that was found."""
        self.ids.address.text = address
        self.connect()

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
