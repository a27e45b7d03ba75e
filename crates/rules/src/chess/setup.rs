//! `Setup`: a position as plain, unvalidated data, and its checked conversion into a
//! `ChessPosition` (the error says what is wrong and hands nothing half-built back).

use super::{back_rank, CastlingMode, ChessPosition};
use crate::bitboard::Bitboard;
use crate::types::{Color, Piece, Role, Square};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: [Option<Piece>; 64],
    pub turn: Color,
    /// Rooks that carry a castling right.
    pub castling_rooks: Bitboard,
    pub ep_square: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
    /// Squares nothing may stand on or cross (the sliding gap).
    pub blocked: Bitboard,
    /// Squares from which a pawn on its home rank may double-step (standard: all).
    pub double_step: Bitboard,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            board: [None; 64],
            turn: Color::White,
            castling_rooks: Bitboard::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            blocked: Bitboard::EMPTY,
            double_step: Bitboard::FULL,
        }
    }
}

/// Why a setup is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    MissingKing(Color),
    TooManyKings(Color),
    /// The side that just moved is in check.
    OppositeCheck,
    /// A pawn on a rank where it can never stand.
    PawnOnImpossibleRank(Square),
    /// A castling right without its king and rook in place.
    BadCastlingRight(Square),
    /// An en-passant square that no double step can have produced.
    BadEnPassant(Square),
    /// A piece standing on a blocked square.
    PieceOnBlockedSquare(Square),
    /// A half-move clock or move number beyond [`crate::position::MAX_MOVE_COUNTER`].
    MoveCounterTooLarge(u32),
    /// A castling right whose rook is not in its corner (Regroupment, where rooks castle only
    /// from a1/h1 and a8/h8).
    CastlingRookNotInCorner(Square),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::MissingKing(c) => write!(f, "{} has no king", c.name()),
            PositionError::TooManyKings(c) => write!(f, "{} has more than one king", c.name()),
            PositionError::OppositeCheck => write!(f, "the side not to move is in check"),
            PositionError::PawnOnImpossibleRank(sq) => {
                write!(f, "a pawn stands on {sq}, where it never can")
            }
            PositionError::BadCastlingRight(sq) => write!(
                f,
                "castling right for the rook on {sq} has no king and rook in place"
            ),
            PositionError::BadEnPassant(sq) => {
                write!(f, "en-passant square {sq} does not follow a double step")
            }
            PositionError::PieceOnBlockedSquare(sq) => {
                write!(f, "a piece stands on the blocked square {sq}")
            }
            PositionError::MoveCounterTooLarge(value) => write!(
                f,
                "the move counter {value} is beyond {}",
                crate::position::MAX_MOVE_COUNTER
            ),
            PositionError::CastlingRookNotInCorner(sq) => write!(
                f,
                "the castling rook on {sq} is not in its corner (rooks castle only from the a- and h-file corners)"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// Which pawn placements a variant allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PawnRanks {
    /// Never on the first or last rank.
    Orthodox,
    /// Never on the far rank; the own first rank is allowed (sliding chess).
    OwnFirstRankAllowed,
}

impl ChessPosition {
    /// Validates a setup as a standard / Chess960 position.
    pub fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<ChessPosition, PositionError> {
        ChessPosition::from_setup_with(setup, mode, PawnRanks::Orthodox)
    }

