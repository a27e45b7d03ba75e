//! Move text (UCI for chess moves, `S:c1>c3` for slides) and the readable move-list form
//! (SAN for chess moves, the slide text with `=Q`, `+` and `#`).

use super::tile::Tile;
use super::{SlidingMove, SlidingPosition};
use crate::chess::Move;
use crate::position::{GamePosition, MoveTextError};
use crate::types::Square;

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

/// Standard algebraic notation without the check suffix: the chess writer, disambiguated
/// against the chess moves among the legal actions.
fn san(position: &SlidingPosition, mv: Move) -> String {
    let mut actions = Vec::new();
    position.legal_moves(&mut actions);
    let chess_moves: Vec<Move> = actions
        .into_iter()
        .filter_map(|action| match action {
            SlidingMove::Chess(chess_move) => Some(chess_move),
            SlidingMove::Slide { .. } => None,
        })
        .collect();
    position.chess().san_with(mv, &chess_moves)
}
