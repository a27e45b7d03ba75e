//! Move text of relative chess (absolute from-to squares of the outer board plus a promotion
//! letter) and the readable notation of the move list.

use super::moves::{RelativeMove, RelativeMoveKind};
use super::position::{code_role, RelativePosition};
use super::square::{AbsSquare, NO_SQUARE};
use crate::position::MoveTextError;
use crate::types::{Color, Piece, Role};

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

    /// Readable notation (`docs/rules-relative.md`, "Writing moves"): SAN over *relative*
    /// squares, as the mover sees the inner board before the move, so 1.Nf3 is `Nf3`.
    /// Castling is `O-O` / `O-O-O`; other moves are the piece letter (none for pawns), the
    /// mover's relative file and/or rank when another piece of the same kind could reach the
    /// same target, `x` for a capture on the target (a pawn capture starts with its file), the
    /// relative target, `=Q` for a promotion, then `+` for check and `#` for mate or for the
    /// opponent's king lost over the edge. Squares off the inner board are named by
    /// [`relative_square_name`]. What the shift and the recentering did is not part of the
    /// name; [`RelativePosition::move_marks`] writes it.
    pub fn move_notation(&self, mv: RelativeMove) -> String {
        let mut text = self.readable_name(mv);
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

    /// The readable name of a move without its check sign.
    fn readable_name(&self, mv: RelativeMove) -> String {
        let mut text = String::new();
        let from_index = self.index_of_abs(mv.from());
        let role = code_role(self.board[from_index]);
        if mv.kind() == RelativeMoveKind::Castle {
            text.push_str(if mv.to().x > mv.from().x {
                "O-O"
            } else {
                "O-O-O"
            });
            return text;
        }
        let (from_file, from_rank) = self.relative_of(mv.from());
        let capture = mv.kind() == RelativeMoveKind::EnPassant || self.piece_at(mv.to()).is_some();
        if role == Role::Pawn {
            if capture {
                text.push_str(&relative_file_name(from_file));
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
                if rivals.iter().all(|r| r.from().x != mv.from().x) {
                    text.push_str(&relative_file_name(from_file));
                } else if rivals.iter().all(|r| r.from().y != mv.from().y) {
                    text.push_str(&relative_rank_name(from_rank));
                } else {
                    text.push_str(&relative_square_name(self.relative_of(mv.from())));
                }
            }
        }
        if capture {
            text.push('x');
        }
        text.push_str(&relative_square_name(self.relative_of(mv.to())));
        if let Some(promotion) = mv.promotion() {
            text.push('=');
            text.push(promotion.upper_char());
        }
        text
    }

    /// The marks the move list writes after a move's name: an arrow for the recentering step
    /// (the direction in which the inner board and every piece moved, seen from White's side)
    /// and `†` followed by the pieces lost over the edge at either check (FEN letters, White's
    /// first, each side from the king down). Empty when the move neither recentred nor lost
    /// anything: `↖` after 1.Nf3, `†Bn` after a Leibnizian shift that throws a white bishop
    /// and a black knight over the rim.
    pub fn move_marks(&self, mv: RelativeMove) -> String {
        let report = self.clone().play_with_report(mv);
        let mut marks = String::new();
        if let Some(arrow) = recentering_arrow(report.recentering) {
            marks.push(arrow);
        }
        // White's first, each side from the king down, whatever order they fell in.
        let fell: Vec<Piece> = report
            .lost_at_shift
            .iter()
            .chain(&report.lost_at_recentering)
            .map(|loss| loss.piece)
            .collect();
        let mut lost = String::new();
        for color in Color::ALL {
            for role in Role::ALL.into_iter().rev() {
                for piece in fell.iter().filter(|p| p.color == color && p.role == role) {
                    lost.push(piece.fen_char());
                }
            }
        }
        if !lost.is_empty() {
            marks.push(LOST_MARK);
            marks.push_str(&lost);
        }
        marks
    }

    /// The legal move a readable name names (`Nf3`, `exd5`, `O-O`, `Ra'4`, `e8=Q`), checked
    /// against each legal move's own name, so that only what the move list writes is read.
    /// Check signs, the move list's marks and `0-0` for `O-O` are accepted. The flag is set
    /// when the name is a promotion without its piece (`e8`): the caller leaves the choice open.
    pub fn find_readable(&self, text: &str) -> Option<(RelativeMove, bool)> {
        let wanted = normalize_readable(text)?;
        let legal = self.legal_move_list();
        let named = |name: &str| {
            legal
                .iter()
                .copied()
                .find(|&mv| self.readable_name(mv) == name)
        };
        if let Some(mv) = named(&wanted) {
            return Some((mv, false));
        }
        let queened = named(&format!("{wanted}=Q"))?;
        Some((queened, true))
    }
}

/// Precedes the pieces lost over the edge in a move's marks.
pub const LOST_MARK: char = '\u{2020}';

/// The arrows of the recentering step, indexed by (dx + 1) + 3 (dy + 1).
const ARROWS: [Option<char>; 9] = [
    Some('\u{2199}'),
    Some('\u{2193}'),
    Some('\u{2198}'),
    Some('\u{2190}'),
    None,
    Some('\u{2192}'),
    Some('\u{2196}'),
    Some('\u{2191}'),
    Some('\u{2197}'),
];

fn recentering_arrow((dx, dy): (i32, i32)) -> Option<char> {
    let index = (dx.clamp(-1, 1) + 1) + 3 * (dy.clamp(-1, 1) + 1);
    ARROWS[index as usize]
}

/// The name of a relative file: `a`…`z` from the inner board's a-file rightwards (files past
/// `h` are off the inner board), and for files left of the inner board the letter of the file
/// they mirror across its left edge, primed: `a'` is the file just left of `a`, `b'` the next.
pub fn relative_file_name(file: i32) -> String {
    let letter = |index: i32| (b'a' + index.clamp(0, 25) as u8) as char;
    if file >= 0 {
        letter(file).to_string()
    } else {
        format!("{}'", letter(-file - 1))
    }
}

/// The name of a relative rank (0 = rank 1): `1`, `2`, … upwards (past `8` off the inner
/// board), and below the inner board the rank it mirrors across the bottom edge, primed:
/// `1'` is the rank just below rank 1.
pub fn relative_rank_name(rank: i32) -> String {
    if rank >= 0 {
        (rank + 1).to_string()
    } else {
        format!("{}'", -rank)
    }
}

/// A relative square (a1 = (0, 0)) named as in the move list: `f3`, `j5`, `a'4`, `c1'`.
pub fn relative_square_name((file, rank): (i32, i32)) -> String {
    relative_file_name(file) + &relative_rank_name(rank)
}

/// A typed readable name reduced to what [`RelativePosition::move_notation`] writes before its
/// check sign; `None` when nothing is left.
fn normalize_readable(text: &str) -> Option<String> {
    let text = text.trim();
    let marks = text
        .char_indices()
        .find(|&(_, c)| c == LOST_MARK || ARROWS.contains(&Some(c)))
        .map_or(text.len(), |(at, _)| at);
    let core = text[..marks]
        .trim_end_matches(['+', '#', '!', '?'])
        .trim_end();
    let name = match core {
        "" => return None,
        "0-0" => "O-O",
        "0-0-0" => "O-O-O",
        name => name,
    };
    Some(name.to_string())
}
