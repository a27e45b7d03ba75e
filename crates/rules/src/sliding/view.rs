//! The board view of sliding chess: the chess board with the gap blocked, the last move or
//! slide, and at the live position the targets of a selected piece and the tiles that may slide.

use super::{SlidingMove, SlidingPosition};
use crate::chess::{self, Move};
use crate::game::Game;
use crate::position::GamePosition;
use crate::view::{square_at, xy, BoardView, SlideOption, ViewPosition};

impl ViewPosition for SlidingPosition {
    fn board_view(game: &Game<Self>, ply: usize, selected: Option<(u8, u8)>) -> BoardView {
        let position = game.position_at(ply).unwrap_or(game.position());
        let mut view = chess::view::board(position.chess());
        view.blocked = position.gap().squares().map(xy).collect();
        if ply > 0 {
            if let Some(record) = game.history().get(ply - 1) {
                view.last_move = match record.mv {
                    SlidingMove::Chess(mv) => chess::view::move_squares(mv),
                    SlidingMove::Slide { from, to } => {
                        (from.squares() | to.squares()).map(xy).collect()
                    }
                };
            }
        }
        if ply == game.ply_count() {
            let moves = game.legal_moves();
            let chess_moves: Vec<Move> = moves
                .iter()
                .filter_map(|mv| match mv {
                    SlidingMove::Chess(mv) => Some(*mv),
                    SlidingMove::Slide { .. } => None,
                })
                .collect();
            if let Some(from) = selected.and_then(|(x, y)| square_at(x, y)) {
                view.targets = chess::view::targets(position.chess(), &chess_moves, from, |mv| {
                    position.move_text(SlidingMove::Chess(mv))
                });
            }
            view.slides = moves
                .iter()
                .filter_map(|&mv| match mv {
                    SlidingMove::Slide { from, to } => Some(SlideOption {
                        x: from.lower_left().file(),
                        y: from.lower_left().rank(),
                        gap_x: to.lower_left().file(),
                        gap_y: to.lower_left().rank(),
                        text: position.move_text(mv),
                    }),
                    SlidingMove::Chess(_) => None,
                })
                .collect();
        }
        view
    }

    fn move_text_from_readable(&self, legal: &[SlidingMove], text: &str) -> Option<String> {
        let (chess_move, pending) = chess::view::read_san(self.chess(), text)?;
        let mv = SlidingMove::Chess(chess_move);
        legal.contains(&mv).then(|| {
            let mut text = self.move_text(mv);
            if pending {
                text.pop();
            }
            text
        })
    }
}

impl SlidingPosition {
    /// The slide `mv` as the lower-left squares of the tile before and after (the latter is
    /// the old gap), for animating it; `None` for a chess move.
    pub fn slide_squares(mv: SlidingMove) -> Option<((u8, u8), (u8, u8))> {
        match mv {
            SlidingMove::Slide { from, to } => Some((xy(from.lower_left()), xy(to.lower_left()))),
            SlidingMove::Chess(_) => None,
        }
    }
}
