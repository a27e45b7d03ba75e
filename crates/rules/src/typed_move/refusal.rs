//! Why a readable typed move cannot be played, worked out from the board: no piece there, the
//! other side's piece, a piece that does not move that way, castling not allowed, a move that
//! leaves the king in check, or a text that fits more than one move.

use super::reading::{name, Reading, SanName, SquaresReading, Xy};
use crate::attacks;
use crate::chess::ChessPosition;
use crate::relative::RelativePosition;
use crate::sliding::SlidingPosition;
use crate::types::{Color, Piece, Role, Square};
use crate::view::BoardView;
use std::fmt;

/// The reason a readable move is illegal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game has ended.
    GameOver,
    /// No piece stands on the square the move leaves.
    NoPiece { square: String },
    /// The piece on the square the move leaves belongs to the side not to move.
    OpponentsPiece { square: String, turn: Color },
    /// Only the side not to move has a piece that moves like that (`Nf3` on Black's move).
    OpponentsMove { turn: Color },
    /// The piece letter typed is not the piece on the square.
    NotThatPiece {
        square: String,
        typed: Role,
        found: Role,
    },
    /// The side to move has no such piece.
    NoSuchPiece { role: Role, color: Color },
    /// The piece (or no piece of that kind, when `from` is `None`) can go there.
    CannotGo {
        role: Role,
        color: Color,
        from: Option<String>,
        to: String,
    },
    /// Castling that the rules do not allow now.
    Castling { in_check: bool },
    /// The king stands in check and the move does not end it.
    StillInCheck,
    /// The piece is pinned: moving it would leave its king in check.
    Pinned { role: Role, square: String },
    /// The king would move into check.
    KingAttacked { square: String },
    /// The text fits more than one legal move (their readable notation).
    Ambiguous { candidates: Vec<String> },
    /// A regroupment setup step the setup rules refuse, in their words.
    Setup(String),
    /// A readable move that no legal move matches, when the board cannot say more.
    NoSuchMove,
}

fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => write!(f, "the game is over"),
            Refusal::NoPiece { square } => write!(f, "there is no piece on {square}"),
            Refusal::OpponentsPiece { square, turn } => write!(
                f,
                "the piece on {square} is {}'s, and it is {}'s move",
                side(turn.other()),
                side(*turn)
            ),
            Refusal::OpponentsMove { turn } => write!(f, "it is {}'s move", side(*turn)),
            Refusal::NotThatPiece {
                square,
                typed,
                found,
            } => write!(
                f,
                "the piece on {square} is a {}, not a {}",
                found.name(),
                typed.name()
            ),
            Refusal::NoSuchPiece { role, color } => {
                write!(f, "{} has no {}", side(*color), role.name())
            }
            Refusal::CannotGo {
                role,
                color,
                from: Some(from),
                to,
            } => write!(
                f,
                "the {} {} on {from} cannot go to {to}",
                color.name(),
                role.name()
            ),
            Refusal::CannotGo {
                role,
                color,
                from: None,
                to,
            } => write!(f, "no {} {} can go to {to}", color.name(), role.name()),
            Refusal::Castling { in_check: true } => {
                write!(f, "castling is not allowed while in check")
            }
            Refusal::Castling { in_check: false } => write!(
                f,
                "castling that way is not allowed now (the king or rook has moved, a square \
                 between is taken, or the king would pass through check)"
            ),
            Refusal::StillInCheck => write!(f, "the king is in check and this does not end it"),
            Refusal::Pinned { role, square } => write!(
                f,
                "it leaves the king in check (the {} on {square} is pinned)",
                role.name()
            ),
            Refusal::KingAttacked { square } => {
                write!(f, "it leaves the king in check (on {square})")
            }
            Refusal::Ambiguous { candidates } => {
                write!(f, "ambiguous, it could be {}", candidates.join(" or "))
            }
            Refusal::Setup(reason) => write!(f, "{reason}"),
            Refusal::NoSuchMove => write!(f, "no legal move matches it"),
        }
    }
}

/// What a variant can tell about a move its pieces' movement allows but the rules refuse.
pub(crate) trait RefusalHints {
    /// Whether readable notation names the squares of the board (relative chess may name them
    /// from the inner board instead).
    fn notation_names_board_squares(&self) -> bool {
        true
    }

    /// Whether the piece on `from` moves so as to reach `to` (check and castling aside);
    /// `false` when the variant cannot tell.
    fn reaches(&self, from: Xy, to: Xy) -> bool {
        let _ = (from, to);
        false
    }

    /// Why a move that [`RefusalHints::reaches`] is still illegal, as far as check goes.
    fn check_refusal(&self, from: Xy, to: Xy) -> Option<Refusal> {
        let _ = (from, to);
        None
    }
}

fn square(xy: Xy) -> Option<Square> {
    Square::try_from_coords(i32::from(xy.0), i32::from(xy.1))
}

fn chess_reaches(position: &ChessPosition, from: Xy, to: Xy) -> bool {
    let (Some(from), Some(to)) = (square(from), square(to)) else {
        return false;
    };
    let Some(piece) = position.piece_at(from) else {
        return false;
    };
    if position.by_color(piece.color).contains(to) || position.blocked().contains(to) {
        return false;
    }
    let occupied = position.occupied() | position.blocked();
    if piece.role != Role::Pawn {
        return attacks::attacks(piece, from, occupied).contains(to);
    }
    let forward = piece.color.forward();
    let target_free = !occupied.contains(to);
    if attacks::pawn_attacks(piece.color, from).contains(to) {
        return !target_free || position.ep_square() == Some(to);
    }
    let one = from.offset(0, forward);
    let two = from.offset(0, 2 * forward);
    (one == Some(to) && target_free)
        || (two == Some(to)
            && from.relative_rank(piece.color) == 1
            && target_free
            && one.is_some_and(|one| !occupied.contains(one)))
}

