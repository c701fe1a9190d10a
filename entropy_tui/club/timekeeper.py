"""The club's timekeeper: one task of the club's event loop that wakes at the next deadline of
any table being played (at least every `every` seconds, and whenever a turn changes), and
when a member's time has run out has the table's bot play that turn, or the member forfeit, as
the table says. It also tells members away that a table waits for them (club.notify).

Its clock and its sleep are given, so that tests move time without waiting."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

import msgspec

from entropy_tui.club.clocks import TableClock, Timed, table_clock
from entropy_tui.club.notify import Herald
from entropy_tui.club.records import TableRecord, TableSummary
from entropy_tui.club.store import Store
from entropy_tui.rules import Game
from entropy_tui.saves.schema import SavedConfig

log = logging.getLogger("entropy_tui.club.timekeeper")

EVERY = 60.0  # seconds between looks at the tables at the longest


class Referee(Protocol):
    """What the timekeeper asks of the club's tables (club.rooms.Rooms)."""

    def turn_changed(self, listener: Callable[[int, int], None]) -> Callable[[], None]: ...
    def decide_by_clock(self, table_id: int) -> None: ...
    def forfeit(self, table_id: int, seat: int) -> None: ...


@dataclass(slots=True)
class Followed:
    """A table being played as the timekeeper follows it: the seat and time of each stored
    decision, the seat from the game's replay (a live table's game is held to follow on; an
    async one's, rarely needed, is replayed when it is)."""

    record: TableRecord
    timed: list[Timed] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)
    game: Game | None = None

    def clock(self, pending: int | None) -> TableClock:
        return table_clock(self.record, self.timed, pending)

    def turn_began_at(self, pending: int) -> int:
        """The number of decisions stored when the pending seat's turn began."""
        step = len(self.timed)
        while step > 0 and self.timed[step - 1].seat == pending:
            step -= 1
        return step


class Timekeeper:
    def __init__(
        self,
        store: Store,
        referee: Referee,
        *,
        herald: Herald | None = None,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        every: float = EVERY,
    ) -> None:
        self.store = store
        self.referee = referee
        self.herald = herald
        self.clock = clock
        self.sleep = sleep
        self.every = every
        self._tables: dict[int, Followed] = {}
        # Each table's turn (the number of decisions stored when it began) whose time ran
        # out, and the last turn told: neither is done twice.
        self._timed_out: dict[int, int] = {}
        self._heralded: dict[int, int] = {}
        self._looked = False  # the turns waiting at the first look were told before a restart
        self._woken = asyncio.Event()

    async def run(self) -> None:
        """Watches the tables until cancelled."""
        stop = self.referee.turn_changed(self.wake)
        try:
            while True:
                self._woken.clear()
                try:
                    deadline = self.check()
                except Exception:  # the database, say: logged, and tried again in a while
                    log.exception("the club's clocks could not be read")
                    deadline = None
                wait = self.every if deadline is None else deadline - self.clock()
                await self._nap(min(max(wait, 0.0), self.every))
        finally:
            stop()

    def wake(self, *_: object) -> None:
        """Looks at the tables again now (a turn changed)."""
        self._woken.set()

    async def _nap(self, seconds: float) -> None:
        nap = asyncio.ensure_future(self.sleep(seconds))
        woken = asyncio.ensure_future(self._woken.wait())
        try:
            await asyncio.wait((nap, woken), return_when=asyncio.FIRST_COMPLETED)
        finally:
            nap.cancel()
            woken.cancel()

    def check(self) -> float | None:
        """One look at every table being played: the overdue ones time out, and a member whose
        turn has begun is told. Returns the next deadline (None: no clock runs)."""
        now = self.clock()
        playing = self.store.playing_tables()
        self._forget_all_but({table.id for table in playing})
        deadlines: list[float] = []
        for table in playing:
            try:
                followed = self._follow(table)
                deadline = self._look(table, followed, now)
            except Exception:  # one table that can't be read must not stop the others' clocks
                log.exception("table %d: its clock can't be read", table.id)
                continue
            if deadline is not None:
                deadlines.append(deadline)
            if followed.record.pace == "async":
                followed.game = None  # async moves come rarely: replayed then, not held
        self._looked = True
        return min(deadlines, default=None)

    def _look(self, table: TableSummary, followed: Followed, now: float) -> float | None:
        """Times the table's turn out, or tells its member it has begun; its deadline."""
        pending = table.to_move
        if pending is None or table.seats[pending].player_id is None:
            return None
        turn = followed.turn_began_at(pending)
        clock = followed.clock(pending)
        if clock.overdue(now):
            if self._timed_out.get(table.id) != turn:  # else its bot plays that turn already
                self._timed_out[table.id] = turn
                self._time_out(followed.record, pending)
            return None
        if self._heralded.get(table.id) != turn:
            self._heralded[table.id] = turn
            if self._looked:
                self._herald(table, followed, pending, clock.time_left(now)[pending])
        return clock.deadline()

    def _follow(self, table: TableSummary) -> Followed:
        followed = self._tables.get(table.id)
        if followed is None:
            record = self.store.table(table.id)
            if record is None:
                raise KeyError(table.id)
            followed = self._tables[table.id] = Followed(record)
        if len(followed.timed) < table.decisions:
            game = self._game(followed)
            # Up to the count read with the seat to move, so that the two agree.
            new = self.store.decisions(table.id)[len(followed.timed) : table.decisions]
            for decision in new:
                current = game.decision
                if current is None:
                    raise ValueError(f"table {table.id}: a decision stored after the game's end")
                followed.timed.append(Timed(current.player, decision.decided_at))
                followed.choices.append(decision.option_id)
                game.choose(decision.option_id)
        return followed

    @staticmethod
    def _game(followed: Followed) -> Game:
        """The table's game as far as it is followed (replayed when not held)."""
        if followed.game is None:
            settings = msgspec.json.decode(followed.record.config, type=SavedConfig)
            followed.game = Game.replay(settings.as_data(), followed.choices)
        return followed.game

    def _forget_all_but(self, playing: set[int]) -> None:
        for kept in (self._tables, self._timed_out, self._heralded):
            for table_id in [table_id for table_id in kept if table_id not in playing]:
                del kept[table_id]

    def _time_out(self, record: TableRecord, seat: int) -> None:
        try:
            if record.on_timeout == "forfeit":
                self.referee.forfeit(record.id, seat)
            else:
                self.referee.decide_by_clock(record.id)
        except Exception:  # logged; the club and the other tables' clocks go on
            log.exception("table %d: seat %d's time ran out, and that failed", record.id, seat + 1)

    def _herald(self, table: TableSummary, followed: Followed, seat: int, left: float) -> None:
        member_id = table.seats[seat].player_id
        if self.herald is None or member_id is None:
            return
        member = self.store.player(member_id)
        if member is not None:
            self.herald.turn_began(member, table.id, self._game(followed), left)
