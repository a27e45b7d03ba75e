//! What every variant has in common at the edges: one family for the errors of reading a
//! start position, whichever variant's position text it is.

use crate::chess::FenError;
use crate::regroupment::SetupError;
use crate::relative::RelativePositionError;
use crate::sliding::SlidingTextError;
use std::fmt;

/// Why a start position could not be made: the variant's own position-text error, or (for
/// regroupment) a setup that does not give a start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionTextError {
    /// Standard and regroupment: FEN / X-FEN / Shredder-FEN.
    Chess(FenError),
    Sliding(SlidingTextError),
    Relative(RelativePositionError),
    /// A regroupment setup (a random draw, or a complete phase) that gives no start position.
    Setup(SetupError),
}

impl fmt::Display for PositionTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionTextError::Chess(error) => error.fmt(f),
            PositionTextError::Sliding(error) => error.fmt(f),
            PositionTextError::Relative(error) => error.fmt(f),
            PositionTextError::Setup(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for PositionTextError {}

impl From<FenError> for PositionTextError {
    fn from(error: FenError) -> PositionTextError {
        PositionTextError::Chess(error)
    }
}

impl From<SlidingTextError> for PositionTextError {
    fn from(error: SlidingTextError) -> PositionTextError {
        PositionTextError::Sliding(error)
    }
}

impl From<RelativePositionError> for PositionTextError {
    fn from(error: RelativePositionError) -> PositionTextError {
        PositionTextError::Relative(error)
    }
}

impl From<SetupError> for PositionTextError {
    fn from(error: SetupError) -> PositionTextError {
        PositionTextError::Setup(error)
    }
}
