"""Bots: players that see only their own view of the game and answer a Decision with an
option id.

bot = make_bot("greedy", seed=7)
game.choose(bot.decide(game.view(seat), game.decision))
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .greedy import GreedyBot
from .random_bot import RandomBot

# name -> factory taking the bot's own seed
_FACTORIES: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}

BOTS: tuple[str, ...] = tuple(_FACTORIES)


def make_bot(name: str, seed: int) -> Bot:
    """A new bot of the named kind with its own generator seeded by `seed`."""
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; the bots are: {', '.join(BOTS)}") from None
    return factory(seed)


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot"]
