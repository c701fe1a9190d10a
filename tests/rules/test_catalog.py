"""The shipped component catalog: the rulebook's counts, its appendix, the data its worked
examples rely on, a few design invariants, and loud failures for broken files."""

from __future__ import annotations

from collections import Counter
from importlib import resources

import pytest

from entropy_tui.rules.catalog import (
    ASSET_FILES,
    Catalog,
    CatalogError,
    Effect,
    load_catalog,
    load_catalog_from,
)
from entropy_tui.rules.vocabulary import ACTIONS, CONDITIONS, LIFEFORMS

# An effect written as (do, n, what, per); `local` is always false in the appendix tables.
Step = tuple[str, int, str | None, str | None]

# ----------------------------------------------------------------------------------------------
# The rulebook appendix, transcribed independently of the TOML files.

TIER_IV: dict[str, list[Step]] = {
    # "Pay 4 Entropy to gain 1 VP for each Life card you played."
    "IVA": [("gain", 1, "vp", "played_cards")],
    # "Pay 4 Entropy to gain 3 VP for each Star in your play area."
    "IVB": [("gain", 3, "vp", "stars")],
    # "Pay 4 Entropy to gain 2 VP for each Planet in your play area."
    "IVC": [("gain", 2, "vp", "planets")],
}

MISSIONS: dict[str, tuple[str, int, list[Step]]] = {
    "M1": ("different_planet_types", 3, [("gain", 2, "mass", "biomes")]),
    "M2": (
        "different_asteroid_types",
        3,
        [
            ("gain", 2, "entropy", "played_cards_of:bacteria"),
            ("gain", 2, "entropy", "played_cards_of:plant"),
        ],
    ),
    "M3": ("focus_at_tier2", 1, [("gain_lifeform", 1, "plant", "stars")]),
    "M4": ("focus_upgraded", 3, [("gain_lifeform", 1, "plant", "planets")]),
    "M5": (
        "generator_advances",
        3,
        [
            ("gain", 2, "energy", "played_cards_of:plant"),
            ("gain", 2, "energy", "played_cards_of:animal"),
        ],
    ),
    "M6": ("stars_of_type:IIIA", 1, [("gain", 2, "entropy", "planets")]),
    "M7": (
        "stars_of_type:IIIB",
        1,
        [("gain_lifeform", 1, "bacteria", "conditions_of_chosen_type")],
    ),
    "M8": ("stars_of_type:IIIC", 1, [("take_life_cards", 1, None, "planets_with_lifeform")]),
    "M9": (
        "max_conditions_in_system:heat",
        3,
        [
            ("gain", 2, "mass", "played_cards_of:bacteria"),
            ("gain", 2, "mass", "played_cards_of:animal"),
        ],
    ),
    "M10": ("max_conditions_in_system:carbon", 3, [("gain", 2, "energy", "focus_tiers")]),
    "M11": (
        "max_conditions_in_system:water",
        3,
        [("take_life_cards", 1, None, "generator_advances")],
    ),
    "M12": (
        "max_conditions_in_system:radiation",
        3,
        [("gain_lifeform", 1, "bacteria", "asteroids")],
    ),
}


def _both(first: str, second: str | None, per: str, n_first: int = 1, n_vp: int = 2) -> list[Step]:
    """'Gain 1 <first> and <n_vp> VP for each <per>' as two steps sharing the multiplier."""
    verb = "gain_lifeform" if first in LIFEFORMS else "gain"
    steps: list[Step] = [(verb, n_first, first, per)]
    if second is not None:
        steps.append(("gain", n_vp, second, per))
    return steps


