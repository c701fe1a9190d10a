"""How the UI obtains bots: through `entropy_tui.bots.make_bot(name, seed)`.

A bot answers `decide(view, decision) -> option_id`; the UI only ever asks it that.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from entropy_tui.bots.base import Bot

if TYPE_CHECKING:
    from entropy_tui.rules import Catalog


BotFactory = Callable[[str, int], Bot]


def default_bot_factory(name: str, seed: int, catalog: Catalog | None = None) -> Bot:
    """`catalog`: the game's component data (None: the newest edition's)."""
    from entropy_tui.bots import make_bot  # imported late: only games with bots need it

    return make_bot(name, seed, catalog=catalog)


def bot_seed(game_seed: int, seat: int) -> int:
    """Each bot's own seed, derived from the game's, so a seed replays the same game."""
    return game_seed * 10 + seat
