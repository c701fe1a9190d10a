"""Bots: players that see only their own view of the game and answer a Decision with an
option id. Their kinds are listed once, in bots.registry.

bot = make_bot("greedy", seed=7)
game.choose(bot.decide(game.view(seat), game.decision))
expert = make_bot("expert", seed=7, seconds=1.0)   # or iterations=200: the same answer each time
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from entropy_tui.bots.base import Bot
from entropy_tui.bots.registry import BOT_LEVELS, LEVEL_OF

if TYPE_CHECKING:
    from entropy_tui.bots.expert import ExpertBot
    from entropy_tui.bots.greedy import GreedyBot
    from entropy_tui.bots.master import MasterBot
    from entropy_tui.bots.random_bot import RandomBot
    from entropy_tui.rules import Catalog

BOTS: tuple[str, ...] = tuple(level.kind for level in BOT_LEVELS)
# the bots that think for a budget of time or of search
SEARCHING = frozenset(level.kind for level in BOT_LEVELS if level.searches)

_CLASSES = {
    "ExpertBot": "entropy_tui.bots.expert",
    "MasterBot": "entropy_tui.bots.master",
    "GreedyBot": "entropy_tui.bots.greedy",
    "RandomBot": "entropy_tui.bots.random_bot",
}


def __getattr__(name: str) -> Any:
    # A bot's code loads only when asked for: the command line starts without any.
    if name in _CLASSES:
        from importlib import import_module

        return getattr(import_module(_CLASSES[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def make_bot(
    name: str,
    seed: int,
    *,
    seconds: float | None = None,
    iterations: int | None = None,
    catalog: Catalog | None = None,
) -> Bot:
    """A new bot of the named kind with its own generator seeded by `seed`. `seconds` (thinking
    time per decision) or `iterations` (a fixed, repeatable amount of search) are for the
    searching bots only. `catalog`: the component data of the game it plays (`game.catalog`;
    None: the newest edition's)."""
    level = LEVEL_OF.get(name)
    if level is None:
        raise ValueError(f"unknown bot {name!r}; the bots are: {', '.join(BOTS)}")
    if not level.searches and (seconds is not None or iterations is not None):
        raise ValueError(
            f"the {name} bot does not search: seconds and iterations are for the expert"
        )
    return level.make(seed, catalog, seconds, iterations)


__all__ = [
    "BOTS",
    "SEARCHING",
    "Bot",
    "ExpertBot",
    "GreedyBot",
    "MasterBot",
    "RandomBot",
    "make_bot",
]
