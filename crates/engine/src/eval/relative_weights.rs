//! The weights of relative chess's own evaluation terms, written by the tuner:
//! `cargo run --release -p boardshift-engine --example tune -- --games 200 --nodes 3000 --seed 1 --write`
//! (22714 quiet positions, K = 0.900, mean squared error 0.116007 before, 0.113810 after).

use super::relative::RelativeWeights;

pub const TUNED: RelativeWeights = RelativeWeights {
    off_inner_board: 33,
    off_inner_board_percent: 30,
    king_off_inner_board: 318,
    edge_risk_percent: [0, 7, 4],
    king_edge_risk: [300, 0, 0],
    forward_room: 0,
    removed_escape: 6,
};
