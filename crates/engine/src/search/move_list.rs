//! A node's move list in the main search: its legal moves generated into the ply's frame
//! with their ordering scores, then picked best first. Quiet moves other than the hash move
//! and the killers get their history scores only when the picking reaches them.

use super::Search;
use crate::ordering::{pick_next, DEFERRED_QUIET};
use crate::position::{keep_only, SearchPosition};

impl<P: SearchPosition> Search<'_, P> {
    /// Generates the legal moves of the node at `ply` into its frame, less `searched_already`,
    /// with their ordering scores; returns how many.
    pub(super) fn generate_ordered(
        &mut self,
        pos: &P,
        ply: usize,
        hash_move: Option<P::Move>,
        searched_already: Option<P::Move>,
    ) -> usize {
        let frame = &mut self.frames[ply];
        frame.moves.clear();
        frame.scores.clear();
        pos.legal_moves(&mut frame.moves);
        if let Some(searched) = searched_already {
            keep_only(&mut frame.moves, 0, |mv| mv != searched);
        }
        self.noisy_flags.clear();
        pos.classify_noisy(&frame.moves, &mut self.noisy_flags);
        let frame = &mut self.frames[ply];
        for (&mv, &noisy) in frame.moves.iter().zip(self.noisy_flags.iter()) {
            // The low bit carries the noisiness through the sort.
            let order = self
                .heuristics
                .score_deferring_quiets(pos, mv, noisy, hash_move, ply);
            frame.scores.push(order * 2 + noisy as i32);
        }
        frame.moves.len()
    }

    /// Gives the quiet moves from `index` on, at `ply`, their history scores: the picking
    /// has reached them.
    fn score_deferred_quiets(&mut self, pos: &P, ply: usize, index: usize) {
        let context = self.continuation(ply);
        let frame = &mut self.frames[ply];
        self.heuristics.score_deferred(
            pos,
            &frame.moves[index..],
            &mut frame.scores[index..],
            (DEFERRED_QUIET * 2, 2),
            context,
        );
    }

    /// How many of the moves at `from..to` of the node at `ply` pruning of quiet moves would
    /// let through: the noisy ones and those that may check.
    pub(super) fn unpruned_moves(&self, pos: &P, ply: usize, from: usize, to: usize) -> usize {
        let frame = &self.frames[ply];
        frame.moves[from..to]
            .iter()
            .zip(&frame.scores[from..to])
            .filter(|&(&mv, &score)| score & 1 != 0 || pos.gives_check_unplayed(mv) != Some(false))
            .count()
    }

    /// Brings the best remaining move of the node at `ply` to `index` and returns it with
    /// whether it is noisy; the quiet moves get their history scores once the picking
    /// reaches them.
    pub(super) fn pick_move(&mut self, pos: &P, ply: usize, index: usize) -> (P::Move, bool) {
        let frame = &mut self.frames[ply];
        pick_next(&mut frame.moves, &mut frame.scores, index);
        if frame.scores[index] == DEFERRED_QUIET * 2 {
            self.score_deferred_quiets(pos, ply, index);
            let frame = &mut self.frames[ply];
            pick_next(&mut frame.moves, &mut frame.scores, index);
        }
        let frame = &self.frames[ply];
        (frame.moves[index], frame.scores[index] & 1 != 0)
    }
}
