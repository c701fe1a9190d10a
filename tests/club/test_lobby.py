"""What a member's lobby lists, from the store alone: the tables that wait for them first (the
longest waiting first, since their last decision), their other tables, open tables with a free
seat they are not at, finished games with places, and the leaderboard."""

from __future__ import annotations

import pytest

from entropy_tui.club.lobby import lobby
from entropy_tui.club.records import Player, SeatRecord
from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable, open_table
from tests.club.conftest import Clock
from tests.club.helpers import config, member, play_out


def table_of(store: Store, *members: int, seed: int = 5) -> ClubTable:
    seats = [(f"P{n}", None) for n in range(len(members))]
    record = open_table(
        store, config(*seats, seed=seed), list(members), rated=True, pace="async",
        pace_seconds=86_400,
    )  # fmt: skip
    return ClubTable.load(store, record.id)


def player(store: Store, player_id: int) -> Player:
    found = store.player(player_id)
    assert found is not None
    return found


def test_the_table_that_waits_for_a_member_is_their_turn_and_the_others_wait(
    store: Store, clock: Clock
) -> None:
    ann, bob = member(store, "Ann"), member(store, "Bob")
    table = table_of(store, ann, bob)
    first = table.game.decision
    assert first is not None
    mover, other = (ann, bob) if first.player == 0 else (bob, ann)
    movers, others = lobby(store, player(store, mover)), lobby(store, player(store, other))
    assert [t.id for t in movers.your_turn] == [table.record.id] and not movers.your_tables
    assert [t.id for t in others.your_tables] == [table.record.id] and not others.your_turn
    assert movers.your_turn[0].since == clock.now  # made now, nothing decided yet
    assert movers.your_turn[0].decisions == 0
    assert [s.name for s in movers.your_turn[0].seats] == ["Ann", "Bob"]


def test_after_a_decision_the_lobby_follows_the_game_to_the_seat_it_waits_for(
    store: Store, clock: Clock
) -> None:
    ann, bob = member(store, "Ann"), member(store, "Bob")
    table = table_of(store, ann, bob)
    for made in range(1, 40):
        clock.now += 60
        play_out(table, 1)
        decision = table.game.decision
        assert decision is not None
        waited = lobby(store, player(store, (ann, bob)[decision.player]))
        (summary,) = waited.your_turn
        assert summary.to_move == decision.player
        assert summary.since == clock.now and summary.decisions == made


def waits_for_first_seat(table: ClubTable) -> bool:
    decision = table.game.decision
    assert decision is not None
    return decision.player == 0


def test_the_tables_that_waited_longest_come_first(store: Store, clock: Clock) -> None:
    ann, bob = member(store, "Ann"), member(store, "Bob")
    tables = []
    for seed in (1, 2, 3):
        table = table_of(store, ann, bob, seed=seed)
        clock.now += 100
        tables.append(table)
    # Each table moved on until it waits for Ann, the first table last.
    for table in reversed(tables):
        clock.now += 10
        play_out(table, 1)
        while not waits_for_first_seat(table):
            clock.now += 10
            play_out(table, 1)
    anns = lobby(store, player(store, ann))
    assert [t.id for t in anns.your_turn] == [t.record.id for t in reversed(tables)]
    assert [t.since for t in anns.your_turn] == sorted(t.since for t in anns.your_turn)


def test_open_tables_with_a_free_seat_are_listed_to_members_not_at_them(store: Store) -> None:
    ann, bob, cy = member(store, "Ann"), member(store, "Bob"), member(store, "Cy")
    free = store.create_table(
        b"{}", [SeatRecord(0, ann), SeatRecord(1)], rated=False, pace="live", pace_seconds=900
    )
    store.create_table(  # full: nothing to join
        b"{}", [SeatRecord(0, ann), SeatRecord(1, bot="greedy")], rated=False, pace="live",
        pace_seconds=900,
    )  # fmt: skip
    assert [t.id for t in lobby(store, player(store, bob)).open_tables] == [free.id]
    assert [t.id for t in lobby(store, player(store, cy)).open_tables] == [free.id]
    anns = lobby(store, player(store, ann))
    assert not anns.open_tables  # she is at it: it is one of her tables
    assert free.id in [t.id for t in anns.your_tables] and not anns.your_turn
    (summary,) = lobby(store, player(store, bob)).open_tables
    assert [(s.name, s.bot) for s in summary.seats] == [("Ann", None), (None, None)]


def test_a_finished_game_leaves_the_members_tables_for_the_finished_list_with_places(
    store: Store, clock: Clock
) -> None:
    ann, bob = member(store, "Ann"), member(store, "Bob")
    table = table_of(store, ann, bob)
    play_out(table)
    anns = lobby(store, player(store, ann))
    assert not anns.your_turn and not anns.your_tables
    (finished,) = anns.finished
    assert finished.id == table.record.id and finished.to_move is None
    assert finished.places == tuple(r.place for r in store.results(table.record.id))
    assert finished.decisions == len(store.decisions(table.record.id))
    assert {p.name for p, _ in anns.leaderboard} == {"Ann", "Bob"}
    assert anns.read_at == clock.now


