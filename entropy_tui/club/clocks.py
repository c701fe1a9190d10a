"""The club's clocks, worked out from the stored decisions alone (the history is the truth: no
clock is kept anywhere else, so a restart loses no second and adds none).

A live table gives each member a time bank for the whole game; an async table gives each move
its own limit. A decision's thinking span runs from the decision before it (any seat's, or the
game's start: when its last seat was taken, never the table's making, so a table that waited
open spends no one's time) to it, and counts against the seat that made it: a turn of several
decisions is the sum of its spans. A bot's seat runs no clock, so the time a bot takes is no
member's; the decisions the clock's bot makes for a member whose time ran out count as that
member's (the first of them ends the span the member let run out)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from entropy_tui.club.records import Pace, TableRecord


@dataclass(frozen=True, slots=True)
class Timed:
    """When a stored decision was made, and at which seat (the store keeps when; the game's
    replay says which seat)."""

    seat: int
    decided_at: float


@dataclass(frozen=True, slots=True)
class TableClock:
    """A table's clocks at one moment of its history.

    `people`: the seats whose clocks run (members'); `pending`: the seat the game waits for
    (None once it is over); `start`: when the game began, where the first span starts."""

    pace: Pace
    seconds: int  # live: each member's bank; async: the limit per move
    start: float
    people: frozenset[int]
    decisions: Sequence[Timed] = ()
    pending: int | None = None

    @property
    def last_decided_at(self) -> float:
        return self.decisions[-1].decided_at if self.decisions else self.start

    def used(self) -> dict[int, float]:
        """Each member's seat: the seconds its decisions took (live tables spend them)."""
        used = dict.fromkeys(self.people, 0.0)
        before = self.start
        for decision in self.decisions:
            if decision.seat in used:
                used[decision.seat] += max(decision.decided_at - before, 0.0)
            before = decision.decided_at
        return used

    def deadline(self) -> float | None:
        """When the pending decision's time runs out; None when no member's clock runs."""
        if self.pending is None or self.pending not in self.people:
            return None
        if self.pace == "live":
            bank = self.seconds - self.used()[self.pending]
            return self.last_decided_at + max(bank, 0.0)
        return self._turn_began() + self.seconds

    def overdue(self, now: float) -> bool:
        deadline = self.deadline()
        return deadline is not None and now >= deadline

    def time_left(self, now: float) -> dict[int, float]:
        """Each member's seat: the seconds it has left at `now`, never below 0 (async: the
        seat to move, what is left of its move; the others, a whole move's limit)."""
        deadline, used = self.deadline(), self.used()
        left: dict[int, float] = {}
        for seat in sorted(self.people):
            if seat == self.pending and deadline is not None:
                left[seat] = max(deadline - now, 0.0)
            elif self.pace == "live":
                left[seat] = max(self.seconds - used[seat], 0.0)
            else:
                left[seat] = float(self.seconds)
        return left

    def _turn_began(self) -> float:
        """When the pending seat's move began: the last decision of another seat (or the
        start), so the several decisions of one turn share its limit."""
        for decision in reversed(self.decisions):
            if decision.seat != self.pending:
                return decision.decided_at
        return self.start


def table_clock(record: TableRecord, decisions: Sequence[Timed], pending: int | None) -> TableClock:
    """The clocks of a table being played: its members' seats, from when its game began."""
    if record.started_at is None:
        raise ValueError(f"table {record.id} has not begun: no clock runs there")
    people = frozenset(seat.seat for seat in record.seats if seat.player_id is not None)
    return TableClock(
        record.pace, record.pace_seconds, record.started_at, people, decisions, pending
    )


def time_words(seconds: float) -> str:
    """A time in words, to the minute: "under a minute", "45 min", "2 h 05 min", "3 days 4 h"."""
    minutes = int(max(seconds, 0) // 60)
    if minutes < 1:
        return "under a minute"
    if minutes < 60:
        return f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return f"{hours} h {minutes:02d} min"
    days, hours = divmod(hours, 24)
    day_words = "1 day" if days == 1 else f"{days} days"
    return f"{day_words} {hours} h" if hours else day_words
