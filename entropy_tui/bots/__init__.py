"""Bots: players that see only their own view of the game and answer a Decision with an
option id.

bot = make_bot("greedy", seed=7)
game.choose(bot.decide(game.view(seat), game.decision))
expert = make_bot("expert", seed=7, seconds=1.0)   # or iterations=200: the same answer each time
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .expert import ExpertBot
from .greedy import GreedyBot
from .random_bot import RandomBot

# name -> factory taking the bot's own seed
_FACTORIES: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "expert": ExpertBot,
}
# the bots that think for a budget of time or of search
SEARCHING = frozenset({"expert"})

BOTS: tuple[str, ...] = tuple(_FACTORIES)


def make_bot(
    name: str, seed: int, *, seconds: float | None = None, iterations: int | None = None
) -> Bot:
    """A new bot of the named kind with its own generator seeded by `seed`. `seconds` (thinking
    time per decision) or `iterations` (a fixed, repeatable amount of search) are for the
    expert only."""
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; the bots are: {', '.join(BOTS)}") from None
    if name in SEARCHING:
        return ExpertBot(seed, seconds=seconds, iterations=iterations)
    if seconds is not None or iterations is not None:
        raise ValueError(
            f"the {name} bot does not search: seconds and iterations are for the expert"
        )
    return factory(seed)


__all__ = ["BOTS", "Bot", "ExpertBot", "GreedyBot", "RandomBot", "make_bot"]
