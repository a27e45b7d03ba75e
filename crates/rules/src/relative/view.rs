//! The board view of relative chess: the N×N outer board with the inner board's corner, the
//! mover's square after the shift as the last move, and the targets of a selected piece; and
//! the move list's side of the notation (typed readable names, the marks after a move).

use super::{AbsSquare, RelativeMoveKind, RelativePosition};
use crate::game::Game;
use crate::position::GamePosition;
use crate::view::{BoardView, Target, TargetKind, ViewPiece, ViewPosition};

fn abs_xy(square: AbsSquare) -> (u8, u8) {
    (square.x, square.y)
}

impl ViewPosition for RelativePosition {
    fn board_view(game: &Game<Self>, ply: usize, selected: Option<(u8, u8)>) -> BoardView {
        let position = game.position_at(ply).unwrap_or(game.position());
        let pieces = position
            .pieces()
            .into_iter()
            .map(|(square, piece)| ViewPiece {
                x: square.x,
                y: square.y,
                piece: piece.fen_char(),
            })
            .collect();
        let check = if position.is_check() {
            position.king(position.turn()).map(abs_xy)
        } else {
            None
        };
        let mut last_move = Vec::new();
        if ply > 0 {
            if let Some(record) = game.history().get(ply - 1) {
                // The mover stays where it was; the target square names where it went relative
                // to the board before the shift, so the highlight is the mover's square after
                // the move.
                let mut after = record.before.clone();
                let report = after.play_with_report(record.mv);
                let (rx, ry) = report.recentering;
                let from = record.mv.from();
                let moved = (from.x as i32 + rx, from.y as i32 + ry);
                if let Some(square) = AbsSquare::try_new(moved.0, moved.1, position.size()) {
                    last_move.push(abs_xy(square));
                }
            }
        }
        let mut targets = Vec::new();
        if ply == game.ply_count() {
            if let Some((x, y)) = selected {
                for &mv in game
                    .legal_moves()
                    .iter()
                    .filter(|mv| abs_xy(mv.from()) == (x, y))
                {
                    let (tx, ty) = abs_xy(mv.to());
                    let mut text = position.move_text(mv);
                    let kind = if mv.promotion().is_some() {
                        if targets.iter().any(|t: &Target| t.x == tx && t.y == ty) {
                            continue;
                        }
                        text.pop();
                        TargetKind::Promotion
                    } else if mv.kind() == RelativeMoveKind::Castle {
                        TargetKind::Castle
                    } else if position.is_capture(mv) {
                        TargetKind::Capture
                    } else {
                        TargetKind::Normal
                    };
                    targets.push(Target {
                        x: tx,
                        y: ty,
                        kind,
                        text,
                    });
                }
            }
        }
        BoardView {
            width: position.size(),
            height: position.size(),
            pieces,
            blocked: Vec::new(),
            inner_origin: Some(abs_xy(position.origin())),
            check,
            last_move,
            targets,
            slides: Vec::new(),
        }
    }

    fn move_text_from_readable(&self, legal: &[Self::Move], text: &str) -> Option<String> {
        // Move text is read by the caller; a readable name never has its shape.
        if self.parse_move(text).is_ok() {
            return None;
        }
        let (mv, pending) = self.find_readable(text)?;
        legal.contains(&mv).then(|| {
            let mut text = self.move_text(mv);
            if pending {
                text.pop();
            }
            text
        })
    }

    fn move_marks(&self, mv: Self::Move) -> String {
        RelativePosition::move_marks(self, mv)
    }
}
