//! The search: iterative deepening with aspiration windows over a principal-variation
//! alpha-beta search, with a transposition table, quiescence, null-move pruning (guarded
//! against zugzwang), ProbCut, late-move reductions (less for moves with a good history,
//! more where the position is not improving or a cut-off is expected), internal iterative
//! reduction, extensions of checks that do not lose the exchange, reverse futility,
//! late-move and exchange (SEE) pruning near the leaves, a static evaluation corrected by
//! the correction history, and repetition / 50-move awareness inside the tree.
//!
//! One node function, `Search::negamax`, serves the root and every inner node; the root's
//! differences (its persistent move order, exact scores for the level, no pruning) sit behind
//! its `ROOT` parameter. Each ply keeps its move list, ordering scores, tried quiet moves and
//! principal variation in a `Frame`, reused from node to node. The tuning numbers are in
//! [`crate::search_params`]; quiescence is in `search/quiescence.rs`, pruning and reductions in `search/pruning.rs`, iterative deepening and the root's bookkeeping in `search/root.rs`, a
//! node's move list (generated, scored and picked) in `search/move_list.rs`.
//!
//! Positions are copy-make: every child is a clone on which `play_unchecked` is called.

mod draws;
mod move_list;
mod pruning;
mod quiescence;
mod root;

use crate::correction::CorrectionHistory;
use crate::levels::{choose_with_level, RootMove};
use crate::ordering::{Continuation, Heuristics};
use crate::position::SearchPosition;
use crate::request::{SearchInfo, SearchRequest, SearchResult};
use crate::score::{is_mate_score, mated_in, INFINITY, MATE, MATE_BOUND};
use crate::search_params::*;
use crate::time::{TimeBudget, TimeSource};
use crate::tt::{Bound, TranspositionTable};
use move_list::Stage;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A search engine for one position type, keeping its transposition table and history
/// between moves of a game.
pub struct Searcher<P: SearchPosition> {
    tt: TranspositionTable<P::Move>,
    heuristics: Heuristics<P::Move>,
    correction: CorrectionHistory,
    stop: Arc<AtomicBool>,
    reductions: Vec<[u8; LMR_MOVE_COLUMNS]>,
}

/// The default transposition table size, small enough for a browser worker.
pub const DEFAULT_TABLE_MB: usize = 16;

impl<P: SearchPosition> Searcher<P> {
    pub fn new(table_mb: usize) -> Searcher<P> {
        Searcher {
            tt: TranspositionTable::new(table_mb),
            heuristics: Heuristics::new(),
            correction: CorrectionHistory::new(),
            stop: Arc::new(AtomicBool::new(false)),
            reductions: reduction_table(),
        }
    }

