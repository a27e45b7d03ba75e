//! The noisy moves of relative chess: captures (a piece pushed over the edge counts as
//! taken) and promotions, as quiescence search wants them, and which sides a move costs
//! pieces over the edge. While an enemy piece stands off the inner board the candidates
//! come from the one generator in `movegen.rs`, whose noisy-only sink drops quiet
//! candidates before their legality test; otherwise only captures and promotions can be
//! noisy, and a pass of their own finds them.

use super::legality::Legality;
use super::movegen::{MoveSink, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use super::moves::{RelativeMove, RelativeMoveKind};
use super::position::{back_rank, code_role, piece_code, RelativePosition};
use super::square::{offset, rel_coords};
use crate::types::{Role, KING_STEPS, KNIGHT_STEPS};

/// The most capture and promotion candidates one piece can have (a queen's or a knight's
/// eight).
const MAX_TARGETS: usize = 8;

/// A list that takes only captures and promotions (see [`MoveSink::NOISY_ONLY`]).
struct NoisyMoves<'a>(&'a mut Vec<RelativeMove>);

impl MoveSink for NoisyMoves<'_> {
    const NOISY_ONLY: bool = true;

    #[inline]
    fn push_with(&mut self, make: impl FnOnce() -> RelativeMove) {
        self.0.push(make());
    }
}

impl RelativePosition {
    /// Appends the legal captures and promotions: the moves `is_capture` or `is_promotion`
    /// accepts (a move that pushes an enemy piece over the edge is a capture), in the order
    /// `legal_moves` gives them. Quiescence search wants only these, and skipping the quiet
    /// candidates before their legality test is what makes this cheaper than filtering.
    pub fn noisy_moves(&self, moves: &mut Vec<RelativeMove>) {
        self.generate(&mut NoisyMoves(moves));
    }

    /// The legal captures and promotions of the pieces whose slots are set in `pieces`, in
    /// the order the full generator gives them, when no enemy piece stands off the inner
    /// board. Each piece's candidates are found in one pass over its targets, and the
    /// legality data is worked out only once some piece has one (in most positions of a
    /// quiescence search none has).
    pub(super) fn generate_captures(&self, sink: &mut impl MoveSink, king: usize, pieces: u32) {
        let us = self.turn;
        let side = us.index();
        let board = &self.board;
        let (own_low, own_high) = (piece_code(us, Role::Pawn), piece_code(us, Role::King));
        let is_enemy = |code: u8| code != 0 && (code < own_low || code > own_high);
        let forward = us.forward();
        let last_rank = back_rank(us.other());
        let mut info: Option<Legality> = None;
        // Target, kind, and whether it promotes, for one piece at a time.
        let mut targets = [(0, 0, RelativeMoveKind::Normal, false); MAX_TARGETS];
        let mut slots = ((1u64 << self.counts[side]) - 1) as u32 & pieces;
        while slots != 0 {
            let slot = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let from = self.squares[side][slot] as usize;
            let role = code_role(board[from]);
            let (x, y) = rel_coords(from);
            let (window, check_leave) = self.move_window(x, y);
            let leave_allows = |tx: i32, ty: i32| !check_leave || self.leave_allows(tx, ty);
            let reachable = |tx: i32, ty: i32| window.contains(tx, ty) && leave_allows(tx, ty);
            let mut count = 0;
            let mut add = |tx: i32, ty: i32, kind: RelativeMoveKind, promotes: bool| {
                targets[count] = (tx, ty, kind, promotes);
                count += 1;
            };
            match role {
                Role::Pawn => {
                    let ty = y + forward;
                    let ahead = from.wrapping_add_signed(offset(0, forward));
                    if ty == last_rank && board[ahead] == 0 && reachable(x, ty) {
                        add(x, ty, RelativeMoveKind::Normal, true);
                    }
                    for dx in [-1, 1] {
                        let target = ahead.wrapping_add_signed(offset(dx, 0));
                        let victim = board[target];
                        let kind = if is_enemy(victim) {
                            RelativeMoveKind::Normal
                        } else if victim == 0 && target == self.ep as usize {
                            RelativeMoveKind::EnPassant
                        } else {
                            continue;
                        };
                        if reachable(x + dx, ty) {
                            let promotes = kind == RelativeMoveKind::Normal && ty == last_rank;
                            add(x + dx, ty, kind, promotes);
                        }
                    }
                }
                Role::Knight | Role::King => {
                    let steps = if role == Role::Knight {
                        &KNIGHT_STEPS
                    } else {
                        &KING_STEPS
                    };
                    for &(dx, dy) in steps {
                        let (tx, ty) = (x + dx, y + dy);
                        if is_enemy(board[from.wrapping_add_signed(offset(dx, dy))])
                            && reachable(tx, ty)
                        {
                            add(tx, ty, RelativeMoveKind::Normal, false);
                        }
                    }
                }
                Role::Bishop | Role::Rook | Role::Queen => {
                    let directions: &[(i32, i32)] = match role {
                        Role::Bishop => &BISHOP_DIRECTIONS,
                        Role::Rook => &ROOK_DIRECTIONS,
                        _ => &KING_STEPS,
                    };
                    // Only the first piece on each ray can be taken.
                    for &(dx, dy) in directions {
                        let step = offset(dx, dy);
                        let mut index = from;
                        for distance in 1..window.reach(x, y, dx, dy) + 1 {
                            index = index.wrapping_add_signed(step);
                            let target = board[index];
                            if target == 0 {
                                continue;
                            }
                            let (tx, ty) = (x + distance * dx, y + distance * dy);
                            if is_enemy(target) && leave_allows(tx, ty) {
                                add(tx, ty, RelativeMoveKind::Normal, false);
                            }
                            break;
                        }
                    }
                }
            }
            if count == 0 {
                continue;
            }
            let info = info.get_or_insert_with(|| self.legality(king));
            let mover = self.mover(info, from, role);
            for &(tx, ty, kind, promotes) in &targets[..count] {
                self.push_if_legal(sink, info, &mover, (tx, ty), kind, promotes);
            }
        }
    }

