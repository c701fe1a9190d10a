"""Bots: players that see only their own view of the game and answer a Decision with an
option id.

bot = make_bot("greedy", seed=7)
game.choose(bot.decide(game.view(seat), game.decision))
expert = make_bot("expert", seed=7, seconds=1.0)   # or iterations=200: the same answer each time
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from entropy_tui.bots.base import Bot
from entropy_tui.bots.greedy import GreedyBot
from entropy_tui.bots.random_bot import RandomBot

if TYPE_CHECKING:
    from entropy_tui.bots.expert import ExpertBot
    from entropy_tui.rules import Catalog

# name -> factory taking the bot's own seed and the game's catalog (the searching bots are made
# apart, with a budget)
_FACTORIES: dict[str, Callable[[int, Catalog | None], Bot]] = {
    "random": lambda seed, catalog: RandomBot(seed),
    "greedy": lambda seed, catalog: GreedyBot(seed, catalog=catalog),
}
# the bots that think for a budget of time or of search
SEARCHING = frozenset({"expert"})

BOTS: tuple[str, ...] = (*_FACTORIES, *sorted(SEARCHING))


def __getattr__(name: str) -> Any:
    # The expert's search loads only when asked for: a game with greedy bots starts without it.
    if name == "ExpertBot":
        from entropy_tui.bots.expert import ExpertBot

        return ExpertBot
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
    expert only. `catalog`: the component data of the game it plays (`game.catalog`; None:
    the newest edition's)."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; the bots are: {', '.join(BOTS)}")
    if name in SEARCHING:
        from entropy_tui.bots.expert import ExpertBot

        return ExpertBot(seed, seconds=seconds, iterations=iterations, catalog=catalog)
    if seconds is not None or iterations is not None:
        raise ValueError(
            f"the {name} bot does not search: seconds and iterations are for the expert"
        )
    return _FACTORIES[name](seed, catalog)


__all__ = ["BOTS", "Bot", "ExpertBot", "GreedyBot", "RandomBot", "make_bot"]