    /// The flag that cancels a running search when set (from another thread, or from an
    /// info callback). The caller clears it before starting a search, so that a stop sent
    /// just as the search starts is not lost.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Uses `flag` as the stop flag from now on (one flag shared across searchers).
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.heuristics.clear();
        self.correction.clear();
    }

    /// Searches the request's position and returns the move to play.
    pub fn think(&mut self, request: &SearchRequest<P>) -> SearchResult<P::Move> {
        self.think_with_progress(request, &mut |_| {})
    }

    /// [`Searcher::think`], telling `info` about every completed iteration.
    pub fn think_with_progress(
        &mut self,
        request: &SearchRequest<P>,
        info: &mut dyn FnMut(&SearchInfo<P::Move>),
    ) -> SearchResult<P::Move> {
        self.tt.new_search();
        self.heuristics.new_search();
        let position = request.position;
        let settings = request.level.settings();
        let mut limits = request.limits;
        let no_limit_given = limits.clock.is_none()
            && limits.move_time_ms.is_none()
            && limits.depth.is_none()
            && limits.nodes.is_none();
        if !limits.infinite && no_limit_given {
            limits.move_time_ms = settings.default_move_time_ms;
        }
        let mut keys: Vec<u64> = request.history_keys.to_vec();
        let root_key = position.repetition_key();
        if keys.last() == Some(&root_key) {
            keys.pop();
        }
        let root_index = keys.len();
        keys.push(root_key);
        let time = request.time;
        let start_ms = time.now_ms();
        let mut search = Search {
            tt: &mut self.tt,
            heuristics: &mut self.heuristics,
            correction: &mut self.correction,
            reductions: &self.reductions,
            stop: &self.stop,
            time,
            start_ms,
            budget: TimeBudget::for_limits(&limits),
            node_limit: min_option(limits.nodes, settings.max_nodes).unwrap_or(u64::MAX),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            can_stop: false,
            keys,
            root_index,
            frames: (0..=MAX_PLY + 1).map(|_| Frame::default()).collect(),
            noisy_flags: Vec::new(),
            root_moves: Vec::new(),
            iteration_best: None,
            exact_root_scores: settings.exact_root_scores,
            contempt: settings.contempt_cp,
        };
        let deepest = MAX_PLY as u32 - DEPTH_HEADROOM;
        let max_depth = min_option(limits.depth, settings.max_depth)
            .unwrap_or(deepest)
            .clamp(1, deepest);
        let mut result = search.iterate(position, max_depth, &limits, info);
        if let Some(choice) = choose_with_level(&search.root_moves, &settings, request.seed) {
            if Some(choice.mv) != result.best_move {
                result.best_move = Some(choice.mv);
                result.score = choice.score;
                result.pv = vec![choice.mv];
            }
        }
        result.elapsed_ms = time.now_ms() - start_ms;
        result
    }
}

fn min_option<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

/// Searches with a fresh table: the simplest entry point (a browser worker or a test).
pub fn think<P: SearchPosition>(request: &SearchRequest<P>) -> SearchResult<P::Move> {
    Searcher::<P>::new(DEFAULT_TABLE_MB).think(request)
}

/// A root move with its score and line, found in an iteration that may not complete.
type Line<M> = (M, i32, Vec<M>);

/// A position of the tree with its distance from the root and whether its side to move is
/// in check (the parent has had to find that out already).
struct Node<'p, P> {
    pos: &'p P,
    ply: usize,
    in_check: bool,
}

// Not derived: the derive would ask `P: Copy`.
impl<P> Clone for Node<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for Node<'_, P> {}

/// What one ply of the search keeps while its children are searched, reused by every node
/// at that ply so that no node allocates.
struct Frame<M> {
    /// The legal (or, in quiescence, noisy) moves, ordered lazily by [`crate::ordering::pick_next`].
    moves: Vec<M>,
    /// Each move's ordering score; in the main search the low bit says whether it is noisy.
    scores: Vec<i32>,
    /// The quiet moves tried so far, penalised in the history when a later one cuts off.
    quiets: Vec<M>,
    /// The noisy moves tried so far, penalised in the capture history likewise.
    captures: Vec<M>,
    /// Scratch for the noisy stage's moves and scores, carried over to the full list (see
    /// `search/move_list.rs`).
    staged: Vec<M>,
    staged_scores: Vec<i32>,
    /// This ply's line of the triangular principal variation: the best line from here.
    pv: Vec<M>,
    /// The piece-and-target slot of the move being searched from this ply (`None` for a
    /// null move): the continuation history's context for the plies below.
    played: Option<usize>,
    /// The static evaluation of this ply's node ([`NO_EVAL`] when in check or at the root).
    static_eval: i32,
    /// Whether that evaluation is better than two plies before, for the same side: the
    /// position is getting better, so pruning and reductions hold back.
    improving: bool,
    /// Beta cut-offs at this ply since the node two plies up began: many mean the moves
    /// before are being refuted, and later moves there are reduced more.
    cutoffs: u32,
}

/// The static evaluation of a node in check: none.
const NO_EVAL: i32 = -INFINITY;

