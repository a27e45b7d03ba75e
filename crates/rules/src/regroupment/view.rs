//! The board view of the setup phase: both back ranks as they stand, and the squares the king
//! or queen whose step it is may swap onto.

use super::{SetupPhase, SetupStep};
use crate::chess::{self, CastlingMode, ChessPosition};
use crate::types::{Color, Role};
use crate::view::{square_at, BoardView, Target, TargetKind};

impl SetupPhase {
    /// The board as the steps so far left it; `selected` (x, y) asks for the swap targets of
    /// the piece there, which exist only when it is the piece whose step it is.
    pub fn board_view(&self, selected: Option<(u8, u8)>) -> Option<BoardView> {
        let position =
            ChessPosition::from_fen_mode(&self.board_fen(), CastlingMode::Chess960).ok()?;
        let mut view = chess::view::board(&position);
        view.targets = self.swap_targets(selected);
        Some(view)
    }

    fn swap_targets(&self, selected: Option<(u8, u8)>) -> Vec<Target> {
        let Some((color, relocator)) = self.next_turn() else {
            return Vec::new();
        };
        let Some(from) = selected.and_then(|(x, y)| square_at(x, y)) else {
            return Vec::new();
        };
        let rank = if color == Color::White { 0 } else { 7 };
        let role = match relocator.letter() {
            'K' => Role::King,
            _ => Role::Queen,
        };
        if from.rank() != rank || self.back_rank(color)[from.file() as usize] != role {
            return Vec::new();
        }
        self.legal_steps()
            .into_iter()
            .filter_map(|step: SetupStep| {
                let square = step.swap_with?;
                Some(Target {
                    x: square.file(),
                    y: square.rank(),
                    kind: TargetKind::Swap,
                    text: step.to_string(),
                })
            })
            .collect()
    }
}
