//! Durable storage through sqlx: the live rooms (their whole state, rewritten with every
//! accepted event) and the games, in SQLite on one node or PostgreSQL shared by several. Writes
//! from all rooms go through one writer task that commits them together (group commit), so a
//! caller learns its write is on disk only after the transaction holding it committed, while
//! thousands of rooms share one commit.
//!
//! Both databases go through sqlx's `Any` driver with the same migrations and the same
//! statements: plain SQL with `$N` binds, which SQLite and PostgreSQL both accept.

use sqlx::any::AnyPoolOptions;
use sqlx::AnyPool;
use sqlx::{Executor, Row};
use std::path::Path;
use tokio::sync::{mpsc, oneshot};

/// Most writes committed in one transaction.
const MAX_BATCH: usize = 512;

/// Why a commit of a room was refused: its row names another owner or a later event, so
/// another node has taken the room over.
pub const FENCED: &str = "taken over by another node";

/// A failed database operation, with what was being done.
#[derive(Debug, Clone)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

impl StoreError {
    /// Whether the write was refused because another node holds the room now.
    pub fn is_fenced(&self) -> bool {
        self.0.ends_with(FENCED)
    }
}

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
    /// A room's state after its event `version`, written under the lease `owner` (empty on a
    /// single node). Refused unless the stored row names the same owner and no later event.
    Room {
        code: String,
        version: i64,
        state: String,
        now_ms: i64,
        owner: String,
    },
    /// A room that no longer exists (removed only while `owner` still holds it).
    RemoveRoom { code: String, owner: String },
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
    pool: AnyPool,
    jobs: mpsc::Sender<Job>,
}

/// Settings every SQLite connection gets. In WAL mode `synchronous = NORMAL` keeps every
/// committed transaction across a crash of the process (the kind of failure rooms must
/// survive); only a power cut can lose the last ones.
const SQLITE_SETTINGS: &str =
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;";

/// Settings every PostgreSQL connection gets. A node frozen in the middle of a commit (a paused
/// VM, a stalled host) would otherwise hold its room's row locked for as long as its connection
/// lives, and the node that takes the room over would wait on that lock instead of serving the
/// players; the database ends such a session after a few idle seconds. The write loop never
/// leaves a transaction idle between its statements, and a node that lost the room for so long
/// has lost its lease too (a lease lives 6 s), so nothing it would still commit is wanted.
pub const POSTGRES_SETTINGS: &str = "SET idle_in_transaction_session_timeout = 5000";

impl Store {
    /// Opens (creating if needed) the SQLite database at `path`, in WAL mode, and brings its
    /// schema up to date.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        Store::connect(&format!("sqlite://{}?mode=rwc", path.display())).await
    }

    /// Opens the database at `url` — `sqlite://PATH?mode=rwc` or `postgres://USER@HOST/DB` —
    /// and brings its schema up to date.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let shown = without_password(url);
        let settings = if sqlite {
            SQLITE_SETTINGS
        } else {
            POSTGRES_SETTINGS
        };
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 8 })
            .after_connect(move |connection, _| {
                Box::pin(async move {
                    connection.execute(settings).await?;
                    Ok(())
                })
            })
            .connect(url)
            .await
            .map_err(|error| StoreError(format!("cannot open database {shown}: {error}")))?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|error| StoreError(format!("cannot migrate {shown}: {error}")))?;
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

    /// Makes `owner` the room's writer, provided its row is still at event `version` (the state
    /// the new owner loaded); `false` when the row moved on or is gone (load it again).
    pub async fn claim(&self, code: &str, version: i64, owner: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE rooms SET owner = $1 WHERE code = $2 AND version = $3")
            .bind(owner)
            .bind(code)
            .bind(version)
            .execute(&self.pool)
            .await
            .map_err(failed("cannot claim a room"))?;
        Ok(done.rows_affected() == 1)
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

/// `url` with any password replaced by `***`, for messages.
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    match rest.split_once('@') {
        Some((user_info, host)) => {
            let user = user_info.split(':').next().unwrap_or_default();
            if user_info.contains(':') {
                format!("{scheme}://{user}:***@{host}")
            } else {
                url.to_string()
            }
        }
        None => url.to_string(),
    }
}

