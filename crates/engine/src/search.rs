//! The search: iterative deepening with aspiration windows over a principal-variation
//! alpha-beta search, with a transposition table, quiescence, null-move pruning (guarded
//! against zugzwang), late-move reductions, check extensions, reverse futility and late-move
//! pruning near the leaves, and repetition / 50-move awareness inside the tree.
//!
//! Positions are copy-make: every child is a clone on which `play_unchecked` is called.

use crate::levels::{Level, LevelSettings};
use crate::ordering::{pick_next, Heuristics};
use crate::position::SearchPosition;
use crate::rng::Rng;
use crate::score::{is_mate_score, mated_in, DRAW, INFINITY, MATE, MATE_BOUND};
use crate::time::{Limits, TimeBudget, TimeSource};
use crate::tt::{Bound, TranspositionTable};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The deepest ply the search ever reaches (extensions included).
pub const MAX_PLY: usize = 128;
/// How far quiescence may go below the horizon; bounds check–evasion–check chains.
const MAX_QUIESCENCE_PLY: usize = 12;
const ASPIRATION_WINDOW: i32 = 25;

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// `None` only when the side to move has no legal action (the game is over).
    pub best_move: Option<M>,
    /// Centipawns from the side to move's view; mates as in [`crate::score`].
    pub score: i32,
    /// The last fully searched depth.
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    /// The expected line, starting with `best_move`.
    pub pv: Vec<M>,
    pub elapsed_ms: f64,
}

/// Progress after each completed iteration (what UCI prints as `info`).
#[derive(Clone, Debug)]
pub struct SearchInfo<'a, M> {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub nodes: u64,
    pub elapsed_ms: f64,
    pub pv: &'a [M],
    pub hashfull: u32,
}

/// A search engine for one position type, keeping its transposition table and history
/// between moves of a game.
pub struct Searcher<P: SearchPosition> {
    tt: TranspositionTable<P::Move>,
    heuristics: Heuristics<P::Move>,
    stop: Arc<AtomicBool>,
    reductions: Vec<[u8; 64]>,
}

/// The default transposition table size, small enough for a browser worker.
pub const DEFAULT_TABLE_MB: usize = 16;