impl<M> Default for Frame<M> {
    fn default() -> Self {
        Frame {
            moves: Vec::new(),
            scores: Vec::new(),
            quiets: Vec::new(),
            captures: Vec::new(),
            staged: Vec::new(),
            staged_scores: Vec::new(),
            pv: Vec::new(),
            played: None,
            static_eval: NO_EVAL,
            improving: false,
            cutoffs: 0,
        }
    }
}

struct Search<'a, P: SearchPosition> {
    tt: &'a mut TranspositionTable<P::Move>,
    heuristics: &'a mut Heuristics<P::Move>,
    correction: &'a mut CorrectionHistory,
    reductions: &'a [[u8; LMR_MOVE_COLUMNS]],
    stop: &'a AtomicBool,
    time: &'a dyn TimeSource,
    start_ms: f64,
    budget: TimeBudget,
    node_limit: u64,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    /// False during the first iteration, which always completes so there is a move to play.
    can_stop: bool,
    /// Repetition keys: the game before the root, the root at `root_index`, then the path.
    keys: Vec<u64>,
    root_index: usize,
    /// One frame per ply, `frames[ply]`.
    frames: Vec<Frame<P::Move>>,
    /// Scratch for `classify_noisy`, used only while a node orders its moves.
    noisy_flags: Vec<bool>,
    /// The root's moves, best first: their order carries from one iteration to the next.
    root_moves: Vec<RootMove<P::Move>>,
    /// The best root move of the current iteration so far, in case it does not complete.
    iteration_best: Option<Line<P::Move>>,
    /// Search every root move with a full window, so each has an exact score for the level.
    exact_root_scores: bool,
    contempt: i32,
}

