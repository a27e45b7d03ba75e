//! The search's tuning numbers, named in one place: depth and ply bounds, aspiration windows,
//! pruning margins and the late-move reduction formula. A leaf module: the search and the
//! move ordering both read it, and it depends on nothing in the crate.

/// The deepest ply the search ever reaches (extensions included).
pub const MAX_PLY: usize = 128;
/// Iterative deepening stops this many plies short of [`MAX_PLY`], leaving room for
/// extensions and quiescence.
pub const DEPTH_HEADROOM: u32 = 8;
/// How far quiescence may go below the horizon; bounds check–evasion–check chains.
pub const MAX_QUIESCENCE_PLY: usize = 12;

/// The first iteration searched with an aspiration window around the previous score.
pub const ASPIRATION_MIN_DEPTH: i32 = 5;
/// The aspiration window's initial half-width, in centipawns.
pub const ASPIRATION_WINDOW: i32 = 25;
/// After each failed window the half-width grows by half plus this.
pub const ASPIRATION_GROWTH: i32 = 10;
/// A half-width beyond which the window opens fully.
pub const ASPIRATION_MAX_WINDOW: i32 = 1000;

/// Reverse futility pruning cuts a node off when its static evaluation exceeds beta by this
/// much per ply of depth (up to [`LeafPruning::reverse_futility_max_depth`]).
pub const REVERSE_FUTILITY_MARGIN: i32 = 90;

/// Null-move pruning applies from this depth.
pub const NULL_MOVE_MIN_DEPTH: i32 = 3;
/// The null move's reduction: this base…
pub const NULL_MOVE_BASE_REDUCTION: i32 = 3;
/// …plus one ply per this much depth…
pub const NULL_MOVE_DEPTH_DIVISOR: i32 = 3;
/// …plus one ply per this many centipawns the evaluation exceeds beta…
pub const NULL_MOVE_EVAL_DIVISOR: i32 = 200;
/// …of which at most this many.
pub const NULL_MOVE_MAX_EVAL_REDUCTION: i32 = 2;

/// ProbCut applies from this depth…
pub const PROBCUT_MIN_DEPTH: i32 = 5;
/// …to noisy moves whose search this many plies shallower…
pub const PROBCUT_REDUCTION: i32 = 4;
/// …beats beta by this many centipawns.
pub const PROBCUT_MARGIN: i32 = 200;

/// A node with no move from the transposition table is searched one ply shallower from this
/// depth (internal iterative reduction).
pub const IIR_MIN_DEPTH: i32 = 4;

/// Futility pruning drops a node's quiet moves when the static evaluation plus this much
/// per ply of depth cannot reach alpha.
pub const FUTILITY_MARGIN: i32 = 110;

/// How far from the leaves a variant prunes: the depths up to which reverse futility,
/// late-move pruning and futility pruning apply, and how many moves late-move pruning lets
/// through (`late_move_base` + `late_move_depth_factor` × depth², times
/// the fraction `not_improving` where the position is not improving); and two refinements
/// that gained in the 8×8 games but not in relative chess.
#[derive(Clone, Copy, Debug)]
pub struct LeafPruning {
    pub reverse_futility_max_depth: i32,
    pub late_move_max_depth: i32,
    pub late_move_base: usize,
    pub late_move_depth_factor: i32,
    /// Numerator and denominator.
    pub not_improving: (usize, usize),
    pub futility_max_depth: i32,
    /// Reverse futility returns the mean of the evaluation and beta rather than the
    /// evaluation, which overstates what the node holds.
    pub reverse_futility_blend: bool,
    /// Late moves are reduced a ply more after [`LMR_REFUTED_CHILDREN`] cut-offs below.
    pub reduce_after_refutations: bool,
}

/// Standard chess's pruning: +15.6 Elo against [`NARROW_LEAF_PRUNING`] in 200 games at
/// 100 ms a move.
pub const WIDE_LEAF_PRUNING: LeafPruning = LeafPruning {
    reverse_futility_max_depth: 8,
    late_move_max_depth: 8,
    late_move_base: 5,
    late_move_depth_factor: 1,
    not_improving: (1, 2),
    futility_max_depth: 5,
    reverse_futility_blend: true,
    reduce_after_refutations: true,
};

