"""The cards' emblems: a rendered pictogram for every card of both games, and files that
match their mapping (checked without npm)."""

import importlib.machinery
import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from onenight.rules.cards import ARTIFACT_IDS, ROLE_IDS

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "render-emblems"
MAPPING = ROOT / "scripts" / "emblems.toml"
ASSETS = ROOT / "onenight" / "ui" / "assets" / "emblems"

# The classic game's cast (Les Loups-Garous de Thiercelieux: Best Of and the base game)
CLASSIC_IDS = ("villager", "werewolf", "accursed_wolf_father", "big_bad_wolf", "seer", "cupid",
               "sister", "little_girl", "fox", "rusty_sword_knight", "elder", "witch",
               "bear_tamer", "hunter", "thief", "wild_child", "wolf_hound", "white_werewolf",
               "pied_piper", "angel")


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
    assert f"{len(ROLE_IDS) + len(ARTIFACT_IDS) + 15} emblems match" in r.stdout


def test_the_check_names_every_file_that_does_not_match(tmp_path):
    out = tmp_path / "emblems"
    shutil.copytree(ASSETS, out)
    mapping = MAPPING.read_text(encoding="utf-8")
    mapping = mapping.replace('icon = "crystal-ball"', 'icon = "crystal-eye"')
    mapping += '\n[emblems.raven]\nicon = "raven"\nauthor = "Lorc"\nteam = "village"\n'
    (tmp_path / "emblems.toml").write_text(mapping, encoding="utf-8")
    png = bytearray((out / "werewolf.png").read_bytes())
    png[-20] ^= 0xFF
    (out / "werewolf.png").write_bytes(bytes(png))
    (out / "fox.png").unlink()
    shutil.copy(out / "seer.png", out / "old_card.png")
    r = run_check("--mapping", str(tmp_path / "emblems.toml"), "--out", str(out))
    assert r.returncode == 1
    for problem in ("seer: icon is 'crystal-ball' in the manifest, 'crystal-eye' in the mapping",
                    "raven: in the mapping, not rendered",
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

