//! A node's move list in the main search: its legal moves generated into the ply's frame
//! with their ordering scores, then picked best first. Quiet moves other than the hash move
//! and the killers get their history scores only when the picking reaches them. Where the
//! variant stages its noisy moves ([`SearchPosition::STAGED_NOISY`]) those come first, and
//! the full list only when the picking needs it.

use super::Search;
use crate::ordering::{outranks_quiets, pick_next, DEFERRED_QUIET};
use crate::position::{keep_only, SearchPosition};

/// How much of a node's move list its frame holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Stage {
    /// Nothing yet: the table's move is searched before anything is generated.
    Nothing,
    /// The noisy moves alone, those picked so far at the front.
    Noisy,
    /// Every legal move.
    All,
}

impl<P: SearchPosition> Search<'_, P> {
    /// Generates the first moves the node at `ply` picks from, less `searched_already`: the
    /// noisy ones where the variant stages them and has some, otherwise every legal move.
    /// Returns the stage and how many.
    pub(super) fn generate_first(
        &mut self,
        pos: &P,
        ply: usize,
        hash_move: Option<P::Move>,
        searched_already: Option<P::Move>,
    ) -> (Stage, usize) {
        if P::STAGED_NOISY {
            self.fill_moves(ply, searched_already, |moves| pos.noisy_moves(moves));
            let frame = &mut self.frames[ply];
            if !frame.moves.is_empty() {
                for &mv in &frame.moves {
                    let order = self
                        .heuristics
                        .score_deferring_quiets(pos, mv, true, hash_move, ply);
                    frame.scores.push(order * 2 + 1);
                }
                return (Stage::Noisy, frame.moves.len());
            }
        }
        // Staged, no noisy move is left, so none needs classifying.
        let count = self.generate_ordered(pos, ply, hash_move, searched_already, P::STAGED_NOISY);
        (Stage::All, count)
    }

    /// Brings the next noisy move of the node at `ply` to `index` while its place in the
    /// order does not depend on the rest: it outranks every quiet move and has no equal
    /// among the noisy ones (of equal scores the full list's picking takes the one standing
    /// first there). Otherwise (`false`) every legal move is generated, less the table's
    /// move, and the picks so far are replayed on that list, so that it stands exactly as if
    /// it had been picked from the start. Generates the first stage if nothing is yet.
    pub(super) fn pick_staged(
        &mut self,
        pos: &P,
        ply: usize,
        index: usize,
        hash_move: Option<P::Move>,
        (stage, move_count): (&mut Stage, &mut usize),
    ) -> bool {
        if *stage == Stage::Nothing {
            (*stage, *move_count) = self.generate_first(pos, ply, hash_move, hash_move);
        }
        if *stage != Stage::Noisy {
            return false;
        }
        let frame = &mut self.frames[ply];
        if index < frame.moves.len() {
            pick_next(&mut frame.moves, &mut frame.scores, index);
            let best = frame.scores[index];
            if outranks_quiets(best >> 1) && !frame.scores[index + 1..].contains(&best) {
                return true;
            }
        }
        self.leave_noisy_stage(pos, ply, index, hash_move, move_count);
        *stage = Stage::All;
        false
    }

    /// Generates every legal move of the node at `ply`, less the table's move, and replays
    /// on that list the first `index` noisy moves, picked in the noisy stage. The noisy
    /// moves are known by the stage's list, not classified again, and keep the scores they
    /// had: the capture history may have learned since, but the full list would have been
    /// scored when the noisy moves were.
    fn leave_noisy_stage(
        &mut self,
        pos: &P,
        ply: usize,
        index: usize,
        hash_move: Option<P::Move>,
        move_count: &mut usize,
    ) {
        let frame = &mut self.frames[ply];
        frame.staged.clear();
        frame.staged.extend_from_slice(&frame.moves);
        frame.staged_scores.clear();
        frame
            .staged_scores
            .extend_from_slice(&frame.scores[index..]);
        self.fill_moves(ply, hash_move, |moves| pos.legal_moves(moves));
        let frame = &mut self.frames[ply];
        for &mv in &frame.moves {
            // A noisy move's score is set below, from the stage.
            let score = match frame.staged.contains(&mv) {
                true => 1,
                false => {
                    let order = self
                        .heuristics
                        .score_deferring_quiets(pos, mv, false, hash_move, ply);
                    order * 2
                }
            };
            frame.scores.push(score);
        }
        *move_count = frame.moves.len();
        let (picks, rest) = frame.staged.split_at(index);
        // Every noisy move is among the legal moves (the variant's tests check it); were one
        // not, the replay would put the list out of step, but it would not stop the search.
        for (at, &mv) in picks.iter().enumerate() {
            // Each pick was the only best move left, so the full list's picking took it.
            if let Some(offset) = frame.moves[at..].iter().position(|&other| other == mv) {
                frame.moves.swap(at, at + offset);
                frame.scores.swap(at, at + offset);
            }
        }
        for (&mv, &score) in rest.iter().zip(&frame.staged_scores) {
            if let Some(offset) = frame.moves[index..].iter().position(|&other| other == mv) {
                frame.scores[index + offset] = score;
            }
        }
    }

    /// Empties the frame of the node at `ply` and lists in it the moves `generate` gives, less
    /// `searched_already`.
    fn fill_moves(
        &mut self,
        ply: usize,
        searched_already: Option<P::Move>,
        generate: impl FnOnce(&mut Vec<P::Move>),
    ) {
        let frame = &mut self.frames[ply];
        frame.moves.clear();
        frame.scores.clear();
        generate(&mut frame.moves);
        if let Some(searched) = searched_already {
            keep_only(&mut frame.moves, 0, |mv| mv != searched);
        }
    }

    /// Generates the legal moves of the node at `ply` into its frame, less `searched_already`,
    /// with their ordering scores (every move quiet when `all_quiet` says the caller knows
    /// so); returns how many.
    pub(super) fn generate_ordered(
        &mut self,
        pos: &P,
        ply: usize,
        hash_move: Option<P::Move>,
        searched_already: Option<P::Move>,
        all_quiet: bool,
    ) -> usize {
        self.fill_moves(ply, searched_already, |moves| pos.legal_moves(moves));
        let frame = &self.frames[ply];
        self.noisy_flags.clear();
        if all_quiet {
            self.noisy_flags.resize(frame.moves.len(), false);
        } else {
            pos.classify_noisy(&frame.moves, &mut self.noisy_flags);
        }
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
