//! The tile arithmetic of a slide: which squares a slide carries and by how many squares. The
//! chess core does the carrying itself (`ChessPosition::carry_squares`).

use super::tile::Tile;
use crate::bitboard::Bitboard;

/// The squares of `from` and the square offset that carries them into `gap`.
#[inline]
pub(super) fn carried(from: Tile, gap: Tile) -> (Bitboard, i32) {
    let offset = gap.lower_left().index() as i32 - from.lower_left().index() as i32;
    (from.squares(), offset)
}
