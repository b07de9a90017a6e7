"""The merged call order (onenight/classic/order.py): one order for every character the
booklets' lists call (seed 001's, seed 003's, seed 000's p. 24), with their conditions, as
data; the cast's steps take their places from it, and a deck mixing booklets is called in it."""

from __future__ import annotations

from onenight.classic import village
from onenight.classic.calls import night_calls
from onenight.classic.cast import CHARACTER, NIGHT, STEP, build_steps, phase_order
from onenight.classic.conditions import ONLY_IF
from onenight.classic.model import Death, Game, Kind, Options, Phase
from onenight.classic.order import CALL, NIGHT_CALLS, ORDER
from onenight.classic.table import CALENDAR, Character, Step
from onenight.classic.walk import is_called

# Each booklet's list, as it is printed (the step ids of the calls it names, in its order).
SEED_001 = [  # "Rappel des tours de jeu": Tour de préparation, Tour de nuit
    "thief", "cupid", "lovers", "rescuer",
    "seer", "werewolves", "baker", "white_werewolf", "pyromaniac", "witch", "pied_piper",
    "charmed", "raven"]
SEED_003_EVERY_NIGHT = [  # "Personnages appelés chaque nuit"
    "seer", "werewolves", "white_werewolf", "accursed_wolf_father", "big_bad_wolf", "witch",
    "fox", "pied_piper", "charmed"]
SEED_003_FIRST_NIGHT = [  # "Personnages appelés la 1ère nuit" (see the seer below)
    "cupid", "lovers", "seer", "sisters", "wild_child", "bear_tamer", "werewolves",
    "accursed_wolf_father", "big_bad_wolf", "witch", "fox", "pied_piper", "charmed"]
SEED_000 = [  # p. 24: "Tour du Maire", "Tour de préparation", then "Tour normal"
    "mayor", "thief", "priest", "little_girl_sign", "woodsman_sign", "pack_leader_sign",
    "werewolves_sign", "cupid", "lovers", "evil_spirit", "enemies", "assassin",
    "vigilante_before", "shapeshifter", "sandman", "mage", "dream_reader", "apprentice_seer",
    "seer", "mathematician", "night_owl", "rescuer", "trapper", "diviner", "werewolves",
    "cassandra", "jekyll_hyde", "witch", "pied_piper", "charmed", "astrologer", "hypnotist",
    "fortune_teller", "master_of_fate", "magistrate", "tavern_keeper", "vigilante_after",
    "crow"]


def _in_order(listed: list[str]) -> bool:
    merged = [c.id for c in NIGHT_CALLS]
    places = [merged.index(s) for s in listed]
    return places == sorted(places)


#: Seed 000's Astrologue's eclipses, said to the whole table as the night they shape begins:
#: his rule (p. 4) places them, not the booklet's list.
ECLIPSES = {"solar_eclipse", "moonless_night"}
#: Seed 000's Graphologue, whom its list leaves out: his rule (p. 10) calls him each night.
UNLISTED_000 = {"graphologist"}


def test_every_call_of_every_list_is_in_the_merged_order():
    named = set(SEED_001) | set(SEED_003_EVERY_NIGHT) | set(SEED_003_FIRST_NIGHT) | set(SEED_000)
    assert named == set(CALL) - {"wolf_hound"} - QUEBEC - ECLIPSES - UNLISTED_000
    # the wolf-hound's choice is not in Best Of's list (which names him only among the
    # werewolves): RULES-CLASSIC.md §3 calls it after the wild child
    assert ORDER["wild_child"] < ORDER["wolf_hound"] < ORDER["seer"]
    for c in NIGHT_CALLS:
        assert c.lists, c.id
        for book, listed in (("001", SEED_001), ("000", SEED_000)):
            assert (c.id in listed) == (book in c.lists) or c.id in ECLIPSES | UNLISTED_000, \
                (c.id, book)
    assert ORDER["flanc_mou_enters"] < ORDER["solar_eclipse"] < ORDER["moonless_night"] \
        < ORDER["thief"]


