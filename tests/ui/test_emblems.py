"""The cards' emblems: a rendered pictogram for every card of both games, files that match
their mapping (checked without npm), textures that load and draw in a real window, and a
fallback that never crashes."""

import importlib.machinery
import importlib.util
import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from onenight.classic.cast import CHARACTER_IDS
from onenight.rules.cards import ARTIFACT_IDS, ROLE_IDS

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "render-emblems"
MAPPING = ROOT / "scripts" / "emblems.toml"
ASSETS = ROOT / "onenight" / "ui" / "assets" / "emblems"

# The classic game's whole cast, as its engine lists it: a character added there needs its
# emblem too
CLASSIC_IDS = CHARACTER_IDS


def load_script():
    loader = importlib.machinery.SourceFileLoader("render_emblems", str(SCRIPT))
    spec = importlib.util.spec_from_loader("render_emblems", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def run_check(*args):
    # no npm, no renderer: an empty PATH
    return subprocess.run([sys.executable, str(SCRIPT), "--check", *args], capture_output=True,
                          text=True, env={"PATH": "", "PYTHONPATH": str(ROOT)}, timeout=60)


def test_every_card_of_both_games_has_a_rendered_emblem():
    manifest = json.loads((ASSETS / "manifest.json").read_text(encoding="utf-8"))
    cards = set(ROLE_IDS) | set(ARTIFACT_IDS) | set(CLASSIC_IDS)
    missing = sorted(cards - set(manifest["emblems"]))
    assert not missing
    for card in cards:
        entry = manifest["emblems"][card]
        assert (ASSETS / entry["file"]).is_file(), card
        assert entry["author"] and entry["icon"], card
    credits = (ASSETS / "CREDITS.txt").read_text(encoding="utf-8")
    assert "CC BY 3.0" in credits and "game-icons.net" in credits
    assert "https://game-icons.net/1x1/lorc/werewolf.html" in credits
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for author in {e["author"] for e in manifest["emblems"].values()}:
        assert f"**{author}**" in readme, author  # the README's credits name every author


def test_classic_cards_unknown_to_the_rules_tables_carry_their_team():
    manifest = json.loads((ASSETS / "manifest.json").read_text(encoding="utf-8"))["emblems"]
    assert manifest["angel"]["team"] == "solo"
    assert manifest["big_bad_wolf"]["team"] == "werewolf"
    assert manifest["cupid"]["team"] == "village"
    assert "team" not in manifest["werewolf"]  # from onenight/rules/cards.py


def test_the_committed_emblems_match_their_mapping_without_npm():
    r = run_check()
    assert r.returncode == 0, r.stderr
    cards = tomllib.loads(MAPPING.read_text(encoding="utf-8"))["emblems"]
    assert f"{len(cards)} emblems match" in r.stdout


def test_the_check_names_every_file_that_does_not_match(tmp_path):
    out = tmp_path / "emblems"
    shutil.copytree(ASSETS, out)
    mapping = MAPPING.read_text(encoding="utf-8")
    mapping = mapping.replace('icon = "crystal-ball"', 'icon = "crystal-eye"')
    mapping += '\n[emblems.town_crier]\nicon = "raven"\nauthor = "Lorc"\nteam = "village"\n'
    (tmp_path / "emblems.toml").write_text(mapping, encoding="utf-8")
    png = bytearray((out / "werewolf.png").read_bytes())
    png[-20] ^= 0xFF
    (out / "werewolf.png").write_bytes(bytes(png))
    (out / "fox.png").unlink()
    shutil.copy(out / "seer.png", out / "old_card.png")
    r = run_check("--mapping", str(tmp_path / "emblems.toml"), "--out", str(out))
    assert r.returncode == 1
    for problem in ("seer: icon is 'crystal-ball' in the manifest, 'crystal-eye' in the mapping",
                    "town_crier: in the mapping, not rendered",
                    "werewolf: werewolf.png is not the file that was rendered",
                    "fox: fox.png is missing",
                    "old_card.png: not in the manifest"):
        assert problem in r.stderr, r.stderr


def test_credits_that_do_not_list_the_manifest_are_found(tmp_path):
    out = tmp_path / "emblems"
    shutil.copytree(ASSETS, out)
    credits = (out / "CREDITS.txt").read_text(encoding="utf-8")
    (out / "CREDITS.txt").write_text(credits.replace("Skoll", "Somebody"), encoding="utf-8")
    r = run_check("--out", str(out))
    assert r.returncode == 1 and "CREDITS.txt" in r.stderr


@pytest.mark.parametrize("table, field", [
    ('[emblems.seer]\nicon = "crystal-ball"\nauthor = "Lorc"\nteam = "village"\n',
     "emblems.seer.team"),
    ('[emblems.cupid]\nicon = "cupidon-arrow"\nauthor = "Lorc"\n', "emblems.cupid.team"),
    ('[emblems.cupid]\nicon = "cupidon-arrow"\nauthor = "Lorc"\nteam = "lovers"\n',
     "emblems.cupid.team"),
    ('[emblems.seer]\nicon = "crystal-ball"\n', "emblems.seer.author"),
    ('[emblems.seer]\nicon = "Crystal Ball"\nauthor = "Lorc"\n', "emblems.seer.icon"),
    ('[emblems.seer]\nicon = "crystal-ball"\nauthor = "Lorc"\ncolour = "red"\n',
     "emblems.seer: unknown field 'colour'"),
    ('[emblems.Seer]\nicon = "crystal-ball"\nauthor = "Lorc"\n', "emblems.Seer"),
    ('[emblems.seer\n', "emblems.toml"),
])
def test_a_bad_mapping_is_refused_naming_the_field(tmp_path, table, field):
    script = load_script()
    path = tmp_path / "emblems.toml"
    path.write_text('[source]\npackage = "@iconify-json/game-icons"\nversion = "1.2.4"\n'
                    f'size = 160\n\n{table}', encoding="utf-8")
    with pytest.raises(script.EmblemError, match=field.replace(".", r"\.")):
        script.read_mapping(path)
    r = run_check("--mapping", str(path))
    assert r.returncode == 2 and field in r.stderr


def test_an_icon_is_taken_from_its_set_in_white_and_through_its_aliases():
    script = load_script()
    icons = {"width": 512, "height": 512,
             "icons": {"wolf": {"body": '<path fill="currentColor" d="M0 0h9v9z"/>'}},
             "aliases": {"old-wolf": {"parent": "wolf"},
                         "flipped": {"parent": "wolf", "hFlip": True}}}
    svg = script.icon_svg(icons, "old-wolf", 160)
    assert 'width="160" height="160" viewBox="0 0 512 512"' in svg
    assert 'fill="#ffffff"' in svg and "currentColor" not in svg
    with pytest.raises(script.EmblemError, match="'flipped' is a transformed alias"):
        script.icon_svg(icons, "flipped", 160)
    with pytest.raises(script.EmblemError, match="'lamb' is not in the set"):
        script.icon_svg(icons, "lamb", 160)


# --- in the window ----------------------------------------------------------------------

@pytest.fixture
def fresh_emblems(monkeypatch):
    """The emblem module with its caches emptied, and emptied again after the test."""
    from onenight.ui.widgets import emblem

    emblem.manifest.cache_clear()
    monkeypatch.setattr(emblem, "_textures", {})
    yield emblem
    emblem.manifest.cache_clear()


def counts(widget, *colours, tolerance=0.09):
    """How many of the widget's pixels are close to each colour (RGB, 0..1), and how many
    are transparent."""
    tex = widget.export_as_image().texture
    px = tex.pixels
    found = [0] * (len(colours) + 1)
    for i in range(0, len(px), 4):
        if px[i + 3] < 10:
            found[-1] += 1
            continue
        for k, c in enumerate(colours):
            if all(abs(px[i + j] / 255 - c[j]) <= tolerance for j in range(3)):
                found[k] += 1
    return found


def test_every_emblem_loads_in_the_window_and_draws_clean_on_its_tile(app, fresh_emblems):
    """Each texture loads at its rendered size, holds a shape, and drawn as small as on the
    800x480 screen, leaves no pixel darker than its tile: the renderer's transparent black
    would ring the glyph with a dark fringe once scaled down."""
    emblem = fresh_emblems
    manifest = json.loads((ASSETS / "manifest.json").read_text(encoding="utf-8"))
    side = manifest["size"]
    for card in manifest["emblems"]:
        tex = emblem.texture(card)
        assert tex is not None, card
        assert tuple(tex.size) == (side, side), card
        alpha = tex.pixels[3::4]
        covered = sum(1 for a in alpha if a > 128) / len(alpha)
        assert 0.08 < covered < 0.8, (card, covered)  # a shape, neither empty nor a block
        bg = emblem.tile_colour(card)
        floor = sum(bg[:3]) * 255 - 12
        px = emblem.Emblem(card=card, size=(48, 48)).export_as_image().texture.pixels
        opaque = range(0, len(px), 4)
        darker = [i for i in opaque if px[i + 3] > 250 and px[i] + px[i + 1] + px[i + 2] < floor]
        lighter = [i for i in opaque if px[i + 3] > 250 and px[i] + px[i + 1] + px[i + 2] > 600]
        assert not darker, (card, len(darker))
        assert len(lighter) > 40, card  # the glyph shows (the thin crosshair: 80)
    assert emblem.texture("werewolf") is emblem.texture("werewolf")  # loaded once


def test_a_pictogram_drawn_large_is_not_mipmapped_one_drawn_small_is(app, fresh_emblems):
    """The home screen's large emblems take the picture as it is (the first mipmapped
    texture costs a software renderer 0.2 s before the first frame); a small tile takes the
    mipmapped copy, loaded once, so that it stays smooth."""
    emblem = fresh_emblems
    side = json.loads((ASSETS / "manifest.json").read_text(encoding="utf-8"))["size"]
    large = emblem.Emblem(card="werewolf", size=(150, 150))
    assert not large._glyph.texture.mipmap
    assert large._glyph.texture.min_filter == "linear"
    small = emblem.Emblem(card="werewolf", size=(48, 48))
    assert small._glyph.texture.mipmap
    assert small._glyph.texture.min_filter == "linear_mipmap_linear"
    assert emblem.texture("werewolf") is small._glyph.texture  # no size: the smooth one
    large.size = (40, 40)  # shrunk: it takes the mipmapped copy already loaded
    assert large._glyph.texture is small._glyph.texture
    edge = emblem.MIPMAP_BELOW * side
    assert not emblem.texture("werewolf", edge).mipmap
    assert emblem.texture("werewolf", edge - 1).mipmap
    assert not [k for k in emblem._textures if k[0] != "werewolf"]


def test_the_pictogram_is_drawn_on_its_teams_tile(app, fresh_emblems):
    from onenight.ui import theme

    emblem = fresh_emblems
    wolf = emblem.Emblem(card="werewolf", size=(120, 120))
    red, blue = theme.TEAM_COLOURS["werewolf"], theme.TEAM_COLOURS["village"]
    on_red, on_blue, glyph, clear = counts(wolf, red, blue, emblem.GLYPH)
    assert on_red > 0.4 * 120 * 120 and on_blue == 0
    assert glyph > 0.1 * 120 * 120  # the werewolf is drawn, in cream
    # a classic card no rules table knows takes the manifest's team; a team given wins
    angel = emblem.Emblem(card="angel", size=(120, 120))
    assert counts(angel, theme.TEAM_COLOURS["solo"])[0] > 0.4 * 120 * 120
    turned = emblem.Emblem(card="wild_child", team="werewolf", size=(120, 120))
    assert counts(turned, red)[0] > 0.4 * 120 * 120
    # a wide widget draws a square tile in its middle, the rest left clear
    wide = emblem.Emblem(card="seer", size=(240, 120))
    assert counts(wide, blue)[-1] >= 120 * 120 - 200


def test_a_faded_emblem_is_drawn_faint(app, fresh_emblems):
    emblem = fresh_emblems
    bright = emblem.Emblem(card="seer", size=(80, 80)).export_as_image().texture.pixels
    faded = emblem.Emblem(card="seer", size=(80, 80), dim=True).export_as_image().texture.pixels
    assert max(bright[3::4]) == 255
    assert max(faded[3::4]) < 200


def test_a_card_without_pictogram_shows_its_initials(app, fresh_emblems):
    from onenight.ui import theme

    emblem = fresh_emblems
    assert emblem.initials("big_bad_wolf") == "BB" and emblem.initials("crier") == "C"
    assert emblem.initials("") == "?"
    crier = emblem.Emblem(card="crier", size=(120, 120))  # no card has this id
    grey, glyph, _ = counts(crier, theme.PANEL_HI, emblem.GLYPH)
    assert grey > 0.4 * 120 * 120 and 30 < glyph < 0.2 * 120 * 120
    empty = emblem.Emblem(card="", size=(120, 120))
    assert counts(empty, emblem.GLYPH)[0] == 0


def test_a_missing_or_damaged_emblem_file_falls_back_to_initials(app, fresh_emblems,
                                                                  monkeypatch, tmp_path):
    emblem = fresh_emblems
    (tmp_path / "manifest.json").write_text(json.dumps({"emblems": {
        "seer": {"file": "seer.png"}, "witch": {"file": "gone.png"}, "fox": "nonsense"}}))
    (tmp_path / "seer.png").write_bytes(b"\x89PNG\r\n\x1a\n not a picture")
    monkeypatch.setattr(emblem, "folder", lambda: tmp_path)
    for card in ("seer", "witch", "fox"):
        assert emblem.texture(card) is None
        tile = emblem.Emblem(card=card, size=(100, 100))
        assert counts(tile, emblem.GLYPH)[0] > 20  # its initials
    emblem.manifest.cache_clear()
    (tmp_path / "manifest.json").write_text("{not json")
    assert emblem.manifest() == {}
    assert emblem.Emblem(card="seer", size=(50, 50)) is not None


def test_white_glyph_keeps_the_renderers_shape_in_the_alpha_channel(app, tmp_path):
    """The script's re-encoding, fed a real RGBA PNG with transparent black pixels."""
    from kivy.core.image import Image as CoreImage
    from kivy.graphics.texture import Texture

    script = load_script()
    size = 24
    buf = bytearray()
    for y in range(size):
        for x in range(size):
            a = (x * 11 + y * 7) % 256 if (x - 12) ** 2 + (y - 12) ** 2 < 80 else 0
            buf += bytes((255, 255, 255, a) if a else (0, 0, 0, 0))
    tex = Texture.create(size=(size, size), colorfmt="rgba")
    tex.blit_buffer(bytes(buf), colorfmt="rgba", bufferfmt="ubyte")
    CoreImage(tex).save(str(tmp_path / "rgba.png"))
    (tmp_path / "white.png").write_bytes(script.white_glyph((tmp_path / "rgba.png").read_bytes()))
    before = CoreImage(str(tmp_path / "rgba.png"), nocache=True).texture.pixels
    after = CoreImage(str(tmp_path / "white.png"), nocache=True).texture.pixels
    assert after[3::4] == before[3::4]
    assert set(after[0::4]) == {255} and 0 in set(before[0::4])
    with pytest.raises(script.EmblemError, match="did not write a PNG"):
        script.white_glyph(b"GIF89a")
    with pytest.raises(script.EmblemError, match="cannot be read"):
        script.white_glyph(b"\x89PNG\r\n\x1a\n\x00\x00\x00\x02IHDRxx")

