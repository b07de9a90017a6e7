"""Every character drawn: the fallback fonts take what the label's font lacks (emoji,
symbols, other alphabets), and no text of the app needs a character no font has."""

import json
import re
from pathlib import Path

from onenight.ui import fonts

I18N = Path(__file__).resolve().parents[2] / "onenight" / "ui" / "i18n"
ROBOTO = fonts.kivy_font("Roboto-Regular.ttf")


def test_runs_hand_each_character_to_the_first_font_that_has_it():
    dejavu, emoji = fonts.fallbacks()
    assert fonts.runs("Chloé", ROBOTO) == ((None, "Chloé"),)
    assert fonts.runs("Zoé 🐺★ ok", ROBOTO) == (
        (None, "Zoé "), (emoji, "🐺"), (dejavu, "★"), (None, " ok"))
    # emoji sequences (joiners, variation selectors) and other alphabets are all drawn;
    # a character no font has stays with the label's font: that is the box
    assert fonts.missing("Zoé 🐺★→✓ Ωμέγα мир 👨\u200d👩\u200d👧 ❤\ufe0f") == []
    assert fonts.missing("a\ue000b") == ["\ue000"]


def test_no_text_of_the_app_needs_a_character_no_font_has():
    for lang in ("fr", "en"):
        table = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
        for key, text in table.items():
            assert fonts.missing(re.sub(r"{\w+}", "", text)) == [], (lang, key)


def texture_pixels(text, font_name="Roboto"):
    from kivy.core.text import Label as CoreLabel

    core = CoreLabel(text=text, font_size=40, font_name=font_name)
    core.refresh()
    return core.texture.size, bytes(core.texture.pixels)


def test_an_emoji_in_a_name_is_drawn_as_the_emoji_font_draws_it(app):
    wolf = texture_pixels("🐺")
    assert wolf == texture_pixels("🐺", font_name=str(fonts.EMOJI))
    assert wolf != texture_pixels("\ue000")  # not the missing-glyph box
    star = texture_pixels("★")
    assert star == texture_pixels("★", font_name=fonts.kivy_font("DejaVuSans.ttf"))