#: The Québec booklet (seed 002) gives no call order: its callers are placed in the merged
#: one beside the calls they follow (the lone wolf right after the pack's own steps).
QUEBEC = {"lone_wolf_pack", "lone_wolf", "dog_wolf", "memere", "bonhomme", "shamans_daughter",
          "grey_wolf", "were_squirrel", "ramancheux", "flanc_mou", "flanc_mou_enters",
          "tete_de_cochon", "grand_talent", "apothecary_powers", "apothecary", "violoneux",
          "entremetteuse", "amants", "belle_creature", "coureur_powers", "coureur",
          "robineux", "robineux_seer", "robineux_memere", "robineux_paw", "robineux_pack"}


def test_the_quebec_callers_are_placed_beside_the_calls_like_theirs():
    assert {c.id for c in NIGHT_CALLS if "002" in c.lists} == QUEBEC
    assert all(c.lists == ("002",) for c in NIGHT_CALLS if c.id in QUEBEC)
    assert ORDER["werewolves"] < ORDER["white_werewolf"] < ORDER["lone_wolf_pack"] \
        < ORDER["lone_wolf"] < ORDER["witch"]
    # the Chien-Garou's master, chosen as the wild child's model, in the preparation round
    assert ORDER["wild_child"] < ORDER["wolf_hound"] < ORDER["dog_wolf"] < ORDER["seer"]
    # the Memére learns of a player right after the seer
    assert ORDER["seer"] < ORDER["memere"] < ORDER["mathematician"]
    # the Ramancheux's eye, another look at a player, right after hers
    assert ORDER["memere"] < ORDER["ramancheux"] < ORDER["mathematician"]
    # the Tête-de-Co'hon is shown his ragots as the preparation round closes
    assert ORDER["dog_wolf"] < ORDER["tete_de_cochon"] < ORDER["bonhomme"]
    assert ORDER["dog_wolf"] < ORDER["grand_talent"] < ORDER["bonhomme"]
    # the Bonhomme Sept-Heures opens the usual round: his sleepers miss its calls
    assert ORDER["wolf_hound"] < ORDER["bonhomme"] < ORDER["vigilante_before"]
    # the Flanc-Mou learns a player's card as the seer would, after the looks like hers; the
    # village told he has chosen his side opens the night, before the first-night calls of
    # the card he took
    assert ORDER["ramancheux"] < ORDER["flanc_mou"] < ORDER["mathematician"]
    assert ORDER["flanc_mou_enters"] == min(ORDER.values())
    # the Violoneux opens the usual round after him: his gigue tires a player before that
    # player's call, his rigodon de nuit skips the whole round
    assert ORDER["bonhomme"] < ORDER["violoneux"] < ORDER["vigilante_before"]
    # the Apothicaire's remedies (a protection, the pack's forced victim) come before the
    # pack, with the protectors; her first night's pick right before her first remedy
    assert ORDER["shamans_daughter"] < ORDER["apothecary_powers"] < ORDER["apothecary"] \
        < ORDER["diviner"] < ORDER["werewolves"]
    # the Entremetteuse makes her couple right after cupid's; the couple's escapade opens the
    # usual round, before anybody's attack decides who is home
    assert ORDER["lovers"] < ORDER["entremetteuse"] < ORDER["evil_spirit"]
    assert ORDER["bear_tamer"] < ORDER["amants"] < ORDER["bonhomme"] < ORDER["werewolves"]
    # the Belle Créatûre's seduction reads what the seer and the Flanc-Mou learned: after them
    assert ORDER["seer"] < ORDER["flanc_mou"] < ORDER["belle_creature"] < ORDER["werewolves"]
    # the Coureur des Bois's trap is the last call before the pack's ("il mourra au moment du
    # réveil de la meute"), after the diviner who may foretell its victim; his pick before
    # any call that may name the pack's victim (the perfume, the diviner): his canoe takes him
    # out of play first
    assert ORDER["shamans_daughter"] < ORDER["coureur_powers"] < ORDER["apothecary_powers"]
    assert ORDER["diviner"] < ORDER["coureur"] == ORDER["werewolves"] - 10
    # the Robineux's second-night call opens the usual round after the couple's escapade
    # (not really of the night), before any call of the roles he may hold and before the
    # Bonhomme may put him to sleep; his doubled night's second look and second victim right
    # after the seer's and the pack's own calls
    assert ORDER["amants"] < ORDER["robineux"] < ORDER["bonhomme"] < ORDER["violoneux"]
    assert ORDER["seer"] < ORDER["robineux_seer"] == ORDER["seer"] + 10 < ORDER["memere"]
    assert ORDER["robineux_pack"] == ORDER["werewolves"] + 10
    assert ORDER["robineux_paw"] == ORDER["shamans_daughter"] + 10 < ORDER["werewolves"]
    assert ORDER["robineux_memere"] == ORDER["memere"] + 10 < ORDER["ramancheux"]