ANIMALS: dict[str, list[Step]] = {
    "L45": _both("entropy", "vp", "planets_of_chosen_type"),
    "L46": _both("plant", "vp", "fulfilled_biomes", n_vp=3),
    "L47": _both("energy", "vp", "different_planet_types"),
    "L48": _both("bacteria", "vp", "planets_of:carbon"),
    "L49": [("gain", 2, "vp", "stars_of_different_tier")],
    "L50": _both("entropy", "vp", "planets_with:animal", n_vp=3),
    "L51": _both("energy", "vp", "played_cards_of_chosen_type"),
    "L52": _both("mass", "vp", "planets_of:heat"),
    "L53": _both("bacteria", "vp", "biomes"),
    "L54": _both("plant", "vp", "focus_tiers"),
    "L55": [("gain", 3, "vp", "planets_of:radiation")],
    "L56": _both("bacteria", "vp", "asteroids_of_chosen_type"),
    "L57": [("gain", 2, "vp", "planets_of:water")],
    "L58": _both("mass", "vp", "generator_advances"),
    "L59": _both("entropy", "vp", "planets_with:bacteria"),
    "L60": [("gain", 1, "vp", "star_tier_sum")],
    "L61": _both("entropy", "vp", "played_cards"),
    "L62": _both("mass", "vp", "asteroids"),
    "L63": [("gain", 1, "vp", "planets")],
    "L64": [("gain", 3, "vp", "planets_with:plant")],
    "L65": _both("energy", "vp", "different_asteroid_types", n_vp=3),
    "L66": [("gain", 9, "vp", None)],
}

MAIN_OBJECTIVES = [
    # id, condition, event, scoring, alternative scoring
    (
        "stars",
        "Evolve one of your Stars to tier 3 or tier 4",
        "star_tier3",
        "max_planets_of_one_type",
        "asteroids_on_lifeform_spaces",
    ),
    (
        "asteroids",
        "Place the 1st Asteroid in a Solar System",
        "first_asteroid",
        "planets_with_biome_and_card",
        "planets_with_all_lifeforms",
    ),
    ("biomes", "Fulfill a Biome", "biome_fulfilled", "different_stars", "focus_tiers"),
]


def steps(effects: list[Effect]) -> list[Step]:
    assert not any(e.local for e in effects), "appendix rewards are never local"
    return [(e.do, e.n, e.what, e.per) for e in effects]


def effect(do: str, n: int = 1, what: str | None = None, per: str | None = None) -> Effect:
    return Effect(do=do, n=n, what=what, per=per)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def shipped_texts() -> dict[str, str]:
    folder = resources.files("entropy_tui.assets")
    return {file: folder.joinpath(file).read_text(encoding="utf-8") for file in ASSET_FILES}


# ----------------------------------------------------------------------------------------------
# Loading and counts


def test_shipped_catalog_loads_and_is_cached() -> None:
    catalog = load_catalog()
    assert isinstance(catalog, Catalog)
    assert load_catalog() is catalog
    assert load_catalog_from(shipped_texts()) == catalog


def test_star_counts(catalog: Catalog) -> None:
    stacks = {s.id: s for s in catalog.stars}
    assert list(stacks) == [
        "IA", "IB", "IIA", "IIB", "IIC", "IIIA", "IIIB", "IIIC", "IVA", "IVB", "IVC",
    ]  # fmt: skip
    assert sum(s.count for s in catalog.stars) == 55
    assert {s.id: s.tier for s in catalog.stars} == {
        sid: len(sid) - 1 if not sid.startswith("IV") else 4 for sid in stacks
    }
    assert len(catalog.starting_stars) == 6
    assert sorted(s.start_space for s in catalog.starting_stars) == [1, 3, 5, 7, 9, 11]
    assert all(s.tier == 1 for s in catalog.starting_stars)


def test_planet_and_asteroid_counts(catalog: Catalog) -> None:
    assert len(catalog.planets) == 44
    assert Counter(p.type for p in catalog.planets) == {c: 11 for c in CONDITIONS}
    assert len(catalog.starting_planets) == 8
    assert Counter(p.type for p in catalog.starting_planets) == {c: 2 for c in CONDITIONS}
    assert len(catalog.asteroids) == 40
    assert Counter(a.type for a in catalog.asteroids) == {c: 10 for c in CONDITIONS}


def test_biome_and_card_counts(catalog: Catalog) -> None:
    assert Counter(b.kind for b in catalog.biomes) == {"abundant": 18, "scarce": 18}
    assert [c.id for c in catalog.life_cards] == [f"L{i}" for i in range(1, 67)]
    for card in catalog.life_cards:
        expected = "bacteria" if card.number <= 22 else "plant" if card.number <= 44 else "animal"
        assert card.type == expected, card.id


