//! What the screen draws, in absolute (x, y) board coordinates so that the UI needs no rules:
//! [`BoardView`] and its parts, and [`ViewPosition`], the one trait each variant implements
//! (in its own `view.rs`) to describe its board and to read the readable move forms it has.

use crate::game::Game;
use crate::position::GamePosition;
use crate::types::Square;
use serde::Serialize;

/// What a legal target square of a selected piece means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetKind {
    Normal,
    Capture,
    Castle,
    Promotion,
    /// A regroupment setup swap.
    Swap,
}

/// A square the selected piece may go to, with the text to play (a promotion's text lacks the
/// piece letter, so playing it leaves the promotion pending).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Target {
    pub x: u8,
    pub y: u8,
    pub kind: TargetKind,
    pub text: String,
}

/// A piece on the board, in absolute coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ViewPiece {
    pub x: u8,
    pub y: u8,
    /// FEN letter (upper case White).
    pub piece: char,
}

/// A slidable tile (sliding chess): its lower-left square and the text that slides it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SlideOption {
    pub x: u8,
    pub y: u8,
    pub gap_x: u8,
    pub gap_y: u8,
    pub text: String,
}

/// What to draw for one ply: board size, pieces, gap, inner board, highlights and, for a
/// selected square of the live position, its legal targets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardView {
    pub width: u8,
    pub height: u8,
    pub pieces: Vec<ViewPiece>,
    /// Squares that do not exist (the sliding gap).
    pub blocked: Vec<(u8, u8)>,
    /// The inner board's a1 (relative chess).
    pub inner_origin: Option<(u8, u8)>,
    /// The king in check.
    pub check: Option<(u8, u8)>,
    /// The squares of the move that led here.
    pub last_move: Vec<(u8, u8)>,
    pub targets: Vec<Target>,
    /// Tiles that may slide now (sliding chess, live position only).
    pub slides: Vec<SlideOption>,
}

/// What the text-level game facade needs from a variant beyond [`GamePosition`].
pub trait ViewPosition: GamePosition {
    /// The board after `ply` plies of `game` (`ply` at most its ply count), with the legal
    /// targets of the piece on `selected` when `ply` is the live position.
    fn board_view(game: &Game<Self>, ply: usize, selected: Option<(u8, u8)>) -> BoardView;

    /// The move text of a legal move written in the variant's readable notation (SAN), when it
    /// has one and `text` is not already move text. A promotion written without its piece
    /// (`e8`) gives the from-to without the letter, which leaves the choice pending.
    fn move_text_from_readable(&self, legal: &[Self::Move], text: &str) -> Option<String> {
        let _ = (legal, text);
        None
    }

    /// What the move list writes after the readable notation of `mv`, for a variant whose
    /// moves do more than SAN says (relative chess: the recentering and the pieces lost over
    /// the edge). Kept apart from the notation so that typed moves need not repeat it.
    fn move_marks(&self, mv: Self::Move) -> String {
        let _ = mv;
        String::new()
    }
}

/// The (x, y) of an 8×8 square.
pub(crate) fn xy(square: Square) -> (u8, u8) {
    (square.file(), square.rank())
}

/// The 8×8 square at (x, y), if there is one.
pub(crate) fn square_at(x: u8, y: u8) -> Option<Square> {
    Square::try_from_coords(x as i32, y as i32)
}
