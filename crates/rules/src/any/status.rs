//! What the facade reports about a game: the result of one play, the move list entries and
//! the status panel's contents.

use crate::game::{color_name, ClockState, EndReason, GameEnd, Outcome};
use crate::types::Color;
use serde::Serialize;

/// What a successful `play` did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayedInfo {
    /// The canonical move text recorded (empty while a promotion is pending).
    pub text: String,
    /// The readable form for the move list.
    pub display: String,
    /// Set when the text named a promotion without its piece: the game waits for the choice.
    pub pending_promotion: Option<String>,
    /// Set when a regroupment setup step was played.
    pub setup_step: bool,
    /// The ending this move caused.
    pub result: Option<GameEnd>,
}

/// One entry of the move list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveEntry {
    /// The move text, as saved (relative chess: absolute squares of the outer board).
    pub text: String,
    /// The readable notation, which typed moves may repeat.
    pub display: String,
    /// What the move list adds after `display` (relative chess: the recentering arrow and the
    /// pieces lost over the edge); empty for most variants.
    pub marks: String,
}

/// Whether the game is in its setup phase or being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Setup,
    Play,
}

/// Everything a status panel shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameStatus {
    pub variant: &'static str,
    pub phase: Phase,
    /// In the setup phase: `king` or `queen`, the piece whose step it is.
    pub setup_step: Option<&'static str>,
    #[serde(with = "color_name")]
    pub turn: Color,
    pub in_check: bool,
    pub outcome: Outcome,
    pub reason: Option<EndReason>,
    /// A sentence for the game-end banner (`1-0 White wins by checkmate`).
    pub result_text: Option<String>,
    pub pending_promotion: Option<String>,
    #[serde(with = "color_name::option")]
    pub draw_offer: Option<Color>,
    /// What the side to move may claim (FIDE mode).
    pub claimable: Option<EndReason>,
    pub ply: usize,
    pub halfmove_clock: u32,
    pub repetitions: usize,
    pub clock: Option<ClockState>,
}
