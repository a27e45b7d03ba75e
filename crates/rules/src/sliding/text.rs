//! Sliding-chess position text: FEN with the gap squares as `x`, the usual five fields, and a
//! seventh field listing the home-rank pawns that have lost their double step.

use super::tile::Tile;
use super::SlidingPosition;
use crate::bitboard::Bitboard;
use crate::chess::{self, CastlingMode, ChessPosition, PawnRanks, PositionError, Setup};
use crate::position::{read_move_counter, MAX_MOVE_COUNTER};
use crate::types::{Color, Piece, Role, Square};
use std::fmt;

/// Why a piece of sliding position text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SlidingTextError {
    FieldCount { found: usize },
    Board { reason: String },
    NoGap,
    GapNotWholeTile,
    MoreThanOneGapTile,
    SideToMove { text: String },
    Castling { text: String },
    EnPassant { text: String, reason: &'static str },
    MoveCounter { field: &'static str, text: String },
    DoubleStepField { text: String },
    ListedSquareWithoutPawn { square: Square },
    KingCount { color: Color, count: u32 },
    PawnOnFarRank { square: Square },
    CastlingWithoutPieces { right: char },
    SideNotToMoveInCheck,
    Rejected(PositionError),
}

impl fmt::Display for SlidingTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SlidingTextError::*;
        match self {
            FieldCount { found } => write!(
                f,
                "position text needs 6 or 7 fields separated by spaces, found {found}"
            ),
            Board { reason } => write!(f, "board field: {reason}"),
            NoGap => write!(f, "the board has no gap (four 'x' squares forming a tile)"),
            GapNotWholeTile => write!(
                f,
                "the gap squares ('x') do not form a whole 2×2 tile (tiles start on files a, c, e, g and ranks 1, 3, 5, 7)"
            ),
            MoreThanOneGapTile => write!(f, "the board has more than one gap tile"),
            SideToMove { text } => write!(f, "side to move must be 'w' or 'b', not '{text}'"),
            Castling { text } => write!(
                f,
                "castling field '{text}' is not '-' or a combination of K, Q, k, q"
            ),
            EnPassant { text, reason } => write!(f, "en-passant square '{text}': {reason}"),
            MoveCounter { field, text } => write!(
                f,
                "{field} '{text}' is not a whole number from 0 to {MAX_MOVE_COUNTER}"
            ),
            DoubleStepField { text } => write!(
                f,
                "seventh field '{text}' is not '-' or a list of squares such as 'a2b2'"
            ),
            ListedSquareWithoutPawn { square } => write!(
                f,
                "seventh field lists {square}, which holds no pawn of that side on its home rank"
            ),
            KingCount { color, count } => {
                write!(f, "{} has {count} kings; exactly one is needed", color.name())
            }
            PawnOnFarRank { square } => write!(f, "pawn on its far rank at {square}"),
            CastlingWithoutPieces { right } => write!(
                f,
                "castling right '{right}' needs its king on the e-file and its rook in the corner"
            ),
            SideNotToMoveInCheck => write!(f, "the side not to move is in check"),
            Rejected(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for SlidingTextError {}

const HOME_RANKS: [(Color, u8); 2] = [(Color::White, 1), (Color::Black, 6)];

/// The board field, read by the chess codec with `x` for the gap squares.
fn read_board(field: &str) -> Result<([Option<Piece>; 64], Bitboard), SlidingTextError> {
    chess::text::parse_board(field, true).map_err(|error| match error {
        chess::FenError::Board { reason } => SlidingTextError::Board { reason },
        other => SlidingTextError::Board {
            reason: other.to_string(),
        },
    })
}

fn read_gap(gap: Bitboard) -> Result<Tile, SlidingTextError> {
    if gap.is_empty() {
        return Err(SlidingTextError::NoGap);
    }
    if let Some(tile) = Tile::from_squares(gap) {
        return Ok(tile);
    }
    let touched: Vec<Tile> = Tile::all()
        .filter(|tile| (tile.squares() & gap).any())
        .collect();
    if touched
        .iter()
        .all(|tile| (tile.squares() & gap) == tile.squares())
    {
        Err(SlidingTextError::MoreThanOneGapTile)
    } else {
        Err(SlidingTextError::GapNotWholeTile)
    }
}

fn read_castling(field: &str) -> Result<Vec<char>, SlidingTextError> {
    if field == "-" {
        return Ok(Vec::new());
    }
    let mut rights = Vec::new();
    for c in field.chars() {
        if !"KQkq".contains(c) || rights.contains(&c) {
            return Err(SlidingTextError::Castling { text: field.into() });
        }
        rights.push(c);
    }
    Ok(rights)
}

fn read_counter(field: &'static str, text: &str) -> Result<u32, SlidingTextError> {
    read_move_counter(text, 0).ok_or_else(|| SlidingTextError::MoveCounter {
        field,
        text: text.into(),
    })
}

/// Squares named by the seventh field.
fn read_lost_double_steps(text: &str) -> Result<Vec<Square>, SlidingTextError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let bad = || SlidingTextError::DoubleStepField { text: text.into() };
    if !text.is_ascii() || !text.len().is_multiple_of(2) {
        return Err(bad());
    }
    (0..text.len())
        .step_by(2)
        .map(|i| Square::parse(&text[i..i + 2]).ok_or_else(bad))
        .collect()
}

pub(super) fn read_position(text: &str) -> Result<SlidingPosition, SlidingTextError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 6 && fields.len() != 7 {
        return Err(SlidingTextError::FieldCount {
            found: fields.len(),
        });
    }
    let (board, gap_squares) = read_board(fields[0])?;
    let gap = read_gap(gap_squares)?;
    let turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return Err(SlidingTextError::SideToMove { text: other.into() });
        }
    };
    let rights = read_castling(fields[2])?;
    let halfmoves = read_counter("half-move clock", fields[4])?;
    let fullmoves = read_counter("full-move number", fields[5])?;
    let lost_double = match fields.get(6) {
        Some(field) => read_lost_double_steps(field)?,
        None => Vec::new(),
    };

    for color in Color::ALL {
        let count = board
            .iter()
            .filter(|p| **p == Some(Piece::new(color, Role::King)))
            .count() as u32;
        if count != 1 {
            return Err(SlidingTextError::KingCount { color, count });
        }
    }
    for sq in Square::all() {
        if let Some(piece) = board[sq.index()] {
            if piece.role == Role::Pawn && sq.relative_rank(piece.color) == 7 {
                return Err(SlidingTextError::PawnOnFarRank { square: sq });
            }
        }
    }

    let mut castling_rooks = Bitboard::EMPTY;
    for right in rights {
        let (color, rook_file) = match right {
            'K' => (Color::White, 7),
            'Q' => (Color::White, 0),
            'k' => (Color::Black, 7),
            _ => (Color::Black, 0),
        };
        let back_rank = if color == Color::White { 0 } else { 7 };
        let king_square = Square::from_coords(4, back_rank);
        let rook_square = Square::from_coords(rook_file, back_rank);
        if board[king_square.index()] != Some(Piece::new(color, Role::King))
            || board[rook_square.index()] != Some(Piece::new(color, Role::Rook))
        {
            return Err(SlidingTextError::CastlingWithoutPieces { right });
        }
        castling_rooks = castling_rooks.with(rook_square);
    }

    let ep_square = match fields[3] {
        "-" => None,
        name => Some(read_en_passant(name, turn, &board, gap_squares)?),
    };

    let mut double_step = Bitboard::EMPTY;
    for (color, rank) in HOME_RANKS {
        for file in 0..8 {
            let sq = Square::from_coords(file, rank);
            if board[sq.index()] == Some(Piece::new(color, Role::Pawn)) {
                double_step = double_step.with(sq);
            }
        }
    }
    for sq in lost_double {
        if !double_step.contains(sq) {
            return Err(SlidingTextError::ListedSquareWithoutPawn { square: sq });
        }
        double_step = double_step.without(sq);
    }

    let setup = Setup {
        board,
        turn,
        castling_rooks,
        ep_square,
        halfmoves,
        fullmoves,
        blocked: gap.squares(),
        double_step,
    };
    let chess = ChessPosition::from_setup_with(
        &setup,
        CastlingMode::Standard,
        PawnRanks::OwnFirstRankAllowed,
    )
    .map_err(|error| match error {
        PositionError::OppositeCheck => SlidingTextError::SideNotToMoveInCheck,
        other => SlidingTextError::Rejected(other),
    })?;
    Ok(SlidingPosition::from_parts(chess, gap))
}

