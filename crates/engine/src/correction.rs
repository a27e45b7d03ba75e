//! Correction history: how far the search's results have lately differed from the static
//! evaluation in positions with the same pawn structure, added to later static evaluations
//! of such positions so that pruning decisions rest on a better guess. The evaluation
//! misjudges some structures consistently (a blocked centre, a weak king's cover); the
//! search finds that out, and this table remembers it for the rest of the game.

use rules::Color;

/// Entries per side; the key's top bits choose one.
const ENTRIES: usize = 16_384;
const INDEX_BITS: u32 = ENTRIES.trailing_zeros();
/// Entries hold centipawns times this, so that small corrections accumulate.
const GRAIN: i32 = 256;
/// No correction exceeds this many centipawns.
const MAX_CORRECTION: i32 = 64;
/// A result at depth d moves its entry by (d + 1)/256 of the way, at most 16/256.
const MAX_WEIGHT: i32 = 16;

pub struct CorrectionHistory {
    entries: Vec<i32>,
}

impl CorrectionHistory {
    pub fn new() -> CorrectionHistory {
        CorrectionHistory {
            entries: vec![0; 2 * ENTRIES],
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    fn index(turn: Color, key: u64) -> usize {
        turn.index() * ENTRIES + (key >> (64 - INDEX_BITS)) as usize
    }

    /// `eval` (for the side `turn`) corrected by what searches of positions with this key
    /// have shown.
    pub fn corrected(&self, turn: Color, key: u64, eval: i32) -> i32 {
        eval + self.entries[Self::index(turn, key)] / GRAIN
    }

    /// A search to `depth` scored the position `score` where the evaluation said `eval`.
    pub fn update(&mut self, turn: Color, key: u64, depth: i32, eval: i32, score: i32) {
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let target = (score - eval).clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let entry = &mut self.entries[Self::index(turn, key)];
        *entry = (*entry * (256 - weight) + target * weight) / 256;
    }
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_results_pull_the_evaluation_towards_them_within_the_bound() {
        let mut history = CorrectionHistory::new();
        let key = 0x1234_5678_9abc_def0;
        assert_eq!(history.corrected(Color::White, key, 30), 30);
        for _ in 0..200 {
            history.update(Color::White, key, 12, 30, 500);
        }
        let corrected = history.corrected(Color::White, key, 30);
        assert!(corrected > 30 + MAX_CORRECTION - 4 && corrected <= 30 + MAX_CORRECTION);
        assert_eq!(
            history.corrected(Color::Black, key, 30),
            30,
            "the other side is apart"
        );
        history.clear();
        assert_eq!(history.corrected(Color::White, key, 30), 30);
    }
}
