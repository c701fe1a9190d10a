"""Counters: the "for each X" and "have N X" of the rulebook, computed over one play area.

A counter is named `name` or `name:parameter` (e.g. `planets_of:heat`). Choice counters
(`planets_of_chosen_type`) let the player pick the parameter when the effect resolves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, cast

from entropy_tui.rules.vocabulary import CONDITIONS, LIFEFORMS, Condition

if TYPE_CHECKING:
    from entropy_tui.rules.catalog import CatalogIndex
    from entropy_tui.rules.state import PlanetState, PlayerState

Counter = Callable[["CatalogIndex", "PlayerState", str], int]


def planets(player: PlayerState) -> Iterator[PlanetState]:
    for system in player.systems:
        yield from system.planets


def _stars(player: PlayerState) -> list[str]:
    return [s.star for s in player.systems if s.star is not None]


def _planet_types(index: CatalogIndex, player: PlayerState) -> list[str]:
    return [index.any_planet[p.tile].type for p in planets(player)]


def _asteroid_types(index: CatalogIndex, player: PlayerState) -> list[str]:
    return [index.asteroid[a].type for p in planets(player) for a in p.asteroids.values()]


def system_conditions(index: CatalogIndex, player: PlayerState, system_index: int) -> list[str]:
    """Every Life Condition icon in one Solar System: its Star, Planets and their Asteroids."""
    system = player.systems[system_index]
    icons: list[str] = []
    if system.star is not None:
        icons += index.any_star[system.star].conditions
    for planet in system.planets:
        icons += planet_conditions(index, planet)
    return icons


# The counters the Missions name, asked at every Mission step, are plain loops.
def _different_planet_types(index: CatalogIndex, player: PlayerState, _: str) -> int:
    any_planet = index.any_planet
    kinds = set()
    for system in player.systems:
        for planet in system.planets:
            kinds.add(any_planet[planet.tile].type)
    return len(kinds)


def _different_asteroid_types(index: CatalogIndex, player: PlayerState, _: str) -> int:
    asteroid = index.asteroid
    kinds = set()
    for system in player.systems:
        for planet in system.planets:
            for tile in planet.asteroids.values():
                kinds.add(asteroid[tile].type)
    return len(kinds)


def _stars_of_type(index: CatalogIndex, player: PlayerState, kind: str) -> int:
    n = 0
    for system in player.systems:
        if system.star == kind:
            n += 1
    return n


def _focus_at_tier2(index: CatalogIndex, player: PlayerState, _: str) -> int:
    n = 0
    for tier in player.focus.values():
        if tier == 2:
            n += 1
    return n


def _focus_upgraded(index: CatalogIndex, player: PlayerState, _: str) -> int:
    n = 0
    for tier in player.focus.values():
        if tier > 0:
            n += 1
    return n


def _max_conditions_in_system(index: CatalogIndex, player: PlayerState, kind: str) -> int:
    """The most `kind` icons in one Solar System (a Mission's test at every Mission step)."""
    icon = cast(Condition, kind)  # a parameter check_counter let through
    best = 0
    any_star, any_planet, asteroid = index.any_star, index.any_planet, index.asteroid
    for system in player.systems:
        n = any_star[system.star].conditions.count(icon) if system.star is not None else 0
        for planet in system.planets:
            n += any_planet[planet.tile].conditions.count(icon)
            for tile in planet.asteroids.values():
                n += asteroid[tile].conditions.count(icon)
        if n > best:
            best = n
    return best


def planet_conditions(index: CatalogIndex, planet: PlanetState) -> list[str]:
    """A Planet's own icons plus those of the Asteroids on it."""
    icons: list[str] = list(index.any_planet[planet.tile].conditions)
    for asteroid in planet.asteroids.values():
        icons += index.asteroid[asteroid].conditions
    return icons


def _all_conditions(index: CatalogIndex, player: PlayerState) -> list[str]:
    return [c for i in range(len(player.systems)) for c in system_conditions(index, player, i)]


COUNTERS: dict[str, Counter] = {
    "planets": lambda ix, p, _: sum(1 for _ in planets(p)),
    "stars": lambda ix, p, _: len(_stars(p)),
    "biomes": lambda ix, p, _: sum(pl.biome is not None for pl in planets(p)),
    "fulfilled_biomes": lambda ix, p, _: sum(pl.fulfilled for pl in planets(p)),
    "asteroids": lambda ix, p, _: sum(len(pl.asteroids) for pl in planets(p)),
    "different_asteroid_types": _different_asteroid_types,
    "different_planet_types": _different_planet_types,
    "planets_of": lambda ix, p, kind: _planet_types(ix, p).count(kind),
    "max_planets_of_one_type": lambda ix, p, _: max(
        (_planet_types(ix, p).count(kind) for kind in CONDITIONS), default=0
    ),
    "stars_of_different_tier": lambda ix, p, _: len({ix.any_star[s].tier for s in _stars(p)}),
    "different_stars": lambda ix, p, _: len(set(_stars(p))),
    "star_tier_sum": lambda ix, p, _: sum(ix.any_star[s].tier for s in _stars(p)),
    "stars_of_type": _stars_of_type,
    "planets_with": lambda ix, p, life: sum(pl.life[life] > 0 for pl in planets(p)),
    "planets_with_lifeform": lambda ix, p, _: sum(any(pl.life.values()) for pl in planets(p)),
    "planets_with_all_lifeforms": lambda ix, p, _: sum(
        all(pl.life[life] > 0 for life in LIFEFORMS) for pl in planets(p)
    ),
    "planets_with_biome_and_card": lambda ix, p, _: sum(
        pl.biome is not None and bool(pl.cards) for pl in planets(p)
    ),
    "played_cards": lambda ix, p, _: sum(len(pl.cards) for pl in planets(p)),
    "played_cards_of": lambda ix, p, kind: sum(
        ix.card[c].type == kind for pl in planets(p) for c in pl.cards
    ),
    "focus_tiers": lambda ix, p, _: sum(p.focus.values()),
    "focus_at_tier2": _focus_at_tier2,
    "focus_upgraded": _focus_upgraded,
    "generator_advances": lambda ix, p, _: p.generator_advances,
    "lifeforms": lambda ix, p, life: sum(pl.life[life] for pl in planets(p)),
    "asteroids_of": lambda ix, p, kind: _asteroid_types(ix, p).count(kind),
    "asteroids_on_lifeform_spaces": lambda ix, p, _: sum(
        "lifeform" in pl.asteroids for pl in planets(p)
    ),
    "conditions": lambda ix, p, kind: _all_conditions(ix, p).count(kind),
    "max_conditions_in_system": _max_conditions_in_system,
}

# Counters that need a parameter, and the values it may take (None: any catalog id).
PARAMETERS: dict[str, tuple[str, ...] | None] = {
    "planets_of": CONDITIONS,
    "stars_of_type": None,
    "planets_with": LIFEFORMS,
    "played_cards_of": LIFEFORMS,
    "lifeforms": LIFEFORMS,
    "asteroids_of": CONDITIONS,
    "conditions": CONDITIONS,
    "max_conditions_in_system": CONDITIONS,
}

# "of one type (you choose which type)": the player picks the parameter when resolving.
CHOICE_COUNTERS: dict[str, str] = {
    "planets_of_chosen_type": "planets_of",
    "played_cards_of_chosen_type": "played_cards_of",
    "asteroids_of_chosen_type": "asteroids_of",
    "conditions_of_chosen_type": "conditions",
}


def check_counter(name: str) -> None:
    """Raises ValueError unless `name` is a counter the engine knows."""
    if name in CHOICE_COUNTERS:
        return
    base, _, parameter = name.partition(":")
    if base not in COUNTERS:
        raise ValueError(f"unknown counter {name!r}")
    if base in PARAMETERS:
        allowed = PARAMETERS[base]
        if not parameter:
            raise ValueError(f"counter {base!r} needs a parameter, like {base}:<value>")
        if allowed is not None and parameter not in allowed:
            raise ValueError(f"counter {name!r}: parameter must be one of {list(allowed)}")
    elif parameter:
        raise ValueError(f"counter {base!r} takes no parameter")


def choice_domain(name: str) -> tuple[str, ...]:
    """The values a player may choose between for a choice counter."""
    domain = PARAMETERS[CHOICE_COUNTERS[name]]
    assert domain is not None
    return domain


def count(index: CatalogIndex, player: PlayerState, name: str, chosen: str | None = None) -> int:
    """The value of counter `name` for `player`; `chosen` fills a choice counter's parameter."""
    parsed = _PARSED.get(name)
    if parsed is None:
        if name in CHOICE_COUNTERS:
            if chosen is None:
                raise ValueError(f"counter {name!r} needs the chosen type")
            return COUNTERS[CHOICE_COUNTERS[name]](index, player, chosen)
        parsed = _PARSED[name] = counter_of(name)
    counter, parameter = parsed
    return counter(index, player, parameter)


def counter_of(name: str) -> tuple[Counter, str]:
    """The function and the parameter of a named counter (not a choice counter)."""
    base, _, parameter = name.partition(":")
    return COUNTERS[base], parameter


# Counter names as read once: a counter is asked at every Mission step.
_PARSED: dict[str, tuple[Counter, str]] = {}
