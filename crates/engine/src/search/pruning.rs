//! Pruning and reductions of the main search: reverse futility, the null move and ProbCut
//! before a node's moves, how many quiet moves late-move pruning lets through, and each late
//! move's reduction.

use super::{Node, Search};
use crate::ordering::pick_next;
use crate::position::SearchPosition;
use crate::score::{is_mate_score, MATE_BOUND};
use crate::search_params::*;
use crate::tt::Bound;

impl<P: SearchPosition> Search<'_, P> {
    /// How many moves a node at `depth` searches before late-move pruning drops the quiet
    /// rest: fewer where the position is not improving.
    pub(super) fn late_move_count(&self, pruning: &LeafPruning, depth: i32, ply: usize) -> usize {
        let late =
            pruning.late_move_base + (pruning.late_move_depth_factor * depth * depth) as usize;
        if self.frames[ply].improving {
            late
        } else {
            late * pruning.not_improving.0 / pruning.not_improving.1
        }
    }

    /// Reverse futility, null-move pruning and ProbCut, tried before an inner non-PV node that
    /// is not in check generates its moves: the score to return when one of them cuts off.
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
        let leaf_pruning = pos.leaf_pruning();
        if depth <= leaf_pruning.reverse_futility_max_depth
            && static_eval - REVERSE_FUTILITY_MARGIN * (depth - improving) >= beta
        {
            return Some(if leaf_pruning.reverse_futility_blend {
                (static_eval + beta) / 2
            } else {
                static_eval
            });
        }
        if allow_null
            && depth >= NULL_MOVE_MIN_DEPTH
            && static_eval >= beta
            && pos.has_non_pawn_material()
        {
            if let Some(score) = self.null_move_cutoff(pos, depth, beta, ply, static_eval, cut_node)
            {
                return Some(score);
            }
        }
        self.probcut(pos, depth, beta, ply, static_eval, cut_node)
    }

    /// Null-move pruning: if passing still holds beta in a shallower search, a real move will.
    fn null_move_cutoff(
        &mut self,
        pos: &P,
        depth: i32,
        beta: i32,
        ply: usize,
        static_eval: i32,
        cut_node: bool,
    ) -> Option<i32> {
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

    /// ProbCut: a noisy move whose shallow search (quiescence, then [`PROBCUT_REDUCTION`]
    /// plies less) beats beta by [`PROBCUT_MARGIN`] would almost surely beat beta at full
    /// depth too. Only moves whose exchange alone could reach that far are tried.
    fn probcut(
        &mut self,
        pos: &P,
        depth: i32,
        beta: i32,
        ply: usize,
        static_eval: i32,
        cut_node: bool,
    ) -> Option<i32> {
        let raised = beta + PROBCUT_MARGIN;
        if depth < PROBCUT_MIN_DEPTH || is_mate_score(raised) {
            return None;
        }
        // The node's own move list is generated after this, so its frame is free.
        let frame = &mut self.frames[ply];
        frame.moves.clear();
        frame.scores.clear();
        pos.noisy_moves(&mut frame.moves);
        for &mv in frame.moves.iter() {
            let order = self.heuristics.score(pos, mv, true, None, ply, [None; 2]);
            frame.scores.push(order);
        }
        for index in 0..self.frames[ply].moves.len() {
            let mv = {
                let frame = &mut self.frames[ply];
                pick_next(&mut frame.moves, &mut frame.scores, index);
                frame.moves[index]
            };
            if !pos.see_ge(mv, raised - static_eval) {
                continue;
            }
            let (child, in_check) = self.child_after(pos, mv, pos.gives_check_unplayed(mv));
            let node = Node {
                pos: &child,
                ply: ply + 1,
                in_check,
            };
            self.keys.push(child.repetition_key());
            self.frames[ply].played = Some(pos.piece_to_slot(mv));
            let mut score = -self.quiesce(node, -raised, -raised + 1, 0);
            if score >= raised {
                let reduced = depth - PROBCUT_REDUCTION;
                score =
                    -self.negamax::<false>(node, reduced, -raised, -raised + 1, true, !cut_node);
            }
            self.keys.pop();
            if self.stopped {
                return Some(0);
            }
            if score >= raised {
                let stored_depth = depth - PROBCUT_REDUCTION + 1;
                self.tt.store(
                    pos.hash(),
                    ply,
                    stored_depth,
                    score,
                    Bound::Lower,
                    Some(mv),
                    None,
                );
                return Some(score);
            }
        }
        None
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
        if pos.leaf_pruning().reduce_after_refutations
            && self.frames[ply + 1].cutoffs > LMR_REFUTED_CHILDREN
        {
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
