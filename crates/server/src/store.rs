//! Durable storage in SQLite through sqlx: the live rooms (their whole state, rewritten with
//! every accepted event) and the games. Writes from all rooms go through one writer task that
//! commits them together (group commit), so a caller learns its write is on disk only after the
//! transaction holding it committed, while thousands of rooms share one commit.
//!
//! Every statement is plain SQL with `$N` binds, which SQLite and PostgreSQL both accept.

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{Executor, Row};
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// Most writes committed in one transaction.
const MAX_BATCH: usize = 512;

/// A failed database operation, with what was being done.
#[derive(Debug, Clone)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

fn failed(what: &str) -> impl Fn(sqlx::Error) -> StoreError + '_ {
    move |error| StoreError(format!("{what}: {error}"))
}

/// A game row: a room's current game while it runs, the finished game afterwards.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub id: String,
    pub room: String,
    pub white: Option<String>,
    pub black: Option<String>,
    pub variant: String,
    pub started_at_ms: i64,
    pub ended_at_ms: Option<i64>,
    pub result: String,
    pub reason: Option<String>,
    /// The saved-game JSON.
    pub game: String,
}

/// One change to commit.
#[derive(Clone, Debug)]
pub enum Write {
    /// A room's state after its event `version`.
    Room {
        code: String,
        version: i64,
        state: String,
        now_ms: i64,
    },
    /// A room that no longer exists.
    RemoveRoom { code: String },
    /// A game, inserted or replaced.
    Game(GameRecord),
}

