//! For the move generator's tests: positions from random games on boards of several sizes
//! and every setting, so that a property is checked at the edge, on a small board, with
//! pieces pushed off and with each boundary rule.

use super::{Leave, Recentering, RelativeMove, RelativeOptions, RelativePosition};
use crate::position::GamePosition;
use crate::rng::Rng;

/// Calls `visit` with every position of 12 random games of up to 120 plies on each board
/// (`sizes`, one per setting below), with its legal moves; the games repeat for a `seed`.
pub(crate) fn for_each_position(
    seed: u64,
    sizes: [u8; 5],
    mut visit: impl FnMut(&RelativePosition, &[RelativeMove]),
) {
    let mut rng = Rng::seeded(seed);
    let settings = [
        (Recentering::Aristotelian, Leave::Yes),
        (Recentering::Aristotelian, Leave::Yes),
        (Recentering::Leibnizian, Leave::Sides),
        (Recentering::Leibnizian, Leave::No),
        (Recentering::Leibnizian, Leave::Yes),
    ];
    for (size, (recentering, leave)) in sizes.into_iter().zip(settings) {
        let options = RelativeOptions {
            size,
            recentering,
            leave,
        };
        for _ in 0..12 {
            let mut pos = RelativePosition::start(options);
            for _ in 0..120 {
                let all = pos.legal_move_list();
                if all.is_empty() {
                    break;
                }
                visit(&pos, &all);
                pos.play_unchecked(all[rng.below(all.len())]);
            }
        }
    }
}
