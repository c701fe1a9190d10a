"""The timekeeper on a clock the test moves: tables of the test's store whose time runs out."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from entropy_tui.bots import make_bot
from entropy_tui.club.notify import Herald, Notifier
from entropy_tui.club.presence import Presence
from entropy_tui.club.records import OnTimeout, Pace, Player, SeatRecord
from entropy_tui.club.requests import SeatRequest, TableRequest
from entropy_tui.club.rooms import Rooms
from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable
from entropy_tui.club.timekeeper import Timekeeper
from entropy_tui.saves.schema import SavedConfig
from tests.club.conftest import Clock
from tests.club.helpers import config, member
from tests.club.rooms_helpers import player, until, visiting

MINUTE = 60.0


class Referee:
    """Stands in for the club's rooms: the clock's bot plays the whole pending turn (as the
    greedy bot), a forfeit is written down."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.listeners: list[Callable[[int, int], None]] = []
        self.timed_out: list[int] = []
        self.forfeits: list[tuple[int, int]] = []

    def turn_changed(self, listener: Callable[[int, int], None]) -> Callable[[], None]:
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener)

    def decide_by_clock(self, table_id: int) -> None:
        self.timed_out.append(table_id)
        table = ClubTable.load(self.store, table_id)
        decision = table.game.decision
        assert decision is not None
        seat = decision.player
        bot = make_bot("greedy", seat)
        while (decision := table.game.decision) is not None and decision.player == seat:
            table.decide(bot.decide(table.game.view(seat), decision), "clock")

    def forfeit(self, table_id: int, seat: int) -> None:
        self.forfeits.append((table_id, seat))


def new_table(
    store: Store,
    *,
    pace: Pace = "live",
    seconds: int = 20 * 60,
    on_timeout: OnTimeout = "bot",
    bot_seat: bool = False,
) -> ClubTable:
    """Ann and Bob (or Ann and a random bot) at a table that starts now."""
    ann = member(store, "Ann")
    second = None if bot_seat else member(store, "Bob")
    game = config(("Ann", None), ("Bob", "random" if bot_seat else None)).new_game()
    record = store.create_table(
        msgspec.json.encode(msgspec.convert(game.config(), SavedConfig)),
        [SeatRecord(0, ann), SeatRecord(1, second, "random" if bot_seat else None)],
        rated=False,
        pace=pace,
        pace_seconds=seconds,
        status="playing",
        to_move=game.decision.player if game.decision else None,
        on_timeout=on_timeout,
    )
    return ClubTable.load(store, record.id)


def play_turn(table: ClubTable, clock: Clock, minutes: float) -> None:
    """The seat to move thinks `minutes` in all, then finishes its turn (as the random bot)."""
    decision = table.game.decision
    assert decision is not None
    seat = decision.player
    bot = make_bot("random", seat)
    clock.now += minutes * MINUTE
    while (decision := table.game.decision) is not None and decision.player == seat:
        member_id = table.record.seats[seat].player_id
        table.decide(bot.decide(table.game.view(seat), decision), "player", member_id)


def test_a_live_members_time_runs_out_and_the_clocks_bot_plays_that_turn(
    store: Store, clock: Clock
) -> None:
    table = new_table(store)
    referee = Referee(store)
    keeper = Timekeeper(store, referee, clock=clock)
    first = table.game.decision
    assert first is not None
    play_turn(table, clock, 5)  # the first seat spends 5 of its 20 minutes
    second = table.game.decision
    assert second is not None and second.player != first.player
    began = clock.now
    assert keeper.check() == began + 20 * MINUTE  # the second seat's bank runs from here
    clock.now = began + 20 * MINUTE - 1
    keeper.check()
    assert referee.timed_out == []
    clock.now = began + 20 * MINUTE
    keeper.check()
    keeper.check()  # that turn is the bot's already: not handed over twice
    assert referee.timed_out == [table.record.id]
    decisions = store.decisions(table.record.id)
    assert decisions[-1].decided_by == "clock"
    # Back at the first seat, with 15 minutes left.
    assert keeper.check() == clock.now + 15 * MINUTE


