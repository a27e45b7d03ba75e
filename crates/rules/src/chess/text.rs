//! FEN reading and writing, with X-FEN and Shredder-FEN castling fields for Chess960 mode and
//! gap squares (`x`) for the variants that need them.

use super::setup::PawnRanks;
use super::{CastlingMode, ChessPosition, PositionError, Setup};
use crate::bitboard::Bitboard;
use crate::position::{read_move_counter, MAX_MOVE_COUNTER};
use crate::types::{Color, Piece, Role, Square};
use std::fmt;

/// Why a FEN could not be read; each names the offending field or text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    FieldCount { found: usize },
    Board { reason: String },
    Turn { text: String },
    Castling { text: String },
    EnPassant { text: String },
    Halfmoves { text: String },
    Fullmoves { text: String },
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount { found } => {
                write!(f, "expected 4 to 6 space-separated fields, found {found}")
            }
            FenError::Board { reason } => write!(f, "bad board field: {reason}"),
            FenError::Turn { text } => write!(f, "bad side to move '{text}' (expected w or b)"),
            FenError::Castling { text } => write!(f, "bad castling field '{text}'"),
            FenError::EnPassant { text } => write!(f, "bad en-passant field '{text}'"),
            FenError::Halfmoves { text } => write!(
                f,
                "bad half-move clock '{text}' (expected a whole number from 0 to {MAX_MOVE_COUNTER})"
            ),
            FenError::Fullmoves { text } => write!(
                f,
                "bad move number '{text}' (expected a whole number from 1 to {MAX_MOVE_COUNTER})"
            ),
            FenError::Position(e) => write!(f, "illegal position: {e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> Self {
        FenError::Position(e)
    }
}

/// Reads an 8×8 board field; `x` marks blocked squares when `allow_blocked`.
pub(crate) fn parse_board(
    field: &str,
    allow_blocked: bool,
) -> Result<([Option<Piece>; 64], Bitboard), FenError> {
    let bad = |reason: String| FenError::Board { reason };
    let mut board = [None; 64];
    let mut blocked = Bitboard::EMPTY;
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(bad(format!("expected 8 ranks, found {}", ranks.len())));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in rank_text.chars() {
            if file >= 8 {
                return Err(bad(format!("rank {} has more than 8 squares", rank + 1)));
            }
            if let Some(d) = c.to_digit(10) {
                if d == 0 || file as u32 + d > 8 {
                    return Err(bad(format!(
                        "rank {} has a bad empty-square count",
                        rank + 1
                    )));
                }
                file += d as u8;
            } else if c == 'x' && allow_blocked {
                blocked = blocked.with(Square::from_coords(file, rank));
                file += 1;
            } else if let Some(piece) = Piece::from_fen_char(c) {
                board[Square::from_coords(file, rank).index()] = Some(piece);
                file += 1;
            } else {
                return Err(bad(format!("unexpected character '{c}'")));
            }
        }
        if file != 8 {
            return Err(bad(format!(
                "rank {} has {} squares, not 8",
                rank + 1,
                file
            )));
        }
    }
    Ok((board, blocked))
}

/// Reads the fields after the board: turn, castling, en passant, clocks (last two optional).
pub(crate) fn parse_fields(
    board: [Option<Piece>; 64],
    blocked: Bitboard,
    fields: &[&str],
    mode: CastlingMode,
) -> Result<Setup, FenError> {
    let turn = match fields.first().copied() {
        Some("w") => Color::White,
        Some("b") => Color::Black,
        other => {
            return Err(FenError::Turn {
                text: other.unwrap_or("").to_string(),
            })
        }
    };
    let castling_text = fields.get(1).copied().unwrap_or("-");
    let castling_rooks = parse_castling(&board, castling_text, mode)?;
    let ep_text = fields.get(2).copied().unwrap_or("-");
    let ep_square = match ep_text {
        "-" => None,
        text => Some(Square::parse(text).ok_or_else(|| FenError::EnPassant {
            text: text.to_string(),
        })?),
    };
    let halfmoves = match fields.get(3) {
        None => 0,
        Some(text) => read_move_counter(text, 0).ok_or_else(|| FenError::Halfmoves {
            text: text.to_string(),
        })?,
    };
    let fullmoves = match fields.get(4) {
        None => 1,
        Some(text) => read_move_counter(text, 1).ok_or_else(|| FenError::Fullmoves {
            text: text.to_string(),
        })?,
    };
    Ok(Setup {
        board,
        turn,
        castling_rooks,
        ep_square,
        halfmoves,
        fullmoves,
        blocked,
        double_step: Bitboard::FULL,
    })
}

