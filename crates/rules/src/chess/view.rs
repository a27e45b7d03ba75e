//! The board view of a chess position (standard, regroupment's play, and the chess part of
//! sliding chess): pieces, check, last-move squares and the targets of a selected piece.

use super::{ChessPosition, Move, MoveKind};
use crate::game::Game;
use crate::position::GamePosition;
use crate::types::Square;
use crate::view::{square_at, xy, BoardView, Target, TargetKind, ViewPiece, ViewPosition};

impl ViewPosition for ChessPosition {
    fn board_view(game: &Game<Self>, ply: usize, selected: Option<(u8, u8)>) -> BoardView {
        let position = game.position_at(ply).unwrap_or(game.position());
        let mut view = board(position);
        if ply > 0 {
            if let Some(record) = game.history().get(ply - 1) {
                view.last_move = move_squares(record.mv);
            }
        }
        if ply == game.ply_count() {
            if let Some(from) = selected.and_then(|(x, y)| square_at(x, y)) {
                view.targets = targets(position, game.legal_moves(), from, |mv| position.uci(mv));
            }
        }
        view
    }

    fn move_text_from_readable(&self, legal: &[Move], text: &str) -> Option<String> {
        let (mv, pending) = read_san(self, text)?;
        legal.contains(&mv).then(|| {
            let mut text = self.move_text(mv);
            if pending {
                text.pop();
            }
            text
        })
    }
}

/// A SAN move of `position` when `text` is SAN and not move text; `true` when it named a
/// promotion without its piece.
pub(crate) fn read_san(position: &ChessPosition, text: &str) -> Option<(Move, bool)> {
    if position.parse_uci(text.trim()).is_some() {
        return None;
    }
    match position.parse_san(text) {
        Ok(mv) => Some((mv, false)),
        Err(_) => {
            let queened = format!("{}=Q", text.trim());
            let mv = position.parse_san(&queened).ok()?;
            mv.promotion_role().is_some().then_some((mv, true))
        }
    }
}

/// Pieces, blocked squares and check of a position, without highlights or targets.
pub(crate) fn board(position: &ChessPosition) -> BoardView {
    let pieces = Square::all()
        .filter_map(|sq| {
            position.piece_at(sq).map(|piece| ViewPiece {
                x: sq.file(),
                y: sq.rank(),
                piece: piece.fen_char(),
            })
        })
        .collect();
    let check = position
        .is_check()
        .then(|| xy(position.king(position.turn())));
    BoardView {
        width: 8,
        height: 8,
        pieces,
        blocked: position.blocked().map(xy).collect(),
        inner_origin: None,
        check,
        last_move: Vec::new(),
        targets: Vec::new(),
        slides: Vec::new(),
    }
}

/// The squares a chess move touches for the last-move highlight (castling: the king's path).
pub(crate) fn move_squares(mv: Move) -> Vec<(u8, u8)> {
    match mv.kind() {
        MoveKind::Castle => {
            let (king_to, _) = ChessPosition::castling_destinations(mv.from(), mv.to());
            vec![xy(mv.from()), xy(king_to)]
        }
        _ => vec![xy(mv.from()), xy(mv.to())],
    }
}

/// The targets of the piece on `from` among `moves`.
pub(crate) fn targets(
    position: &ChessPosition,
    moves: &[Move],
    from: Square,
    text_of: impl Fn(Move) -> String,
) -> Vec<Target> {
    let mut targets: Vec<Target> = Vec::new();
    let ordinary: Vec<Square> = moves
        .iter()
        .filter(|mv| mv.from() == from && !mv.is_castle())
        .map(|mv| mv.to())
        .collect();
    for &mv in moves.iter().filter(|mv| mv.from() == from) {
        let text = text_of(mv);
        match mv.kind() {
            MoveKind::Castle => {
                let (king_to, _) = ChessPosition::castling_destinations(mv.from(), mv.to());
                targets.push(Target {
                    x: mv.to().file(),
                    y: mv.to().rank(),
                    kind: TargetKind::Castle,
                    text: text.clone(),
                });
                // Onto the castling square castles only when that is not an ordinary king move.
                if king_to != from && king_to != mv.to() && !ordinary.contains(&king_to) {
                    targets.push(Target {
                        x: king_to.file(),
                        y: king_to.rank(),
                        kind: TargetKind::Castle,
                        text,
                    });
                }
            }
            MoveKind::Promotion(_) => {
                let (x, y) = xy(mv.to());
                if !targets.iter().any(|t| t.x == x && t.y == y) {
                    let mut prefix = text;
                    prefix.pop();
                    targets.push(Target {
                        x,
                        y,
                        kind: TargetKind::Promotion,
                        text: prefix,
                    });
                }
            }
            kind => {
                let capture = kind == MoveKind::EnPassant || position.piece_at(mv.to()).is_some();
                targets.push(Target {
                    x: mv.to().file(),
                    y: mv.to().rank(),
                    kind: if capture {
                        TargetKind::Capture
                    } else {
                        TargetKind::Normal
                    },
                    text,
                });
            }
        }
    }
    targets
}
