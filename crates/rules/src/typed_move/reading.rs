//! The ways one piece of typed text can be read as a move: castling, two squares (with an
//! optional piece letter, separators and promotion piece), or SAN-like notation; and the same
//! parser taking apart each legal move's own readable notation.

use super::refusal::Board;
use crate::types::Role;

/// A square as (file, rank) counted from a1 = (0, 0), on a board of any size.
pub(crate) type Xy = (u8, u8);

/// Typed text without white space, without check, mate and annotation marks (`+ # ! ?`) and
/// without an en-passant remark (`e.p.`).
pub(crate) fn normal_form(text: &str) -> String {
    let mut text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    loop {
        let kept = text.trim_end_matches(['+', '#', '!', '?']).len();
        let remark =
            text.len() >= 4 && text.as_bytes()[text.len() - 4..].eq_ignore_ascii_case(b"e.p.");
        let kept = if remark {
            kept.min(text.len() - 4)
        } else {
            kept
        };
        if kept == text.len() {
            return text;
        }
        text.truncate(kept);
    }
}

/// Two squares as plain move text (`e2 e4`, `E2-E4`, `e7e8=Q` → `e2e4`, `e7e8q`), for the
/// rules' own move-text reader; other text is returned in its normal form.
pub(crate) fn joined_squares(typed: &str) -> String {
    let text = normal_form(typed);
    match read_squares(&text) {
        Some(squares) if squares.piece.is_none() => {
            let mut joined = format!("{}{}", name(squares.from), name(squares.to));
            if let Some(role) = squares.promotion {
                joined.push(role.char());
            }
            joined
        }
        _ => text,
    }
}

/// The name of a square, `a1` style.
pub(crate) fn name((x, y): Xy) -> String {
    format!("{}{}", (b'a' + x) as char, u32::from(y) + 1)
}

/// A move named by its two squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SquaresReading {
    pub piece: Option<Role>,
    pub from: Xy,
    pub to: Xy,
    pub promotion: Option<Role>,
}

/// A move in SAN's shape: piece (pawn when none is written), optional file and rank of the
/// square it leaves, target square, promotion piece; or castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SanName {
    /// `Some(long)` for castling (then the rest means nothing).
    pub castle: Option<bool>,
    pub piece: Role,
    pub file: Option<u8>,
    pub rank: Option<u8>,
    pub to: Xy,
    pub promotion: Option<Role>,
}

/// One way of reading typed text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reading {
    Castle { long: bool },
    Squares(SquaresReading),
    San(SanName),
}

/// How a leading lower-case piece letter is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PieceCase {
    /// Only `N B R Q K` (and `P`) are pieces; everything else is a pawn move, in any case
    /// (`E4`, `bxc3`).
    AsWritten,
    /// A leading `n b r q k` is a piece (`nf3`, `bc4`): tried only when nothing else fits.
    LowerCasePiece,
}

/// The readings of typed text in order of preference: a later group is tried only when no
/// reading of the earlier ones names a legal move (so `bxc3` is a pawn when a pawn can take on
/// c3, and a bishop only when none can). Readings off the board are dropped.
pub(crate) fn tiers(typed: &str, board: &Board) -> Vec<Vec<Reading>> {
    let text = normal_form(typed);
    let mut first = Vec::new();
    if let Some(long) = read_castle(&text) {
        first.push(Reading::Castle { long });
    }
    if let Some(squares) = read_squares(&text) {
        if board.contains(squares.from) && board.contains(squares.to) {
            first.push(Reading::Squares(squares));
        }
    }
    let san = |case| {
        read_san(&text, case)
            .filter(|san| {
                san.castle.is_none()
                    && board.contains(san.to)
                    && san.file.is_none_or(|file| file < board.width)
                    && san.rank.is_none_or(|rank| rank < board.height)
            })
            .map(Reading::San)
            .into_iter()
            .collect::<Vec<_>>()
    };
    vec![
        first,
        san(PieceCase::AsWritten),
        san(PieceCase::LowerCasePiece),
    ]
}

/// `O-O`, `0-0`, `o-o` (with or without dashes) and the long forms.
fn read_castle(text: &str) -> Option<bool> {
    let mut letters = 0;
    for c in text.bytes() {
        match c {
            b'O' | b'o' | b'0' => letters += 1,
            b'-' => {}
            _ => return None,
        }
    }
    match letters {
        2 => Some(false),
        3 => Some(true),
        _ => None,
    }
}

