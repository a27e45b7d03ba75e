//! Sliding-chess position text: FEN with the gap squares as `x`, the usual five fields, and a
//! seventh field listing the home-rank pawns that have lost their double step.

use super::tile::Tile;
use super::SlidingPosition;
use crate::bitboard::Bitboard;
use crate::chess::{self, CastlingMode, ChessPosition, FenError, PawnRanks, PositionError, Setup};
use crate::position::MAX_MOVE_COUNTER;
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

/// The FEN fields after the board (side to move, castling, en passant, counters), read by the
/// chess codec; its errors become this format's.
fn read_fields(
    board: [Option<Piece>; 64],
    gap: Bitboard,
    fields: &[&str],
) -> Result<Setup, SlidingTextError> {
    chess::text::parse_fields(board, gap, fields, CastlingMode::Standard).map_err(|error| {
        match error {
            FenError::Turn { text } => SlidingTextError::SideToMove { text },
            FenError::Castling { text } => SlidingTextError::Castling { text },
            FenError::EnPassant { text } => SlidingTextError::EnPassant {
                text,
                reason: "not a square name",
            },
            FenError::Halfmoves { text } => SlidingTextError::MoveCounter {
                field: "half-move clock",
                text,
            },
            FenError::Fullmoves { text } => SlidingTextError::MoveCounter {
                field: "full-move number",
                text,
            },
            other => SlidingTextError::Board {
                reason: other.to_string(),
            },
        }
    })
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
    let mut setup = read_fields(board, gap.squares(), &fields[1..6])?;
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
    setup.double_step = double_step;

    let ep_text = fields[3];
    let chess = ChessPosition::from_setup_with(
        &setup,
        CastlingMode::Standard,
        PawnRanks::OwnFirstRankAllowed,
    )
    .map_err(|error| match error {
        PositionError::OppositeCheck => SlidingTextError::SideNotToMoveInCheck,
        PositionError::BadCastlingRight(rook) => SlidingTextError::CastlingWithoutPieces {
            right: castling_letter(rook),
        },
        PositionError::BadEnPassant(_) => SlidingTextError::EnPassant {
            text: ep_text.into(),
            reason: "not the square a pawn of the side not to move has just passed",
        },
        other => SlidingTextError::Rejected(other),
    })?;
    Ok(SlidingPosition::from_parts(chess, gap))
}

/// The castling letter (`K`, `Q`, `k`, `q`) of a right held by the rook on `rook`.
fn castling_letter(rook: Square) -> char {
    let letter = if rook.file() >= 4 { 'k' } else { 'q' };
    if rook.rank() == 0 {
        letter.to_ascii_uppercase()
    } else {
        letter
    }
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
