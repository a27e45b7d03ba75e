//! Move text (UCI long algebraic, Chess960 king-takes-rook castling) and SAN, both ways.

use super::{CastlingMode, ChessPosition, Move, MoveKind, MoveList};
use crate::types::{Role, Square};
use std::fmt;

/// Why SAN could not be matched to a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    Unreadable(String),
    Illegal(String),
    Ambiguous(String),
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Unreadable(t) => write!(f, "'{t}' is not SAN"),
            SanError::Illegal(t) => write!(f, "'{t}' is not a legal move here"),
            SanError::Ambiguous(t) => write!(f, "'{t}' fits more than one legal move"),
        }
    }
}

impl std::error::Error for SanError {}

impl ChessPosition {
    /// UCI move text: `e2e4`, `e7e8q`; castling `e1g1` in standard mode and king-takes-rook
    /// (`e1h1`) in Chess960 mode.
    pub fn uci(&self, mv: Move) -> String {
        let to = match (mv.kind(), self.mode) {
            (MoveKind::Castle, CastlingMode::Standard) => {
                ChessPosition::castling_destinations(mv.from(), mv.to()).0
            }
            _ => mv.to(),
        };
        match mv.promotion_role() {
            Some(role) => format!("{}{}{}", mv.from(), to, role.char()),
            None => format!("{}{}", mv.from(), to),
        }
    }

    /// The legal move that UCI text `text` names, if any (either case for the promotion
    /// letter, surrounding white space ignored). In standard mode castling may also be
    /// written king-takes-rook.
    pub fn parse_uci(&self, text: &str) -> Option<Move> {
        let text = text.trim();
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return None;
        }
        let from = Square::parse(&text[0..2])?;
        let to = Square::parse(&text[2..4])?;
        let promotion = match text.get(4..5) {
            None => None,
            Some(letter) => {
                let role = Role::from_char(letter.chars().next()?)?;
                if !Role::PROMOTIONS.contains(&role) {
                    return None;
                }
                Some(role)
            }
        };
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.iter().copied().find(|&mv| {
            if mv.from() != from || mv.promotion_role() != promotion {
                return false;
            }
            if mv.is_castle() {
                mv.to() == to
                    || (self.mode == CastlingMode::Standard
                        && ChessPosition::castling_destinations(mv.from(), mv.to()).0 == to)
            } else {
                mv.to() == to
            }
        })
    }

    /// Standard algebraic notation with `+` / `#`.
    pub fn san(&self, mv: Move) -> String {
        let mut out = self.san_without_suffix(mv);
        let mut after = *self;
        after.play(mv);
        if after.is_check() {
            out.push(if after.count_legal() == 0 { '#' } else { '+' });
        }
        out
    }

    fn san_without_suffix(&self, mv: Move) -> String {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        self.san_with(mv, &moves)
    }

    /// SAN without the check suffix, disambiguated against `legal` (the chess moves legal
    /// here; a variant with other actions passes only its chess moves).
    pub(crate) fn san_with(&self, mv: Move, legal: &[Move]) -> String {
        if mv.is_castle() {
            return if mv.to().file() > mv.from().file() {
                "O-O".to_string()
            } else {
                "O-O-O".to_string()
            };
        }
        let Some(piece) = self.piece_at(mv.from()) else {
            return self.uci(mv);
        };
        let capture = self.piece_at(mv.to()).is_some() || mv.kind() == MoveKind::EnPassant;
        let mut out = String::new();
        if piece.role == Role::Pawn {
            if capture {
                out.push((b'a' + mv.from().file()) as char);
            }
        } else {
            out.push(piece.role.upper_char());
            let rivals: Vec<Square> = legal
                .iter()
                .filter(|m| {
                    m.to() == mv.to()
                        && m.from() != mv.from()
                        && !m.is_castle()
                        && self.piece_at(m.from()).map(|p| p.role) == Some(piece.role)
                })
                .map(|m| m.from())
                .collect();
            if !rivals.is_empty() {
                let same_file = rivals.iter().any(|s| s.file() == mv.from().file());
                let same_rank = rivals.iter().any(|s| s.rank() == mv.from().rank());
                if !same_file {
                    out.push((b'a' + mv.from().file()) as char);
                } else if !same_rank {
                    out.push((b'1' + mv.from().rank()) as char);
                } else {
                    out.push_str(&mv.from().to_string());
                }
            }
        }
        if capture {
            out.push('x');
        }
        out.push_str(&mv.to().to_string());
        if let Some(role) = mv.promotion_role() {
            out.push('=');
            out.push(role.upper_char());
        }
        out
    }

    /// Reads SAN (also `0-0`, missing or extra `+`/`#`, and promotion without `=`).
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let original = text.trim();
        let text = original.trim_end_matches(['+', '#', '!', '?']);
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        let unreadable = || SanError::Unreadable(original.to_string());

        if matches!(text, "O-O" | "0-0" | "O-O-O" | "0-0-0") {
            let king_side = text.len() == 3;
            let found: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.is_castle() && (m.to().file() > m.from().file()) == king_side)
                .collect();
            return match found.as_slice() {
                [mv] => Ok(*mv),
                [] => Err(SanError::Illegal(original.to_string())),
                _ => Err(SanError::Ambiguous(original.to_string())),
            };
        }

        let bytes = text.as_bytes();
        if !text.is_ascii() || bytes.len() < 2 {
            return Err(unreadable());
        }
        let (role, rest) = match bytes[0] {
            b'N' | b'B' | b'R' | b'Q' | b'K' => (
                Role::from_char(bytes[0] as char).ok_or_else(unreadable)?,
                &text[1..],
            ),
            _ => (Role::Pawn, text),
        };
        let (rest, promotion) = match rest.char_indices().last() {
            Some((i, c))
                if matches!(c, 'N' | 'B' | 'R' | 'Q' | 'n' | 'b' | 'r' | 'q')
                    && role == Role::Pawn =>
            {
                let body = rest[..i].trim_end_matches('=');
                (body, Role::from_char(c))
            }
            _ => (rest, None),
        };
        let rest = rest.replace(['x', ':', '-'], "");
        if rest.len() < 2 {
            return Err(unreadable());
        }
        let to = Square::parse(&rest[rest.len() - 2..]).ok_or_else(unreadable)?;
        let hint = &rest[..rest.len() - 2];
        let (mut file_hint, mut rank_hint) = (None, None);
        for c in hint.chars() {
            match c {
                'a'..='h' => file_hint = Some(c as u8 - b'a'),
                '1'..='8' => rank_hint = Some(c as u8 - b'1'),
                _ => return Err(unreadable()),
            }
        }
        let found: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| {
                !m.is_castle()
                    && m.to() == to
                    && self.piece_at(m.from()).map(|p| p.role) == Some(role)
                    && m.promotion_role() == promotion
                    && file_hint.is_none_or(|f| m.from().file() == f)
                    && rank_hint.is_none_or(|r| m.from().rank() == r)
            })
            .collect();
        match found.as_slice() {
            [mv] => Ok(*mv),
            [] => Err(SanError::Illegal(original.to_string())),
            _ => Err(SanError::Ambiguous(original.to_string())),
        }
    }
}
