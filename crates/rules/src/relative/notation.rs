//! Move text of relative chess (absolute from-to squares of the outer board plus a promotion
//! letter) and the readable notation of the move list.

use super::moves::{RelativeMove, RelativeMoveKind};
use super::position::{code_role, RelativePosition};
use super::square::{AbsSquare, NO_SQUARE};
use crate::position::MoveTextError;
use crate::types::Role;

impl RelativePosition {
    /// Reads move text (`k5j7`, `i12i13q`, either case for the promotion letter, white space
    /// around allowed) and finds the legal move it names.
    pub fn parse_move(&self, text: &str) -> Result<RelativeMove, MoveTextError> {
        let trimmed = text.trim();
        let unreadable = || MoveTextError::Unreadable {
            text: text.to_string(),
        };
        let size = self.size();
        let (from, rest) = AbsSquare::parse_prefix(trimmed, size).ok_or_else(unreadable)?;
        let (to, rest) = AbsSquare::parse_prefix(rest, size).ok_or_else(unreadable)?;
        let promotion = match rest {
            "" => None,
            letter => {
                let mut chars = letter.chars();
                match (chars.next().and_then(Role::from_char), chars.next()) {
                    (Some(role), None) if Role::PROMOTIONS.contains(&role) => Some(role),
                    _ => return Err(unreadable()),
                }
            }
        };
        self.legal_move_list()
            .into_iter()
            .find(|mv| mv.from() == from && mv.to() == to && mv.promotion() == promotion)
            .ok_or_else(|| MoveTextError::Illegal {
                text: text.to_string(),
            })
    }

    /// Readable notation: SAN over absolute squares. Castling is `O-O` / `O-O-O`; other moves
    /// are the piece letter (none for pawns), the mover's absolute file and/or rank when
    /// another piece of the same kind could reach the same target, `x` for a capture on the
    /// target (a pawn capture starts with its file), the absolute target, `=Q` for a
    /// promotion, then `+` for check and `#` for mate or for the opponent's king lost over the
    /// edge. Pieces lost over the edge are not spelled out.
    pub fn move_notation(&self, mv: RelativeMove) -> String {
        let mut text = String::new();
        let from_index = self.index_of_abs(mv.from());
        let role = code_role(self.board[from_index]);
        if mv.kind() == RelativeMoveKind::Castle {
            text.push_str(if mv.to().x > mv.from().x {
                "O-O"
            } else {
                "O-O-O"
            });
        } else {
            let capture =
                mv.kind() == RelativeMoveKind::EnPassant || self.piece_at(mv.to()).is_some();
            if role == Role::Pawn {
                if capture {
                    text.push((b'a' + mv.from().x) as char);
                }
            } else {
                text.push(role.upper_char());
                let rivals: Vec<RelativeMove> = self
                    .legal_move_list()
                    .into_iter()
                    .filter(|other| {
                        other.to() == mv.to()
                            && other.from() != mv.from()
                            && code_role(self.board[self.index_of_abs(other.from())]) == role
                    })
                    .collect();
                if !rivals.is_empty() {
                    let file = (b'a' + mv.from().x) as char;
                    let rank = mv.from().y as u32 + 1;
                    if rivals.iter().all(|r| r.from().x != mv.from().x) {
                        text.push(file);
                    } else if rivals.iter().all(|r| r.from().y != mv.from().y) {
                        text.push_str(&rank.to_string());
                    } else {
                        text.push(file);
                        text.push_str(&rank.to_string());
                    }
                }
            }
            if capture {
                text.push('x');
            }
            text.push_str(&mv.to().to_string());
            if let Some(promotion) = mv.promotion() {
                text.push('=');
                text.push(promotion.upper_char());
            }
        }
        let mut next = self.clone();
        next.apply(mv, None);
        if next.kings[next.turn.index()] == NO_SQUARE {
            text.push('#');
        } else if next.in_check() {
            text.push(if next.legal_move_list().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        text
    }
}
