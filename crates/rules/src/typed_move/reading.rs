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
        let before = text.len();
        text.truncate(text.trim_end_matches(['+', '#', '!', '?']).len());
        if text.to_ascii_lowercase().ends_with("e.p.") {
            text.truncate(text.len() - 4);
        }
        if text.len() == before {
            return text;
        }
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
    let letters: String = text
        .chars()
        .filter(|&c| c != '-')
        .map(|c| {
            if c == '0' {
                'o'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect();
    match letters.as_str() {
        "oo" => Some(false),
        "ooo" => Some(true),
        _ => None,
    }
}

/// A square at the start of `chars` (`e4`, `k12`), in either case; with how many characters
/// it took.
fn read_square(chars: &[char]) -> Option<(Xy, usize)> {
    let file = chars.first()?.to_ascii_lowercase();
    if !file.is_ascii_lowercase() {
        return None;
    }
    let digits = chars[1..]
        .iter()
        .take(2)
        .take_while(|c| c.is_ascii_digit())
        .count();
    let rank: u32 = chars[1..1 + digits]
        .iter()
        .collect::<String>()
        .parse()
        .ok()?;
    if rank == 0 || rank > 26 {
        return None;
    }
    Some(((file as u8 - b'a', (rank - 1) as u8), 1 + digits))
}

/// A promotion piece letter, in either case.
fn promotion_role(c: char) -> Option<Role> {
    Role::from_char(c)
        .filter(|role| matches!(role, Role::Queen | Role::Rook | Role::Bishop | Role::Knight))
}

/// Two squares, optionally led by a piece letter and split by a space, `-`, `x` or `:`, and
/// followed by a promotion piece (`=Q`, `q`).
fn read_squares(text: &str) -> Option<SquaresReading> {
    let chars: Vec<char> = text.chars().collect();
    let with_piece = chars
        .first()
        .and_then(|&c| Role::from_char(c))
        .and_then(|role| {
            squares_after(&chars[1..]).map(|reading| SquaresReading {
                piece: Some(role),
                ..reading
            })
        });
    with_piece.or_else(|| squares_after(&chars))
}

fn squares_after(chars: &[char]) -> Option<SquaresReading> {
    let (from, used) = read_square(chars)?;
    let mut rest = &chars[used..];
    if let Some((first, tail)) = rest.split_first() {
        if matches!(first, '-' | 'x' | 'X' | ':') {
            rest = tail;
        }
    }
    let (to, used) = read_square(rest)?;
    let rest = &rest[used..];
    let rest = rest.strip_prefix(&['=']).unwrap_or(rest);
    let promotion = match rest {
        [] => None,
        [letter] => Some(promotion_role(*letter)?),
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
    if let Some(long) = read_castle(text) {
        return Some(SanName {
            castle: Some(long),
            piece: Role::King,
            file: None,
            rank: None,
            to: (0, 0),
            promotion: None,
        });
    }
    let mut chars: Vec<char> = text.chars().collect();
    let first = *chars.first()?;
    let piece = match case {
        PieceCase::AsWritten if matches!(first, 'N' | 'B' | 'R' | 'Q' | 'K' | 'P') => {
            chars.remove(0);
            Role::from_char(first)?
        }
        PieceCase::AsWritten => Role::Pawn,
        PieceCase::LowerCasePiece if matches!(first, 'n' | 'b' | 'r' | 'q' | 'k') => {
            chars.remove(0);
            Role::from_char(first)?
        }
        PieceCase::LowerCasePiece => return None,
    };
    // A promotion letter follows the target's rank, with or without `=`.
    let mut promotion = None;
    if let Some(&last) = chars.last() {
        if !last.is_ascii_digit() {
            promotion = Some(promotion_role(last)?);
            chars.pop();
            if chars.last() == Some(&'=') {
                chars.pop();
            }
            if piece != Role::Pawn {
                return None;
            }
        }
    }
    let digits = chars
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if digits == 0 || chars.len() < digits + 1 {
        return None;
    }
    let target_start = chars.len() - digits - 1;
    let (to, used) = read_square(&chars[target_start..])?;
    if target_start + used != chars.len() {
        return None;
    }
    let mut hint = &chars[..target_start];
    if let Some((last, rest)) = hint.split_last() {
        if matches!(last, 'x' | 'X' | ':' | '-') {
            hint = rest;
        }
    }
    let (file, rank) = match hint {
        [] => (None, None),
        [c] if c.is_ascii_alphabetic() => (Some(c.to_ascii_lowercase() as u8 - b'a'), None),
        [c, ..] if c.is_ascii_alphabetic() => {
            let (square, used) = read_square(hint)?;
            if used != hint.len() {
                return None;
            }
            (Some(square.0), Some(square.1))
        }
        digits => {
            let rank: u32 = digits.iter().collect::<String>().parse().ok()?;
            if rank == 0 || rank > 26 {
                return None;
            }
            (None, Some((rank - 1) as u8))
        }
    };
    Some(SanName {
        castle: None,
        piece,
        file,
        rank,
        to,
        promotion,
    })
}

/// The from, to and promotion of move text written as two squares (`e7e8q`, `k5j7`).
pub(crate) fn move_text_squares(text: &str) -> Option<(Xy, Xy, Option<Role>)> {
    let chars: Vec<char> = text.chars().collect();
    if !chars.first()?.is_ascii_lowercase() {
        return None;
    }
    let reading = squares_after(&chars)?;
    Some((reading.from, reading.to, reading.promotion))
}
