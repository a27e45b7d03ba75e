//! Search and evaluation for all four games, generic over `rules::GamePosition`.
//!
//! Entry points: [`think`] (one search with a fresh table) and [`Searcher`] (keeps its
//! transposition table between the moves of a game, and has a stop flag). Both take the
//! position, the repetition keys of the game so far, [`Limits`], a [`Level`], a seed and a
//! [`TimeSource`], and return a [`SearchResult`]:
//!
//! ```ignore
//! let result = engine::think(&position, &history_keys, &Limits::move_time(500),
//!                            Level::Hard, 1, &StdClock::new());
//! if let Some(mv) = result.best_move { /* play it */ }
//! ```
//!
//! Modules: `search` (the alpha-beta search), `tt` (transposition table), `ordering` (move
//! ordering), `eval` (evaluation per variant), `time` (limits and clock management), `levels`,
//! `score` (mate-score conventions), `rng` (the seeded generator), `setup` (regroupment
//! setup choices), `position` (the [`SearchPosition`] trait the variants implement).

pub mod eval;
pub mod levels;
pub mod ordering;
pub mod position;
pub mod rng;
pub mod score;
pub mod search;
pub mod setup;
pub mod time;
pub mod tt;

pub use levels::Level;
pub use position::SearchPosition;
pub use search::{think, SearchInfo, SearchResult, Searcher, DEFAULT_TABLE_MB, MAX_PLY};
#[cfg(not(target_arch = "wasm32"))]
pub use time::StdClock;
pub use time::{Clock, FrozenClock, Limits, TimeSource};
