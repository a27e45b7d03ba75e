//! The noisy moves of relative chess: captures (a piece pushed over the edge counts as
//! taken) and promotions, as quiescence search wants them, and which sides a move costs
//! pieces over the edge. The candidates come from the one generator in `movegen.rs`; a
//! noisy-only sink lets it drop quiet candidates before their legality test.

use super::movegen::MoveSink;
use super::moves::RelativeMove;
use super::position::RelativePosition;
use super::square::rel_coords;

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
