"""The other seats at a glance: what anyone at the table could see of them."""

from __future__ import annotations

from typing import Any

from textual.content import Content

from entropy_tui.play.glyphs import LIFEFORM_LETTER, RESOURCE_LETTER
from entropy_tui.rules import RESOURCES, rondel
from entropy_tui.tui.scene import Scene, marked, seat_tag
from entropy_tui.tui.widgets.text_panel import TextPanel


class Opponents(TextPanel):
    """Each seat's lines are kept: the turn passing on changes which seats show, and only a
    seat whose data changed since it last showed is written again."""

    HANGING = True

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._summaries: dict[int, tuple[object, list[Content]]] = {}  # by seat

    def show(self, scene: Scene, console: int) -> None:
        """Every seat but the one whose Console shows."""
        others = tuple(seat for seat in range(len(scene.players)) if seat != console)
        keys = tuple(_key(scene, seat) for seat in others)
        self.redraw(
            (others, keys),
            lambda: [
                line
                for seat, key in zip(others, keys, strict=True)
                for line in self._of(scene, seat, key)
            ],
        )

    def _of(self, scene: Scene, seat: int, key: tuple[object, ...]) -> list[Content]:
        kept = self._summaries.get(seat)
        if kept is None or kept[0] != key:
            kept = self._summaries[seat] = (key, summary(scene, seat))
        return kept[1]


def _key(scene: Scene, seat: int) -> tuple[object, ...]:
    """What a seat's lines are written from."""
    changes = scene.changes
    return (
        scene.seats[seat],
        scene.players[seat],
        scene.scores[seat].total,
        frozenset(part for owner, part in changes.seats if owner == seat),
        frozenset(system for system in changes.planets | changes.asteroids if system[0] == seat),
        frozenset(system for system in changes.systems if system[0] == seat),
    )


def _counted(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def summary(scene: Scene, seat: int) -> list[Content]:
    """A few short lines for one seat."""
    player: dict[str, Any] = scene.players[seat]
    spec = scene.seats[seat]
    planets = [planet for system in player["systems"] for planet in system["planets"]]
    life = " ".join(
        f"{sum(p['life'][kind] for p in planets)}{short}" for kind, short in LIFEFORM_LETTER.items()
    )
    asteroids = sum(len(p["asteroids"]) for p in planets)
    biomes = sum(p["biome"] is not None for p in planets)
    objectives = "/".join(str(n) for n in player["objectives"])
    changes = scene.changes

    def mark(text: str, *parts: str) -> Content:
        """`text`, marked if one of the seat's `parts` changed."""
        return marked(text, any(scene.changed(seat, part) for part in parts))

    resources = [mark(f"{player[kind]}{RESOURCE_LETTER[kind]}", kind) for kind in RESOURCES]
    systems_changed = any(
        change[0] == seat for change in (*changes.systems, *changes.planets, *changes.asteroids)
    )
    tracks = [f"objective {number}" for number in range(len(player["objectives"]))]
    return [
        seat_tag(spec)
        + Content(f" ({spec.kind_label})  ")
        + Content.styled(f"score now {scene.scores[seat].total}", "bold"),
        Content("   ")
        + mark(f"VP {player['vp']}", "vp").stylize("bold")
        + Content("  ")
        + Content(" ").join(resources)
        + Content("  ")
        + mark(f"{len(player['hand'])}L", "hand")
        + Content("  ")
        + mark(f"at {rondel.space_name(player['scientist'])}", "scientist"),
        marked(
            f"   {len(player['systems'])} sys, {_counted(len(planets), 'planet')},"
            f" {asteroids} ast, {_counted(biomes, 'biome')}",
            systems_changed,
        ),
        Content("   ")
        + mark(f"life {life}", "lifeforms")
        + Content("; ")
        + mark(f"obj {objectives}", *tracks)
        + Content("; ")
        + mark(f"gen {player['generator'] + 1}", "generator"),
    ]
