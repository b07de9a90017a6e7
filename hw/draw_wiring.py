"""Draw hw/wiring.svg from the pin map, so the drawing and onenight_box/pins.toml cannot
disagree (tests/onenight_box/test_pins.py checks that the committed drawing is this one).

    .venv/bin/python hw/draw_wiring.py            # write hw/wiring.svg
    .venv/bin/python hw/draw_wiring.py --check    # exit 1 if hw/wiring.svg is out of date
"""

from __future__ import annotations

import argparse
import sys
from html import escape
from pathlib import Path

from onenight_box.pins import HEADER, load

OUT = Path(__file__).with_name("wiring.svg")
W, H = 1340, 1240

# colours: one per kind of wire, the same in every part of the drawing
C = {"power": "#c62828", "gnd": "#000", "i2c": "#1565c0", "bus3": "#00838f", "int": "#6a1b9a",
     "bar": "#2e7d32", "buzzer": "#e65100", "status": "#2e7d32", "free": "#bbb",
     "reserved": "#b71c1c", "pad": "#f9a825", "prot": "#5d4037"}


class Svg:
    def __init__(self):
        self.parts: list[str] = []

    def add(self, s: str) -> None:
        self.parts.append(s)

    def text(self, x, y, s, size=11, anchor="start", fill="#000", bold=False):
        weight = ' font-weight="bold"' if bold else ""
        self.add(f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" '
                 f'fill="{fill}"{weight}>{escape(s)}</text>')

    def rect(self, x, y, w, h, fill, stroke, rx=4):
        self.add(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{rx}" fill="{fill}" '
                 f'stroke="{stroke}"/>')

    def line(self, x1, y1, x2, y2, stroke, width=2):
        self.add(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{stroke}" '
                 f'stroke-width="{width}"/>')

    def path(self, d, stroke, width=2):
        self.add(f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{width}"/>')

    def svg(self) -> str:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
                f'viewBox="0 0 {W} {H}" font-family="DejaVu Sans, Arial, sans-serif" '
                f'font-size="11">\n<title>onenight vote box: wiring of the reference build'
                f'</title>\n<rect width="100%" height="100%" fill="white"/>\n')
        return head + "\n".join(self.parts) + "\n</svg>\n"


def uses(pm) -> dict[str, tuple[str, str]]:
    """Pi GPIO -> (what, colour) for everything the pin map puts on the header."""
    out = {}
    for i, pin in enumerate(pm.bar, 1):
        out[pin] = (f"bar {i}", C["bar"])
    out[pm.buzzer] = ("buzzer", C["buzzer"])
    if pm.status:
        out[pm.status] = ("status LED", C["status"])
    for pin, names in pm.interrupt_lines().items():
        out[pin] = ("INT " + " + ".join(names), C["int"])
    for pin in pm.reserved:
        if pin not in out:
            out[pin] = ("reserved", C["reserved"])
    return out


def reserved_label(pin: str, pm) -> str:
    if pin in ("GPIO2", "GPIO3"):
        return {"GPIO2": "SDA bus 1", "GPIO3": "SCL bus 1"}[pin]
    if pin in ("GPIO0", "GPIO1"):
        return {"GPIO0": "ID_SD (HAT EEPROM)", "GPIO1": "ID_SC (HAT EEPROM)"}[pin]
    if pin in ("GPIO14", "GPIO15"):
        return "UART console, free"
    if pin in ("GPIO10", "GPIO11"):
        return {"GPIO10": "SDA bus 3 (i2c-gpio)", "GPIO11": "SCL bus 3 (i2c-gpio)"}[pin]
    return "reserved"