    /// Which sides lose pieces over the edge if `mv` is played (not counting the piece the
    /// move captures on its target).
    pub fn edge_losses(&self, mv: RelativeMove) -> [bool; 2] {
        let (dx, dy) = mv.shift();
        let (ox, oy) = self.origin;
        let shifted = (ox - dx, oy - dy);
        let step = self.recentering_step(shifted);
        let from = self.index_of_abs(mv.from());
        let to = self.index_of_abs(mv.to());
        let mut lost = [false; 2];
        for (side, lost) in lost.iter_mut().enumerate() {
            for &index in &self.squares[side][..self.counts[side] as usize] {
                let index = index as usize;
                if index == to {
                    continue;
                }
                let (x, y) = rel_coords(index);
                let (ax, ay) = if index == from {
                    (x + ox + step.0, y + oy + step.1)
                } else {
                    (x + shifted.0, y + shifted.1)
                };
                let survives = self.on_board(ax, ay)
                    && (index == from || self.on_board(ax + step.0, ay + step.1));
                if !survives {
                    *lost = true;
                }
            }
        }
        lost
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::GamePosition;
    use crate::relative::random_games::for_each_position;

    /// Random games on several boards and settings: at every position the noisy generator
    /// gives exactly the legal moves that capture (directly, en passant or over the edge) or
    /// promote, in the same order.
    #[test]
    fn noisy_moves_are_the_legal_captures_and_promotions() {
        let (mut edge_pushes, mut promotions, mut positions) = (0, 0, 0);
        for_each_position(7, [16, 10, 12, 9, 20], |pos, all| {
            let expected: Vec<RelativeMove> = all
                .iter()
                .copied()
                .filter(|&mv| pos.is_capture(mv) || pos.is_promotion(mv))
                .collect();
            let mut noisy = Vec::new();
            pos.noisy_moves(&mut noisy);
            assert_eq!(noisy, expected, "{pos:?}");
            positions += 1;
            edge_pushes += expected
                .iter()
                .filter(|&&mv| pos.piece_at(mv.to()).is_none() && pos.is_capture(mv))
                .count();
            promotions += expected
                .iter()
                .filter(|mv| mv.promotion().is_some())
                .count();
        });
        assert!(positions > 1000, "{positions} positions");
        assert!(edge_pushes > 100, "{edge_pushes} pushes over the edge");
        assert!(promotions > 0, "no promotion seen");
    }
}