    pub(crate) fn from_setup_with(
        setup: &Setup,
        mode: CastlingMode,
        pawn_ranks: PawnRanks,
    ) -> Result<ChessPosition, PositionError> {
        for counter in [setup.halfmoves, setup.fullmoves] {
            if counter > crate::position::MAX_MOVE_COUNTER {
                return Err(PositionError::MoveCounterTooLarge(counter));
            }
        }
        let mut pos = ChessPosition {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            mailbox: [0; 64],
            blocked: setup.blocked,
            double_step: setup.double_step,
            castling_rooks: Bitboard::EMPTY,
            turn: setup.turn,
            ep_square: None,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
            checkers: Bitboard::EMPTY,
            mode,
        };
        for sq in Square::all() {
            if let Some(piece) = setup.board[sq.index()] {
                if setup.blocked.contains(sq) {
                    return Err(PositionError::PieceOnBlockedSquare(sq));
                }
                pos.put(piece, sq);
            }
        }
        for color in Color::ALL {
            match pos.by_piece(Piece::new(color, Role::King)).count() {
                0 => return Err(PositionError::MissingKing(color)),
                1 => {}
                _ => return Err(PositionError::TooManyKings(color)),
            }
        }
        for color in Color::ALL {
            for sq in pos.by_piece(Piece::new(color, Role::Pawn)) {
                let relative = sq.relative_rank(color);
                let bad = match pawn_ranks {
                    PawnRanks::Orthodox => relative == 0 || relative == 7,
                    PawnRanks::OwnFirstRankAllowed => relative == 7,
                };
                if bad {
                    return Err(PositionError::PawnOnImpossibleRank(sq));
                }
            }
        }
        for rook in setup.castling_rooks {
            if !castling_right_is_valid(&pos, rook, setup.castling_rooks, mode) {
                return Err(PositionError::BadCastlingRight(rook));
            }
        }
        pos.castling_rooks = setup.castling_rooks;
        if let Some(ep) = setup.ep_square {
            if !en_passant_is_plausible(&pos, ep) {
                return Err(PositionError::BadEnPassant(ep));
            }
            pos.ep_square = Some(ep);
        }
        let them = pos.turn.other();
        if pos.is_attacked(pos.king(them), pos.turn) {
            return Err(PositionError::OppositeCheck);
        }
        pos.hash = pos.compute_hash();
        pos.update_checkers();
        Ok(pos)
    }

    /// The position as plain data.
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; 64];
        for sq in Square::all() {
            board[sq.index()] = self.piece_at(sq);
        }
        Setup {
            board,
            turn: self.turn,
            castling_rooks: self.castling_rooks,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            blocked: self.blocked,
            double_step: self.double_step,
        }
    }
}

fn castling_right_is_valid(
    pos: &ChessPosition,
    rook: Square,
    all_rights: Bitboard,
    mode: CastlingMode,
) -> bool {
    let color = if rook.rank() == 0 {
        Color::White
    } else if rook.rank() == 7 {
        Color::Black
    } else {
        return false;
    };
    if pos.piece_at(rook) != Some(Piece::new(color, Role::Rook)) {
        return false;
    }
    let king = pos.king(color);
    if king.rank() != back_rank(color) {
        return false;
    }
    match mode {
        CastlingMode::Standard => king.file() == 4 && (rook.file() == 0 || rook.file() == 7),
        CastlingMode::Chess960 => {
            // At most one castling rook on each side of the king.
            let rank = Bitboard::rank(rook.rank());
            let same_side = all_rights
                & rank
                & Bitboard(if rook.file() > king.file() {
                    !0u64 << king.index() << 1
                } else {
                    (1u64 << king.index()) - 1
                });
            rook.file() != king.file() && same_side.count() == 1
        }
    }
}

fn en_passant_is_plausible(pos: &ChessPosition, ep: Square) -> bool {
    let mover = pos.turn.other();
    let (ep_rank, pawn_rank, origin_rank) = match mover {
        Color::White => (2, 3, 1),
        Color::Black => (5, 4, 6),
    };
    let pawn = Square::from_coords(ep.file(), pawn_rank);
    let origin = Square::from_coords(ep.file(), origin_rank);
    ep.rank() == ep_rank
        && pos.piece_at(ep).is_none()
        && pos.piece_at(origin).is_none()
        && !pos.blocked.contains(ep)
        && !pos.blocked.contains(origin)
        && pos.piece_at(pawn) == Some(Piece::new(mover, Role::Pawn))
}
