"""The Main board's offers and tracks: Star stacks with their evolution paths, the Planet, Biome
and Life-card offers, the Asteroid supply, the Main Objective tracks and the Lifeform Objectives."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.content import Content

from entropy_tui.play.glyphs import icons
from entropy_tui.rules import HIDDEN, biome_words, card_words, effects_words, title
from entropy_tui.tui.scene import Scene, marked
from entropy_tui.tui.widgets.text_panel import TextPanel


class Offers(TextPanel):
    """One panel whose height only grows (a change of length lays the screen out, at once
    and again for the scroll bar); each section is drawn again only when its data changed."""

    HANGING = True

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, grow_only=True)
        self._sections: dict[str, tuple[object, list[Content]]] = {}  # name: (data, lines)

    def show(self, scene: Scene) -> None:
        board = scene.board
        markers = tuple(tuple(p["objectives"]) for p in scene.players)
        offers = scene.changes.offers
        moved = frozenset(part for _, part in scene.changes.seats if part.startswith("objective"))
        keys = {
            "stars": (board["star_stacks"], _marks(offers, "star_stacks")),
            "planets": (board["planet_stacks"], _marks(offers, "planet_stacks")),
            "biomes": (board["biome_stacks"], _marks(offers, "biome_stacks")),
            "asteroids": (board["asteroid_stacks"], _marks(offers, "asteroid_stacks")),
            "cards": (board["life_decks"], _marks(offers, "life_decks")),
            "objectives": (markers, moved),
            "lifeforms": (
                board["big_objectives"],
                board["small_objectives"],
                _marks(offers, "big_objectives") | _marks(offers, "small_objectives"),
            ),
        }

        def draw() -> list[Content]:
            lines: list[Content] = []
            for name, draw_section in SECTIONS.items():
                drawn = self._sections.get(name)
                if drawn is None or drawn[0] != keys[name]:
                    drawn = self._sections[name] = (keys[name], draw_section(scene))
                lines += drawn[1]
            return lines

        self.redraw(tuple(keys.values()), draw)


def _marks(offers: frozenset[tuple[str, int | str]], stacks: str) -> frozenset[int | str]:
    """Which of `stacks` changed."""
    return frozenset(which for name, which in offers if name == stacks)


def _changed(scene: Scene, stacks: str, which: int | str) -> bool:
    return (stacks, which) in scene.changes.offers


def _heading(text: str) -> Content:
    return Content.styled(text, "bold underline")


def _top(stack: list[str]) -> str | None:
    return stack[-1] if stack and stack[-1] != HIDDEN else None


def _stars(scene: Scene) -> list[Content]:
    stacks: dict[str, int] = scene.board["star_stacks"]
    lines = [_heading("Star stacks: tiles left, activation, evolves to (Energy)")]
    for star in scene.game.catalog.stars:
        paths = ", ".join(f"{to} ({cost}E)" for to, cost in star.evolves_to.items()) or "-"
        lines.append(
            marked(
                f"  {star.id:<4} {stacks.get(star.id, 0):>2} left {icons(star.conditions)}"
                f" {star.cost}X: {effects_words(star.effect)}; -> {paths}",
                _changed(scene, "star_stacks", star.id),
            )
        )
    return lines


def _planets(scene: Scene) -> list[Content]:
    index = scene.game.index
    lines = [_heading("Planet offer (Mass cost)")]
    for number, stack in enumerate(scene.board["planet_stacks"]):
        planet_id = _top(stack)
        if planet_id is None:
            continue
        planet = index.planet[planet_id]
        lines.append(
            marked(
                f"  {planet_id} {title(planet.type)} {icons(planet.conditions)}"
                f" {planet.cost}M: {effects_words(planet.effect)} ({len(stack)} in stack)",
                _changed(scene, "planet_stacks", number),
            )
        )
    return lines


def _biomes(scene: Scene) -> list[Content]:
    index = scene.game.index
    lines = [_heading("Biome offer")]
    for number, stack in enumerate(scene.board["biome_stacks"]):
        biome_id = _top(stack)
        if biome_id is not None:
            text = f"  {biome_words(index, biome_id)} ({len(stack)} in stack)"
            lines.append(marked(text, _changed(scene, "biome_stacks", number)))
    return lines


def _asteroids(scene: Scene) -> list[Content]:
    index = scene.game.index
    lines = [_heading("Asteroid supply")]
    for kind, stack in scene.board["asteroid_stacks"].items():
        top = _top(stack)
        if top is None:
            text = f"  {title(kind)} none"
        else:
            asteroid = index.asteroid[top]
            free = ", free" if asteroid.free else ""
            text = f"  {title(kind)} {len(stack)} (top {top} {icons(asteroid.conditions)}{free})"
        lines.append(marked(text, _changed(scene, "asteroid_stacks", kind)))
    return lines


def _life_cards(scene: Scene) -> list[Content]:
    index = scene.game.index
    lines = [_heading("Life-card offer")]
    for number, deck in enumerate(scene.board["life_decks"]):
        card = _top(deck)
        if card is not None:
            text = f"  {card_words(index, card)} ({len(deck)} in deck)"
            lines.append(marked(text, _changed(scene, "life_decks", number)))
    return lines


def _main_objectives(scene: Scene) -> list[Content]:
    alternative = scene.view["settings"]["alternative_objectives"]
    lines = [_heading("Main Objectives: VP per unit on each space; the last holds one marker")]
    for number, spec in enumerate(scene.game.catalog.main_objectives):
        scoring = spec.alt_scoring_text if alternative else spec.scoring_text
        lines.append(Content(f"  {spec.condition}. Scores: {scoring}"))
        moved = any(scene.changed(seat, f"objective {number}") for seat in range(len(scene.seats)))
        track = marked("    ", moved)
        for space, vp in enumerate(spec.track_vp):
            here = [
                Content.styled(scene.seats[seat].look.symbol, scene.seats[seat].look.style)
                for seat, player in enumerate(scene.players)
                if player["objectives"][number] == space
            ]
            track += Content(f"[{vp}") + Content("").join(here) + Content("] ")
        lines.append(track)
    return lines


def _lifeform_objectives(scene: Scene) -> list[Content]:
    board: dict[str, Any] = scene.board
    lines = [_heading("Lifeform Objective tiles")]
    for objective in scene.game.catalog.lifeform_objectives:
        life = objective.lifeform
        owner = board["big_objectives"].get(life)
        big = "taken by " + scene.seats[owner].name if owner is not None else "free"
        small = " ".join(f"{vp}VP" for vp in reversed(board["small_objectives"][life])) or "none"
        lines.append(
            marked(
                f"  {title(life)}: big {objective.big_threshold}+ for {objective.big_vp}VP ({big});"
                f" small {objective.small_threshold}+: {small} left",
                _changed(scene, "big_objectives", life)
                or _changed(scene, "small_objectives", life),
            )
        )
    return lines


SECTIONS: dict[str, Callable[[Scene], list[Content]]] = {
    "stars": _stars,
    "planets": _planets,
    "biomes": _biomes,
    "asteroids": _asteroids,
    "cards": _life_cards,
    "objectives": _main_objectives,
    "lifeforms": _lifeform_objectives,
}
