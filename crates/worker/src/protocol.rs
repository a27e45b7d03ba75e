//! What the page and the worker say to each other, as JSON text. Both sides use these types:
//! the page's crate depends on this crate without its wasm entry.

use serde::{Deserialize, Serialize};

/// What the page asks: the game so far (saved-game JSON), the level and the time to use.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThinkRequest {
    pub id: u32,
    pub game: String,
    pub level: String,
    pub move_time_ms: u32,
    pub seed: u64,
}

/// The answer: the move text to play, or why there is none. `id` echoes the request's, so the
/// page ignores answers to positions it has left (undo, new game).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ThinkReply {
    pub id: u32,
    pub text: Option<String>,
    pub error: Option<String>,
}
