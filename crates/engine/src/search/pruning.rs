//! Pruning and reductions of the main search: reverse futility and the null move before a
//! node's moves, how many quiet moves late-move pruning lets through, and each late move's
//! reduction.

use super::{Node, Search};
use crate::position::SearchPosition;
use crate::score::MATE_BOUND;
use crate::search_params::*;

impl<P: SearchPosition> Search<'_, P> {
    /// How many moves a node at `depth` searches before late-move pruning drops the quiet
    /// rest: fewer where the position is not improving.
    pub(super) fn late_move_count(&self, depth: i32, ply: usize) -> usize {
        let late =
            LATE_MOVE_PRUNING_BASE + (LATE_MOVE_PRUNING_DEPTH_FACTOR * depth * depth) as usize;
        if self.frames[ply].improving {
            late
        } else {
            late * 2 / 3
        }
    }

    /// Reverse futility and null-move pruning, tried before an inner non-PV node that is not
    /// in check generates its moves: the score to return when one of them cuts off.
    pub(super) fn prune_before_moves(
        &mut self,
        pos: &P,
        depth: i32,
        beta: i32,
        ply: usize,
        static_eval: i32,
        (allow_null, cut_node): (bool, bool),
    ) -> Option<i32> {
        // Reverse futility: far above beta near the leaves, a quiet move will not fall.
        let improving = self.frames[ply].improving as i32;
        if depth <= REVERSE_FUTILITY_MAX_DEPTH
            && static_eval - REVERSE_FUTILITY_MARGIN * (depth - improving) >= beta
        {
            return Some(static_eval);
        }
        if !allow_null
            || depth < NULL_MOVE_MIN_DEPTH
            || static_eval < beta
            || !pos.has_non_pawn_material()
        {
            return None;
        }
        let null = pos.null_move()?;
        let reduction = NULL_MOVE_BASE_REDUCTION
            + depth / NULL_MOVE_DEPTH_DIVISOR
            + ((static_eval - beta) / NULL_MOVE_EVAL_DIVISOR).min(NULL_MOVE_MAX_EVAL_REDUCTION);
        self.tt.prefetch(null.hash());
        self.keys.push(null.repetition_key());
        self.frames[ply].played = None;
        let node = Node {
            pos: &null,
            ply: ply + 1,
            in_check: null.is_check(),
        };
        let null_depth = depth - 1 - reduction;
        let score = -self.negamax::<false>(node, null_depth, -beta, -beta + 1, false, !cut_node);
        self.keys.pop();
        if self.stopped {
            return Some(0);
        }
        (score >= beta).then_some(if score >= MATE_BOUND { beta } else { score })
    }

    /// How many plies less than a full depth the `searched`-th move (counting from 0) is
    /// first searched with; `reducible` says it is quiet and the node is not in check, and
    /// `(pv_node, cut_node)` what the node is expected to be.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn late_move_reduction<const ROOT: bool>(
        &self,
        pos: &P,
        depth: i32,
        searched: usize,
        (pv_node, cut_node): (bool, bool),
        reducible: bool,
        ply: usize,
        mv: P::Move,
    ) -> i32 {
        let min_moves = if ROOT {
            LMR_MIN_MOVES_ROOT
        } else if pv_node {
            LMR_MIN_MOVES_PV
        } else {
            LMR_MIN_MOVES
        };
        if depth < LMR_MIN_DEPTH || searched < min_moves || !reducible {
            return 0;
        }
        let row = &self.reductions[depth.min(MAX_PLY as i32) as usize];
        let mut reduction = row[searched.min(LMR_MOVE_COLUMNS - 1)] as i32;
        if pv_node {
            reduction -= 1;
        } else if !self.frames[ply].improving {
            reduction += 1;
        }
        // Where a cut-off is expected, a late move is unlikely to be the one that matters.
        if cut_node {
            reduction += 1;
        }
        if self.heuristics.is_killer(ply, mv) {
            reduction -= 1;
        } else {
            // A move that has often been good here is reduced less, a bad one more.
            let history = self.heuristics.quiet_score(pos, mv, self.continuation(ply));
            reduction -= history / LMR_HISTORY_DIVISOR;
        }
        reduction.clamp(0, depth - 2)
    }
}
