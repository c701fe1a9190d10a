"""Planet references: "s<system>p<planet>", the way options and Tasks name a Planet."""

from __future__ import annotations

from functools import cache


def planet_ref(system: int, planet: int) -> str:
    return f"s{system}p{planet}"


@cache
def parse_planet_ref(ref: str) -> tuple[int, int]:
    system, _, planet = ref[1:].partition("p")
    return int(system), int(planet)


@cache
def refs_for(shape: tuple[int, ...]) -> tuple[str, ...]:
    """Every Planet reference of a play area whose Solar Systems hold `shape` Planets."""
    return tuple(planet_ref(s, p) for s, count in enumerate(shape) for p in range(count))
