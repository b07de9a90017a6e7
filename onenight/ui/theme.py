"""Colours and sizes, one place. Sizes are given for a 1280x800 screen and scaled to the
window (the app's ``scale``), so the 800x480 touchscreen gets the same layout."""

BG = (0.11, 0.12, 0.15, 1)
PANEL = (0.17, 0.19, 0.23, 1)
PANEL_HI = (0.25, 0.28, 0.34, 1)
TEXT = (0.95, 0.93, 0.88, 1)
MUTED = (0.70, 0.70, 0.72, 1)
ACCENT = (0.93, 0.66, 0.25, 1)
GOOD = (0.36, 0.75, 0.45, 1)
BAD = (0.88, 0.33, 0.30, 1)
NIGHT_BG = (0, 0, 0, 1)
NIGHT_TEXT = (0.80, 0.72, 0.58, 1)

TEAM_COLOURS = {
    "village": (0.22, 0.45, 0.62, 1),
    "werewolf": (0.62, 0.18, 0.18, 1),
    "tanner": (0.55, 0.40, 0.20, 1),
    "solo": (0.20, 0.48, 0.40, 1),  # the classic game's lone sides (Angel, Pied Piper...)
    "artifact": (0.38, 0.30, 0.55, 1),
}

TOUCH = 88  # minimum height of a touch target at 1280x800 (54 px at 800x480)
