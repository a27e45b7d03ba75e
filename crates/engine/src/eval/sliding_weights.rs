//! The weights of sliding chess's tile terms: the hand-set values, until the tuner
//! (`examples/tune --variant sliding --write`) rewrites this file.

use super::sliding::SlidingWeights;

pub const TUNED: SlidingWeights = SlidingWeights {
    king_by_gap: [15, 5],
    pawn_one_slide_from_queening: [60, 90],
    king_square_removed_percent: 67,
};
