//! Carrying a block of squares across the board (the sliding-chess tile slide) on the chess
//! core: the pieces shift, the carried squares become the blocked ones, and the flags the carry
//! affects change. Kept here because it rewrites the core's bitboards and hash; which squares
//! move, and how far, is the sliding variant's tile arithmetic.

use super::ChessPosition;
use crate::bitboard::Bitboard;
use crate::types::{Color, Piece, Role};
use crate::zobrist;

/// Shifts a set of squares by `offset` (positive towards h8); callers guarantee that nothing
/// leaves the board or wraps around a file edge.
#[inline]
pub(crate) fn shift(squares: Bitboard, offset: i32) -> Bitboard {
    if offset >= 0 {
        Bitboard(squares.0 << offset)
    } else {
        Bitboard(squares.0 >> -offset)
    }
}

impl ChessPosition {
    /// Carries every piece on `source` by `offset` into the blocked squares, makes `source`
    /// the blocked squares and passes the turn. Carried pieces lose their double step and
    /// their castling rights, en passant is cleared, and pawns carried onto their far rank
    /// become queens. Returns whether any pawn was promoted (that resets the half-move clock;
    /// a plain carry does not).
    ///
    /// The core hash is kept for what the core hashes (pieces, castling, en passant, side);
    /// the blocked squares and the double-step set are the caller's to hash.
    pub(crate) fn carry_squares(&mut self, source: Bitboard, offset: i32) -> bool {
        let mut rooks = self.castling_rooks & !source;
        for color in Color::ALL {
            if (self.by_piece(Piece::new(color, Role::King)) & source).any() {
                rooks &= !self.by_color(color);
            }
        }
        for sq in rooks ^ self.castling_rooks {
            self.hash ^= zobrist::castling_rook(sq);
        }
        self.castling_rooks = rooks;
        self.double_step &= !source;
        if let Some(ep) = self.ep_square.take() {
            self.hash ^= zobrist::en_passant_file(ep.file());
        }

        let mut promoted = false;
        for sq in self.occupied() & source {
            let Some(piece) = self.piece_at(sq) else {
                continue;
            };
            self.remove(piece, sq);
            let dest = shift(Bitboard::from_square(sq), offset).single();
            if piece.role == Role::Pawn && dest.relative_rank(piece.color) == 7 {
                self.put(Piece::new(piece.color, Role::Queen), dest);
                promoted = true;
            } else {
                self.put(piece, dest);
            }
        }
        self.blocked = source;

        self.halfmoves = if promoted {
            0
        } else {
            crate::position::advance_counter(self.halfmoves)
        };
        if self.turn == Color::Black {
            self.fullmoves = crate::position::advance_counter(self.fullmoves);
        }
        self.turn = self.turn.other();
        self.hash ^= zobrist::black_to_move();
        self.update_checkers();
        promoted
    }

    /// Whether the king of `color` would be attacked after carrying `source` by `offset`,
    /// judged on the shifted bitboards alone (promotions included) without building the
    /// position.
    pub(crate) fn king_attacked_after_carry(
        &self,
        source: Bitboard,
        offset: i32,
        color: Color,
    ) -> bool {
        let carry = |squares: Bitboard| (squares & !source) | shift(squares & source, offset);
        let mut after = *self;
        after.by_color = [carry(self.by_color[0]), carry(self.by_color[1])];
        for role in Role::ALL {
            after.by_role[role.index()] = carry(self.by_role[role.index()]);
        }
        let far_ranks =
            (after.by_color[0] & Bitboard::rank(7)) | (after.by_color[1] & Bitboard::rank(0));
        let promoted = after.by_role[Role::Pawn.index()] & far_ranks;
        after.by_role[Role::Pawn.index()] ^= promoted;
        after.by_role[Role::Queen.index()] |= promoted;
        after.blocked = source;
        let king = after.king(color);
        after.is_attacked(king, color.other())
    }

    /// Whether carrying `source` by `offset` would promote a pawn (without playing it).
    pub(crate) fn carry_promotes(&self, source: Bitboard, offset: i32) -> bool {
        let pawns = self.by_role(Role::Pawn) & source;
        (shift(pawns & self.by_color(Color::White), offset) & Bitboard::rank(7)).any()
            || (shift(pawns & self.by_color(Color::Black), offset) & Bitboard::rank(0)).any()
    }

    /// Blocks `blocked` (empty squares) and limits the double step to the pawns standing now:
    /// the orthodox start turned into the sliding one.
    pub(crate) fn block_for_sliding_start(&mut self, blocked: Bitboard) {
        self.blocked = blocked;
        self.double_step = self.by_role(Role::Pawn);
        self.update_checkers();
    }
}