/// Takes jobs as they come, commits all that are waiting in one transaction, then answers each.
/// A room's write was refused (see [`FENCED`]): the whole batch is rolled back and committed
/// again without the jobs writing those rooms, which are answered with the refusal.
async fn write_loop(pool: AnyPool, mut jobs: mpsc::Receiver<Job>) {
    let mut batch: Vec<Job> = Vec::with_capacity(MAX_BATCH);
    while let Some(first) = jobs.recv().await {
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let outcome = loop {
            match commit_batch(&pool, &batch).await {
                Err(Refusal::Fenced(codes)) => {
                    let (refused, kept): (Vec<Job>, Vec<Job>) = batch.drain(..).partition(|job| {
                        job.writes.iter().any(|write| {
                                matches!(write, Write::Room { code, .. } if codes.contains(code))
                            })
                    });
                    for job in refused {
                        let _ = job.done.send(Err(StoreError(format!(
                            "room {}: {FENCED}",
                            codes.join(", ")
                        ))));
                    }
                    batch = kept;
                    if batch.is_empty() {
                        break Ok(());
                    }
                }
                Err(Refusal::Failed(error)) => break Err(error),
                Ok(()) => break Ok(()),
            }
        };
        for job in batch.drain(..) {
            let _ = job.done.send(outcome.clone());
        }
    }
}

/// Why a batch did not commit.
enum Refusal {
    /// These rooms' rows belong to another owner or a later event.
    Fenced(Vec<String>),
    Failed(StoreError),
}

impl From<StoreError> for Refusal {
    fn from(error: StoreError) -> Self {
        Refusal::Failed(error)
    }
}

async fn commit_batch(pool: &AnyPool, batch: &[Job]) -> Result<(), Refusal> {
    let mut transaction = pool.begin().await.map_err(failed("cannot begin"))?;
    // Room states are written many rows to a statement (only each room's latest), since every
    // statement is a round trip to the database thread; other writes keep their order after
    // the room states queued before them.
    let mut rooms: Vec<&Write> = Vec::new();
    for write in batch.iter().flat_map(|job| &job.writes) {
        match write {
            Write::Room { code, .. } => {
                rooms.retain(|queued| !matches!(queued, Write::Room { code: c, .. } if c == code));
                rooms.push(write);
            }
            other => {
                upsert_rooms(&mut transaction, &rooms).await?;
                rooms.clear();
                execute_one(&mut transaction, other).await?;
            }
        }
    }
    upsert_rooms(&mut transaction, &rooms).await?;
    Ok(transaction
        .commit()
        .await
        .map_err(failed("cannot commit"))?)
}

/// Rows per multi-row room upsert (5 binds each, far below SQLite's bind limit).
const ROOMS_PER_STATEMENT: usize = 128;

