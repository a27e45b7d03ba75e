//! Regroupment Chess (Chess484): the options, the setup phase in which each side may relocate
//! its king and then its queen, and the start positions it leads to. Play itself is standard
//! chess with Chess960 castling, in [`crate::chess::ChessPosition`].

mod back_rank;
mod options;
mod phase;
mod start;
mod step;
mod text;
mod view;

pub use back_rank::{back_rank_text, start_fen, turn_order, BackRank, ORTHODOX_BACK_RANK};
pub use options::{
    CastlingRule, KingKnight, OptionError, RegroupmentOptions, StartRule, TurnOrder, OPTIONS,
    RULE_OPTIONS,
};
pub use phase::{SetupError, SetupPhase};
pub use start::{
    allowed_back_ranks, random_back_rank, random_back_rank_with, start_positions,
    steps_for_back_rank,
};
pub use step::{Relocator, SetupStep, StepTextError};
pub use text::position_from_text;
