//! The root: iterative deepening with aspiration windows, and the bookkeeping between its
//! moves' searches: each move's score kept for the level, and the best move moved to the
//! front of the next iteration's order.

use super::{Node, Search};
use crate::levels::RootMove;
use crate::position::SearchPosition;
use crate::request::{SearchInfo, SearchResult};
use crate::score::{is_mate_score, mated_in, DRAW, INFINITY, MATE, MATE_BOUND};
use crate::search_params::*;
use crate::time::Limits;
use std::sync::atomic::Ordering;

impl<P: SearchPosition> Search<'_, P> {
    /// Iterative deepening with aspiration windows.
    pub(super) fn iterate(
        &mut self,
        root: &P,
        max_depth: u32,
        limits: &Limits,
        info: &mut dyn FnMut(&SearchInfo<P::Move>),
    ) -> SearchResult<P::Move> {
        let mut result = SearchResult {
            best_move: None,
            score: 0,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            pv: Vec::new(),
            elapsed_ms: 0.0,
        };
        let mut moves = Vec::new();
        if root.lost_outright().is_none() {
            root.legal_moves(&mut moves);
        }
        if moves.is_empty() {
            result.score = if root.lost_outright() == Some(root.turn()) || root.is_check() {
                mated_in(0)
            } else {
                DRAW
            };
            return result;
        }
        // Seed the order with a cheap look: hash move, then captures, then the rest.
        let hash_move = self.tt.probe(root.hash(), 0).and_then(|h| h.best_move);
        let mut order: Vec<(i32, P::Move)> = moves
            .iter()
            .map(|&mv| {
                let noisy = root.is_noisy(mv);
                (
                    self.heuristics
                        .score(root, mv, noisy, hash_move, 0, [None; 2]),
                    mv,
                )
            })
            .collect();
        order.sort_by_key(|(score, _)| -score);
        self.root_moves = order
            .into_iter()
            .map(|(_, mv)| RootMove {
                mv,
                score: -INFINITY,
                exact: false,
            })
            .collect();
        let single_reply = self.root_moves.len() == 1 && !limits.infinite;
        let in_check = root.is_check();

        let mut previous_score = 0;
        for depth in 1..=max_depth as i32 {
            self.seldepth = 0;
            let mut delta = ASPIRATION_WINDOW;
            let (mut alpha, mut beta) =
                if depth >= ASPIRATION_MIN_DEPTH && !is_mate_score(previous_score) {
                    (previous_score - delta, previous_score + delta)
                } else {
                    (-INFINITY, INFINITY)
                };
            self.iteration_best = None;
            let score = loop {
                let node = Node {
                    pos: root,
                    ply: 0,
                    in_check,
                };
                let score = self.negamax::<true>(node, depth, alpha, beta, true, false);
                if self.stopped {
                    break score;
                }
                if score <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (score - delta).max(-INFINITY);
                } else if score >= beta {
                    beta = (score + delta).min(INFINITY);
                } else {
                    break score;
                }
                delta += delta / 2 + ASPIRATION_GROWTH;
                if delta > ASPIRATION_MAX_WINDOW {
                    alpha = -INFINITY;
                    beta = INFINITY;
                }
            };
            if self.stopped {
                // A move that proved better than the previous best in the interrupted
                // iteration is trusted; otherwise the last completed iteration stands.
                if let Some((mv, score, pv)) = self.iteration_best.take() {
                    if Some(mv) != result.best_move && score > result.score {
                        result.best_move = Some(mv);
                        result.score = score;
                        result.pv = pv;
                    }
                }
                break;
            }
            previous_score = score;
            result.best_move = Some(self.root_moves[0].mv);
            result.score = score;
            result.depth = depth as u32;
            result.seldepth = self.seldepth as u32;
            result.pv = self.frames[0].pv.clone();
            if result.pv.first() != result.best_move.as_ref() {
                result.pv = vec![self.root_moves[0].mv];
            }
            result.nodes = self.nodes;
            info(&SearchInfo {
                depth: depth as u32,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.nodes,
                elapsed_ms: self.elapsed(),
                pv: &result.pv,
                hashfull: self.tt.hashfull(),
            });
            self.can_stop = true;
            if limits.infinite {
                if self.stop.load(Ordering::Relaxed) {
                    break;
                }
                continue;
            }
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            if single_reply && limits.depth.is_none() {
                break;
            }
            if self.elapsed() >= self.budget.soft_ms || self.nodes >= self.node_limit {
                break;
            }
            // A forced mate found with room to spare will not get shorter.
            if score.abs() >= MATE_BOUND && depth > 2 * (MATE - score.abs()) + 4 {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

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