def test_run_sleeps_until_the_deadline_and_forfeits_the_seat(store: Store, clock: Clock) -> None:
    table = new_table(store, pace="async", seconds=24 * 3600, on_timeout="forfeit")
    first = table.game.decision
    assert first is not None
    referee = Referee(store)
    naps: list[float] = []

    async def sleep(seconds: float) -> None:
        naps.append(seconds)
        clock.now += seconds
        await asyncio.sleep(0)

    async def watch() -> None:
        keeper = Timekeeper(store, referee, clock=clock, sleep=sleep, every=6 * 3600)
        task = asyncio.create_task(keeper.run())
        while not referee.forfeits:
            await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert referee.listeners == []  # it stopped listening to turns

    asyncio.run(watch())
    # Four naps of at most 6 hours each reach the day's limit, and not one more.
    assert naps[:4] == [6 * 3600] * 4
    assert referee.forfeits == [(table.record.id, first.player)]
    assert referee.timed_out == []


class Counted(Timekeeper):
    """A timekeeper that counts its looks at the tables."""

    looks = 0

    def check(self) -> float | None:
        self.looks += 1
        return super().check()


def test_a_turn_change_wakes_it_at_once(store: Store, clock: Clock) -> None:
    referee = Referee(store)

    async def never(seconds: float) -> None:
        await asyncio.Event().wait()

    async def watch() -> None:
        keeper = Counted(store, referee, clock=clock, sleep=never, every=3600)
        task = asyncio.create_task(keeper.run())
        await asyncio.sleep(0.01)
        assert keeper.looks == 1
        referee.listeners[0](1, 1)
        await asyncio.sleep(0.01)
        assert keeper.looks == 2
        task.cancel()

    asyncio.run(watch())


def test_a_bots_turn_runs_no_clock(store: Store, clock: Clock) -> None:
    table = new_table(store, bot_seat=True)
    referee = Referee(store)
    keeper = Timekeeper(store, referee, clock=clock)
    decision = table.game.decision
    assert decision is not None
    if decision.player == 0:
        play_turn(table, clock, 1)
    decision = table.game.decision
    assert decision is not None and decision.player == 1
    clock.now += 10_000 * MINUTE
    assert keeper.check() is None
    assert referee.timed_out == referee.forfeits == []


class Written(Notifier):
    def __init__(self) -> None:
        super().__init__(["true"])
        self.notices: list[tuple[str, int, str]] = []

    def notify(self, name: str, table_id: int, summary: str) -> None:
        self.notices.append((name, table_id, summary))


def test_a_member_away_is_told_once_a_turn_and_a_connected_one_not_at_all(
    store: Store, clock: Clock
) -> None:
    table = new_table(store, pace="async", seconds=24 * 3600)
    written, presence = Written(), Presence()
    keeper = Timekeeper(store, Referee(store), herald=Herald(written, presence), clock=clock)
    keeper.check()
    assert written.notices == []  # the turn waiting at the first look was told before
    play_turn(table, clock, 60)
    keeper.check()
    keeper.check()
    first, second = written.notices[0], written.notices[1:]
    assert second == []
    mover = table.game.decision
    assert mover is not None
    name = table.game.state.players[mover.player].name
    assert first[:2] == (name, table.record.id)
    assert first[2].startswith(f"Your move at table {table.record.id}: ")
    assert first[2].endswith("; 1 day left")
    # The other member is connected when their turn comes: their screen tells them.
    other = table.record.seats[1 - mover.player].player_id
    assert other is not None
    presence.arrived(other)
    play_turn(table, clock, 60)
    keeper.check()
    assert len(written.notices) == 1


def table_of_ann_and(store: Store, rooms: Rooms, on_timeout: OnTimeout) -> tuple[Player, int]:
    """A live table of Ann (5 minutes) and a random bot; its id."""
    ann = player(store, "Ann")
    request = TableRequest(
        (SeatRequest("creator"), SeatRequest("bot", bot="random")),
        pace="live",
        pace_seconds=5 * 60,
        on_timeout=on_timeout,
        timeout_bot="greedy",
    )
    return ann, rooms.create(ann, request).id


