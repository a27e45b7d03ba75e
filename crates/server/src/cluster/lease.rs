//! Room leases in Redis: the key `boardshift:room:CODE:owner` names the node that owns a room
//! (its token `NODE/NONCE`) and expires unless that node renews it. Taking is set-if-absent with
//! an expiry; renewing and releasing are compare-and-act scripts, so a node never extends or
//! deletes a lease that another node holds now.

use redis::aio::ConnectionManager;
use redis::{RedisResult, Script};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::LazyLock;
use std::time::{Duration, Instant};

/// How long a lease lives without renewal; a dead owner's rooms are free after this.
pub const LEASE_TTL: Duration = Duration::from_secs(6);
/// How often an owner renews its leases (three tries within one lifetime).
pub const RENEW_EVERY: Duration = Duration::from_secs(2);
/// A lease is trusted locally for this much less than its lifetime after the renewal was sent,
/// so a node stops acting before Redis lets another node take the room.
const SAFETY_MARGIN: Duration = Duration::from_millis(1_500);

/// Renews the lease when this token holds it, or takes it back when nobody does (Redis lost
/// its keys in a restart); 0 when another token holds it.
static RENEW: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        "local current = redis.call('GET', KEYS[1]) \
         if current == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 \
         elseif not current then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 \
         else return 0 end",
    )
});

/// Deletes the lease only when this token holds it.
static RELEASE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) \
         else return 0 end",
    )
});

pub fn key(code: &str) -> String {
    format!("boardshift:room:{code}:owner")
}

/// The node named by a lease token.
pub fn node_of(token: &str) -> &str {
    token
        .rsplit_once('/')
        .map(|(node, _)| node)
        .unwrap_or(token)
}

/// A lease this node holds: its token (also written with each room state, see the store's
/// fencing) and until when it may act on it.
pub struct Lease {
    pub token: String,
    epoch: Instant,
    valid_until_ms: AtomicU64,
}

impl Lease {
    fn new(token: String, taken_at: Instant) -> Lease {
        let lease = Lease {
            token,
            epoch: taken_at,
            valid_until_ms: AtomicU64::new(0),
        };
        lease.extend(taken_at);
        lease
    }

    /// Whether this node may still act as the room's owner.
    pub fn valid(&self) -> bool {
        (self.epoch.elapsed().as_millis() as u64) < self.valid_until_ms.load(Ordering::Acquire)
    }

    /// A renewal sent at `sent_at` succeeded.
    pub fn extend(&self, sent_at: Instant) {
        let until = sent_at.saturating_duration_since(self.epoch) + LEASE_TTL - SAFETY_MARGIN;
        self.valid_until_ms
            .fetch_max(until.as_millis() as u64, Ordering::AcqRel);
    }

    /// The lease is known to be lost.
    pub fn lose(&self) {
        self.valid_until_ms.store(0, Ordering::Release);
    }
}

/// Takes the room's lease for `node` when nobody holds it.
pub async fn acquire(
    redis: &mut ConnectionManager,
    code: &str,
    node: &str,
) -> RedisResult<Option<Lease>> {
    let token = format!("{node}/{:016x}", crate::hub::random_u64());
    let sent_at = Instant::now();
    let set: Option<String> = redis::cmd("SET")
        .arg(key(code))
        .arg(&token)
        .arg("NX")
        .arg("PX")
        .arg(LEASE_TTL.as_millis() as u64)
        .query_async(redis)
        .await?;
    Ok(set.map(|_| Lease::new(token, sent_at)))
}

/// Takes over a lease that names this node but an earlier run of it (the node restarted
/// within the lease's lifetime); `None` when the key changed meanwhile.
pub async fn take_back(
    redis: &mut ConnectionManager,
    code: &str,
    node: &str,
    stale: &str,
) -> RedisResult<Option<Lease>> {
    release(redis, code, stale).await?;
    acquire(redis, code, node).await
}

/// The token holding the room's lease, if any.
pub async fn holder(redis: &mut ConnectionManager, code: &str) -> RedisResult<Option<String>> {
    redis::cmd("GET").arg(key(code)).query_async(redis).await
}

/// Renews `lease`; `Ok(false)` when another node holds the room now.
pub async fn renew(redis: &mut ConnectionManager, code: &str, lease: &Lease) -> RedisResult<bool> {
    let sent_at = Instant::now();
    let renewed: i64 = RENEW
        .key(key(code))
        .arg(&lease.token)
        .arg(LEASE_TTL.as_millis() as u64)
        .invoke_async(redis)
        .await?;
    if renewed == 1 {
        lease.extend(sent_at);
    }
    Ok(renewed == 1)
}

/// Gives the lease up if `token` still holds it.
pub async fn release(redis: &mut ConnectionManager, code: &str, token: &str) -> RedisResult<()> {
    let _: i64 = RELEASE
        .key(key(code))
        .arg(token)
        .invoke_async(redis)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lease_is_trusted_for_less_than_its_lifetime() {
        let taken = Instant::now();
        let lease = Lease::new("n1/00".into(), taken);
        assert!(lease.valid());
        assert_eq!(node_of(&lease.token), "n1");
        lease.lose();
        assert!(!lease.valid());
        lease.extend(taken);
        assert!(lease.valid());
        // A renewal sent long ago (the node was paused) does not make the lease valid now.
        let paused = Lease::new("n1/01".into(), taken);
        paused.valid_until_ms.store(1, Ordering::Release);
        std::thread::sleep(Duration::from_millis(5));
        assert!(!paused.valid());
    }
}
