//! Search limits and time management, with the clock injected through [`TimeSource`] so the
//! same search runs natively (`std::time::Instant`) and in a browser worker
//! (`performance.now()`).

/// A monotonic clock in milliseconds.
pub trait TimeSource {
    fn now_ms(&self) -> f64;
}

/// The native clock.
#[cfg(not(target_arch = "wasm32"))]
pub struct StdClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl StdClock {
    pub fn new() -> StdClock {
        StdClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for StdClock {
    fn default() -> Self {
        StdClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl TimeSource for StdClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// A clock that never advances: for searches limited only by depth or nodes, which are then
/// fully deterministic.
pub struct FrozenClock;

impl TimeSource for FrozenClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// The player's clock at the moment the search starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub remaining_ms: u64,
    pub increment_ms: u64,
    /// Moves until the next time control, when the control has one.
    pub moves_to_go: Option<u32>,
}

/// What stops a search. Every limit given applies; none given (and `infinite` false) means the
/// level's own limits decide.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub move_time_ms: Option<u64>,
    pub clock: Option<Clock>,
    /// Search until stopped (the stop flag), ignoring the level's limits.
    pub infinite: bool,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    pub fn move_time(ms: u64) -> Limits {
        Limits {
            move_time_ms: Some(ms),
            ..Limits::default()
        }
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// Time left to a search, in milliseconds from its start.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeBudget {
    /// Do not start another iteration after this.
    pub soft_ms: f64,
    /// Abort the search at once after this.
    pub hard_ms: f64,
}

/// Reserved for the time between the search ending and the move reaching the clock (message
/// passing, rendering, the GUI's own lag).
const OVERHEAD_MS: f64 = 30.0;

/// Kept back from a fixed time per move: just the time to send the move. A fixed time per
/// move is the time to think (UCI's `movetime` means searching exactly that long), not a
/// clock that can fall, so the clock's reserve does not apply.
const MOVE_TIME_RESERVE_MS: f64 = 1.0;

impl TimeBudget {
    pub const UNLIMITED: TimeBudget = TimeBudget {
        soft_ms: f64::INFINITY,
        hard_ms: f64::INFINITY,
    };

    /// The budget for these limits; `UNLIMITED` when no time limit is given.
    pub fn for_limits(limits: &Limits) -> TimeBudget {
        let mut budget = TimeBudget::UNLIMITED;
        if limits.infinite {
            return budget;
        }
        if let Some(clock) = limits.clock {
            budget = TimeBudget::for_clock(clock);
        }
        if let Some(ms) = limits.move_time_ms {
            let ms = (ms as f64 - MOVE_TIME_RESERVE_MS).max(1.0);
            budget.soft_ms = budget.soft_ms.min(ms);
            budget.hard_ms = budget.hard_ms.min(ms);
        }
        budget
    }

    /// Spend about a 1/25th of the remaining time plus most of the increment, never more than
    /// a fifth of what is left, keeping an overhead reserve so the flag never falls.
    fn for_clock(clock: Clock) -> TimeBudget {
        let remaining = (clock.remaining_ms as f64 - OVERHEAD_MS).max(1.0);
        let moves_left = clock
            .moves_to_go
            .map_or(25.0, |m| (m.max(1) as f64).min(25.0));
        let increment = clock.increment_ms as f64;
        let target = remaining / moves_left + increment * 0.75;
        let hard_cap = if clock.moves_to_go == Some(1) {
            remaining * 0.8
        } else {
            remaining * 0.2
        };
        let soft = target.min(hard_cap).max(1.0);
        let hard = (soft * 3.0).min(hard_cap.max(soft)).max(1.0);
        TimeBudget {
            soft_ms: soft * 0.6,
            hard_ms: hard,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_never_approaches_the_remaining_time() {
        for remaining in [50u64, 200, 1_000, 10_000, 180_000] {
            for increment in [0u64, 100, 2_000] {
                let limits = Limits {
                    clock: Some(Clock {
                        remaining_ms: remaining,
                        increment_ms: increment,
                        moves_to_go: None,
                    }),
                    ..Limits::default()
                };
                let budget = TimeBudget::for_limits(&limits);
                assert!(budget.soft_ms <= budget.hard_ms);
                assert!(budget.hard_ms <= (remaining as f64 * 0.2).max(1.0));
            }
        }
    }

    #[test]
    fn move_time_caps_the_clock() {
        let limits = Limits {
            move_time_ms: Some(100),
            clock: Some(Clock {
                remaining_ms: 600_000,
                increment_ms: 0,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        assert!(TimeBudget::for_limits(&limits).hard_ms <= 100.0);
    }
}
