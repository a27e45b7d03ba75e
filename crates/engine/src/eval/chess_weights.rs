//! The weights of the 8×8 evaluation in Chess960-style starts (Chess960, regroupment) and
//! under sliding chess's terms: the hand-set values, in the form the tuner writes. Standard
//! chess plays with its own tuned set, `eval/standard_weights.rs`.

use super::chess::ChessWeights;

pub const TUNED: ChessWeights = ChessWeights {
    material_mg: [85, 330, 345, 470, 1000],
    material_eg: [110, 300, 320, 530, 980],
    bishop_pair: [25, 55],
    mobility_mg: [4, 5, 2, 1],
    mobility_eg: [4, 5, 4, 2],
    king_attack_units: [2, 2, 3, 5],
    king_attack_cap: 500,
    pawn_shield: [12, 6],
    open_file_near_king: 20,
    doubled_pawn: [10, 25],
    isolated_pawn: [12, 18],
    passed_pawn_mg: [5, 10, 15, 30, 50, 80],
    passed_pawn_eg: [10, 20, 35, 60, 100, 150],
    rook_open_file: [25, 10],
    rook_half_open_file: [12, 5],
    tempo: 10,
    pawn_rank_mg: [0, 4, 10, 20, 35, 60],
    pawn_rank_eg: [-5, 0, 10, 25, 45, 70],
    pawn_centre_mg: [15, 5],
    pawn_unmoved_centre_mg: 10,
    knight_centre: [15, 12],
    knight_centre_distance: [8, 6],
    knight_back_rank_mg: 10,
    bishop_centre: [8, 8],
    bishop_centre_distance: [4, 4],
    bishop_back_rank_mg: 10,
    rook_seventh_rank: [20, 10],
    rook_centre_file_mg: 5,
    queen_centre: [4, 10],
    queen_centre_distance: [2, 5],
    king_first_rank_mg: [20, 30, 10, 0],
    king_second_rank_mg: [10, 10, -5, -15],
    king_advanced_mg: [30, 10],
    king_centre_distance_eg: 10,
};
