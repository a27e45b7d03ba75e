//! Quiescence: the search below the horizon, of noisy moves only, so that the evaluation is
//! never taken in the middle of an exchange.

use super::{Node, Search};
use crate::ordering::pick_next;
use crate::position::SearchPosition;
use crate::score::{mated_in, INFINITY, MATE};
use crate::search_params::{DELTA_MARGIN, MAX_PLY, MAX_QUIESCENCE_PLY};
use crate::tt::Bound;

impl<P: SearchPosition> Search<'_, P> {
    /// Quiescence: stand pat or resolve captures, promotions and the variant's other noisy
    /// actions until the position is quiet; in check, every evasion.
    pub(super) fn quiesce(&mut self, node: Node<P>, mut alpha: i32, beta: i32, qply: usize) -> i32 {
        let Node { pos, ply, in_check } = node;
        self.frames[ply].pv.clear();
        if let Some(loser) = pos.lost_outright() {
            return if loser == pos.turn() {
                mated_in(ply)
            } else {
                MATE - ply as i32
            };
        }
        self.count_node(ply);
        if self.stopped {
            return 0;
        }
        if ply >= MAX_PLY - 2 || qply >= MAX_QUIESCENCE_PLY {
            return pos.evaluate();
        }
        let key = pos.hash();
        let hit = self.tt.probe(key, ply);
        if let Some(score) = hit.as_ref().and_then(|hit| hit.cutoff(alpha, beta)) {
            return score;
        }
        let frame = &mut self.frames[ply];
        frame.moves.clear();
        frame.scores.clear();
        let stand_pat;
        let mut best_score;
        let mut stored_eval = None;
        if in_check {
            pos.legal_moves(&mut frame.moves);
            if frame.moves.is_empty() {
                return mated_in(ply);
            }
            stand_pat = -INFINITY;
            best_score = -INFINITY;
        } else {
            let raw_eval = hit.and_then(|h| h.eval).unwrap_or_else(|| pos.evaluate());
            stored_eval = Some(raw_eval);
            // Corrected as in the main search, so that quiescence's stand-pat agrees with
            // the evaluation its parents pruned by.
            stand_pat = match pos.correction_keys() {
                Some(keys) => self.correction.corrected(pos.turn(), keys, raw_eval),
                None => raw_eval,
            };
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
            pos.noisy_moves(&mut frame.moves);
        }
        let hash_move = hit.and_then(|h| h.best_move);
        for &mv in frame.moves.iter() {
            frame.scores.push(
                self.heuristics
                    .score(pos, mv, true, hash_move, ply, [None; 2]),
            );
        }
        let mut best_move = None;
        for index in 0..frame.moves.len() {
            let mv = {
                let frame = &mut self.frames[ply];
                pick_next(&mut frame.moves, &mut frame.scores, index);
                frame.moves[index]
            };
            if !in_check {
                // Delta pruning: even winning this material cannot reach alpha.
                let gain = pos.victim_value(mv) + pos.promotion_gain(mv);
                if stand_pat + gain + DELTA_MARGIN <= alpha && gain > 0 {
                    continue;
                }
                // Captures that lose the exchange are not worth resolving.
                if pos.promotion_gain(mv) == 0 && !pos.see_ge(mv, 0) {
                    continue;
                }
            }
            let (child, in_check) = self.child_after(pos, mv, pos.gives_check_unplayed(mv));
            let node = Node {
                pos: &child,
                ply: ply + 1,
                in_check,
            };
            let score = -self.quiesce(node, -beta, -alpha, qply + 1);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // Quiescence sees only some moves, so its best is never stored as exact.
        let bound = if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        if best_move.is_some() || best_score > -INFINITY {
            self.tt
                .store(key, ply, 0, best_score, bound, best_move, stored_eval);
        }
        best_score
    }
}
