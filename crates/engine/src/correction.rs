//! Correction history: how far the search's results have lately differed from the static
//! evaluation in positions that share a feature, added to later static evaluations of such
//! positions so that pruning decisions rest on a better guess. The evaluation misjudges
//! some structures consistently (a blocked centre, a weak king's cover, a piece shut in);
//! the search finds that out, and these tables remember it for the rest of the game. Three
//! features are keyed: the pawn structure, and where each side's other pieces stand.

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

/// The features a position is corrected by: its pawn structure, where White's pieces other
/// than pawns stand, where Black's do (each a hash, top bits well mixed).
pub type CorrectionKeys = [u64; 3];

/// How much each feature's entry counts in the correction, in sixteenths (together one
/// whole, so that features that agree correct by what they agree on): the pawn structure
/// half, each side's pieces a quarter.
const FEATURE_WEIGHTS: [i32; 3] = [8, 4, 4];

pub struct CorrectionHistory {
    /// `[feature][side to move][entry]`.
    entries: Vec<i32>,
}

impl CorrectionHistory {
    pub fn new() -> CorrectionHistory {
        CorrectionHistory {
            entries: vec![0; FEATURE_WEIGHTS.len() * 2 * ENTRIES],
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    fn index(feature: usize, turn: Color, key: u64) -> usize {
        (feature * 2 + turn.index()) * ENTRIES + (key >> (64 - INDEX_BITS)) as usize
    }

    /// `eval` (for the side `turn`) corrected by what searches of positions sharing these
    /// features have shown.
    pub fn corrected(&self, turn: Color, keys: CorrectionKeys, eval: i32) -> i32 {
        let weighted: i32 = (0..keys.len())
            .map(|feature| {
                FEATURE_WEIGHTS[feature] * self.entries[Self::index(feature, turn, keys[feature])]
            })
            .sum();
        eval + weighted / (16 * GRAIN)
    }

    /// A search to `depth` scored the position `score` where the evaluation said `eval`.
    pub fn update(&mut self, turn: Color, keys: CorrectionKeys, depth: i32, eval: i32, score: i32) {
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let target = (score - eval).clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        for (feature, &key) in keys.iter().enumerate() {
            let entry = &mut self.entries[Self::index(feature, turn, key)];
            *entry = (*entry * (256 - weight) + target * weight) / 256;
        }
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
        let keys = [
            0x1234_5678_9abc_def0,
            0x0fed_cba9_8765_4321,
            0x8000_0000_0000_0001,
        ];
        assert_eq!(history.corrected(Color::White, keys, 30), 30);
        for _ in 0..200 {
            history.update(Color::White, keys, 12, 30, 500);
        }
        let corrected = history.corrected(Color::White, keys, 30);
        assert!(corrected > 30 + MAX_CORRECTION - 4 && corrected <= 30 + MAX_CORRECTION);
        assert_eq!(
            history.corrected(Color::Black, keys, 30),
            30,
            "the other side is apart"
        );
        let same_pawns_other_pieces = [keys[0], keys[2], keys[1]];
        let partly = history.corrected(Color::White, same_pawns_other_pieces, 30);
        assert!(
            partly > 30 && partly < corrected,
            "a position sharing only its pawns is corrected by the pawns' share"
        );
        history.clear();
        assert_eq!(history.corrected(Color::White, keys, 30), 30);
    }
}
