"""The club's database: made when new, WAL, its version kept and a newer or foreign database
refused in words; decisions kept in order, one transaction each; values kept as text, never
read as SQL."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from entropy_tui.club.records import Rating, RatingChange, SeatRecord, SeatResult, TableStatus
from entropy_tui.club.store import SCHEMA_VERSION, ClubDatabaseError, Conflict, Store
from tests.club.conftest import Clock

HOSTILE = "Robert'); DROP TABLE players; --"


def new_table(store: Store, *, status: TableStatus = "playing") -> int:
    seats = [SeatRecord(0, bot="random"), SeatRecord(1, bot="greedy")]
    table = store.create_table(
        b"{}", seats, rated=False, pace="async", pace_seconds=86_400, status=status
    )
    return table.id


def test_a_new_database_is_made_in_wal_mode_at_this_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    Store(path).close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    with Store(path) as reopened:  # and it opens again as it is
        assert reopened.player(1) is None


def test_a_database_of_a_newer_version_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = path.read_bytes()
    with pytest.raises(ClubDatabaseError, match=r"newer entropy-tui.*Update entropy-tui"):
        Store(path)
    assert path.read_bytes() == before


def test_a_file_that_is_not_a_database_is_refused_in_words(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    path.write_bytes(b"not a database at all, " * 200)
    with pytest.raises(ClubDatabaseError, match="not a club database, or damaged"):
        Store(path)


def test_another_programs_database_is_refused_and_not_changed(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    with pytest.raises(ClubDatabaseError, match="not a club's"):
        Store(path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("delete",)


def test_decisions_are_kept_in_order_and_a_stale_step_is_refused(
    store: Store, clock: Clock
) -> None:
    table = new_table(store)
    store.append_decision(table, 0, "first", "bot")
    clock.now += 60
    store.append_decision(table, 1, "second", "clock")
    with pytest.raises(Conflict, match="waits for decision 2, not 1"):
        store.append_decision(table, 1, "someone else's", "player")
    with pytest.raises(Conflict, match="waits for decision 2, not 3"):
        store.append_decision(table, 3, "too far", "player")
    kept = store.decisions(table)
    assert [(d.step, d.option_id, d.decided_by) for d in kept] == [
        (0, "first", "bot"),
        (1, "second", "clock"),
    ]
    assert kept[1].decided_at - kept[0].decided_at == 60


def test_a_table_not_being_played_takes_no_decision(store: Store) -> None:
    waiting = new_table(store, status="open")
    with pytest.raises(Conflict, match="not being played"):
        store.append_decision(waiting, 0, "early", "player")
    with pytest.raises(Conflict, match="not being played"):
        store.append_decision(999, 0, "nowhere", "player")
    assert store.decisions(waiting) == []


def test_a_refused_write_leaves_nothing_half_done(store: Store) -> None:
    store.add_player("Ann", "ann", "SHA256:ann")
    with pytest.raises(Conflict, match="is taken"):
        store.add_player("ANN", "ann", "SHA256:other")
    assert store.player_with_key("SHA256:other") is None
    with pytest.raises(Conflict, match="already belongs"):
        store.add_player("Bob", "bob", "SHA256:ann")
    assert store.player_named("bob") is None


def test_sql_in_a_value_is_kept_as_text(store: Store) -> None:
    player = store.add_player(HOSTILE, HOSTILE.casefold(), f"SHA256:{HOSTILE}")
    table = new_table(store)
    store.append_decision(table, 0, HOSTILE, "player")
    assert store.player(player.id) == player
    assert store.player_with_key(f"SHA256:{HOSTILE}") == player
    assert store.decisions(table)[0].option_id == HOSTILE


def test_a_finished_table_keeps_its_results_and_the_new_ratings(store: Store) -> None:
    ann = store.add_player("Ann", "ann", "SHA256:ann")
    seats = [SeatRecord(0, player_id=ann.id), SeatRecord(1, bot="greedy")]
    table = store.create_table(
        b"{}", seats, rated=True, pace="live", pace_seconds=600, status="playing"
    ).id
    first, won, lost = Rating(25, 8.3, 0), Rating(28, 8, 1), Rating(22, 8, 1)
    results = [SeatResult(0, 90, 1), SeatResult(1, 70, 2)]
    store.finish(table, results, [RatingChange(0, first, won), RatingChange(1, first, lost)])
    record = store.table(table)
    assert record is not None and record.status == "finished"
    assert store.results(table) == results
    assert store.player_rating(ann.id) == won
    assert store.bot_rating("greedy") == lost
    assert store.rating_changes(table) == [
        RatingChange(0, first, won),
        RatingChange(1, first, lost),
    ]
    assert store.leaderboard() == [(ann, won)]
    with pytest.raises(Conflict, match="not being played"):
        store.finish(table, results, [])