def header(svg: Svg, pm, x: int, y: int) -> None:
    svg.rect(x, y, 390, 490, "#e8f5e9", "#2e7d32", 8)
    svg.text(x + 10, y + 18, "Raspberry Pi 40-pin header", bold=True)
    used = uses(pm)
    for phys in range(1, 41):
        name = HEADER[phys]
        row, right = (phys - 1) // 2, phys % 2 == 0
        cx, cy = x + (205 if right else 185), y + 36 + row * 22
        if name in ("3V3", "5V"):
            label, colour = name, C["power"]
        elif name == "GND":
            label, colour = "GND", C["gnd"]
        elif name in used and used[name][0] != "reserved":
            label, colour = f"{name} – {used[name][0]}", used[name][1]
        elif name in pm.reserved or name in ("GPIO0", "GPIO1"):
            i2c = name in ("GPIO2", "GPIO3", "GPIO10", "GPIO11")
            label = f"{name} {reserved_label(name, pm)}"
            colour = (C["i2c"] if name in ("GPIO2", "GPIO3") else C["bus3"]) if i2c \
                else C["reserved"]
        else:
            label, colour = f"{name} (free)", C["free"]
        svg.add(f'<circle cx="{cx}" cy="{cy}" r="6" fill="{colour}"/>')
        svg.text(cx, cy + 3, str(phys), 7, "middle", "white")
        svg.text(cx + (12 if right else -12), cy + 4, label, 9, "start" if right else "end")


def chips(svg: Svg, pm, x: int, y: int) -> None:
    by_chip = {}
    for i, seat in enumerate(pm.seats, 1):
        chip, port = seat.ok.split(":")[0], seat.ok.split(":")[1][0]
        by_chip.setdefault(chip, []).append((i, port))
    buses = sorted({e.bus for e in pm.expanders.values()})
    bus_x = {b: x + 20 + 26 * k for k, b in enumerate(buses)}
    top, step = y + 34, 118
    bottom = top + step * len(pm.expanders)
    for b, bx in bus_x.items():
        colour = C["i2c"] if b == 1 else C["bus3"]
        svg.line(bx, y + 26, bx, bottom - 40, colour, 3)
        svg.line(bx + 8, y + 26, bx + 8, bottom - 40, colour, 3)
        svg.text(bx + 4, y + 20 - 12 * (len(bus_x) - 1 - buses.index(b)), f"bus {b}", 10,
                 "middle", colour, True)
    for k, (name, e) in enumerate(sorted(pm.expanders.items(), key=lambda n: int(n[0][3:]))):
        cy = top + k * step
        colour = C["i2c"] if e.bus == 1 else C["bus3"]
        bx = bus_x[e.bus]
        svg.line(bx, cy + 20, x + 90, cy + 20, colour)
        svg.line(bx + 8, cy + 32, x + 90, cy + 32, colour)
        svg.rect(x + 90, cy, 240, 98, "#e3f2fd", colour)
        a2a1a0 = f"{e.address - 0x20:03b}"
        svg.text(x + 98, cy + 15, f"{name}  MCP23017-E/SP @ {e.address:#04x}, bus {e.bus}",
                 10, bold=True)
        svg.text(x + 98, cy + 30, f"A2A1A0 = {a2a1a0} · SDA 13 · SCL 12 · RESET 18 → 10 kΩ → 3V3",
                 7.5)
        svg.text(x + 98, cy + 43, "VDD 9 · VSS 10 · 100 nF at the chip", 8)
        shared = [n for n in pm.interrupt_lines()[e.interrupt] if n != name]
        also = f" (shared with {', '.join(shared)})" if shared else ""
        svg.text(x + 98, cy + 57, f"INTA 20 → {e.interrupt}{also}, open drain", 8, fill=C["int"])
        svg.text(x + 98, cy + 71, "GPA0-6 = pins 21-27 · GPB0-6 = pins 1-7", 8)
        svg.text(x + 98, cy + 85, "GPA7/GPB7 unused (output only)", 8, fill="#555")
        for j, (seat, port) in enumerate(by_chip.get(name, [])):
            jy = cy + 14 + j * 46
            svg.line(x + 330, jy + 12, x + 350, jy + 12, C["prot"])
            svg.rect(x + 350, jy, 70, 26, "#efebe9", C["prot"], 3)
            svg.text(x + 385, jy + 11, "protection", 8, "middle", C["prot"])
            svg.text(x + 385, jy + 21, "(see right)", 7, "middle", C["prot"])
            svg.line(x + 420, jy + 12, x + 436, jy + 12, "#333")
            svg.rect(x + 436, jy, 96, 26, "#fff8e1", C["pad"], 3)
            svg.text(x + 442, jy + 12, f"RJ45 seat {seat}", 10, bold=True)
            svg.text(x + 442, jy + 23, f"port {port}", 8)


