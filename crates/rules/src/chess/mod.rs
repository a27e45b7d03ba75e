//! The 8×8 bitboard position shared by standard chess, Regroupment Chess (Chess960 castling)
//! and sliding chess (blocked squares for the gap). Copy-make: a position is a small `Copy`
//! value and `play` mutates it in place.

mod carry;
mod game_position;
mod movegen;
mod moves;
mod notation;
mod options;
mod setup;
pub(crate) mod text;
pub(crate) mod view;

pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use notation::SanError;
pub use options::OPTIONS;
pub(crate) use setup::PawnRanks;
pub use setup::{PositionError, Setup};
pub use text::FenError;

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::types::{Color, Piece, Role, Square};
use crate::zobrist;

/// How castling is written and which castling rights a position may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingMode {
    /// Orthodox: king on e1/e8, rooks in the corners; written `e1g1`.
    Standard,
    /// Any king file between its castling rooks; written king-takes-rook (`b1a1`).
    Chess960,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChessPosition {
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_role: [Bitboard; 6],
    /// 0 = empty, otherwise `Piece::index() + 1`.
    pub(crate) mailbox: [u8; 64],
    pub(crate) blocked: Bitboard,
    pub(crate) double_step: Bitboard,
    pub(crate) castling_rooks: Bitboard,
    pub(crate) turn: Color,
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
    pub(crate) checkers: Bitboard,
    pub(crate) mode: CastlingMode,
}

impl ChessPosition {
    /// The orthodox start position.
    pub fn startpos() -> ChessPosition {
        ChessPosition::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .expect("the start position is valid")
    }

    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    pub fn mode(&self) -> CastlingMode {
        self.mode
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_color[piece.color.index()] & self.by_role[piece.role.index()]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        match self.mailbox[sq.index()] {
            0 => None,
            code => {
                let index = code as usize - 1;
                Some(Piece::new(
                    Color::ALL[index / 6],
                    Role::from_index(index % 6),
                ))
            }
        }
    }

