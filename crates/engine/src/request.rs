//! What a search is asked and what it answers: [`SearchRequest`] in, [`SearchResult`] out,
//! and [`SearchInfo`] after each completed iteration.

use crate::levels::Level;
use crate::time::{Limits, TimeSource};

/// What to search: the position and everything else that shapes the search of it.
///
/// ```ignore
/// let request = SearchRequest::new(&position, Level::Hard, &StdClock::new())
///     .with_history(&keys)
///     .with_limits(Limits::move_time(500))
///     .with_seed(seed);
/// let result = engine::think(&request);
/// ```
#[derive(Clone, Copy)]
pub struct SearchRequest<'a, P> {
    pub position: &'a P,
    /// The `repetition_key`s of the game's earlier positions, oldest first (the current
    /// position may be included as the last one).
    pub history_keys: &'a [u64],
    /// Limits on top of the level's own.
    pub limits: Limits,
    pub level: Level,
    /// Makes the level's deliberate imprecision reproducible.
    pub seed: u64,
    pub time: &'a dyn TimeSource,
}

impl<'a, P> SearchRequest<'a, P> {
    /// A search of `position` at `level`, timed by `time`: no earlier positions, no limits
    /// beyond the level's, seed 0.
    pub fn new(position: &'a P, level: Level, time: &'a dyn TimeSource) -> SearchRequest<'a, P> {
        SearchRequest {
            position,
            history_keys: &[],
            limits: Limits::default(),
            level,
            seed: 0,
            time,
        }
    }

    pub fn with_history(self, history_keys: &'a [u64]) -> SearchRequest<'a, P> {
        SearchRequest {
            history_keys,
            ..self
        }
    }

    pub fn with_limits(self, limits: Limits) -> SearchRequest<'a, P> {
        SearchRequest { limits, ..self }
    }

    pub fn with_seed(self, seed: u64) -> SearchRequest<'a, P> {
        SearchRequest { seed, ..self }
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// `None` only when the side to move has no legal action (the game is over).
    pub best_move: Option<M>,
    /// Centipawns from the side to move's view; mates as in [`crate::score`].
    pub score: i32,
    /// The last fully searched depth.
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    /// The expected line, starting with `best_move`.
    pub pv: Vec<M>,
    pub elapsed_ms: f64,
}

/// Progress after each completed iteration (what UCI prints as `info`).
#[derive(Clone, Debug)]
pub struct SearchInfo<'a, M> {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub nodes: u64,
    pub elapsed_ms: f64,
    pub pv: &'a [M],
    pub hashfull: u32,
}