impl<P: SearchPosition> Searcher<P> {
    pub fn new(table_mb: usize) -> Searcher<P> {
        let reductions = (0..=MAX_PLY)
            .map(|depth| {
                let mut row = [0u8; 64];
                for (index, r) in row.iter_mut().enumerate() {
                    if depth > 0 && index > 0 {
                        let value = 0.75 + (depth as f64).ln() * (index as f64).ln() / 2.25;
                        *r = value.clamp(0.0, 60.0) as u8;
                    }
                }
                row
            })
            .collect();
        Searcher {
            tt: TranspositionTable::new(table_mb),
            heuristics: Heuristics::new(),
            stop: Arc::new(AtomicBool::new(false)),
            reductions,
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
    }

    /// Searches `position` and returns the move to play.
    ///
    /// `history_keys` are the `repetition_key`s of the game's earlier positions, oldest
    /// first (the current position may be included as the last one). `limits` add to the
    /// level's own limits; `seed` makes the level's deliberate imprecision reproducible;
    /// `info` hears about every completed iteration.
    #[allow(clippy::too_many_arguments)]
    pub fn think(
        &mut self,
        position: &P,
        history_keys: &[u64],
        limits: &Limits,
        level: Level,
        seed: u64,
        time: &dyn TimeSource,
        info: &mut dyn FnMut(&SearchInfo<P::Move>),
    ) -> SearchResult<P::Move> {
        self.tt.new_search();
        self.heuristics.new_search();
        let settings = level.settings();
        let mut limits = *limits;
        let no_limit_given = limits.clock.is_none()
            && limits.move_time_ms.is_none()
            && limits.depth.is_none()
            && limits.nodes.is_none();
        if !limits.infinite && no_limit_given {
            limits.move_time_ms = settings.default_move_time_ms;
        }
        let mut keys: Vec<u64> = history_keys.to_vec();
        let root_key = position.repetition_key();
        if keys.last() == Some(&root_key) {
            keys.pop();
        }
        let root_index = keys.len();
        keys.push(root_key);
        let start_ms = time.now_ms();
        let mut search = Search {
            tt: &mut self.tt,
            heuristics: &mut self.heuristics,
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
            move_buffers: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            score_buffers: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            quiet_buffers: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            root_moves: Vec::new(),
            pv: (0..=MAX_PLY + 1).map(|_| Vec::new()).collect(),
            exact_root_scores: settings.exact_root_scores,
            contempt: settings.contempt_cp,
            noisy_buffer: Vec::new(),
        };
        let max_depth = min_option(limits.depth, settings.max_depth)
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8);
        let mut result = search.iterate(position, max_depth, &limits, info);
        if let Some(choice) = choose_with_level(&search.last_root_moves(), &settings, seed) {
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
/// See [`Searcher::think`] for the arguments.
pub fn think<P: SearchPosition>(
    position: &P,
    history_keys: &[u64],
    limits: &Limits,
    level: Level,
    seed: u64,
    time: &dyn TimeSource,
) -> SearchResult<P::Move> {
    Searcher::<P>::new(DEFAULT_TABLE_MB).think(
        position,
        history_keys,
        limits,
        level,
        seed,
        time,
        &mut |_| {},
    )
}

/// A root move with its score and line, found in an iteration that may not complete.
type Line<M> = (M, i32, Vec<M>);

#[derive(Clone, Copy, Debug)]
pub(crate) struct RootMove<M> {
    pub mv: M,
    pub score: i32,
    /// Whether `score` is exact (searched with a full window at the last completed depth).
    pub exact: bool,
}

/// Lets the level pick a move other than the best among the exactly scored root moves.
fn choose_with_level<M: Copy>(
    root_moves: &[RootMove<M>],
    settings: &LevelSettings,
    seed: u64,
) -> Option<RootMove<M>> {
    if !settings.exact_root_scores || root_moves.len() < 2 {
        return None;
    }
    let scored: Vec<RootMove<M>> = root_moves.iter().copied().filter(|m| m.exact).collect();
    let best = scored.iter().map(|m| m.score).max()?;
    let mut rng = Rng::new(seed ^ 0x5eed_1e7e1);
    if rng.chance(settings.mistake_percent) && best < MATE_BOUND {
        let plausible: Vec<RootMove<M>> = scored
            .iter()
            .copied()
            .filter(|m| m.score < best && m.score >= best - settings.mistake_margin_cp)
            .collect();
        if !plausible.is_empty() {
            return Some(plausible[rng.below(plausible.len() as u64) as usize]);
        }
    }
    scored
        .iter()
        .map(|m| (m.score.saturating_add(rng.symmetric(settings.noise_cp)), *m))
        .max_by_key(|(noisy, _)| *noisy)
        .map(|(_, m)| m)
}

struct Search<'a, P: SearchPosition> {
    tt: &'a mut TranspositionTable<P::Move>,
    heuristics: &'a mut Heuristics<P::Move>,
    reductions: &'a [[u8; 64]],
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
    move_buffers: Vec<Vec<P::Move>>,
    score_buffers: Vec<Vec<i32>>,
    quiet_buffers: Vec<Vec<P::Move>>,
    /// Triangular principal-variation table: `pv[ply]` is the best line from `ply`.
    pv: Vec<Vec<P::Move>>,
    /// Search every root move with a full window, so each has an exact score for the level.
    exact_root_scores: bool,
    contempt: i32,
    noisy_buffer: Vec<bool>,
    root_moves: Vec<RootMove<P::Move>>,
}

impl<P: SearchPosition> Search<'_, P> {
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

    /// The score of a draw `ply` plies from the root, for the side to move there.
    #[inline]
    fn draw_score(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            DRAW - self.contempt
        } else {
            DRAW + self.contempt
        }
    }

