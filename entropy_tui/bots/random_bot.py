"""The random bot: any enabled option, uniformly."""

from __future__ import annotations

import random

from entropy_tui.bots.base import enabled_ids
from entropy_tui.rules import Decision, View


class RandomBot:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: View, decision: Decision) -> str:
        return self.rng.choice(enabled_ids(decision))
