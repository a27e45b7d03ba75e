//! Move ordering: the hash move first, then captures and promotions most-valuable-victim /
//! least-valuable-attacker nudged by their capture history (how often the same piece taking
//! the same kind of piece on the same square has cut off before), then other noisy actions, then the two killer moves of the ply,
//! then quiet moves by their history score: the move's own history plus its continuation
//! history after the moves one and two plies before it (how well this move has answered, or
//! followed up, that move before) plus its pawn history (how it has fared with the same pawns
//! on the board). The quiet moves' history is looked up only when the picking reaches them.

use crate::position::{SearchPosition, HISTORY_SLOTS, PIECE_TO_SLOTS};
use crate::search_params::MAX_PLY;
use rules::Color;

const HASH_MOVE: i32 = 4_000_000;
const GOOD_NOISY: i32 = 2_000_000;
const OTHER_NOISY: i32 = 1_500_000;
const FIRST_KILLER: i32 = 1_000_002;
const SECOND_KILLER: i32 = 1_000_001;
/// Captures that lose material by exchange come after every quiet move.
const BAD_CAPTURE: i32 = -1_000_000;
/// History scores stay within ±this (the "gravity" update below keeps them bounded).
const HISTORY_MAX: i32 = 16_384;
/// A capture's history counts this fraction in its order: at most about two and a half
/// pawns of victim, so it reorders captures of like victims and seldom overturns the victim.
const CAPTURE_HISTORY_DIVISOR: i32 = 4;
/// Victims are told apart by their value in steps of this (pawn, minor, rook, queen, ...).
const VICTIM_CLASS_WIDTH: i32 = 128;
const VICTIM_CLASSES: usize = 8;
/// Rows of the pawn history; the pawn key's top bits choose one.
const PAWN_HISTORY_ROWS: usize = 512;
const PAWN_HISTORY_ROW_BITS: u32 = PAWN_HISTORY_ROWS.trailing_zeros();
/// The order of a quiet move whose history is not looked up yet: below every killer and
/// above every bad capture, so every move before it is picked in the same order as if it
/// had been scored. Its history is looked up only when the picking reaches the quiet moves:
/// a hash move, a capture or a killer often cuts off before that.
pub const DEFERRED_QUIET: i32 = -500_000;

/// Whether a move ordered `order` comes before every quiet move, killers included.
pub fn outranks_quiets(order: i32) -> bool {
    order > FIRST_KILLER
}

/// The piece-and-target slots of the moves one and two plies before a node (`None` at the
/// root's first plies and after a null move).
pub type Continuation = [Option<usize>; 2];

/// Killer moves and history scores, kept across the iterations of one search.
pub struct Heuristics<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
    /// `[distance][previous slot × PIECE_TO_SLOTS + slot]`, distance 0 for the move just
    /// before, 1 for the one before that. Kept as `i16` to hold the tables to 4 MB.
    continuation: [Vec<i16>; 2],
    /// `[colour][piece-and-target slot][victim class]`: how captures have fared.
    captures: Vec<i16>,
    /// `[pawn key's row][piece-and-target slot]`: how quiet moves have fared with the same
    /// pawns on the board (a pawn structure calls for its own plans: a break, an outpost).
    pawns: Vec<i16>,
}

