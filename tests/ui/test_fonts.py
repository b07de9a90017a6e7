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


def test_a_character_map_is_read_once_and_kept_between_runs(tmp_path, monkeypatch):
    """The map is kept in the cache file and read from it the next time (fontTools is not
    asked again); a font that changed is read again; a damaged cache is ignored."""
    import shutil

    font = tmp_path / "font.ttf"
    shutil.copy(fonts.EMOJI, font)
    read = []
    real = fonts._read_charset
    monkeypatch.setattr(fonts, "_read_charset", lambda p: read.append(p) or real(p))
    kept = fonts._cache
    try:
        fonts.use_cache(tmp_path / "cache")
        first = fonts.charset(str(font))
        assert read == [str(font)] and 0x1F43A in first  # 🐺
        assert (tmp_path / "cache" / fonts.CACHE_FILE).exists()
        fonts.use_cache(tmp_path / "cache")  # a new run
        assert fonts.charset(str(font)) == first and read == [str(font)]
        shutil.copy(fonts.kivy_font("DejaVuSans.ttf"), font)  # another font, same path
        fonts.charset.cache_clear()
        assert fonts.charset(str(font)) == real(str(font)) and len(read) == 2
        (tmp_path / "cache" / fonts.CACHE_FILE).write_text("{not json", encoding="utf-8")
        fonts.charset.cache_clear()
        assert fonts.charset(str(font)) == real(str(font)) and len(read) == 3
        fonts.use_cache(tmp_path / "cache")  # rewritten: read from it again
        assert fonts.charset(str(font)) == real(str(font)) and len(read) == 3
    finally:
        fonts._cache = kept
        fonts.charset.cache_clear()


def test_a_cache_that_cannot_be_written_changes_nothing(tmp_path):
    (tmp_path / "file").write_text("", encoding="utf-8")
    kept = fonts._cache
    try:
        fonts.use_cache(tmp_path / "file")  # a file where the folder should be
        assert 0x1F43A in fonts.charset(str(fonts.EMOJI))
    finally:
        fonts._cache = kept
        fonts.charset.cache_clear()


def test_a_font_is_opened_once_per_whole_size(app):
    """SDL2_ttf draws a size at its whole pixels; Kivy keeps each open font under the size as
    given, and a fitted label tries fractional sizes: one font opened again and again under
    new keys (docs/performance.md). The key is the whole size: the same pixels, one font."""
    from kivy.core.text import Label as CoreLabel

    def label(size, **kw):
        core = CoreLabel(text="Zoé s'éveille", font_size=size, **kw)
        core.refresh()
        return core

    at = {size: label(size) for size in (23, 23.2, 23.9, 24)}
    assert len({core._get_font_id() for core in at.values()}) == 2
    assert at[23.2]._get_font_id() == at[23.9]._get_font_id() == at[23]._get_font_id()
    for size in (23.2, 23.9):  # drawn alike: sharing the open font changes no pixel
        assert at[size].texture.size == at[23].texture.size
        assert bytes(at[size].texture.pixels) == bytes(at[23].texture.pixels)
    assert bytes(at[24].texture.pixels) != bytes(at[23].texture.pixels)
    # the font's other options still tell fonts apart
    assert label(23.5, bold=True)._get_font_id() != at[23]._get_font_id()
    assert label(23.5, font_name=str(fonts.EMOJI))._get_font_id() != at[23]._get_font_id()


def test_a_character_map_holds_the_fonts_runs_and_answers_like_a_set():
    """Kept as runs of code points, not one set entry per character (docs/performance.md)."""
    codes = {0x41, 0x42, 0x43, 0xE9, 0x1F43A, 0x1F43B}
    cm = fonts.CharMap.of(codes)
    assert cm.ranges() == [[0x41, 0x43], [0xE9, 0xE9], [0x1F43A, 0x1F43B]] and len(cm) == 6
    assert all((c in cm) == (c in codes) for c in range(0x1F500))
    assert 0x40 not in cm and -1 not in cm and 0x110000 not in cm
    assert cm == fonts.CharMap(cm.ranges()) and cm != fonts.CharMap([[0x41, 0x44]])
    roboto = fonts.charset(ROBOTO)
    assert ord("é") in roboto and ord("🐺") not in roboto and len(roboto) > 200


def test_only_the_texts_that_need_a_fallback_keep_their_runs():
    """A text the label's font draws whole (a countdown's every second, a French line) is
    cut again each time, nothing kept; those that need a fallback keep theirs, a bounded
    number, the most recent."""
    fonts._mixed_runs.cache_clear()
    for second in range(600):
        assert fonts.runs(f"{second // 60}:{second % 60:02d}", ROBOTO) == \
            ((None, f"{second // 60}:{second % 60:02d}"),)
    assert fonts.runs("Le village s'éveille", ROBOTO) == ((None, "Le village s'éveille"),)
    assert fonts._mixed_runs.cache_info().currsize == 0
    for n in range(fonts.MIXED_KEPT + 50):
        assert fonts.runs(f"Zoé {n} 🐺", ROBOTO)[-1] == (str(fonts.EMOJI), "🐺")
    assert fonts._mixed_runs.cache_info().currsize == fonts.MIXED_KEPT


def test_the_common_characters_are_cut_as_the_fonts_runs_cut_them():
    """The one-step check of the Latin letters (``fonts._common``) answers as looking each
    character up in the fonts' runs does: for every code point below ``COMMON_END`` and
    past it, in the label's font or not (Roboto lacks some of Latin Extended-B)."""
    dejavu, emoji = fonts.fallbacks()
    lacking = [c for c in range(fonts.COMMON_END)
               if c not in fonts.charset(ROBOTO) and c not in fonts.CONTROL]
    assert lacking  # (else the check below would not see a character handed on)
    for font in (ROBOTO, dejavu):
        for code in range(fonts.COMMON_END + 0x40):
            text = f"Zoé{chr(code)}\n"
            assert fonts.runs(text, font) == fonts._mixed_runs.__wrapped__(text, font), \
                (font, hex(code))