/// A square at the start of `text` (`e4`, `k12`), in either case; with how many bytes it took.
fn read_square(text: &[u8]) -> Option<(Xy, usize)> {
    let file = text.first()?.to_ascii_lowercase();
    if !file.is_ascii_lowercase() {
        return None;
    }
    let digits = text[1..]
        .iter()
        .take(2)
        .take_while(|c| c.is_ascii_digit())
        .count();
    let rank = read_rank(&text[1..1 + digits])?;
    Some(((file - b'a', rank), 1 + digits))
}

/// A rank number 1–26 as 0-based.
fn read_rank(digits: &[u8]) -> Option<u8> {
    if digits.is_empty() || digits.len() > 2 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let rank = digits.iter().fold(0u8, |rank, d| rank * 10 + (d - b'0'));
    (1..=26).contains(&rank).then(|| rank - 1)
}

/// A promotion piece letter, in either case.
fn promotion_role(c: u8) -> Option<Role> {
    Role::from_char(c as char).filter(|role| !matches!(role, Role::Pawn | Role::King))
}

/// Two squares, optionally led by a piece letter and split by a `-`, `x` or `:` (white space
/// is already gone), and followed by a promotion piece (`=Q`, `q`).
fn read_squares(text: &str) -> Option<SquaresReading> {
    let bytes = text.as_bytes();
    let with_piece = bytes
        .first()
        .and_then(|&c| Role::from_char(c as char))
        .and_then(|role| {
            squares_after(&bytes[1..]).map(|reading| SquaresReading {
                piece: Some(role),
                ..reading
            })
        });
    with_piece.or_else(|| squares_after(bytes))
}

fn squares_after(text: &[u8]) -> Option<SquaresReading> {
    let (from, used) = read_square(text)?;
    let mut rest = &text[used..];
    if let [b'-' | b'x' | b'X' | b':', tail @ ..] = rest {
        rest = tail;
    }
    let (to, used) = read_square(rest)?;
    let promotion = match &rest[used..] {
        [] => None,
        [letter] | [b'=', letter] => Some(promotion_role(*letter)?),
        _ => return None,
    };
    Some(SquaresReading {
        piece: None,
        from,
        to,
        promotion,
    })
}

/// SAN-like text (`Nf3`, `Ngf3`, `N1f3`, `exd5`, `a8=Q`, `a8q`, `O-O`), already in its normal
/// form.
pub(crate) fn read_san(text: &str, case: PieceCase) -> Option<SanName> {
    let mut name = SanName {
        castle: None,
        piece: Role::Pawn,
        file: None,
        rank: None,
        to: (0, 0),
        promotion: None,
    };
    if let Some(long) = read_castle(text) {
        name.castle = Some(long);
        return Some(name);
    }
    let mut rest = text.as_bytes();
    let first = *rest.first()?;
    let piece_letters: &[u8] = match case {
        PieceCase::AsWritten => b"NBRQKP",
        PieceCase::LowerCasePiece => b"nbrqk",
    };
    if piece_letters.contains(&first) {
        name.piece = Role::from_char(first as char)?;
        rest = &rest[1..];
    } else if case == PieceCase::LowerCasePiece {
        return None;
    }
    // A promotion letter follows the target's rank, with or without `=`.
    if let [body @ .., last] = rest {
        if !last.is_ascii_digit() {
            name.promotion = Some(promotion_role(*last)?);
            rest = body.strip_suffix(b"=").unwrap_or(body);
            if name.piece != Role::Pawn {
                return None;
            }
        }
    }
    let digits = rest.iter().rev().take_while(|c| c.is_ascii_digit()).count();
    let target_start = rest.len().checked_sub(digits + 1)?;
    let (to, used) = read_square(&rest[target_start..])?;
    if target_start + used != rest.len() {
        return None;
    }
    name.to = to;
    let mut hint = &rest[..target_start];
    if let [body @ .., b'x' | b'X' | b':' | b'-'] = hint {
        hint = body;
    }
    match hint {
        [] => {}
        [file, ..] if file.is_ascii_alphabetic() => {
            name.file = Some(file.to_ascii_lowercase() - b'a');
            if hint.len() > 1 {
                name.rank = Some(read_rank(&hint[1..])?);
            }
        }
        digits => name.rank = Some(read_rank(digits)?),
    }
    Some(name)
}

/// The from, to and promotion of move text written as two squares (`e7e8q`, `k5j7`).
pub(crate) fn move_text_squares(text: &str) -> Option<(Xy, Xy, Option<Role>)> {
    if !text.as_bytes().first()?.is_ascii_lowercase() {
        return None;
    }
    let reading = squares_after(text.as_bytes())?;
    Some((reading.from, reading.to, reading.promotion))
}