/// An en-passant square must be the square a pawn of the side not to move has just passed on
/// a double step: it and the square behind it empty, the pawn beyond it.
fn read_en_passant(
    name: &str,
    turn: Color,
    board: &[Option<Piece>; 64],
    gap: Bitboard,
) -> Result<Square, SlidingTextError> {
    let error = |reason| SlidingTextError::EnPassant {
        text: name.into(),
        reason,
    };
    let sq = Square::parse(name).ok_or_else(|| error("not a square name"))?;
    let mover = turn.other();
    if sq.relative_rank(mover) != 2 {
        return Err(error("not on the rank a double step passes"));
    }
    let forward = mover.forward();
    let origin = sq.offset(0, -forward);
    let pawn_square = sq.offset(0, forward);
    let (Some(origin), Some(pawn_square)) = (origin, pawn_square) else {
        return Err(error("not on the rank a double step passes"));
    };
    let free = |s: Square| board[s.index()].is_none() && !gap.contains(s);
    if !free(sq) || !free(origin) {
        return Err(error("the passed squares are not empty"));
    }
    if board[pawn_square.index()] != Some(Piece::new(mover, Role::Pawn)) {
        return Err(error("no pawn that has just double-stepped"));
    }
    Ok(sq)
}

/// The chess FEN of the position (gap squares as `x`), then the seventh field: the home-rank
/// pawns that may no longer double-step, or `-`.
pub(super) fn write_position(position: &SlidingPosition) -> String {
    let chess = position.chess();
    let mut text = chess.to_fen();
    text.push(' ');
    let mut any_lost = false;
    for (color, rank) in HOME_RANKS {
        let home_pawns = chess.by_piece(Piece::new(color, Role::Pawn)) & Bitboard::rank(rank);
        for sq in home_pawns & !chess.double_step() {
            text.push_str(&sq.to_string());
            any_lost = true;
        }
    }
    if !any_lost {
        text.push('-');
    }
    text
}
