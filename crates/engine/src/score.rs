//! Score conventions shared by the search, the transposition table and the levels.
//!
//! Scores are centipawns from the side to move's point of view. A mate is scored
//! `MATE - plies` for the side that mates and `-(MATE - plies)` for the side that is mated, so
//! a shorter mate is always preferred and a longer defence is always preferred by the loser.

/// The score of being mated at the root itself (never reached: the root is searched first).
pub const MATE: i32 = 31_000;
/// Anything at least this far from zero is a mate score.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than every real score; the initial search window.
pub const INFINITY: i32 = 32_000;
pub const DRAW: i32 = 0;

/// The score for the side to move when it has been mated `ply` plies from the root.
#[inline]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

#[inline]
pub const fn is_mate_score(score: i32) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// Moves (not plies) until mate, positive when the side to move mates; `None` for other scores.
pub fn mate_in_moves(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score) / 2)
    } else {
        None
    }
}

/// A mate score is stored in the transposition table relative to the node that stores it, so
/// that the same entry read at another distance from the root still counts plies correctly.
#[inline]
pub fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
pub fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_adjustment_round_trips_and_counts_from_the_storing_node() {
        let mate_found_at_ply_7 = MATE - 7;
        let stored = to_table(mate_found_at_ply_7, 3);
        assert_eq!(from_table(stored, 3), mate_found_at_ply_7);
        assert_eq!(from_table(stored, 1), MATE - 5);
        assert_eq!(from_table(to_table(-MATE + 4, 2), 2), -MATE + 4);
        assert_eq!(from_table(to_table(123, 9), 1), 123);
    }

    #[test]
    fn mate_distance_in_moves() {
        assert_eq!(mate_in_moves(MATE - 1), Some(1));
        assert_eq!(mate_in_moves(MATE - 3), Some(2));
        assert_eq!(mate_in_moves(-MATE + 2), Some(-1));
        assert_eq!(mate_in_moves(50), None);
    }
}
