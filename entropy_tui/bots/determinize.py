"""Determinization: one plausible full game behind a view.

A view shows "?" for whatever its seat cannot see: other players' hands and Missions, every
stack below its top, and the box. A bot that wants to look ahead fills each "?" with a
component no one can see, of the right family (a Heat Planet stack gets Heat Planets, a hand
gets Life cards), so that the result is a consistent game in which each component is
somewhere exactly once. The filling is shuffled by the bot's own generator, so it carries no
information about the real hidden cards.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from typing import Any

from entropy_tui.rules import HIDDEN, Catalog, View

Family = tuple[str, str]  # e.g. ("planet", "heat"), ("life", "animal"), ("mission", "")


def component_families(catalog: Catalog) -> dict[str, Family]:
    """Every limited, singly printed component id and the family its hidden slots draw from."""
    families: dict[str, Family] = {}
    families |= {c.id: ("life", c.type) for c in catalog.life_cards}
    families |= {p.id: ("planet", p.type) for p in catalog.planets}
    families |= {b.id: ("biome", b.kind) for b in catalog.biomes}
    families |= {a.id: ("asteroid", a.type) for a in catalog.asteroids}
    families |= {m.id: ("mission", "") for m in catalog.missions}
    families |= {s.id: ("starting_star", "") for s in catalog.starting_stars}
    families |= {p.id: ("starting_planet", "") for p in catalog.starting_planets}
    return families


def _visible_ids(snapshot: dict[str, Any]) -> Iterator[str]:
    """Every component id shown face up anywhere in the view."""
    for player in snapshot["players"]:
        for system in player["systems"]:
            if system["star"] is not None:
                yield system["star"]
            for planet in system["planets"]:
                yield planet["tile"]
                yield from planet["asteroids"].values()
                if planet["biome"] is not None:
                    yield planet["biome"]
                yield from planet["cards"]
        yield from player["hand"]
        yield from player["missions"]
    board = snapshot["board"]
    for stack in [*board["planet_stacks"], *board["biome_stacks"], *board["life_decks"]]:
        yield from stack
    for stack in board["asteroid_stacks"].values():
        yield from stack
    yield from board["box"]
    for task in snapshot["pending"]:  # taken from an offer, waiting to be placed
        if task["kind"] == "place_planet":
            yield task["args"]["planet"]
        elif task["kind"] == "place_biome":
            yield task["args"]["biome"]
        elif task["kind"] == "place_life_card":  # played, placed once its effect is resolved
            yield task["args"]["card"]


def _known_box_contents(snapshot: dict[str, Any], catalog: Catalog) -> list[str]:
    """What must be in the box though it is face down: the small Lifeform Objective tiles
    removed at setup for this seat count, and every Mission played (it is discarded there)."""
    seats = len(snapshot["players"])
    known = [
        f"lifeform-tile:{objective.lifeform}:{tile.vp}"
        for objective in catalog.lifeform_objectives
        for tile in objective.small
        if tile.min_players > seats
    ]
    known += [p["mission_done"] for p in snapshot["players"] if p["mission_done"] is not None]
    shown = list(snapshot["board"]["box"])
    missing = []
    for item in known:
        if item in shown:
            shown.remove(item)
        else:
            missing.append(item)
    return missing


class _Pools:
    """The unseen components of each family, in a seeded random order."""

    def __init__(self, unseen: list[str], families: dict[str, Family], rng: random.Random):
        self.by_family: dict[Family, list[str]] = {}
        for item in sorted(unseen):
            self.by_family.setdefault(families[item], []).append(item)
        for family in sorted(self.by_family):
            rng.shuffle(self.by_family[family])

    def take(self, family: Family) -> str:
        pool = self.by_family.get(family)
        if not pool:
            raise ValueError(f"the view is inconsistent: no unseen {'/'.join(family)} left")
        return pool.pop()

    def take_any(self, kind: str, rng: random.Random) -> str:
        """One unseen component of any family of this kind (a hand holds any Life card)."""
        families = sorted(f for f, pool in self.by_family.items() if f[0] == kind and pool)
        if not families:
            raise ValueError(f"the view is inconsistent: no unseen {kind} left")
        weights = [len(self.by_family[f]) for f in families]
        return self.take(rng.choices(families, weights)[0])

    def rest(self) -> list[str]:
        return [item for family in sorted(self.by_family) for item in self.by_family[family]]


def _fill_stacks(
    stacks: list[list[str]],
    kind: str,
    default_families: list[str],
    families: dict[str, Family],
    pools: _Pools,
) -> None:
    """Fills the "?" of each stack from the family of its visible top (the stack's type)."""
    for i, stack in enumerate(stacks):
        tops = [item for item in stack if item != HIDDEN]
        family = families[tops[-1]] if tops else (kind, default_families[i])
        for j, item in enumerate(stack):
            if item == HIDDEN:
                stack[j] = pools.take(family)


def determinize(view: View, catalog: Catalog, rng: random.Random) -> dict[str, Any]:
    """A snapshot `Game.restore` accepts that agrees with `view` on everything visible."""
    from entropy_tui.rules import CONDITIONS, LIFEFORMS

    snapshot: dict[str, Any] = pickle.loads(pickle.dumps(view))  # a deep copy, quickly
    families = component_families(catalog)
    board = snapshot["board"]
    known_box = _known_box_contents(snapshot, catalog)
    seen = set(_visible_ids(snapshot)) | set(known_box)
    pools = _Pools([item for item in families if item not in seen], families, rng)

    # Setup order fixes each stack's type: two stacks per type, in vocabulary order.
    _fill_stacks(board["planet_stacks"], "planet", _twice(CONDITIONS), families, pools)
    _fill_stacks(board["biome_stacks"], "biome", _twice(("abundant", "scarce")), families, pools)
    _fill_stacks(board["life_decks"], "life", _twice(LIFEFORMS), families, pools)
    for kind, stack in board["asteroid_stacks"].items():
        _fill_stacks([stack], "asteroid", [kind], families, pools)
    for player in snapshot["players"]:
        player["missions"] = [
            pools.take(("mission", "")) if m == HIDDEN else m for m in player["missions"]
        ]
        player["hand"] = [pools.take_any("life", rng) if c == HIDDEN else c for c in player["hand"]]

    leftovers = known_box + pools.rest()
    rng.shuffle(leftovers)
    slots = sum(item == HIDDEN for item in board["box"])
    if len(leftovers) != slots:
        raise ValueError(
            f"the view is inconsistent: {slots} hidden box slots for {len(leftovers)} components"
        )
    refill = iter(leftovers)
    board["box"] = [next(refill) if item == HIDDEN else item for item in board["box"]]
    snapshot["rng"] = rng.getrandbits(63)  # the real generator state is hidden too
    return snapshot


def _twice(names: tuple[str, ...]) -> list[str]:
    return [name for name in names for _ in range(2)]