def test_focus_tiles_board_counts(catalog: Catalog) -> None:
    assert sorted((f.set, f.token) for f in catalog.focus) == sorted(
        (s, t) for s in "ABCD" for t in ("star", "planet", "asteroid")
    )
    assert sorted(t.action for t in catalog.action_tiles) == sorted(
        [
            "create_life",
            "activate_stars",
            "set_biome",
            "upgrade_console",
            "take_life_cards",
            "primordial_soup",
        ]
    )
    assert len({t.id for t in catalog.action_tiles}) == 6
    assert [s.action for s in catalog.board.inner] == [
        "evolve_star", "aggregate_planet", "catch_asteroid",
    ]  # fmt: skip
    inner_and_outer = {s.action for s in catalog.board.inner} | {
        t.action for t in catalog.action_tiles
    }
    assert inner_and_outer == set(ACTIONS)
    assert catalog.board.solar_systems == 20
    assert catalog.board.planet_spaces == 3


def test_objective_and_mission_counts(catalog: Catalog) -> None:
    assert len(catalog.main_objectives) == 3
    assert [o.lifeform for o in catalog.lifeform_objectives] == list(LIFEFORMS)
    assert sum(1 + len(o.small) for o in catalog.lifeform_objectives) == 15
    for objective in catalog.lifeform_objectives:
        assert [t.min_players for t in objective.small] == [2, 2, 3, 4], objective.lifeform
        vps = [t.vp for t in objective.small]
        assert vps == sorted(vps, reverse=True), "the highest VP tile is on top"
        assert objective.big_threshold > objective.small_threshold
    assert [m.id for m in catalog.missions] == [f"M{i}" for i in range(1, 13)]


# ----------------------------------------------------------------------------------------------
# The appendix, to the letter


@pytest.mark.parametrize("star_id", sorted(TIER_IV))
def test_tier_iv_stars(catalog: Catalog, star_id: str) -> None:
    star = catalog.index.star[star_id]
    assert star.tier == 4
    assert star.cost == 4
    assert star.evolves_to == {}
    assert steps(star.effect) == TIER_IV[star_id]


@pytest.mark.parametrize("mission_id", sorted(MISSIONS))
def test_missions(catalog: Catalog, mission_id: str) -> None:
    mission = catalog.index.mission[mission_id]
    requirement, at_least, reward = MISSIONS[mission_id]
    assert (mission.requirement, mission.at_least) == (requirement, at_least)
    assert steps(mission.reward) == reward
    assert mission.text.strip()


@pytest.mark.parametrize("card_id", sorted(ANIMALS))
def test_animal_rewards(catalog: Catalog, card_id: str) -> None:
    card = catalog.index.card[card_id]
    assert card.type == "animal"
    assert steps(card.effect) == ANIMALS[card_id]
    assert card.text and card.text.startswith("Gain")


def test_every_animal_card_is_in_the_table(catalog: Catalog) -> None:
    assert {c.id for c in catalog.life_cards if c.type == "animal"} == set(ANIMALS)


def test_main_objectives(catalog: Catalog) -> None:
    got = [(o.id, o.condition, o.event, o.scoring, o.alt_scoring) for o in catalog.main_objectives]
    assert got == MAIN_OBJECTIVES
    for objective in catalog.main_objectives:
        assert objective.scoring_text.strip() and objective.alt_scoring_text.strip()
        assert 3 <= len(objective.track_vp) <= 8, "a start, at least one space, the final one"
        assert objective.track_vp[0] == 0, "markers start on the leftmost space"
        assert objective.track_vp == sorted(objective.track_vp)


# ----------------------------------------------------------------------------------------------
# Data the rulebook's worked examples rely on


def test_star_examples(catalog: Catalog) -> None:
    stars = catalog.index.star
    # Orange activates Star IA: pay 1 Entropy, gain 1 Energy.
    assert stars["IA"].cost == 1
    assert stars["IA"].effect == [effect("gain", 1, "energy")]
    # Blue pays 2 Energy to exchange IB for IIB; or 1 Energy for a IA or IB tile.
    assert stars["IB"].evolves_to["IIB"] == 2
    assert sorted(s.id for s in catalog.stars if s.tier == 1) == ["IA", "IB"]
    # Teal's Activate Stars: 2 Entropy -> 3 Energy, 2 -> 3 Mass, 3 -> advance Lifeforms twice.
    assert (stars["IIA"].cost, stars["IIA"].effect) == (2, [effect("gain", 3, "energy")])
    assert (stars["IIB"].cost, stars["IIB"].effect) == (2, [effect("gain", 3, "mass")])
    assert any(s.cost == 3 and s.effect == [effect("advance_lifeform", 2)] for s in catalog.stars)
    # Orange's Create Life: the IIC Star shows a Carbon icon.
    assert "carbon" in stars["IIC"].conditions