fn parse_castling(
    board: &[Option<Piece>; 64],
    text: &str,
    mode: CastlingMode,
) -> Result<Bitboard, FenError> {
    let bad = || FenError::Castling {
        text: text.to_string(),
    };
    if text == "-" {
        return Ok(Bitboard::EMPTY);
    }
    let mut rooks = Bitboard::EMPTY;
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = if color == Color::White { 0 } else { 7 };
        let rook_piece = Some(Piece::new(color, Role::Rook));
        let king_file = (0..8u8).find(|&f| {
            board[Square::from_coords(f, rank).index()] == Some(Piece::new(color, Role::King))
        });
        let square = match c.to_ascii_lowercase() {
            side @ ('k' | 'q') => {
                let files: Vec<u8> = if side == 'k' {
                    (0..8).rev().collect()
                } else {
                    (0..8).collect()
                };
                match mode {
                    CastlingMode::Standard => {
                        Square::from_coords(if side == 'k' { 7 } else { 0 }, rank)
                    }
                    CastlingMode::Chess960 => {
                        // X-FEN: the outermost rook on that side of the king.
                        let king_file = king_file.ok_or_else(bad)?;
                        let file = files
                            .into_iter()
                            .filter(|&f| {
                                if side == 'k' {
                                    f > king_file
                                } else {
                                    f < king_file
                                }
                            })
                            .find(|&f| board[Square::from_coords(f, rank).index()] == rook_piece)
                            .ok_or_else(bad)?;
                        Square::from_coords(file, rank)
                    }
                }
            }
            f @ 'a'..='h' if mode == CastlingMode::Chess960 => {
                Square::from_coords(f as u8 - b'a', rank)
            }
            _ => return Err(bad()),
        };
        if rooks.contains(square) {
            return Err(bad());
        }
        rooks = rooks.with(square);
    }
    Ok(rooks)
}

pub(crate) fn write_board(pos: &ChessPosition) -> String {
    let mut out = String::with_capacity(72);
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            let sq = Square::from_coords(file, rank);
            let mark = if pos.blocked.contains(sq) {
                Some('x')
            } else {
                pos.piece_at(sq).map(Piece::fen_char)
            };
            match mark {
                Some(c) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

fn write_castling(pos: &ChessPosition) -> String {
    let mut out = String::new();
    for color in Color::ALL {
        let rank = if color == Color::White { 0 } else { 7 };
        let king = pos.king(color);
        let rooks = pos.castling_rooks & Bitboard::rank(rank);
        let all_rooks = pos.by_piece(Piece::new(color, Role::Rook)) & Bitboard::rank(rank);
        // King side first, as FEN does.
        let mut sides: Vec<Square> = rooks.collect();
        sides.sort_by_key(|sq| std::cmp::Reverse(sq.file()));
        for rook in sides {
            let king_side = rook.file() > king.file();
            let outermost = all_rooks
                .filter(|r| {
                    if king_side {
                        r.file() > rook.file()
                    } else {
                        r.file() < rook.file()
                    }
                })
                .count()
                == 0;
            let c = if pos.mode == CastlingMode::Standard || outermost {
                if king_side {
                    'k'
                } else {
                    'q'
                }
            } else {
                (b'a' + rook.file()) as char
            };
            out.push(if color == Color::White {
                c.to_ascii_uppercase()
            } else {
                c
            });
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

impl ChessPosition {
    /// Reads FEN in standard castling mode.
    pub fn from_fen(fen: &str) -> Result<ChessPosition, FenError> {
        ChessPosition::from_fen_mode(fen, CastlingMode::Standard)
    }

    /// Reads FEN (X-FEN and Shredder-FEN castling in Chess960 mode).
    pub fn from_fen_mode(fen: &str, mode: CastlingMode) -> Result<ChessPosition, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount {
                found: fields.len(),
            });
        }
        let (board, blocked) = parse_board(fields[0], false)?;
        let setup = parse_fields(board, blocked, &fields[1..], mode)?;
        Ok(ChessPosition::from_setup_with(
            &setup,
            mode,
            PawnRanks::Orthodox,
        )?)
    }

    /// FEN (X-FEN in Chess960 mode); the en-passant square is written after every double step.
    pub fn to_fen(&self) -> String {
        format!(
            "{} {} {} {} {} {}",
            write_board(self),
            self.turn.letter(),
            write_castling(self),
            self.ep_square.map_or("-".to_string(), |sq| sq.to_string()),
            self.halfmoves,
            self.fullmoves
        )
    }
}
