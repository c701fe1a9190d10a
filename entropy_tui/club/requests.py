"""A club table as its creator asks for it: who sits where (the creator, seats open to anyone,
seats kept for invited members, bots), the game's options, rated or not, and its pace. Plain
data, checked in a player's words before any table is made."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from entropy_tui.bots.registry import LEVEL_OF, kinds_words
from entropy_tui.club.names import MAX_TYPED
from entropy_tui.club.records import OnTimeout, Pace
from entropy_tui.play.config import MAX_SEATS, MIN_SEATS

SeatKind = Literal["creator", "open", "invited", "bot"]
# The time a table gives, in seconds: live, each player's bank for the whole game; async, the
# limit for each move.
LIVE_SECONDS = (60, 3 * 3600)
ASYNC_SECONDS = (10 * 60, 14 * 86_400)

__all__ = [
    "ASYNC_SECONDS",
    "LIVE_SECONDS",
    "OnTimeout",
    "SeatKind",
    "SeatRequest",
    "TableRequest",
]


@dataclass(frozen=True, slots=True)
class SeatRequest:
    kind: SeatKind
    name: str = ""  # invited: the member's name (as typed; compared in any case)
    bot: str | None = None  # bot: its kind, from bots.registry


@dataclass(frozen=True, slots=True)
class TableRequest:
    seats: tuple[SeatRequest, ...]  # 2-4 seats, exactly one "creator"
    rated: bool = False
    pace: Pace = "live"
    pace_seconds: int = 20 * 60  # live: each player's bank; async: the limit per move
    on_timeout: OnTimeout = "bot"
    timeout_bot: str = "greedy"  # the level that plays a timed-out turn
    alternative_objectives: bool = False
    open_hands: bool = False

    def problems(self) -> list[str]:
        """Everything that stops this table from being made, in a player's words ([]: fine)."""
        found = self._seat_problems()
        found += self._pace_problems()
        if self.on_timeout not in ("bot", "forfeit"):
            found.append("When time runs out, a bot plays the turn or the player forfeits.")
        if self.timeout_bot not in LEVEL_OF:
            found.append(f"The bot that plays a turn whose time ran out is one of {kinds_words()}.")
        if self.rated and self.open_hands:
            found.append("A rated game is played with hidden hands: turn open hands off.")
        return found

    def _seat_problems(self) -> list[str]:
        seats = self.seats
        found = []
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            found.append(f"A table has {MIN_SEATS} to {MAX_SEATS} seats, not {len(seats)}.")
        creators = sum(seat.kind == "creator" for seat in seats)
        if creators != 1:
            found.append(f"You take exactly one seat yourself, not {creators}.")
        invited = [seat.name.strip() for seat in seats if seat.kind == "invited"]
        if any(not name for name in invited):
            found.append("An invited seat names the member it is kept for.")
        if any(len(name) > MAX_TYPED for name in invited):
            found.append(f"A member's name is at most {MAX_TYPED} characters.")
        named = [name.casefold() for name in invited if name]
        if len(set(named)) != len(named):
            found.append("Each member is invited to one seat only.")
        if any(seat.kind == "bot" and seat.bot not in LEVEL_OF for seat in seats):
            found.append(f"A bot's seat names its level: {kinds_words()}.")
        if any(seat.kind not in ("creator", "open", "invited", "bot") for seat in seats):
            found.append("A seat is yours, open to anyone, kept for an invited member, or a bot's.")
        return found

    def _pace_problems(self) -> list[str]:
        if self.pace == "live":
            low, high = LIVE_SECONDS
            if not low <= self.pace_seconds <= high:
                return [
                    f"A live table gives each player {_duration(low)} to {_duration(high)}"
                    " for the whole game."
                ]
        elif self.pace == "async":
            low, high = ASYNC_SECONDS
            if not low <= self.pace_seconds <= high:
                return [f"An async table gives each move {_duration(low)} to {_duration(high)}."]
        else:
            return ["A table's pace is live or async."]
        return []


def _duration(seconds: int) -> str:
    """ "1 minute", "3 hours", "14 days": the bounds above in words."""
    for unit, size in (("day", 86_400), ("hour", 3600), ("minute", 60)):
        if seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return f"{seconds} seconds"