impl<M: Copy + Eq> Heuristics<M> {
    pub fn new() -> Heuristics<M> {
        Heuristics {
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; 2 * HISTORY_SLOTS],
            continuation: std::array::from_fn(|_| vec![0; PIECE_TO_SLOTS * PIECE_TO_SLOTS]),
            captures: vec![0; 2 * PIECE_TO_SLOTS * VICTIM_CLASSES],
            pawns: vec![0; PAWN_HISTORY_ROWS * PIECE_TO_SLOTS],
        }
    }

    /// Forgets the killers and ages the history, at the start of a search.
    pub fn new_search(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.history.iter_mut().for_each(|h| *h /= 4);
        for table in &mut self.continuation {
            table.iter_mut().for_each(|h| *h /= 4);
        }
        self.captures.iter_mut().for_each(|h| *h /= 4);
        self.pawns.iter_mut().for_each(|h| *h /= 4);
    }

    pub fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.history.iter_mut().for_each(|h| *h = 0);
        for table in &mut self.continuation {
            table.fill(0);
        }
        self.captures.fill(0);
        self.pawns.fill(0);
    }

    pub fn is_killer(&self, ply: usize, mv: M) -> bool {
        self.killers[ply].contains(&Some(mv))
    }

    fn history_index(color: Color, slot: usize) -> usize {
        color.index() * HISTORY_SLOTS + slot % HISTORY_SLOTS
    }

    /// The capture history's index of `mv`, which takes a piece worth `victim`.
    fn capture_index<P: SearchPosition<Move = M>>(pos: &P, mv: M, victim: i32) -> usize {
        let class = (victim / VICTIM_CLASS_WIDTH).clamp(0, VICTIM_CLASSES as i32 - 1);
        (pos.turn().index() * PIECE_TO_SLOTS + pos.piece_to_slot(mv) % PIECE_TO_SLOTS)
            * VICTIM_CLASSES
            + class as usize
    }

    /// Where the pawn history's row for `pos` starts, if the variant keys its pawns.
    fn pawn_row<P: SearchPosition<Move = M>>(pos: &P) -> Option<usize> {
        pos.pawn_key()
            .map(|key| (key >> (64 - PAWN_HISTORY_ROW_BITS)) as usize * PIECE_TO_SLOTS)
    }

    fn continuation_index(previous: usize, slot: usize) -> usize {
        (previous % PIECE_TO_SLOTS) * PIECE_TO_SLOTS + slot % PIECE_TO_SLOTS
    }

    /// The history of a quiet move: its own plus its continuation after the moves before
    /// plus its pawn history.
    pub fn quiet_score<P: SearchPosition<Move = M>>(
        &self,
        pos: &P,
        mv: M,
        context: Continuation,
    ) -> i32 {
        let mut score = self.history[Self::history_index(pos.turn(), pos.history_slot(mv))];
        let pawn_row = Self::pawn_row(pos);
        if pawn_row.is_none() && context.iter().all(Option::is_none) {
            return score;
        }
        let slot = pos.piece_to_slot(mv);
        for (table, previous) in self.continuation.iter().zip(context) {
            if let Some(previous) = previous {
                score += table[Self::continuation_index(previous, slot)] as i32;
            }
        }
        if let Some(row) = pawn_row {
            score += self.pawns[row + slot % PIECE_TO_SLOTS] as i32;
        }
        score
    }

    /// For each of `moves` whose score is `deferred`: its [`Heuristics::quiet_score`] times
    /// `scale`, written over that score. The context's rows of the continuation tables are
    /// found once for all the moves, and each move's entries are read in one short pass, so
    /// the reads (scattered over tables too large for the cache) overlap.
    pub fn score_deferred<P: SearchPosition<Move = M>>(
        &self,
        pos: &P,
        moves: &[M],
        scores: &mut [i32],
        (deferred, scale): (i32, i32),
        context: Continuation,
    ) {
        let history = &self.history[Self::history_index(pos.turn(), 0)..][..HISTORY_SLOTS];
        let [near, far] = [0, 1].map(|distance| {
            context[distance].map(|previous| {
                let row = Self::continuation_index(previous, 0);
                &self.continuation[distance][row..row + PIECE_TO_SLOTS]
            })
        });
        let pawns = Self::pawn_row(pos).map(|row| &self.pawns[row..row + PIECE_TO_SLOTS]);
        for (&mv, score) in moves.iter().zip(scores.iter_mut()) {
            if *score != deferred {
                continue;
            }
            let mut quiet = history[pos.history_slot(mv) % HISTORY_SLOTS];
            let slot = pos.piece_to_slot(mv) % PIECE_TO_SLOTS;
            if let Some(row) = near {
                quiet += row[slot] as i32;
            }
            if let Some(row) = far {
                quiet += row[slot] as i32;
            }
            if let Some(row) = pawns {
                quiet += row[slot] as i32;
            }
            *score = quiet * scale;
        }
    }

    /// The score that orders `mv` among the moves of `pos`. `noisy` is `pos.is_noisy(mv)`.
    pub fn score<P: SearchPosition<Move = M>>(
        &self,
        pos: &P,
        mv: M,
        noisy: bool,
        hash_move: Option<M>,
        ply: usize,
        context: Continuation,
    ) -> i32 {
        match self.score_deferring_quiets(pos, mv, noisy, hash_move, ply) {
            DEFERRED_QUIET => self.quiet_score(pos, mv, context),
            order => order,
        }
    }

    /// [`Heuristics::score`], but [`DEFERRED_QUIET`] for a quiet move that is neither the
    /// hash move nor a killer (its [`Heuristics::quiet_score`] is asked for later).
    ///
    /// Inlined where lists are scored: most moves are quiet, and for them this is a few
    /// comparisons.
    #[inline]
    pub fn score_deferring_quiets<P: SearchPosition<Move = M>>(
        &self,
        pos: &P,
        mv: M,
        noisy: bool,
        hash_move: Option<M>,
        ply: usize,
    ) -> i32 {
        if Some(mv) == hash_move {
            return HASH_MOVE;
        }
        if noisy {
            return self.noisy_order(pos, mv);
        }
        if self.killers[ply][0] == Some(mv) {
            return FIRST_KILLER;
        }
        if self.killers[ply][1] == Some(mv) {
            return SECOND_KILLER;
        }
        DEFERRED_QUIET
    }

    /// The order of a noisy move other than the hash move.
    #[inline(never)]
    fn noisy_order<P: SearchPosition<Move = M>>(&self, pos: &P, mv: M) -> i32 {
        let captured = pos.victim_value(mv);
        let victim = captured + pos.promotion_gain(mv);
        if victim <= 0 {
            return OTHER_NOISY;
        }
        let mut order = victim * 16 - pos.attacker_value(mv) / 8;
        if captured > 0 {
            order += self.captures[Self::capture_index(pos, mv, captured)] as i32
                / CAPTURE_HISTORY_DIVISOR;
        }
        if captured > 0 && !pos.see_ge(mv, 0) {
            return BAD_CAPTURE + order;
        }
        GOOD_NOISY + order
    }

    /// `mv` caused a cut-off. A quiet move becomes a killer and its history is rewarded,
    /// and the quiet moves tried before it are penalised; a capture's capture history is
    /// rewarded. Either way the captures tried before it are penalised.
    #[allow(clippy::too_many_arguments)]
    pub fn record_cutoff<P: SearchPosition<Move = M>>(
        &mut self,
        pos: &P,
        mv: M,
        noisy: bool,
        (tried_quiets, tried_captures): (&[M], &[M]),
        depth: i32,
        ply: usize,
        context: Continuation,
    ) {
        let bonus = (depth * depth).min(400) * 16;
        if noisy {
            self.reward_capture(pos, mv, bonus);
        } else {
            if self.killers[ply][0] != Some(mv) {
                self.killers[ply][1] = self.killers[ply][0];
                self.killers[ply][0] = Some(mv);
            }
            // Every move rewarded here is one of this node's, so they share its pawn row.
            let pawn_row = Self::pawn_row(pos);
            self.reward(pos, mv, bonus, context, pawn_row);
            for &other in tried_quiets {
                if other != mv {
                    self.reward(pos, other, -bonus, context, pawn_row);
                }
            }
        }
        for &other in tried_captures {
            if other != mv {
                self.reward_capture(pos, other, -bonus);
            }
        }
    }

    /// Moves a capture's capture history towards ±HISTORY_MAX by `bonus`; other noisy
    /// actions have none.
    fn reward_capture<P: SearchPosition<Move = M>>(&mut self, pos: &P, mv: M, bonus: i32) {
        let victim = pos.victim_value(mv);
        if victim > 0 {
            let entry = &mut self.captures[Self::capture_index(pos, mv, victim)];
            *entry = with_gravity(*entry as i32, bonus) as i16;
        }
    }

    /// Moves `mv`'s history, continuation histories and pawn history (in the row `pawn_row`
    /// of [`Heuristics::pawn_row`]) towards ±HISTORY_MAX by `bonus`.
    fn reward<P: SearchPosition<Move = M>>(
        &mut self,
        pos: &P,
        mv: M,
        bonus: i32,
        context: Continuation,
        pawn_row: Option<usize>,
    ) {
        let index = Self::history_index(pos.turn(), pos.history_slot(mv));
        self.history[index] = with_gravity(self.history[index], bonus);
        if pawn_row.is_none() && context.iter().all(Option::is_none) {
            return;
        }
        let slot = pos.piece_to_slot(mv);
        if let Some(row) = pawn_row {
            let entry = &mut self.pawns[row + slot % PIECE_TO_SLOTS];
            *entry = with_gravity(*entry as i32, bonus) as i16;
        }
        for (table, previous) in self.continuation.iter_mut().zip(context) {
            if let Some(previous) = previous {
                let entry = &mut table[Self::continuation_index(previous, slot)];
                *entry = with_gravity(*entry as i32, bonus) as i16;
            }
        }
    }
}

