"""The clocks worked out from made-up decisions, on a clock the test moves."""

from __future__ import annotations

import pytest

from entropy_tui.club.clocks import TableClock, Timed, time_words
from tests.club.conftest import Clock

START = 1_800_000_000.0
MINUTE = 60.0


def at(seat: int, minutes: float) -> Timed:
    """A decision by `seat`, `minutes` after the start."""
    return Timed(seat, START + minutes * MINUTE)


def live(
    *decisions: Timed, pending: int | None, people: frozenset[int] = frozenset({0, 1})
) -> TableClock:
    return TableClock("live", 20 * 60, START, people, decisions, pending)


def test_a_live_seat_spends_the_spans_before_its_decisions() -> None:
    # Seat 0 thinks 3 min, seat 1 5 min, seat 0 a turn of three decisions (1 + 0.5 + 0.5 min).
    clock = live(at(0, 3), at(1, 8), at(0, 9), at(0, 9.5), at(0, 10), pending=1)
    assert clock.used() == {0: 5 * MINUTE, 1: 5 * MINUTE}


def test_the_pending_seat_spends_its_bank_from_the_last_decision(clock: Clock) -> None:
    table = live(at(0, 3), at(1, 8), pending=0)
    clock.now = START + 10 * MINUTE  # seat 0 has thought 2 more minutes
    assert table.time_left(clock()) == {0: 15 * MINUTE, 1: 15 * MINUTE}
    assert table.deadline() == START + 8 * MINUTE + 17 * MINUTE
    assert not table.overdue(clock())
    clock.now = START + 25 * MINUTE
    assert table.overdue(clock())
    assert table.time_left(clock())[0] == 0.0


def test_a_bots_seat_runs_no_clock_and_spends_no_members_time(clock: Clock) -> None:
    # Seat 1 is a bot: the 9 minutes it took are nobody's, and it never runs out.
    table = live(at(0, 2), at(1, 11), pending=1, people=frozenset({0}))
    assert table.used() == {0: 2 * MINUTE}
    assert table.deadline() is None
    clock.now = START + 1000 * MINUTE
    assert not table.overdue(clock())
    assert table.time_left(clock()) == {0: 18 * MINUTE}


def test_a_spent_bank_makes_every_later_turn_overdue_at_once() -> None:
    # Seat 0 used all 20 minutes; its next turn has nothing left.
    table = live(at(0, 20), at(1, 21), pending=0)
    assert table.deadline() == START + 21 * MINUTE
    assert table.overdue(START + 21 * MINUTE)


def test_an_async_move_has_its_limit_from_the_last_decision_of_another_seat() -> None:
    day = 24 * 60.0
    table = TableClock(
        "async", 24 * 3600, START, frozenset({0, 1}), (at(0, 5), at(1, day), at(1, day + 1)), 1
    )
    # Seat 1's move began with seat 0's decision, and its second decision shares that limit.
    assert table.deadline() == START + 5 * MINUTE + 24 * 3600
    assert table.time_left(START + 6 * MINUTE) == {0: 24 * 3600, 1: 24 * 3600 - MINUTE}
    assert table.overdue(START + 5 * MINUTE + 24 * 3600)
    assert not table.overdue(START + 5 * MINUTE + 24 * 3600 - 1)


def test_the_first_move_runs_from_the_start_and_a_finished_game_from_nothing() -> None:
    assert TableClock("async", 600, START, frozenset({0}), (), 0).deadline() == START + 600
    assert live(pending=0).deadline() == START + 20 * MINUTE
    assert live(at(0, 1), pending=None).deadline() is None
    assert not live(at(0, 1), pending=None).overdue(START + 10**6)


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (0, "under a minute"),
        (59.9, "under a minute"),
        (60, "1 min"),
        (59 * 60 + 59, "59 min"),
        (7500, "2 h 05 min"),
        (86_400, "1 day"),
        (5 * 86_400 + 10, "5 days"),
        (3 * 86_400 + 4 * 3600 + 59, "3 days 4 h"),
        (-5, "under a minute"),
    ],
)
def test_time_in_words(seconds: float, words: str) -> None:
    assert time_words(seconds) == words
