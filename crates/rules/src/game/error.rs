//! Why the game record (or the facade over every variant) refused an action.

use super::GameEnd;
use crate::position::MoveTextError;
use crate::regroupment::SetupError;
use crate::variant::PositionTextError;
use std::fmt;

/// Why an action was refused. The game is unchanged after an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    GameOver(GameEnd),
    Move(MoveTextError),
    /// A move value that is not among the legal moves of the position.
    NotLegal,
    NothingToUndo,
    /// A claim that the position does not support (or claims are automatic in this game).
    NothingToClaim(String),
    NoDrawOffer,
    NoClock,
    NoPendingPromotion,
    NotAPromotion(String),
    /// A regroupment game is still in its setup phase: only setup steps and undo apply.
    SetupNotOver,
    /// A setup step in a game that has no setup phase (it started from a position).
    NoSetupPhase,
    /// A setup step that is unreadable or not legal now.
    Setup(SetupError),
    /// The start position text (or the drawn start) is not a position of the variant.
    BadStart(PositionTextError),
    /// A ply beyond the end of the game.
    PlyBeyondEnd {
        ply: usize,
        plies: usize,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::GameOver(end) => write!(f, "the game is over ({end})"),
            GameError::Move(error) => write!(f, "{error}"),
            GameError::NotLegal => f.write_str("that move is not legal here"),
            GameError::NothingToUndo => f.write_str("there is no move to undo"),
            GameError::NothingToClaim(why) => write!(f, "no draw can be claimed: {why}"),
            GameError::NoDrawOffer => f.write_str("there is no draw offer from the opponent"),
            GameError::NoClock => f.write_str("this game has no clock"),
            GameError::NoPendingPromotion => f.write_str("no promotion is waiting for a piece"),
            GameError::NotAPromotion(text) => {
                write!(f, "'{text}' is not the start of a legal promotion move")
            }
            GameError::SetupNotOver => f.write_str("the setup phase is not over"),
            GameError::NoSetupPhase => f.write_str("the game has no setup phase"),
            GameError::Setup(error) => error.fmt(f),
            GameError::BadStart(error) => error.fmt(f),
            GameError::PlyBeyondEnd { ply, plies } => {
                write!(f, "ply {ply} is beyond the end of the game ({plies} plies)")
            }
        }
    }
}

impl std::error::Error for GameError {}

impl From<MoveTextError> for GameError {
    fn from(error: MoveTextError) -> GameError {
        GameError::Move(error)
    }
}

impl From<SetupError> for GameError {
    fn from(error: SetupError) -> GameError {
        GameError::Setup(error)
    }
}

impl From<PositionTextError> for GameError {
    fn from(error: PositionTextError) -> GameError {
        GameError::BadStart(error)
    }
}