def test_planet_and_asteroid_examples(catalog: Catalog) -> None:
    # Blue aggregates a Water Planet for 4 Mass and takes 1 Life card.
    assert any(
        p.type == "water" and p.cost == 4 and p.effect == [effect("take_life_cards")]
        for p in catalog.planets
    )
    # Teal catches an Asteroid and the Planet's effect resolves an Aggregate Planet action.
    assert any(p.effect == [effect("action", 1, "aggregate_planet")] for p in catalog.planets)
    # Orange's Asteroid supplies a Carbon icon.
    assert any(a.type == "carbon" and "carbon" in a.conditions for a in catalog.asteroids)


def test_plant_card_example(catalog: Catalog) -> None:
    # 3 Carbon, remove 1 Bacteria, gain 2 Plants, resolve an Evolve a Star action.
    assert any(
        c.type == "plant"
        and c.conditions == {"carbon": 3}
        and c.removes == {"bacteria": 1}
        and c.gains == {"plant": 2}
        and c.effect == [effect("action", 1, "evolve_star")]
        for c in catalog.life_cards
    )


def test_traffic_bonus_examples(catalog: Catalog) -> None:
    tiles = {t.action: t for t in catalog.action_tiles}
    create, soup = tiles["create_life"], tiles["primordial_soup"]
    assert create.bonus == [effect("card_lifeforms", 2)]
    assert create.reduced == [effect("card_lifeforms", 1)]  # Orange: 2 Plants + 1
    assert soup.bonus == [effect("advance_lifeform", 2)]  # Teal advances 2 Lifeforms
    assert soup.reduced == [effect("advance_lifeform", 1)]
    for space in catalog.board.inner:
        assert space.bonus and space.reduced, space.action


def test_generator_examples(catalog: Catalog) -> None:
    board = catalog.board
    track = board.generator
    assert track[0].discounted_stars == 0 and track[0].vp == 0
    assert any(space.discounted_stars == 3 for space in track)  # Teal: -1 for up to 3 Stars
    assert board.generator_discount == 1
    assert track[-1].vp == 3  # Teal advances and gains 3 VP
    assert board.generator_overflow_vp == 3
    assert all(space.vp > 0 for space in track[-3:])
    assert all(space.vp == 0 for space in track[:-3]), "only the last three spaces give VP"
    counts = [space.discounted_stars for space in track]
    assert counts == sorted(counts)


def test_final_scoring_example(catalog: Catalog) -> None:
    lifeform = catalog.index.lifeform_objective
    bacteria, plant = lifeform["bacteria"], lifeform["plant"]
    assert (bacteria.big_threshold, bacteria.big_vp, bacteria.small_threshold) == (18, 20, 11)
    assert plant.small_threshold == 8
    assert bacteria.small[0].vp + plant.small[0].vp == 24
    assert bacteria.small[0].vp == 12
    # Teal's markers: 3 VP per unit on the Stars track, 7 on the Asteroids and Biomes tracks,
    # none of them on a final space.
    inner = {objective.id: objective.track_vp[:-1] for objective in catalog.main_objectives}
    assert 3 in inner["stars"] and 7 in inner["asteroids"] and 7 in inner["biomes"]
    # 3 x 1 Planet + 7 x 3 Biomes with a card + 7 x 3 different Stars = 45
    assert 3 * 1 + 7 * 3 + 7 * 3 == 45


# ----------------------------------------------------------------------------------------------
# Design invariants (docs/component-data.md)


