"""The random bot: any enabled option, uniformly."""

from __future__ import annotations

import random

from entropy_tui.bots.base import DecisionSeen, enabled_ids
from entropy_tui.rules import View


class RandomBot:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: View, decision: DecisionSeen) -> str:
        return self.rng.choice(enabled_ids(decision))
