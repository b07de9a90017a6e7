"""The settings file: a bad one is kept aside before the defaults are ever saved over it."""

import json

from onenight.game.settings import Settings, load_settings, open_settings, save_settings


def test_a_bad_settings_file_is_kept_as_bad_before_the_defaults_are_saved(tmp_path):
    path = tmp_path / "settings.json"
    text = '{"language": "en", "debate_minutes": 9, "last_players": ["Ana", "Bob"'  # cut short
    path.write_text(text)
    settings, problem = open_settings(path)
    assert settings == Settings() and problem == "settings_bad"
    save_settings(path, settings)  # the app saves its defaults at the first change
    assert (tmp_path / "settings.json.bad").read_text() == text  # the host's copy is kept
    assert load_settings(path) == (Settings(), None)


def test_good_and_missing_settings_files_are_left_alone(tmp_path):
    path = tmp_path / "settings.json"
    assert open_settings(path) == (Settings(), None)
    path.write_text(json.dumps({"language": "en", "debate_minutes": 9}))
    settings, problem = open_settings(path)
    assert problem is None and settings.language == "en" and settings.debate_minutes == 9
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_settings_nested_too_deep_or_with_a_long_number_are_bad(tmp_path):
    path = tmp_path / "settings.json"
    for text in ("[" * 100_000, '{"debate_minutes": ' + "9" * 5000 + "}", "[1, 2]"):
        path.write_text(text)
        assert load_settings(path) == (Settings(), "settings_bad")