impl<M: Copy + Eq> Default for Heuristics<M> {
    fn default() -> Self {
        Heuristics::new()
    }
}

/// `entry` moved by `bonus`, less in proportion to how near it already is to the bound, so
/// that it stays within ±HISTORY_MAX and recent results weigh more.
fn with_gravity(entry: i32, bonus: i32) -> i32 {
    (entry + bonus - entry * bonus.abs() / HISTORY_MAX).clamp(-HISTORY_MAX, HISTORY_MAX)
}

/// Moves the highest-scored remaining move to `index` (selection sort, one step at a time,
/// since a cut-off usually comes early and the rest need not be sorted). Of equal scores the
/// first wins.
pub fn pick_next<M: Copy>(moves: &mut [M], scores: &mut [i32], index: usize) {
    let remaining = &scores[index..];
    let Some((&first, rest)) = remaining.split_first() else {
        return;
    };
    // Two passes that need no branch per score: the highest score (a reduction the
    // compiler vectorises), then the first place that holds it. A single pass keeping the
    // running best branches on every score, unpredictably, and this scan is hot where
    // moves are many.
    let best_score = rest.iter().fold(first, |best, &score| best.max(score));
    let best = remaining
        .iter()
        .position(|&score| score == best_score)
        .unwrap_or(0);
    moves.swap(index, index + best);
    scores.swap(index, index + best);
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::ChessPosition;

    #[test]
    fn a_cut_off_counts_most_where_the_same_pawns_stand() {
        let start =
            ChessPosition::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                .unwrap();
        let open =
            ChessPosition::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
                .unwrap();
        let knight = start.parse_uci("g1f3").unwrap();
        let mut heuristics = Heuristics::new();
        let before = heuristics.quiet_score(&open, knight, [None, None]);
        heuristics.record_cutoff(&start, knight, false, (&[], &[]), 6, 1, [None, None]);
        let same_pawns = heuristics.quiet_score(&start, knight, [None, None]);
        let other_pawns = heuristics.quiet_score(&open, knight, [None, None]);
        // The move's own history follows it everywhere; its pawn history only where the
        // pawns stand as they did at the cut-off.
        assert!(other_pawns > before, "{other_pawns} after, {before} before");
        assert!(
            same_pawns > other_pawns,
            "{same_pawns} against {other_pawns}"
        );
    }

    #[test]
    fn pick_next_brings_the_first_of_the_highest_scores_forward() {
        let mut moves = ['a', 'b', 'c', 'd', 'e'];
        let mut scores = [3, 9, 1, 9, 5];
        pick_next(&mut moves, &mut scores, 0);
        assert_eq!((moves[0], scores[0]), ('b', 9));
        pick_next(&mut moves, &mut scores, 1);
        assert_eq!((moves[1], scores[1]), ('d', 9));
        pick_next(&mut moves, &mut scores, 2);
        assert_eq!((moves[2], scores[2]), ('e', 5));
        pick_next(&mut moves, &mut scores, 4);
        assert_eq!(moves.len(), 5);
    }
}
