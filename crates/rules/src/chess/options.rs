//! The options of standard chess: only `draws`, which the game record applies.

use crate::options::{OptionSpec, DRAWS};

/// Every option of a standard chess game.
pub const OPTIONS: [OptionSpec; 1] = [DRAWS];
