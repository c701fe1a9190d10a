"""Who plays a seat: a person or a named bot, and a seat changing hands mid-game.

A change is kept in the choice log as `control:<seat>:<from>:<to>` (each side "person" or a
bot's name), so replaying the log from the seed hands the seat over at the same step. Naming the
side it comes from lets the game tell who sat where at the start.
"""

from __future__ import annotations

from dataclasses import dataclass

from entropy_tui.rules.decision import InvalidChoice

PREFIX = "control:"
PERSON = "person"
# The kinds of bot, by the ids the log writes (bots.registry makes one of each, names their
# levels, and refuses to load if the two lists differ). A seat is handed only to one of these:
# a game whose seat went to a bot nobody has could not go on.
BOT_KINDS: tuple[str, ...] = ("random", "greedy", "expert", "master")


@dataclass(frozen=True, slots=True)
class ControlChange:
    seat: int
    before: str | None  # None: a person
    after: str | None

    @property
    def choice_id(self) -> str:
        return f"{PREFIX}{self.seat}:{_side(self.before)}:{_side(self.after)}"


def is_control(choice_id: str) -> bool:
    return choice_id.startswith(PREFIX)


def parse_control(choice_id: str, seats: int) -> ControlChange:
    """The change a log entry names; InvalidChoice when it is malformed."""
    parts = choice_id.removeprefix(PREFIX).split(":")
    if len(parts) != 3 or not parts[0].isdigit() or int(parts[0]) >= seats:
        raise InvalidChoice(f"{choice_id!r} does not name a seat changing hands")
    before, after = (_controller(part, choice_id) for part in parts[1:])
    if before == after:
        raise InvalidChoice(f"{choice_id!r} hands a seat to whoever already plays it")
    return ControlChange(int(parts[0]), before, after)


def controller_words(bot: str | None) -> str:
    """Who plays a seat, in the log's words: "a person", "the greedy bot" (by its kind; a
    screen names the bot by its level, see play.log_words)."""
    return "a person" if bot is None else f"the {bot} bot"


def _side(bot: str | None) -> str:
    return PERSON if bot is None else bot


def _controller(part: str, choice_id: str) -> str | None:
    if part == PERSON:
        return None
    if part not in BOT_KINDS:
        raise InvalidChoice(f"{choice_id!r}: {part[:40]!r} is not a bot of this game")
    return part
