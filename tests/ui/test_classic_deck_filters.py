"""The classic deck builder filters the whole cast by booklet, side and the Québec booklet's
categories, in the real window, in both languages and on both screen sizes; each row shows
its card's labels; a filter hides rows, never the cards already put in."""

import pytest

from onenight.classic.cast import CAST
from onenight.ui.driving import find, settle, tap

from .classic_play import home_after  # noqa: F401 (the shared app left as found)
from .classic_play import screen, shown, untranslated

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def to_the_deck(app):
    app.send({"type": "players", "names": NAMES}, app.classic)
    app.go("classic_deck")
    settle()
    d = screen(app)
    assert d.name == "classic_deck"
    return d


@pytest.mark.parametrize("lang,size", [("fr", (1280, 800)), ("en", (800, 480))])
def test_the_deck_builder_filters_the_whole_cast_by_booklet_side_and_category(app, lang, size):
    from kivy.core.window import Window

    app.set_language(lang)
    Window.size = size
    d = to_the_deck(app)
    tap(find(d, "clear"))  # whatever deck the table had
    assert d.shown_cards() == [ch.id for ch in CAST]
    tap(d._rows["werewolf"].ids.plus)  # a card put in before filtering stays in
    tap(d._chips[("booklet", "000")])
    assert d._chips[("booklet", "000")].primary
    kept = d.shown_cards()
    assert "priest" in kept and "seer" not in kept and "werewolf" not in kept
    tap(d._chips[("side", "werewolves")])
    assert d.shown_cards() == ["pack_leader"]
    text = shown(app)
    if lang == "fr":
        assert f"Personnages affichés : 1 sur {len(CAST)}" in text
        assert "Nouveaux personnages · Loups-Garous" in text
    else:
        assert f"Characters shown: 1 of {len(CAST)}" in text
        assert "New characters · Werewolves" in text
    tap(d._chips[("booklet", "000")])
    tap(d._chips[("side", "werewolves")])
    tap(d._chips[("category", "buveur")])
    assert d.shown_cards() == ["werewolf", "seer", "memere", "grey_wolf", "shamans_daughter",
                              "apothecary", "coureur", "violoneux"]
    assert ("Meute · Buveur · Standard" if lang == "fr" else "Pack · Drinker · Standard") \
        in d._rows["werewolf"].sub
    assert d.cards() == ["werewolf"]
    assert not untranslated(app), untranslated(app)
    tap(d._chips[("category", "buveur")])
    assert len(d.shown_cards()) == len(CAST)
    # the Québec booklet's legendary enemies, its own cards
    tap(d._chips[("category", "ennemi_legendaire")])
    assert d.shown_cards() == ["wendigo", "lone_wolf", "bonhomme", "were_squirrel"]
    assert ("Ennemi légendaire · Sobre · Chaotique" if lang == "fr"
            else "Legendary enemy") in d._rows["wendigo"].sub
    tap(d._chips[("category", "ennemi_legendaire")])
    # shown again: the same rows, set again from the table's deck, named in its language
    rows = dict(d._rows)
    d.refresh()
    assert d._rows == rows and all(d._rows[c] is r for c, r in rows.items())
    assert [(r.count, r.label) for r in rows.values()] == \
        [(d.counts.get(c, 0), app.translator.classic_card(c)) for c in rows]
