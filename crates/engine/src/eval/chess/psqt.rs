//! The piece-square tables of the 8×8 evaluation: built by rules from the weights'
//! coefficients, plus the weights' per-square corrections.

use super::{ChessWeights, HAND_SET};

const CENTRE_DISTANCE: [i32; 8] = [3, 2, 1, 0, 0, 1, 2, 3];
/// A king in the centre in the endgame (not a weight: both sides have a king, so only
/// the difference per step from the centre matters).
const KING_CENTRE_EG: i32 = 25;

const fn value(w: &ChessWeights, role: usize, sq: usize, endgame: bool) -> i32 {
    let file = sq % 8;
    let rank = sq / 8;
    let centre = CENTRE_DISTANCE[file] + CENTRE_DISTANCE[rank];
    let back_rank = rank == 0;
    let inner_rank = rank >= 1 && rank <= 6;
    match (role, endgame) {
        (0, false) => {
            let advance = if inner_rank {
                w.pawn_rank_mg[rank - 1]
            } else {
                0
            };
            let centre_file = match file {
                3 | 4 if rank == 3 || rank == 4 => w.pawn_centre_mg[0],
                2 | 5 if rank == 3 || rank == 4 => w.pawn_centre_mg[1],
                3 | 4 if rank == 1 => -w.pawn_unmoved_centre_mg,
                _ => 0,
            };
            advance + centre_file
        }
        (0, true) => {
            if inner_rank {
                w.pawn_rank_eg[rank - 1]
            } else {
                0
            }
        }
        (1, false) => {
            w.knight_centre[0]
                - w.knight_centre_distance[0] * centre
                - if back_rank { w.knight_back_rank_mg } else { 0 }
        }
        (1, true) => w.knight_centre[1] - w.knight_centre_distance[1] * centre,
        (2, false) => {
            w.bishop_centre[0]
                - w.bishop_centre_distance[0] * centre
                - if back_rank { w.bishop_back_rank_mg } else { 0 }
        }
        (2, true) => w.bishop_centre[1] - w.bishop_centre_distance[1] * centre,
        (3, false) => {
            (if rank == 6 { w.rook_seventh_rank[0] } else { 0 })
                + if file == 3 || file == 4 {
                    w.rook_centre_file_mg
                } else {
                    0
                }
        }
        (3, true) => {
            if rank == 6 {
                w.rook_seventh_rank[1]
            } else {
                0
            }
        }
        (4, false) => w.queen_centre[0] - w.queen_centre_distance[0] * centre,
        (4, true) => w.queen_centre[1] - w.queen_centre_distance[1] * centre,
        (5, false) => {
            // Files a/h, b/g, c/f, d/e share a value.
            let from_edge = if file < 4 { file } else { 7 - file };
            match rank {
                0 => w.king_first_rank_mg[from_edge],
                1 => w.king_second_rank_mg[from_edge],
                _ => -w.king_advanced_mg[0] - w.king_advanced_mg[1] * (rank as i32 - 2),
            }
        }
        _ => KING_CENTRE_EG - w.king_centre_distance_eg * centre,
    }
}

/// The table of every role and square for `weights`, with each role's `material`
/// (indexed by role) and the per-square corrections (`square_mg`, `square_eg`) added.
pub const fn table(weights: &ChessWeights, material: [i32; 6], endgame: bool) -> [[i32; 64]; 6] {
    let mut out = [[0; 64]; 6];
    let mut role = 0;
    while role < 6 {
        let mut sq = 0;
        while sq < 64 {
            let correction = if endgame {
                weights.square_eg[role * 64 + sq]
            } else {
                weights.square_mg[role * 64 + sq]
            };
            out[role][sq] = material[role] + value(weights, role, sq, endgame) + correction;
            sq += 1;
        }
        role += 1;
    }
    out
}

/// The hand-set middlegame table, without material (relative chess builds on it).
pub const MG: [[i32; 64]; 6] = table(&HAND_SET, [0; 6], false);
/// The hand-set endgame table, without material (relative chess builds on it).
pub const EG: [[i32; 64]; 6] = table(&HAND_SET, [0; 6], true);
