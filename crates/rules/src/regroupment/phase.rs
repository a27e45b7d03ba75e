//! The setup phase of Regroupment Chess as a state machine: both back ranks, whose step it is,
//! the legal steps, applying and undoing steps, and the start position it leads to.

use super::back_rank::{
    back_rank_index, side_step, side_step_options, start_fen, step_for_file, turn_order, BackRank,
    Refusal, ORTHODOX_BACK_RANK,
};
use super::options::RegroupmentOptions;
use super::step::{Relocator, SetupStep, StepTextError};
use crate::chess::{CastlingMode, ChessPosition};
use crate::types::{Color, Role};
use std::fmt;

/// Why a setup step cannot be taken, or a setup cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Text that is not a setup step.
    Unreadable(StepTextError),
    /// A well-formed step that the rules do not allow now.
    Illegal { step: SetupStep, reason: String },
    /// A step of a step list failed; `index` counts from 0.
    InList {
        index: usize,
        text: String,
        error: Box<SetupError>,
    },
    /// The start position was asked for before all four steps were taken.
    Incomplete { steps_taken: usize },
    /// A back rank that no setup sequence allowed by the options produces.
    UnreachableBackRank { color: Color, rank: String },
    /// The operating system's random source failed.
    Random(String),
    /// The chess position refused the start position (a bug, reported rather than hidden).
    Position(String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Unreadable(error) => error.fmt(f),
            SetupError::Illegal { step, reason } => {
                write!(f, "illegal setup step '{step}': {reason}")
            }
            SetupError::InList { index, text, error } => {
                write!(f, "setup step {index} ('{text}'): {error}")
            }
            SetupError::Incomplete { steps_taken } => write!(
                f,
                "the setup phase is not over ({steps_taken} of 4 steps taken)"
            ),
            SetupError::UnreachableBackRank { color, rank } => write!(
                f,
                "{} back rank '{rank}' cannot arise from the setup phase under these options",
                color.name()
            ),
            SetupError::Random(message) => write!(f, "random source failed: {message}"),
            SetupError::Position(message) => write!(f, "start position rejected: {message}"),
        }
    }
}

impl std::error::Error for SetupError {}

impl From<StepTextError> for SetupError {
    fn from(error: StepTextError) -> SetupError {
        SetupError::Unreadable(error)
    }
}

/// The setup phase: both back ranks, the steps taken so far and whose step comes next.
///
/// Its identity is the options plus the list of steps taken ([`SetupPhase::steps`] and
/// [`SetupPhase::from_steps`]), which is what a saved game records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupPhase {
    options: RegroupmentOptions,
    back_ranks: [BackRank; 2],
    steps: Vec<SetupStep>,
}

impl SetupPhase {
    /// The phase before any step: both sides on the orthodox back rank.
    pub fn new(options: RegroupmentOptions) -> SetupPhase {
        SetupPhase {
            options,
            back_ranks: [ORTHODOX_BACK_RANK; 2],
            steps: Vec::with_capacity(4),
        }
    }

    /// Replays `steps` from the beginning; the first illegal one fails the whole list.
    pub fn from_steps(
        options: RegroupmentOptions,
        steps: &[SetupStep],
    ) -> Result<SetupPhase, SetupError> {
        let mut phase = SetupPhase::new(options);
        for (index, &step) in steps.iter().enumerate() {
            phase.apply(step).map_err(|error| SetupError::InList {
                index,
                text: step.to_string(),
                error: Box::new(error),
            })?;
        }
        Ok(phase)
    }

    /// Reads and replays a list of step texts (as in a saved game).
    pub fn from_step_texts<S: AsRef<str>>(
        options: RegroupmentOptions,
        texts: &[S],
    ) -> Result<SetupPhase, SetupError> {
        let mut phase = SetupPhase::new(options);
        for (index, text) in texts.iter().enumerate() {
            let text = text.as_ref();
            phase.apply_text(text).map_err(|error| SetupError::InList {
                index,
                text: text.to_string(),
                error: Box::new(error),
            })?;
        }
        Ok(phase)
    }

    pub fn options(&self) -> &RegroupmentOptions {
        &self.options
    }

    /// `color`'s back rank as it stands now.
    pub fn back_rank(&self, color: Color) -> BackRank {
        self.back_ranks[color.index()]
    }

    /// The steps taken so far, in turn order.
    pub fn steps(&self) -> &[SetupStep] {
        &self.steps
    }