def pad(svg: Svg, x: int, y: int) -> None:
    svg.rect(x, y, 330, 330, "#fff8e1", C["pad"], 8)
    svg.text(x + 10, y + 20, "One pad (the same for every seat)", bold=True)
    svg.text(x + 10, y + 36, "Patch cable, T568B, up to 3 m. Lines are active low:", 9)
    svg.text(x + 10, y + 48, "the expander's pull-ups hold them high. No supply", 9)
    svg.text(x + 10, y + 60, "runs in the cable.", 9)
    rows = [("1", "wheel bit 1", "GPx0"), ("2", "wheel bit 2", "GPx1"), ("3", "wheel bit 4", "GPx2"),
            ("4", "wheel bit 8", "GPx3"), ("5", "OK key", "GPx4"), ("6", "LED anode", "GPx5"),
            ("7", "ground (common)", "GND"), ("8", "+10 switch", "GPx6")]
    for i, (pin, what, line) in enumerate(rows):
        ry = y + 74 + i * 24
        svg.rect(x + 10, ry, 16, 16, "#fff", "#333", 2)
        svg.text(x + 18, ry + 12, pin, 9, "middle")
        svg.text(x + 32, ry + 12, line, 9)
        svg.line(x + 70, ry + 8, x + 200, ry + 8, "#666", 1)
        svg.text(x + 76, ry + 5, what, 9)
    # the wheel, the +10 switch, the key and the LED, all to ground
    svg.rect(x + 205, y + 70, 52, 96, "#fff", "#333", 2)
    svg.text(x + 231, y + 118, "7", 24, "middle")
    svg.text(x + 231, y + 158, "BCD wheel", 8, "middle")
    svg.text(x + 231, y + 182, "OK key", 8, "middle")
    svg.text(x + 231, y + 206, "LED (green)", 8, "middle")
    svg.text(x + 231, y + 254, "+10 slide", 8, "middle")
    svg.path(f"M {x + 257} {y + 118} H {x + 300} V {y + 250} H {x + 200}", C["gnd"], 1)
    svg.text(x + 262, y + 112, "common", 8)
    svg.text(x + 10, y + 284, "Dial the seat (0 = 10; +10 for 11-18), press OK, roll", 9)
    svg.text(x + 10, y + 297, "the wheel away. The LED says only ready / in / refused,", 9)
    svg.text(x + 10, y + 310, "never whom; during a night's pick every pad blinks", 9)
    svg.text(x + 10, y + 323, "alike whoever presses.", 9)


def protection(svg: Svg, x: int, y: int) -> None:
    svg.rect(x, y, 330, 200, "#efebe9", C["prot"], 8)
    svg.text(x + 10, y + 20, "Protection at each jack (on the box's board)", bold=True)
    lines = [
        "Seven lines a jack: an SP0505BAHTG (5 TVS diodes) and an",
        "SP0502BAHTG (2) from each line, at the jack, to GND.",
        "Inputs GPx0-4 and GPx6: 1 kΩ in series between the",
        "jack and the expander (the chip's own diodes see little).",
        "LED GPx5: 470 Ω in series (the LED's resistor, in the",
        "box: a short in the cable cannot overload the pin).",
        "Jack pin 7 to the board's GND; nothing to 3V3.",
        "3V3 to the expander board through an MF-R010",
        "polyfuse (100 mA hold); 10 µF + 100 nF after it.",
        "Bus 3: 4.7 kΩ pull-ups on SDA and SCL to 3V3.",
    ]
    for i, s in enumerate(lines):
        svg.text(x + 10, y + 40 + i * 15, s, 9)


