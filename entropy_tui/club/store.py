"""The club's database: the one module that speaks SQL (SQLite here), so that a club can move
to another database by replacing this module alone. The rest of the club reads and writes
through Store's methods and gets plain records (club.records) back.

Durable by design: WAL with a full sync, one transaction per decision (a crash or `kill -9`
loses no committed decision), and values only ever passed as parameters, never formatted
into SQL. The schema's version is kept in the file (PRAGMA user_version); a database made by
a newer version, or one that is not a club's, is refused in words rather than changed.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

from entropy_tui.club.records import (
    Decider,
    DecisionRecord,
    Invitation,
    NoteRecord,
    OnTimeout,
    Pace,
    Player,
    Rating,
    RatingChange,
    SeatRecord,
    SeatResult,
    SeatSummary,
    TableRecord,
    TableStatus,
    TableSummary,
)

# Lines of the club's own in a table's log (a clock's bot playing a turn, a forfeit, a hint
# asked for), each placed before the rules' event number at_event.
NOTES = """CREATE TABLE notes (
        table_id INTEGER NOT NULL REFERENCES game_tables(id),
        number INTEGER NOT NULL,
        at_event INTEGER NOT NULL CHECK (at_event >= 0),
        seat INTEGER CHECK (seat BETWEEN 0 AND 3),
        text TEXT NOT NULL,
        PRIMARY KEY (table_id, number)) WITHOUT ROWID"""
# A member's invitations, found without reading every seat.
INVITED_INDEX = "CREATE INDEX seats_of_invited ON seats(invited) WHERE invited IS NOT NULL"
# How a database of each older version is brought to the next, all in one transaction; a
# statement may read the time of the upgrade as :now.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    2: (  # invitations, what a timeout does, who made a table, forfeits and the log's notes
        "ALTER TABLE game_tables ADD COLUMN on_timeout TEXT NOT NULL DEFAULT 'bot'"
        " CHECK (on_timeout IN ('bot', 'forfeit'))",
        "ALTER TABLE game_tables ADD COLUMN timeout_bot TEXT NOT NULL DEFAULT 'greedy'",
        "ALTER TABLE game_tables ADD COLUMN created_by INTEGER REFERENCES players(id)",
        "ALTER TABLE game_tables ADD COLUMN forfeited INTEGER CHECK (forfeited BETWEEN 0 AND 3)",
        "ALTER TABLE seats ADD COLUMN invited INTEGER REFERENCES players(id)"
        " CHECK (invited IS NULL OR (player_id IS NULL AND bot IS NULL))",
        NOTES,
        INVITED_INDEX,
    ),
    3: (  # when each table's game began, where its first thinking span starts
        "ALTER TABLE game_tables ADD COLUMN started_at REAL",
        # Version 2 kept no such time: a game's first decision is the latest it can have
        # begun (its thinking is then free, but no member is charged for the time the table
        # waited open), and a game nobody has decided in yet begins with the upgrade.
        "UPDATE game_tables SET started_at = coalesce((SELECT decided_at FROM decisions"
        " WHERE table_id = game_tables.id AND step = 0),"
        " CASE status WHEN 'playing' THEN :now ELSE created_at END) WHERE status != 'open'",
    ),
}
SCHEMA_VERSION = 3
# The schema as a new database is made: every table at this version, its columns in the order a
# database upgraded from an older version has them (MIGRATIONS add theirs at the end).
SCHEMA = (
    """CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,  -- the name as compared: in any case
        created_at REAL NOT NULL)""",
    """CREATE TABLE ssh_keys (
        fingerprint TEXT PRIMARY KEY,
        player_id INTEGER NOT NULL REFERENCES players(id),
        added_at REAL NOT NULL)""",
    """CREATE TABLE key_codes (
        digest BLOB PRIMARY KEY,
        player_id INTEGER NOT NULL REFERENCES players(id),
        expires_at REAL NOT NULL)""",
    """CREATE TABLE club_password (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        salt BLOB NOT NULL,
        digest BLOB NOT NULL)""",
    """CREATE TABLE invitations (
        id INTEGER PRIMARY KEY,
        salt BLOB NOT NULL,
        digest BLOB NOT NULL,
        created_at REAL NOT NULL,
        used_by INTEGER REFERENCES players(id))""",
    """CREATE TABLE game_tables (
        id INTEGER PRIMARY KEY,
        config BLOB NOT NULL,
        rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
        pace TEXT NOT NULL CHECK (pace IN ('live', 'async')),
        pace_seconds INTEGER NOT NULL CHECK (pace_seconds > 0),
        status TEXT NOT NULL CHECK (status IN ('open', 'playing', 'finished', 'abandoned')),
        created_at REAL NOT NULL,
        -- the seat that decides now: the lobby's "your turn" without rebuilding any game
        to_move INTEGER CHECK (to_move BETWEEN 0 AND 3),
        finished_at REAL,
        on_timeout TEXT NOT NULL DEFAULT 'bot' CHECK (on_timeout IN ('bot', 'forfeit')),
        timeout_bot TEXT NOT NULL DEFAULT 'greedy',
        created_by INTEGER REFERENCES players(id),
        forfeited INTEGER CHECK (forfeited BETWEEN 0 AND 3),
        -- when the game began: at the table's creation, or when its last seat was taken
        started_at REAL)""",
    """CREATE TABLE seats (
        table_id INTEGER NOT NULL REFERENCES game_tables(id),
        seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
        player_id INTEGER REFERENCES players(id),
        bot TEXT,
        -- a free seat kept for one member, until they take it
        invited INTEGER REFERENCES players(id)
            CHECK (invited IS NULL OR (player_id IS NULL AND bot IS NULL)),
        CHECK (player_id IS NULL OR bot IS NULL),
        PRIMARY KEY (table_id, seat)) WITHOUT ROWID""",
    """CREATE TABLE decisions (
        table_id INTEGER NOT NULL REFERENCES game_tables(id),
        step INTEGER NOT NULL,
        option_id TEXT NOT NULL,
        decided_at REAL NOT NULL,
        decided_by TEXT NOT NULL CHECK (decided_by IN ('player', 'bot', 'clock')),
        PRIMARY KEY (table_id, step)) WITHOUT ROWID""",
    """CREATE TABLE results (
        table_id INTEGER NOT NULL REFERENCES game_tables(id),
        seat INTEGER NOT NULL,
        total INTEGER NOT NULL,
        place INTEGER NOT NULL,
        PRIMARY KEY (table_id, seat)) WITHOUT ROWID""",
    """CREATE TABLE player_ratings (
        player_id INTEGER PRIMARY KEY REFERENCES players(id),
        mu REAL NOT NULL, sigma REAL NOT NULL, games INTEGER NOT NULL)""",
    """CREATE TABLE bot_ratings (
        bot TEXT PRIMARY KEY,
        mu REAL NOT NULL, sigma REAL NOT NULL, games INTEGER NOT NULL) WITHOUT ROWID""",
    """CREATE TABLE rating_changes (
        table_id INTEGER NOT NULL REFERENCES game_tables(id),
        seat INTEGER NOT NULL,
        mu_before REAL NOT NULL, sigma_before REAL NOT NULL,
        mu_after REAL NOT NULL, sigma_after REAL NOT NULL, games INTEGER NOT NULL,
        PRIMARY KEY (table_id, seat)) WITHOUT ROWID""",
    NOTES,
    "CREATE INDEX ssh_keys_of_player ON ssh_keys(player_id)",
    "CREATE INDEX seats_of_player ON seats(player_id)",
    # The open tables, and the last games to finish, found without reading the archive.
    "CREATE INDEX tables_by_status ON game_tables(status, finished_at)",
    INVITED_INDEX,
)
# What the lobby reads of a table: the time and count of its decisions come from the last one
# (one look-up in the decisions' key each), never from reading them all.
SUMMARY = (
    "SELECT t.id, t.status, t.rated, t.pace, t.pace_seconds, t.to_move,"
    " coalesce((SELECT decided_at FROM decisions WHERE table_id = t.id"
    " ORDER BY step DESC LIMIT 1), t.started_at, t.created_at),"
    " coalesce((SELECT step + 1 FROM decisions WHERE table_id = t.id"
    " ORDER BY step DESC LIMIT 1), 0)"
    " FROM game_tables AS t"
)
# The lobby's lists: which tables each holds, in its order; `?`s take the member and the limit.
MEMBERS_TABLES = (
    " WHERE t.status IN ('open', 'playing')"
    " AND t.id IN (SELECT table_id FROM seats WHERE player_id = ?) ORDER BY t.id"
)
OPEN_TABLES = (
    " WHERE t.status = 'open'"
    " AND EXISTS (SELECT 1 FROM seats WHERE table_id = t.id"
    " AND player_id IS NULL AND bot IS NULL AND invited IS NULL)"
    " AND NOT EXISTS (SELECT 1 FROM seats WHERE table_id = t.id AND player_id = ?)"
    " ORDER BY t.created_at DESC LIMIT ?"
)
INVITATIONS = (
    " WHERE t.status = 'open'"
    " AND t.id IN (SELECT table_id FROM seats WHERE invited = ?) ORDER BY t.created_at"
)
# Games being played without the member: the last to see a decision first (7: SUMMARY's `since`).
WATCHABLE_TABLES = (
    " WHERE t.status = 'playing'"
    " AND NOT EXISTS (SELECT 1 FROM seats WHERE table_id = t.id AND player_id = ?)"
    " ORDER BY 7 DESC, t.id DESC LIMIT ?"
)
FINISHED_TABLES = " WHERE t.status = 'finished' ORDER BY t.finished_at DESC LIMIT ?"
MEMBERS_FINISHED_TABLES = (
    " WHERE t.status = 'finished'"
    " AND t.id IN (SELECT table_id FROM seats WHERE player_id = ?)"
    " ORDER BY t.finished_at DESC LIMIT ?"
)


class ClubDatabaseError(Exception):
    """A database the club will not use (newer, not a club's, damaged); the message says why."""


class Conflict(Exception):
    """A write refused because something is already taken: a name, a key, an invitation, a
    decision's step (someone decided first), or a table that no longer takes decisions."""


class Store:
    """One club database, opened (and created when new) at `path`. `clock` gives the time in
    seconds since the epoch (a test passes its own)."""

    def __init__(self, path: Path, *, clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.clock = clock
        try:
            # Autocommit: every transaction is begun and ended here, explicitly.
            self._db = sqlite3.connect(path, isolation_level=None)
        except sqlite3.Error as error:
            raise ClubDatabaseError(f"{path}: can't be opened ({error})") from None
        try:
            self._prepare()
        except sqlite3.OperationalError as error:  # busy, locked, read-only, out of space
            self._db.close()
            raise ClubDatabaseError(f"{path}: can't be used ({error})") from None
        except sqlite3.DatabaseError as error:  # not a database, or a damaged one
            self._db.close()
            raise ClubDatabaseError(f"{path}: not a club database, or damaged ({error})") from None
        except ClubDatabaseError:
            self._db.close()
            raise

    def _prepare(self) -> None:
        db = self._db
        db.execute("PRAGMA busy_timeout = 5000")
        self._check_version(self._version())  # before the journal mode changes a file
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")  # a commit survives a power cut too
        db.execute("PRAGMA foreign_keys = ON")
        if self._version() < SCHEMA_VERSION:
            with self._transaction():
                version = self._version()  # another process may have made it meanwhile
                self._check_version(version)
                if version == 0:
                    self._create()
                else:
                    self._migrate(version)

    def _version(self) -> int:
        return cast(int, self._db.execute("PRAGMA user_version").fetchone()[0])

    def _check_version(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise ClubDatabaseError(
                f"{self.path}: made by a newer entropy-tui (club database version {version};"
                f" this one reads up to {SCHEMA_VERSION}). Update entropy-tui to open it."
            )
        if version == 0 and self._db.execute("SELECT 1 FROM sqlite_schema").fetchone():
            raise ClubDatabaseError(f"{self.path}: a database, but not a club's")

    def _create(self) -> None:
        for statement in SCHEMA:
            self._db.execute(statement)
        self._set_version()

    def _migrate(self, version: int) -> None:
        """Brings a database of an older version to this one, inside the caller's transaction:
        a failure leaves it as it was."""
        now = {"now": self.clock()}
        for step in range(version + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[step]:
                self._db.execute(statement, now)
        self._set_version()

    def _set_version(self) -> None:
        # A pragma takes no parameters; the version is this module's own constant.
        self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION:d}")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One decision's writes, all or none. IMMEDIATE takes the write lock at once, so two
        writers never both read the same state and then collide on writing."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _one(self, sql: str, parameters: Sequence[Any] = ()) -> Any:
        return self._db.execute(sql, parameters).fetchone()

    # ------------------------------------------------------------ players and their keys
    def add_player(self, name: str, name_key: str, fingerprint: str) -> Player:
        """A new member with their first key. Conflict when the name (compared as `name_key`)
        or the key is taken."""
        now = self.clock()
        with self._transaction() as db:
            return self._insert_player(db, name, name_key, fingerprint, now)

    def add_invited_player(
        self, name: str, name_key: str, fingerprint: str, invitation_id: int
    ) -> Player:
        """As add_player, using up the invitation in the same transaction (Conflict when it
        has been used meanwhile)."""
        now = self.clock()
        with self._transaction() as db:
            player = self._insert_player(db, name, name_key, fingerprint, now)
            used = db.execute(
                "UPDATE invitations SET used_by = ? WHERE id = ? AND used_by IS NULL",
                (player.id, invitation_id),
            )
            if used.rowcount != 1:
                raise Conflict("That invitation has been used already.")
            return player

    def _insert_player(
        self, db: sqlite3.Connection, name: str, name_key: str, fingerprint: str, now: float
    ) -> Player:
        if db.execute("SELECT 1 FROM ssh_keys WHERE fingerprint = ?", (fingerprint,)).fetchone():
            raise Conflict("That key already belongs to a member.")
        try:
            cursor = db.execute(
                "INSERT INTO players (name, name_key, created_at) VALUES (?, ?, ?)",
                (name, name_key, now),
            )
        except sqlite3.IntegrityError:
            raise Conflict(f"The name {name!r} is taken: choose another.") from None
        player_id = cast(int, cursor.lastrowid)
        db.execute(
            "INSERT INTO ssh_keys (fingerprint, player_id, added_at) VALUES (?, ?, ?)",
            (fingerprint, player_id, now),
        )
        return Player(player_id, name)

    def player(self, player_id: int) -> Player | None:
        row = self._one("SELECT id, name FROM players WHERE id = ?", (player_id,))
        return None if row is None else Player(*row)

    def player_named(self, name_key: str) -> Player | None:
        row = self._one("SELECT id, name FROM players WHERE name_key = ?", (name_key,))
        return None if row is None else Player(*row)

    def player_with_key(self, fingerprint: str) -> Player | None:
        row = self._one(
            "SELECT players.id, players.name FROM ssh_keys JOIN players"
            " ON players.id = ssh_keys.player_id WHERE fingerprint = ?",
            (fingerprint,),
        )
        return None if row is None else Player(*row)

    def keys_of(self, player_id: int) -> list[str]:
        rows = self._db.execute(
            "SELECT fingerprint FROM ssh_keys WHERE player_id = ? ORDER BY added_at", (player_id,)
        )
        return [fingerprint for (fingerprint,) in rows]

    def add_key_code(self, player_id: int, digest: bytes, expires_at: float) -> None:
        """A code for adding a key to the member; it replaces any code they had waiting."""
        with self._transaction() as db:
            db.execute(
                "DELETE FROM key_codes WHERE player_id = ? OR expires_at <= ?",
                (player_id, self.clock()),
            )
            db.execute(
                "INSERT INTO key_codes (digest, player_id, expires_at) VALUES (?, ?, ?)",
                (digest, player_id, expires_at),
            )

    def redeem_key_code(self, digest: bytes, fingerprint: str) -> Player | None:
        """Adds `fingerprint` to the member whose unexpired code hashes to `digest`, and uses
        the code up; None when no such code is waiting. Conflict when the key is a member's."""
        now = self.clock()
        with self._transaction() as db:
            row = db.execute(
                "DELETE FROM key_codes WHERE digest = ? AND expires_at > ? RETURNING player_id",
                (digest, now),
            ).fetchone()
            if row is None:
                return None
            if db.execute(
                "SELECT 1 FROM ssh_keys WHERE fingerprint = ?", (fingerprint,)
            ).fetchone():
                raise Conflict("That key already belongs to a member.")
            db.execute(
                "INSERT INTO ssh_keys (fingerprint, player_id, added_at) VALUES (?, ?, ?)",
                (fingerprint, row[0], now),
            )
        return self.player(cast(int, row[0]))

    # ------------------------------------------------------------ registration secrets
    def set_password(self, salt: bytes, digest: bytes) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO club_password (id, salt, digest) VALUES (1, ?, ?) ON CONFLICT (id)"
                " DO UPDATE SET salt = excluded.salt, digest = excluded.digest",
                (salt, digest),
            )

    def password(self) -> tuple[bytes, bytes] | None:
        """The club password's salt and hash; None when the club has none."""
        row = self._one("SELECT salt, digest FROM club_password WHERE id = 1")
        return None if row is None else (row[0], row[1])

    def add_invitation(self, salt: bytes, digest: bytes) -> int:
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO invitations (salt, digest, created_at) VALUES (?, ?, ?)",
                (salt, digest, self.clock()),
            )
            return cast(int, cursor.lastrowid)

    def invitation(self, invitation_id: int) -> Invitation | None:
        row = self._one(
            "SELECT id, salt, digest, used_by FROM invitations WHERE id = ?", (invitation_id,)
        )
        return None if row is None else Invitation(*row)

    # ------------------------------------------------------------ tables and decisions
    def create_table(
        self,
        config: bytes,
        seats: Sequence[SeatRecord],
        *,
        rated: bool,
        pace: Pace,
        pace_seconds: int,
        status: TableStatus = "open",
        to_move: int | None = None,
        on_timeout: OnTimeout = "bot",
        timeout_bot: str = "greedy",
        created_by: int | None = None,
    ) -> TableRecord:
        """A new table; `to_move` is the seat its game waits for first (None: none yet). A
        table made "playing" begins now."""
        now = self.clock()
        started_at = now if status == "playing" else None
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO game_tables (config, rated, pace, pace_seconds, status, created_at,"
                " to_move, on_timeout, timeout_bot, created_by, started_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    config,
                    int(rated),
                    pace,
                    pace_seconds,
                    status,
                    now,
                    to_move,
                    on_timeout,
                    timeout_bot,
                    created_by,
                    started_at,
                ),
            )
            table_id = cast(int, cursor.lastrowid)
            db.executemany(
                "INSERT INTO seats (table_id, seat, player_id, bot, invited)"
                " VALUES (?, ?, ?, ?, ?)",
                [(table_id, s.seat, s.player_id, s.bot, s.invited) for s in seats],
            )
        return TableRecord(
            table_id,
            config,
            tuple(seats),
            rated,
            pace,
            pace_seconds,
            status,
            now,
            on_timeout,
            timeout_bot,
            created_by,
            started_at=started_at,
        )

    def table(self, table_id: int) -> TableRecord | None:
        row = self._one(
            "SELECT id, config, rated, pace, pace_seconds, status, created_at, on_timeout,"
            " timeout_bot, created_by, forfeited, started_at FROM game_tables WHERE id = ?",
            (table_id,),
        )
        if row is None:
            return None
        seats = tuple(
            SeatRecord(*seat)
            for seat in self._db.execute(
                "SELECT seat, player_id, bot, invited FROM seats WHERE table_id = ? ORDER BY seat",
                (table_id,),
            )
        )
        table_id, config, rated, pace, pace_seconds, status, created_at, *rest = row
        on_timeout, timeout_bot, created_by, forfeited, started_at = rest
        return TableRecord(
            table_id,
            config,
            seats,
            bool(rated),
            pace,
            pace_seconds,
            status,
            created_at,
            on_timeout,
            timeout_bot,
            created_by,
            forfeited,
            started_at,
        )

    def take_seat(
        self,
        table_id: int,
        player_id: int,
        starting: Callable[[TableRecord], tuple[bytes, int | None]],
    ) -> TableRecord:
        """Seats the member at the open table, in the seat kept for them or else its first
        free seat nobody is invited to; Conflict, saying why, when there is none (someone took
        the last one first) or they sit there already. When that fills the table, its game
        starts in the same transaction: `starting(table)` gives its settings (the seats all
        known now) and the seat it waits for first, and the table is "playing", begun now."""
        with self._transaction() as db:
            table = self.table(table_id)
            if table is None:
                raise Conflict(f"There is no table {table_id}.")
            if table.status != "open":
                raise Conflict(f"Table {table_id} has begun: it takes nobody else.")
            if table.seat_of(player_id) is not None:
                raise Conflict(f"You sit at table {table_id} already.")
            free = [seat for seat in table.seats if seat.free]
            kept = [seat for seat in free if seat.invited == player_id]
            chosen = kept or [seat for seat in free if seat.invited is None]
            if not chosen:
                raise Conflict(f"Table {table_id} has no free seat left for you.")
            db.execute(
                "UPDATE seats SET player_id = ?, invited = NULL WHERE table_id = ? AND seat = ?",
                (player_id, table_id, chosen[0].seat),
            )
            table = self.table(table_id)
            assert table is not None
            if any(seat.free for seat in table.seats):
                return table
            config, to_move = starting(table)
            db.execute(
                "UPDATE game_tables SET config = ?, status = 'playing', to_move = ?,"
                " started_at = ? WHERE id = ?",
                (config, to_move, self.clock(), table_id),
            )
            started = self.table(table_id)
            assert started is not None
            return started

    def tables_waiting_for_bots(self) -> list[int]:
        """The tables being played whose game waits for one of their bots: after a restart,
        those bots play on."""
        rows = self._db.execute(
            "SELECT t.id FROM game_tables AS t JOIN seats AS s"
            " ON s.table_id = t.id AND s.seat = t.to_move"
            " WHERE t.status = 'playing' AND s.bot IS NOT NULL ORDER BY t.id"
        )
        return [table_id for (table_id,) in rows]

    def set_status(self, table_id: int, status: TableStatus) -> None:
        with self._transaction() as db:
            db.execute("UPDATE game_tables SET status = ? WHERE id = ?", (status, table_id))

    def append_decision(
        self,
        table_id: int,
        step: int,
        option_id: str,
        decided_by: Decider,
        to_move: int | None = None,
    ) -> DecisionRecord:
        """Records the table's decision number `step` (0 first), and `to_move`, the seat the
        game waits for after it, in a transaction of its own. Conflict when that step is not
        the next one (someone decided first) or the table is not being played."""
        now = self.clock()
        with self._transaction() as db:
            status = db.execute(
                "SELECT status FROM game_tables WHERE id = ?", (table_id,)
            ).fetchone()
            if status is None or status[0] != "playing":
                raise Conflict(f"Table {table_id} is not being played.")
            (last,) = db.execute(
                "SELECT max(step) FROM decisions WHERE table_id = ?", (table_id,)
            ).fetchone()
            expected = 0 if last is None else last + 1
            if step != expected:
                raise Conflict(f"Table {table_id} waits for decision {expected}, not {step}.")
            db.execute(
                "INSERT INTO decisions (table_id, step, option_id, decided_at, decided_by)"
                " VALUES (?, ?, ?, ?, ?)",
                (table_id, step, option_id, now, decided_by),
            )
            db.execute("UPDATE game_tables SET to_move = ? WHERE id = ?", (to_move, table_id))
        return DecisionRecord(step, option_id, now, decided_by)

    def decisions(self, table_id: int) -> list[DecisionRecord]:
        rows = self._db.execute(
            "SELECT step, option_id, decided_at, decided_by FROM decisions WHERE table_id = ?"
            " ORDER BY step",
            (table_id,),
        )
        return [DecisionRecord(*row) for row in rows]

    # ------------------------------------------------------------ the log's own notes
    def add_note(self, table_id: int, note: NoteRecord) -> None:
        with self._transaction() as db:
            (count,) = db.execute(
                "SELECT count(*) FROM notes WHERE table_id = ?", (table_id,)
            ).fetchone()
            db.execute(
                "INSERT INTO notes (table_id, number, at_event, seat, text) VALUES (?, ?, ?, ?, ?)",
                (table_id, count, note.at_event, note.seat, note.text),
            )

    def notes(self, table_id: int) -> list[NoteRecord]:
        rows = self._db.execute(
            "SELECT at_event, seat, text FROM notes WHERE table_id = ? ORDER BY number",
            (table_id,),
        )
        return [NoteRecord(*row) for row in rows]

    # ------------------------------------------------------------ results and ratings
    def finish(
        self,
        table_id: int,
        results: Sequence[SeatResult],
        changes: Sequence[RatingChange],
        *,
        forfeited: int | None = None,
    ) -> None:
        """The table's final scores and places, and each rated seat's new rating (its
        member's, or its bot level's), kept in one transaction with the table marked finished;
        `forfeited`: the seat whose loss on time ended the game before its end."""
        with self._transaction() as db:
            finished = db.execute(
                "UPDATE game_tables SET status = 'finished', to_move = NULL, finished_at = ?,"
                " forfeited = ? WHERE id = ? AND status = 'playing'",
                (self.clock(), forfeited, table_id),
            )
            if finished.rowcount != 1:
                raise Conflict(f"Table {table_id} is not being played.")
            db.executemany(
                "INSERT INTO results (table_id, seat, total, place) VALUES (?, ?, ?, ?)",
                [(table_id, r.seat, r.total, r.place) for r in results],
            )
            for change in changes:
                self._record_rating(db, table_id, change)

    def _record_rating(self, db: sqlite3.Connection, table_id: int, change: RatingChange) -> None:
        before, after = change.before, change.after
        db.execute(
            "INSERT INTO rating_changes (table_id, seat, mu_before, sigma_before, mu_after,"
            " sigma_after, games) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (table_id, change.seat, before.mu, before.sigma, after.mu, after.sigma, after.games),
        )
        player_id, bot = db.execute(
            "SELECT player_id, bot FROM seats WHERE table_id = ? AND seat = ?",
            (table_id, change.seat),
        ).fetchone()
        rating = (after.mu, after.sigma, after.games)
        if player_id is not None:
            db.execute(
                "INSERT OR REPLACE INTO player_ratings (player_id, mu, sigma, games)"
                " VALUES (?, ?, ?, ?)",
                (player_id, *rating),
            )
        else:
            db.execute(
                "INSERT OR REPLACE INTO bot_ratings (bot, mu, sigma, games) VALUES (?, ?, ?, ?)",
                (bot, *rating),
            )

    def results(self, table_id: int) -> list[SeatResult]:
        rows = self._db.execute(
            "SELECT seat, total, place FROM results WHERE table_id = ? ORDER BY seat", (table_id,)
        )
        return [SeatResult(*row) for row in rows]

    def player_rating(self, player_id: int) -> Rating | None:
        row = self._one(
            "SELECT mu, sigma, games FROM player_ratings WHERE player_id = ?", (player_id,)
        )
        return None if row is None else Rating(*row)

    def bot_rating(self, bot: str) -> Rating | None:
        row = self._one("SELECT mu, sigma, games FROM bot_ratings WHERE bot = ?", (bot,))
        return None if row is None else Rating(*row)

    def rating_changes(self, table_id: int) -> list[RatingChange]:
        rows = self._db.execute(
            "SELECT seat, mu_before, sigma_before, mu_after, sigma_after, games"
            " FROM rating_changes WHERE table_id = ? ORDER BY seat",
            (table_id,),
        )
        return [
            RatingChange(seat, Rating(mu0, sigma0, games - 1), Rating(mu1, sigma1, games))
            for seat, mu0, sigma0, mu1, sigma1, games in rows
        ]

    def rating_history(self, player_id: int, limit: int = 50) -> dict[int, RatingChange]:
        """The member's rating before and after each of their last rated games, by table."""
        rows = self._db.execute(
            "SELECT r.table_id, r.seat, mu_before, sigma_before, mu_after, sigma_after, games"
            " FROM rating_changes AS r JOIN seats AS s ON s.table_id = r.table_id"
            " AND s.seat = r.seat WHERE s.player_id = ? ORDER BY r.table_id DESC LIMIT ?",
            (player_id, limit),
        )
        return {
            table_id: RatingChange(seat, Rating(mu0, sigma0, games - 1), Rating(mu1, sigma1, games))
            for table_id, seat, mu0, sigma0, mu1, sigma1, games in rows
        }

    def leaderboard(self, limit: int = 50) -> list[tuple[Player, Rating]]:
        """Members by their shown rating (mu - 3 sigma), best first."""
        rows = self._db.execute(
            "SELECT players.id, players.name, mu, sigma, games FROM player_ratings JOIN players"
            " ON players.id = player_ratings.player_id ORDER BY mu - 3 * sigma DESC LIMIT ?",
            (limit,),
        )
        return [
            (Player(pid, name), Rating(mu, sigma, games)) for pid, name, mu, sigma, games in rows
        ]

    # ------------------------------------------------------------ the lobby's lists
    def tables_of(self, player_id: int) -> list[TableSummary]:
        """The open and playing tables the member sits at, oldest first."""
        return self._summaries(MEMBERS_TABLES, (player_id,))

    def open_tables(self, player_id: int, limit: int = 50) -> list[TableSummary]:
        """Tables with a free seat anyone may take that the member is not at, newest first."""
        return self._summaries(OPEN_TABLES, (player_id, limit))

    def invitations_of(self, player_id: int) -> list[TableSummary]:
        """Open tables with a seat kept for the member, the oldest invitation first."""
        return self._summaries(INVITATIONS, (player_id,))

    def tables_to_watch(self, player_id: int, limit: int = 50) -> list[TableSummary]:
        """Tables being played that the member has no seat at, the last to move first."""
        return self._summaries(WATCHABLE_TABLES, (player_id, limit))

    def finished_tables(self, limit: int = 50) -> list[TableSummary]:
        """Finished games, the last to end first, with each seat's place."""
        return self._summaries(FINISHED_TABLES, (limit,))

    def finished_tables_of(self, player_id: int, limit: int = 50) -> list[TableSummary]:
        """The member's finished games, the last to end first."""
        return self._summaries(MEMBERS_FINISHED_TABLES, (player_id, limit))

    def _summaries(self, which: str, parameters: Sequence[Any]) -> list[TableSummary]:
        rows = self._db.execute(SUMMARY + which, parameters).fetchall()
        if not rows:
            return []
        ids = [row[0] for row in rows]
        marks = ", ".join("?" * len(ids))  # one parameter per table: no value enters the SQL
        seats: dict[int, list[SeatSummary]] = {table_id: [] for table_id in ids}
        for table_id, *seat in self._db.execute(
            "SELECT s.table_id, s.seat, s.player_id, players.name, s.bot, s.invited,"
            " guests.name FROM seats AS s LEFT JOIN players ON players.id = s.player_id"
            f" LEFT JOIN players AS guests ON guests.id = s.invited WHERE s.table_id IN ({marks})"
            " ORDER BY s.table_id, s.seat",
            ids,
        ):
            seats[table_id].append(SeatSummary(*seat))
        places: dict[int, list[int]] = {table_id: [] for table_id in ids}
        for table_id, place in self._db.execute(
            f"SELECT table_id, place FROM results WHERE table_id IN ({marks})"
            " ORDER BY table_id, seat",
            ids,
        ):
            places[table_id].append(place)
        return [
            TableSummary(
                table_id,
                status,
                bool(rated),
                pace,
                pace_seconds,
                tuple(seats[table_id]),
                to_move,
                since,
                decisions,
                tuple(places[table_id]),
            )
            for table_id, status, rated, pace, pace_seconds, to_move, since, decisions in rows
        ]

    def playing_tables(self) -> list[TableSummary]:
        """Every table being played, with the seat it waits for and when its last decision was
        made: what the club's clocks watch."""
        return self._summaries(" WHERE t.status = 'playing' ORDER BY t.id", ())