def test_evolution_paths(catalog: Catalog) -> None:
    stars = catalog.index.star
    energy = {1: 2, 2: 3, 3: 4}  # edition 3, as edition 1 (edition 2: one less; see Balance)
    reachable = set()
    for star in catalog.stars:
        if star.tier == 4:
            continue
        assert star.evolves_to, f"{star.id} must evolve"
        for target, cost in star.evolves_to.items():
            assert stars[target].tier == star.tier + 1, (star.id, target)
            assert cost == energy[star.tier], (star.id, target)
            reachable.add(target)
    assert reachable == {s.id for s in catalog.stars if s.tier > 1}
    for start in catalog.starting_stars:
        assert start.evolves_to in (stars["IA"].evolves_to, stars["IB"].evolves_to), start.id


def test_icons_costs_and_free_asteroids(catalog: Catalog) -> None:
    for star in [*catalog.stars, *catalog.starting_stars]:
        assert len(star.conditions) <= 2, star.id
    for planet in [*catalog.planets, *catalog.starting_planets]:
        assert len(planet.conditions) <= 2, planet.id
    for planet in catalog.planets:
        assert 2 <= planet.cost <= 5, planet.id
    for start in catalog.starting_planets:
        assert 1 <= sum(start.resources.values()) <= 3, start.id
    for asteroid in catalog.asteroids:
        assert asteroid.type in asteroid.conditions, asteroid.id
        assert 1 <= len(asteroid.conditions) <= 2, asteroid.id
    free = Counter(a.type for a in catalog.asteroids if a.free)
    assert all(2 <= free[kind] <= 3 for kind in CONDITIONS), free


def test_biomes_cover_every_action(catalog: Catalog) -> None:
    for kind in ("abundant", "scarce"):
        triggers = {b.trigger for b in catalog.biomes if b.kind == kind}
        assert triggers == set(ACTIONS), kind
    for biome in catalog.biomes:
        assert 2 <= sum(biome.requirement.values()) <= 4, biome.id
        assert biome.reward and biome.improved, biome.id


def test_life_card_shapes(catalog: Catalog) -> None:
    for card in catalog.life_cards:
        icons = sum(card.conditions.values())
        if card.type == "bacteria":
            assert 1 <= icons <= 2 and not card.needs and not card.removes, card.id
            assert set(card.gains) == {"bacteria"} and 2 <= card.gains["bacteria"] <= 5, card.id
        elif card.type == "plant":
            assert 2 <= icons <= 3, card.id
            # L23 keeps the 2 Plants of the Create Life example; edition 2 gave the others 2 more
            plants = [2] if card.id == "L23" else [3, 4]
            assert set(card.gains) == {"plant"} and card.gains["plant"] in plants, card.id
        else:
            assert 2 <= icons <= 4, card.id
            assert card.gains == {"animal": 3}, card.id
            assert set(card.removes) == {"plant"}, card.id
    used = {do for c in catalog.life_cards for do in (e.do for e in c.effect)}
    assert not used & {"card_lifeforms", "discount"}


def test_special_verbs_stay_in_their_place(catalog: Catalog) -> None:
    def verbs(effects: list[Effect]) -> set[str]:
        return {e.do for e in effects}

    elsewhere: set[str] = set()
    for star in [*catalog.stars, *catalog.starting_stars]:
        elsewhere |= verbs(star.effect)
    for planet in [*catalog.planets, *catalog.starting_planets]:
        elsewhere |= verbs(planet.effect)
    for biome in catalog.biomes:
        elsewhere |= verbs(biome.reward) | verbs(biome.improved)
    for space in catalog.board.inner:
        elsewhere |= verbs(space.bonus) | verbs(space.reduced)
    assert not elsewhere & {"card_lifeforms", "discount"}
    for tile in catalog.action_tiles:
        if tile.action != "create_life":
            assert "card_lifeforms" not in verbs(tile.bonus) | verbs(tile.reduced), tile.id
    discounts = {
        (f.token, e.what) for f in catalog.focus for e in [*f.tier1, *f.tier2] if e.do == "discount"
    }
    allowed = {("star", "energy"), ("planet", "mass"), ("asteroid", "mass")}
    assert discounts <= allowed


# ----------------------------------------------------------------------------------------------
# Broken files fail loudly