def bar_buzzer_status(svg: Svg, pm, x: int, y: int) -> None:
    svg.rect(x, y, 330, 120, "#e8f5e9", "#2e7d32", 8)
    svg.text(x + 10, y + 20, "LED bar (Kingbright DC-10GWA): debate time left", bold=True)
    for i, pin in enumerate(pm.bar):
        bx = x + 12 + i * 31
        svg.rect(bx, y + 30, 22, 36, "#66bb6a" if i < 6 else "#c8e6c9", "#2e7d32", 2)
        svg.text(bx + 11, y + 80, pin[4:], 8, "middle")
    svg.text(x + 10, y + 98, "Anode ← 680 Ω ← GPIO (BCM numbers above), first to last;", 9)
    svg.text(x + 10, y + 111, "cathodes to GND. Lit share = time left, rounded up.", 9)
    svg.rect(x, y + 130, 330, 150, "#fff3e0", C["buzzer"], 8)
    svg.text(x + 10, y + 150, "Buzzer and status LED", bold=True)
    phys = {v: k for k, v in HEADER.items()}
    b = pm.buzzer
    svg.text(x + 10, y + 170, f"{b} [{phys[b]}] → 1 kΩ → base of BC337; emitter → GND;", 9)
    svg.text(x + 10, y + 184, "collector → buzzer (−); buzzer (+) → 5 V [2]. TMB12A05:", 9)
    svg.text(x + 10, y + 198, "an active 5 V buzzer; 1N4148 across it, cathode to 5 V.", 9)
    if pm.status:
        s = pm.status
        svg.text(x + 10, y + 220, f"{s} [{phys[s]}] → 330 Ω → green LED (WP710A10GD) → GND:", 9)
        svg.text(x + 10, y + 234, "about 3.6 mA, clearly lit. On = tablet connected;", 9)
        svg.text(x + 10, y + 248, "fast blink = a pairing waits for its code.", 9)
    svg.text(x + 10, y + 270, "Cues: last minute, 3-2-1, end, pairing chirp.", 9, fill="#555")


def draw() -> str:
    pm = load()
    svg = Svg()
    svg.text(20, 28, f"onenight vote box: wiring of the reference build ({len(pm.seats)} pads)",
             18, bold=True)
    svg.text(20, 46, "Drawn from onenight_box/pins.toml by hw/draw_wiring.py. Pi GPIO "
             "numbers are BCM; header pins in brackets.", 11, fill="#555")
    header(svg, pm, 20, 60)
    bar_buzzer_status(svg, pm, 40, 580)
    chips(svg, pm, 430, 60)
    pad(svg, 990, 60)
    protection(svg, 990, 410)
    notes = [
        "Power: the expander board's 3V3 comes from header pin 1 or 17 through the polyfuse; "
        "every GND joined; the Pi from its own 5 V supply.",
        f"Seat 2k+1 is on mcp k port A, seat 2k+2 on port B; bits 0-3 the wheel, 4 OK, 5 LED, "
        f"6 the +10 switch. Bus 3 is the i2c-gpio overlay on GPIO10/GPIO11.",
        "A 10-pad box is the same without mcp5 to mcp8 (onenight_box/pins-10.toml).",
    ]
    for i, n in enumerate(notes):
        svg.text(20, 1190 + i * 16, n, 10)
    return svg.svg()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only check that wiring.svg is current")
    args = ap.parse_args(argv)
    text = draw()
    if args.check:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} is out of date: run hw/draw_wiring.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
