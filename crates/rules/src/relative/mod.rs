//! Relative chess (`docs/rules-relative.md`): the piece that moves stays where it is and everything
//! else, the inner 8×8 board included, shifts the opposite way on an N×N outer board.
//!
//! The position keeps every piece on its *relative* square (relative to the inner board's a1)
//! plus the inner board's origin O, so a move changes only the mover's relative square (and
//! the castling rook's) and O, as a move reads in relative terms; pieces falling over the
//! edge are the ones whose relative square leaves the outer board for the new O.
//!
//! - [`RelativeOptions`]: size, [`Recentering`], [`Leave`].
//! - [`RelativePosition`]: the position; implements [`GamePosition`]. Position text is an N×N
//!   FEN with a seventh field naming the inner board's a1 ([`RelativePosition::to_text`]).
//! - [`RelativeMove`]: absolute from and to squares; move text `k5j7`, `i12i13q`.
//! - [`MoveReport`]: what a move did (shift, recentering, pieces lost at each edge check, the
//!   castling rook), from [`RelativePosition::play_with_report`].
//! - Readable notation ([`RelativePosition::move_notation`], used by `display_move`): SAN over
//!   relative squares as the mover saw the inner board, e.g. `Nf3`, `e4`, `exd5`, `O-O`,
//!   `Ra'4+`, `e8=Q#`; `#` also marks a move that pushes the opponent's king over the edge.
//!   The move list adds [`RelativePosition::move_marks`] (`↖`, `†Bn`); typed names are read
//!   back by [`RelativePosition::find_readable`].

mod hash;
mod legality;
mod movegen;
mod moves;
mod noisy;
mod notation;
mod options;
mod position;
#[cfg(test)]
mod random_games;
mod square;
mod tables;
mod text;
mod view;

pub use moves::{EdgeLoss, MoveReport, RelativeMove, RelativeMoveKind, RookMotion};
pub use options::{
    Leave, Recentering, RelativeOptionError, RelativeOptions, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE,
    OPTIONS, RULE_OPTIONS,
};
pub use position::{piece_code, RelativePosition, MAX_PIECES};
pub use square::AbsSquare;
pub use text::RelativePositionError;

use crate::position::{GamePosition, MoveTextError, VariantKind};
use crate::types::{Color, Role};
use hash::ep_key;
use movegen::MoveCounter;
use square::NO_SQUARE;
use std::fmt;

impl fmt::Debug for RelativePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "RelativePosition({} [{}, {}])",
            self.to_text(),
            self.options.recentering.name(),
            self.options.leave.name()
        )
    }
}

impl GamePosition for RelativePosition {
    type Move = RelativeMove;

    const VARIANT: VariantKind = VariantKind::Relative;

    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&self, moves: &mut Vec<RelativeMove>) {
        self.generate(moves);
    }

    fn count_legal_moves(&self) -> usize {
        let mut counter = MoveCounter(0);
        self.generate(&mut counter);
        counter.0
    }

    fn play_unchecked(&mut self, mv: RelativeMove) {
        self.apply(mv, None);
    }

    fn is_check(&self) -> bool {
        self.in_check()
    }

    fn hash(&self) -> u64 {
        self.full_hash()
    }

    fn repetition_key(&self) -> u64 {
        if self.has_legal_en_passant() {
            self.base_hash ^ ep_key(self.ep as usize)
        } else {
            self.base_hash
        }
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    fn lost_outright(&self) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|color| self.kings[color.index()] == NO_SQUARE)
    }

    fn is_capture(&self, mv: RelativeMove) -> bool {
        mv.kind() == RelativeMoveKind::EnPassant
            || self.piece_at(mv.to()).is_some()
            || self.edge_losses(mv)[self.turn.other().index()]
    }

    fn is_zeroing(&self, mv: RelativeMove) -> bool {
        let mover = self.piece_at(mv.from()).map(|p| p.role);
        mover == Some(Role::Pawn)
            || mv.kind() == RelativeMoveKind::EnPassant
            || self.piece_at(mv.to()).is_some()
            || self.edge_losses(mv).contains(&true)
    }

    fn is_promotion(&self, mv: RelativeMove) -> bool {
        mv.promotion().is_some()
    }

    fn move_text(&self, mv: RelativeMove) -> String {
        mv.text()
    }

    fn parse_move_text(&self, text: &str) -> Result<RelativeMove, MoveTextError> {
        self.parse_move(text)
    }

    fn display_move(&self, mv: RelativeMove) -> String {
        self.move_notation(mv)
    }

    fn position_text(&self) -> String {
        self.to_text()
    }

    fn is_dead_by_material(&self) -> bool {
        false
    }

    fn is_bare_king(&self, color: Color) -> bool {
        self.pieces_of(color)
            .all(|(_, piece)| piece.role == Role::King)
    }
}
