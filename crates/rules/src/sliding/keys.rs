//! Hash keys for the state sliding chess adds to the chess core: where the gap is and which
//! pawns may still double-step. Kept apart from the core's hash so that the two never cancel.

use super::tile::Tile;
use crate::bitboard::Bitboard;
use crate::types::Square;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// 16 gap tiles, then 64 double-step squares.
const KEYS: [u64; 80] = {
    let mut keys = [0u64; 80];
    let mut state = 0x5469_6c65_4761_7073u64;
    let mut i = 0;
    while i < keys.len() {
        let (next, value) = splitmix(state);
        state = next;
        keys[i] = value;
        i += 1;
    }
    keys
};

#[inline]
pub(super) fn gap(tile: Tile) -> u64 {
    KEYS[tile.index()]
}

#[inline]
pub(super) fn double_step(sq: Square) -> u64 {
    KEYS[16 + sq.index()]
}

/// The key of a whole double-step set.
pub(super) fn double_steps(squares: Bitboard) -> u64 {
    squares.fold(0, |hash, sq| hash ^ double_step(sq))
}