fn chess_check_refusal(position: &ChessPosition, from: Xy, to: Xy) -> Option<Refusal> {
    let piece = position.piece_at(square(from)?)?;
    if piece.color != position.turn() || !chess_reaches(position, from, to) {
        return None;
    }
    if piece.role == Role::King {
        return Some(Refusal::KingAttacked { square: name(to) });
    }
    if position.is_check() {
        return Some(Refusal::StillInCheck);
    }
    position
        .pinned(piece.color)
        .contains(square(from)?)
        .then(|| Refusal::Pinned {
            role: piece.role,
            square: name(from),
        })
}

impl RefusalHints for ChessPosition {
    fn reaches(&self, from: Xy, to: Xy) -> bool {
        chess_reaches(self, from, to)
    }

    fn check_refusal(&self, from: Xy, to: Xy) -> Option<Refusal> {
        chess_check_refusal(self, from, to)
    }
}

impl RefusalHints for SlidingPosition {
    fn reaches(&self, from: Xy, to: Xy) -> bool {
        chess_reaches(self.chess(), from, to)
    }

    fn check_refusal(&self, from: Xy, to: Xy) -> Option<Refusal> {
        chess_check_refusal(self.chess(), from, to)
    }
}

impl RefusalHints for RelativePosition {
    fn notation_names_board_squares(&self) -> bool {
        false
    }
}

/// The pieces of the live board, for the reasons.
pub(crate) struct Board {
    pub width: u8,
    pub height: u8,
    pieces: Vec<(Xy, Piece)>,
    turn: Color,
    in_check: bool,
}

impl Board {
    pub fn new(view: &BoardView, turn: Color, in_check: bool) -> Board {
        Board {
            width: view.width,
            height: view.height,
            pieces: view
                .pieces
                .iter()
                .filter_map(|p| Some(((p.x, p.y), Piece::from_fen_char(p.piece)?)))
                .collect(),
            turn,
            in_check,
        }
    }

    pub fn contains(&self, (x, y): Xy) -> bool {
        x < self.width && y < self.height
    }

    fn piece_at(&self, xy: Xy) -> Option<Piece> {
        self.pieces
            .iter()
            .find(|(at, _)| *at == xy)
            .map(|&(_, piece)| piece)
    }

    /// Why the move `reading` names is not legal (it matched no legal move).
    pub fn refusal(&self, position: &dyn RefusalHints, reading: &Reading) -> Refusal {
        match reading {
            Reading::Castle { .. } => Refusal::Castling {
                in_check: self.in_check,
            },
            Reading::Squares(squares) => self.squares_refusal(position, squares),
            Reading::San(_) if !position.notation_names_board_squares() => Refusal::NoSuchMove,
            Reading::San(san) => self.san_refusal(position, san),
        }
    }

    fn squares_refusal(&self, position: &dyn RefusalHints, squares: &SquaresReading) -> Refusal {
        let (from, to) = (squares.from, squares.to);
        let Some(piece) = self.piece_at(from) else {
            return Refusal::NoPiece { square: name(from) };
        };
        if piece.color != self.turn {
            return Refusal::OpponentsPiece {
                square: name(from),
                turn: self.turn,
            };
        }
        if let Some(typed) = squares.piece.filter(|&typed| typed != piece.role) {
            return Refusal::NotThatPiece {
                square: name(from),
                typed,
                found: piece.role,
            };
        }
        let king_stride = from.1 == to.1 && from.0.abs_diff(to.0) >= 2;
        let onto_own_rook = self
            .piece_at(to)
            .is_some_and(|other| other == Piece::new(piece.color, Role::Rook));
        if piece.role == Role::King && (king_stride || onto_own_rook) {
            return Refusal::Castling {
                in_check: self.in_check,
            };
        }
        if let Some(refusal) = position.check_refusal(from, to) {
            return refusal;
        }
        Refusal::CannotGo {
            role: piece.role,
            color: piece.color,
            from: Some(name(from)),
            to: name(to),
        }
    }

    fn san_refusal(&self, position: &dyn RefusalHints, san: &SanName) -> Refusal {
        let of_kind = |color: Color| -> Vec<Xy> {
            self.pieces
                .iter()
                .filter(|(xy, piece)| {
                    *piece == Piece::new(color, san.piece)
                        && san.file.is_none_or(|file| xy.0 == file)
                        && san.rank.is_none_or(|rank| xy.1 == rank)
                })
                .map(|&(xy, _)| xy)
                .collect()
        };
        let ours = of_kind(self.turn);
        let any_ours = self
            .pieces
            .iter()
            .any(|(_, piece)| *piece == Piece::new(self.turn, san.piece));
        if !any_ours && of_kind(self.turn.other()).is_empty() {
            return Refusal::NoSuchPiece {
                role: san.piece,
                color: self.turn,
            };
        }
        if let Some(refusal) = ours
            .iter()
            .find_map(|&from| position.check_refusal(from, san.to))
        {
            return refusal;
        }
        let theirs_could = of_kind(self.turn.other())
            .into_iter()
            .any(|from| position.reaches(from, san.to));
        let ours_could = ours.iter().any(|&from| position.reaches(from, san.to));
        if theirs_could && !ours_could {
            return Refusal::OpponentsMove { turn: self.turn };
        }
        if !any_ours {
            return Refusal::NoSuchPiece {
                role: san.piece,
                color: self.turn,
            };
        }
        Refusal::CannotGo {
            role: san.piece,
            color: self.turn,
            from: None,
            to: name(san.to),
        }
    }
}
