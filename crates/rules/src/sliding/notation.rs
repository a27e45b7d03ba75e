//! Move text (UCI for chess moves, `S:c1>c3` for slides) and the readable move-list form
//! (SAN for chess moves, the slide text with `=Q`, `+` and `#`).

use super::tile::Tile;
use super::{SlidingMove, SlidingPosition};
use crate::chess::{Move, MoveKind};
use crate::position::{GamePosition, MoveTextError};
use crate::types::{Role, Square};

/// Where the king lands when castling with the rook on `rook` (orthodox text `e1g1`).
fn castling_king_target(mv: Move) -> Square {
    let rank = mv.from().rank();
    if mv.to().file() > mv.from().file() {
        Square::from_coords(6, rank)
    } else {
        Square::from_coords(2, rank)
    }
}

pub(super) fn move_text(mv: SlidingMove) -> String {
    match mv {
        SlidingMove::Chess(mv) => {
            let to = if mv.is_castle() {
                castling_king_target(mv)
            } else {
                mv.to()
            };
            let mut text = format!("{}{}", mv.from(), to);
            if let Some(role) = mv.promotion_role() {
                text.push(role.char());
            }
            text
        }
        SlidingMove::Slide { from, to } => format!("S:{from}>{to}"),
    }
}

/// Whether `text` has the shape of UCI move text (`e2e4`, `e7e8q`).
fn is_uci_shaped(text: &str) -> bool {
    let bytes = text.as_bytes();
    (bytes.len() == 4 || bytes.len() == 5)
        && text.is_ascii()
        && Square::parse(&text[0..2]).is_some()
        && Square::parse(&text[2..4]).is_some()
        && (bytes.len() == 4 || matches!(bytes[4].to_ascii_lowercase(), b'n' | b'b' | b'r' | b'q'))
}

pub(super) fn parse_move_text(
    position: &SlidingPosition,
    text: &str,
) -> Result<SlidingMove, MoveTextError> {
    let trimmed = text.trim();
    let unreadable = || MoveTextError::Unreadable { text: text.into() };
    let illegal = || MoveTextError::Illegal { text: text.into() };
    let wanted = if let Some(rest) = trimmed.strip_prefix("S:") {
        let (tile, gap) = rest.split_once('>').ok_or_else(unreadable)?;
        let tile = Tile::parse(tile).ok_or_else(unreadable)?;
        let gap = Tile::parse(gap).ok_or_else(unreadable)?;
        format!("S:{tile}>{gap}")
    } else if is_uci_shaped(trimmed) {
        trimmed.to_ascii_lowercase()
    } else {
        return Err(unreadable());
    };
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves
        .into_iter()
        .find(|&mv| move_text(mv) == wanted)
        .ok_or_else(illegal)
}

/// `+`, `#` or nothing, counting slides among the replies.
fn check_suffix(after: &SlidingPosition) -> &'static str {
    if !after.is_check() {
        ""
    } else if after.has_no_legal_action() {
        "#"
    } else {
        "+"
    }
}

pub(super) fn display_move(position: &SlidingPosition, mv: SlidingMove) -> String {
    let mut text = match mv {
        SlidingMove::Slide { from, to } => {
            let mut text = format!("S:{from}>{to}");
            if position.slide_promotes(mv) {
                text.push_str("=Q");
            }
            text
        }
        SlidingMove::Chess(chess_move) => san(position, chess_move),
    };
    text.push_str(check_suffix(&position.after(mv)));
    text
}

/// Standard algebraic notation without the check suffix.
fn san(position: &SlidingPosition, mv: Move) -> String {
    let chess = position.chess();
    let from = mv.from();
    let to = mv.to();
    if mv.is_castle() {
        return if to.file() > from.file() {
            "O-O".into()
        } else {
            "O-O-O".into()
        };
    }
    let Some(piece) = chess.piece_at(from) else {
        return move_text(SlidingMove::Chess(mv));
    };
    let capture = mv.kind() == MoveKind::EnPassant || chess.piece_at(to).is_some();
    let mut text = String::new();
    if piece.role == Role::Pawn {
        if capture {
            text.push(char::from(b'a' + from.file()));
        }
    } else {
        text.push(piece.role.upper_char());
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let rivals: Vec<Square> = moves
            .iter()
            .filter_map(|other| match other {
                SlidingMove::Chess(other)
                    if other.to() == to
                        && other.from() != from
                        && !other.is_castle()
                        && chess.piece_at(other.from()) == Some(piece) =>
                {
                    Some(other.from())
                }
                _ => None,
            })
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|sq| sq.file() == from.file());
            let same_rank = rivals.iter().any(|sq| sq.rank() == from.rank());
            if !same_file {
                text.push(char::from(b'a' + from.file()));
            } else if !same_rank {
                text.push(char::from(b'1' + from.rank()));
            } else {
                text.push_str(&from.to_string());
            }
        }
    }
    if capture {
        text.push('x');
    }
    text.push_str(&to.to_string());
    if let Some(role) = mv.promotion_role() {
        text.push('=');
        text.push(role.upper_char());
    }
    text
}
