"""Each character's labels, for the deck builder's filters and its rows: the booklet(s) that
describe it, its side (Best Of's family: villagers, werewolves, ambiguous, loners) and, where
the Québec booklet (seed 002) lists the same card, that booklet's categories (its camp,
Buveur/Sobre, Standard/Chaotique). docs/characters.md lists them, card by card.

A filter keeps a card when, in every dimension where something is chosen, the card carries
one of the chosen values (any of them within a dimension, every dimension at once)."""

from __future__ import annotations

from dataclasses import dataclass

from .cast import CAST, CHARACTER

#: The booklets, as the seeds number them: 001 the base game and Le Village, 003 Best Of,
#: 000 the new characters' compendium, 002 the Québec variant.
BOOKLETS = ("001", "003", "000", "002")
#: The booklet that describes the cards of each box.
BOX_BOOKLET = {"base_game": "001", "best_of": "003", "new_characters": "000", "quebec": "002"}
SIDES = ("villagers", "werewolves", "ambiguous", "loners")
#: The Québec booklet's categories: its camps, then Buveur/Sobre, then Standard/Chaotique.
QUEBEC_CATEGORIES = ("villageois", "lupin", "ambivalent", "ennemi_legendaire", "meute",
                     "buveur", "sobre", "standard", "chaotique")
#: Its camps (the first five).
QUEBEC_CAMPS = QUEBEC_CATEGORIES[:5]
#: The cards of the cast the Québec booklet lists too, with the categories it gives them
#: ("Loup-Garou — Meute/Loup, Débutant, Buveur, Standard"; "Voyante — Villageois, Avancé,
#: Buveur, Standard"). Its Sorcière is a lupine of its own, not the classic witch.
QUEBEC = {"werewolf": ("meute", "buveur", "standard"),
          "seer": ("villageois", "buveur", "standard"),
          # "Habitant — Villageois, Débutant, Sobre, Standard": the plain villager's card
          "villager": ("villageois", "sobre", "standard"),
          # the Québec booklet's own cards
          "wendigo": ("ennemi_legendaire", "sobre", "chaotique"),
          "lone_wolf": ("ennemi_legendaire", "sobre", "chaotique"),
          "dog_wolf": ("ambivalent", "sobre", "chaotique"),
          "memere": ("villageois", "buveur", "standard"),
          "survenant": ("villageois", "sobre", "standard"),
          "bonhomme": ("ennemi_legendaire", "sobre", "chaotique"),
          "ramancheux": ("villageois", "sobre", "standard"),
          "flanc_mou": ("ambivalent", "sobre", "chaotique"),
          # "Entremetteuse — Villageois, Débutant, Sobre, Chaotique"
          "entremetteuse": ("villageois", "sobre", "chaotique"),
          # "Belle Créatûre — Lupin, Avancé, Sobre, Chaotique"
          "belle_creature": ("lupin", "sobre", "chaotique"),
          # the booklet's own characters, built on its states ("Fier-à-Bras — Villageois,
          # Débutant, Sobre, Standard"; "Infecté Chronique — Meute/Lupin, …")
          "braggart": ("villageois", "sobre", "standard"),
          "chronic_infected": ("lupin", "meute", "sobre", "standard"),
          "eavesdropper": ("villageois", "sobre", "standard"),
          "grey_wolf": ("meute", "buveur", "chaotique"),
          # "Guenilloux — Villageois (spécial), Avancé, Sobre, Chaotique"
          "ragpicker": ("villageois", "sobre", "chaotique"),
          "shamans_daughter": ("villageois", "buveur", "standard"),
          "were_squirrel": ("ennemi_legendaire", "sobre", "chaotique"),
          # its characters dealt ragots
          "tete_de_cochon": ("villageois", "sobre", "chaotique"),
          # "Grand-Talent-Pas-d'Adon — Villageois (spécial), Avancé, Sobre, Chaotique"
          "grand_talent": ("villageois", "sobre", "chaotique"),
          # its characters with special powers ("Apothicaire — Villageois, Avancé, Buveur,
          # Standard")
          "apothecary": ("villageois", "buveur", "standard"),
          # "Coureur des Bois — Villageois, Avancé, Buveur, Standard"
          "coureur": ("villageois", "buveur", "standard"),
          "violoneux": ("villageois", "buveur", "standard"),
          # "Robineux — Variable, Débutant, Standard": his camp is drawn, no Buveur nor Sobre
          "robineux": ("standard",)}
DIMENSIONS = ("booklet", "side", "category")


@dataclass(frozen=True)
class Labels:
    booklets: tuple[str, ...]
    side: str
    categories: tuple[str, ...] = ()

    def values(self, dimension: str) -> tuple[str, ...]:
        return {"booklet": self.booklets, "side": (self.side,),
                "category": self.categories}[dimension]


def labels(card: str) -> Labels:
    """A character's labels (its id as in the cast)."""
    ch = CHARACTER[card]
    books = {BOX_BOOKLET[box] for box, _n in ch.boxes if box in BOX_BOOKLET}
    if ch.booklet:
        books.add(ch.booklet)
    quebec = QUEBEC.get(card, ())
    if quebec:
        books.add("002")
    return Labels(tuple(b for b in BOOKLETS if b in books), ch.family, quebec)


#: Every value a dimension offers (the chips): those some card of the cast carries.
def offered(dimension: str) -> tuple[str, ...]:
    every = {"booklet": BOOKLETS, "side": SIDES, "category": QUEBEC_CATEGORIES}[dimension]
    carried = {v for ch in CAST for v in labels(ch.id).values(dimension)}
    return tuple(v for v in every if v in carried)


@dataclass(frozen=True)
class CastFilter:
    """The chips chosen, by dimension; nothing chosen keeps every card."""

    booklet: frozenset[str] = frozenset()
    side: frozenset[str] = frozenset()
    category: frozenset[str] = frozenset()

    def toggle(self, dimension: str, value: str) -> "CastFilter":
        if dimension not in DIMENSIONS or value not in offered(dimension):
            raise ValueError(f"no {dimension} {value!r} to filter by")
        now = getattr(self, dimension)
        return CastFilter(**{**{d: getattr(self, d) for d in DIMENSIONS},
                             dimension: now ^ {value}})

    def keeps(self, card: str) -> bool:
        lab = labels(card)
        return all(not getattr(self, d) or set(lab.values(d)) & getattr(self, d)
                   for d in DIMENSIONS)

    def cards(self) -> tuple[str, ...]:
        """The cast's cards it keeps, in the cast's order."""
        return tuple(ch.id for ch in CAST if self.keeps(ch.id))


__all__ = ["BOOKLETS", "SIDES", "QUEBEC_CATEGORIES", "QUEBEC", "DIMENSIONS", "Labels",
           "labels", "offered", "CastFilter"]
