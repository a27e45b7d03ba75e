//! A node frozen in the middle of a commit on PostgreSQL: its transaction holds the room's row
//! locked, and the node taking the room over must not wait on that lock for longer than the
//! store's session settings allow. In CI a missing PostgreSQL fails this test instead of
//! skipping it.

mod common;

use boardshift_server::store::{Store, Write, POSTGRES_SETTINGS};
use common::services;
use sqlx::{AnyConnection, Connection, Executor};
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_commit_frozen_mid_transaction_holds_up_the_takeover_only_for_seconds() {
    let Some(services) = services::services("frozen_owner") else {
        return;
    };
    let database = services.fresh_database("frozen_owner").await;
    let store = Store::connect(&database).await.expect("the store opens");
    store
        .commit(vec![Write::Room {
            code: "frozen".into(),
            version: 3,
            state: "{}".into(),
            now_ms: 0,
            owner: "a:1".into(),
        }])
        .await
        .expect("the first owner commits");

    // The frozen owner: a session with the store's settings that locked the row mid-commit and
    // then stopped sending anything.
    let mut frozen = AnyConnection::connect(&database).await.expect("connects");
    frozen.execute(POSTGRES_SETTINGS).await.expect("settings");
    frozen.execute("BEGIN").await.expect("begins");
    frozen
        .execute("UPDATE rooms SET updated_at_ms = 1 WHERE code = 'frozen'")
        .await
        .expect("locks the row");

    let started = Instant::now();
    let claimed = tokio::time::timeout(Duration::from_secs(30), store.claim("frozen", 3, "b:1"))
        .await
        .expect("the takeover is not held up for good")
        .expect("the claim runs");
    let waited = started.elapsed();
    assert!(
        claimed,
        "the new owner claims the row at the version it loaded"
    );
    // It did wait on the lock (so the test holds one), but only as long as the settings allow.
    assert!(waited >= Duration::from_secs(3), "waited only {waited:?}");
    assert!(waited < Duration::from_secs(15), "waited {waited:?}");
    // The frozen session was ended: whatever it would still commit is lost, as it should be.
    assert!(frozen.execute("COMMIT").await.is_err());
}
