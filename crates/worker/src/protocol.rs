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

/// Analysis of one position: the game (saved-game JSON) taken back to `ply` plies (`None`:
/// its last position), searched for at most `time_ms` and, when `depth` is given, no deeper
/// (the post-game review's fixed budget, so that its verdicts do not depend on the machine).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalyseRequest {
    pub id: u32,
    pub game: String,
    pub ply: Option<usize>,
    pub time_ms: u32,
    #[serde(default)]
    pub depth: Option<u32>,
}

/// A short search of the game shown, asked once the page is idle, whose only purpose is that
/// the browser compiles the search's hot code before a player waits on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarmUpRequest {
    pub game: String,
    pub time_ms: u32,
}

/// What a warm-up did; it carries no `id`, so the page's move handler never takes it for a
/// move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarmUpReply {
    pub warmed_up: bool,
    pub nodes: u64,
    pub error: Option<String>,
}

/// How a request reaches the worker: an analysis is wrapped as `{"analyse": {...}}`, a
/// warm-up as `{"warm_up": {...}}`, the computer's move is a bare [`ThinkRequest`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum WorkerRequest {
    Analyse { analyse: AnalyseRequest },
    WarmUp { warm_up: WarmUpRequest },
    Think(ThinkRequest),
}

/// What the analysis has found so far (sent after every completed depth, then once with
/// `done`). Scores are from White's point of view.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AnalysisInfo {
    pub id: u32,
    pub depth: u32,
    /// Centipawns, White's view; a mate counts as ±100 00.
    pub white_cp: i32,
    /// Moves to mate: positive when White mates, negative when Black does.
    pub mate: Option<i32>,
    /// The expected line in the move list's notation, best move first.
    pub line: Vec<String>,
    /// The best move as move text (what the game plays).
    pub best: Option<String>,
    /// The best move's squares on the board shown (x, y from a1 = 0, 0), for highlights and
    /// arrows.
    pub from: Option<(u8, u8)>,
    pub to: Option<(u8, u8)>,
    pub done: bool,
    pub error: Option<String>,
}
