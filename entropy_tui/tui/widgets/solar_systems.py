"""A seat's Solar Systems drawn in boxes: each system a frame with its Star on top and its Planets
below, side by side where the width allows, each Planet a box with its icons and effect, its
Asteroids (top and bottom space), its Biome, its Lifeforms and the Life cards played on it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.content import Content

from entropy_tui.play.changes import Changes
from entropy_tui.play.glyphs import (
    ASTEROID_SPACE,
    action_name,
    icons,
    lifeforms_letters,
    short_effects,
)
from entropy_tui.rules import CatalogIndex, title
from entropy_tui.tui.draw import LIGHT, box, fit
from entropy_tui.tui.scene import CHANGED_STYLE, marked

PLANET_WIDTH = 30  # the narrowest Planet box, border included: its lines read whole
ROUNDED = "╭╮╰╯─│"  # a Solar System's frame, apart from its Planets' square boxes


def draw_systems(
    index: CatalogIndex,
    systems: list[dict[str, Any]],
    planet_spaces: int,
    width: int,
    marks: SystemMarks,
) -> list[Content]:
    """Every Solar System of a seat, one under the other, `width` cells wide."""
    return [
        line
        for number, system in enumerate(systems)
        for line in draw_system(index, number, system, planet_spaces, width, marks)
    ]


@dataclass(frozen=True, slots=True)
class SystemMarks:
    """What changed in one seat's Solar Systems since the seat at the screen last acted."""

    stars: frozenset[int] = frozenset()  # systems new, or with a new Star
    planets: frozenset[tuple[int, int]] = frozenset()  # (system, planet)
    asteroids: frozenset[tuple[int, int, str]] = frozenset()  # (system, planet, space)

    @classmethod
    def of(cls, changes: Changes, seat: int) -> SystemMarks:
        return cls(
            frozenset(system for owner, system in changes.systems if owner == seat),
            frozenset(
                (system, planet) for owner, system, planet in changes.planets if owner == seat
            ),
            frozenset(
                (system, planet, space)
                for owner, system, planet, space in changes.asteroids
                if owner == seat
            ),
        )


def draw_system(
    index: CatalogIndex,
    number: int,
    system: dict[str, Any],
    planet_spaces: int,
    width: int,
    marks: SystemMarks,
) -> list[Content]:
    inner = max(width - 2, 1)
    star_id = system["star"]
    if star_id:
        star = index.any_star[star_id]
        star_line = (
            f" Star {star_id} {icons(star.conditions)} {star.cost}X: {short_effects(star.effect)}"
        )
    else:
        star_line = " no Star: Evolve a Star can add one"
    lines: list[Content] = [marked(star_line, number in marks.stars)]
    planets = system["planets"]
    columns = max(1, min(len(planets), planet_spaces, inner // PLANET_WIDTH))
    # The last column takes what the others leave over, so the boxes fill the frame.
    widths = [inner // columns] * (columns - 1) + [inner - inner // columns * (columns - 1)]
    for start in range(0, len(planets), columns):
        row = [
            _planet(index, number, place, planets[place], widths[place - start], marks)
            for place in range(start, min(start + columns, len(planets)))
        ]
        height = max(len(block) for block in row)
        for block in row:  # shorter boxes are padded below their frame
            block += [Content(" " * block[0].cell_length)] * (height - len(block))
        lines += [Content("").join(parts) for parts in zip(*row, strict=True)]
    empty = planet_spaces - len(planets)
    bottom = f" {empty} empty Planet space{'' if empty == 1 else 's'} " if empty > 0 else ""
    return box(lines, width, top=f" Solar System {number + 1} ", bottom=bottom, glyphs=ROUNDED)


def _planet(
    index: CatalogIndex,
    system: int,
    place: int,
    planet: dict[str, Any],
    width: int,
    marks: SystemMarks,
) -> list[Content]:
    tile = index.any_planet[planet["tile"]]
    changed = (system, place) in marks.planets
    top = Content(f" {tile.id} {title(tile.type)} {icons(tile.conditions)}")
    top += Content(f" {short_effects(tile.effect)} ")
    if changed:
        top = marked(top, True)
    asteroids = [
        marked(
            f"{ASTEROID_SPACE[space]}{tile_id} {icons(index.asteroid[tile_id].conditions)}",
            (system, place, space) in marks.asteroids,
        )
        for space, tile_id in sorted(planet["asteroids"].items(), key=_top_first)
    ]
    lines = [Content("  ").join(asteroids) if asteroids else Content("no Asteroids")]
    biome_id = planet["biome"]
    if biome_id:
        biome = index.biome[biome_id]
        state = "fulfilled" if planet["fulfilled"] else "not fulfilled"
        reward = biome.improved if planet["fulfilled"] else biome.reward
        lines += [
            Content(f"Biome {biome_id}, {state}"),
            Content(f"  {action_name(biome.trigger)}: {short_effects(reward)}"),
        ]
    life = lifeforms_letters(planet["life"])
    life_line = f"life {life}" if life != "-" else "no Lifeforms"
    if planet["cards"]:
        life_line += f"; cards {' '.join(planet['cards'])}"
    lines.append(Content(life_line))
    style = CHANGED_STYLE if changed else ""
    return box([fit(line, width - 2) for line in lines], width, top=top, glyphs=LIGHT, style=style)


def _top_first(item: tuple[str, str]) -> int:
    return 0 if item[0] == "mass" else 1
