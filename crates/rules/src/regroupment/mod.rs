//! Regroupment Chess (Chess484): the options, the setup phase in which each side may relocate
//! its king and then its queen, and the start positions it leads to. Play itself is standard
//! chess with Chess960 castling, in [`crate::chess::ChessPosition`].

mod options;
mod phase;
mod start;
mod step;

pub use options::{
    CastlingRule, KingKnight, OptionError, RegroupmentOptions, StartRule, TurnOrder,
};
pub use phase::{back_rank_text, turn_order, BackRank, SetupError, SetupPhase, ORTHODOX_BACK_RANK};
pub use start::{
    allowed_back_ranks, random_back_rank, start_fen, start_positions, steps_for_back_rank,
};
pub use step::{Relocator, SetupStep, StepTextError};