struct Job {
    writes: Vec<Write>,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// The database, shared by every room.
#[derive(Clone)]
pub struct Store {
    pool: SqlitePool,
    jobs: mpsc::Sender<Job>,
}

impl Store {
    /// Opens (creating if needed) the database at `path`, in WAL mode, and brings its schema up
    /// to date.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str(&format!("sqlite://{}", path.display()))
            .map_err(failed("bad database path"))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // In WAL mode NORMAL keeps every committed transaction across a crash of the process
            // (the kind of failure rooms must survive); only a power cut can lose the last ones.
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(5));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await
            .map_err(|error| {
                StoreError(format!("cannot open database {}: {error}", path.display()))
            })?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|error| StoreError(format!("cannot migrate {}: {error}", path.display())))?;
        let (jobs, receiver) = mpsc::channel(4096);
        tokio::spawn(write_loop(pool.clone(), receiver));
        Ok(Store { pool, jobs })
    }

    /// Commits `writes` in one transaction (shared with other callers' writes) and returns once
    /// they are committed.
    pub async fn commit(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        if writes.is_empty() {
            return Ok(());
        }
        let (done, answer) = oneshot::channel();
        self.jobs
            .send(Job { writes, done })
            .await
            .map_err(|_| StoreError("the database writer stopped".to_string()))?;
        answer
            .await
            .map_err(|_| StoreError("the database writer stopped".to_string()))?
    }

    /// Every stored room: code, event number and state.
    pub async fn rooms(&self) -> Result<Vec<(String, i64, String)>, StoreError> {
        let rows = sqlx::query("SELECT code, version, state FROM rooms ORDER BY code")
            .fetch_all(&self.pool)
            .await
            .map_err(failed("cannot read rooms"))?;
        rows.into_iter()
            .map(|row| {
                Ok((
                    row.try_get("code").map_err(failed("bad room row"))?,
                    row.try_get("version").map_err(failed("bad room row"))?,
                    row.try_get("state").map_err(failed("bad room row"))?,
                ))
            })
            .collect()
    }

    /// One room's stored state, if any.
    pub async fn room(&self, code: &str) -> Result<Option<(i64, String)>, StoreError> {
        let row = sqlx::query("SELECT version, state FROM rooms WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await
            .map_err(failed("cannot read a room"))?;
        row.map(|row| {
            Ok((
                row.try_get("version").map_err(failed("bad room row"))?,
                row.try_get("state").map_err(failed("bad room row"))?,
            ))
        })
        .transpose()
    }

    /// The saved-game JSON of game `id`.
    pub async fn game(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT game FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(failed("cannot read a game"))?;
        row.map(|row| row.try_get("game").map_err(failed("bad game row")))
            .transpose()
    }

    /// The game record `id` (names, times, result) without needing to parse its JSON.
    pub async fn game_record(&self, id: &str) -> Result<Option<GameRecord>, StoreError> {
        let row = sqlx::query(
            "SELECT id, room, white, black, variant, started_at_ms, ended_at_ms, result, reason, game \
             FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(failed("cannot read a game"))?;
        let Some(row) = row else { return Ok(None) };
        let bad = failed("bad game row");
        Ok(Some(GameRecord {
            id: row.try_get("id").map_err(&bad)?,
            room: row.try_get("room").map_err(&bad)?,
            white: row.try_get("white").map_err(&bad)?,
            black: row.try_get("black").map_err(&bad)?,
            variant: row.try_get("variant").map_err(&bad)?,
            started_at_ms: row.try_get("started_at_ms").map_err(&bad)?,
            ended_at_ms: row.try_get("ended_at_ms").map_err(&bad)?,
            result: row.try_get("result").map_err(&bad)?,
            reason: row.try_get("reason").map_err(&bad)?,
            game: row.try_get("game").map_err(&bad)?,
        }))
    }
}

/// Takes jobs as they come, commits all that are waiting in one transaction, then answers each.
async fn write_loop(pool: SqlitePool, mut jobs: mpsc::Receiver<Job>) {
    let mut batch: Vec<Job> = Vec::with_capacity(MAX_BATCH);
    while let Some(first) = jobs.recv().await {
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let outcome = commit_batch(&pool, &batch).await;
        for job in batch.drain(..) {
            let _ = job.done.send(outcome.clone());
        }
    }
}

async fn commit_batch(pool: &SqlitePool, batch: &[Job]) -> Result<(), StoreError> {
    let mut transaction = pool.begin().await.map_err(failed("cannot begin"))?;
    for write in batch.iter().flat_map(|job| &job.writes) {
        let query = match write {
            Write::Room {
                code,
                version,
                state,
                now_ms,
            } => sqlx::query(
                "INSERT INTO rooms (code, version, state, updated_at_ms) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (code) DO UPDATE SET version = excluded.version, \
                 state = excluded.state, updated_at_ms = excluded.updated_at_ms",
            )
            .bind(code)
            .bind(version)
            .bind(state)
            .bind(now_ms),
            Write::RemoveRoom { code } => {
                sqlx::query("DELETE FROM rooms WHERE code = $1").bind(code)
            }
            Write::Game(game) => sqlx::query(
                "INSERT INTO games (id, room, white, black, variant, started_at_ms, ended_at_ms, \
                 result, reason, game) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
                 ON CONFLICT (id) DO UPDATE SET white = excluded.white, black = excluded.black, \
                 ended_at_ms = excluded.ended_at_ms, result = excluded.result, \
                 reason = excluded.reason, game = excluded.game",
            )
            .bind(&game.id)
            .bind(&game.room)
            .bind(&game.white)
            .bind(&game.black)
            .bind(&game.variant)
            .bind(game.started_at_ms)
            .bind(game.ended_at_ms)
            .bind(&game.result)
            .bind(&game.reason)
            .bind(&game.game),
        };
        transaction
            .execute(query)
            .await
            .map_err(failed("cannot write"))?;
    }
    transaction.commit().await.map_err(failed("cannot commit"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_db(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("boardshift-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("test.db")
    }

    #[tokio::test]
    async fn committed_rooms_and_games_are_there_after_reopening() {
        let path = temp_db("reopen");
        {
            let store = Store::open(&path).await.unwrap();
            store
                .commit(vec![Write::Room {
                    code: "1234".into(),
                    version: 3,
                    state: "{\"a\":1}".into(),
                    now_ms: 10,
                }])
                .await
                .unwrap();
            store
                .commit(vec![
                    Write::Room {
                        code: "1234".into(),
                        version: 4,
                        state: "{\"a\":2}".into(),
                        now_ms: 11,
                    },
                    Write::Game(GameRecord {
                        id: "g1".into(),
                        room: "1234".into(),
                        white: Some("Ann".into()),
                        black: Some("Bob".into()),
                        variant: "standard".into(),
                        started_at_ms: 5,
                        ended_at_ms: Some(11),
                        result: "1-0".into(),
                        reason: Some("checkmate".into()),
                        game: "{}".into(),
                    }),
                ])
                .await
                .unwrap();
        }
        let store = Store::open(&path).await.unwrap();
        assert_eq!(
            store.rooms().await.unwrap(),
            vec![("1234".to_string(), 4, "{\"a\":2}".to_string())]
        );
        let record = store.game_record("g1").await.unwrap().unwrap();
        assert_eq!(record.result, "1-0");
        assert_eq!(record.white.as_deref(), Some("Ann"));
        assert!(store.game("nope").await.unwrap().is_none());
        store
            .commit(vec![Write::RemoveRoom {
                code: "1234".into(),
            }])
            .await
            .unwrap();
        assert!(store.rooms().await.unwrap().is_empty());
    }
}