async def test_the_clocks_bot_plays_a_timed_out_turn_at_a_room_and_the_log_says_so(
    store: Store, clock: Clock
) -> None:
    rooms = Rooms(store, bot_delay=0)
    ann, table_id = table_of_ann_and(store, rooms, "bot")
    room = rooms.room(table_id)
    screen = visiting(rooms, table_id, ann)
    await until(lambda: room.member_to_move() == ann.id, "Ann's turn")
    keeper = Timekeeper(store, rooms, clock=clock)
    deadline = keeper.check()
    assert deadline == clock.now + 5 * MINUTE
    clock.now = deadline
    keeper.check()
    await until(lambda: room.member_to_move() == ann.id and room.step > 0, "Ann's next turn")
    clocked = [d for d in store.decisions(table_id) if d.decided_by == "clock"]
    assert clocked and {d.decided_at for d in clocked} == {deadline}
    notes = [m["text"] for m in screen.messages if m["op"] == "note"]
    assert any("Ann's time ran out: the Casual bot plays this turn." in n for n in notes)

    # Her bank is spent: her next turn goes to the bot at once.
    def by_clock() -> int:
        return sum(d.decided_by == "clock" for d in store.decisions(table_id))

    before = by_clock()
    assert keeper.check() is None
    await until(lambda: by_clock() > before, "the bot playing her next turn")
    rooms.close()


async def test_a_forfeit_ends_the_room(store: Store, clock: Clock) -> None:
    rooms = Rooms(store, bot_delay=0)
    ann, table_id = table_of_ann_and(store, rooms, "forfeit")
    room = rooms.room(table_id)
    await until(lambda: room.member_to_move() == ann.id, "Ann's turn")
    keeper = Timekeeper(store, rooms, clock=clock)
    assert keeper.check() == clock.now + 5 * MINUTE
    clock.now += 5 * MINUTE
    assert keeper.check() is None
    record = store.table(table_id)
    assert record is not None
    assert (record.status, record.forfeited) == ("finished", room.record.seat_of(ann.id))
    assert store.playing_tables() == []
    rooms.close()


class Failing(Referee):
    def decide_by_clock(self, table_id: int) -> None:
        self.timed_out.append(table_id)
        raise RuntimeError("the bot fell over")


def test_a_time_out_that_fails_is_logged_and_the_other_tables_still_time_out(
    store: Store, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    first = new_table(store)
    second = ClubTable.load(
        store,
        store.create_table(
            first.record.config,
            [SeatRecord(0, member(store, "Cy")), SeatRecord(1, member(store, "Di"))],
            rated=False,
            pace="live",
            pace_seconds=20 * 60,
            status="playing",
            to_move=first.game.decision.player if first.game.decision else None,
        ).id,
    )
    referee = Failing(store)
    keeper = Timekeeper(store, referee, clock=clock)
    keeper.check()
    clock.now += 20 * MINUTE
    keeper.check()
    assert referee.timed_out == [first.record.id, second.record.id]
    assert caplog.text.count("time ran out, and that failed") == 2


def table_waiting_an_hour(rooms: Rooms, clock: Clock) -> ClubTable:
    """A live table (20 minutes each) Ann makes with an open seat, which Bob takes an hour
    later: its game begins then."""
    ann, bob = player(rooms.store, "Ann"), player(rooms.store, "Bob")
    request = TableRequest((SeatRequest("creator"), SeatRequest("open")), pace_seconds=20 * 60)
    table_id = rooms.create(ann, request).id
    clock.now += 60 * MINUTE
    rooms.join(table_id, bob)
    return rooms.room(table_id).table


def test_a_live_bank_spends_no_time_the_table_waited_open_across_a_restart(
    tmp_path: Path, clock: Clock
) -> None:
    path = tmp_path / "club.db"
    with Store(path, clock=clock) as store:
        table = table_waiting_an_hour(Rooms(store), clock)
        play_turn(table, clock, 2)  # the first seat spends 2 of its 20 minutes
        play_turn(table, clock, 1)  # the second seat 1: the first seat's turn again
    with Store(path, clock=clock) as store:  # the club restarts
        referee = Referee(store)
        keeper = Timekeeper(store, referee, clock=clock)
        Rooms(store).resume_bots()
        assert keeper.check() == clock.now + 18 * MINUTE
        assert referee.timed_out == []


def test_a_first_turn_runs_from_the_games_start_across_a_restart(
    tmp_path: Path, clock: Clock
) -> None:
    path = tmp_path / "club.db"
    with Store(path, clock=clock) as store:
        table_waiting_an_hour(Rooms(store), clock)
        began = clock.now
        clock.now += 5 * MINUTE  # the first seat thinks, and the club stops
    with Store(path, clock=clock) as store:
        keeper = Timekeeper(store, Referee(store), clock=clock)
        assert keeper.check() == began + 20 * MINUTE