def test_the_finished_list_shows_the_last_game_to_end_first(store: Store, clock: Clock) -> None:
    ann, bob = member(store, "Ann"), member(store, "Bob")
    first, second = table_of(store, ann, bob, seed=1), table_of(store, ann, bob, seed=2)
    play_out(second)
    clock.now += 3600
    play_out(first)
    assert [t.id for t in store.finished_tables()] == [first.record.id, second.record.id]
    assert [t.id for t in store.finished_tables(limit=1)] == [first.record.id]


def test_a_table_with_a_seat_kept_for_a_member_is_their_invitation_not_an_open_table(
    store: Store,
) -> None:
    ann, bob, cy = member(store, "Ann"), member(store, "Bob"), member(store, "Cy")
    kept = store.create_table(
        b"{}", [SeatRecord(0, ann), SeatRecord(1, invited=bob)], rated=False, pace="live",
        pace_seconds=900,
    )  # fmt: skip
    bobs = lobby(store, player(store, bob))
    assert [t.id for t in bobs.invitations] == [kept.id] and not bobs.open_tables
    (summary,) = bobs.invitations
    assert [(s.name, s.invited, s.invited_name) for s in summary.seats] == [
        ("Ann", None, None),
        (None, bob, "Bob"),
    ]
    cys = lobby(store, player(store, cy))
    assert not cys.invitations and not cys.open_tables  # the seat is Bob's to take, not hers
    assert lobby(store, player(store, ann)).invitations == ()


def test_games_being_played_without_the_member_are_theirs_to_watch_the_last_to_move_first(
    store: Store, clock: Clock
) -> None:
    ann, bob, cy = member(store, "Ann"), member(store, "Bob"), member(store, "Cy")
    older, newer = table_of(store, ann, bob, seed=1), table_of(store, ann, bob, seed=2)
    clock.now += 60
    play_out(older, 1)  # the older table has the last decision: it comes first
    finished = table_of(store, ann, bob, seed=3)
    play_out(finished)
    cys = lobby(store, player(store, cy))
    assert [t.id for t in cys.to_watch] == [older.record.id, newer.record.id]
    assert [t.id for t in store.tables_to_watch(cy, limit=1)] == [older.record.id]
    assert lobby(store, player(store, ann)).to_watch == ()  # she plays at every one of them


def test_the_member_sees_their_rating_before_and_after_each_rated_game(store: Store) -> None:
    ann, bob, cy = member(store, "Ann"), member(store, "Bob"), member(store, "Cy")
    first, second = table_of(store, ann, bob, seed=1), table_of(store, ann, cy, seed=2)
    play_out(first)
    play_out(second)
    anns = lobby(store, player(store, ann)).rating_changes
    assert set(anns) == {first.record.id, second.record.id}
    seat = first.record.seat_of(ann)
    assert [anns[first.record.id]] == [
        c for c in store.rating_changes(first.record.id) if c.seat == seat
    ]
    assert anns[first.record.id].after == anns[second.record.id].before  # one game, then the next
    assert anns[second.record.id].after == store.player_rating(ann)
    assert set(lobby(store, player(store, cy)).rating_changes) == {second.record.id}
    assert list(store.rating_history(ann, limit=1)) == [second.record.id]


def test_a_table_with_a_seat_kept_for_a_member_and_a_free_seat_is_listed_once_to_them(
    store: Store,
) -> None:
    ann, bob, cy = member(store, "Ann"), member(store, "Bob"), member(store, "Cy")
    both = store.create_table(
        b"{}", [SeatRecord(0, ann), SeatRecord(1, invited=bob), SeatRecord(2)], rated=False,
        pace="live", pace_seconds=900,
    )  # fmt: skip
    bobs = lobby(store, player(store, bob))
    assert [t.id for t in bobs.invitations] == [both.id] and not bobs.open_tables
    assert [t.id for t in lobby(store, player(store, cy)).open_tables] == [both.id]


def test_a_members_own_finished_games_stay_listed_after_the_clubs_later_ones(
    store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("entropy_tui.club.lobby.LISTED", 1)
    ann, bob, cy, dee = (member(store, name) for name in ("Ann", "Bob", "Cy", "Dee"))
    anns_game = table_of(store, ann, bob, seed=1)
    play_out(anns_game)
    clock.now += 60
    others = table_of(store, cy, dee, seed=2)
    play_out(others)
    shown = lobby(store, player(store, ann))
    assert [t.id for t in shown.finished] == [others.record.id, anns_game.record.id]
    assert set(shown.rating_changes) == {anns_game.record.id}  # her line says her rating
    assert [t.id for t in lobby(store, player(store, bob)).finished][-1] == anns_game.record.id
