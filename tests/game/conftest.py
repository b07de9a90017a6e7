import pytest


@pytest.fixture(autouse=True)
def _apps_stop():
    """Each test's "apps" stop at its end: no journal stays open (and locked) after it."""
    yield
    from tests.game.test_journal import _running, stop

    for folder in list(_running):
        stop(folder)