/// The other games' pruning, closer to the leaves: the wide pruning lost in relative chess
/// (−36.6 Elo at 6,000 nodes a move) and in regroupment (about −40 at 10,000 nodes a move),
/// and sliding chess, nine games in ten drawn, cannot show a difference in one match.
pub const NARROW_LEAF_PRUNING: LeafPruning = LeafPruning {
    reverse_futility_max_depth: 6,
    late_move_max_depth: 3,
    late_move_base: 4,
    late_move_depth_factor: 2,
    not_improving: (2, 3),
    futility_max_depth: 2,
    reverse_futility_blend: false,
    reduce_after_refutations: false,
};

/// Chess960-style starts (regroupment's among them): the narrow pruning with the two
/// refinements, which together scored +59.6 Elo at 10,000 nodes a move in regroupment.
pub const CHESS960_LEAF_PRUNING: LeafPruning = LeafPruning {
    reverse_futility_blend: true,
    reduce_after_refutations: true,
    ..NARROW_LEAF_PRUNING
};

/// Moves that lose material in the exchange on their square are pruned up to this depth,
/// at non-PV nodes not in check…
pub const SEE_PRUNING_MAX_DEPTH: i32 = 8;
/// …a capture or promotion losing more than this many centipawns times depth squared…
pub const SEE_NOISY_MARGIN: i32 = 20;
/// …and a quiet move losing more than this many centipawns per ply of depth.
pub const SEE_QUIET_MARGIN: i32 = 64;

/// Quiescence skips a capture when even this much beyond the captured material cannot
/// reach alpha.
pub const DELTA_MARGIN: i32 = 200;

/// Late-move reductions apply from this depth…
pub const LMR_MIN_DEPTH: i32 = 3;
/// …to quiet moves after this many searched moves at the root…
pub const LMR_MIN_MOVES_ROOT: usize = 4;
/// …at other principal-variation nodes…
pub const LMR_MIN_MOVES_PV: usize = 3;
/// …and elsewhere.
pub const LMR_MIN_MOVES: usize = 2;
/// A quiet move's reduction shrinks by one ply per this much history score (its own history
/// plus its two continuation histories, each within ±16,384), and grows as much when the
/// score is negative.
pub const LMR_HISTORY_DIVISOR: i32 = 8192;
/// A reduced late move that beats alpha is searched again a ply deeper than unreduced when
/// it beats the node's best so far by this plus two centipawns a ply…
pub const RESEARCH_DEEPER_MARGIN: i32 = 40;
/// …and a ply shallower when it beats it by less than this.
pub const RESEARCH_SHALLOWER_MARGIN: i32 = 8;
/// Where [`LeafPruning::reduce_after_refutations`], a late move is reduced a ply more once
/// more than this many nodes a ply below have cut off since the node above began: the moves
/// tried there keep being refuted.
pub const LMR_REFUTED_CHILDREN: u32 = 2;
/// The reduction table covers this many move indices; later moves use the last column.
pub const LMR_MOVE_COLUMNS: usize = 64;

/// The late-move reduction for a move searched `index`-th (from 0) at `depth`, before the
/// node's adjustments: `0.75 + ln(depth) · ln(index) / 2.25`, truncated.
pub fn base_reduction(depth: usize, index: usize) -> u8 {
    if depth == 0 || index == 0 {
        return 0;
    }
    let value = 0.75 + (depth as f64).ln() * (index as f64).ln() / 2.25;
    value.clamp(0.0, 60.0) as u8
}

/// [`base_reduction`] for every depth up to [`MAX_PLY`] and every move column.
pub fn reduction_table() -> Vec<[u8; LMR_MOVE_COLUMNS]> {
    (0..=MAX_PLY)
        .map(|depth| std::array::from_fn(|index| base_reduction(depth, index)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_move_index_and_spare_the_first_move() {
        let table = reduction_table();
        assert_eq!(table.len(), MAX_PLY + 1);
        assert_eq!(table[10][0], 0);
        assert_eq!(table[0][10], 0);
        assert_eq!(table[3][4], 1);
        assert!(table[20][40] > table[5][40]);
        assert!(table[20][40] > table[20][5]);
    }
}
