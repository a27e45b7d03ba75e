//! The lobby every node lists: the public rooms' summaries in the Redis hash
//! `boardshift:open-rooms` (field: the room's code; value: `{"owner": LEASE TOKEN, "summary":
//! …}`), so that `GET /api/rooms` answers the same whichever node is asked.
//!
//! Only a room's owner writes its entry, through one writer task per node that applies the
//! updates in the order the rooms made them. A write lands only while the writer's lease still
//! holds the room, and an entry is removed only by the lease that wrote it, so a node that lost
//! a room to another never overwrites or deletes the new owner's entry. The writer writes its
//! rooms' entries again every [`REFRESH_EVERY`], which brings them back after Redis lost its
//! memory and repairs any write that failed.

use super::lease;
use boardshift_rooms::protocol::RoomCode;
use redis::aio::ConnectionManager;
use redis::{RedisResult, Script};
use std::collections::{BTreeMap, HashMap};
use std::sync::LazyLock;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// The hash holding every node's public rooms.
pub const KEY: &str = "boardshift:open-rooms";
/// How often a node writes its rooms' entries again.
pub const REFRESH_EVERY: Duration = lease::RENEW_EVERY;

/// Sets the room's entry only while this token holds the room's lease.
static WRITE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        "if redis.call('GET', KEYS[1]) == ARGV[1] then \
           redis.call('HSET', KEYS[2], ARGV[2], ARGV[3]) return 1 \
         else return 0 end",
    )
});

/// Deletes the room's entry only when this token wrote it.
static REMOVE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        "local entry = redis.call('HGET', KEYS[1], ARGV[1]) \
         if not entry then return 0 end \
         local ok, decoded = pcall(cjson.decode, entry) \
         if ok and type(decoded) == 'table' and decoded['owner'] == ARGV[2] then \
           return redis.call('HDEL', KEYS[1], ARGV[1]) \
         end \
         return 0",
    )
});

/// What a room task tells the writer.
pub enum Update {
    /// The room's summary is now this (under the lease `token`).
    Listed {
        code: RoomCode,
        token: String,
        summary: serde_json::Value,
    },
    /// The room stopped here; `done` is told once the removal was tried.
    Unlisted {
        code: RoomCode,
        token: String,
        done: oneshot::Sender<()>,
    },
}

impl Update {
    fn code(&self) -> &RoomCode {
        match self {
            Update::Listed { code, .. } | Update::Unlisted { code, .. } => code,
        }
    }
}

/// The value stored for a room.
fn entry(token: &str, summary: &serde_json::Value) -> String {
    serde_json::json!({ "owner": token, "summary": summary }).to_string()
}

async fn write(
    redis: &mut ConnectionManager,
    code: &RoomCode,
    token: &str,
    entry: &str,
) -> RedisResult<()> {
    let _: i64 = WRITE
        .key(lease::key(code.as_str()))
        .key(KEY)
        .arg(token)
        .arg(code.as_str())
        .arg(entry)
        .invoke_async(redis)
        .await?;
    Ok(())
}

async fn remove(redis: &mut ConnectionManager, code: &RoomCode, token: &str) -> RedisResult<()> {
    let _: i64 = REMOVE
        .key(KEY)
        .arg(code.as_str())
        .arg(token)
        .invoke_async(redis)
        .await?;
    Ok(())
}

/// The writer task of one node: applies `updates` in order until the node's cluster is gone.
/// Updates waiting together are applied at once, a room's summary superseded by a later update
/// of the same room being skipped.
pub async fn write_updates(
    mut redis: ConnectionManager,
    mut updates: mpsc::UnboundedReceiver<Update>,
) {
    // This node's public rooms: their lease token and entry, written again at each refresh.
    let mut listed: HashMap<RoomCode, (String, String)> = HashMap::new();
    // Removals that failed (Redis unreachable), tried again at each refresh.
    let mut unlisting: HashMap<RoomCode, String> = HashMap::new();
    let mut refresh = tokio::time::interval(REFRESH_EVERY);
    refresh.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut batch = Vec::new();
    loop {
        tokio::select! {
            update = updates.recv() => {
                let Some(update) = update else { return };
                batch.push(update);
                while let Ok(update) = updates.try_recv() {
                    batch.push(update);
                }
                apply(&mut redis, &mut listed, &mut unlisting, &mut batch).await;
            }
            _ = refresh.tick() => {
                for (code, (token, entry)) in &listed {
                    let _ = write(&mut redis, code, token, entry).await;
                }
                let mut removed = Vec::new();
                for (code, token) in &unlisting {
                    if remove(&mut redis, code, token).await.is_ok() {
                        removed.push(code.clone());
                    }
                }
                for code in removed {
                    unlisting.remove(&code);
                }
            }
        }
    }
}

async fn apply(
    redis: &mut ConnectionManager,
    listed: &mut HashMap<RoomCode, (String, String)>,
    unlisting: &mut HashMap<RoomCode, String>,
    batch: &mut Vec<Update>,
) {
    let last: HashMap<RoomCode, usize> = batch
        .iter()
        .enumerate()
        .map(|(index, update)| (update.code().clone(), index))
        .collect();
    for (index, update) in batch.drain(..).enumerate() {
        match update {
            Update::Listed {
                code,
                token,
                summary,
            } => {
                if last.get(&code) != Some(&index) {
                    continue;
                }
                let entry = entry(&token, &summary);
                // A failed write is made again at the next refresh.
                let _ = write(redis, &code, &token, &entry).await;
                listed.insert(code, (token, entry));
            }
            Update::Unlisted { code, token, done } => {
                if listed.get(&code).is_some_and(|(held, _)| *held == token) {
                    listed.remove(&code);
                }
                match remove(redis, &code, &token).await {
                    Ok(()) => {
                        unlisting.remove(&code);
                    }
                    Err(_) => {
                        unlisting.insert(code, token);
                    }
                }
                let _ = done.send(());
            }
        }
    }
}

/// Every node's public rooms, by code, as Redis holds them.
pub async fn read(
    redis: &mut ConnectionManager,
) -> RedisResult<BTreeMap<String, serde_json::Value>> {
    let entries: HashMap<String, String> =
        redis::cmd("HGETALL").arg(KEY).query_async(redis).await?;
    Ok(summaries(entries))
}

/// The summaries of the stored entries; an entry that is not one (written by something else)
/// is left out.
fn summaries(entries: HashMap<String, String>) -> BTreeMap<String, serde_json::Value> {
    entries
        .into_iter()
        .filter_map(|(code, value)| {
            let mut value: serde_json::Value = serde_json::from_str(&value).ok()?;
            let summary = value.get_mut("summary")?.take();
            summary.is_object().then_some((code, summary))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_hold_the_owner_and_the_summary_and_junk_is_left_out() {
        let summary = serde_json::json!({"code": "open", "online": 2});
        let written = entry("a/0123", &summary);
        let stored: serde_json::Value = serde_json::from_str(&written).unwrap();
        assert_eq!(stored["owner"], "a/0123");
        let entries = HashMap::from([
            ("open".to_string(), written),
            ("junk".to_string(), "not json".to_string()),
            ("bare".to_string(), "{\"owner\":\"b/1\"}".to_string()),
        ]);
        let read = summaries(entries);
        assert_eq!(read.len(), 1);
        assert_eq!(read["open"], summary);
    }
}
