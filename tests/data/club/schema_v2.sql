-- The club database's schema at version 2, as entropy-tui made it before each table kept when
-- its game began (version 3): a database of that version is built from it to test the
-- upgrade. Never changed: it is what clubs' files hold.
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,  -- the name as compared: in any case
    created_at REAL NOT NULL);
CREATE TABLE ssh_keys (
    fingerprint TEXT PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players(id),
    added_at REAL NOT NULL);
CREATE TABLE key_codes (
    digest BLOB PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players(id),
    expires_at REAL NOT NULL);
CREATE TABLE club_password (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    salt BLOB NOT NULL,
    digest BLOB NOT NULL);
CREATE TABLE invitations (
    id INTEGER PRIMARY KEY,
    salt BLOB NOT NULL,
    digest BLOB NOT NULL,
    created_at REAL NOT NULL,
    used_by INTEGER REFERENCES players(id));
CREATE TABLE game_tables (
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
    forfeited INTEGER CHECK (forfeited BETWEEN 0 AND 3));
CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES game_tables(id),
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    player_id INTEGER REFERENCES players(id),
    bot TEXT,
    -- a free seat kept for one member, until they take it
    invited INTEGER REFERENCES players(id)
        CHECK (invited IS NULL OR (player_id IS NULL AND bot IS NULL)),
    CHECK (player_id IS NULL OR bot IS NULL),
    PRIMARY KEY (table_id, seat)) WITHOUT ROWID;
CREATE TABLE decisions (
    table_id INTEGER NOT NULL REFERENCES game_tables(id),
    step INTEGER NOT NULL,
    option_id TEXT NOT NULL,
    decided_at REAL NOT NULL,
    decided_by TEXT NOT NULL CHECK (decided_by IN ('player', 'bot', 'clock')),
    PRIMARY KEY (table_id, step)) WITHOUT ROWID;
CREATE TABLE results (
    table_id INTEGER NOT NULL REFERENCES game_tables(id),
    seat INTEGER NOT NULL,
    total INTEGER NOT NULL,
    place INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)) WITHOUT ROWID;
CREATE TABLE player_ratings (
    player_id INTEGER PRIMARY KEY REFERENCES players(id),
    mu REAL NOT NULL, sigma REAL NOT NULL, games INTEGER NOT NULL);
CREATE TABLE bot_ratings (
    bot TEXT PRIMARY KEY,
    mu REAL NOT NULL, sigma REAL NOT NULL, games INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE rating_changes (
    table_id INTEGER NOT NULL REFERENCES game_tables(id),
    seat INTEGER NOT NULL,
    mu_before REAL NOT NULL, sigma_before REAL NOT NULL,
    mu_after REAL NOT NULL, sigma_after REAL NOT NULL, games INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)) WITHOUT ROWID;
CREATE TABLE notes (
    table_id INTEGER NOT NULL REFERENCES game_tables(id),
    number INTEGER NOT NULL,
    at_event INTEGER NOT NULL CHECK (at_event >= 0),
    seat INTEGER CHECK (seat BETWEEN 0 AND 3),
    text TEXT NOT NULL,
    PRIMARY KEY (table_id, number)) WITHOUT ROWID;
CREATE INDEX ssh_keys_of_player ON ssh_keys(player_id);
CREATE INDEX seats_of_player ON seats(player_id);
CREATE INDEX tables_by_status ON game_tables(status, finished_at);
CREATE INDEX seats_of_invited ON seats(invited) WHERE invited IS NOT NULL;
PRAGMA user_version = 2;
