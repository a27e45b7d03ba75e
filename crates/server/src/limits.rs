//! Per-address limits on room creation and on failed joins. Failed joins are what a PIN guesser
//! produces, so once an address has used up its failed joins, every join to a PIN room from it is
//! refused (`nack rate`) until the budget refills — a right guess then gets the same answer as a
//! wrong one and is worth nothing.

use crate::config::Limits;
use crate::http::AddressKey;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The per-address limiters shared by every connection.
pub struct AddressLimits {
    creations: DefaultKeyedRateLimiter<AddressKey>,
    failed_joins: DefaultKeyedRateLimiter<AddressKey>,
    blocked_until: Mutex<HashMap<AddressKey, Instant>>,
}

fn per_minute(per_minute: u32, burst: u32) -> Quota {
    let per_minute = NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN);
    let burst = NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN);
    Quota::per_minute(per_minute).allow_burst(burst)
}

impl AddressLimits {
    pub fn new(limits: &Limits) -> AddressLimits {
        AddressLimits {
            creations: RateLimiter::keyed(per_minute(limits.rooms_per_minute, limits.room_burst)),
            failed_joins: RateLimiter::keyed(per_minute(
                limits.failed_joins_per_minute,
                limits.failed_join_burst,
            )),
            blocked_until: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `address` may create one more room now (counts it when yes).
    pub fn may_create(&self, address: IpAddr) -> bool {
        self.creations.check_key(&AddressKey::of(address)).is_ok()
    }

    /// Whether joins from `address` are refused because of too many failed ones.
    pub fn joins_blocked(&self, address: IpAddr) -> bool {
        let key = AddressKey::of(address);
        let mut blocked = self.blocked_until.lock().unwrap_or_else(|e| e.into_inner());
        match blocked.get(&key) {
            Some(until) if *until > Instant::now() => true,
            Some(_) => {
                blocked.remove(&key);
                false
            }
            None => false,
        }
    }

    /// Counts a failed join from `address`; past the budget the address is blocked until it
    /// earns one more try.
    pub fn failed_join(&self, address: IpAddr) {
        let key = AddressKey::of(address);
        if let Err(not_until) = self.failed_joins.check_key(&key) {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            let mut blocked = self.blocked_until.lock().unwrap_or_else(|e| e.into_inner());
            blocked.insert(key, Instant::now() + wait.max(Duration::from_secs(1)));
        }
    }

    /// Forgets addresses whose budgets are full again, so the tables do not grow without bound.
    pub fn sweep(&self) {
        self.creations.retain_recent();
        self.failed_joins.retain_recent();
        let now = Instant::now();
        self.blocked_until
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|_, until| *until > now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guesser_is_blocked_after_its_failed_join_budget_and_others_are_not() {
        let limits = Limits::default();
        let table = AddressLimits::new(&limits);
        let guesser: IpAddr = "192.0.2.7".parse().unwrap();
        let neighbour: IpAddr = "192.0.2.8".parse().unwrap();
        for _ in 0..limits.failed_join_burst {
            assert!(!table.joins_blocked(guesser));
            table.failed_join(guesser);
        }
        assert!(
            !table.joins_blocked(guesser),
            "the budget is used, not exceeded"
        );
        table.failed_join(guesser);
        assert!(table.joins_blocked(guesser));
        assert!(!table.joins_blocked(neighbour));
    }

    #[test]
    fn room_creation_has_a_burst_then_stops() {
        let limits = Limits::default();
        let table = AddressLimits::new(&limits);
        let host: IpAddr = "198.51.100.1".parse().unwrap();
        for _ in 0..limits.room_burst {
            assert!(table.may_create(host));
        }
        assert!(!table.may_create(host));
    }
}