    /// The side and the piece of the next step, or `None` once all four are taken.
    pub fn next_turn(&self) -> Option<(Color, Relocator)> {
        turn_order(self.options.order)
            .get(self.steps.len())
            .copied()
    }

    pub fn is_complete(&self) -> bool {
        self.next_turn().is_none()
    }

    /// Exactly the steps that may be taken now (empty once the phase is over), declining first
    /// when it is allowed, then the swaps from the a-file to the h-file.
    pub fn legal_steps(&self) -> Vec<SetupStep> {
        let Some((color, relocator)) = self.next_turn() else {
            return Vec::new();
        };
        side_step_options(
            &self.back_ranks[color.index()],
            relocator,
            self.options.king_knight,
        )
        .into_iter()
        .map(|(file, _)| step_for_file(color, relocator, file))
        .collect()
    }

    pub fn is_legal(&self, step: SetupStep) -> bool {
        self.clone().apply(step).is_ok()
    }

    /// Takes `step`, or says (naming the step) why it cannot be taken now.
    pub fn apply(&mut self, step: SetupStep) -> Result<(), SetupError> {
        let illegal = |reason: String| SetupError::Illegal { step, reason };
        let Some((color, relocator)) = self.next_turn() else {
            return Err(illegal("the setup phase is over".to_string()));
        };
        if step.relocator != relocator {
            return Err(illegal(format!(
                "it is {}'s {} step",
                color.name(),
                relocator.name()
            )));
        }
        let file = match step.swap_with {
            None => None,
            Some(square) if square.rank() == back_rank_index(color) => Some(square.file() as usize),
            Some(square) => {
                return Err(illegal(format!(
                    "{square} is not on {}'s back rank",
                    color.name()
                )))
            }
        };
        let rank = &self.back_ranks[color.index()];
        match side_step(rank, relocator, file, self.options.king_knight) {
            Ok(result) => {
                self.back_ranks[color.index()] = result;
                self.steps.push(step);
                Ok(())
            }
            Err(refusal) => {
                let square = step.swap_with.map(|s| s.to_string()).unwrap_or_default();
                let reason = match refusal {
                    Refusal::WrongRelocatee(Role::Knight) => format!(
                        "the king may not swap with the knight on {square} (king_knight = forbidden)"
                    ),
                    Refusal::WrongRelocatee(role) => format!(
                        "the {} may not swap with the {} on {square}",
                        relocator.name(),
                        role.name()
                    ),
                    Refusal::BishopsOnOneColour => {
                        "it would leave both bishops on squares of one colour".to_string()
                    }
                    Refusal::DeclineLeavesBishopsOnOneColour => {
                        "both bishops stand on squares of one colour, so the queen must swap with a bishop"
                            .to_string()
                    }
                    Refusal::NoValidQueenStep => {
                        "no queen step could then leave the bishops on opposite colours".to_string()
                    }
                };
                Err(illegal(reason))
            }
        }
    }

    /// Reads a step's text and takes it.
    pub fn apply_text(&mut self, text: &str) -> Result<SetupStep, SetupError> {
        let step = SetupStep::parse(text)?;
        self.apply(step)?;
        Ok(step)
    }

    /// Takes back the last step, returning it (`None` before the first step).
    pub fn undo(&mut self) -> Option<SetupStep> {
        let last = self.steps.pop()?;
        let mut replay = SetupPhase::new(self.options);
        for &step in &self.steps {
            // Every step in the list was legal when it was taken, so the replay repeats it.
            if replay.apply(step).is_err() {
                break;
            }
        }
        *self = replay;
        Some(last)
    }

    /// X-FEN of the board as it stands now (White to move, castling rights as the start
    /// position would have them); once the phase is over this is the start position.
    pub fn board_fen(&self) -> String {
        start_fen(
            &self.options,
            &self.back_ranks[Color::White.index()],
            &self.back_ranks[Color::Black.index()],
        )
    }

    /// The start position of play (Chess960 castling); only once all four steps are taken.
    pub fn start_position(&self) -> Result<ChessPosition, SetupError> {
        if !self.is_complete() {
            return Err(SetupError::Incomplete {
                steps_taken: self.steps.len(),
            });
        }
        ChessPosition::from_fen_mode(&self.board_fen(), CastlingMode::Chess960)
            .map_err(|error| SetupError::Position(error.to_string()))
    }

    /// [`SetupPhase::start_position`], consuming the phase.
    pub fn into_position(self) -> Result<ChessPosition, SetupError> {
        self.start_position()
    }
}
