"""Seats of club tables taken in the store: the seat kept for an invited member or a free one,
one transaction each, the game beginning with the last; two members racing for the last seat:
one sits, the other is told it is gone."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from entropy_tui.club.records import SeatRecord, TableRecord, TableStatus
from entropy_tui.club.store import Conflict, Store
from tests.club.conftest import Clock
from tests.club.helpers import member


def started(table: TableRecord) -> tuple[bytes, int | None]:
    return b'{"begun": true}', 1


def test_a_member_takes_the_seat_kept_for_them_before_any_free_one(store: Store) -> None:
    ann, bob, cy = member(store, "Ann"), member(store, "Bob"), member(store, "Cy")
    table = store.create_table(
        b"{}",
        [SeatRecord(0, ann), SeatRecord(1), SeatRecord(2, invited=bob)],
        rated=False,
        pace="live",
        pace_seconds=900,
        created_by=ann,
    )
    seated = store.take_seat(table.id, bob, started)
    assert [(s.player_id, s.invited) for s in seated.seats] == [
        (ann, None),
        (None, None),
        (bob, None),
    ]
    assert seated.status == "open" and store.invitations_of(bob) == []
    with pytest.raises(Conflict, match="You sit at table 1 already"):
        store.take_seat(table.id, bob, started)
    begun = store.take_seat(table.id, cy, started)
    assert begun.status == "playing" and begun.config == b'{"begun": true}'
    assert store.tables_of(cy)[0].to_move == 1
    with pytest.raises(Conflict, match="has begun: it takes nobody else"):
        store.take_seat(table.id, member(store, "Dee"), started)
    with pytest.raises(Conflict, match="There is no table 99"):
        store.take_seat(99, cy, started)


def test_a_seat_kept_for_someone_is_not_free_to_others(store: Store) -> None:
    ann, bob, cy = member(store, "Ann"), member(store, "Bob"), member(store, "Cy")
    table = store.create_table(
        b"{}", [SeatRecord(0, ann), SeatRecord(1, invited=bob)], rated=False, pace="live",
        pace_seconds=900,
    )  # fmt: skip
    with pytest.raises(Conflict, match="has no free seat left for you"):
        store.take_seat(table.id, cy, started)
    assert store.table(table.id) == table


def test_two_members_racing_for_the_last_seat_one_sits_and_the_other_is_told(
    store: Store, tmp_path: Path
) -> None:
    ann, bob, cy = member(store, "Ann"), member(store, "Bob"), member(store, "Cy")
    table = store.create_table(
        b"{}", [SeatRecord(0, ann), SeatRecord(1)], rated=False, pace="live", pace_seconds=900
    )
    ready = threading.Barrier(2)
    outcomes: dict[int, str] = {}

    def take(who: int) -> None:
        with Store(tmp_path / "club.db") as own:  # each its own connection, as two hosts
            ready.wait()
            try:
                own.take_seat(table.id, who, started)
                outcomes[who] = "seated"
            except Conflict as error:
                outcomes[who] = str(error)

    racers = [threading.Thread(target=take, args=(who,)) for who in (bob, cy)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    assert sorted(outcomes.values()) == ["Table 1 has begun: it takes nobody else.", "seated"]
    (winner,) = [who for who, outcome in outcomes.items() if outcome == "seated"]
    final = store.table(table.id)
    assert final is not None and final.status == "playing"
    assert [s.player_id for s in final.seats] == [ann, winner]


def test_tables_whose_game_waits_for_a_bot_are_found_after_a_restart(store: Store) -> None:
    ann = member(store, "Ann")
    seats = [SeatRecord(0, ann), SeatRecord(1, bot="random")]

    def table(status: TableStatus, to_move: int | None) -> int:
        made = store.create_table(
            b"{}", seats, rated=False, pace="live", pace_seconds=900, status=status,
            to_move=to_move,
        )  # fmt: skip
        return made.id

    bots_turn = table("playing", 1)
    table("playing", 0)
    table("open", None)
    assert store.tables_waiting_for_bots() == [bots_turn]


def test_a_game_begins_when_its_last_seat_is_taken_or_at_once_when_none_waits(
    store: Store, clock: Clock
) -> None:
    ann, bob = member(store, "Ann"), member(store, "Bob")
    made = clock.now
    waiting = store.create_table(
        b"{}", [SeatRecord(0, ann), SeatRecord(1)], rated=False, pace="live", pace_seconds=900
    )
    assert waiting.started_at is None
    clock.now += 3600  # an hour open
    begun = store.take_seat(waiting.id, bob, started)
    assert (begun.created_at, begun.started_at) == (made, made + 3600)
    # The lobby's "waiting since" for a turn nobody has taken yet: the game's start.
    assert store.tables_of(bob)[0].since == made + 3600
    at_once = store.create_table(
        b"{}", [SeatRecord(0, ann), SeatRecord(1, bot="greedy")], rated=False, pace="live",
        pace_seconds=900, status="playing", to_move=0,
    )  # fmt: skip
    assert at_once.started_at == at_once.created_at == clock.now
    assert store.table(at_once.id) == at_once
