"""Every kind of bot, once: its id (what the choice log and the save file write), the level
players know it by, whether it answers at once or searches, and how to make one. The app's
words, the save file's check, simulate's choices and make_bot all read this table.

The engine keeps the ids alone (rules' BOT_KINDS: a seat is handed only to a bot that exists,
even in a replayed log); this module refuses to load when the two lists differ.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from entropy_tui.rules import BOT_KINDS

if TYPE_CHECKING:
    from entropy_tui.bots.base import Bot
    from entropy_tui.rules import Catalog


class MakeBot(Protocol):
    def __call__(
        self, seed: int, catalog: Catalog | None, seconds: float | None, iterations: int | None
    ) -> Bot: ...


@dataclass(frozen=True, slots=True)
class BotLevel:
    """A bot as players meet it: named for a kind of player, not for how it works."""

    kind: str  # its id in code, in saves and in the log ("greedy")
    name: str  # what players read ("Casual")
    plays: str  # what it does, in a few words
    make: MakeBot  # a new bot: its seed, the game's component data, its budget
    # About how long it thinks over a decision (its default budget). A bot with none answers
    # within a frame, in the app's own thread; one with a budget searches in the background.
    seconds: float = 0.0

    @property
    def searches(self) -> bool:
        return self.seconds > 0


# Each class is imported when its first bot is made: a game of Casual bots never loads the
# expert's search, and the command line starts without any bot.
def _random(
    seed: int, catalog: Catalog | None, seconds: float | None, iterations: int | None
) -> Bot:
    from entropy_tui.bots.random_bot import RandomBot

    return RandomBot(seed)


def _greedy(
    seed: int, catalog: Catalog | None, seconds: float | None, iterations: int | None
) -> Bot:
    from entropy_tui.bots.greedy import GreedyBot

    return GreedyBot(seed, catalog=catalog)


def _expert(
    seed: int, catalog: Catalog | None, seconds: float | None, iterations: int | None
) -> Bot:
    from entropy_tui.bots.expert import ExpertBot

    return ExpertBot(seed, seconds=seconds, iterations=iterations, catalog=catalog)


def _master(
    seed: int, catalog: Catalog | None, seconds: float | None, iterations: int | None
) -> Bot:
    from entropy_tui.bots.master import MasterBot

    return MasterBot(seed, seconds=seconds, iterations=iterations, catalog=catalog)


BOT_LEVELS: tuple[BotLevel, ...] = (
    BotLevel("random", "Beginner", "takes any allowed option, at random", _random),
    BotLevel("greedy", "Casual", "takes what looks best one step ahead, without planning", _greedy),
    BotLevel(
        "expert",
        "Expert",
        "plans ahead, playing out many futures (about a second a decision)",
        _expert,
        seconds=1.0,
    ),
    BotLevel(
        "master",
        "Master",
        "plans as the Expert does, but stronger",
        _master,
        seconds=1.0,
    ),
)
LEVEL_OF: dict[str, BotLevel] = {level.kind: level for level in BOT_LEVELS}


def unmatched_kinds(registry: tuple[str, ...], engine: tuple[str, ...]) -> str | None:
    """What differs between the kinds made here and those the engine lets a seat go to."""
    if set(registry) == set(engine) and len(registry) == len(engine):
        return None
    return (
        f"the bots' registry has {', '.join(registry)} but the engine's BOT_KINDS has"
        f" {', '.join(engine)}: a kind must be in both (or a saved game could name a bot that"
        " cannot be made)"
    )


if (_unmatched := unmatched_kinds(tuple(b.kind for b in BOT_LEVELS), BOT_KINDS)) is not None:
    raise ImportError(_unmatched)


def bot_kind(word: str) -> str | None:
    """The bot a player's word names: its id or its level ("expert", "Casual")."""
    word = word.strip().casefold()
    return next((b.kind for b in BOT_LEVELS if word in (b.kind, b.name.casefold())), None)


def level_name(kind: str) -> str:
    level = LEVEL_OF.get(kind)
    return level.name if level is not None else kind.title()


def seat_words(levels_only: bool = False) -> list[str]:
    """How a seat names each bot: "bot:casual or bot:greedy" (its level, or its kind)."""
    words = []
    for level in BOT_LEVELS:
        said = f"bot:{level.name.casefold()}"
        if not levels_only and level.kind != level.name.casefold():
            said += f" or bot:{level.kind}"
        words.append(said)
    return words


def kinds_words() -> str:
    """ "random (Beginner), greedy (Casual) or ..." """
    words = [f"{level.kind} ({level.name})" for level in BOT_LEVELS]
    return ", ".join(words[:-1]) + " or " + words[-1]
