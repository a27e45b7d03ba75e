//! The setup phase of Regroupment Chess as a state machine: both back ranks, whose step it is,
//! the legal steps, applying and undoing steps, and the start position it leads to.

use super::options::{KingKnight, RegroupmentOptions, TurnOrder};
use super::start::start_fen;
use super::step::{Relocator, SetupStep, StepTextError};
use crate::chess::{CastlingMode, ChessPosition};
use crate::types::{Color, Role, Square};
use std::fmt;

/// A back rank from the a-file to the h-file.
pub type BackRank = [Role; 8];

/// `RNBQKBNR`, where both sides start the setup phase.
pub const ORTHODOX_BACK_RANK: BackRank = crate::types::ORTHODOX_BACK_RANK;

/// The back rank as FEN letters of `color` (`RKBQNBNR` / `rkbqnbnr`).
pub fn back_rank_text(rank: &BackRank, color: Color) -> String {
    rank.iter()
        .map(|&role| crate::types::Piece::new(color, role).fen_char())
        .collect()
}

/// The four steps in the order `order` takes them.
pub fn turn_order(order: TurnOrder) -> [(Color, Relocator); 4] {
    match order {
        TurnOrder::Sequential => [
            (Color::Black, Relocator::King),
            (Color::Black, Relocator::Queen),
            (Color::White, Relocator::King),
            (Color::White, Relocator::Queen),
        ],
        TurnOrder::Alternate => [
            (Color::Black, Relocator::King),
            (Color::White, Relocator::King),
            (Color::Black, Relocator::Queen),
            (Color::White, Relocator::Queen),
        ],
    }
}

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

fn file_of(rank: &BackRank, role: Role) -> usize {
    // Kings and queens are unique on a back rank during the setup phase.
    rank.iter().position(|&r| r == role).unwrap_or(0)
}

pub(crate) fn bishops_on_opposite_colours(rank: &BackRank) -> bool {
    let file_sum: usize = (0..8).filter(|&f| rank[f] == Role::Bishop).sum();
    // Two bishops on one rank stand on opposite colours exactly when their files differ in
    // parity, whichever rank it is.
    file_sum % 2 == 1
}

fn swapped(rank: &BackRank, a: usize, b: usize) -> BackRank {
    let mut result = *rank;
    result.swap(a, b);
    result
}

/// Why a step is illegal for one side's back rank, before it is put into words.
enum Refusal {
    WrongRelocatee(Role),
    BishopsOnOneColour,
    DeclineLeavesBishopsOnOneColour,
    NoValidQueenStep,
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// The back rank after the queen step swapping with `target` (a file, or `None` to decline).
fn queen_step(rank: &BackRank, target: Option<usize>) -> Result<BackRank, Refusal> {
    let Some(target) = target else {
        return if bishops_on_opposite_colours(rank) {
            Ok(*rank)
        } else {
            Err(Refusal::DeclineLeavesBishopsOnOneColour)
        };
    };
    let role = rank[target];
    if !matches!(role, Role::Knight | Role::Bishop) {
        return Err(Refusal::WrongRelocatee(role));
    }
    let result = swapped(rank, file_of(rank, Role::Queen), target);
    if bishops_on_opposite_colours(&result) {
        Ok(result)
    } else {
        Err(Refusal::BishopsOnOneColour)
    }
}

fn legal_queen_targets(rank: &BackRank) -> Vec<Option<usize>> {
    std::iter::once(None)
        .chain((0..8).map(Some))
        .filter(|&target| queen_step(rank, target).is_ok())
        .collect()
}

/// The back rank after the king step swapping with `target` (a file, or `None` to decline).
fn king_step(
    rank: &BackRank,
    target: Option<usize>,
    king_knight: KingKnight,
) -> Result<BackRank, Refusal> {
    let result = match target {
        None => *rank,
        Some(target) => {
            let role = rank[target];
            let allowed = match role {
                Role::Bishop | Role::Queen => true,
                Role::Knight => king_knight == KingKnight::Allowed,
                _ => false,
            };
            if !allowed {
                return Err(Refusal::WrongRelocatee(role));
            }
            swapped(rank, file_of(rank, Role::King), target)
        }
    };
    // Validity is judged after the queen step, so a king step is only offered when some
    // queen step can follow it.
    if legal_queen_targets(&result).is_empty() {
        return Err(Refusal::NoValidQueenStep);
    }
    Ok(result)
}

fn side_step(
    rank: &BackRank,
    relocator: Relocator,
    target: Option<usize>,
    king_knight: KingKnight,
) -> Result<BackRank, Refusal> {
    match relocator {
        Relocator::King => king_step(rank, target, king_knight),
        Relocator::Queen => queen_step(rank, target),
    }
}

/// Every legal step of one side's `relocator` from `rank`, as files (`None` = decline), with
/// the back rank each leads to.
pub(crate) fn side_step_options(
    rank: &BackRank,
    relocator: Relocator,
    king_knight: KingKnight,
) -> Vec<(Option<usize>, BackRank)> {
    std::iter::once(None)
        .chain((0..8).map(Some))
        .filter_map(|target| {
            side_step(rank, relocator, target, king_knight)
                .ok()
                .map(|result| (target, result))
        })
        .collect()
}

pub(crate) fn back_rank_index(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

pub(crate) fn step_for_file(color: Color, relocator: Relocator, file: Option<usize>) -> SetupStep {
    SetupStep {
        relocator,
        swap_with: file.map(|f| Square::from_coords(f as u8, back_rank_index(color))),
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
                        role_name(role)
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
