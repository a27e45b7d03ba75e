//! The weights of the 8×8 evaluation in Chess960-style starts (Chess960 and regroupment), written by the tuner:
//! `cargo run --release -p boardshift-engine --example tune -- --variant chess960-starts --games 4000 --nodes 2000 --seed 1 --keep material_mg,material_eg --write`
//! (438096 quiet positions, K = 0.960, mean squared error 0.101385 before, 0.099632 after).

use super::chess::ChessWeights;

pub const TUNED: ChessWeights = ChessWeights {
    material_mg: [85, 330, 345, 470, 1000],
    material_eg: [110, 300, 320, 530, 980],
    bishop_pair: [76, 19],
    mobility_mg: [8, 8, 7, 2],
    mobility_eg: [4, 3, 5, 4],
    king_attack_units: [3, 4, 4, 6],
    king_attack_cap: 1014,
    pawn_shield: [11, 4],
    open_file_near_king: 10,
    doubled_pawn: [12, 34],
    isolated_pawn: [9, 3],
    passed_pawn_mg: [38, 0, 0, 61, 102, 134],
    passed_pawn_eg: [0, 0, 21, 36, 47, 89],
    rook_open_file: [60, 1],
    rook_half_open_file: [20, 23],
    tempo: 5,
    pawn_rank_mg: [0, 1, 2, 0, 21, 114],
    pawn_rank_eg: [-12, 0, 0, 2, 15, 9],
    pawn_centre_mg: [7, 2],
    pawn_unmoved_centre_mg: 15,
    knight_centre: [32, 0],
    knight_centre_distance: [7, 13],
    knight_back_rank_mg: 0,
    bishop_centre: [0, 3],
    bishop_centre_distance: [6, 5],
    bishop_back_rank_mg: 6,
    rook_seventh_rank: [42, 10],
    rook_centre_file_mg: 0,
    queen_centre: [36, 60],
    queen_centre_distance: [6, 6],
    king_first_rank_mg: [3, 28, 17, 0],
    king_second_rank_mg: [0, 0, 0, -1],
    king_advanced_mg: [0, 0],
    king_centre_distance_eg: 6,
};
