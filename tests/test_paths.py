"""Where the files go on Linux: the settings in XDG_CONFIG_HOME, the games and the voice packs
in XDG_DATA_HOME, each by default under the home folder; the games an earlier version kept
with the settings move, once, and nothing is ever overwritten."""

from pathlib import Path

import pytest

from onenight import paths
from onenight.narration.voice import voice_pack_dirs


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    return tmp_path / "home"


def test_by_default_the_folders_are_under_the_home_folder(home):
    assert paths.config_dir() == home / ".config" / "onenight"
    assert paths.data_dir() == home / ".local" / "share" / "onenight"
    assert home / ".local" / "share" / "onenight" / "voices" in voice_pack_dirs()


def test_the_xdg_variables_are_followed(home, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "conf"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert paths.config_dir() == tmp_path / "conf" / "onenight"
    assert paths.data_dir() == tmp_path / "data" / "onenight"
    assert tmp_path / "data" / "onenight" / "voices" in voice_pack_dirs()


@pytest.mark.parametrize("value", ["", "relative/folder"])
def test_an_empty_or_relative_variable_is_ignored(home, monkeypatch, value):
    monkeypatch.setenv("XDG_CONFIG_HOME", value)
    monkeypatch.setenv("XDG_DATA_HOME", value)
    assert paths.config_dir() == home / ".config" / "onenight"
    assert paths.data_dir() == home / ".local" / "share" / "onenight"


def make(folder: Path, *names: str) -> None:
    for name in names:
        p = folder / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(name)


def test_the_old_games_move_and_the_settings_stay(tmp_path):
    old, new = tmp_path / "config", tmp_path / "data"
    make(old, "settings.json", "onenight.lock", "journal.db", "history/g1.json", "box-keys.json")
    moved = paths.move_games(old, new, keep=("settings.json", "onenight.lock"))
    assert moved == ["box-keys.json", "history", "journal.db"]
    assert sorted(p.name for p in old.iterdir()) == ["onenight.lock", "settings.json"]
    assert (new / "history" / "g1.json").read_text() == "history/g1.json"
    assert (new / "journal.db").read_text() == "journal.db"
    assert paths.move_games(old, new) == []  # once


def test_nothing_moves_over_games_already_in_the_new_folder(tmp_path):
    old, new = tmp_path / "config", tmp_path / "data"
    make(old, "journal.db", "history/old.json")
    make(new, "journal.db")
    assert paths.move_games(old, new) == []
    assert (old / "journal.db").exists() and (old / "history" / "old.json").exists()
    assert (new / "journal.db").read_text() == "journal.db"


def test_a_missing_old_folder_moves_nothing(tmp_path):
    assert paths.move_games(tmp_path / "none", tmp_path / "data") == []
    assert not (tmp_path / "data").exists()
