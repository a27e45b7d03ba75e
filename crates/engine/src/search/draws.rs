//! Draws inside the search: a position drawn by the 50-move rule or by repetition, and the
//! score a draw gets with the level's contempt.

use super::Search;
use crate::position::SearchPosition;
use crate::score::DRAW;

impl<P: SearchPosition> Search<'_, P> {
    /// The score of a draw `ply` plies from the root, for the side to move there.
    #[inline]
    pub(super) fn draw_score(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            DRAW - self.contempt
        } else {
            DRAW + self.contempt
        }
    }

    /// Whether the position at `ply` is drawn by the 50-move rule or by repetition: one
    /// earlier occurrence inside the tree (where the variant allows that shortcut), or two
    /// earlier occurrences in all.
    pub(super) fn is_draw(&self, pos: &P, ply: usize) -> bool {
        let halfmoves = pos.halfmove_clock() as usize;
        if halfmoves >= 100 {
            // Checkmate on the hundredth ply still wins.
            return !(pos.is_check() && pos.count_legal_moves() == 0);
        }
        let current = self.root_index + ply;
        let key = self.keys[current];
        let earliest = current.saturating_sub(halfmoves);
        let mut earlier = 0;
        let mut index = current;
        while index >= earliest + 2 {
            index -= 2;
            if self.keys[index] == key {
                if index > self.root_index && P::TWOFOLD_IS_DRAW {
                    return true;
                }
                earlier += 1;
                if earlier >= 2 {
                    return true;
                }
            }
        }
        false
    }
}
