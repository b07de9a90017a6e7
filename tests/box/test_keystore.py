from onenight.box import KeyStore


def test_keys_survive_and_the_file_is_private(tmp_path):
    path = tmp_path / "keys.json"
    store = KeyStore(path)
    store.put("box-a", b"k" * 32)
    again = KeyStore(path)
    assert again.app_id == store.app_id and again.get("box-a") == b"k" * 32
    assert again.get("box-b") is None
    assert path.stat().st_mode & 0o077 == 0


def test_a_damaged_key_file_means_pairing_again(tmp_path, caplog):
    path = tmp_path / "keys.json"
    path.write_text("{oops")
    store = KeyStore(path)
    assert store.get("box-a") is None and store.app_id.startswith("tablet-")
    assert "pair again" in caplog.text


def test_a_key_file_nested_too_deep_or_not_an_object_means_pairing_again(tmp_path, caplog):
    path = tmp_path / "keys.json"
    for text in ("[" * 100_000, "[1]", '{"app_id": ' + "7" * 5000 + "}"):
        path.write_text(text)
        store = KeyStore(path)
        assert store.get("box-a") is None and store.app_id.startswith("tablet-")
    assert caplog.text.count("pair again") == 3
