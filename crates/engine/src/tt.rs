//! The transposition table: a fixed-size table of search results keyed by position hash.
//!
//! Buckets of two entries: the first keeps the most valuable result (deepest, or from the
//! current search), the second always takes the newest, so a deep result is not lost to a
//! flood of shallow ones and recent results are always available. The full 64-bit key is
//! stored, so a hit is a true hit unless two positions share a 64-bit hash. Mate scores are
//! stored relative to the storing node (see [`crate::score::to_table`]). Each entry also keeps
//! the node's static evaluation, so that a position visited again is not evaluated again.

use crate::score::{from_table, to_table};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score (a PV node).
    Exact,
    /// The score is at least this (a fail-high).
    Lower,
    /// The score is at most this (a fail-low).
    Upper,
}

impl Bound {
    /// The bound a node's `best` score gives, for a node entered with the window
    /// (`alpha_at_entry`, `beta`).
    pub fn classify(best: i32, alpha_at_entry: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha_at_entry {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Entry<M> {
    key: u64,
    best_move: Option<M>,
    score: i16,
    /// The position's static evaluation before correction, or [`NO_STORED_EVAL`].
    eval: i16,
    depth: i8,
    bound: Bound,
    generation: u8,
}

/// An entry's `eval` when the node did not evaluate its position (it was in check).
const NO_STORED_EVAL: i16 = i16::MIN;

/// What a probe found, with the score already adjusted to the probing node's ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit<M> {
    pub best_move: Option<M>,
    pub score: i32,
    /// The static evaluation (before correction) stored with the result, if the node made
    /// one: a later visit need not evaluate the position again.
    pub eval: Option<i32>,
    pub depth: i32,
    pub bound: Bound,
}

impl<M> Hit<M> {
    /// The stored score when its bound alone settles a search of the window (alpha, beta).
    pub fn cutoff(&self, alpha: i32, beta: i32) -> Option<i32> {
        let usable = match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        };
        usable.then_some(self.score)
    }
}

pub struct TranspositionTable<M> {
    buckets: Vec<[Option<Entry<M>>; 2]>,
    generation: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table using about `megabytes` of memory (at least one bucket).
    pub fn new(megabytes: usize) -> TranspositionTable<M> {
        let bucket_size = std::mem::size_of::<[Option<Entry<M>>; 2]>().max(1);
        let wanted = (megabytes.max(1) * 1024 * 1024 / bucket_size).max(1);
        // A power of two, so the index is a mask.
        let count = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        TranspositionTable {
            buckets: vec![[None, None]; count],
            generation: 0,
        }
    }

    pub fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|b| *b = [None, None]);
        self.generation = 0;
    }

    /// Marks the start of a new search, so older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // The high bits, so the index is independent of the low bits other tables may use.
        ((key >> 32) as usize ^ key as usize) & (self.buckets.len() - 1)
    }

    /// Starts loading `key`'s bucket, for a probe a little later (a bucket is seldom in
    /// cache).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::prefetch::prefetch(&self.buckets[self.index(key)]);
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit<M>> {
        let bucket = &self.buckets[self.index(key)];
        bucket.iter().flatten().find(|e| e.key == key).map(|e| Hit {
            best_move: e.best_move,
            score: from_table(e.score as i32, ply),
            eval: (e.eval != NO_STORED_EVAL).then_some(e.eval as i32),
            depth: e.depth as i32,
            bound: e.bound,
        })
    }

    /// Stores a node's result; `eval` is its static evaluation before correction, when it
    /// made one.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: i32,
        score: i32,
        bound: Bound,
        best_move: Option<M>,
        eval: Option<i32>,
    ) {
        let generation = self.generation;
        let index = self.index(key);
        let bucket = &mut self.buckets[index];
        let mut entry = Entry {
            key,
            best_move,
            score: to_table(score, ply).clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            eval: eval.map_or(NO_STORED_EVAL, |e| {
                e.clamp(NO_STORED_EVAL as i32 + 1, i16::MAX as i32) as i16
            }),
            depth: depth.clamp(-1, i8::MAX as i32) as i8,
            bound,
            generation,
        };
        // Same position: keep the old best move and evaluation when the new result has none.
        for slot in bucket.iter_mut() {
            if let Some(old) = slot {
                if old.key == key {
                    if entry.best_move.is_none() {
                        entry.best_move = old.best_move;
                    }
                    if entry.eval == NO_STORED_EVAL {
                        entry.eval = old.eval;
                    }
                    if bound == Bound::Exact
                        || depth + 2 >= old.depth as i32
                        || old.generation != generation
                    {
                        *slot = Some(entry);
                    }
                    return;
                }
            }
        }
        let replace_first = match &bucket[0] {
            None => true,
            Some(old) => old.generation != generation || depth >= old.depth as i32,
        };
        if replace_first {
            // The displaced entry still has value as the always-replace slot.
            bucket[1] = bucket[0].take();
            bucket[0] = Some(entry);
        } else {
            bucket[1] = Some(entry);
        }
    }

    /// Per-mille of the first 1000 buckets holding an entry from the current search (UCI
    /// `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(1000);
        let used = self.buckets[..sample]
            .iter()
            .filter(|b| b.iter().flatten().any(|e| e.generation == self.generation))
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;

    #[test]
    fn store_then_probe_returns_the_entry_and_misses_other_keys() {
        let mut tt: TranspositionTable<u16> = TranspositionTable::new(1);
        tt.store(0xdead_beef_1234, 0, 5, 42, Bound::Exact, Some(7), Some(-31));
        let hit = tt.probe(0xdead_beef_1234, 0).unwrap();
        assert_eq!(hit.best_move, Some(7));
        assert_eq!(hit.score, 42);
        assert_eq!(hit.depth, 5);
        assert_eq!(hit.bound, Bound::Exact);
        assert_eq!(hit.eval, Some(-31));
        assert!(tt.probe(0xdead_beef_1235, 0).is_none());
    }

    #[test]
    fn mate_scores_are_relative_to_the_probing_ply() {
        let mut tt: TranspositionTable<u16> = TranspositionTable::new(1);
        tt.store(99, 4, 3, MATE - 6, Bound::Lower, None, None);
        assert_eq!(tt.probe(99, 4).unwrap().eval, None);
        assert_eq!(tt.probe(99, 4).unwrap().score, MATE - 6);
        assert_eq!(tt.probe(99, 2).unwrap().score, MATE - 4);
    }

    #[test]
    fn a_deep_entry_survives_shallow_collisions() {
        let mut tt: TranspositionTable<u16> = TranspositionTable::new(1);
        let buckets = tt.buckets.len() as u64;
        let deep = 5u64;
        tt.store(deep, 0, 12, 1, Bound::Exact, Some(1), None);
        for i in 1..20u64 {
            // Same bucket: the index mixes the high half in, which is zero for these keys.
            tt.store(deep + i * buckets, 0, 1, 2, Bound::Upper, None, None);
        }
        assert_eq!(tt.probe(deep, 0).unwrap().depth, 12);
    }
}
