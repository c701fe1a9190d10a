"""The game's one random number generator: SplitMix64, its whole state a single integer.

A small state keeps snapshots small and makes "same seed + same choices = same game" easy to
check; the global `random` module is never used by the rules. Why the draws a seat sees do not
give away the ones it doesn't: docs/design-decisions.md, "Hidden information".
"""

from __future__ import annotations

import secrets
from collections.abc import MutableSequence
from typing import Any

SEED_BITS = 64
SEED_LIMIT = 1 << SEED_BITS  # a seed is one of the generator's states: 0 to 2**64 - 1
SEED_WORDS = f"a whole number from 0 to {SEED_LIMIT - 1}"
_MASK = SEED_LIMIT - 1


def new_seed() -> int:
    """The seed of a game started without one: 64 bits from the operating system's secure
    source, so that nobody can find it by trying seeds against the cards on the table."""
    return secrets.randbits(SEED_BITS)


def valid_seed(seed: int) -> bool:
    return 0 <= seed < SEED_LIMIT


def next_state(state: int) -> tuple[int, int]:
    """Advances the generator: returns (new state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


class Rng:
    """A view over a state integer; the holder stores `state` back after use."""

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound), without modulo bias."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            self.state, value = next_state(self.state)
            if value < limit:
                return value % bound

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[Any]) -> Any:
        return items[self.below(len(items))]
