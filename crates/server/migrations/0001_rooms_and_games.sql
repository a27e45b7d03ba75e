-- Rooms and finished games. Plain SQL that SQLite and PostgreSQL both accept, so the same
-- migrations and queries serve a single node and a shared database.

-- One row per live room: its whole state as JSON, rewritten in the same transaction as every
-- event it accepts, so a restart finds what clients were told.
CREATE TABLE rooms (
    code TEXT PRIMARY KEY,
    version BIGINT NOT NULL,
    state TEXT NOT NULL,
    updated_at_ms BIGINT NOT NULL
);

-- Every game that has ended (and, while it runs, the live game of a room under the same id).
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    room TEXT NOT NULL,
    white TEXT,
    black TEXT,
    variant TEXT NOT NULL,
    started_at_ms BIGINT NOT NULL,
    ended_at_ms BIGINT,
    result TEXT NOT NULL,
    reason TEXT,
    game TEXT NOT NULL
);

CREATE INDEX games_by_room ON games (room, started_at_ms);