impl<P: SearchPosition> Search<'_, P> {
    /// The continuation history's context of a node at `ply`: the moves that led to it.
    #[inline]
    fn continuation(&self, ply: usize) -> Continuation {
        let before = |back: usize| ply.checked_sub(back).and_then(|at| self.frames[at].played);
        [before(1), before(2)]
    }

    fn elapsed(&self) -> f64 {
        self.time.now_ms() - self.start_ms
    }

    #[inline]
    fn count_node(&mut self, ply: usize) {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if !self.can_stop {
            return;
        }
        if self.nodes >= self.node_limit
            || (self.nodes.is_multiple_of(1024)
                && (self.stop.load(Ordering::Relaxed) || self.elapsed() >= self.budget.hard_ms))
        {
            self.stopped = true;
        }
    }

    fn update_pv(&mut self, ply: usize, mv: P::Move) {
        let (head, tail) = self.frames.split_at_mut(ply + 1);
        let line = &mut head[ply].pv;
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0].pv);
    }

    /// `pos` after `mv`, with its table bucket prefetched, and whether it is in check
    /// (`check_unplayed` when the variant could tell without playing the move).
    fn child_after(&self, pos: &P, mv: P::Move, check_unplayed: Option<bool>) -> (P, bool) {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        self.tt.prefetch(child.hash());
        let in_check = check_unplayed.unwrap_or_else(|| child.is_check());
        (child, in_check)
    }

    /// The alpha-beta search of one node, the root (`ROOT`, ply 0) or an inner node.
    ///
    /// The root is entered only with legal moves (see `Search::iterate`); it searches
    /// `root_moves` in their carried-over order, neither prunes nor extends, records each
    /// move's score for the level and moves the best to the front. Inner nodes order their
    /// own moves and may cut off early by table, draw, pruning or a null move.
    fn negamax<const ROOT: bool>(
        &mut self,
        node: Node<P>,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        allow_null: bool,
        cut_node: bool,
    ) -> i32 {
        let Node { pos, ply, in_check } = node;
        self.frames[ply].pv.clear();
        self.frames[ply].static_eval = NO_EVAL;
        self.frames[ply].improving = false;
        if let Some(grandchildren) = self.frames.get_mut(ply + 2) {
            grandchildren.cutoffs = 0;
        }
        let key;
        let pv_node;
        let mut hash_move = None;
        let mut static_eval = -INFINITY;
        // The static evaluation, or the table's score where its bound says the position is
        // better (or worse) than that: what the pruning margins are measured from.
        let mut pruning_eval = -INFINITY;
        let mut raw_eval = NO_EVAL;
        let mut correction_keys = None;
        if ROOT {
            key = pos.hash();
            pv_node = beta - alpha > 1;
        } else {
            if let Some(loser) = pos.lost_outright() {
                return if loser == pos.turn() {
                    mated_in(ply)
                } else {
                    MATE - ply as i32
                };
            }
            if ply >= MAX_PLY - 2 {
                return pos.evaluate();
            }
            if depth <= 0 {
                return self.quiesce(node, alpha, beta, 0);
            }
            self.count_node(ply);
            if self.stopped {
                return 0;
            }
            if self.is_draw(pos, ply) {
                return self.draw_score(ply);
            }
            // Mate-distance pruning: no line from here can beat a mate already found nearer.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
            pv_node = beta - alpha > 1;
            key = pos.hash();
            let hit = self.tt.probe(key, ply);
            if let Some(hit) = hit {
                if !pv_node && hit.depth >= depth {
                    if let Some(score) = hit.cutoff(alpha, beta) {
                        return score;
                    }
                }
            }
            hash_move = hit.and_then(|h| h.best_move);
            // Internal iterative reduction: with no move from the table, this node was not
            // searched before or its best move was not worth keeping; a shallower search
            // costs less and fills the table for a later visit.
            if hash_move.is_none() && depth >= IIR_MIN_DEPTH {
                depth -= 1;
            }
            if !in_check {
                raw_eval = hit.and_then(|h| h.eval).unwrap_or_else(|| pos.evaluate());
                correction_keys = pos.correction_keys();
                static_eval = match correction_keys {
                    Some(keys) => self.correction.corrected(pos.turn(), keys, raw_eval),
                    None => raw_eval,
                };
            }
            let improving = !in_check
                && ply >= 2
                && self.frames[ply - 2].static_eval != NO_EVAL
                && static_eval > self.frames[ply - 2].static_eval;
            let frame = &mut self.frames[ply];
            frame.static_eval = static_eval;
            frame.improving = improving;
            pruning_eval = match hit {
                Some(hit) if !in_check && !is_mate_score(hit.score) => match hit.bound {
                    Bound::Exact => hit.score,
                    Bound::Lower => hit.score.max(static_eval),
                    Bound::Upper => hit.score.min(static_eval),
                },
                _ => static_eval,
            };
            if !pv_node && !in_check && !is_mate_score(beta) {
                if let Some(score) = self.prune_before_moves(
                    pos,
                    depth,
                    beta,
                    ply,
                    pruning_eval,
                    (allow_null, cut_node),
                ) {
                    return score;
                }
            }
        }

        // Staged where the variant can judge the table's move alone: that move is searched
        // first, and the others are generated only if it does not cut off (the noisy ones
        // first, where the variant stages them: see `search/move_list.rs`).
        let mut hash_move_first = None;
        let mut move_count = 0;
        let mut stage = Stage::All;
        if ROOT {
            move_count = self.root_moves.len();
        } else {
            self.frames[ply].quiets.clear();
            self.frames[ply].captures.clear();
            hash_move_first = hash_move.filter(|&mv| pos.is_legal_unplayed(mv) == Some(true));
            stage = Stage::Nothing;
            if hash_move_first.is_none() {
                (stage, move_count) = self.generate_first(pos, ply, hash_move, None);
                if move_count == 0 {
                    return if in_check {
                        mated_in(ply)
                    } else {
                        self.draw_score(ply)
                    };
                }
            }
        }

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut best_index = None;
        let mut best_is_noisy = false;
        let mut searched = 0usize;
        let mut next_index = 0;
        // Once late-move or futility pruning holds it holds for the rest of the node (the
        // counts and bounds it reads only grow); then how many of the moves not yet picked
        // it would let through, so that the picking stops when none is left.
        let mut unpruned_left: Option<usize> = None;
        let leaf_pruning = pos.leaf_pruning();
        loop {
            let index = next_index;
            // Late-move pruning and futility pruning of quiet moves near the leaves. A move
            // they would drop is judged before its child is built where the variant can tell
            // a check without playing it.
            let prune_if_quiet = !pv_node
                && !in_check
                && best_score > -MATE_BOUND
                && searched > 0
                && ((depth <= leaf_pruning.late_move_max_depth
                    && searched >= self.late_move_count(leaf_pruning, depth, ply))
                    || (depth <= leaf_pruning.futility_max_depth
                        && pruning_eval + FUTILITY_MARGIN * depth <= alpha));
            let (mv, noisy) = if let Some(mv) = hash_move_first.take() {
                (mv, pos.is_noisy(mv))
            } else if stage != Stage::All
                && self.pick_staged(pos, ply, index, hash_move, (&mut stage, &mut move_count))
            {
                next_index += 1;
                (self.frames[ply].moves[index], true)
            } else {
                if index >= move_count {
                    break;
                }
                if prune_if_quiet && !ROOT && unpruned_left.is_none() {
                    unpruned_left = Some(self.unpruned_moves(pos, ply, index, move_count));
                }
                if unpruned_left == Some(0) {
                    break;
                }
                next_index += 1;
                if ROOT {
                    let mv = self.root_moves[index].mv;
                    (mv, pos.is_noisy(mv))
                } else {
                    self.pick_move(pos, ply, index)
                }
            };
            // Where the variant tells a check without playing the move, it is asked once: for
            // a move about to be pruned, and otherwise for the child's check.
            let check_unplayed = pos.gives_check_unplayed(mv);
            let pruned = prune_if_quiet && !noisy && check_unplayed == Some(false);
            if let (Some(left), false) = (unpruned_left.as_mut(), pruned) {
                *left -= 1;
            }
            if pruned {
                continue;
            }
            // Near the leaves, a move that loses material in the exchange on its square
            // (beyond a margin that grows with depth) is not searched.
            let see_prunable = !ROOT
                && !pv_node
                && !in_check
                && best_score > -MATE_BOUND
                && searched > 0
                && depth <= SEE_PRUNING_MAX_DEPTH;
            if see_prunable && noisy && !pos.see_ge(mv, -SEE_NOISY_MARGIN * depth * depth) {
                continue;
            }
            let (child, gives_check) = self.child_after(pos, mv, check_unplayed);
            let quiet = !noisy && !gives_check;
            if prune_if_quiet && quiet {
                continue;
            }
            if see_prunable && quiet && !pos.see_ge(mv, -SEE_QUIET_MARGIN * depth) {
                continue;
            }

            self.keys.push(child.repetition_key());
            self.frames[ply].played = Some(pos.piece_to_slot(mv));
            // A check is searched a ply deeper, unless the checking piece can be taken for
            // less than it is worth: such checks rarely lead anywhere.
            let extension = (gives_check && pos.see_ge(mv, 0)) as i32;
            let new_depth = depth - 1 + extension;
            let score = if ROOT && self.exact_root_scores {
                self.child_score(
                    &child,
                    gives_check,
                    new_depth,
                    (-INFINITY, INFINITY),
                    ply,
                    false,
                )
            } else if searched == 0 {
                // The first move of a node expected to cut off is expected to fail low in
                // the child; of one expected to fail low, to cut off there.
                let child_cut = !pv_node && !cut_node;
                self.child_score(
                    &child,
                    gives_check,
                    new_depth,
                    (alpha, beta),
                    ply,
                    child_cut,
                )
            } else {
                // Principal-variation search: a null window, reduced for a late quiet move;
                // again at full depth if it beats alpha, and with the full window if it
                // lands inside it.
                let reducible = quiet && !in_check;
                let kind = (pv_node, cut_node);
                let reduction = self
                    .late_move_reduction::<ROOT>(pos, depth, searched, kind, reducible, ply, mv);
                let reduced_depth = new_depth - reduction;
                let null_window = (alpha, alpha + 1);
                // A reduced late move is expected to fail low here, so to cut off below.
                let mut score = self.child_score(
                    &child,
                    gives_check,
                    reduced_depth,
                    null_window,
                    ply,
                    reduction > 0 || !cut_node,
                );
                if score > alpha && reduction > 0 {
                    // How far the reduced search beat the best so far says how deep to look
                    // again: a move that clears it by a wide margin a ply deeper, one that
                    // barely beats it a ply shallower.
                    let deeper = score > best_score + RESEARCH_DEEPER_MARGIN + 2 * new_depth;
                    let shallower = score < best_score + RESEARCH_SHALLOWER_MARGIN;
                    let research_depth = new_depth + deeper as i32 - shallower as i32;
                    if research_depth > reduced_depth {
                        score = self.child_score(
                            &child,
                            gives_check,
                            research_depth,
                            null_window,
                            ply,
                            !cut_node,
                        );
                    }
                }
                if score > alpha && score < beta {
                    score =
                        self.child_score(&child, gives_check, new_depth, (alpha, beta), ply, false);
                }
                score
            };
            self.keys.pop();
            searched += 1;
            if self.stopped {
                if ROOT {
                    self.promote_root_move(best_index);
                }
                return 0;
            }
            if ROOT {
                self.record_root_score(index, score, alpha, original_alpha, beta);
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    best_index = Some(index);
                    best_is_noisy = noisy;
                    alpha = score;
                    self.update_pv(ply, mv);
                    if ROOT {
                        self.iteration_best = Some((mv, score, self.frames[0].pv.clone()));
                    }
                    if score >= beta {
                        // The root's order is its own (`root_moves`), so only inner nodes
                        // teach the killers and the history.
                        if !ROOT {
                            self.frames[ply].cutoffs += 1;
                            let context = self.continuation(ply);
                            let frame = &self.frames[ply];
                            self.heuristics.record_cutoff(
                                pos,
                                mv,
                                noisy,
                                (&frame.quiets, &frame.captures),
                                depth,
                                ply,
                                context,
                            );
                        }
                        break;
                    }
                }
            }
            if !ROOT {
                let frame = &mut self.frames[ply];
                if noisy {
                    frame.captures.push(mv);
                } else {
                    frame.quiets.push(mv);
                }
            }
        }
        if ROOT {
            self.promote_root_move(best_index);
        }
        let bound = Bound::classify(best_score, original_alpha, beta);
        if let Some(correction_keys) = correction_keys {
            // Learn only from scores that say something the evaluation could have seen: not
            // a capture's gain, not a mate, and a bound only on the side it bounds.
            let informative = match bound {
                Bound::Exact => true,
                Bound::Lower => best_score > static_eval,
                Bound::Upper => best_score < static_eval,
            };
            if informative && !best_is_noisy && !is_mate_score(best_score) {
                self.correction
                    .update(pos.turn(), correction_keys, depth, raw_eval, best_score);
            }
        }
        let stored_eval = (raw_eval != NO_EVAL).then_some(raw_eval);
        self.tt
            .store(key, ply, depth, best_score, bound, best_move, stored_eval);
        best_score
    }

    /// The score of `child`, reached by one of the moves of the node at `ply`, from that
    /// node's side, searched to `depth` within the window (`alpha`, `beta`); `cut_node` says
    /// the child is expected to cut off.
    fn child_score(
        &mut self,
        child: &P,
        gives_check: bool,
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let node = Node {
            pos: child,
            ply: ply + 1,
            in_check: gives_check,
        };
        -self.negamax::<false>(node, depth, -beta, -alpha, true, cut_node)
    }
}
