//! Hash keys for the state sliding chess adds to the chess core: where the gap is (keyed by
//! the tile's lower-left square) and which pawns may still double-step. The core's hash leaves
//! both out, so these keys from the shared table never cancel against it.

use super::tile::Tile;
use crate::bitboard::Bitboard;
use crate::types::Square;
use crate::zobrist;

#[inline]
pub(super) fn gap(tile: Tile) -> u64 {
    zobrist::blocked(tile.lower_left())
}

#[inline]
pub(super) fn double_step(sq: Square) -> u64 {
    zobrist::double_step(sq)
}

/// The key of a whole double-step set.
pub(super) fn double_steps(squares: Bitboard) -> u64 {
    squares.fold(0, |hash, sq| hash ^ double_step(sq))
}