    fn last_root_moves(&self) -> Vec<RootMove<P::Move>> {
        self.root_moves.clone()
    }

    /// Iterative deepening with aspiration windows.
    fn iterate(
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
                (self.heuristics.score(root, mv, noisy, hash_move, 0), mv)
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

        let mut previous_score = 0;
        for depth in 1..=max_depth as i32 {
            self.seldepth = 0;
            let mut delta = ASPIRATION_WINDOW;
            let (mut alpha, mut beta) = if depth >= 5 && !is_mate_score(previous_score) {
                (previous_score - delta, previous_score + delta)
            } else {
                (-INFINITY, INFINITY)
            };
            let mut iteration_best: Option<Line<P::Move>> = None;
            let score = loop {
                let score = self.search_root(root, depth, alpha, beta, &mut iteration_best);
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
                delta += delta / 2 + 10;
                if delta > 1000 {
                    alpha = -INFINITY;
                    beta = INFINITY;
                }
            };
            if self.stopped {
                // A move that proved better than the previous best in the interrupted
                // iteration is trusted; otherwise the last completed iteration stands.
                if let Some((mv, score, pv)) = iteration_best {
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
            result.pv = self.pv[0].clone();
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

    fn search_root(
        &mut self,
        root: &P,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        iteration_best: &mut Option<Line<P::Move>>,
    ) -> i32 {
        let original_alpha = alpha;
        let in_check = root.is_check();
        let mut best_score = -INFINITY;
        let mut best_index = None;
        self.pv[0].clear();
        for index in 0..self.root_moves.len() {
            let mv = self.root_moves[index].mv;
            let mut child = root.clone();
            child.play_unchecked(mv);
            self.keys.push(child.repetition_key());
            let new_depth = depth - 1;
            let score = if self.exact_root_scores {
                -self.negamax(&child, new_depth, -INFINITY, INFINITY, 1, true)
            } else if index == 0 {
                -self.negamax(&child, new_depth, -beta, -alpha, 1, true)
            } else {
                let quiet = !root.is_noisy(mv) && !in_check && !child.is_check();
                let reduction = if depth >= 3 && index >= 4 && quiet {
                    (self.reductions[depth as usize][index.min(63)] as i32 - 1).max(0)
                } else {
                    0
                };
                let mut score =
                    -self.negamax(&child, new_depth - reduction, -alpha - 1, -alpha, 1, true);
                if score > alpha && reduction > 0 {
                    score = -self.negamax(&child, new_depth, -alpha - 1, -alpha, 1, true);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(&child, new_depth, -beta, -alpha, 1, true);
                }
                score
            };
            self.keys.pop();
            if self.stopped {
                break;
            }
            let exact = self.exact_root_scores || index == 0 || score > alpha;
            self.root_moves[index].score = if exact { score } else { -INFINITY };
            self.root_moves[index].exact = exact && score > original_alpha && score < beta;
            if self.exact_root_scores {
                self.root_moves[index].exact = true;
            }
            if score > best_score {
                best_score = score;
            }
            if score > alpha {
                alpha = score;
                best_index = Some(index);
                self.update_pv(0, mv);
                *iteration_best = Some((mv, score, self.pv[0].clone()));
                if score >= beta {
                    break;
                }
            }
        }
        if let Some(index) = best_index {
            // The best move leads the next iteration; the others keep their relative order
            // by score (stable, so equal scores keep the earlier order).
            let best = self.root_moves.remove(index);
            self.root_moves.insert(0, best);
            let rest = &mut self.root_moves[1..];
            rest.sort_by_key(|m| -m.score);
        }
        if !self.stopped {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let best_move = best_index.map(|_| self.root_moves[0].mv);
            self.tt
                .store(root.hash(), 0, depth, best_score, bound, best_move);
        }
        best_score
    }

    fn update_pv(&mut self, ply: usize, mv: P::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Whether the position at `ply` is drawn by the 50-move rule or by repetition: one
    /// earlier occurrence inside the tree (where the variant allows that shortcut), or two
    /// earlier occurrences in all.
    fn is_draw(&self, pos: &P, ply: usize) -> bool {
        let halfmoves = pos.halfmove_clock() as usize;
        if halfmoves >= 100 {
            // Checkmate on the hundredth ply still wins.
            return !(pos.is_check() && pos.count_legal_moves() == 0);
        }
        let current = self.root_index + ply;
        let key = self.keys[current];
        let earliest = current.saturating_sub(halfmoves);
        let mut earlier = 0;
        let mut index = current;
        while index >= earliest + 2 {
            index -= 2;
            if self.keys[index] == key {
                if index > self.root_index && P::TWOFOLD_IS_DRAW {
                    return true;
                }
                earlier += 1;
                if earlier >= 2 {
                    return true;
                }
            }
        }
        false
    }

    fn negamax(
        &mut self,
        pos: &P,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        self.pv[ply].clear();
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
        let in_check = pos.is_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, 0);
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
        let pv_node = beta - alpha > 1;
        let key = pos.hash();
        let hit = self.tt.probe(key, ply);
        if let Some(hit) = hit {
            if !pv_node && hit.depth >= depth {
                if let Some(score) = hit.cutoff(alpha, beta) {
                    return score;
                }
            }
        }
        let hash_move = hit.and_then(|h| h.best_move);
        let static_eval = if in_check { -INFINITY } else { pos.evaluate() };

        if !pv_node && !in_check && !is_mate_score(beta) {
            // Reverse futility: far above beta near the leaves, a quiet move will not fall.
            if depth <= 6 && static_eval - 90 * depth >= beta {
                return static_eval;
            }
            if allow_null && depth >= 3 && static_eval >= beta && pos.has_non_pawn_material() {
                if let Some(null) = pos.null_move() {
                    let reduction = 3 + depth / 4 + ((static_eval - beta) / 200).min(2);
                    self.keys.push(null.repetition_key());
                    let score = -self.negamax(
                        &null,
                        depth - 1 - reduction,
                        -beta,
                        -beta + 1,
                        ply + 1,
                        false,
                    );
                    self.keys.pop();
                    if self.stopped {
                        return 0;
                    }
                    if score >= beta {
                        return if score >= MATE_BOUND { beta } else { score };
                    }
                }
            }
        }

        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        let mut scores = std::mem::take(&mut self.score_buffers[ply]);
        moves.clear();
        scores.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.move_buffers[ply] = moves;
            self.score_buffers[ply] = scores;
            return if in_check {
                mated_in(ply)
            } else {
                self.draw_score(ply)
            };
        }
        let mut noisy_flags = std::mem::take(&mut self.noisy_buffer);
        noisy_flags.clear();
        pos.classify_noisy(&moves, &mut noisy_flags);
        for (&mv, &noisy) in moves.iter().zip(noisy_flags.iter()) {
            // The low bit carries the noisiness through the sort.
            scores.push(self.heuristics.score(pos, mv, noisy, hash_move, ply) * 2 + noisy as i32);
        }
        self.noisy_buffer = noisy_flags;
        let mut tried_quiets = std::mem::take(&mut self.quiet_buffers[ply]);
        tried_quiets.clear();

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut searched = 0usize;
        for index in 0..moves.len() {
            pick_next(&mut moves, &mut scores, index);
            let mv = moves[index];
            let noisy = scores[index] & 1 != 0;
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let gives_check = child.is_check();
            let quiet = !noisy && !gives_check;

            if !pv_node && !in_check && quiet && best_score > -MATE_BOUND && searched > 0 {
                // Late-move pruning and futility pruning of quiet moves near the leaves.
                if depth <= 3 && searched >= 4 + (depth * depth * 2) as usize {
                    continue;
                }
                if depth <= 2 && static_eval + 110 * depth <= alpha {
                    continue;
                }
            }

            self.keys.push(child.repetition_key());
            let new_depth = depth - 1;
            let mut score;
            if searched == 0 {
                score = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true);
            } else {
                let reduction = if depth >= 3
                    && searched >= if pv_node { 3 } else { 2 }
                    && quiet
                    && !in_check
                {
                    let mut r = self.reductions[depth.min(MAX_PLY as i32) as usize]
                        [searched.min(63)] as i32;
                    if pv_node {
                        r -= 1;
                    }
                    if self.heuristics.is_killer(ply, mv) {
                        r -= 1;
                    }
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                score = -self.negamax(
                    &child,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                );
                if score > alpha && reduction > 0 {
                    score = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true);
                }
            }
            self.keys.pop();
            searched += 1;
            if self.stopped {
                self.move_buffers[ply] = moves;
                self.score_buffers[ply] = scores;
                self.quiet_buffers[ply] = tried_quiets;
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        if !noisy {
                            self.heuristics
                                .record_cutoff(pos, mv, &tried_quiets, depth, ply);
                        }
                        break;
                    }
                }
            }
            if !noisy {
                tried_quiets.push(mv);
            }
        }
        self.move_buffers[ply] = moves;
        self.score_buffers[ply] = scores;
        self.quiet_buffers[ply] = tried_quiets;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, depth, best_score, bound, best_move);
        best_score
    }

    /// Quiescence: stand pat or resolve captures, promotions and the variant's other noisy
    /// actions until the position is quiet; in check, every evasion.
    fn quiesce(&mut self, pos: &P, mut alpha: i32, beta: i32, ply: usize, qply: usize) -> i32 {
        self.pv[ply].clear();
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
        let in_check = pos.is_check();
        let key = pos.hash();
        let hit = self.tt.probe(key, ply);
        if let Some(score) = hit.as_ref().and_then(|hit| hit.cutoff(alpha, beta)) {
            return score;
        }
        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        let mut scores = std::mem::take(&mut self.score_buffers[ply]);
        moves.clear();
        scores.clear();
        let stand_pat;
        let mut best_score;
        if in_check {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                self.move_buffers[ply] = moves;
                self.score_buffers[ply] = scores;
                return mated_in(ply);
            }
            stand_pat = -INFINITY;
            best_score = -INFINITY;
        } else {
            stand_pat = pos.evaluate();
            if stand_pat >= beta {
                self.move_buffers[ply] = moves;
                self.score_buffers[ply] = scores;
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
            pos.noisy_moves(&mut moves);
        }
        let hash_move = hit.and_then(|h| h.best_move);
        for &mv in moves.iter() {
            scores.push(self.heuristics.score(pos, mv, true, hash_move, ply));
        }
        let mut best_move = None;
        for index in 0..moves.len() {
            pick_next(&mut moves, &mut scores, index);
            let mv = moves[index];
            if !in_check {
                // Delta pruning: even winning this material cannot reach alpha.
                let gain = pos.victim_value(mv) + pos.promotion_gain(mv);
                if stand_pat + gain + 200 <= alpha && gain > 0 {
                    continue;
                }
                // Captures that lose the exchange are not worth resolving.
                if pos.promotion_gain(mv) == 0 && !pos.see_ge(mv, 0) {
                    continue;
                }
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.stopped {
                self.move_buffers[ply] = moves;
                self.score_buffers[ply] = scores;
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
        self.move_buffers[ply] = moves;
        self.score_buffers[ply] = scores;
        let bound = if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        if best_move.is_some() || best_score > -INFINITY {
            self.tt.store(key, ply, 0, best_score, bound, best_move);
        }
        best_score
    }
}
