"""What changed on the table between two views of the game: the spaces a Scientist reached, the
slots whose Creation tokens moved, each seat's resources, tracks, tokens and Solar Systems, and
the offers. Only what every seat may see is compared (of a hand, how many cards it holds), so
the two views may be taken for different seats.

`LastLooks` remembers, per seat, the view that seat last acted on, so a screen can mark what
the other seats did since."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

View = Mapping[str, Any]

# A seat's parts compared as they are: resources, tracks and counts anyone can see.
SEAT_PARTS = ("energy", "mass", "entropy", "vp", "generator", "lifeform_tiles", "mission_done")
HIDDEN_COUNTS = ("hand", "missions")  # of these, only how many
OFFER_STACKS = ("planet_stacks", "biome_stacks", "life_decks")  # lists of stacks, by position
OFFER_KEYED = ("star_stacks", "asteroid_stacks", "big_objectives", "small_objectives")


@dataclass(frozen=True, slots=True)
class Changes:
    """Where each view differs from the one before, as the screens name things."""

    spaces: frozenset[int] = frozenset()  # rondel spaces a Scientist moved to
    slots: frozenset[int] = frozenset()  # board slots whose Creation tokens changed
    # (seat, part): a part of SEAT_PARTS or HIDDEN_COUNTS, "token star", "focus planet",
    # "objective 0", "wild_locked", "scientist" or "lifeforms" (the seat's totals)
    seats: frozenset[tuple[int, str]] = frozenset()
    systems: frozenset[tuple[int, int]] = frozenset()  # (seat, system): new, or a new Star
    planets: frozenset[tuple[int, int, int]] = frozenset()  # (seat, system, planet) new/changed
    # (seat, system, planet, space "mass" or "lifeform"): an Asteroid newly there
    asteroids: frozenset[tuple[int, int, int, str]] = frozenset()
    # (stacks, which): ("planet_stacks", 2), ("star_stacks", "IA"), ("big_objectives", "plant")
    offers: frozenset[tuple[str, int | str]] = frozenset()

    def __bool__(self) -> bool:
        return any(
            (self.spaces, self.slots, self.seats, self.systems, self.planets, self.asteroids)
        ) or bool(self.offers)

    def seat(self, seat: int, part: str) -> bool:
        return (seat, part) in self.seats


NO_CHANGES = Changes()


def changes(before: View, after: View) -> Changes:
    """What differs in `after` from `before` (two views of the same game)."""
    spaces: set[int] = set()
    slots: set[int] = set()
    seats: set[tuple[int, str]] = set()
    systems: set[tuple[int, int]] = set()
    planets: set[tuple[int, int, int]] = set()
    asteroids: set[tuple[int, int, int, str]] = set()
    for seat, (old, new) in enumerate(zip(before["players"], after["players"], strict=True)):
        seats |= {(seat, part) for part in SEAT_PARTS if old[part] != new[part]}
        seats |= {(seat, part) for part in HIDDEN_COUNTS if len(old[part]) != len(new[part])}
        if old["scientist"] != new["scientist"]:
            seats.add((seat, "scientist"))
            spaces.add(new["scientist"])
        if old["wild_locked"] != new["wild_locked"]:
            seats.add((seat, "wild_locked"))
        if _lifeforms(old) != _lifeforms(new):
            seats.add((seat, "lifeforms"))
        for kind, token in new["tokens"].items():
            was = old["tokens"][kind]
            if was != token:
                seats.add((seat, f"token {kind}"))
                slots |= {t["slot"] for t in (was, token) if t["where"] == "board"}
        seats |= {
            (seat, f"focus {kind}")
            for kind, tier in new["focus"].items()
            if old["focus"][kind] != tier
        }
        seats |= {
            (seat, f"objective {number}")
            for number, (a, b) in enumerate(zip(old["objectives"], new["objectives"], strict=True))
            if a != b
        }
        for number, system in enumerate(new["systems"]):
            was_system = old["systems"][number] if number < len(old["systems"]) else None
            if was_system is None or was_system["star"] != system["star"]:
                systems.add((seat, number))
            old_planets = was_system["planets"] if was_system is not None else []
            for place, planet in enumerate(system["planets"]):
                was_planet = old_planets[place] if place < len(old_planets) else None
                if was_planet is None or _planet_without_asteroids(was_planet) != (
                    _planet_without_asteroids(planet)
                ):
                    planets.add((seat, number, place))
                was_asteroids = was_planet["asteroids"] if was_planet is not None else {}
                asteroids |= {
                    (seat, number, place, space)
                    for space, tile in planet["asteroids"].items()
                    if was_asteroids.get(space) != tile
                }
    return Changes(
        spaces=frozenset(spaces),
        slots=frozenset(slots),
        seats=frozenset(seats),
        systems=frozenset(systems),
        planets=frozenset(planets),
        asteroids=frozenset(asteroids),
        offers=frozenset(_offers(before["board"], after["board"])),
    )


def _lifeforms(player: Mapping[str, Any]) -> dict[str, int]:
    """The seat's Lifeforms of each kind, on all its Planets."""
    totals: dict[str, int] = {}
    for system in player["systems"]:
        for planet in system["planets"]:
            for kind, count in planet["life"].items():
                totals[kind] = totals.get(kind, 0) + count
    return totals


def _planet_without_asteroids(planet: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in planet.items() if key != "asteroids"}


def _offers(before: Mapping[str, Any], after: Mapping[str, Any]) -> set[tuple[str, int | str]]:
    """The offers that changed: a stack whose top or height did, a Lifeform Objective taken."""
    found: set[tuple[str, int | str]] = set()
    for name in OFFER_STACKS:
        found |= {
            (name, number)
            for number, (old, new) in enumerate(zip(before[name], after[name], strict=True))
            if len(old) != len(new) or old[-1:] != new[-1:]
        }
    for name in OFFER_KEYED:
        found |= {(name, key) for key, value in after[name].items() if before[name][key] != value}
    return found


class LastLooks:
    """The view each seat last acted on. A seat that has not acted yet is compared with the
    first view this screen showed."""

    def __init__(self) -> None:
        self._views: dict[int, View] = {}
        self._first: View | None = None

    def since(self, seat: int | None, view: View) -> Changes:
        """What changed since `seat` last acted, in `view`; nothing when `seat` made the latest
        choice (that choice, and the ones they made before it, are theirs: they saw them)."""
        if self._first is None:
            self._first = view
        if seat is None:
            return NO_CHANGES
        if view["last_decider"] == seat:
            self.acted(seat, view)
            return NO_CHANGES
        return changes(self._views.get(seat, self._first), view)

    def acted(self, seat: int, view: View) -> None:
        """`seat` chose, and `view` is the game after it."""
        self._views[seat] = view
