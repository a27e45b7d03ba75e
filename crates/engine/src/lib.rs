//! Search and evaluation for all four games, generic over `rules::GamePosition`.
//!
//! Entry points: [`think`] (one search with a fresh table) and [`Searcher`] (keeps its
//! transposition table between the moves of a game, has a stop flag, and can report each
//! iteration). Both take a [`SearchRequest`]: the position, the repetition keys of the game
//! so far, [`Limits`], a [`Level`], a seed and a [`TimeSource`]; both return a
//! [`SearchResult`]:
//!
//! ```ignore
//! // The keys of the positions before the current one, from the game record:
//! let history_keys: Vec<u64> =
//!     game.history().iter().map(|ply| ply.before.repetition_key()).collect();
//! let clock = StdClock::new();
//! let request = SearchRequest::new(game.position(), Level::Hard, &clock)
//!     .with_history(&history_keys)
//!     .with_limits(Limits::move_time(500))
//!     .with_seed(seed);
//! let result = engine::think(&request);
//! if let Some(mv) = result.best_move { /* play it */ }
//! ```
//!
//! In a browser worker, implement [`TimeSource`] over `performance.now()` and pass the
//! player's clock as [`Limits::clock`]; the search then budgets its own time (a fraction of
//! the remaining time plus most of the increment, with a reserve so it never flags).
//! `best_move` is `None` only when the game is over (no legal action). The same seed gives
//! the same choice at Easy and Medium, whose searches are limited by depth and nodes.
//!
//! Modules: `request` (what a search is asked and answers), `search` (the alpha-beta search,
//! with quiescence in `search/quiescence.rs`), `search_params` (its tuning numbers), `tt`
//! (transposition table), `ordering` (move ordering), `prefetch` (cache hints for the large
//! tables), `eval` (evaluation per variant), `time` (limits and clock management), `levels`,
//! `score` (mate-score conventions), `elo` (match statistics: Elo with error bars, SPRT),
//! `rng` (the seeded generator), `setup` (regroupment setup choices), `position` (the
//! [`SearchPosition`] trait the variants implement), `variants` (the variants as types, with
//! their positions searchable).

pub mod correction;
pub mod elo;
pub mod eval;
pub mod levels;
pub mod ordering;
pub mod position;
mod prefetch;
pub mod request;
pub mod rng;
pub mod score;
pub mod search;
pub mod search_params;
pub mod setup;
pub mod time;
pub mod tt;
pub mod variants;

pub use levels::Level;
pub use position::SearchPosition;
pub use request::{SearchInfo, SearchRequest, SearchResult};
pub use search::{think, Searcher, DEFAULT_TABLE_MB};
pub use search_params::MAX_PLY;
#[cfg(not(target_arch = "wasm32"))]
pub use time::StdClock;
pub use time::{Clock, FrozenClock, Limits, TimeSource};
