//! The interface every game's position implements. The game record, the engine and the tools
//! see only this trait, so each variant is monomorphised into them without dynamic dispatch.

use crate::types::Color;
use std::fmt::Debug;
use std::hash::Hash;

/// The largest half-move clock and move number a position text may carry. No game comes near
/// it, and it leaves billions of plies before a counter could overflow, however long a search
/// or a game runs on from the position read.
pub const MAX_MOVE_COUNTER: u32 = 1_000_000;

/// A counter advanced by one ply, held at [`MAX_MOVE_COUNTER`] so that every position text a
/// game writes reads back.
#[inline]
pub(crate) const fn advance_counter(counter: u32) -> u32 {
    if counter < MAX_MOVE_COUNTER {
        counter + 1
    } else {
        MAX_MOVE_COUNTER
    }
}

/// Reads a half-move clock or move number: a whole number from `min` to [`MAX_MOVE_COUNTER`].
pub(crate) fn read_move_counter(text: &str, min: u32) -> Option<u32> {
    text.parse::<u32>()
        .ok()
        .filter(|&n| (min..=MAX_MOVE_COUNTER).contains(&n))
}

crate::named_enum! {
    /// Which of the five games, by the name used in saved games and on the command line.
    pub enum VariantKind {
        Standard => "standard",
        Regroupment => "regroupment",
        Sliding => "sliding",
        Relative => "relative",
        Chess960 => "chess960",
    }
}

/// Why a piece of move text could not be used in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// The text is not move text of this variant at all.
    Unreadable { text: String },
    /// Well-formed move text for a move that is not legal here.
    Illegal { text: String },
}

impl std::fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveTextError::Unreadable { text } => write!(f, "unreadable move text '{text}'"),
            MoveTextError::Illegal { text } => write!(f, "illegal move '{text}'"),
        }
    }
}

impl std::error::Error for MoveTextError {}

/// A position of one of the games: everything needed to generate the legal actions and to
/// decide what ends the game, but no history (see [`crate::game::Game`] for that).
///
/// A "move" here is any legal action of the variant (a chess move, a slide, …).
pub trait GamePosition: Clone + Debug + Send + Sync + 'static {
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    const VARIANT: VariantKind;

    fn turn(&self) -> Color;

    /// Appends every legal action to `moves` (which is not cleared first).
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// The number of legal actions; variants may count without generating.
    fn count_legal_moves(&self) -> usize {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.len()
    }

    /// Plays an action that `legal_moves` produced for this position.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;

    /// Zobrist-style hash of everything that decides the legal actions (placement, side to
    /// move, castling, en-passant square, variant state); kept incrementally where cheap.
    fn hash(&self) -> u64;

    /// Hash of the position's identity for repetition: like `hash`, but an en-passant square
    /// counts only when an en-passant capture is actually legal.
    fn repetition_key(&self) -> u64;

    /// Plies since the last capture, pawn move or other resetting event.
    fn halfmove_clock(&self) -> u32;

    fn fullmove_number(&self) -> u32;

    /// A side that has already lost by the position alone, beyond checkmate (relative chess: a
    /// king lost over the edge). Such a position has no legal actions.
    fn lost_outright(&self) -> Option<Color> {
        None
    }

    /// Whether the action captures (or otherwise removes enemy material).
    fn is_capture(&self, mv: Self::Move) -> bool;

    /// Whether the action resets the half-move clock.
    fn is_zeroing(&self, mv: Self::Move) -> bool;

    /// Whether the action is a pawn move to the promotion rank that needs a piece choice.
    fn is_promotion(&self, mv: Self::Move) -> bool;

    /// The machine move text of `docs/move-text.md`.
    fn move_text(&self, mv: Self::Move) -> String;

    /// Reads move text (either case for promotion letters, surrounding white space allowed)
    /// and returns the matching legal action.
    fn parse_move_text(&self, text: &str) -> Result<Self::Move, MoveTextError>;

    /// The readable notation for the move list (SAN where the variant has it), with `+`/`#`.
    fn display_move(&self, mv: Self::Move) -> String;

    /// The position text of `docs/position-text.md`.
    fn position_text(&self) -> String;

    /// A dead position by material (automatic draw). Variants without that rule say `false`.
    fn is_dead_by_material(&self) -> bool {
        false
    }

    /// Whether `color` could ever mate (FIDE 6.9 on flag fall). Variants without a
    /// material rule only rule out a bare king.
    fn can_ever_mate(&self, color: Color) -> bool {
        !self.is_bare_king(color)
    }

    /// Whether `color` has nothing but its king.
    fn is_bare_king(&self, color: Color) -> bool;
}