def test_each_lists_own_order_is_kept():
    assert _in_order(SEED_000)
    # seed 001 lists the rescuer (Nouvelle Lune's, described in none of our booklets) in its
    # preparation round, seed 000 every night before the trapper: he protects each night, so
    # seed 000's place is kept
    assert _in_order([s for s in SEED_001 if s != "rescuer"])
    assert CALL["rescuer"].when == "every_night"
    assert _in_order(SEED_003_EVERY_NIGHT)
    # Best Of's first night calls the seer before the sisters; RULES-CLASSIC.md §3 (the
    # authority) calls the first night's wakings first, as the preparation rounds of seeds
    # 001 and 000 do: everything else of that list keeps its order
    assert _in_order([s for s in SEED_003_FIRST_NIGHT if s != "seer"])
    assert ORDER["sisters"] < ORDER["seer"]


def test_the_lists_conditions_are_data_and_each_has_its_test():
    for c in NIGHT_CALLS:
        assert c.when in CALENDAR, c.id
        assert not c.only_if or c.only_if in ONLY_IF, c.id
    assert {c.id: c.when for c in NIGHT_CALLS if c.when != "every_night"} == {
        "thief": "first_night", "priest": "first_night", "little_girl_sign": "first_night",
        "woodsman_sign": "first_night", "pack_leader_sign": "first_night",
        "werewolves_sign": "first_night", "cupid": "first_night", "lovers": "first_night",
        "evil_spirit": "first_night", "enemies": "first_night", "assassin": "first_night",
        "sisters": "first_night", "wild_child": "first_night", "wolf_hound": "first_night",
        "bear_tamer": "first_night", "vigilante_before": "from_night_2",
        "white_werewolf": "even_nights", "crow": "from_night_2",
        "lone_wolf_pack": "first_night", "lone_wolf": "even_nights", "dog_wolf": "first_night",
        "tete_de_cochon": "first_night", "grand_talent": "first_night",
        "bonhomme": "from_night_2", "ramancheux": "from_night_2",
        "apothecary_powers": "first_night", "violoneux": "from_night_3",
        "were_squirrel": "from_night_3", "flanc_mou": "third_night",
        "flanc_mou_enters": "flanc_mou_enters", "entremetteuse": "first_night",
        "belle_creature": "from_night_2", "coureur_powers": "first_night",
        "robineux": "second_night", "robineux_seer": "second_night",
        "robineux_paw": "second_night", "robineux_pack": "second_night",
        "robineux_memere": "second_night",
        "solar_eclipse": "solar_eclipse", "moonless_night": "moonless_night", "mayor": "first_night"}
    # "(s'il n'y a eu aucun mort lors de la dernière journée)", "(dès qu'un premier personnage
    # a été tué par les Loups-Garous)", "(s'il n'y a eu aucun mort pendant la nuit)", "(s'il a
    # été tué pendant la journée ou la nuit précédente)"
    assert {c.id: c.only_if for c in NIGHT_CALLS if c.only_if} == {
        "vigilante_before": "no_death_last_day", "trapper": "after_a_werewolves_kill",
        "vigilante_after": "no_death_tonight", "crow": "died_last_phase"}
    # what the app does not call says why
    assert {c.id for c in NIGHT_CALLS if c.skipped} == {
        "little_girl_sign", "woodsman_sign", "pack_leader_sign", "werewolves_sign",
        "bear_tamer"}


#: Steps that are part of another character's call, right after it: the player the night owl
#: wakes, the dreamer who mimes for the dream reader, the player the hypnotist hypnotized, the
#: first devoured who names the werewolf the trapper's trap caught (right after the pack), the
#: player the mage touches to leave the room.
WITHIN = {"night_owl_seen": "night_owl", "dream_reader_mime": "dream_reader",
          "hypnotized": "hypnotist", "trapped": "werewolves", "banished": "mage"}
