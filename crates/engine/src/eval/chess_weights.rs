//! The weights of the 8×8 chess evaluation: the hand-set values, until the tuner
//! (`examples/tune.rs --variant standard --write`) rewrites this file.

use super::chess::{ChessWeights, HAND_SET};

pub const TUNED: ChessWeights = HAND_SET;