def edit_entry(text: str, entry_id: str, old: str, new: str) -> str:
    """Replaces `old` by `new` once, inside the TOML entry whose id is `entry_id`."""
    start = text.index(f'id = "{entry_id}"\n')
    end = text.find("[[", start)
    end = len(text) if end == -1 else end
    block = text[start:end]
    assert old in block, f"{old!r} not in entry {entry_id}"
    return text[:start] + block.replace(old, new, 1) + text[end:]


def load_with(file: str, text: str) -> CatalogError:
    texts = shipped_texts()
    texts[file] = text
    with pytest.raises(CatalogError) as caught:
        load_catalog_from(texts)
    return caught.value


def test_star_with_a_text_cost() -> None:
    text = shipped_texts()["stars.toml"]
    error = load_with("stars.toml", edit_entry(text, "IIB", "cost = 2", 'cost = "x"'))
    message = str(error)
    assert "stars.toml" in message
    assert "'IIB'" in message
    assert "field cost" in message


def test_life_card_with_an_unknown_counter() -> None:
    text = shipped_texts()["life_cards.toml"]
    broken = edit_entry(text, "L45", '"planets_of_chosen_type"', '"planets_of_colour"')
    message = str(load_with("life_cards.toml", broken))
    assert "life_cards.toml" in message
    assert "'L45'" in message
    assert "effect.0.per" in message
    assert "planets_of_colour" in message


def test_planet_effect_with_a_wrong_what() -> None:
    text = shipped_texts()["planets.toml"]
    broken = edit_entry(text, "W06", 'do = "take_life_cards"', 'do = "gain", what = "plant"')
    message = str(load_with("planets.toml", broken))
    assert "planets.toml" in message and "'W06'" in message and "effect.0" in message


def test_biome_with_an_unknown_trigger() -> None:
    text = shipped_texts()["biomes.toml"]
    broken = edit_entry(text, "BS07", 'trigger = "activate_stars"', 'trigger = "teleport"')
    message = str(load_with("biomes.toml", broken))
    assert "biomes.toml" in message and "'BS07'" in message and "field trigger" in message


def test_focus_card_error_names_set_and_token() -> None:
    text = shipped_texts()["focus.toml"]
    start = text.index('set = "D"\ntoken = "planet"')
    broken = text[:start] + text[start:].replace('what = "mass"', 'what = "vp"', 1)
    message = str(load_with("focus.toml", broken))
    assert "focus.toml" in message and "'D/planet'" in message and "tier2.1" in message


def test_missing_section() -> None:
    message = str(load_with("missions.toml", "# nothing here\n"))
    assert "missions.toml" in message and "'missions'" in message and "missing" in message


def test_unknown_section() -> None:
    text = shipped_texts()["asteroids.toml"] + '\n[[comets]]\nid = "X"\n'
    message = str(load_with("asteroids.toml", text))
    assert "asteroids.toml" in message and "comets" in message


def test_invalid_toml() -> None:
    text = shipped_texts()["planets.toml"] + "\n[[planets]\nid = \n"
    message = str(load_with("planets.toml", text))
    assert "planets.toml" in message and "not valid TOML" in message


def test_missing_file() -> None:
    texts = shipped_texts()
    del texts["board.toml"]
    with pytest.raises(CatalogError, match=r"board\.toml: missing"):
        load_catalog_from(texts)


def test_wrong_count_is_caught() -> None:
    text = shipped_texts()["asteroids.toml"]
    start = text.index('[[asteroids]]\nid = "AW01"')
    end = text.index("[[asteroids]]", start + 1)
    message = str(load_with("asteroids.toml", text[:start] + text[end:]))
    assert "asteroids.toml: Asteroid tiles: 39" in message


def test_evolving_to_an_unknown_star_is_caught() -> None:
    text = shipped_texts()["stars.toml"]
    broken = edit_entry(text, "IIC", "IIIB = 3", "IIID = 3")
    message = str(load_with("stars.toml", broken))
    assert "stars.toml" in message and "IIC" in message and "IIID" in message


def test_mission_with_an_unknown_requirement() -> None:
    text = shipped_texts()["missions.toml"]
    broken = edit_entry(text, "M6", '"stars_of_type:IIIA"', '"stars_of_kind:IIIA"')
    message = str(load_with("missions.toml", broken))
    assert "missions.toml" in message and "'M6'" in message and "field requirement" in message