#: A die the app rolls within a call, when the call's choice asks for it: whether the
#: Écureuil-Garou the pack named was home; the wolf the Coureur des Bois's trap or gun kills.
ROLLED_WITHIN = {"were_squirrel_luck": "werewolves", "coureur_strikes": "werewolves"}


#: Steps the app plays right before a call, with no call of their own (the Maire's character
#: cards, drawn before his call shows them); the die rolled for Dr
#: Jekyll, which his call tells him; the Habitant drawn for the Québec Memére's soup; the lot
#: the Guenilloux's curse draws, whose infected player wakes with the pack that night; the
#: ragots drawn for the Tête-de-Co'hon, which his call shows him; the Grand-Talent-Pas-d'Adon's
#: ragot and antagonist, shown at his.
BEFORE = {"jekyll_die": "jekyll_hyde", "crow_die": "crow", "memere_soup": "memere",
          "robineux_memere_soup": "robineux_memere",
          "shapeshifter_draw": "shapeshifter",
          "ragpicker_curse": "werewolves", "tete_de_cochon_ragots": "tete_de_cochon",
          "grand_talent_ragots": "grand_talent", "grand_talent_antagonist": "grand_talent",
          "mayor_cards": "mayor", "graphologist_note": "graphologist"}


def test_the_casts_night_steps_take_their_places_and_calendars_from_the_order():
    for s in NIGHT:
        if s.role is None:
            continue  # the table's own (the election, the dusk, before every call)
        if s.id in BEFORE:
            assert ORDER[BEFORE[s.id]] - 10 < s.order < ORDER[BEFORE[s.id]], s.id
            continue
        if s.id in ("habitant_ragots", "robineux_side", "robineux_role"):
            # the Québec Habitants' draw, and the Robineux's, open the first night, after an
            # election held before it, before its dusk (no call of their own)
            assert STEP["captain_votes"].order < s.order < STEP["dusk"].order
            continue
        if s.id in WITHIN or s.id in ROLLED_WITHIN:
            call = WITHIN.get(s.id) or ROLLED_WITHIN[s.id]
            assert ORDER[call] < s.order < ORDER[call] + 10, s.id
            continue
        call = CALL[s.id]
        assert s.order == ORDER[s.id] and s.role == call.role or s.id == "werewolves", s.id
        if s.id != "sisters":  # the option: the sisters wake again on even nights
            assert s.when.id == call.when, s.id
    assert [s.order for s in NIGHT] == sorted(s.order for s in NIGHT)


def _no_death_last_day(g: Game) -> bool:
    return ONLY_IF["no_death_last_day"](g)


def _placeholder_steps() -> tuple[Step, ...]:
    """A step for each call the cast does not play yet, made from the data alone: its place,
    its calendar, its condition (as what makes its power work)."""
    out = []
    for c in NIGHT_CALLS:
        if c.skipped or c.id in STEP:
            continue
        if c.only_if == "died_last_phase":
            def called(g, role=c.role):
                return ONLY_IF["died_last_phase"](g, role)
        else:
            called = None
        out.append(Step(c.id, ("night",), ORDER[c.id], CALENDAR[c.when], Kind.SEAT,
                        role=c.role, called=called))
    return tuple(out)


