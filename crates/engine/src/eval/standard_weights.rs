//! The weights of the 8×8 evaluation in standard chess (Chess960-style starts have `chess960_weights.rs`), written by the tuner:
//! `cargo run --release -p boardshift-engine --example tune -- --variant standard --games 4000 --nodes 2000 --seed 1 --openings 750 --write`
//! (452158 quiet positions, K = 0.930, mean squared error 0.099290 before, 0.096992 after).

use super::chess::ChessWeights;

pub const TUNED: ChessWeights = ChessWeights {
    material_mg: [80, 381, 380, 601, 1169],
    material_eg: [84, 317, 344, 599, 1102],
    bishop_pair: [50, 7],
    mobility_mg: [7, 6, 7, 1],
    mobility_eg: [0, 7, 3, 5],
    king_attack_units: [5, 0, 3, 7],
    king_attack_cap: 472,
    pawn_shield: [20, 0],
    open_file_near_king: 12,
    doubled_pawn: [5, 0],
    isolated_pawn: [18, 14],
    passed_pawn_mg: [0, 8, 36, 26, 160, 147],
    passed_pawn_eg: [36, 33, 73, 75, 85, 90],
    rook_open_file: [32, 0],
    rook_half_open_file: [7, 19],
    tempo: 5,
    pawn_rank_mg: [10, 5, 1, 6, 2, 127],
    pawn_rank_eg: [0, 7, 0, 22, 10, 10],
    pawn_centre_mg: [16, 6],
    pawn_unmoved_centre_mg: 44,
    knight_centre: [66, 29],
    knight_centre_distance: [8, 10],
    knight_back_rank_mg: 0,
    bishop_centre: [43, 32],
    bishop_centre_distance: [0, 5],
    bishop_back_rank_mg: 8,
    rook_seventh_rank: [57, 0],
    rook_centre_file_mg: 17,
    queen_centre: [9, 59],
    queen_centre_distance: [0, 19],
    king_first_rank_mg: [46, 55, 6, 0],
    king_second_rank_mg: [26, 38, -5, -25],
    king_advanced_mg: [0, 0],
    king_centre_distance_eg: 6,
};