    /// The king of `color` (a position always has exactly one per side).
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.by_piece(Piece::new(color, Role::King)).single()
    }

    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Rooks that still carry a castling right.
    #[inline]
    pub fn castling_rooks(&self) -> Bitboard {
        self.castling_rooks
    }

    /// Squares nothing can stand on or pass (the sliding gap).
    #[inline]
    pub fn blocked(&self) -> Bitboard {
        self.blocked
    }

    /// Squares from which a pawn standing there may still double-step.
    #[inline]
    pub fn double_step(&self) -> Bitboard {
        self.double_step
    }

    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Pieces of `color` attacking `sq`, with `occupied` as the blockers (blocked squares are
    /// added here, so callers pass real pieces only).
    #[inline]
    pub fn attackers_to(&self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        let occ = occupied | self.blocked;
        let them = self.by_color[color.index()];
        let queens = self.by_role[Role::Queen.index()];
        let rook_like = (self.by_role[Role::Rook.index()] | queens) & them;
        let bishop_like = (self.by_role[Role::Bishop.index()] | queens) & them;
        (attacks::rook_attacks(sq, occ) & rook_like)
            | (attacks::bishop_attacks(sq, occ) & bishop_like)
            | (attacks::knight_attacks(sq) & self.by_role[Role::Knight.index()] & them)
            | (attacks::king_attacks(sq) & self.by_role[Role::King.index()] & them)
            | (attacks::pawn_attacks(color.other(), sq) & self.by_role[Role::Pawn.index()] & them)
    }

    /// Whether `color` attacks `sq` in the current placement.
    #[inline]
    pub fn is_attacked(&self, sq: Square, color: Color) -> bool {
        self.attackers_to(sq, color, self.occupied()).any()
    }

    #[inline]
    pub(crate) fn put(&mut self, piece: Piece, sq: Square) {
        let bit = Bitboard::from_square(sq);
        self.by_color[piece.color.index()] |= bit;
        self.by_role[piece.role.index()] |= bit;
        self.mailbox[sq.index()] = piece.index() as u8 + 1;
        self.hash ^= zobrist::piece_square(piece, sq);
    }

    #[inline]
    pub(crate) fn remove(&mut self, piece: Piece, sq: Square) {
        let bit = Bitboard::from_square(sq);
        self.by_color[piece.color.index()] ^= bit;
        self.by_role[piece.role.index()] ^= bit;
        self.mailbox[sq.index()] = 0;
        self.hash ^= zobrist::piece_square(piece, sq);
    }

    #[inline]
    fn set_castling_rooks(&mut self, rooks: Bitboard) {
        for sq in self.castling_rooks ^ rooks {
            self.hash ^= zobrist::castling_rook(sq);
        }
        self.castling_rooks = rooks;
    }

    #[inline]
    fn set_ep_square(&mut self, ep: Option<Square>) {
        if let Some(old) = self.ep_square {
            self.hash ^= zobrist::en_passant_file(old.file());
        }
        if let Some(new) = ep {
            self.hash ^= zobrist::en_passant_file(new.file());
        }
        self.ep_square = ep;
    }

    /// Recomputes the pieces giving check to the side to move.
    #[inline]
    pub(crate) fn update_checkers(&mut self) {
        let king = self.king(self.turn);
        self.checkers = self.attackers_to(king, self.turn.other(), self.occupied());
    }

    /// Where king and rook end when the king on `king` castles with the rook on `rook`.
    #[inline]
    pub fn castling_destinations(king: Square, rook: Square) -> (Square, Square) {
        let rank = king.rank();
        if rook.file() > king.file() {
            (Square::from_coords(6, rank), Square::from_coords(5, rank))
        } else {
            (Square::from_coords(2, rank), Square::from_coords(3, rank))
        }
    }

    /// Plays a legal move (as produced by the move generator).
    pub fn play(&mut self, mv: Move) {
        let us = self.turn;
        let from = mv.from();
        let to = mv.to();
        let moved = match self.piece_at(from) {
            Some(piece) => piece,
            None => return,
        };
        let mut zeroing = moved.role == Role::Pawn;
        let mut new_ep = None;
        let mut rooks = self.castling_rooks;

        match mv.kind() {
            MoveKind::Castle => {
                let rook = Piece::new(us, Role::Rook);
                let (king_to, rook_to) = ChessPosition::castling_destinations(from, to);
                self.remove(moved, from);
                self.remove(rook, to);
                self.put(moved, king_to);
                self.put(rook, rook_to);
            }
            kind => {
                if let Some(captured) = self.piece_at(to) {
                    self.remove(captured, to);
                    zeroing = true;
                    rooks = rooks.without(to);
                }
                self.remove(moved, from);
                match kind {
                    MoveKind::EnPassant => {
                        let victim = Square::from_coords(to.file(), from.rank());
                        self.remove(Piece::new(us.other(), Role::Pawn), victim);
                        self.put(moved, to);
                    }
                    MoveKind::Promotion(role) => self.put(Piece::new(us, role), to),
                    MoveKind::DoubleStep => {
                        self.put(moved, to);
                        new_ep = Some(Square::from_coords(
                            from.file(),
                            (from.rank() + to.rank()) / 2,
                        ));
                    }
                    _ => self.put(moved, to),
                }
                rooks = rooks.without(from);
            }
        }
        if moved.role == Role::King {
            rooks &= !Bitboard::rank(back_rank(us));
        }
        self.set_castling_rooks(rooks);
        self.set_ep_square(new_ep);
        self.halfmoves = if zeroing {
            0
        } else {
            crate::position::advance_counter(self.halfmoves)
        };
        if us == Color::Black {
            self.fullmoves = crate::position::advance_counter(self.fullmoves);
        }
        self.turn = us.other();
        self.hash ^= zobrist::black_to_move();
        self.update_checkers();
    }

    /// Passes the turn without moving (for null-move search). Clears en passant.
    pub fn play_null(&mut self) {
        self.set_ep_square(None);
        self.halfmoves = crate::position::advance_counter(self.halfmoves);
        if self.turn == Color::Black {
            self.fullmoves = crate::position::advance_counter(self.fullmoves);
        }
        self.turn = self.turn.other();
        self.hash ^= zobrist::black_to_move();
        self.update_checkers();
    }

    /// Whether a legal en-passant capture exists (repetition identity counts only those).
    pub fn has_legal_en_passant(&self) -> bool {
        let Some(ep) = self.ep_square else {
            return false;
        };
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves
            .iter()
            .any(|m| m.kind() == MoveKind::EnPassant && m.to() == ep)
    }

    /// `hash`, without the en-passant square unless a capture there is legal.
    pub fn repetition_key(&self) -> u64 {
        match self.ep_square {
            Some(ep) if !self.has_legal_en_passant() => {
                self.hash ^ zobrist::en_passant_file(ep.file())
            }
            _ => self.hash,
        }
    }

    /// Hash computed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for sq in self.occupied() {
            if let Some(piece) = self.piece_at(sq) {
                hash ^= zobrist::piece_square(piece, sq);
            }
        }
        for sq in self.castling_rooks {
            hash ^= zobrist::castling_rook(sq);
        }
        if let Some(ep) = self.ep_square {
            hash ^= zobrist::en_passant_file(ep.file());
        }
        if self.turn == Color::Black {
            hash ^= zobrist::black_to_move();
        }
        hash
    }
}

#[inline]
pub(crate) const fn back_rank(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}
