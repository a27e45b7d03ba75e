//! The root's bookkeeping between its moves' searches: each move's score kept for the level,
//! and the best move moved to the front of the next iteration's order.

use super::Search;
use crate::position::SearchPosition;
use crate::score::INFINITY;

impl<P: SearchPosition> Search<'_, P> {
    /// Keeps what the level needs from a root move's search: its score, and whether that
    /// score is exact rather than a bound.
    pub(super) fn record_root_score(
        &mut self,
        index: usize,
        score: i32,
        alpha: i32,
        original_alpha: i32,
        beta: i32,
    ) {
        let exact = self.exact_root_scores || index == 0 || score > alpha;
        let entry = &mut self.root_moves[index];
        entry.score = if exact { score } else { -INFINITY };
        entry.exact = self.exact_root_scores || (exact && score > original_alpha && score < beta);
    }

    /// The best root move leads the next iteration; the others keep their relative order by
    /// score (stable, so equal scores keep the earlier order).
    pub(super) fn promote_root_move(&mut self, best_index: Option<usize>) {
        if let Some(index) = best_index {
            let best = self.root_moves.remove(index);
            self.root_moves.insert(0, best);
            self.root_moves[1..].sort_by_key(|m| -m.score);
        }
    }
}
