"""The random bot: any enabled option, uniformly."""

from __future__ import annotations

import random
from typing import Any

from entropy_tui.bots.base import enabled_ids
from entropy_tui.rules import Decision


class RandomBot:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: dict[str, Any], decision: Decision) -> str:
        return self.rng.choice(enabled_ids(decision))
