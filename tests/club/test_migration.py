"""A club database of schema version 1 (as clubs made it before invitations, timeouts and
forfeits) or 2 (before each table kept when its game began) is upgraded to the current version
when opened, in one transaction: its members, tables and decisions kept, the new columns at
their defaults, its shape then that of a new database."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from entropy_tui.club.records import NoteRecord, SeatRecord
from entropy_tui.club.store import SCHEMA_VERSION, ClubDatabaseError, Store
from tests.club.conftest import Clock

SCHEMA_V1 = Path(__file__).parents[1] / "data" / "club" / "schema_v1.sql"
SCHEMA_V2 = Path(__file__).parents[1] / "data" / "club" / "schema_v2.sql"


def version_1_club(path: Path, *, also: str = "") -> None:
    """A version 1 database with a member, a table of theirs with an open seat, a decision."""
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode = WAL")
        db.executescript(SCHEMA_V1.read_text() + also)
        db.execute("INSERT INTO players VALUES (1, 'Ann', 'ann', 1.0)")
        db.execute("INSERT INTO ssh_keys VALUES ('SHA256:ann', 1, 1.0)")
        db.execute(
            "INSERT INTO game_tables (id, config, rated, pace, pace_seconds, status, created_at,"
            " to_move) VALUES (1, x'7b7d', 1, 'async', 86400, 'playing', 2.0, 1)"
        )
        db.executemany(
            "INSERT INTO seats (table_id, seat, player_id, bot) VALUES (1, ?, ?, ?)",
            [(0, 1, None), (1, None, "greedy")],
        )
        db.execute("INSERT INTO decisions VALUES (1, 0, 'pass', 3.0, 'player')")
    db.close()


def shape(path: Path) -> dict[str, object]:
    """Every table's columns (name, type, not null, default, key), indexes and foreign keys."""
    with sqlite3.connect(path) as db:
        tables = [
            name
            for (name,) in db.execute(
                "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"
            )
        ]
        found: dict[str, object] = {}
        for table in tables:
            found[table] = (
                db.execute("SELECT * FROM pragma_table_info(?)", (table,)).fetchall(),
                sorted(db.execute("SELECT * FROM pragma_index_list(?)", (table,)).fetchall()),
                db.execute("SELECT * FROM pragma_foreign_key_list(?)", (table,)).fetchall(),
            )
        found["indexes"] = db.execute(
            "SELECT name, tbl_name FROM sqlite_schema WHERE type = 'index' ORDER BY name"
        ).fetchall()
    db.close()
    return found


def test_a_version_1_club_is_upgraded_keeping_everything_in_it(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    version_1_club(path)
    with Store(path) as store:
        ann = store.player_with_key("SHA256:ann")
        assert ann is not None and ann.name == "Ann"
        table = store.table(1)
        assert table is not None
        assert (table.status, table.rated, table.pace, table.pace_seconds) == (
            "playing",
            True,
            "async",
            86_400,
        )
        # What version 1 did not keep: a timed-out turn went to a Casual bot, as it still does.
        assert (table.on_timeout, table.timeout_bot, table.created_by, table.forfeited) == (
            "bot",
            "greedy",
            None,
            None,
        )
        assert table.seats == (SeatRecord(0, 1), SeatRecord(1, bot="greedy"))
        assert table.started_at == 3.0  # its first decision's time
        assert [d.option_id for d in store.decisions(1)] == ["pass"]
        assert store.tables_waiting_for_bots() == [1]
        store.add_note(1, NoteRecord(0, 0, "Ann asked for a hint"))  # the new table works
        assert store.notes(1) == [NoteRecord(0, 0, "Ann asked for a hint")]
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (3,)
    db.close()


def test_an_upgraded_club_has_the_shape_of_a_new_one(tmp_path: Path) -> None:
    upgraded, new = tmp_path / "upgraded.db", tmp_path / "new.db"
    version_1_club(upgraded)
    Store(upgraded).close()
    Store(new).close()
    assert shape(upgraded) == shape(new)


def test_an_upgrade_that_fails_leaves_the_database_at_version_1(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    # A table named as one the upgrade makes: its step fails after others have run.
    version_1_club(path, also="CREATE TABLE notes (text TEXT);")
    with pytest.raises(ClubDatabaseError, match="can't be used"):
        Store(path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (1,)
        columns = [row[1] for row in db.execute("PRAGMA table_info(game_tables)")]
        assert "on_timeout" not in columns and "created_by" not in columns
    db.close()


def version_2_club(path: Path) -> None:
    """A version 2 database with tables open, played (with a decision and without) and
    finished, each made at second 10 and its first decision made at second 100."""
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode = WAL")
        db.executescript(SCHEMA_V2.read_text())
        db.execute("INSERT INTO players VALUES (1, 'Ann', 'ann', 1.0)")
        for table_id, status, decided in (
            (1, "open", False),
            (2, "playing", True),
            (3, "playing", False),
            (4, "finished", True),
        ):
            db.execute(
                "INSERT INTO game_tables (id, config, rated, pace, pace_seconds, status,"
                " created_at, to_move) VALUES (?, x'7b7d', 0, 'live', 1200, ?, 10.0, 0)",
                (table_id, status),
            )
            db.execute(
                "INSERT INTO seats (table_id, seat, player_id) VALUES (?, 0, 1)", (table_id,)
            )
            if decided:
                db.execute(
                    "INSERT INTO decisions VALUES (?, 0, 'pass', 100.0, 'player')", (table_id,)
                )
    db.close()


def test_a_version_2_club_learns_when_its_games_began(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    version_2_club(path)
    with Store(path, clock=Clock(500.0)) as store:
        began = {table_id: store.table(table_id) for table_id in (1, 2, 3, 4)}
        assert {n: table.started_at for n, table in began.items() if table is not None} == {
            1: None,  # still open: it has not begun
            2: 100.0,  # its first decision: never the time it may have waited open
            3: 500.0,  # nobody has decided yet: it begins with the upgrade
            4: 100.0,
        }
        assert store.decisions(2)[0].option_id == "pass"
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (3,)
    db.close()


def test_a_club_upgraded_from_version_2_has_the_shape_of_a_new_one(tmp_path: Path) -> None:
    upgraded, new = tmp_path / "upgraded.db", tmp_path / "new.db"
    version_2_club(upgraded)
    Store(upgraded).close()
    Store(new).close()
    assert shape(upgraded) == shape(new)
