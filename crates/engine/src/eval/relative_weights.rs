//! The weights of relative chess's own evaluation terms, as the hand-set starting values;
//! the tuner (`crates/engine/examples/tune.rs`) rewrites this file.

use super::relative::RelativeWeights;

pub const TUNED: RelativeWeights = RelativeWeights {
    off_inner_board: 10,
    off_inner_board_percent: 15,
    king_off_inner_board: 150,
    edge_risk_percent: [20, 8, 3],
    king_edge_risk: [300, 120, 40],
    forward_room: 6,
    removed_escape: 6,
};