/// Writes room states; the rows of rooms another owner holds (or that hold a later event) are
/// left alone and named in [`Refusal::Fenced`].
async fn upsert_rooms(
    transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
    rooms: &[&Write],
) -> Result<(), Refusal> {
    for chunk in rooms.chunks(ROOMS_PER_STATEMENT) {
        let mut sql =
            String::from("INSERT INTO rooms (code, version, state, updated_at_ms, owner) VALUES ");
        for index in 0..chunk.len() {
            let first = index * 5 + 1;
            if index > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&format!(
                "(${}, ${}, ${}, ${}, ${})",
                first,
                first + 1,
                first + 2,
                first + 3,
                first + 4
            ));
        }
        sql.push_str(
            " ON CONFLICT (code) DO UPDATE SET version = excluded.version, \
             state = excluded.state, updated_at_ms = excluded.updated_at_ms \
             WHERE rooms.owner = excluded.owner AND rooms.version <= excluded.version \
             RETURNING code",
        );
        // Only placeholders are generated here; every value is bound.
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for write in chunk {
            if let Write::Room {
                code,
                version,
                state,
                now_ms,
                owner,
            } = write
            {
                query = query
                    .bind(code)
                    .bind(version)
                    .bind(state)
                    .bind(now_ms)
                    .bind(owner);
            }
        }
        let written = transaction
            .fetch_all(query)
            .await
            .map_err(failed("cannot write rooms"))?;
        let written: Vec<String> = written
            .iter()
            .filter_map(|row| row.try_get::<String, _>("code").ok())
            .collect();
        let fenced: Vec<String> = chunk
            .iter()
            .filter_map(|write| match write {
                Write::Room { code, .. } if !written.contains(code) => Some(code.clone()),
                _ => None,
            })
            .collect();
        if !fenced.is_empty() {
            return Err(Refusal::Fenced(fenced));
        }
    }
    Ok(())
}

async fn execute_one(
    transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
    write: &Write,
) -> Result<(), Refusal> {
    let query = match write {
        Write::Room { .. } => return upsert_rooms(transaction, &[write]).await,
        Write::RemoveRoom { code, owner } => {
            sqlx::query("DELETE FROM rooms WHERE code = $1 AND owner = $2")
                .bind(code)
                .bind(owner)
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
    Ok(())
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
                    owner: String::new(),
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
                        owner: String::new(),
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
        // Several states of one room in one transaction: the last one is what is stored.
        let state = |version: i64| Write::Room {
            code: "1234".into(),
            version,
            state: format!("{{\"v\":{version}}}"),
            now_ms: 20,
            owner: String::new(),
        };
        store.commit(vec![state(5), state(6)]).await.unwrap();
        assert_eq!(
            store.room("1234").await.unwrap(),
            Some((6, "{\"v\":6}".to_string()))
        );
        store
            .commit(vec![
                state(7),
                Write::RemoveRoom {
                    code: "1234".into(),
                    owner: String::new(),
                },
            ])
            .await
            .unwrap();
        assert!(store.rooms().await.unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_room_taken_over_refuses_the_old_owners_writes_and_others_still_commit() {
        let store = Store::open(&temp_db("fence")).await.unwrap();
        let write = |code: &str, version: i64, owner: &str| Write::Room {
            code: code.into(),
            version,
            state: format!("{{\"by\":\"{owner}\",\"v\":{version}}}"),
            now_ms: 1,
            owner: owner.into(),
        };
        store.commit(vec![write("r1", 1, "a")]).await.unwrap();
        store.commit(vec![write("r1", 2, "a")]).await.unwrap();
        // Node b loaded event 2 and takes the room over; a claim on a stale event fails.
        assert!(!store.claim("r1", 1, "b").await.unwrap());
        assert!(store.claim("r1", 2, "b").await.unwrap());
        // The old owner can write neither the next event nor the same one again, while another
        // room's write that shares its job's batch commits.
        let (refused, other) = tokio::join!(
            store.commit(vec![write("r1", 3, "a")]),
            store.commit(vec![write("r2", 1, "a")])
        );
        assert!(refused.unwrap_err().is_fenced());
        other.unwrap();
        assert!(store
            .commit(vec![write("r1", 2, "a")])
            .await
            .unwrap_err()
            .is_fenced());
        store.commit(vec![write("r1", 3, "b")]).await.unwrap();
        // Nobody writes an event older than the stored one.
        assert!(store
            .commit(vec![write("r1", 2, "b")])
            .await
            .unwrap_err()
            .is_fenced());
        assert_eq!(
            store.room("r1").await.unwrap(),
            Some((3, "{\"by\":\"b\",\"v\":3}".to_string()))
        );
        assert_eq!(store.room("r2").await.unwrap().unwrap().0, 1);
    }
}