def test_a_deck_of_every_booklets_callers_is_called_in_the_merged_order(monkeypatch):
    # each character not played yet stands in as a villager with its call, made from the data
    extra = _placeholder_steps()
    for role in {s.role for s in extra} - set(CHARACTER):
        monkeypatch.setitem(CHARACTER, role, Character(
            role, role, role, "villagers", "village", (), steps=tuple(
                s for s in extra if s.role == role)))
    table = build_steps((), tuple(STEP[c.id] for c in NIGHT_CALLS if c.id in STEP) + extra
                        + tuple(STEP[w] for w in WITHIN))
    callers = [c.role for c in NIGHT_CALLS if c.role and not c.skipped]
    deal = tuple(dict.fromkeys(callers + ["sister"])) + ("sister", "werewolf", "villager")
    g = Game(dealt=deal, cards=deal, undealt=(), leftover=(), options=Options(),
             phase=Phase("night", 1), lovers=(0, 1), charmed=frozenset({2}))

    def plan(g: Game) -> list[str]:
        return [s.id for s in phase_order(table, "night") if is_called(g, s)]

    # the baker's call is a building's, called when somebody lives in the bakery (Le Village:
    # test_village.py): there are no buildings here; the Ramancheux's, after a day whose vote
    # by nominations spared a candidate (test_quebec.py): there was no such day here; the
    # Québec couple's, once the Entremetteuse has named two players (test_quebec.py); the
    # Transformiste's, once a death has fed his pile (test_shapeshifter.py); the Robineux's,
    # once his role is drawn, and his doubled night's, once he slept it off (test_robineux.py)
    called = [c.id for c in NIGHT_CALLS if not c.skipped and c.id not in village.NIGHT_CALLS
              and c.id not in ("ramancheux", "amants", "shapeshifter", "robineux",
                               "robineux_seer", "robineux_memere", "robineux_paw",
                               "robineux_pack")]
    for w, call in WITHIN.items():
        called.insert(called.index(call) + 1, w)  # within his call
    assert plan(g) == [c for c in called
                       if c in WITHIN or CALL[c].when in ("first_night", "every_night")]
    # night 2: the crow died yesterday (his step calls him, dead); the white werewolf's night
    crow = deal.index("crow")
    g2 = g._with(phase=Phase("night", 2), dead=frozenset({crow}),
                 deaths=(Death(crow, "vote", None, 1, "vote", "crow"),))
    assert plan(g2) == [c for c in called
                        if c in WITHIN or CALL[c].when not in ("first_night", "from_night_3",
                                                               "third_night",
                                                               "flanc_mou_enters",
                                                               *ECLIPSES)]
    # night 3: the crow's call is over; the Écureuil-Garou's begins
    assert "crow" not in plan(g2._with(phase=Phase("night", 3)))
    assert "were_squirrel" in plan(g2._with(phase=Phase("night", 3)))
    # the Flanc-Mou's pick, the third night only
    assert "flanc_mou" in plan(g2._with(phase=Phase("night", 3)))
    assert "flanc_mou" not in plan(g2._with(phase=Phase("night", 4)))


def test_a_deck_mixing_booklets_is_called_in_the_merged_order():
    deck = ("white_werewolf werewolf werewolf seer witch fox pied_piper cupid thief sister "
            "sister wild_child villager villager").split()
    assert night_calls(deck, 1) == (
        "dusk", "thief", "cupid", "lovers", "sisters", "wild_child", "seer", "werewolves",
        "witch", "fox", "pied_piper", "charmed")
    assert night_calls(deck, 2) == ("dusk", "seer", "werewolves", "white_werewolf", "witch",
                                    "fox", "pied_piper", "charmed")


def test_the_conditions_look_at_what_happened():
    deal = ("villager",) * 6 + ("werewolf",)
    g = Game(dealt=deal, cards=deal, undealt=(), leftover=(), options=Options(),
             phase=Phase("night", 3))
    assert _no_death_last_day(g)
    voted = g._with(deaths=(Death(0, "vote", None, 2, "vote", "villager"),))
    assert not _no_death_last_day(voted)
    assert _no_death_last_day(voted._with(phase=Phase("night", 4)))
    # the night's killings, announced at dawn, are the night's; the hunter's shot at that dawn
    # is the day's
    bitten = g._with(deaths=(Death(0, "werewolves", None, 2, "dawn", "villager"),))
    assert _no_death_last_day(bitten) and ONLY_IF["after_a_werewolves_kill"](bitten)
    shot = g._with(deaths=(Death(0, "hunter", 1, 2, "dawn", "villager"),))
    assert not _no_death_last_day(shot) and not ONLY_IF["after_a_werewolves_kill"](shot)
    assert ONLY_IF["no_death_tonight"](g)
    assert not ONLY_IF["no_death_tonight"](g._with(tonight=g.tonight.put("victim", 0)))
    assert ONLY_IF["no_death_tonight"](g._with(tonight=g.tonight.put("victim", 0)
                                               .put("healed", 0)))
